import * as Type from "@sinclair/typebox";
import { awaitingOutcome, effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { competencyOf, isDyingNow, woundTrackOf } from "../actors.js";
import { buildPool, rollCheck } from "../pool.js";
import { defaultSurvivalSpend, restHeal } from "../recovery.js";
import { refuse } from "../refusal.js";
import { AttributeDie, CompetencyDie, Options, Spend, WoundTrackSchema } from "../schemas.js";
import { applySpend, entriesFor, validateSpend } from "../spend.js";
import { SUCCESS_TABLES, SURVIVAL_OPPOSITION } from "../tables.js";
import { spendOffer } from "./attack.js";
import { rollOpposition } from "./check.js";
import { optionValues } from "./common.js";

export const survivalAction = defineAction({
  summary: "A Survival roll for a Dying character: Verve + competency die vs Moderate (3d8); failure is death.",
  request: Type.Object(
    {
      name: Type.String({ minLength: 1 }),
      verve: AttributeDie,
      competency: Type.Optional(CompetencyDie),
      wounds: Type.Integer({ minimum: 1 }),
      woundTrack: WoundTrackSchema,
      /** The survivor's purchases; without them the choice is awaited (`defaultSurvivalSpend` is a sensible pick). */
      spend: Type.Optional(Spend),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    // Only the Dying roll to survive: the roll is the seed's way out of Dying, not a free heal.
    if (!isDyingNow(request)) refuse(`${request.name} is not Dying (${request.wounds} Wounds, Wound Limit ${woundTrackOf(request).limit}): only a Dying character makes a Survival roll`);
    const steps: Step[] = [];
    const options = optionValues(request.options);
    const reading = rollCheck(tray, buildPool({ attribute: request.verve, competency: competencyOf(request) }), 0, "survival pool", options.keepOneDie, undefined, steps);
    const opposition = rollOpposition(tray, SURVIVAL_OPPOSITION, reading.total, options, steps);
    if (!opposition.success) {
      return { dice: tray.rolled, steps, result: { survived: false, total: reading.total, oppositionTotal: opposition.total }, effects: [effectOf(request.name, {}, {}, ["dead"])] };
    }
    // Stryker disable next-line ObjectLiteral,StringLiteral: no Survival entry has a condition, so the role cannot change what is allowed
    const context = { role: "acting" as const };
    const table = SUCCESS_TABLES.survival ?? refuse("no Survival table");
    const entries = entriesFor(table, context);
    if (request.spend === undefined) {
      const offer = { ...spendOffer(reading.successPoints, entries), suggested: defaultSurvivalSpend(reading.successPoints) };
      return awaitingOutcome(tray.rolled, steps, { survived: true, total: reading.total, successPoints: reading.successPoints, oppositionTotal: opposition.total }, { choice: "spend", by: "actor", offer });
    }
    const plan = validateSpend(entries, request.spend, reading.successPoints, context);
    const state = { name: request.name, type: "pc" as const, yield: 0, wounds: request.wounds, yieldLimit: 0, advantage: 0, style: 0 };
    const applied = applySpend(plan, state, null);
    const healed = applied.buyer.wounds < request.wounds;
    steps.push({ rule: "spend", by: request.name, bought: plan.purchases.map((p) => ({ entry: p.entry.id, times: p.times })), cost: plan.cost, available: plan.available, lost: plan.unused });
    const statuses = [healed ? "no-longer-dying" : "dying", ...(applied.regainConsciousness ? ["conscious"] : [])];
    return {
      dice: tray.rolled,
      steps,
      result: { survived: true, total: reading.total, successPoints: reading.successPoints, oppositionTotal: opposition.total, surviveHours: applied.surviveHours, regainConsciousness: applied.regainConsciousness, healed },
      effects: [effectOf(request.name, { wounds: request.wounds }, { wounds: applied.buyer.wounds }, statuses)],
    };
  },
});

export const restAction = defineAction({
  summary: "Bed rest: two days heal one Wound, six days heal all.",
  request: Type.Object({ name: Type.String({ minLength: 1 }), wounds: Type.Integer({ minimum: 0 }), days: Type.Integer({ minimum: 0 }), options: Options }, { additionalProperties: false }),
  resolve(request, tray): Outcome {
    const wounds = restHeal(request.wounds, request.days);
    return {
      dice: tray.rolled,
      steps: [{ rule: "rest", days: request.days, from: request.wounds, to: wounds }],
      result: { wounds },
      effects: [effectOf(request.name, { wounds: request.wounds }, { wounds })],
    };
  },
});
