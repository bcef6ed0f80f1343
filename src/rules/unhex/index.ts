import { defineDuel, type RulesetRules } from "../ruleset.js";
import { attackAction } from "./actions/attack.js";
import { checkAction } from "./actions/check.js";
import { combatEndAction } from "./actions/combatEnd.js";
import { doorAction } from "./actions/door.js";
import { initiativeAction } from "./actions/initiative.js";
import { itemsAction } from "./actions/items.js";
import { moveAction } from "./actions/move.js";
import { opposedAction } from "./actions/opposed.js";
import { rangeAction } from "./actions/range.js";
import { fightDuel } from "./duel.js";
import { unhexFight } from "./fight.js";
import { attackOdds, checkOdds, opposedOdds } from "./odds.js";
import { UNHEX_OPTIONS } from "./options.js";
import { optionsOf } from "./requests.js";
import { FighterSchema } from "./schemas.js";

/** Unhex (koeninger/unhex): percentile rolls against a level, team initiative, areas and hit locations. */
export const unhexRules: RulesetRules = {
  id: "unhex",
  game: "Unhex",
  actions: {
    check: { ...checkAction, odds: checkOdds },
    opposed: { ...opposedAction, odds: opposedOdds },
    initiative: initiativeAction,
    attack: { ...attackAction, odds: attackOdds },
    move: moveAction,
    door: doorAction,
    range: rangeAction,
    items: itemsAction,
    "combat-end": combatEndAction,
  },
  options: UNHEX_OPTIONS,
  duel: defineDuel({
    fighter: FighterSchema,
    fight: (a, b, tray, roundLimit) => fightDuel(a, b, tray, roundLimit, optionsOf(undefined)),
  }),
  fight: unhexFight,
};
