import type { RulesetRules } from "../ruleset.js";
import { attackAction } from "./actions/attack.js";
import { dyingAction, recoverAction } from "./actions/dying.js";
import { engagementAction } from "./actions/engagement.js";
import { checkAction, grappleHoldAction, initiativeAction, saveAction } from "./actions/rolls.js";
import { roundAction } from "./actions/round.js";
import { maneuverAction } from "./actions/maneuver.js";
import { moveAction, placeAction } from "./actions/placement.js";
import { abilityAction, retreatAction } from "./actions/stance.js";
import { torchlightDuel } from "./duel.js";
import { torchlightFight } from "./fight.js";
import { attackOdds, checkOdds, grappleHoldOdds, saveOdds } from "./odds.js";
import { torchlightOptions } from "./options.js";

/** Beyond the Torchlight: damage dice with no roll to hit, Breath and Characteristics. */
export const torchlightRules: RulesetRules = {
  id: "torchlight",
  game: "Beyond the Torchlight",
  actions: {
    initiative: initiativeAction,
    attack: { ...attackAction, odds: attackOdds },
    maneuver: maneuverAction,
    ability: abilityAction,
    round: roundAction,
    check: { ...checkAction, odds: checkOdds },
    save: { ...saveAction, odds: saveOdds },
    dying: dyingAction,
    recover: recoverAction,
    engagement: engagementAction,
    place: placeAction,
    move: moveAction,
    retreat: retreatAction,
    "grapple-hold": { ...grappleHoldAction, odds: grappleHoldOdds },
  },
  options: torchlightOptions,
  duel: torchlightDuel,
  fight: torchlightFight,
};
