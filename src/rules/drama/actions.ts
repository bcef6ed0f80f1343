import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { roundOneMomentum, shootingOrder } from "../../core/initiative/momentum.js";
import { type Awaiting, awaitingOutcome, effectOf, type Step } from "../../core/outcome.js";
import { withDefaults } from "../options.js";
import { defineAction } from "../ruleset.js";
import type { Combatant } from "./combatant.js";
import { readSuccessPool, rollSuccessPool } from "../../core/dice/successPool.js";
import { RuleError } from "../../core/ruleError.js";
import { ChoiceReader, untilAwaited } from "./awaiting.js";
import { WAVER_CHOICES, type WaverChoice } from "./choices.js";
import { couragePool, readCourage } from "./courage.js";
import type { Side } from "./judge.js";
import { DRAMA_OPTIONS, type DramaOptions } from "./options.js";
import { type PlayInput, playRound } from "./play.js";
import { momentumModifier } from "./pools.js";
import { resolveShot, type Shot, type ShotPlay } from "./ranged.js";
import { courageStep, effectBetween, knockBackStep, readingStep, strikeSteps } from "./report.js";
import {
  choiceFields,
  CombatantSchema,
  CourageModifiersSchema,
  EngagementSchema,
  Interactive,
  MomentumCandidateSchema,
  Options,
  RangedBonusSchema,
  RangedPoolChoiceSchema,
  RangedSituationSchema,
} from "./schemas.js";
import { STANCE_TABLE } from "./tables.js";

const closed = { additionalProperties: false } as const;
const refuse = (message: string): never => {
  throw new RuleError(message);
};
const optionsOf = (given: Partial<DramaOptions> | undefined): DramaOptions => withDefaults(DRAMA_OPTIONS, given);

/** Round-one Momentum between two fighters: Grit + stance, then Agility, level, player actors; a full tie stays with the first named. */
export function firstRoundMomentum(a: Combatant, b: Combatant): { holder: Side } {
  const candidate = (side: Side, c: Combatant) => ({ side, name: c.name, grit: c.grit, stanceModifier: momentumModifier(c), agility: c.agility, level: c.level ?? 0, pc: c.pc ?? false });
  // Two candidates always rank: the order is never empty.
  return { holder: roundOneMomentum([candidate("a", a), candidate("b", b)]).order[0]!.side };
}

const MeleeRequest = Type.Object(
  {
    a: CombatantSchema,
    b: CombatantSchema,
    momentum: Type.Optional(Type.Union([Type.Literal("a"), Type.Literal("b")])),
    interactive: Interactive,
    ...choiceFields(["a", "b"]),
    options: Options,
  },
  closed,
);

/** What a round awaiting a choice has settled so far. */
function stageOf(awaiting: Awaiting): Record<string, unknown> {
  return { awaiting: awaiting.choice, by: awaiting.by };
}

/** A round played as far as the request's choices go: its result, or the outcome awaiting the next choice. */
function playAsAsked(request: { interactive?: boolean; options?: Partial<DramaOptions> } & Record<string, unknown>, fighters: PlayInput["fighters"], pairings: PlayInput["pairings"], tray: DiceTray) {
  const played = playRound({ fighters, pairings, choices: request, interactive: request.interactive === true, options: optionsOf(request.options) }, tray);
  return "awaiting" in played ? { awaiting: awaitingOutcome(tray.rolled, played.steps, stageOf(played.awaiting), played.awaiting) } : played;
}

