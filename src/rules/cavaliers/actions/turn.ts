import * as Type from "@sinclair/typebox";
import type { Outcome, Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { planTurn, preparedDrop } from "../combined.js";
import { Options } from "../schemas.js";


export const turnAction = defineAction({
  summary: "Checks a turn's plan: one rolled action at most, combined actions' Drop, the Drop 4 cap without a roll.",
  request: Type.Object(
    {
      name: Type.String({ minLength: 1 }),
      rolled: Type.Optional(Type.Array(Type.String())),
      combined: Type.Optional(Type.Array(Type.String())),
      assist: Type.Optional(Type.Boolean()),
      /** A Prepare: combined actions taken when the prepared action fires (their Drop adds to `combined`). */
      atTrigger: Type.Optional(Type.Array(Type.String())),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const plan = planTurn({ rolled: request.rolled ?? [], combined: request.combined ?? [], assist: request.assist ?? false });
    const drop = request.atTrigger ? preparedDrop(request.combined ?? [], request.atTrigger) : plan.drop;
    steps.push({ rule: "combined-actions", combined: request.combined ?? [], atTrigger: request.atTrigger ?? [], drop, capCount: plan.capCount });
    return { dice: tray.rolled, steps, result: { drop, ...(plan.capCount === null ? {} : { capCount: plan.capCount }) }, effects: [] };
  },
});
