import * as Type from "@sinclair/typebox";
import type { Outcome } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { competencyOf, refuseIfDying } from "../actors.js";
import { assistOptions, bestAssist } from "../pool.js";
import { AttributeDie, CompetencyDie, dyingFields, Options } from "../schemas.js";

export const assistAction = defineAction({
  summary: "What a helper's Assist can give: her specialty dice, her competency die, or 1d6 (no roll).",
  request: Type.Object(
    {
      helper: Type.Object(
        {
          name: Type.String({ minLength: 1 }),
          /** The attribute of the specialty the assisted roll uses. */
          attribute: AttributeDie,
          ranks: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
          competency: Type.Optional(CompetencyDie),
          /** Competent in the skill of the assisted roll: without ranks she gives her competency die (default true). */
          competent: Type.Optional(Type.Boolean()),
          ...dyingFields,
        },
        { additionalProperties: false },
      ),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    refuseIfDying(request.helper, "Assist");
    const offer = assistOptions({ ...request.helper, competency: competencyOf(request.helper) });
    return {
      dice: tray.rolled,
      steps: [{ rule: "assist-options", specialty: offer.specialty, competency: offer.competency, default: offer.default }],
      result: { options: offer, suggested: bestAssist(offer), note: "Assist dice count from at most two helpers and are lost at the end of the round." },
      effects: [],
    };
  },
});
