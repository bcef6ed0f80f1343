import type { CavaliersCharacterModel, CavaliersNpcModel } from "./rulesets/cavaliers/models.ts";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: {
      cavaliersCharacter: typeof CavaliersCharacterModel;
      cavaliersNpc: typeof CavaliersNpcModel;
    };
  }
}
