import { Type } from "@sinclair/typebox";
import { effectOf } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { rollTeamInitiative } from "../initiative.js";
import { RerollSchema } from "../schemas.js";

const strict = { additionalProperties: false } as const;
const Member = Type.Object({ name: Type.String({ minLength: 1 }), level: Type.Integer({ minimum: -99, maximum: 99 }), maxLevel: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })), good: Type.Optional(RerollSchema) }, strict);
const TeamSchema = Type.Object({ name: Type.String({ minLength: 1 }), pc: Type.Boolean(), members: Type.Array(Member, { minItems: 1 }), roller: Type.Optional(Type.String()) }, strict);

export const initiativeAction = defineAction({
  summary: "Team initiative: each team's highest-level character rolls, the winner picks the order of team turns.",
  request: Type.Object(
    { teams: Type.Array(TeamSchema, { minItems: 2 }), previousHolder: Type.Optional(Type.String()), order: Type.Optional(Type.Array(Type.String())) },
    strict,
  ),
  resolve: (request, tray) => {
    const round = rollTeamInitiative(tray, request.teams, request.previousHolder, request.order);
    const effects = round.rolls.flatMap(({ roller, roll }) => {
      const statuses = [...(roll.extraAction ? ["extra-action"] : []), ...(roll.losesNextAction ? ["loses-next-action"] : [])];
      return statuses.length > 0 ? [effectOf(roller, {}, {}, statuses)] : [];
    });
    return {
      dice: tray.rolled,
      steps: round.steps,
      result: {
        winner: round.winner,
        by: round.by,
        order: round.order,
        rolls: round.rolls.map(({ team, roller, roll }) => ({ team, roller, reading: roll.check.reading, grade: roll.check.grade })),
      },
      effects,
    };
  },
});
