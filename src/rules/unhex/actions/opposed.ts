import * as Type from "@sinclair/typebox";
import { awaitingOutcome, effectOf } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { settleRolls } from "../choices.js";
import { compareUnhex } from "../opposed.js";
import { rollerOf } from "../requests.js";
import { rollDice } from "../roll.js";
import { choicesFor, CriticalSchema, RerollChoiceSchema, RollerSchema } from "../schemas.js";
import { actionEvents } from "./check.js";

export const opposedAction = defineAction({
  summary: "An opposed roll: a rolls, then b (awaited: `roll`), then rerolls and critical choices; highest success wins, a PC beats an NPC on a tie, both failing is a tie.",
  request: Type.Object(
    {
      a: RollerSchema,
      b: RollerSchema,
      /** b rolls her own dice once a has rolled (true; awaited until given). */
      roll: Type.Optional(Type.Literal(true)),
      rerolls: choicesFor(["a", "b"], RerollChoiceSchema),
      criticals: choicesFor(["a", "b"], CriticalSchema),
      inCombat: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  resolve: (request, tray) => {
    const sides = [rollerOf(request.a), rollerOf(request.b)] as const;
    const first = rollDice(tray, sides[0], "opposed");
    if (request.roll !== true) return awaitingOutcome(tray.rolled, first.steps, { a: first.check.reading }, { choice: "roll", by: "b", offer: { who: sides[1].name } });
    const second = rollDice(tray, sides[1], "opposed");
    const slot = (by: "a" | "b", state: typeof first) => ({ by, state, reroll: request.rerolls?.[by], critical: request.criticals?.[by], rerollPath: `rerolls.${by}`, criticalPath: `criticals.${by}` });
    const settled = settleRolls(tray, [slot("a", first), slot("b", second)], request.inCombat);
    if (settled.awaiting) {
      const [x, y] = settled.states;
      return awaitingOutcome(tray.rolled, [...x!.steps, ...y!.steps], { a: x!.check.reading, b: y!.check.reading }, settled.awaiting);
    }
    const [a, b] = settled.rolls as [(typeof settled.rolls)[number], (typeof settled.rolls)[number]];
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
