/**
 * One round of melee as the table plays it (the rulebook's Order of a round). Every fighter declares
 * a stance: in the first round in Actor rank order (rank.ts), later the Momentum holder of each
 * pairing after the other. Every fighter then builds her pools in turn, the holder after the other,
 * seeing what was allocated before her but no die; only once every pool is built are they rolled.
 * The blows land pairing by pairing (the loser rolls armour), then Shield Bashes (armour meets the
 * Flesh they spill); each wound that calls for it gets its own courage test; knock-back is checked
 * and Momentum passes. A fighter in several pairings splits her pool between them (build.ts), and
 * every result lands together.
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
import { allocationOf, type Built, buildShares, buildStep, poolOffer } from "./build.js";
import { type ChoiceKind, type CourageChoice, type PoolChoice, type StanceChoice, stanceOfChoice, WAVER_CHOICES, type WaverChoice } from "./choices.js";
import { type Combatant, type Disadvantage, tracksOf, withTracks } from "./combatant.js";
import { couragePool, type CourageTest, readCourage } from "./courage.js";
import { type Bash, shieldBash, type Strike, strike } from "./damage.js";
import { type Judgement, judgeMelee, type Side } from "./judge.js";
import { knockBack, type KnockBack, meleeKnockDown, worseDisadvantage } from "./knockBack.js";
import { checkLineUp, inPairing, inTurn, otherKey, type PairingSide, type PlayFighter, type PlayPairing, sideOf } from "./lineup.js";
import type { SplitPlan } from "./multiple.js";
import { type DramaOptions, shieldBashGrit } from "./options.js";
import { DEFAULT_TABLES, momentumModifier, PoolError, type PoolTables, stanceOf, weaponFlesh } from "./pools.js";
import { declaresSecond } from "./rank.js";
import { courageStep, knockBackStep, readingStep, strikeSteps } from "./report.js";
import { rollSide, type SideRoll, trackStatuses } from "./roll.js";
import { STANCES } from "./tables.js";

export { withPoolChoice } from "./build.js";
export { inTurn, type PlayFighter, type PlayPairing } from "./lineup.js";

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
  /** Who built (and rolled) first: the side without Momentum. */
  buildsFirst: string;
  rolls: { actor: SideRoll; opponent: SideRoll };
  judgement: Judgement;
  /** A Defend or Evade won: no blow lands either way. */
  noBlow: boolean;
  struck: Partial<Record<PairingSide, Strike>>;
  bashed: Partial<Record<PairingSide, Bash & { grit: number }>>;
  knockBack?: { victim: PairingSide; result: KnockBack };
  momentum: string;
}

export interface PlayedFighter {
  before: Combatant;
  after: Combatant;
  /** The last courage test she took this round (the one that decided), if any. */
  courage?: CourageTest;
  /** Every courage test she took, one per wound that called for one, in the order they landed. */
  courageTests: CourageTest[];
  statuses: string[];
}

export interface PlayedRound {
  fights: Fight[];
  fighters: Record<string, PlayedFighter>;
  /** How each fighter who shared out her dice split them, by key. */
  plans: Record<string, SplitPlan>;
}

export type Play = { steps: Step[]; awaiting: Awaiting } | { steps: Step[]; round: PlayedRound };

const judgeSide = (pairing: PlayPairing, key: string): Side => (pairing.actor === key ? "a" : "b");
const keyOfSide = (pairing: PlayPairing, side: Side): string => (side === "a" ? pairing.actor : pairing.opponent);

/**
 * Whether a fighter is already fighting when this pairing meets for the first time: she holds or
 * faces Momentum in another pairing of the round, or her stat block says she is engaged. Whoever
 * joins her meets her as Standing (Joining the Melee), since a stance's Momentum modifier counts
 * only on joining a fight.
 */
export function alreadyEngaged(key: string, fighter: Combatant, pairings: readonly PlayPairing[]): boolean {
  return fighter.engaged === true || pairings.some((p) => p.momentum !== undefined && inPairing(p, key));
}

