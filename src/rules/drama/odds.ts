import type { Static } from "@sinclair/typebox";
import { readArmour } from "../../core/dice/successPool.js";
import { DiceTray, givenFaces } from "../../core/dice/source.js";
import { binomial, type Dense } from "../../core/odds/dense.js";
import { type BaseTag, type PoolChance, successPoolOdds, TRIM } from "../../core/odds/successPool.js";
import type { Observation, Odds } from "../../core/odds/odds.js";
import type { Outcome } from "../../core/outcome.js";
import type { GritFlesh } from "../../core/tracks/gritFlesh.js";
import { withDefaults } from "../options.js";
import { refusalsOf, tallyFor } from "../odds.js";
import { type ActionOdds, defineOdds, type RulesetAction } from "../ruleset.js";
import { courage, firstRoundMomentum, melee, multiple, OPPONENT_KEYS, ranged, shooterWithPool } from "./actions.js";
import { choiceField, type PoolChoice, type StanceChoice, stanceOfChoice } from "./choices.js";
import { withPoolChoice } from "./play.js";
import { type Combatant, tracksOf } from "./combatant.js";
import { couragePool, readCourage } from "./courage.js";
import { type BlowSpec, shieldBash, strike } from "./damage.js";
import { judgeMelee, type Side } from "./judge.js";
import { DRAMA_OPTIONS, type DramaOptions, shieldBashGrit } from "./options.js";
import { shieldPatterns } from "./patterns.js";
import { armourPool, type MeleePools, meleePools, stanceOf, weaponFlesh } from "./pools.js";
import { rangedPool, readShot, type RangedSituation } from "./ranged.js";
import type { CourageModifiersSchema } from "./schemas.js";
import { skirmish, SKIRMISHER_KEYS } from "./skirmish.js";
import { type RangedBonus, SHIELD_TRIPLE_DICE } from "./tables.js";

/**
 * Exact odds of Drama in History's pools. Each side's pools are built by the rules' own builders
 * (meleePools, rangedPool, couragePool) and read by successPoolOdds, which classifies every face with
 * the rules' reader; a shield bearer's Bd are also read for triples and quads by `shieldPatterns`.
 * A melee round is judged by `judgeMelee` for every pair of readings. The damage is the rules' own
 * `strike` (run on each count of armour blocks, weighted by its binomial chance) and `shieldBash`,
 * taken in the order the round takes them; courage tests and knock-back change no Grit or Flesh.
 *
 * Melee: chances `aWins`, `bWins`, `noWinner`, `win`, `marginalWin`, `draw`, `marginalDraw`,
 * `failure`, `aCritical`, `bCritical`; distributions `aNet`, `bNet`; expectations `aGritLost`,
 * `aFleshLost`, `bGritLost`, `bFleshLost`. Ranged: chances `hit`, `marginalHit`, `miss`, `critical`;
 * distribution `net`; expectations `gritLost`, `fleshLost` (the target's). Courage: chances
 * `passed`, `passedAtAPrice`, `failed`; distribution `net`.
 */

const optionsOf = (given: Record<string, unknown> | undefined) => withDefaults(DRAMA_OPTIONS, given as never);

/** A shield bearer's Bd read one face value at a time: triples (×2) and whether a quad showed (+1). */
export const SHIELD_TAG: BaseTag = {
  initial: 0,
  ofFace(face, count) {
    const patterns = shieldPatterns(Array.from({ length: count }, () => face));
    return patterns.triples * 2 + (patterns.quad ? 1 : 0);
  },
  combine: (a, b) => ((a >> 1) + (b >> 1)) * 2 + ((a | b) & 1),
};
const triplesOf = (tag: number) => tag >> 1;
const quadOf = (tag: number) => (tag & 1) === 1;

/** One side's readings by net and critical, each with how its shield patterns fall. */
interface SideReading {
  net: number;
  critical: boolean;
  p: number;
  /** Chance of each count of triples, given this reading. */
  triples: Map<number, number>;
  /** Chance of a quad, given this reading. */
  quad: number;
}

/**
 * Groups a pool's readings by net and critical. Readings less likely than TRIM are dropped (their
 * chance goes to `cut`): forty-odd exploding nets a hair above zero would only slow the pairing.
 */
