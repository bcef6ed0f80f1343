import * as Type from "@sinclair/typebox";
import type { DiceTray } from "../../../core/dice/source.js";
import { awaitingOutcome, effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { statusesOf, trackView } from "../actors.js";
import { type CavaliersOptions } from "../options.js";
import { beats, oppositionPool, rollCheck } from "../pool.js";
import { refuse } from "../refusal.js";
import { Options, OppositionSchema, Participant, Spend, StateOnly } from "../schemas.js";
import { applySpend, entriesFor, type SpendContext, validateSpend } from "../spend.js";
import { ownValue } from "../../../core/ownKey.js";
import { ACTOR_TYPES, BEFORE_COMBAT_ADVANTAGE, FLOURISH_OPPOSITION, type OppositionLevel, STANDARD_OPPOSITION, STYLE_ENTRY, SUCCESS_TABLES, type SuccessEntry } from "../tables.js";
import { spendOffer } from "./attack.js";
import { optionValues, rollParticipant, stateOf } from "./common.js";

/** Rolls Standard Opposition (none for Very Easy) and says whether the roller beat it. */
export function rollOpposition(tray: DiceTray, level: OppositionLevel, rollerTotal: number, options: CavaliersOptions, steps: Step[]): { total: number | null; success: boolean } {
  const sides = STANDARD_OPPOSITION[level];
  if (sides === 0) {
    steps.push({ rule: "opposition", level, automatic: true });
    return { total: null, success: true };
  }
  const reading = rollCheck(tray, oppositionPool(sides), 0, "opposition", options.keepOneDie, undefined, steps);
  const success = beats(rollerTotal, reading.total);
  steps.push({ rule: "opposition", level, rollerTotal, oppositionTotal: reading.total, success, tieGoesTo: "opposition" });
  return { total: reading.total, success };
}


/** Purchases that land on whoever the skill was used against. */
const NEEDS_OPPONENT: readonly string[] = [
  "inflict-yield",
  "inflict-wound",
  // Stryker disable next-line StringLiteral: the Non-Combat Skills table has no such entry; it is listed so that one added later is not offered without a target
  "decrease-opponent-advantage",
];

const nonCombatTable = () => SUCCESS_TABLES["non-combat"] ?? refuse("no Non-Combat Skills table");

/** Before the fight: one roll of each skill, none for the surprised (she cannot prepare). */
function checkBeforeCombat(request: { skill: string; surprised?: boolean; rolledBeforeCombat?: string[] }): void {
  if (request.surprised) refuse("a surprised character makes no roll before the fight");
  const skill = request.skill.toLowerCase();
  if (request.rolledBeforeCombat?.some((earlier) => earlier.toLowerCase() === skill)) refuse(`only one ${request.skill} roll can be made before this fight`);
}

/** The only purchase before the fight: Advantage, at the skill's own table's price (Prowl, Strategy) or the generic one. */
export function beforeCombatAdvantage(skill: string): SuccessEntry {
  const generic = nonCombatTable().entries.find((entry) => entry.effect.kind === "increase-advantage") ?? refuse("the Non-Combat Skills table buys no Advantage");
  const cost = ownValue(BEFORE_COMBAT_ADVANTAGE, skill.toLowerCase());
  return cost === undefined ? generic : { ...generic, cost };
}

export const skillAction = defineAction({
  summary: "A skill used in combat against Standard Opposition, spending SP on the Non-Combat Skills table.",
  request: Type.Object(
    {
      actor: Participant,
      /** The specialty rolled, e.g. "deceive"; Wound Drop only touches Defense, Dueling, Aim and Brawl. */
      skill: Type.String({ minLength: 1 }),
      opposition: OppositionSchema,
      /** Whoever Yield or Wound purchases land on. */
      target: Type.Optional(StateOnly),
      /** A roll before the fight (Prowl, Strategy...): its SP buy only Advantage, at its own table's price. */
      beforeCombat: Type.Optional(Type.Boolean()),
      /** The roller is surprised: she makes no roll before the fight. */
      surprised: Type.Optional(Type.Boolean()),
      /** The skills she already rolled before this fight: one roll of each. */
      rolledBeforeCombat: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { maxItems: 40 })),
      spend: Type.Optional(Spend),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    if (request.beforeCombat) checkBeforeCombat(request);
    const roll = rollParticipant(tray, request.actor, request.skill, "skill pool", options, steps, { advantage: false, doing: "use a skill" });
    const opposition = rollOpposition(tray, request.opposition, roll.reading.total, options, steps);
    const actorBefore = stateOf(request.actor);
    const targetBefore = request.target ? stateOf(request.target) : null;
    let actor = roll.state;
    let target = targetBefore;
    const rolled = { success: opposition.success, total: roll.reading.total, successPoints: roll.reading.successPoints, oppositionTotal: opposition.total };
    if (opposition.success) {
      // Stryker disable next-line ObjectLiteral,StringLiteral: no entry a skill may buy (Non-Combat Skills, Advantage before the fight) has a condition, so the role cannot change what is allowed
      const context = { role: "acting" as const };
      const entries = request.beforeCombat ? [beforeCombatAdvantage(request.skill)] : entriesFor(nonCombatTable(), context);
      // Without a target, nothing that lands on an opponent is on offer; with no Yield taken, no Yield to reduce.
      const offered = entries.filter((entry) => (request.target !== undefined || !NEEDS_OPPONENT.includes(entry.effect.kind)) && (entry.effect.kind !== "reduce-yield" || actor.yield >= entry.effect.amount));
      if (request.spend === undefined) return awaitingOutcome(tray.rolled, steps, rolled, { choice: "spend", by: "actor", offer: spendOffer(roll.reading.successPoints, offered) });
      const plan = validateSpend(entries, request.spend, roll.reading.successPoints, context);
      const applied = applySpend(plan, actor, target);
      actor = applied.buyer;
      target = applied.opponent;
      const bought = plan.purchases.map((p) => ({ entry: p.entry.id, times: p.times }));
      steps.push({ rule: "spend", by: "actor", bought, cost: plan.cost, available: plan.available, lost: plan.unused });
    } else if ((request.spend ?? []).length > 0) {
      steps.push({ rule: "spend-void", reason: "the roll failed" });
    }
    const effects = [effectOf(actor.name, trackView(actorBefore), trackView(actor))];
    // Stryker disable next-line LogicalOperator: target is null exactly when targetBefore is, so && and || agree
    if (targetBefore && target) effects.push(effectOf(target.name, trackView(targetBefore), trackView(target), statusesOf(target).filter((s) => !statusesOf(targetBefore).includes(s))));
    return { dice: tray.rolled, steps, result: rolled, effects };
  },
});