function roundOneHolder(pairing: PlayPairing, fighters: Record<string, Combatant>, engaged: (key: string) => boolean, tables: PoolTables): { holder: string; step: Step } {
  const candidate = (key: string) => {
    const c = fighters[key]!;
    return { key, name: c.name, grit: c.grit, stanceModifier: engaged(key) ? 0 : momentumModifier(c, tables), agility: c.agility, level: c.level ?? 0, pc: c.pc ?? false };
  };
  const ranking = roundOneMomentum([candidate(pairing.actor), candidate(pairing.opponent)]);
  const holder = ranking.order[0]!.key;
  const standing = [pairing.actor, pairing.opponent].filter(engaged).map((key) => fighters[key]!.name);
  return {
    holder,
    step: {
      rule: "round-one-momentum",
      scores: Object.fromEntries(ranking.order.map((c) => [c.name, c.grit + c.stanceModifier])),
      holder: fighters[holder]!.name,
      unresolvedTie: ranking.unresolvedTies.length > 0,
      ...(standing.length ? { engagedStanding: standing } : {}),
    },
  };
}

/** Who of a pairing declares her stance second: the Momentum holder, or in the first round the higher in Actor rank. */
function declaresLast(pairing: PlayPairing, keys: readonly string[], fighters: Record<string, Combatant>): string {
  if (pairing.momentum) return pairing.momentum;
  // The two in the order the fight names them, whoever is the pairing's actor: a full tie in rank goes to the later named.
  const named: [string, string] = [pairing.actor, pairing.opponent];
  const [first, second] = named.sort((x, y) => keys.indexOf(x) - keys.indexOf(y));
  return declaresSecond({ key: first, ...fighters[first]! }, { key: second, ...fighters[second]! }).key;
}

/**
 * Whether a fighter whose courage test wavers (net 1) spends a Drama Point to pass. At the table she
 * is asked (her `n`th waver of the round), unless her count says she has none left; played from the
 * stat block, its `courage.spendDramaPoint` says. Spending a point she does not have is refused.
 */
export function spendsDramaPoint(reader: ChoiceReader, key: string, fighter: Pick<Combatant, "name" | "courage">, points: number | undefined, interactive: boolean, n = 1): boolean {
  if (interactive && points === 0) return false;
  const spend = interactive ? askedToSpend(reader, key, points, n) : (fighter.courage?.spendDramaPoint ?? false);
  if (spend && points === 0) throw new PoolError(`${fighter.name} has no Drama Point left to spend`);
  return spend;
}

function askedToSpend(reader: ChoiceReader, key: string, points: number | undefined, n: number): boolean {
  const waver = reader.get<WaverChoice>(key, "Waver", n);
  if (waver === undefined) reader.wait(key, "Waver", { net: 1, dramaPoints: points ?? null, choices: WAVER_CHOICES }, n);
  return waver === "spend";
}

/** Plays the round as far as the choices given allow. */
export function playRound(input: PlayInput, tray: DiceTray): Play {
  const steps: Step[] = [];
  const result = untilAwaited(() => play(input, tray, steps));
  return "done" in result ? { steps, round: result.done } : { steps, awaiting: result.awaiting };
}

/** A wound that calls a courage test: its Flesh, and the penalty dice held before it landed. */
interface CourageCall {
  woundFlesh: number;
  penaltiesBefore: number;
}