export const melee = defineAction({
  summary: "One opposed melee round between two combatants: stances, pools, outcome, damage, courage, knock-back, Momentum.",
  request: MeleeRequest,
  resolve(request: Static<typeof MeleeRequest>, tray: DiceTray) {
    const a = request.a as Combatant;
    const b = request.b as Combatant;
    const played = playAsAsked(
      request,
      [
        { key: "a", combatant: a },
        { key: "b", combatant: b },
      ],
      [{ actor: "a", opponent: "b", ...(request.momentum ? { momentum: request.momentum } : {}) }],
      tray,
    );
    if ("awaiting" in played) return played.awaiting;
    const { round } = played;
    const fight = round.fights[0]!;
    const j = fight.judgement;
    const name = (key: string) => (key === "a" ? a.name : key === "b" ? b.name : null);
    return {
      dice: tray.rolled,
      steps: played.steps,
      result: {
        kind: j.kind,
        winner: name(j.winner),
        level: j.level,
        blow: fight.noBlow ? "none" : j.blow,
        knockBack: fight.knockBack?.result.result ?? "none",
        momentum: name(fight.momentum),
        momentumSide: fight.momentum,
      },
      effects: (["a", "b"] as const).map((key) => effectBetween(round.fighters[key]!.before, round.fighters[key]!.after, round.fighters[key]!.statuses)),
    };
  },
});

/** At most this many opponents in one round against several. */
export const MAX_OPPONENTS = 8;
export const OPPONENT_KEYS = Array.from({ length: MAX_OPPONENTS }, (_, i) => `opponent${i + 1}`);

const MultipleRequest = Type.Object(
  {
    actor: CombatantSchema,
    opponents: Type.Array(EngagementSchema, { minItems: 1, maxItems: MAX_OPPONENTS }),
    interactive: Interactive,
    ...choiceFields(["actor", ...OPPONENT_KEYS]),
    options: Options,
  },
  closed,
);

export const multiple = defineAction({
  summary: "One round of an actor against several opponents: split pools, each fight read alone, results applied together.",
  request: MultipleRequest,
  resolve(request: Static<typeof MultipleRequest>, tray: DiceTray) {
    const actor = request.actor as Combatant;
    const keys = request.opponents.map((_, i) => OPPONENT_KEYS[i]!);
    const absent = OPPONENT_KEYS.slice(request.opponents.length);
    const stray = Object.keys(request).find((field) => absent.some((key) => field.startsWith(key)));
    if (stray !== undefined) refuse(`${stray}: there are only ${request.opponents.length} opponents`);
    const played = playAsAsked(
      request,
      [{ key: "actor", combatant: actor }, ...request.opponents.map((e, i) => ({ key: keys[i]!, combatant: e.opponent as Combatant }))],
      request.opponents.map((e, i) => ({
        actor: "actor",
        opponent: keys[i]!,
        ...(e.momentum ? { momentum: e.momentum === "actor" ? "actor" : keys[i]! } : {}),
        unopposed: e.unopposed,
        // The engagement carries the actor's share (baseDice, military, drama) as the split reads it.
        split: e,
      })),
      tray,
    );
    if ("awaiting" in played) return played.awaiting;
    const { round } = played;
    const nameOf = (key: string) => round.fighters[key]!.before.name;
    const plan = round.plan;
    const steps = plan ? [...played.steps, { rule: "split-pool", base: plan.base, military: plan.military, dramaTo: keys[plan.dramaTo] ? nameOf(keys[plan.dramaTo]!) : null }] : played.steps;
    return {
      dice: tray.rolled,
      steps,
      result: {
        fights: round.fights.map((fight) => {
          const winner = fight.judgement.winner === "none" ? null : fight.judgement.winner === "a" ? fight.pairing.actor : fight.pairing.opponent;
          return { opponent: nameOf(fight.pairing.opponent), kind: fight.judgement.kind, winner: winner ? nameOf(winner) : null, level: fight.judgement.level, momentum: nameOf(fight.momentum), momentumSide: fight.momentum };
        }),
        actorDisadvantage: round.fighters.actor!.after.disadvantage,
      },
      effects: ["actor", ...keys].map((key) => effectBetween(round.fighters[key]!.before, round.fighters[key]!.after, round.fighters[key]!.statuses)),
    };
  },
});

