import { Type } from "@sinclair/typebox";
import { defineDuel, type RulesetRules } from "../ruleset.js";

/** Personal Combat: the ruleset's actions are filled in by the rules engine work (issue 3). */
export const personalRules: RulesetRules = {
  id: "personal",
  game: "Personal Combat",
  actions: {},
  options: {},
  duel: defineDuel({
    fighter: Type.Object({}),
    fight: () => ({ winner: "none", rounds: 0 }),
  }),
};
