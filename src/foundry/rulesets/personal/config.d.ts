import type { PersonalCharacterModel, PersonalNpcModel } from "./models.ts";
import type { PersonalActionModel, PersonalArmourModel, PersonalBandModel, PersonalFateModel, PersonalWeaponModel } from "./items.ts";

// This ruleset's document types, merged into the maps src/foundry/config.d.ts gives fvtt-types.
declare global {
  interface FrayActorModels {
    personalCharacter: typeof PersonalCharacterModel;
    personalNpc: typeof PersonalNpcModel;
  }
  interface FrayItemModels {
    personalWeapon: typeof PersonalWeaponModel;
    personalArmour: typeof PersonalArmourModel;
    personalBand: typeof PersonalBandModel;
    personalAction: typeof PersonalActionModel;
    personalFate: typeof PersonalFateModel;
  }
}

export {};