const RangedRequest = Type.Object(
  {
    shooter: CombatantSchema,
    target: CombatantSchema,
    situation: Type.Optional(RangedSituationSchema),
    bonuses: Type.Optional(Type.Array(RangedBonusSchema)),
    shooterPool: Type.Optional(RangedPoolChoiceSchema),
    interactive: Interactive,
    ...choiceFields(["target"], ["Courage", "Waver"]),
    options: Options,
  },
  closed,
);

/** The shooter with the extra dice and Drama dice she declared (and the Drama Points they cost). */
export function shooterWithPool(given: Combatant, pool: Static<typeof RangedPoolChoiceSchema> = {}): Combatant {
  const spent = pool.dramaPointsSpent ?? 0;
  // Drama Points not given are not counted: any spend is taken.
  if (spent > (given.dramaPoints ?? Infinity)) refuse(`${given.name} has ${given.dramaPoints} Drama Points, cannot spend ${spent}`);
  return {
    ...given,
    situationalBase: (given.situationalBase ?? 0) + (pool.base ?? 0),
    situationalResistance: (given.situationalResistance ?? 0) + (pool.resistance ?? 0),
    ...(pool.drama ? { drama: (given.drama ?? 0) + pool.drama } : {}),
    ...(given.dramaPoints !== undefined ? { dramaPoints: given.dramaPoints - spent } : {}),
  };
}

export const ranged = defineAction({
  summary: "One shot: an unopposed test against the range/visibility/wind/movement/size table; hit, marginal hit or miss.",
  request: RangedRequest,
  resolve(request: Static<typeof RangedRequest>, tray: DiceTray) {
    const given = request.shooter as Combatant;
    const shooter = shooterWithPool(given, request.shooterPool);
    const target = request.target as Combatant;
    const options = optionsOf(request.options);
    let struck: StruckShot | undefined;
    const how: ShotPlay = {
      interactive: request.interactive === true,
      choices: new ChoiceReader(request),
      seriousBleeds: options.seriousWoundsBleed,
      onStruck: (partial) => (struck = partial),
    };
    const shot = untilAwaited(() => resolveShot(shooter, target, request.situation ?? {}, request.bonuses ?? [], tray, undefined, how));
    // Only the target's courage choices are awaited, and they come after the shot has struck.
    if ("awaiting" in shot) return awaitingOutcome(tray.rolled, shotSteps(shooter, target, struck!), stageOf(shot.awaiting), shot.awaiting);
    const done = shot.done;
    return {
      dice: tray.rolled,
      steps: [...shotSteps(shooter, target, done), ...courageSteps(target, done)],
      result: { kind: done.kind, net: done.reading.net, level: done.level, wound: done.struck?.wound?.flesh ?? 0, knockBack: done.knockBack?.result ?? "none" },
      effects: [effectBetween(target, done.target, done.statuses), effectBetween(given, shooter, [])],
    };
  },
});

/** A shot as far as its wound, before any courage test. */
type StruckShot = Pick<Shot, "pool" | "reading" | "kind" | "level" | "weaponFlesh" | "struck">;

/** The steps of a shot up to its courage test. */
function shotSteps(shooter: Combatant, target: Combatant, shot: StruckShot): Step[] {
  const steps: Step[] = [
    { rule: "ranged-pool", who: shooter.name, ...shot.pool },
    readingStep(shooter.name, shot.reading),
    { rule: "shot", kind: shot.kind, net: shot.reading.net, level: shot.level, weaponFlesh: shot.weaponFlesh },
  ];
  if (shot.struck) steps.push(...strikeSteps(target.name, shot.struck));
  return steps;
}

function courageSteps(target: Combatant, shot: Shot): Step[] {
  const steps: Step[] = [];
  if (shot.courage) steps.push({ ...readingStep(target.name, shot.courage.reading), test: "courage", pool: shot.courage.pool }, courageStep(target.name, shot.courage));
  if (shot.knockBack) steps.push(knockBackStep(target.name, shot.knockBack, target.agility));
  return steps;
}

