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
  /** Every ruleset's actor data models by type, one `interface FrayActorModels` of each ruleset's config.d.ts merged. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
  interface FrayActorModels {}
  /** Every ruleset's item data models by type, likewise. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
  interface FrayItemModels {}

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
    // Each ruleset adds its own types to these maps (src/foundry/rulesets/<id>/config.d.ts), so this file names none.
    Actor: FrayActorModels;
    Item: FrayItemModels;
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
