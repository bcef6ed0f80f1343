/**
 * One round of melee as the table plays it. Every fighter declares a stance, the Momentum holder
 * of each pairing after the other; every fighter builds and rolls her pools in the same order; the
 * blows land pairing by pairing (the loser rolls armour), then Shield Bashes; each fighter left
 * with a wound that calls for it takes one courage test; knock-back is checked and Momentum passes.
 * Two fighters make one pairing; a fighter against several opponents makes one pairing with each,
 * her pool split between them, and every result lands together.
 *
 * Played interactively, the round stops at the first choice still missing (choices.ts) and says
 * whose it is; given the choices made so far and the dice rolled so far, it plays on from there.
 */
import { readSuccessPool, rollSuccessPool } from "../../core/dice/successPool.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Awaiting, Step } from "../../core/outcome.js";
import type { GritFlesh } from "../../core/tracks/gritFlesh.js";
import { roundOneMomentum } from "../../core/initiative/momentum.js";
import { ChoiceReader, untilAwaited } from "./awaiting.js";
import { type ChoiceKind, type CourageChoice, MELEE_SITUATION_IDS, type PoolChoice, situationDice, type SplitEntry, type StanceChoice, stanceOfChoice, WAVER_CHOICES, type WaverChoice } from "./choices.js";
import { type Combatant, type Disadvantage, tracksOf, withTracks } from "./combatant.js";
import { couragePool, type CourageTest, readCourage } from "./courage.js";
import { type Bash, shieldBash, type Strike, strike } from "./damage.js";
import { type Judgement, judgeMelee, type Side } from "./judge.js";
import { knockBack, type KnockBack, meleeKnockDown, worseDisadvantage } from "./knockBack.js";
import { type Engagement, planSplit, splitPools, type SplitPlan, UNOPPOSED_BONUS } from "./multiple.js";
import { type DramaOptions, shieldBashGrit } from "./options.js";
import { DEFAULT_TABLES, meleePools, momentumModifier, PoolError, type PoolTables, stanceOf, weaponFlesh } from "./pools.js";
import { courageStep, knockBackStep, readingStep, strikeSteps } from "./report.js";
import { rollSide, type SideRoll, trackStatuses } from "./roll.js";
import { STANCES } from "./tables.js";

export interface PlayFighter {
  /** The participant key of the request ("a", "actor", "opponent2"...): choices are named after it. */
  key: string;
  combatant: Combatant;
}

export interface PlayPairing {
  /** The fighter whose pool is split when she has several pairings. */
  actor: string;
  opponent: string;
  /** Who holds Momentum in this pairing (a fighter key); unsaid, it is the first round. */
  momentum?: string;
  /** The actor leaves this opponent unopposed: he rolls +2Bd against nothing. */
  unopposed?: boolean;
  /** The actor's share of dice against this opponent, when her pool choice does not say. */
  split?: SplitEntry;
}

export interface PlayInput {
  fighters: PlayFighter[];
  pairings: PlayPairing[];
  /** The request's choice fields (`aStance`, `bPool`, `actorCourage`...). */
  choices: Record<string, unknown>;
  /** Await a missing choice (the table plays in turn) instead of taking the stat block's. */
  interactive: boolean;
  options: DramaOptions;
  tables?: PoolTables;
}

/** One pairing as fought. */
export interface Fight {
  pairing: PlayPairing;
  momentumBefore: string;
  /** Who built and rolled first: the side without Momentum. */
  buildsFirst: string;
  rolls: { actor: SideRoll; opponent: SideRoll };
  judgement: Judgement;
  /** A Defend or Evade won: no blow lands either way. */
  noBlow: boolean;
  struck: Partial<Record<"actor" | "opponent", Strike>>;
  bashed: Partial<Record<"actor" | "opponent", Bash & { grit: number }>>;
  knockBack?: { victim: "actor" | "opponent"; result: KnockBack };
  momentum: string;
}

export interface PlayedFighter {
  before: Combatant;
  after: Combatant;
  courage?: CourageTest;
  statuses: string[];
}

export interface PlayedRound {
  fights: Fight[];
  fighters: Record<string, PlayedFighter>;
  plan?: SplitPlan;
}

export type Play = { steps: Step[]; awaiting: Awaiting } | { steps: Step[]; round: PlayedRound };

