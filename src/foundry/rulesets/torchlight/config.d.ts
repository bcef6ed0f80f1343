import type { TorchlightCharacterModel, TorchlightNpcModel } from "./models.ts";
import type { TorchlightGearModel, TorchlightWeaponModel } from "./items.ts";

// This ruleset's document types, merged into the maps src/foundry/config.d.ts gives fvtt-types.
declare global {
  interface FrayActorModels {
    torchlightCharacter: typeof TorchlightCharacterModel;
    torchlightNpc: typeof TorchlightNpcModel;
  }
  interface FrayItemModels {
    torchlightWeapon: typeof TorchlightWeaponModel;
    torchlightGear: typeof TorchlightGearModel;
  }
}

export {};
