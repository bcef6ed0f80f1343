import * as Type from "@sinclair/typebox";
import { effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { planTurn } from "../combined.js";
import { refuseIfDying } from "../actors.js";
import { focus, type InitiativePlace, interposeEffect, lateJoiner, orderInitiative, rollInitiative, seizeOrder, spendInitiative } from "../initiative.js";
import { refuse } from "../refusal.js";
import { ActorTypeSchema, dyingFields, InitiativeSpecialtySchema, Options, poolFields } from "../schemas.js";
import { INITIATIVE_COSTS } from "../tables.js";
import { optionValues } from "./common.js";

const { attribute, competency, competent, ranks, item, bonus, assists } = poolFields;
const InitiativeRollerSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    specialty: InitiativeSpecialtySchema,
    attribute,
    competency,
    competent,
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
      roller: Type.Object(
        { name: Type.String({ minLength: 1 }), ...dyingFields, specialty: InitiativeSpecialtySchema, attribute, competency, competent, ranks, item, bonus, assists, drop: poolFields.drop, combined: poolFields.combined, combinedThisRound: poolFields.combinedThisRound },
        { additionalProperties: false },
      ),
      current: Position,
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    refuseIfDying(request.roller, "Focus");
    // The Focus is the turn's roll: its combined actions go on it, within the round's cap and movement.
    const drop = planTurn({ combined: request.roller.combined ?? [], earlier: request.roller.combinedThisRound }).drop + (request.roller.drop ?? 0);
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

const Name = Type.String({ minLength: 1 });
const InterposeSchema = Type.Union([
  Type.Object({ mode: Type.Literal("redirect"), attacker: Name, target: Name, areas: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  Type.Object({ mode: Type.Literal("block"), opponent: Name, areas: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
]);

export const spendInitiativeAction = defineAction({
  summary: "Spend IP to Seize the Initiative (she acts next this round), Interpose (take an attack or hold an opponent) or Reprise Attack.",
  request: Type.Object(
    {
      name: Name,
      ...dyingFields,
      specialty: InitiativeSpecialtySchema,
      initiativePoints: Type.Integer({ minimum: 0 }),
      usedThisRound: Type.Optional(Type.Array(Type.Union([Type.Literal("seize"), Type.Literal("interpose"), Type.Literal("reprise")]))),
      spend: Type.Union([Type.Literal("seize"), Type.Literal("interpose"), Type.Literal("reprise")]),
      /** Reprise Attack repeats only an attack that failed. */
      attackFailed: Type.Optional(Type.Boolean()),
      /** Seize: this round's order by name, first first, and whoever acts now (none before the round's first turn). */
      order: Type.Optional(Type.Array(Name, { uniqueItems: true })),
      acting: Type.Optional(Name),
      /** Interpose: the attack she takes, or the opponent she holds in her Area. */
      interpose: Type.Optional(InterposeSchema),
      /** Interpose with a combined Move: what she already took this round counts towards Drop 4 and two Areas. */
      combinedThisRound: poolFields.combinedThisRound,
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    refuseIfDying(request, "spend Initiative Points");
    if (request.interpose && request.spend !== "interpose") refuse(`interpose describes an Interpose, not ${request.spend}`);
    if ((request.order || request.acting) && request.spend !== "seize") refuse(`order and acting describe a Seize, not ${request.spend}`);
    if (request.acting && !request.order) refuse("acting needs this round's order");
    const after = spendInitiative({ specialty: request.specialty, initiativePoints: request.initiativePoints, usedThisRound: request.usedThisRound ?? [] }, request.spend, options.seizeOncePerRound, { attackFailed: request.attackFailed ?? false });
    steps.push({ rule: "initiative-spend", spend: request.spend, specialty: request.specialty, cost: after.cost });
    const result: Record<string, unknown> = { spent: request.spend, cost: after.cost, initiativePoints: after.initiativePoints, usedThisRound: after.usedThisRound };
    if (request.order) {
      const orderThisRound = seizeOrder(request.order, request.name, request.acting);
      steps.push({ rule: "seize", before: request.acting ?? null, order: orderThisRound, nextRound: request.order });
      Object.assign(result, { orderThisRound, nextRoundOrder: request.order });
    }
    if (request.interpose) {
      const effect = interposeEffect(request.name, request.interpose);
      // Her Move to an adjacent Area is a combined action of her round.
      if (effect.combined?.length) planTurn({ combined: effect.combined, earlier: request.combinedThisRound });
      steps.push({ rule: "interpose", ...effect });
      result.interpose = effect;
    }
    return {
      dice: tray.rolled,
      steps,
      result,
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