const sideOf = (pairing: PlayPairing, key: string): "actor" | "opponent" => (pairing.actor === key ? "actor" : "opponent");
const judgeSide = (pairing: PlayPairing, key: string): Side => (pairing.actor === key ? "a" : "b");
const keyOfSide = (pairing: PlayPairing, side: Side): string => (side === "a" ? pairing.actor : pairing.opponent);
const otherKey = (pairing: PlayPairing, key: string): string => (pairing.actor === key ? pairing.opponent : pairing.actor);

/** Fighters in list order, each after every fighter that must go before it (the pairings' non-holders before their holders). */
export function inTurn(keys: readonly string[], before: ReadonlyArray<[string, string]>): string[] {
  const placed: string[] = [];
  const left = [...keys];
  while (left.length) {
    const next = left.find((key) => before.every(([first, then]) => then !== key || placed.includes(first) || !left.includes(first))) ?? left[0]!;
    placed.push(next);
    left.splice(left.indexOf(next), 1);
  }
  return placed;
}

/** Round one: who would hold Momentum on Grit alone decides who declares second (the rulebook's "Actor rank order"). */
function provisionalHolder(pairing: PlayPairing, fighters: Record<string, Combatant>): string {
  if (pairing.momentum) return pairing.momentum;
  return roundOneHolder(pairing, fighters, false).holder;
}

function roundOneHolder(pairing: PlayPairing, fighters: Record<string, Combatant>, withStance: boolean, tables?: PoolTables): { holder: string; step: Step } {
  const candidate = (key: string) => {
    const c = fighters[key]!;
    return { key, name: c.name, grit: c.grit, stanceModifier: withStance ? momentumModifier(c, tables) : 0, agility: c.agility, level: c.level ?? 0, pc: c.pc ?? false };
  };
  const ranking = roundOneMomentum([candidate(pairing.actor), candidate(pairing.opponent)]);
  const holder = ranking.order[0]!.key;
  return {
    holder,
    step: { rule: "round-one-momentum", scores: Object.fromEntries(ranking.order.map((c) => [c.name, c.grit + c.stanceModifier])), holder: fighters[holder]!.name, unresolvedTie: ranking.unresolvedTies.length > 0 },
  };
}

/** A fighter with the dice of her pool choice added (situations, extra dice, Drama dice and their cost). */
export function withPoolChoice(combatant: Combatant, choice: PoolChoice | undefined): Combatant {
  if (!choice) return combatant;
  // Stryker disable next-line ArrayDeclaration: an unknown situation adds no dice, so nothing put in this empty fallback changes a pool
  const situation = situationDice(choice.situations ?? []);
  const add = (a: number | undefined, b: number) => (a ?? 0) + b;
  const drama = add(combatant.drama, choice.drama ?? 0);
  const military = add(combatant.militaryAsArmour, choice.militaryAsArmour ?? 0);
  const spent = choice.dramaPointsSpent ?? 0;
  if (spent > (combatant.dramaPoints ?? Infinity)) throw new PoolError(`${combatant.name} has ${combatant.dramaPoints} Drama Points, cannot spend ${spent}`);
  return {
    ...combatant,
    situationalBase: add(combatant.situationalBase, situation.base + (choice.base ?? 0)),
    situationalResistance: add(combatant.situationalResistance, situation.resistance + (choice.resistance ?? 0)),
    situationalArmour: add(combatant.situationalArmour, choice.armour ?? 0),
    ...(military ? { militaryAsArmour: military } : {}),
    ...(drama ? { drama } : {}),
    ...(combatant.dramaPoints !== undefined ? { dramaPoints: combatant.dramaPoints - spent } : {}),
  };
}

/** What a fighter's pools come to before her choices, for the one who builds them. */
function poolOffer(combatant: Combatant, tables: PoolTables, own: readonly PlayPairing[], fighters: Record<string, Combatant>): Record<string, unknown> {
  const pools = meleePools(combatant, tables);
  const offer: Record<string, unknown> = {
    base: pools.base.total,
    resistance: pools.resistance.total,
    drama: pools.drama.total,
    armour: pools.armour.total,
    military: combatant.military ?? 0,
    dramaPoints: combatant.dramaPoints ?? null,
    situations: MELEE_SITUATION_IDS,
  };
  if (own.length > 1) {
    const engaged = own.filter((p) => !p.unopposed).length;
    offer.split = { ownBase: pools.base.total - pools.base.military, engaged, opponents: own.map((p) => ({ key: p.opponent, name: fighters[p.opponent]!.name, unopposed: p.unopposed === true })) };
  }
  return offer;
}