function readingsOf(readings: readonly PoolChance[]): { readings: SideReading[]; cut: number } {
  const grouped = new Map<string, SideReading>();
  for (const r of readings) {
    const key = `${r.net}/${r.critical}`;
    const entry = grouped.get(key) ?? { net: r.net, critical: r.critical, p: 0, triples: new Map<number, number>(), quad: 0 };
    entry.p += r.p;
    entry.triples.set(triplesOf(r.tag), (entry.triples.get(triplesOf(r.tag)) ?? 0) + r.p);
    if (quadOf(r.tag)) entry.quad += r.p;
    grouped.set(key, entry);
  }
  let cut = 0;
  const kept: SideReading[] = [];
  for (const entry of grouped.values()) {
    if (entry.p < TRIM) {
      cut += entry.p;
      continue;
    }
    for (const [t, p] of entry.triples) entry.triples.set(t, p / entry.p);
    entry.quad /= entry.p;
    kept.push(entry);
  }
  return { readings: kept, cut };
}

/** A reading's chances of each count of triples, as two lists side by side. */
interface TriplesOf {
  triples: number[];
  chances: number[];
}

function triplesOfReading(reading: SideReading): TriplesOf {
  return { triples: [...reading.triples.keys()], chances: [...reading.triples.values()] };
}

/** The chance of each net, critical or not. */
function netsOf(readings: readonly SideReading[]): Dense {
  const min = Math.min(...readings.map((r) => r.net));
  const p = new Float64Array(Math.max(...readings.map((r) => r.net)) - min + 1);
  for (const r of readings) p[r.net - min] = (p[r.net - min] as number) + r.p;
  return { min, p };
}

/** A face the rules' armour reader counts as a block, one it does not, and the chance of a block. */
const ARMOUR = (() => {
  const faces = [1, 2, 3, 4, 5, 6];
  const blocks = faces.filter((face) => readArmour([face]) === 1);
  return { block: blocks[0] ?? 6, open: faces.find((face) => readArmour([face]) === 0) ?? 1, chance: blocks.length / 6 };
})();

interface Loss {
  grit: number;
  flesh: number;
  /** The victim after the blow, for what comes after it (a Shield Bash reads only its Grit, which no armour changes). */
  after: GritFlesh;
}

function strikeWith(victim: GritFlesh, blow: BlowSpec, blocks: number) {
  const faces = [...Array.from({ length: blocks }, () => ARMOUR.block), ...Array.from({ length: blow.armourDice - blocks }, () => ARMOUR.open)];
  return strike(victim, blow, new DiceTray(givenFaces(faces)), "armour");
}

/**
 * The expected Grit and Flesh blows take, over every count of armour blocks. What a blow does
 * depends on the armour only through the count of blocks (the armour dice set only the chance of
 * each count), so each blow is struck once without blocks whatever its armour; blows that leave the
 * same Grit and bring the same Flesh share their strikes by count of blocks; and each count is
 * struck once, for every size of armour pool that reaches it.
 */
function strikes(victim: GritFlesh): (blow: BlowSpec) => Loss {
  const byBlow = new Map<string, Loss>();
  const firsts = new Map<string, { state: GritFlesh; incoming: string; armoured: boolean }>();
  const byBlocks = new Map<string, GritFlesh[]>();
  return (blow) => {
    const blowKey = `${blow.kind}/${blow.level}/${blow.weaponFlesh}/${blow.extraFlesh ?? 0}/${blow.limitedGrit ?? ""}/${blow.criticalHit}`;
    const armouredKey = `${blowKey}/${blow.armourDice}`;
    const known = byBlow.get(armouredKey);
    if (known) return known;
    let first = firsts.get(blowKey);
    if (!first) {
      const struck = strikeWith(victim, blow, 0);
      first = { state: struck.state, incoming: `${struck.state.grit}/${struck.incomingFlesh}/${blow.criticalHit}`, armoured: struck.armourFaces.length > 0 };
      firsts.set(blowKey, first);
    }
    let grit = victim.grit - first.state.grit;
    let flesh = victim.flesh - first.state.flesh;
    if (first.armoured && blow.armourDice > 0) {
      const states = byBlocks.get(first.incoming) ?? [first.state];
      byBlocks.set(first.incoming, states);
      const after = (blocks: number) => (states[blocks] ??= strikeWith(victim, blow, blocks).state);
      grit = 0;
      flesh = 0;
      // More blocks never let more Flesh through: once a count of blocks leaves the victim as every
      // die blocking would, every larger count does too, and the rest of the chance goes there at once.
      const allBlock = after(blow.armourDice);
      const chances = binomial(blow.armourDice, ARMOUR.chance);
      let left = 1;
      for (let blocks = 0; blocks <= blow.armourDice; blocks += 1) {
        const hit = after(blocks);
        const settled = hit.grit === allBlock.grit && hit.flesh === allBlock.flesh;
        const p = settled ? left : (chances[blocks] as number);
        grit += p * (victim.grit - hit.grit);
        flesh += p * (victim.flesh - hit.flesh);
        left -= p;
        if (settled) break;
      }
    }
    const loss = { grit, flesh, after: first.state };
    byBlow.set(armouredKey, loss);
    return loss;
  };
}

