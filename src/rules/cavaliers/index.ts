import type { RulesetRules } from "../ruleset.js";
import { assistAction } from "./actions/assist.js";
import { attackAction } from "./actions/attack.js";
import { flourishAction, skillAction } from "./actions/check.js";
import { endCombatAction } from "./actions/endCombat.js";
import { focusAction, initiativeAction, joinAction, spendInitiativeAction } from "./actions/initiative.js";
import { restAction, survivalAction } from "./actions/recovery.js";
import { turnAction } from "./actions/turn.js";
import { cavaliersDuel } from "./duel.js";
import { cavaliersFight } from "./fight.js";
import { attackOdds, flourishOdds, skillOdds } from "./odds.js";
import { cavaliersOptions } from "./options.js";

/** The Queen's Cavaliers (mechanics CC BY 4.0, Caoimhe Snow): keep-two-highest pools, Drop, Success Points. */
export const cavaliersRules: RulesetRules = {
  id: "cavaliers",
  game: "The Queen's Cavaliers",
  actions: {
    attack: { ...attackAction, odds: attackOdds },
    skill: { ...skillAction, odds: skillOdds },
    flourish: { ...flourishAction, odds: flourishOdds },
    initiative: initiativeAction,
    focus: focusAction,
    "spend-initiative": spendInitiativeAction,
    join: joinAction,
    turn: turnAction,
    assist: assistAction,
    survival: survivalAction,
    rest: restAction,
    "end-combat": endCombatAction,
  },
  options: cavaliersOptions,
  duel: cavaliersDuel,
  fight: cavaliersFight,
};