/** The actor's pairings as engagements, each with her share of dice (her pool choice's split, else the pairing's). */
function engagementsFor(actorKey: string, own: readonly PlayPairing[], fighters: Record<string, Combatant>, choice: PoolChoice | undefined): { pairing: PlayPairing; engagement: Engagement }[] {
  if (choice?.split && choice.split.length !== own.length) throw new PoolError(`the split names ${choice.split.length} opponents, ${fighters[actorKey]!.name} faces ${own.length}`);
  return own.map((pairing, i) => {
    const split = choice?.split?.[i] ?? pairing.split ?? {};
    if (pairing.unopposed && ((split.baseDice ?? 0) > 0 || (split.military ?? 0) > 0 || split.drama)) throw new PoolError(`no dice can go against ${fighters[pairing.opponent]!.name}, who is left unopposed`);
    return {
      pairing,
      engagement: { ...split, opponent: fighters[pairing.opponent]!, unopposed: pairing.unopposed === true, momentum: "actor" as const },
    };
  });
}

function poolStep(who: string, key: string, roll: SideRoll, against?: string): Step[] {
  const { base, resistance, drama } = roll.pools;
  const steps: Step[] = [
    {
      rule: "build-pools",
      who,
      side: key,
      ...(against ? { against } : {}),
      base: base.total,
      baseParts: { attribute: base.attribute, skill: base.skill, situational: base.situational, military: base.military },
      resistance: resistance.total,
      resistanceParts: { penalties: resistance.penalties, situational: resistance.situational, disadvantage: resistance.disadvantage, stance: resistance.stance },
      drama: drama.total,
      armour: roll.armourDice,
    },
    { ...readingStep(who, roll.reading), side: key, ...(against ? { against } : {}) },
  ];
  if (roll.patterns.triples > 0 || roll.patterns.quad) steps.push({ rule: "shield-pattern", who, side: key, triples: roll.patterns.triples, quad: roll.patterns.quad });
  return steps;
}

/**
 * Whether a fighter whose courage test wavers (net 1) spends a Drama Point to pass at a price. At the
 * table she is asked, unless her count says she has none left; played from the stat block, its
 * `courage.spendDramaPoint` says. Spending a point she does not have is refused.
 */
export function spendsDramaPoint(reader: ChoiceReader, key: string, fighter: Combatant, points: number | undefined, interactive: boolean): boolean {
  if (interactive && points === 0) return false;
  const spend = interactive ? askedToSpend(reader, key, points) : (fighter.courage?.spendDramaPoint ?? false);
  if (spend && points === 0) throw new PoolError(`${fighter.name} has no Drama Point left to spend`);
  return spend;
}

function askedToSpend(reader: ChoiceReader, key: string, points: number | undefined): boolean {
  const waver = reader.get<WaverChoice>(key, "Waver");
  if (waver === undefined) reader.wait(key, "Waver", { net: 1, dramaPoints: points ?? null, choices: WAVER_CHOICES });
  return waver === "spend";
}

/** Plays the round as far as the choices given allow. */
export function playRound(input: PlayInput, tray: DiceTray): Play {
  const steps: Step[] = [];
  const result = untilAwaited(() => play(input, tray, steps));
  return "done" in result ? { steps, round: result.done } : { steps, awaiting: result.awaiting };
}