/**
 * The Grit and the expected Flesh a Shield Bash of `grit` takes from a victim, the Flesh it spills
 * met by her `armourDice`: the rules' own shieldBash on each count of blocks, weighted by its chance.
 * More blocks never let more Flesh through, so the count stops once the armour stops it all.
 */
function bashLoss(victim: GritFlesh, grit: number, armourDice: number): { grit: number; flesh: number } {
  const bashed = (blocks: number) => {
    const faces = [...Array.from({ length: blocks }, () => ARMOUR.block), ...Array.from({ length: armourDice - blocks }, () => ARMOUR.open)];
    return shieldBash(victim, grit, armourDice, new DiceTray(givenFaces(faces)), "armour");
  };
  const first = bashed(0);
  const gritLost = victim.grit - first.state.grit;
  const chances = binomial(armourDice, ARMOUR.chance);
  let flesh = 0;
  for (let blocks = 0; blocks <= armourDice; blocks += 1) {
    const lost = victim.flesh - (blocks ? bashed(blocks) : first).state.flesh;
    if (lost === 0) break;
    flesh += (chances[blocks] as number) * lost;
  }
  return { grit: gritLost, flesh };
}

type MeleeRequest = { a: Combatant; b: Combatant; momentum?: Side; interactive?: boolean; options?: Record<string, unknown> } & Record<string, unknown>;

/**
 * A fighter as a card's partial request has her so far: the stance and pool she chose, when she
 * has (a stance not yet declared counts as the one in her stat block, else Stand).
 */
function settledFighter(request: MeleeRequest, side: Side): Combatant {
  const given = request[side];
  if (request.interactive !== true) return given;
  const stance = request[choiceField(side, "Stance")] as StanceChoice | undefined;
  const declared = stance === undefined ? null : stanceOfChoice(stance);
  const { dramatic: _old, ...rest } = given;
  const stanced: Combatant = declared ? { ...rest, stance: declared.stance, ...(declared.dramatic ? { dramatic: declared.dramatic } : {}) } : given;
  return withPoolChoice(stanced, request[choiceField(side, "Pool")] as PoolChoice | undefined);
}
const other = (side: Side): Side => (side === "a" ? "b" : "a");
const KIND_EVENTS: Record<string, string> = { win: "win", "marginal-win": "marginalWin", draw: "draw", "marginal-draw": "marginalDraw", failure: "failure" };
const MELEE_NAMES = {
  events: ["aWins", "bWins", "noWinner", ...Object.values(KIND_EVENTS), "aCritical", "bCritical"],
  distributions: ["aNet", "bNet"],
  expectations: ["aGritLost", "aFleshLost", "bGritLost", "bFleshLost"],
};

function meleeEvents(kind: string, winner: Side | "none", aCritical: boolean, bCritical: boolean): Record<string, boolean> {
  const events: Record<string, boolean> = { aWins: winner === "a", bWins: winner === "b", noWinner: winner === "none", aCritical, bCritical };
  for (const [rule, name] of Object.entries(KIND_EVENTS)) events[name] = rule === kind;
  return events;
}

/** One side's pools in a pairing, by their count of dice: all a pairing's odds read of them. */
interface PoolSizes {
  base: number;
  resistance: number;
  drama: number;
  armour: number;
}

const sizesOf = (pools: MeleePools): PoolSizes => ({ base: pools.base.total, resistance: pools.resistance.total, drama: pools.drama.total, armour: pools.armour.total });

/**
 * One pairing's opposed roll and its blows: each side's pools as built (her whole pool, or her share
 * of a split), the Flesh her full blow adds, who holds Momentum. Named as a melee round's odds.
 */
