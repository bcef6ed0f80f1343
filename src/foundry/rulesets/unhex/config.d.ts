import type { UnhexCharacterModel, UnhexNpcModel } from "./models.ts";

// This ruleset's document types, merged into the maps src/foundry/config.d.ts gives fvtt-types.
declare global {
  interface FrayActorModels {
    unhexCharacter: typeof UnhexCharacterModel;
    unhexNpc: typeof UnhexNpcModel;
  }
}

export {};