function play(input: PlayInput, tray: DiceTray, steps: Step[]): PlayedRound {
  const tables = input.tables ?? DEFAULT_TABLES;
  const keys = input.fighters.map((f) => f.key);
  const start: Record<string, Combatant> = Object.fromEntries(input.fighters.map((f) => [f.key, f.combatant]));
  const fighters: Record<string, Combatant> = { ...start };
  const name = (key: string) => fighters[key]!.name;
  const reader = new ChoiceReader(input.choices);
  const choice = <T>(key: string, kind: ChoiceKind): T | undefined => reader.get<T>(key, kind);
  const wait = (key: string, kind: ChoiceKind, offer: Record<string, unknown>): never => reader.wait(key, kind, offer);

  // 1. Stances, each pairing's (provisional) Momentum holder after the other.
  const provisional = input.pairings.map((p) => provisionalHolder(p, start));
  const declareOrder = inTurn(
    keys,
    input.pairings.map((p, i) => [otherKey(p, provisional[i]!), provisional[i]!]),
  );
  for (const key of declareOrder) {
    const c = fighters[key]!;
    const given = input.interactive ? (choice<StanceChoice>(key, "Stance") ?? (c.stance ? { stance: c.stance, ...(c.dramatic ? { dramatic: c.dramatic } : {}) } : undefined)) : { stance: c.stance ?? "stand", ...(c.dramatic ? { dramatic: c.dramatic } : {}) };
    if (given === undefined) {
      const against = input.pairings.filter((p) => p.actor === key || p.opponent === key).map((p) => ({ key: otherKey(p, key), name: name(otherKey(p, key)), stance: fighters[otherKey(p, key)]!.stance ?? null }));
      wait(key, "Stance", { stances: STANCES, against });
    }
    const declared = stanceOfChoice(given!);
    const { dramatic: _old, ...rest } = c;
    fighters[key] = { ...rest, stance: declared.stance, ...(declared.dramatic ? { dramatic: declared.dramatic } : {}) };
    steps.push({ rule: "stance", who: name(key), side: key, stance: declared.stance, ...(declared.dramatic ? { dramatic: declared.dramatic } : {}) });
  }

  // 2. Momentum: as held, or in the first round from Grit and the stances just declared.
  const holders = input.pairings.map((p) => {
    if (p.momentum) return p.momentum;
    const first = roundOneHolder(p, fighters, true, tables);
    steps.push(first.step);
    return first.holder;
  });
  input.pairings.forEach((p, i) => steps.push({ rule: "momentum-holder", holder: name(holders[i]!), buildsFirst: name(otherKey(p, holders[i]!)), ...(input.pairings.length > 1 ? { pairing: [p.actor, p.opponent] } : {}) }));

  // 3. Pools, built and rolled in turn: each pairing's side without Momentum first.
  const buildOrder = inTurn(
    keys,
    input.pairings.map((p, i) => [otherKey(p, holders[i]!), holders[i]!]),
  );
  const rolls: Partial<Record<"actor" | "opponent", SideRoll>>[] = input.pairings.map(() => ({}));
  let plan: SplitPlan | undefined;
  for (const key of buildOrder) {
    const own = input.pairings.filter((p) => p.actor === key);
    const poolChoice = input.interactive ? choice<PoolChoice>(key, "Pool") : undefined;
    if (input.interactive && poolChoice === undefined) wait(key, "Pool", poolOffer(fighters[key]!, tables, own, fighters));
    const built = withPoolChoice(fighters[key]!, poolChoice);
    fighters[key] = built;
    if (own.length > 1 || own.some((p) => p.unopposed)) {
      const engagements = engagementsFor(key, own, fighters, poolChoice);
      const pools = meleePools(built, tables);
      plan = planSplit(pools, engagements.map((e) => e.engagement));
      for (const [i, { pairing }] of engagements.entries()) {
        const split = splitPools(pools, plan, i, pairing.unopposed === true);
        const roll = rollSide(built, split, tray, ` (vs ${name(pairing.opponent)})`);
        rolls[input.pairings.indexOf(pairing)]!.actor = roll;
        steps.push(...poolStep(name(key), key, roll, name(pairing.opponent)));
      }
      continue;
    }
    if (poolChoice?.split && poolChoice.split.length > 1) throw new PoolError(`${name(key)} faces one opponent: there is nothing to split`);
    for (const pairing of input.pairings.filter((p) => p.actor === key || p.opponent === key)) {
      const side = sideOf(pairing, key);
      // Here only as the opponent: an actor who leaves anyone unopposed rolled her split above.
      const fighter = pairing.unopposed ? { ...built, situationalBase: (built.situationalBase ?? 0) + UNOPPOSED_BONUS } : built;
      const roll = rollSide(fighter, meleePools(fighter, tables), tray);
      rolls[input.pairings.indexOf(pairing)]![side] = roll;
      steps.push(...poolStep(name(key), key, roll));
    }
  }

  // 4. Each pairing's outcome and blows, then its Shield Bashes.
  const state: Record<string, GritFlesh> = Object.fromEntries(keys.map((k) => [k, tracksOf(fighters[k]!)]));
  const calls: Record<string, { woundFlesh: number; penaltiesBefore: number }[]> = Object.fromEntries(keys.map((k) => [k, []]));
  const bleeds = input.options.seriousWoundsBleed;
  const fights: Fight[] = input.pairings.map((pairing, i) => {
    const r = rolls[i]!;
    const pair = { actor: r.actor!, opponent: r.opponent! };
    const holder = holders[i]!;
    const judgement = judgeMelee(pair.actor.reading, pair.opponent.reading, judgeSide(pairing, holder), input.options);
    steps.push({
      rule: "opposed-outcome",
      kind: judgement.kind,
      winner: judgement.winner === "none" ? null : name(keyOfSide(pairing, judgement.winner)),
      nets: { [pairing.actor]: pair.actor.reading.net, [pairing.opponent]: pair.opponent.reading.net },
      level: judgement.level,
      blow: judgement.blow,
      loserCriticalBlow: judgement.loserCriticalBlow,
    });
    const winnerKey = judgement.winner === "none" ? null : keyOfSide(pairing, judgement.winner);
    const noBlow = winnerKey !== null && stanceOf(fighters[winnerKey]!, tables).winLandsNoBlow;
    const fight: Fight = { pairing, momentumBefore: holder, buildsFirst: otherKey(pairing, holder), rolls: pair, judgement, noBlow, struck: {}, bashed: {}, momentum: winnerKey ?? holder };
    if (noBlow) steps.push({ rule: "no-blow", defender: name(winnerKey!) });
    const land = (victim: string, hit: Strike) => {
      state[victim] = hit.state;
      fight.struck[sideOf(pairing, victim)] = hit;
      steps.push(...strikeSteps(name(victim), hit).map((step) => ({ ...step, side: victim })));
      if (hit.courageTest && hit.wound) calls[victim]!.push({ woundFlesh: hit.wound.flesh, penaltiesBefore: hit.penaltiesBefore });
    };
    if (winnerKey && !noBlow) {
      const loserKey = otherKey(pairing, winnerKey);
      // A round with a winner always lands a blow, full or limited.
      const blow = { kind: judgement.blow as "full" | "limited", level: judgement.level, weaponFlesh: weaponFlesh(fighters[winnerKey]!, tables), criticalHit: pair[sideOf(pairing, winnerKey)].reading.critical, armourDice: pair[sideOf(pairing, loserKey)].armourDice, seriousBleeds: bleeds };
      land(loserKey, strike(state[loserKey]!, blow, tray, `${name(loserKey)} armour`));
      if (judgement.loserCriticalBlow) {
        const back = { kind: "limited" as const, level: 0, weaponFlesh: 0, criticalHit: true, armourDice: pair[sideOf(pairing, winnerKey)].armourDice, seriousBleeds: bleeds };
        land(winnerKey, strike(state[winnerKey]!, back, tray, `${name(winnerKey)} armour`));
      }
    }
    for (const key of [pairing.actor, pairing.opponent]) {
      // Only a shield bearer's dice are read for patterns, so a quad means a shield.
      if (!pair[sideOf(pairing, key)].patterns.quad) continue;
      const grit = shieldBashGrit(input.options, fighters[key]!.shield!);
      if (grit <= 0) continue;
      const target = otherKey(pairing, key);
      const bash = shieldBash(state[target]!, grit, bleeds);
      state[target] = bash.state;
      fight.bashed[sideOf(pairing, target)] = { ...bash, grit };
      steps.push({ rule: "shield-bash", who: name(target), side: target, by: name(key), grit, gritLost: bash.gritLost, transferredToFlesh: bash.transferred, wound: bash.wound?.flesh ?? 0, flesh: bash.state.flesh, courageTest: bash.courageTest });
      if (bash.courageTest && bash.wound) calls[target]!.push({ woundFlesh: bash.wound.flesh, penaltiesBefore: bash.penaltiesBefore });
    }
    return fight;
  });

  // 5. One courage test for each fighter a wound calls it for (the largest such wound), still conscious.
  const courage: Record<string, CourageTest> = {};
  const extraPenalties: Record<string, number> = {};
  const dramaPoints: Record<string, number | undefined> = Object.fromEntries(keys.map((k) => [k, fighters[k]!.dramaPoints]));
  for (const key of keys) {
    const due = calls[key]!.reduce<{ woundFlesh: number; penaltiesBefore: number } | null>((worst, call) => (!worst || call.woundFlesh > worst.woundFlesh ? call : worst), null);
    if (!due || state[key]!.flesh <= 0) continue;
    const fighter = fighters[key]!;
    const modifiers = input.interactive ? choice<CourageChoice>(key, "Courage") : (fighter.courage ?? {});
    const base = { maxFlesh: state[key]!.maxFlesh, penalties: due.penaltiesBefore, woundFlesh: due.woundFlesh, physical: fighter.physical };
    if (modifiers === undefined) wait(key, "Courage", { woundFlesh: due.woundFlesh, pool: couragePool(base) });
    const input_ = { ...base, modifiers: modifiers! };
    const pool = couragePool(input_);
    const reading = readSuccessPool(rollSuccessPool(tray, pool, { base: `${fighter.name} courage base`, resistance: `${fighter.name} courage resistance`, drama: `${fighter.name} courage drama` }));
    const points = dramaPoints[key];
    const spend = reading.net === 1 && spendsDramaPoint(reader, key, fighter, points, input.interactive);
    if (spend && points !== undefined) dramaPoints[key] = points - 1;
    const test: CourageTest = { pool, reading, ...readCourage(reading.net, spend, fighter.physical) };
    courage[key] = test;
    extraPenalties[key] = test.penaltyGained;
    steps.push({ ...readingStep(fighter.name, reading), side: key, test: "courage", pool }, { ...courageStep(fighter.name, test), side: key });
  }

  // 6. Knock-back of each pairing's loser after a full blow; the worst of a fighter's stands.
  const disadvantage: Record<string, Disadvantage> = Object.fromEntries(keys.map((k) => [k, "none" as Disadvantage]));
  for (const fight of fights) {
    const { judgement, pairing } = fight;
    if (fight.noBlow || judgement.blow !== "full") continue;
    // A full blow always has a winner, and the winner takes Momentum.
    const winnerKey = fight.momentum;
    const loserKey = otherKey(pairing, winnerKey);
    const knockDown = meleeKnockDown(judgement.level, fighters[winnerKey]!.physical, stanceOf(fighters[winnerKey]!, tables));
    const result = knockBack(knockDown, fighters[loserKey]!, stanceOf(fighters[loserKey]!, tables));
    fight.knockBack = { victim: sideOf(pairing, loserKey), result };
    disadvantage[loserKey] = worseDisadvantage(disadvantage[loserKey]!, result.result);
    steps.push({ ...knockBackStep(name(loserKey), result, fighters[loserKey]!.agility), side: loserKey });
  }

  // 7. Momentum passes to each pairing's winner.
  for (const fight of fights) steps.push({ rule: "momentum-passes", to: name(fight.momentum), ...(fights.length > 1 ? { pairing: [fight.pairing.actor, fight.pairing.opponent] } : {}) });

  const played: Record<string, PlayedFighter> = {};
  for (const key of keys) {
    const tracks = { ...state[key]!, otherPenalties: state[key]!.otherPenalties + (extraPenalties[key] ?? 0) };
    const test = courage[key];
    const points = dramaPoints[key];
    const after: Combatant = {
      ...withTracks(fighters[key]!, tracks),
      disadvantage: disadvantage[key]!,
      ...(points !== undefined ? { dramaPoints: points } : {}),
      ...(test?.result === "failed" ? { roundsOut: test.roundsOut } : {}),
    };
    const statuses = trackStatuses(after);
    if (test?.result === "failed") statuses.push("passed-out");
    if (disadvantage[key] !== "none") statuses.push(disadvantage[key] === "doubly" ? "doubly-disadvantaged" : "disadvantaged");
    if (disadvantage[key] === "doubly") statuses.push("prone");
    played[key] = { before: start[key]!, after, ...(test ? { courage: test } : {}), statuses: [...new Set(statuses)] };
  }
  return { fights, fighters: played, ...(plan ? { plan } : {}) };
}
