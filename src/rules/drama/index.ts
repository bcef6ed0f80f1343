import { withDefaults } from "../options.js";
import { defineDuel, type RulesetRules } from "../ruleset.js";
import { courage, melee, momentum, multiple, ranged } from "./actions.js";
import { fightDuel } from "./duel.js";
import { dramaFight } from "./fight.js";
import { courageOdds, meleeOdds, multipleOdds, rangedOdds, skirmishOdds } from "./odds.js";
import { DRAMA_OPTIONS } from "./options.js";
import { CombatantSchema } from "./schemas.js";
import { skirmish } from "./skirmish.js";

/** Drama in History: opposed d6 success pools, Grit and Flesh, Momentum and knock-back. */
export const dramaRules: RulesetRules = {
  id: "drama",
  game: "Drama in History",
  actions: { melee: { ...melee, odds: meleeOdds }, multiple: { ...multiple, odds: multipleOdds }, skirmish: { ...skirmish, odds: skirmishOdds }, ranged: { ...ranged, odds: rangedOdds }, courage: { ...courage, odds: courageOdds }, momentum },
  options: DRAMA_OPTIONS,
  duel: defineDuel({
    fighter: CombatantSchema,
    fight: (a, b, tray, roundLimit) => fightDuel(a, b, tray, roundLimit, withDefaults(DRAMA_OPTIONS, undefined)),
  }),
  fight: dramaFight,
};
