import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { roundOneMomentum, shootingOrder } from "../../core/initiative/momentum.js";
import { type Awaiting, awaitingOutcome, effectOf, type Outcome, type Step } from "../../core/outcome.js";
import { withDefaults } from "../options.js";
import { defineAction } from "../ruleset.js";
import type { Combatant } from "./combatant.js";
import { readSuccessPool, rollSuccessPool } from "../../core/dice/successPool.js";
import { RuleError } from "../../core/ruleError.js";
import { ChoiceReader, untilAwaited } from "./awaiting.js";
import { CHOICE_KINDS } from "./choices.js";
import { couragePool, readCourage } from "./courage.js";
import type { Side } from "./judge.js";
import { DRAMA_OPTIONS, type DramaOptions } from "./options.js";
import { checkInAction } from "./lineup.js";
import { type Fight, type PlayedRound, type PlayInput, playRound, spendsDramaPoint } from "./play.js";
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
    // Each fighter can be struck and Shield Bashed in the round: two wounds, two courage tests.
    ...choiceFields(["a", "b"], CHOICE_KINDS, 2),
    options: Options,
  },
  closed,
);

/** What a round awaiting a choice has settled so far. */
export function stageOf(awaiting: Awaiting): Record<string, unknown> {
  return { awaiting: awaiting.choice, by: awaiting.by };
}

/**
 * A round played as far as the request's choices go: the outcome awaiting the next choice, or the
 * round's outcome with `report` as its result and every fighter's effect, in the order they were named.
 */
export function playAsAsked(
  request: { interactive?: boolean; options?: Partial<DramaOptions> } & Record<string, unknown>,
  fighters: PlayInput["fighters"],
  pairings: PlayInput["pairings"],
  tray: DiceTray,
  report: (round: PlayedRound, nameOf: (key: string) => string) => Record<string, unknown>,
): Outcome {
  const played = playRound({ fighters, pairings, choices: request, interactive: request.interactive === true, options: optionsOf(request.options) }, tray);
  if ("awaiting" in played) return awaitingOutcome(tray.rolled, played.steps, stageOf(played.awaiting), played.awaiting);
  const { round } = played;
  const nameOf = (key: string) => round.fighters[key]!.before.name;
  return {
    dice: tray.rolled,
    steps: played.steps,
    result: report(round, nameOf),
    effects: fighters.map(({ key }) => effectBetween(round.fighters[key]!.before, round.fighters[key]!.after, round.fighters[key]!.statuses)),
  };
}

export const melee = defineAction({
  summary: "One opposed melee round between two combatants: stances, pools, outcome, damage, courage, knock-back, Momentum.",
  request: MeleeRequest,
  resolve(request: Static<typeof MeleeRequest>, tray: DiceTray) {
    const fighters = [
      { key: "a", combatant: request.a as Combatant },
      { key: "b", combatant: request.b as Combatant },
    ];
    return playAsAsked(request, fighters, [{ actor: "a", opponent: "b", ...(request.momentum ? { momentum: request.momentum } : {}) }], tray, (round, nameOf) => {
      const fight = round.fights[0]!;
      const j = fight.judgement;
      return {
        kind: j.kind,
        winner: j.winner === "none" ? null : nameOf(j.winner),
        level: j.level,
        blow: fight.noBlow ? "none" : j.blow,
        knockBack: fight.knockBack?.result.result ?? "none",
        momentum: nameOf(fight.momentum),
        momentumSide: fight.momentum,
      };
    });
  },
});

/** One pairing's result as an action reports it: the outcome, its winner and who holds Momentum now (by name, and by key). */
export function fightResult(fight: Fight, nameOf: (key: string) => string): Record<string, unknown> {
  const { winner, kind, level } = fight.judgement;
  const winnerKey = winner === "none" ? null : winner === "a" ? fight.pairing.actor : fight.pairing.opponent;
  return { kind, winner: winnerKey ? nameOf(winnerKey) : null, level, momentum: nameOf(fight.momentum), momentumSide: fight.momentum };
}

/** At most this many opponents in one round against several. */
export const MAX_OPPONENTS = 8;
export const OPPONENT_KEYS = Array.from({ length: MAX_OPPONENTS }, (_, i) => `opponent${i + 1}`);

const MultipleRequest = Type.Object(
  {
    actor: CombatantSchema,
    opponents: Type.Array(EngagementSchema, { minItems: 1, maxItems: MAX_OPPONENTS }),
    interactive: Interactive,
    // A blow and a Shield Bash in each pairing: up to two courage tests per opponent faced.
    ...choiceFields(["actor"], CHOICE_KINDS, 2 * MAX_OPPONENTS),
    ...choiceFields(OPPONENT_KEYS, CHOICE_KINDS, 2),
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
    const pairings = request.opponents.map((e, i) => ({
      actor: "actor",
      opponent: keys[i]!,
      ...(e.momentum ? { momentum: e.momentum === "actor" ? "actor" : keys[i]! } : {}),
      unopposed: e.unopposed,
      // The engagement carries the actor's share (baseDice, military, drama) as the split reads it.
      split: e,
    }));
    const fighters = [{ key: "actor", combatant: actor }, ...request.opponents.map((e, i) => ({ key: keys[i]!, combatant: e.opponent as Combatant }))];
    return playAsAsked(request, fighters, pairings, tray, (round, nameOf) => ({
      fights: round.fights.map((fight) => ({ opponent: nameOf(fight.pairing.opponent), ...fightResult(fight, nameOf) })),
      actorDisadvantage: round.fighters.actor!.after.disadvantage,
    }));
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
    ...(pool.extraFlesh ? { extraFlesh: (given.extraFlesh ?? 0) + pool.extraFlesh } : {}),
    ...(given.dramaPoints !== undefined ? { dramaPoints: given.dramaPoints - spent } : {}),
  };
}

export const ranged = defineAction({
  summary: "One shot: an unopposed test against the range/visibility/wind/movement/size table; hit, marginal hit or miss.",
  request: RangedRequest,
  resolve(request: Static<typeof RangedRequest>, tray: DiceTray) {
    const given = request.shooter as Combatant;
    checkInAction(given);
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
    const decided = untilAwaited(() => reading.net === 1 && spendsDramaPoint(choices, "actor", { name: actor.name, courage: modifiers }, actor.dramaPoints, request.interactive === true));
    if ("awaiting" in decided) return awaitingOutcome(tray.rolled, steps, stageOf(decided.awaiting), decided.awaiting);
    const spend = decided.done;
    const test = { pool, reading, ...readCourage(reading.net, spend, actor.physical) };
    // A Drama Point is the whole price of a wavering pass: the penalty dice stay as they were.
    const statuses = test.result === "failed" ? ["passed-out"] : [];
    const before = { dramaPoints: actor.dramaPoints, roundsOut: 0 };
    const after = { dramaPoints: actor.dramaPoints !== undefined && test.dramaPointSpent ? actor.dramaPoints - 1 : actor.dramaPoints, roundsOut: test.roundsOut };
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
      // An engaged fighter counts as Standing for whoever joins her (Joining the Melee).
      stanceModifier: c.engaged ? 0 : STANCE_TABLE[c.stance ?? "stand"].momentum + (c.stance === "dramatic" ? (c.dramaticMomentum ?? 0) : 0),
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