function play(input: PlayInput, tray: DiceTray, steps: Step[]): PlayedRound {
  checkLineUp(input.fighters, input.pairings);
  const tables = input.tables ?? DEFAULT_TABLES;
  const keys = input.fighters.map((f) => f.key);
  const start: Record<string, Combatant> = Object.fromEntries(input.fighters.map((f) => [f.key, f.combatant]));
  const fighters: Record<string, Combatant> = { ...start };
  const name = (key: string) => fighters[key]!.name;
  const pairingsOf = (key: string) => input.pairings.filter((p) => inPairing(p, key));
  const reader = new ChoiceReader(input.choices);
  const choice = <T>(key: string, kind: ChoiceKind, n = 1): T | undefined => reader.get<T>(key, kind, n);
  const wait = (key: string, kind: ChoiceKind, offer: Record<string, unknown>, n = 1): never => reader.wait(key, kind, offer, n);

  // 1. Stances: round one in Actor rank order, later each pairing's Momentum holder after the other.
  const declareOrder = inTurn(
    keys,
    input.pairings.map((p) => {
      const last = declaresLast(p, keys, start);
      return [otherKey(p, last), last];
    }),
  );
  for (const key of declareOrder) {
    const c = fighters[key]!;
    const given = input.interactive ? (choice<StanceChoice>(key, "Stance") ?? (c.stance ? { stance: c.stance, ...(c.dramatic ? { dramatic: c.dramatic } : {}) } : undefined)) : { stance: c.stance ?? "stand", ...(c.dramatic ? { dramatic: c.dramatic } : {}) };
    if (given === undefined) {
      const against = pairingsOf(key).map((p) => ({ key: otherKey(p, key), name: name(otherKey(p, key)), stance: fighters[otherKey(p, key)]!.stance ?? null }));
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
    const first = roundOneHolder(p, fighters, (key) => alreadyEngaged(key, fighters[key]!, input.pairings), tables);
    steps.push(first.step);
    return first.holder;
  });
  input.pairings.forEach((p, i) => steps.push({ rule: "momentum-holder", holder: name(holders[i]!), buildsFirst: name(otherKey(p, holders[i]!)), ...(input.pairings.length > 1 ? { pairing: [p.actor, p.opponent] } : {}) }));

  // 3. Pools, built in turn (each pairing's side without Momentum first), each builder seeing the
  // allocations made before her; no die is rolled until every pool is built.
  const buildOrder = inTurn(
    keys,
    input.pairings.map((p, i) => [otherKey(p, holders[i]!), holders[i]!]),
  );
  const built: Record<string, Built> = {};
  const shareOf = (pairing: PlayPairing, key: string) => built[key]!.shares[pairingsOf(key).indexOf(pairing)]!;
  for (const key of buildOrder) {
    const own = pairingsOf(key);
    const poolChoice = input.interactive ? choice<PoolChoice>(key, "Pool") : undefined;
    if (input.interactive && poolChoice === undefined) {
      // Each opponent built before her did so at the table: his pool choice is in the request.
      const seen = own.filter((p) => built[otherKey(p, key)]).map((p) => {
        const other = otherKey(p, key);
        return { key: other, name: name(other), ...allocationOf(built[other]!, shareOf(p, other), choice<PoolChoice>(other, "Pool")!) };
      });
      wait(key, "Pool", { ...poolOffer(key, own, fighters, tables), against: seen });
    }
    const made = buildShares(key, own, fighters, poolChoice, tables);
    built[key] = made;
    fighters[key] = made.fighter;
    for (const share of made.shares) steps.push(buildStep(name(key), key, share));
    if (made.plan) steps.push({ rule: "split-pool", who: name(key), side: key, base: made.plan.base, military: made.plan.military, dramaTo: made.plan.dramaTo >= 0 ? name(otherKey(own[made.plan.dramaTo]!, key)) : null });
  }

  // 4. Every pool built: they are rolled, in the order they were built.
  const rolls: Partial<Record<PairingSide, SideRoll>>[] = input.pairings.map(() => ({}));
  for (const key of buildOrder) {
    pairingsOf(key).forEach((pairing, i) => {
      const share = built[key]!.shares[i]!;
      const roll = rollSide(fighters[key]!, share.pools, tray, share.against ? ` (vs ${share.against})` : "");
      rolls[input.pairings.indexOf(pairing)]![sideOf(pairing, key)] = roll;
      const against = share.against ? { against: share.against } : {};
      steps.push({ ...readingStep(name(key), roll.reading), side: key, ...against });
      if (roll.patterns.triples > 0 || roll.patterns.quad) steps.push({ rule: "shield-pattern", who: name(key), side: key, ...against, triples: roll.patterns.triples, quad: roll.patterns.quad });
    });
  }

  // 5. Each pairing's outcome and blows, then its Shield Bashes.
  const state: Record<string, GritFlesh> = Object.fromEntries(keys.map((k) => [k, tracksOf(fighters[k]!)]));
  const calls: Record<string, CourageCall[]> = Object.fromEntries(keys.map((k) => [k, []]));
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
      const blow = {
        kind: judgement.blow as "full" | "limited",
        level: judgement.level,
        weaponFlesh: weaponFlesh(fighters[winnerKey]!, tables),
        extraFlesh: shareOf(pairing, winnerKey).extraFlesh,
        criticalHit: pair[sideOf(pairing, winnerKey)].reading.critical,
        armourDice: pair[sideOf(pairing, loserKey)].armourDice,
        seriousBleeds: bleeds,
      };
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
      const bash = shieldBash(state[target]!, grit, pair[sideOf(pairing, target)].armourDice, tray, `${name(target)} armour`, bleeds);
      state[target] = bash.state;
      fight.bashed[sideOf(pairing, target)] = { ...bash, grit };
      steps.push({ rule: "shield-bash", who: name(target), side: target, by: name(key), grit, gritLost: bash.gritLost, transferredToFlesh: bash.transferred, armourDice: bash.armourFaces.length, blocks: bash.blocks, wound: bash.wound?.flesh ?? 0, flesh: bash.state.flesh, courageTest: bash.courageTest });
      if (bash.courageTest && bash.wound) calls[target]!.push({ woundFlesh: bash.wound.flesh, penaltiesBefore: bash.penaltiesBefore });
    }
    return fight;
  });

  // 6. A courage test for each wound that called one, in the order they landed, while the fighter
  // is still conscious; a test she fails puts her out, and her later wounds ask no more of her.
  const tests: Record<string, CourageTest[]> = Object.fromEntries(keys.map((k) => [k, []]));
  const dramaPoints: Record<string, number | undefined> = Object.fromEntries(keys.map((k) => [k, fighters[k]!.dramaPoints]));
  for (const key of keys) {
    if (state[key]!.flesh <= 0) continue;
    const fighter = fighters[key]!;
    const due = calls[key]!;
    for (const [i, call] of due.entries()) {
      const n = i + 1;
      const modifiers = input.interactive ? choice<CourageChoice>(key, "Courage", n) : (fighter.courage ?? {});
      const base = { maxFlesh: state[key]!.maxFlesh, penalties: call.penaltiesBefore, woundFlesh: call.woundFlesh, physical: fighter.physical };
      if (modifiers === undefined) wait(key, "Courage", { woundFlesh: call.woundFlesh, pool: couragePool(base), ...(due.length > 1 ? { test: n, of: due.length } : {}) }, n);
      const pool = couragePool({ ...base, modifiers: modifiers! });
      const reading = readSuccessPool(rollSuccessPool(tray, pool, { base: `${fighter.name} courage base`, resistance: `${fighter.name} courage resistance`, drama: `${fighter.name} courage drama` }));
      const points = dramaPoints[key];
      const spend = reading.net === 1 && spendsDramaPoint(reader, key, fighter, points, input.interactive, n);
      if (spend && points !== undefined) dramaPoints[key] = points - 1;
      const test: CourageTest = { pool, reading, ...readCourage(reading.net, spend, fighter.physical) };
      tests[key]!.push(test);
      steps.push({ ...readingStep(fighter.name, reading), side: key, test: "courage", pool }, { ...courageStep(fighter.name, test), side: key });
      if (test.result === "failed") break;
    }
  }

  // 7. Knock-back of each pairing's loser after a full blow; the worst of a fighter's stands.
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

  // 8. Momentum passes to each pairing's winner.
  for (const fight of fights) steps.push({ rule: "momentum-passes", to: name(fight.momentum), ...(fights.length > 1 ? { pairing: [fight.pairing.actor, fight.pairing.opponent] } : {}) });

  const played: Record<string, PlayedFighter> = {};
  for (const key of keys) {
    const taken = tests[key]!;
    const last = taken.at(-1);
    const points = dramaPoints[key];
    const failed = last?.result === "failed";
    const after: Combatant = {
      ...withTracks(fighters[key]!, state[key]!),
      disadvantage: disadvantage[key]!,
      ...(points !== undefined ? { dramaPoints: points } : {}),
      ...(failed ? { roundsOut: last.roundsOut } : {}),
    };
    const statuses = trackStatuses(after);
    if (failed) statuses.push("passed-out");
    if (disadvantage[key] !== "none") statuses.push(disadvantage[key] === "doubly" ? "doubly-disadvantaged" : "disadvantaged");
    if (disadvantage[key] === "doubly") statuses.push("prone");
    played[key] = { before: start[key]!, after, ...(last ? { courage: last } : {}), courageTests: taken, statuses: [...new Set(statuses)] };
  }
  const plans = Object.fromEntries(Object.entries(built).flatMap(([key, b]) => (b.plan ? [[key, b.plan]] : [])));
  return { fights, fighters: played, plans };
}
