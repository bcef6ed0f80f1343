import { Type } from "@sinclair/typebox";
import { defineDuel, type RulesetRules } from "../ruleset.js";

/** The Queen's Cavaliers: the ruleset's actions are filled in by the rules engine work (issue 3). */
export const cavaliersRules: RulesetRules = {
  id: "cavaliers",
  game: "The Queen's Cavaliers",
  actions: {},
  options: {},
  duel: defineDuel({
    fighter: Type.Object({}),
    fight: () => ({ winner: "none", rounds: 0 }),
  }),
};