function pairingOdds(fighters: Record<Side, Combatant>, pools: Record<Side, PoolSizes>, extraFlesh: Record<Side, number>, momentum: Side, options: DramaOptions): Odds {
  const cut = { a: 0, b: 0 };
  const sides = {} as Record<Side, SideReading[]>;
  // Two sides rolling the same pool (both shielded or neither) read it once: the readings are only read after.
  const read = new Map<string, { readings: SideReading[]; cut: number }>();
  for (const side of ["a", "b"] as const) {
    const size = { base: pools[side].base, resistance: pools[side].resistance, drama: pools[side].drama };
    const shielded = (fighters[side].shield ?? "none") !== "none";
    const key = `${size.base}/${size.resistance}/${size.drama}/${shielded}`;
    let pool = read.get(key);
    if (!pool) {
      const odds = successPoolOdds(size, shielded ? SHIELD_TAG : undefined);
      const grouped = readingsOf(odds.readings);
      pool = { readings: grouped.readings, cut: odds.cut + grouped.cut };
      read.set(key, pool);
    }
    sides[side] = pool.readings;
    cut[side] = pool.cut;
  }
  const before: Record<Side, GritFlesh> = { a: tracksOf(fighters.a), b: tracksOf(fighters.b) };
  const struckOn = { a: strikes(before.a), b: strikes(before.b) };
  const flesh = { a: weaponFlesh(fighters.a), b: weaponFlesh(fighters.b) };
  // A blow's loss, for each count of triples the victim's shield showed (which adds armour dice),
  // is struck once: blows are kept by victim, by the winner's blow or the loser's critical
  // striking back, by full or limited, by critical and by level.
  const armourDice = (side: Side, triples: number) => pools[side].armour + triples * SHIELD_TRIPLE_DICE;
  const bashGrit = { a: shieldBashGrit(options, fighters.a.shield ?? "none"), b: shieldBashGrit(options, fighters.b.shield ?? "none") };
  /** What a Shield Bash takes from `target` left at `state`, with her armour as her triples make it (kept by Grit left and armour). */
  const bashCache = new Map<string, { grit: number; flesh: number }>();
  const bashOf = (target: Side, state: GritFlesh, triples: number): { grit: number; flesh: number } => {
    const dice = armourDice(target, triples);
    const key = `${target}/${state.grit}/${dice}`;
    let loss = bashCache.get(key);
    if (!loss) bashCache.set(key, (loss = bashLoss(state, bashGrit[other(target)], dice)));
    return loss;
  };
  // Sides by number in the loop over pairs: 0 is a, 1 is b.
  const SIDES = ["a", "b"] as const;
  interface BlowLosses {
    victim: number;
    blow: (triples: number) => BlowSpec;
    /** By count of triples, filled as they are met. */
    byTriples: Loss[];
    /** The victim after this blow: armour changes no Grit, so it is the same whatever the triples. */
    after?: GritFlesh;
  }
  const tables: BlowLosses[][] = [];
  const blowLosses = (victim: number, back: boolean, full: boolean, level: number, criticalHit: boolean): BlowLosses => {
    const kind = ((victim * 2 + (back ? 1 : 0)) * 2 + (full ? 1 : 0)) * 2 + (criticalHit ? 1 : 0);
    const byLevel = (tables[kind] ??= []);
    const side = SIDES[victim] as Side;
    return (byLevel[level] ??= {
      victim,
      blow: (triples) =>
        back
          ? { kind: "limited", level: 0, weaponFlesh: 0, criticalHit: true, armourDice: armourDice(side, triples) }
          : { kind: full ? "full" : "limited", level, weaponFlesh: flesh[other(side)], extraFlesh: extraFlesh[other(side)], criticalHit, armourDice: armourDice(side, triples) },
      byTriples: [],
    });
  };
  const lostGrit = [0, 0];
  const lostFlesh = [0, 0];
  /** Adds p × the loss of `losses` over the victim's reading's triples; returns the blow's table, for the Shield Bash after it. */
  const strike = (losses: BlowLosses, reading: TriplesOf, p: number): BlowLosses => {
    const victim = SIDES[losses.victim] as Side;
    let grit = 0;
    let fleshLost = 0;
    for (let k = 0; k < reading.triples.length; k += 1) {
      const triples = reading.triples[k] as number;
      const hit = (losses.byTriples[triples] ??= struckOn[victim](losses.blow(triples)));
      losses.after = hit.after;
      const q = reading.chances[k] as number;
      grit += q * hit.grit;
      fleshLost += q * hit.flesh;
    }
    lostGrit[losses.victim] = (lostGrit[losses.victim] as number) + p * grit;
    lostFlesh[losses.victim] = (lostFlesh[losses.victim] as number) + p * fleshLost;
    return losses;
  };
  /** Adds `weight` × a Shield Bash on `target`, as the blow `after` left her (none: as she came), over her reading's triples. */
  const shieldBashOn = (target: number, after: BlowLosses | undefined, reading: TriplesOf, weight: number) => {
    const side = SIDES[target] as Side;
    const state = after ? (after.after as GritFlesh) : before[side];
    for (let k = 0; k < reading.triples.length; k += 1) {
      const bash = bashOf(side, state, reading.triples[k] as number);
      const q = weight * (reading.chances[k] as number);
      lostGrit[target] = (lostGrit[target] as number) + q * bash.grit;
      lostFlesh[target] = (lostFlesh[target] as number) + q * bash.flesh;
    }
  };

  // The nets are each side's own; the events of each pair are pooled by what they are, and the
  // losses summed, before the tally sees them.
  const tally = tallyFor(MELEE_NAMES);
  for (const side of ["a", "b"] as const) tally.addValues(`${side}Net`, netsOf(sides[side]));
  // Each pair's events are pooled by a number (kind, winner, both criticals) before the tally sees them.
  const KINDS = Object.keys(KIND_EVENTS);
  const WINNERS: Array<Side | "none"> = ["a", "b", "none"];
  const pooled = new Float64Array(KINDS.length * WINNERS.length * 4);
  const noBlow = [stanceOf(fighters.a).winLandsNoBlow, stanceOf(fighters.b).winLandsNoBlow];
  const bashes = [bashGrit.a > 0, bashGrit.b > 0];
  const triplesOf = [sides.a.map(triplesOfReading), sides.b.map(triplesOfReading)] as const;
  /** One pair of readings: its events pooled; its blows, then each Shield Bash on the Grit the blows left. */
  const meet = (ra: SideReading, ta: TriplesOf, rb: SideReading, tb: TriplesOf) => {
    const p = ra.p * rb.p;
    const judgement = judgeMelee(ra, rb, momentum, options);
    const winner = WINNERS.indexOf(judgement.winner);
    const key = ((KINDS.indexOf(judgement.kind) * WINNERS.length + winner) * 2 + (ra.critical ? 1 : 0)) * 2 + (rb.critical ? 1 : 0);
    pooled[key] = (pooled[key] as number) + p;
    let hurtA: BlowLosses | undefined;
    let hurtB: BlowLosses | undefined;
    if (winner < 2 && !noBlow[winner]) {
      const loser = 1 - winner;
      const won = winner === 0 ? ra : rb;
      if (judgement.blow !== "none") {
        const hit = strike(blowLosses(loser, false, judgement.blow === "full", judgement.level, won.critical), loser === 0 ? ta : tb, p);
        if (loser === 0) hurtA = hit;
        else hurtB = hit;
      }
      if (judgement.loserCriticalBlow) {
        const back = strike(blowLosses(winner, true, false, 0, true), winner === 0 ? ta : tb, p);
        if (winner === 0) hurtA = back;
        else hurtB = back;
      }
    }
    if (bashes[0] && ra.quad > 0) shieldBashOn(1, hurtB, tb, p * ra.quad);
    if (bashes[1] && rb.quad > 0) shieldBashOn(0, hurtA, ta, p * rb.quad);
  };
  for (let ia = 0; ia < sides.a.length; ia += 1) {
    for (let ib = 0; ib < sides.b.length; ib += 1) meet(sides.a[ia] as SideReading, triplesOf[0][ia] as TriplesOf, sides.b[ib] as SideReading, triplesOf[1][ib] as TriplesOf);
  }
  pooled.forEach((p, key) => {
    if (p === 0) return;
    const kind = KINDS[Math.floor(key / 4 / WINNERS.length)] as string;
    const winner = WINNERS[Math.floor(key / 4) % WINNERS.length] as Side | "none";
    tally.add({ events: meleeEvents(kind, winner, (key & 2) === 2, (key & 1) === 1), values: {} }, p);
  });
  SIDES.forEach((side, index) => {
    tally.expect(`${side}GritLost`, lostGrit[index] as number, 1);
    tally.expect(`${side}FleshLost`, lostFlesh[index] as number, 1);
  });
  tally.addCut(1 - (1 - cut.a) * (1 - cut.b));
  return tally.odds();
}

