import type { CavaliersArmourModel, CavaliersSpecialtyModel, CavaliersWeaponModel } from "./items.ts";
import type { CavaliersCharacterModel, CavaliersNpcModel } from "./models.ts";

// This ruleset's document types, merged into the maps src/foundry/config.d.ts gives fvtt-types.
declare global {
  interface FrayActorModels {
    cavaliersCharacter: typeof CavaliersCharacterModel;
    cavaliersNpc: typeof CavaliersNpcModel;
  }
  interface FrayItemModels {
    cavaliersSpecialty: typeof CavaliersSpecialtyModel;
    cavaliersWeapon: typeof CavaliersWeaponModel;
    cavaliersArmour: typeof CavaliersArmourModel;
  }
}

export {};
