import { defineDuel, type RulesetRules } from "../ruleset.js";
import { attack, delay, fate, initiative, rest, turn } from "./actions.js";
import { fightBout } from "./duel.js";
import { personalFight } from "./fight.js";
import { attackOddsOf } from "./odds.js";
import { personalOptions } from "./options.js";
import { Fighter } from "./schemas.js";

/** Personal Combat (seed 003; the source game is unidentified, so house defaults fill its gaps). */
export const personalRules: RulesetRules = {
  id: "personal",
  game: "Personal Combat",
  actions: { initiative, delay, turn, attack: { ...attack, odds: attackOddsOf(attack) }, fate, rest },
  options: personalOptions,
  duel: defineDuel({
    fighter: Fighter,
    fight: (a, b, tray, roundLimit) => fightBout(a, b, tray, roundLimit),
  }),
  fight: personalFight,
};