export const meleeOdds: ActionOdds = defineOdds<MeleeRequest>({
  exact(request) {
    refusalsOf(melee, request);
    const fighters: Record<Side, Combatant> = { a: settledFighter(request, "a"), b: settledFighter(request, "b") };
    const momentum = request.momentum ?? firstRoundMomentum(fighters.a, fighters.b).holder;
    const pools = { a: sizesOf(meleePools(fighters.a)), b: sizesOf(meleePools(fighters.b)) };
    return pairingOdds(fighters, pools, { a: fighters.a.extraFlesh ?? 0, b: fighters.b.extraFlesh ?? 0 }, momentum, optionsOf(request.options));
  },
  observe(request, outcome) {
    if (request.a.name === request.b.name) throw new Error("odds: the two sides need different names to be told apart");
    const judged = outcome.steps.find((step) => step.rule === "opposed-outcome") as { kind: string; winner: string | null; nets: Record<Side, number> } | undefined;
    if (!judged) throw new Error("odds: a melee outcome without its judgement");
    const critical = (name: string) => (outcome.steps.find((step) => step.rule === "pool-reading" && step.who === name && step.test === undefined) as { critical: boolean } | undefined)?.critical ?? false;
    const winner: Side | "none" = judged.winner === request.a.name ? "a" : judged.winner === request.b.name ? "b" : "none";
    return {
      events: meleeEvents(judged.kind, winner, critical(request.a.name), critical(request.b.name)),
      values: { aNet: judged.nets.a, bNet: judged.nets.b, ...lossOf("a", outcome.effects[0]), ...lossOf("b", outcome.effects[1]) },
    };
  },
});

