import * as Type from "@sinclair/typebox";
import type { Outcome, Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { refuseIfDying } from "../actors.js";
import { planTurn } from "../combined.js";
import { dyingFields, Options, poolFields } from "../schemas.js";

export const turnAction = defineAction({
  summary: "Checks a turn's plan: one rolled action at most, combined actions' Drop, Drop 4 and two Areas at most in a round.",
  request: Type.Object(
    {
      name: Type.String({ minLength: 1 }),
      ...dyingFields,
      rolled: Type.Optional(Type.Array(Type.String())),
      combined: Type.Optional(Type.Array(Type.String())),
      combinedThisRound: poolFields.combinedThisRound,
      heldInArea: poolFields.heldInArea,
      assist: Type.Optional(Type.Boolean()),
      /** A Prepare: combined actions taken when the prepared action fires (their Drop adds to `combined`). */
      atTrigger: Type.Optional(Type.Array(Type.String())),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    refuseIfDying(request, "take a turn");
    const combined = request.combined ?? [];
    const atTrigger = request.atTrigger ?? [];
    // A Prepare's combined actions, at the Prepare and when it fires, are one turn's: one Drop, one cap, one movement.
    const plan = planTurn({ rolled: request.rolled ?? [], combined: [...combined, ...atTrigger], assist: request.assist ?? false, earlier: request.combinedThisRound ?? [], heldInArea: request.heldInArea ?? false });
    steps.push({ rule: "combined-actions", combined, atTrigger, drop: plan.drop, capCount: plan.capCount, areas: plan.areas });
    return { dice: tray.rolled, steps, result: { drop: plan.drop, capCount: plan.capCount, areas: plan.areas }, effects: [] };
  },
});