const CourageRequest = Type.Object(
  {
    actor: Type.Object(
      {
        name: Type.String({ minLength: 1 }),
        maxFlesh: Type.Integer({ minimum: 1, maximum: 40 }),
        physical: Type.Integer({ minimum: 0, maximum: 10 }),
        penalties: Type.Optional(Type.Integer({ minimum: 0, maximum: 40 })),
        otherPenalties: Type.Optional(Type.Integer({ minimum: 0, maximum: 40 })),
        woundFlesh: Type.Integer({ minimum: 0, maximum: 40 }),
        dramaPoints: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
        modifiers: Type.Optional(CourageModifiersSchema),
      },
      closed,
    ),
    interactive: Interactive,
    ...choiceFields(["actor"], ["Waver"]),
    options: Options,
  },
  closed,
);

export const courage = defineAction({
  summary: "A test of courage (of the Flesh pool) after a serious wound or at 1 Flesh: pass, pass at a price, or pass out.",
  request: CourageRequest,
  resolve(request: Static<typeof CourageRequest>, tray: DiceTray) {
    const { actor } = request;
    const modifiers = actor.modifiers ?? {};
    const pool = couragePool({ maxFlesh: actor.maxFlesh, penalties: actor.penalties ?? 0, woundFlesh: actor.woundFlesh, physical: actor.physical, modifiers });
    const reading = readSuccessPool(rollSuccessPool(tray, pool, { base: `${actor.name} courage base`, resistance: `${actor.name} courage resistance`, drama: `${actor.name} courage drama` }));
    const steps: Step[] = [{ ...readingStep(actor.name, reading), test: "courage", pool }];
    const choices = new ChoiceReader(request);
    const decided = untilAwaited(() => {
      if (reading.net !== 1) return false;
      if (request.interactive !== true) return modifiers.spendDramaPoint ?? false;
      if (actor.dramaPoints === 0) return false;
      const waver = choices.get<WaverChoice>("actor", "Waver");
      if (waver === undefined) choices.wait("actor", "Waver", { net: reading.net, dramaPoints: actor.dramaPoints ?? null, choices: WAVER_CHOICES });
      return waver === "spend";
    });
    if ("awaiting" in decided) return awaitingOutcome(tray.rolled, steps, stageOf(decided.awaiting), decided.awaiting);
    const spend = decided.done;
    if (spend && actor.dramaPoints === 0) refuse(`${actor.name} has no Drama Point left to spend`);
    const test = { pool, reading, ...readCourage(reading.net, spend, actor.physical) };
    // Penalties given as a total; the price of a wavering pass is one more of the "other" penalty dice.
    const other = actor.otherPenalties ?? 0;
    const statuses = test.result === "failed" ? ["passed-out"] : [];
    const before = { penaltyDice: actor.penalties ?? 0, otherPenalties: other, dramaPoints: actor.dramaPoints, roundsOut: 0 };
    const after = {
      penaltyDice: (actor.penalties ?? 0) + test.penaltyGained,
      otherPenalties: other + test.penaltyGained,
      dramaPoints: actor.dramaPoints !== undefined && test.dramaPointSpent ? actor.dramaPoints - 1 : actor.dramaPoints,
      roundsOut: test.roundsOut,
    };
    return {
      dice: tray.rolled,
      steps: [...steps, courageStep(actor.name, test)],
      result: { result: test.result, net: test.reading.net, roundsOut: test.roundsOut, dramaPointSpent: test.dramaPointSpent },
      effects: [effectOf(actor.name, before, after, statuses)],
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
      result: { order: ranking.order.map((c) => c.name), first: ranking.order[0]!.name, unresolvedTies: ranking.unresolvedTies.map((group) => group.map((c) => c.name)) },
      effects: [],
    };
  },
});
