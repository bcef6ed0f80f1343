import { type Static, Type } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { roundOneMomentum, shootingOrder } from "../../core/initiative/momentum.js";
import { effectOf, type Step } from "../../core/outcome.js";
import { withDefaults } from "../options.js";
import { defineAction } from "../ruleset.js";
import type { Combatant } from "./combatant.js";
import { testCourage } from "./courage.js";
import type { Side } from "./judge.js";
import { resolveMultiple } from "./multiple.js";
import { DRAMA_OPTIONS, type DramaOptions } from "./options.js";
import { momentumModifier } from "./pools.js";
import { resolveShot } from "./ranged.js";
import { courageStep, effectBetween, knockBackStep, readingStep, roundSteps, strikeSteps } from "./report.js";
import { resolveMeleeRound } from "./round.js";
import { CombatantSchema, CourageModifiersSchema, EngagementSchema, MomentumCandidateSchema, Options, RangedBonusSchema, RangedSituationSchema } from "./schemas.js";
import { STANCE_TABLE } from "./tables.js";

const closed = { additionalProperties: false } as const;
const optionsOf = (given: Partial<DramaOptions> | undefined): DramaOptions => withDefaults(DRAMA_OPTIONS, given);

/** Round-one Momentum between two fighters: Grit + stance, then Agility, level, player actors; a full tie stays with the first named. */
export function firstRoundMomentum(a: Combatant, b: Combatant): { holder: Side; step: Step } {
  const candidate = (side: Side, c: Combatant) => ({ side, name: c.name, grit: c.grit, stanceModifier: momentumModifier(c), agility: c.agility, level: c.level ?? 0, pc: c.pc ?? false });
  const ranking = roundOneMomentum([candidate("a", a), candidate("b", b)]);
  const holder = ranking.order[0]?.side ?? "a";
  return {
    holder,
    step: { rule: "round-one-momentum", scores: Object.fromEntries(ranking.order.map((c) => [c.name, c.grit + c.stanceModifier])), holder: holder === "a" ? a.name : b.name, unresolvedTie: ranking.unresolvedTies.length > 0 },
  };
}

const MeleeRequest = Type.Object(
  { a: CombatantSchema, b: CombatantSchema, momentum: Type.Optional(Type.Union([Type.Literal("a"), Type.Literal("b")])), options: Options },
  closed,
);

export const melee = defineAction({
  summary: "One opposed melee round between two combatants: pools, outcome, damage, courage, knock-back, Momentum.",
  request: MeleeRequest,
  resolve(request: Static<typeof MeleeRequest>, tray: DiceTray) {
    const a = request.a as Combatant;
    const b = request.b as Combatant;
    const steps: Step[] = [];
    let momentum: Side;
    if (request.momentum) momentum = request.momentum;
    else {
      const first = firstRoundMomentum(a, b);
      momentum = first.holder;
      steps.push(first.step);
    }
    const round = resolveMeleeRound({ a, b, momentum, options: optionsOf(request.options) }, tray);
    steps.push(...roundSteps(round, { a, b }));
    const name = (side: Side | "none") => (side === "a" ? a.name : side === "b" ? b.name : null);
    const knock = round.sides.a.knockBack ?? round.sides.b.knockBack;
    return {
      dice: tray.rolled,
      steps,
      result: {
        kind: round.judgement.kind,
        winner: name(round.judgement.winner),
        level: round.judgement.level,
        blow: round.noBlow ? "none" : round.judgement.blow,
        knockBack: knock?.result ?? "none",
        momentum: name(round.momentum),
      },
      effects: [effectBetween(a, round.sides.a.after, round.sides.a.statuses), effectBetween(b, round.sides.b.after, round.sides.b.statuses)],
    };
  },
});

const MultipleRequest = Type.Object({ actor: CombatantSchema, opponents: Type.Array(EngagementSchema, { minItems: 1, maxItems: 8 }), options: Options }, closed);

export const multiple = defineAction({
  summary: "One round of an actor against several opponents: split pools, each fight read alone, results applied together.",
  request: MultipleRequest,
  resolve(request: Static<typeof MultipleRequest>, tray: DiceTray) {
    const actor = request.actor as Combatant;
    const steps: Step[] = [];
    const engagements = request.opponents.map((e) => {
      const opponent = e.opponent as Combatant;
      let momentum = e.momentum;
      if (!momentum) {
        const first = firstRoundMomentum(actor, opponent);
        momentum = first.holder === "a" ? "actor" : "opponent";
        steps.push(first.step);
      }
      return { ...e, opponent, momentum };
    });
    const round = resolveMultiple(actor, engagements, optionsOf(request.options), tray);
    steps.push({ rule: "split-pool", base: round.plan.base, military: round.plan.military, dramaTo: engagements[round.plan.dramaTo]?.opponent.name ?? null });
    let current = actor;
    round.fights.forEach((fight, i) => {
      const opponent = engagements[i]?.opponent as Combatant;
      steps.push(...roundSteps(fight, { a: current, b: opponent }));
      current = fight.sides.a.after;
    });
    return {
      dice: tray.rolled,
      steps,
      result: {
        fights: round.fights.map((fight, i) => {
          const opponent = engagements[i]?.opponent.name ?? "";
          const side = (s: Side | "none") => (s === "a" ? actor.name : s === "b" ? opponent : null);
          return { opponent, kind: fight.judgement.kind, winner: side(fight.judgement.winner), level: fight.judgement.level, momentum: side(fight.momentum) };
        }),
        actorDisadvantage: round.actor.after.disadvantage ?? "none",
      },
      effects: [
        effectBetween(actor, round.actor.after, round.actor.statuses),
        ...round.fights.map((fight, i) => effectBetween(engagements[i]?.opponent as Combatant, fight.sides.b.after, fight.sides.b.statuses)),
      ],
    };
  },
});

