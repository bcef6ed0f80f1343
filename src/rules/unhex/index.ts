import { Type } from "@sinclair/typebox";
import { defineDuel, type RulesetRules } from "../ruleset.js";

/** Unhex: the ruleset's actions are filled in by the rules engine work (issue 3). */
export const unhexRules: RulesetRules = {
  id: "unhex",
  game: "Unhex",
  actions: {},
  options: {},
  duel: defineDuel({
    fighter: Type.Object({}),
    fight: () => ({ winner: "none", rounds: 0 }),
  }),
};