export const flourishAction = defineAction({
  summary: "A Flourish against Easy (3d6): on a success the SP buy only Style (3 SP each).",
  request: Type.Object(
    {
      actor: Participant,
      skill: Type.String({ minLength: 1 }),
      /** How many Style Points to buy on a success; without it the choice is awaited. */
      style: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    const roll = rollParticipant(tray, request.actor, request.skill, "flourish pool", options, steps, { advantage: false, doing: "Flourish" });
    const opposition = rollOpposition(tray, FLOURISH_OPPOSITION, roll.reading.total, options, steps);
    const before = stateOf(request.actor);
    let actor = roll.state;
    let styleBought = 0;
    if (opposition.success) {
      const room = Math.max(0, ACTOR_TYPES[actor.type].maxStyle - actor.style);
      const most = Math.min(room, Math.floor(roll.reading.successPoints / STYLE_ENTRY.cost));
      if (request.style === undefined) {
        const rolled = { success: true, total: roll.reading.total, successPoints: roll.reading.successPoints, oppositionTotal: opposition.total };
        return awaitingOutcome(tray.rolled, steps, rolled, { choice: "style", by: "actor", offer: { ...spendOffer(roll.reading.successPoints, [STYLE_ENTRY]), most } });
      }
      const wanted = request.style;
      // Stryker disable next-line ObjectLiteral,StringLiteral: Style, the only entry on offer, has no condition, so no context can change what it allows
      const styleOnly: SpendContext = { role: "acting", only: [STYLE_ENTRY.id] };
      const plan = validateSpend([STYLE_ENTRY], Array.from({ length: wanted }, () => STYLE_ENTRY.id), roll.reading.successPoints, styleOnly);
      actor = applySpend(plan, actor, null).buyer;
      styleBought = wanted;
      steps.push({ rule: "spend", by: "actor", bought: [{ entry: "gain-style", times: wanted }], cost: plan.cost, available: plan.available, lost: plan.unused });
    }
    return {
      dice: tray.rolled,
      steps,
      result: { success: opposition.success, total: roll.reading.total, successPoints: roll.reading.successPoints, oppositionTotal: opposition.total, styleBought },
      effects: [effectOf(actor.name, trackView(before), trackView(actor))],
    };
  },
});
