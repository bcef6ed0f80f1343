import * as Type from "@sinclair/typebox";
import { awaitingOutcome, effectOf } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { resolveTeamInitiative } from "../initiative.js";
import { RerollChoiceSchema } from "../schemas.js";
import { actionEvents } from "./check.js";
import { OUT_WORDS } from "../combatEnd.js";

const strict = { additionalProperties: false } as const;
const name = Type.String({ minLength: 1, maxLength: 200 });
const Member = Type.Object(
  {
    name,
    level: Type.Integer({ minimum: -99, maximum: 99 }),
    maxLevel: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    good: Type.Optional(Type.Boolean()),
    /** Why the end-of-combat test counts her out: she does not roll for her team. */
    out: Type.Optional(Type.Union([...OUT_WORDS, "dead" as const].map((word) => Type.Literal(word)))),
  },
  strict,
);
const TeamSchema = Type.Object({ name, pc: Type.Boolean(), members: Type.Array(Member, { minItems: 1, maxItems: 100 }), roller: Type.Optional(Type.String()) }, strict);

export const initiativeAction = defineAction({
  summary: "Team initiative: each team's highest-level character rolls in rolling order and decides her reroll before the next team rolls; a critical success is an extra action; the winner picks the order of team turns (`order`, awaited).",
  request: Type.Object(
    {
      teams: Type.Array(TeamSchema, { minItems: 2, maxItems: 8 }),
      previousHolder: Type.Optional(Type.String()),
      /** When given, each team rolls its own dice in rolling order (`true` per team name, awaited; `<team>#2`... in a roll-off among tied teams); without it each rolls as soon as the one before has chosen. */
      rolls: Type.Optional(Type.Record(Type.String(), Type.Literal(true))),
      /** Each good roller's reroll, by team name (awaited in rolling order, before the next team rolls). */
      rerolls: Type.Optional(Type.Record(Type.String(), RerollChoiceSchema)),
      /** The winner's order of team turns, every team once (awaited from the winner). */
      order: Type.Optional(Type.Array(Type.String(), { maxItems: 8 })),
    },
    strict,
  ),
  resolve: (request, tray) => {
    const round = resolveTeamInitiative(tray, request.teams, request.previousHolder, request);
    if ("awaiting" in round) return awaitingOutcome(tray.rolled, round.steps, { rolls: round.rolls }, round.awaiting);
    // One effect per team's roller, in rolling order (the order of `result.rolls`).
    const effects = round.rolls.map(({ roller, roll }) => effectOf(roller, {}, {}, actionEvents(roll)));
    return {
      dice: tray.rolled,
      steps: round.steps,
      result: {
        winner: round.winner,
        by: round.by,
        order: round.order,
        rolls: round.rolls.map(({ team, roller, roll, rollOff }) => ({ team, roller, reading: roll.check.reading, grade: roll.check.grade, ...(rollOff ? { rollOff } : {}) })),
      },
      effects,
    };
  },
});