/** Who fights in a round where pools may be split, and who faces whom (the action's own keys, in order). */
interface LineUp {
  fighters: readonly { key: string; combatant: Combatant }[];
  pairings: readonly { actor: string; opponent: string }[];
}
type RoundRequest = { interactive?: boolean; options?: Record<string, unknown> } & Record<string, unknown>;

/** A step of the rules' report, as the round odds read it. */
type Reported = { rule: string; side?: string; stance?: string; holder?: string; base?: number; resistance?: number; drama?: number; armour?: number; extraFlesh?: number };

const capital = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** A pairing's events, by its fighters' keys: each beats the other (`actorBeatsOpponent1`, `opponent1BeatsActor`), or nobody wins (`noWinnerActorOpponent1`). */
const pairingEvents = ({ actor, opponent }: { actor: string; opponent: string }): [string, string, string] => [`${actor}Beats${capital(opponent)}`, `${opponent}Beats${capital(actor)}`, `noWinner${capital(actor)}${capital(opponent)}`];

/** The fighters in one pairing only: the only ones whose Grit and Flesh one pairing's odds decide. */
const alone = (lineUp: LineUp) => lineUp.fighters.map((f) => f.key).filter((key) => lineUp.pairings.filter((p) => p.actor === key || p.opponent === key).length === 1);

/**
 * The odds of a round where fighters split their pools (Fighting Multiple Opponents): each pairing
 * is its own opposed roll over its own dice, so its odds are a pairing's, over the shares the rules
 * build. Pools are built before any die is rolled, so the round played once on any faces shows each
 * share, stance and Momentum holder as the rules decide them; on a card, a stance not yet declared
 * counts as the stat block's (else Stand) and a pool not yet built as one with nothing added (her
 * Base dice split evenly). Chances for each pairing, by its fighters' keys (`actorBeatsOpponent2`,
 * `opponent2BeatsActor`, `noWinnerActorOpponent2`; `f1BeatsF3`...); expectations `<key>GritLost`,
 * `<key>FleshLost` of each fighter who is in one pairing only (one in several takes her blows one
 * after another, each on what the last left, so no one pairing tells hers).
 */