const RangedRequest = Type.Object(
  { shooter: CombatantSchema, target: CombatantSchema, situation: Type.Optional(RangedSituationSchema), bonuses: Type.Optional(Type.Array(RangedBonusSchema)), options: Options },
  closed,
);

export const ranged = defineAction({
  summary: "One shot: an unopposed test against the range/visibility/wind/movement/size table; hit, marginal hit or miss.",
  request: RangedRequest,
  resolve(request: Static<typeof RangedRequest>, tray: DiceTray) {
    const shooter = request.shooter as Combatant;
    const target = request.target as Combatant;
    const shot = resolveShot(shooter, target, request.situation ?? {}, request.bonuses ?? [], tray);
    const steps: Step[] = [
      { rule: "ranged-pool", who: shooter.name, ...shot.pool },
      readingStep(shooter.name, shot.reading),
      { rule: "shot", kind: shot.kind, net: shot.reading.net, level: shot.level, weaponFlesh: shot.weaponFlesh },
    ];
    if (shot.struck) steps.push(...strikeSteps(target.name, shot.struck));
    if (shot.courage) steps.push(courageStep(target.name, shot.courage));
    if (shot.knockBack) steps.push(knockBackStep(target.name, shot.knockBack, target.agility));
    return {
      dice: tray.rolled,
      steps,
      result: { kind: shot.kind, net: shot.reading.net, level: shot.level, wound: shot.struck?.wound?.flesh ?? 0, knockBack: shot.knockBack?.result ?? "none" },
      effects: [effectBetween(target, shot.target, shot.statuses)],
    };
  },
});

const CourageRequest = Type.Object(
  {
    actor: Type.Object(
      {
        name: Type.String({ minLength: 1 }),
        maxFlesh: Type.Integer({ minimum: 1, maximum: 40 }),
        physical: Type.Integer({ minimum: 0, maximum: 10 }),
        penalties: Type.Optional(Type.Integer({ minimum: 0, maximum: 40 })),
        woundFlesh: Type.Integer({ minimum: 0, maximum: 40 }),
        modifiers: Type.Optional(CourageModifiersSchema),
      },
      closed,
    ),
    options: Options,
  },
  closed,
);

export const courage = defineAction({
  summary: "A test of courage (of the Flesh pool) after a serious wound or at 1 Flesh: pass, pass at a price, or pass out.",
  request: CourageRequest,
  resolve(request: Static<typeof CourageRequest>, tray: DiceTray) {
    const { actor } = request;
    const test = testCourage({ maxFlesh: actor.maxFlesh, penalties: actor.penalties ?? 0, woundFlesh: actor.woundFlesh, physical: actor.physical, ...(actor.modifiers ? { modifiers: actor.modifiers } : {}) }, tray, actor.name);
    const before = actor.penalties ?? 0;
    const statuses = test.result === "failed" ? ["passed-out"] : [];
    return {
      dice: tray.rolled,
      steps: [readingStep(actor.name, test.reading), courageStep(actor.name, test)],
      result: { result: test.result, net: test.reading.net, roundsOut: test.roundsOut, dramaPointSpent: test.dramaPointSpent },
      effects: [effectOf(actor.name, { penaltyDice: before }, { penaltyDice: before + test.penaltyGained }, statuses)],
    };
  },
});

const MomentumRequest = Type.Object(
  { combatants: Type.Array(MomentumCandidateSchema, { minItems: 1, maxItems: 20 }), for: Type.Optional(Type.Union([Type.Literal("melee"), Type.Literal("ranged")])), options: Options },
  closed,
);

export const momentum = defineAction({
  summary: "Round-one Momentum (Grit + stance, then Agility, level, PCs), or with \"for\": \"ranged\" who shoots first.",
  request: MomentumRequest,
  resolve(request: Static<typeof MomentumRequest>, tray: DiceTray) {
    const candidates = request.combatants.map((c) => ({
      name: c.name,
      grit: c.grit ?? 0,
      stanceModifier: STANCE_TABLE[c.stance ?? "stand"].momentum + (c.stance === "dramatic" ? (c.dramaticMomentum ?? 0) : 0),
      agility: c.agility,
      level: c.level ?? 0,
      pc: c.pc ?? false,
    }));
    const ranged = request.for === "ranged";
    const ranking = ranged ? shootingOrder(candidates) : roundOneMomentum(candidates);
    const steps: Step[] = candidates.map((c) =>
      ranged ? { rule: "shooting-order-keys", who: c.name, agility: c.agility, level: c.level, pc: c.pc } : { rule: "momentum-score", who: c.name, grit: c.grit, stanceModifier: c.stanceModifier, score: c.grit + c.stanceModifier, agility: c.agility, level: c.level, pc: c.pc },
    );
    return {
      dice: tray.rolled,
      steps,
      result: { order: ranking.order.map((c) => c.name), first: ranking.order[0]?.name ?? null, unresolvedTies: ranking.unresolvedTies.map((group) => group.map((c) => c.name)) },
      effects: [],
    };
  },
});
