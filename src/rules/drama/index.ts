import { Type } from "@sinclair/typebox";
import { defineDuel, type RulesetRules } from "../ruleset.js";

/** Drama in History: the ruleset's actions are filled in by the rules engine work (issue 3). */
export const dramaRules: RulesetRules = {
  id: "drama",
  game: "Drama in History",
  actions: {},
  options: {},
  duel: defineDuel({
    fighter: Type.Object({}),
    fight: () => ({ winner: "none", rounds: 0 }),
  }),
};