function roundOdds(action: RulesetAction, request: RoundRequest, lineUp: LineUp): Odds {
  const filled: RoundRequest = { ...request };
  if (request.interactive === true) {
    for (const { key, combatant } of lineUp.fighters) {
      filled[choiceField(key, "Stance")] ??= combatant.stance ?? "stand";
      filled[choiceField(key, "Pool")] ??= {};
    }
  }
  const steps = refusalsOf(action, filled).steps as Reported[];
  const stances = new Map(steps.filter((step) => step.rule === "stance").map((step) => [step.side!, step.stance!]));
  const holders = steps.filter((step) => step.rule === "momentum-holder").map((step) => step.holder!);
  const built = (key: string) => steps.filter((step) => step.rule === "build-pools" && step.side === key);
  const combatants = new Map(lineUp.fighters.map((f) => [f.key, f.combatant]));
  const options = optionsOf(request.options);
  const tally = tallyFor({ events: lineUp.pairings.flatMap(pairingEvents), distributions: [], expectations: alone(lineUp).flatMap((key) => [`${key}GritLost`, `${key}FleshLost`]) });
  const single = new Set(alone(lineUp));
  let kept = 1;
  lineUp.pairings.forEach((pairing, i) => {
    const keys: Record<Side, string> = { a: pairing.actor, b: pairing.opponent };
    const fighter = (side: Side): Combatant => ({ ...combatants.get(keys[side])!, stance: stances.get(keys[side]) as Combatant["stance"] });
    const fighters = { a: fighter("a"), b: fighter("b") };
    const share = (side: Side) => built(keys[side])[lineUp.pairings.filter((p) => p.actor === keys[side] || p.opponent === keys[side]).indexOf(pairing)]!;
    const shares = { a: share("a"), b: share("b") };
    const sizes = (step: Reported): PoolSizes => ({ base: step.base!, resistance: step.resistance!, drama: step.drama!, armour: step.armour! });
    if (fighters.a.name === fighters.b.name) throw new Error("odds: the two sides of a pairing need different names to be told apart");
    const momentum: Side = holders[i] === fighters.a.name ? "a" : "b";
    const odds = pairingOdds(fighters, { a: sizes(shares.a), b: sizes(shares.b) }, { a: shares.a.extraFlesh ?? 0, b: shares.b.extraFlesh ?? 0 }, momentum, options);
    const [aWins, bWins, noWinner] = pairingEvents(pairing);
    tally.add({ events: { [aWins]: true }, values: {} }, odds.chances.aWins!);
    tally.add({ events: { [bWins]: true }, values: {} }, odds.chances.bWins!);
    tally.add({ events: { [noWinner]: true }, values: {} }, odds.chances.noWinner!);
    for (const side of ["a", "b"] as const) {
      if (!single.has(keys[side])) continue;
      tally.expect(`${keys[side]}GritLost`, odds.expected[`${side}GritLost`]!, 1);
      tally.expect(`${keys[side]}FleshLost`, odds.expected[`${side}FleshLost`]!, 1);
    }
    kept *= 1 - odds.cut;
  });
  tally.addCut(1 - kept);
  return tally.odds();
}

/** What one played round shows of the same names: each pairing's winner, the losses of those in one pairing. */
function observeRound(lineUp: LineUp, outcome: Outcome): Observation {
  const judged = outcome.steps.filter((step) => step.rule === "opposed-outcome") as unknown as { winner: string | null }[];
  const names = new Map(lineUp.fighters.map((f) => [f.key, f.combatant.name]));
  const events: Record<string, boolean> = {};
  lineUp.pairings.forEach((pairing, i) => {
    const winner = judged[i]?.winner ?? null;
    const [aWins, bWins, noWinner] = pairingEvents(pairing);
    events[aWins] = winner !== null && winner === names.get(pairing.actor);
    events[bWins] = winner !== null && winner === names.get(pairing.opponent);
    events[noWinner] = winner === null;
  });
  const values: Record<string, number> = {};
  for (const key of alone(lineUp)) {
    const loss = lossOf("", outcome.effects[lineUp.fighters.findIndex((f) => f.key === key)]);
    values[`${key}GritLost`] = loss.GritLost ?? 0;
    values[`${key}FleshLost`] = loss.FleshLost ?? 0;
  }
  return { events, values };
}

type MultipleRequest = RoundRequest & { actor: Combatant; opponents: { opponent: Combatant }[] };

const multipleLineUp = (request: MultipleRequest): LineUp => ({
  fighters: [{ key: "actor", combatant: request.actor }, ...request.opponents.map((e, i) => ({ key: OPPONENT_KEYS[i]!, combatant: e.opponent }))],
  pairings: request.opponents.map((_, i) => ({ actor: "actor", opponent: OPPONENT_KEYS[i]! })),
});

/** A round against several opponents: pairing n is the actor against opponent n. */
export const multipleOdds: ActionOdds = defineOdds<MultipleRequest>({
  exact: (request) => roundOdds(multiple, request, multipleLineUp(request)),
  observe: (request, outcome) => observeRound(multipleLineUp(request), outcome),
});

type SkirmishRequest = RoundRequest & { fighters: Combatant[]; engagements: { between: [string, string] }[] };

const skirmishLineUp = (request: SkirmishRequest): LineUp => ({
  fighters: request.fighters.map((combatant, i) => ({ key: SKIRMISHER_KEYS[i]!, combatant })),
  pairings: request.engagements.map(({ between: [actor, opponent] }) => ({ actor, opponent })),
});

/** A skirmish round: pairing n is the n-th engagement, its first fighter against its second. */
export const skirmishOdds: ActionOdds = defineOdds<SkirmishRequest>({
  exact: (request) => roundOdds(skirmish, request, skirmishLineUp(request)),
  observe: (request, outcome) => observeRound(skirmishLineUp(request), outcome),
});

