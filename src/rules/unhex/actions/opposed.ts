import { Type } from "@sinclair/typebox";
import { effectOf } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { compareUnhex } from "../opposed.js";
import { rollerOf } from "../requests.js";
import { unhexRoll } from "../roll.js";
import { RollerSchema } from "../schemas.js";

export const opposedAction = defineAction({
  summary: "An opposed roll: highest success wins, a PC beats an NPC on a tie, both failing is a tie.",
  request: Type.Object({ a: RollerSchema, b: RollerSchema, inCombat: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  resolve: (request, tray) => {
    const sides = [rollerOf(request.a), rollerOf(request.b)] as const;
    const rolls = sides.map((side) => unhexRoll(tray, side, "opposed", "extra-action", request.inCombat ?? true));
    const [a, b] = rolls as [(typeof rolls)[number], (typeof rolls)[number]];
    const winner = compareUnhex({ pc: sides[0].pc, ...a.check }, { pc: sides[1].pc, ...b.check });
    const effects = sides.flatMap((side, i) => {
      const roll = rolls[i];
      const statuses = [...(roll?.extraAction ? ["extra-action"] : []), ...(roll?.losesNextAction ? ["loses-next-action"] : [])];
      return statuses.length > 0 ? [effectOf(side.name, {}, {}, statuses)] : [];
    });
    return {
      dice: tray.rolled,
      steps: [...a.steps, ...b.steps, { rule: "opposed-compare", a: a.check.success ? a.check.reading : null, b: b.check.success ? b.check.reading : null, winner }],
      result: { winner: winner === "a" ? sides[0].name : winner === "b" ? sides[1].name : null, tie: winner === "none" },
      effects,
    };
  },
});
