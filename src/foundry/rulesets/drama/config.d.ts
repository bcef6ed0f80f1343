import type { DramaCharacterModel, DramaNpcModel } from "./models.ts";

// This ruleset's document types, merged into the maps src/foundry/config.d.ts gives fvtt-types.
declare global {
  interface FrayActorModels {
    dramaCharacter: typeof DramaCharacterModel;
    dramaNpc: typeof DramaNpcModel;
  }
}

export {};
