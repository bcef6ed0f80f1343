import type { RulesetRules } from "../ruleset.js";
import { attackAction } from "./actions/attack.js";
import { dyingAction, recoverAction } from "./actions/dying.js";
import { engagementAction } from "./actions/engagement.js";
import { checkAction, grappleHoldAction, initiativeAction, saveAction } from "./actions/rolls.js";
import { roundAction } from "./actions/round.js";
import { maneuverAction } from "./actions/maneuver.js";
import { abilityAction, retreatAction } from "./actions/stance.js";
import { torchlightDuel } from "./duel.js";
import { torchlightOptions } from "./options.js";

/** Beyond the Torchlight (seed 004): damage dice with no roll to hit, Breath and Characteristics. */
export const torchlightRules: RulesetRules = {
  id: "torchlight",
  game: "Beyond the Torchlight",
  actions: {
    initiative: initiativeAction,
    attack: attackAction,
    maneuver: maneuverAction,
    ability: abilityAction,
    round: roundAction,
    check: checkAction,
    save: saveAction,
    dying: dyingAction,
    recover: recoverAction,
    engagement: engagementAction,
    retreat: retreatAction,
    "grapple-hold": grappleHoldAction,
  },
  options: torchlightOptions,
  duel: torchlightDuel,
};
