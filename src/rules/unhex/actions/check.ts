import * as Type from "@sinclair/typebox";
import { awaitingOutcome, effectOf } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { settleRoll } from "../choices.js";
import { rollerOf } from "../requests.js";
import { rollDice, type UnhexRoll } from "../roll.js";
import { CriticalSchema, RerollChoiceSchema, RollerSchema } from "../schemas.js";

/** What a finished roll does to its roller beyond the reading: an action gained or lost (the tracker keeps them). */
export function actionEvents(roll: UnhexRoll | undefined): string[] {
  return [...(roll?.extraAction ? ["extra-action"] : []), ...(roll?.losesNextAction ? ["loses-next-action"] : [])];
}

export const checkAction = defineAction({
  summary: "One percentile roll against a character's level: a good roller's reroll, then a critical success's choice, each awaited until given.",
  request: Type.Object(
    {
      character: RollerSchema,
      /** A good roller's reroll after seeing the dice (awaited when she is good at it). */
      reroll: Type.Optional(RerollChoiceSchema),
      /** A critical success's choice (awaited on a critical success). */
      critical: Type.Optional(CriticalSchema),
      inCombat: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  resolve: (request, tray) => {
    const roller = rollerOf(request.character);
    const first = rollDice(tray, roller, "check");
    const settled = settleRoll(tray, { by: "character", state: first, reroll: request.reroll, critical: request.critical, rerollPath: "reroll", criticalPath: "critical" }, request.inCombat);
    if (settled.awaiting) {
      const { check, steps } = settled.state;
      return awaitingOutcome(tray.rolled, steps, { reading: check.reading, grade: check.grade }, settled.awaiting);
    }
    const roll = settled.roll;
    const events = actionEvents(roll);
    return {
      dice: tray.rolled,
      steps: roll.steps,
      result: { success: roll.check.success, grade: roll.check.grade, reading: roll.check.reading, tens: roll.check.tens, units: roll.check.units },
      effects: events.length > 0 ? [effectOf(roller.name, {}, {}, events)] : [],
    };
  },
});
