import { defineDuel, type RulesetRules } from "../ruleset.js";
import { attackAction } from "./actions/attack.js";
import { checkAction } from "./actions/check.js";
import { doorAction } from "./actions/door.js";
import { initiativeAction } from "./actions/initiative.js";
import { moveAction } from "./actions/move.js";
import { opposedAction } from "./actions/opposed.js";
import { rangeAction } from "./actions/range.js";
import { fightDuel } from "./duel.js";
import { UNHEX_OPTIONS } from "./options.js";
import { optionsOf } from "./requests.js";
import { FighterSchema } from "./schemas.js";

/** Unhex (koeninger/unhex): percentile rolls against a level, team initiative, areas and hit locations. */
export const unhexRules: RulesetRules = {
  id: "unhex",
  game: "Unhex",
  actions: {
    check: checkAction,
    opposed: opposedAction,
    initiative: initiativeAction,
    attack: attackAction,
    move: moveAction,
    door: doorAction,
    range: rangeAction,
  },
  options: UNHEX_OPTIONS,
  duel: defineDuel({
    fighter: FighterSchema,
    fight: (a, b, tray, roundLimit) => fightDuel(a, b, tray, roundLimit, optionsOf(undefined)),
  }),
};
