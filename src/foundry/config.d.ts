import type { CavaliersArmourModel, CavaliersSpecialtyModel, CavaliersWeaponModel } from "./rulesets/cavaliers/items.ts";
import type { CavaliersCharacterModel, CavaliersNpcModel } from "./rulesets/cavaliers/models.ts";
import type { DramaCharacterModel, DramaNpcModel } from "./rulesets/drama/models.ts";
import type { PersonalCharacterModel, PersonalNpcModel } from "./rulesets/personal/models.ts";
import type { PersonalActionModel, PersonalArmourModel, PersonalBandModel, PersonalFateModel, PersonalWeaponModel } from "./rulesets/personal/items.ts";
import type { TorchlightCharacterModel, TorchlightNpcModel } from "./rulesets/torchlight/models.ts";
import type { TorchlightGearModel, TorchlightWeaponModel } from "./rulesets/torchlight/items.ts";
import type { UnhexCharacterModel, UnhexNpcModel } from "./rulesets/unhex/models.ts";
import type { FrayActor } from "./actor/document.ts";
import type { FrayActiveEffect } from "./actor/effect.ts";
import type { FrayItem } from "./item/document.ts";
import type { UnmigratedValue } from "./migrations/keep.ts";
import type { FrayCombat } from "./combat/combat.ts";
import type { FrayCombatant } from "./combat/combatant.ts";
import type { AreaBehaviorModel } from "./areas/model.ts";
import type { CardModel } from "./cards/model.ts";
import type { CardHookEvent, FrayApi } from "./api/index.ts";

declare global {
  // game.fray from "init" on (docs/api.md); with fvtt-types' AssumeHookRan a macro reads it as `game.fray`.
  interface InitGame {
    fray: FrayApi;
  }
  interface I18nInitGame {
    fray: FrayApi;
  }
  interface SetupGame {
    fray: FrayApi;
  }
  interface ReadyGame {
    fray: FrayApi;
  }
}

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof FrayActor;
    Item: typeof FrayItem;
    Combat: typeof FrayCombat;
    Combatant: typeof FrayCombatant;
    ActiveEffect: typeof FrayActiveEffect;
  }

  interface DataModelConfig {
    Actor: {
      cavaliersCharacter: typeof CavaliersCharacterModel;
      cavaliersNpc: typeof CavaliersNpcModel;
      dramaCharacter: typeof DramaCharacterModel;
      dramaNpc: typeof DramaNpcModel;
      unhexCharacter: typeof UnhexCharacterModel;
      unhexNpc: typeof UnhexNpcModel;
      personalCharacter: typeof PersonalCharacterModel;
      personalNpc: typeof PersonalNpcModel;
      torchlightCharacter: typeof TorchlightCharacterModel;
      torchlightNpc: typeof TorchlightNpcModel;
    };
    Item: {
      cavaliersSpecialty: typeof CavaliersSpecialtyModel;
      cavaliersWeapon: typeof CavaliersWeaponModel;
      cavaliersArmour: typeof CavaliersArmourModel;
      personalWeapon: typeof PersonalWeaponModel;
      personalArmour: typeof PersonalArmourModel;
      personalBand: typeof PersonalBandModel;
      personalAction: typeof PersonalActionModel;
      personalFate: typeof PersonalFateModel;
      torchlightWeapon: typeof TorchlightWeaponModel;
      torchlightGear: typeof TorchlightGearModel;
    };
    RegionBehavior: {
      area: typeof AreaBehaviorModel;
    };
    ChatMessage: {
      card: typeof CardModel;
    };
  }

  interface FlagConfig {
    Actor: {
      fray?: { dying?: boolean; out?: string; riposte?: boolean; unmigrated?: UnmigratedValue[] };
    };
    Item: {
      fray?: { unmigrated?: UnmigratedValue[] };
    };
  }

  /** Fray's card hooks (api/hooks.ts): each gets one frozen event; a "pre" hook returning false stops the step. */
  namespace Hooks {
    interface HookConfig {
      "fray.preResolveCard": (event: CardHookEvent) => boolean | void;
      "fray.resolveCard": (event: CardHookEvent) => void;
      "fray.preApplyCard": (event: CardHookEvent) => boolean | void;
      "fray.applyCard": (event: CardHookEvent) => void;
      "fray.preUndoCard": (event: CardHookEvent) => boolean | void;
      "fray.undoCard": (event: CardHookEvent) => void;
    }
  }

  interface SettingConfig {
    "fray.ruleset": "cavaliers" | "drama" | "unhex" | "personal" | "torchlight";
    "fray.schemaVersion": number;
  }
}
