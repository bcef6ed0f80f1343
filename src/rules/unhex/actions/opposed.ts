import * as Type from "@sinclair/typebox";
import { awaitingOutcome, effectOf } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { settleRoll } from "../choices.js";
import { compareUnhex } from "../opposed.js";
import { rollerOf } from "../requests.js";
import { rollDice } from "../roll.js";
import { choicesFor, CriticalSchema, RerollChoiceSchema, RollerSchema } from "../schemas.js";
import { actionEvents } from "./check.js";

export const opposedAction = defineAction({
  summary: "An opposed roll: a rolls and takes her reroll and critical choice, then b rolls (awaited: `roll`) and takes hers; highest success wins, a PC beats an NPC on a tie, both failing is a tie.",
  request: Type.Object(
    {
      a: RollerSchema,
      b: RollerSchema,
      /** b rolls her own dice once a has rolled and made her choices (true; awaited until given). */
      roll: Type.Optional(Type.Literal(true)),
      rerolls: choicesFor(["a", "b"], RerollChoiceSchema),
      criticals: choicesFor(["a", "b"], CriticalSchema),
      inCombat: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  resolve: (request, tray) => {
    const sides = [rollerOf(request.a), rollerOf(request.b)] as const;
    const settle = (by: "a" | "b", index: 0 | 1) =>
      settleRoll(tray, { by, state: rollDice(tray, sides[index], "opposed"), reroll: request.rerolls?.[by], critical: request.criticals?.[by], rerollPath: `rerolls.${by}`, criticalPath: `criticals.${by}` }, request.inCombat);
    // Rolling order: a's choices are made before b's dice exist, so a never chooses having seen them.
    const first = settle("a", 0);
    if (first.awaiting) return awaitingOutcome(tray.rolled, first.state.steps, { a: first.state.check.reading }, first.awaiting);
    const a = first.roll;
    if (request.roll !== true) return awaitingOutcome(tray.rolled, a.steps, { a: a.check.reading }, { choice: "roll", by: "b", offer: { who: sides[1].name } });
    const second = settle("b", 1);
    if (second.awaiting) return awaitingOutcome(tray.rolled, [...a.steps, ...second.state.steps], { a: a.check.reading, b: second.state.check.reading }, second.awaiting);
    const b = second.roll;
    const winner = compareUnhex({ pc: sides[0].pc, ...a.check }, { pc: sides[1].pc, ...b.check });
    // Always a's then b's, so two rollers of one name are never confused.
    const effects = [a, b].map((roll, i) => effectOf(sides[i]!.name, {}, {}, actionEvents(roll)));
    return {
      dice: tray.rolled,
      steps: [...a.steps, ...b.steps, { rule: "opposed-compare", a: a.check.success ? a.check.reading : null, b: b.check.success ? b.check.reading : null, winner }],
      result: { winner: winner === "a" ? sides[0].name : winner === "b" ? sides[1].name : null, side: winner === "none" ? null : winner, tie: winner === "none" },
      effects,
    };
  },
});