/** Grit and Flesh lost, as an outcome's effect on one side records them. */
function lossOf(prefix: string, effect: Outcome["effects"][number] | undefined): Record<string, number> {
  const lost = (track: string) => {
    const change = effect?.changes[track] as { from: number; to: number } | undefined;
    return change ? change.from - change.to : 0;
  };
  return { [`${prefix}GritLost`]: lost("grit"), [`${prefix}FleshLost`]: lost("flesh") };
}

type RangedRequest = { shooter: Combatant; target: Combatant; situation?: RangedSituation; bonuses?: RangedBonus[]; shooterPool?: Record<string, number>; options?: Record<string, unknown> };
const RANGED_NAMES = { events: ["hit", "marginalHit", "miss", "critical"], distributions: ["net"], expectations: ["gritLost", "fleshLost"] };

function shotEvents(kind: string, critical: boolean): Record<string, boolean> {
  return { hit: kind === "hit", marginalHit: kind === "marginal-hit", miss: kind === "miss", critical };
}

export const rangedOdds: ActionOdds = defineOdds<RangedRequest>({
  exact(request) {
    refusalsOf(ranged, request);
    const shooter = shooterWithPool(request.shooter, request.shooterPool);
    const pool = rangedPool(shooter, request.situation ?? {}, request.bonuses ?? []);
    const odds = successPoolOdds({ base: pool.attribute + pool.skill + pool.bonuses, resistance: pool.penalties + pool.table + pool.situational, drama: pool.drama });
    const struck = strikes(tracksOf(request.target));
    const armourDice = armourPool(request.target).total;
    const flesh = weaponFlesh(shooter);
    const tally = tallyFor(RANGED_NAMES);
    const grouped = readingsOf(odds.readings);
    for (const reading of grouped.readings) {
      const { kind, level } = readShot(reading.net);
      tally.add({ events: shotEvents(kind, reading.critical), values: { net: reading.net } }, reading.p);
      if (kind === "miss") continue;
      const blow: BlowSpec =
        kind === "hit"
          ? { kind: "full", level, weaponFlesh: flesh, extraFlesh: shooter.extraFlesh ?? 0, criticalHit: reading.critical, armourDice }
          : { kind: "limited", limitedGrit: 0, level: 0, weaponFlesh: 0, criticalHit: reading.critical, armourDice };
      const loss = struck(blow);
      tally.expect("gritLost", loss.grit, reading.p);
      tally.expect("fleshLost", loss.flesh, reading.p);
    }
    tally.addCut(odds.cut + grouped.cut);
    return tally.odds();
  },
  observe(request, outcome) {
    const result = outcome.result as { kind: string; net: number };
    const critical = (outcome.steps.find((step) => step.rule === "pool-reading") as { critical: boolean } | undefined)?.critical ?? false;
    const loss = lossOf("", outcome.effects[0]);
    return { events: shotEvents(result.kind, critical), values: { net: result.net, gritLost: loss.GritLost ?? 0, fleshLost: loss.FleshLost ?? 0 } };
  },
});

type CourageRequest = {
  actor: { name: string; maxFlesh: number; physical: number; penalties?: number; woundFlesh: number; modifiers?: Static<typeof CourageModifiersSchema> };
  options?: Record<string, unknown>;
};
const COURAGE_EVENTS: Record<string, string> = { passed: "passed", "passed-at-a-price": "passedAtAPrice", failed: "failed" };

function courageEvents(result: string): Record<string, boolean> {
  return Object.fromEntries(Object.entries(COURAGE_EVENTS).map(([rule, name]) => [name, rule === result]));
}

export const courageOdds: ActionOdds = defineOdds<CourageRequest>({
  exact(request) {
    refusalsOf(courage, request);
    const { actor } = request;
    const pool = couragePool({ maxFlesh: actor.maxFlesh, penalties: actor.penalties ?? 0, woundFlesh: actor.woundFlesh, physical: actor.physical, ...(actor.modifiers ? { modifiers: actor.modifiers } : {}) });
    const odds = successPoolOdds(pool);
    const tally = tallyFor({ events: Object.values(COURAGE_EVENTS), distributions: ["net"] });
    const grouped = readingsOf(odds.readings);
    for (const reading of grouped.readings) {
      tally.add({ events: courageEvents(readCourage(reading.net, actor.modifiers?.spendDramaPoint ?? false, actor.physical).result), values: { net: reading.net } }, reading.p);
    }
    tally.addCut(odds.cut + grouped.cut);
    return tally.odds();
  },
  observe(_request, outcome) {
    const result = outcome.result as { result: string; net: number };
    return { events: courageEvents(result.result), values: { net: result.net } };
  },
});
