import { Type } from "@sinclair/typebox";
import { defineDuel, type RulesetRules } from "../ruleset.js";

/** Beyond the Torchlight: the ruleset's actions are filled in by the rules engine work (issue 3). */
export const torchlightRules: RulesetRules = {
  id: "torchlight",
  game: "Beyond the Torchlight",
  actions: {},
  options: {},
  duel: defineDuel({
    fighter: Type.Object({}),
    fight: () => ({ winner: "none", rounds: 0 }),
  }),
};
