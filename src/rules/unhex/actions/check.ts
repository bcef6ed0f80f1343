import { Type } from "@sinclair/typebox";
import { effectOf } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { rollerOf } from "../requests.js";
import { unhexRoll } from "../roll.js";
import { CriticalSchema, RollerSchema } from "../schemas.js";

export const checkAction = defineAction({
  summary: "One percentile roll against a character's level (criticals, good rerolls, the critical choice).",
  request: Type.Object(
    {
      character: RollerSchema,
      critical: Type.Optional(CriticalSchema),
      inCombat: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  resolve: (request, tray) => {
    const roller = rollerOf(request.character);
    const roll = unhexRoll(tray, roller, "check", request.critical ?? "extra-action", request.inCombat ?? true);
    const statuses = [...(roll.extraAction ? ["extra-action"] : []), ...(roll.losesNextAction ? ["loses-next-action"] : [])];
    return {
      dice: tray.rolled,
      steps: roll.steps,
      result: { success: roll.check.success, grade: roll.check.grade, reading: roll.check.reading, tens: roll.check.tens, units: roll.check.units },
      effects: statuses.length > 0 ? [effectOf(roller.name, {}, {}, statuses)] : [],
    };
  },
});
