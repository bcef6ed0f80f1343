import * as Type from "@sinclair/typebox";
import { effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { planTurn } from "../combined.js";
import { focus, type InitiativePlace, lateJoiner, orderInitiative, rollInitiative, spendInitiative } from "../initiative.js";
import { ActorTypeSchema, InitiativeSpecialtySchema, Options, poolFields } from "../schemas.js";
import { INITIATIVE_COSTS } from "../tables.js";
import { optionValues } from "./common.js";

const { attribute, competency, ranks, item, bonus, assists } = poolFields;
const InitiativeRollerSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    specialty: InitiativeSpecialtySchema,
    attribute,
    competency,
    ranks,
    item,
    bonus,
    assists,
    surprised: Type.Optional(Type.Boolean()),
    /** Three or more identical Rabble or Stock sharing this roll. */
    members: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    type: Type.Optional(ActorTypeSchema),
  },
  { additionalProperties: false },
);

export const initiativeAction = defineAction({
  summary: "Initiative for every combatant: order by total, then SP, then d10 roll-offs; SP become IP.",
  request: Type.Object({ combatants: Type.Array(InitiativeRollerSchema, { minItems: 1 }), options: Options }, { additionalProperties: false }),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    const places: InitiativePlace[] = request.combatants.map((roller) => rollInitiative(tray, roller, options.keepOneDie, steps));
    const order = orderInitiative(tray, places);
    steps.push({ rule: "initiative-order", by: ["total", "successPoints", "d10 roll-off"], order: order.map((place) => place.id) });
    return {
      dice: tray.rolled,
      steps,
      result: {
        order: order.map((place, index) => ({
          place: index + 1,
          name: place.id,
          members: place.members,
          total: place.total,
          successPoints: place.successPoints,
          initiativePoints: place.initiativePoints,
          specialty: place.specialty,
          costs: INITIATIVE_COSTS[place.specialty],
          ...(place.rollOffs.length > 0 ? { rollOffs: place.rollOffs } : {}),
        })),
      },
      effects: order.map((place) => effectOf(place.id, { initiativePoints: 0 }, { initiativePoints: place.initiativePoints })),
    };
  },
});

const Position = Type.Object({ total: Type.Integer({ minimum: 0 }), successPoints: Type.Integer({ minimum: 0 }), initiativePoints: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });

export const focusAction = defineAction({
  summary: "Focus: reroll Initiative, keep the better position and add the new IP.",
  request: Type.Object(
    {
      roller: Type.Object({ name: Type.String({ minLength: 1 }), specialty: InitiativeSpecialtySchema, attribute, competency, ranks, item, bonus, assists, drop: poolFields.drop, combined: poolFields.combined }, { additionalProperties: false }),
      current: Position,
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    // Stryker disable next-line StringLiteral: only how many rolled actions a turn has counts; their names only appear in refusals
    const drop = planTurn({ rolled: ["focus"], combined: request.roller.combined ?? [] }).drop + (request.roller.drop ?? 0);
    const place = rollInitiative(tray, request.roller, options.keepOneDie, steps, drop);
    const after = focus(request.current, place);
    steps.push({ rule: "focus", from: request.current.total, rolled: place.total, position: after.total, ipAdded: place.successPoints });
    return {
      dice: tray.rolled,
      steps,
      result: { rolled: { total: place.total, successPoints: place.successPoints }, position: { total: after.total, successPoints: after.successPoints }, moved: after.moved, initiativePoints: after.initiativePoints },
      effects: [effectOf(request.roller.name, { position: request.current.total, initiativePoints: request.current.initiativePoints }, { position: after.total, initiativePoints: after.initiativePoints })],
    };
  },
});

export const spendInitiativeAction = defineAction({
  summary: "Spend IP to Seize the Initiative, Interpose or Reprise Attack at the specialty's cost.",
  request: Type.Object(
    {
      name: Type.String({ minLength: 1 }),
      specialty: InitiativeSpecialtySchema,
      initiativePoints: Type.Integer({ minimum: 0 }),
      usedThisRound: Type.Optional(Type.Array(Type.Union([Type.Literal("seize"), Type.Literal("interpose"), Type.Literal("reprise")]))),
      spend: Type.Union([Type.Literal("seize"), Type.Literal("interpose"), Type.Literal("reprise")]),
      /** Reprise Attack repeats only an attack that failed. */
      attackFailed: Type.Optional(Type.Boolean()),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    const after = spendInitiative({ specialty: request.specialty, initiativePoints: request.initiativePoints, usedThisRound: request.usedThisRound ?? [] }, request.spend, options.seizeOncePerRound, { attackFailed: request.attackFailed ?? false });
    steps.push({ rule: "initiative-spend", spend: request.spend, specialty: request.specialty, cost: after.cost });
    return {
      dice: tray.rolled,
      steps,
      result: { spent: request.spend, cost: after.cost, initiativePoints: after.initiativePoints, usedThisRound: after.usedThisRound },
      effects: [effectOf(request.name, { initiativePoints: request.initiativePoints }, { initiativePoints: after.initiativePoints })],
    };
  },
});

const Standing = Type.Object(
  { name: Type.String({ minLength: 1 }), total: Type.Integer({ minimum: 0 }), successPoints: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

export const joinAction = defineAction({
  summary: "A late joiner rolls Initiative and takes its place in the order from the next round.",
  request: Type.Object({ order: Type.Array(Standing), joiner: InitiativeRollerSchema, options: Options }, { additionalProperties: false }),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    const rolled = rollInitiative(tray, request.joiner, options.keepOneDie, steps);
    const placed = lateJoiner(request.order.map((entry) => ({ id: entry.name, total: entry.total, successPoints: entry.successPoints })), rolled, tray);
    for (const rollOff of placed.rollOffs) steps.push({ rule: "late-joiner-roll-off", ...rollOff });
    steps.push({ rule: "late-joiner", place: placed.place, fromNextRound: true });
    return {
      dice: tray.rolled,
      steps,
      result: {
        joiner: { name: rolled.id, members: rolled.members, total: rolled.total, successPoints: rolled.successPoints, initiativePoints: rolled.initiativePoints, costs: INITIATIVE_COSTS[rolled.specialty] },
        place: placed.place,
        fromNextRound: true,
        nextRoundOrder: placed.order.map((entry) => entry.id),
      },
      effects: [effectOf(rolled.id, { initiativePoints: 0 }, { initiativePoints: rolled.initiativePoints })],
    };
  },
});
