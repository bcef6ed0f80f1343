import { type PoolReading, readSuccessPool, rollSuccessPool } from "../../core/dice/successPool.js";
import type { DiceTray } from "../../core/dice/source.js";
import { isBleeding } from "../../core/tracks/gritFlesh.js";
import { type Combatant, type Disadvantage, tracksOf, withTracks } from "./combatant.js";
import { type CourageTest, testCourage } from "./courage.js";
import { shieldBash, type Strike, strike } from "./damage.js";
import { type Judgement, judgeMelee, type Side } from "./judge.js";
import { knockBack, type KnockBack, meleeKnockDown } from "./knockBack.js";
import { type DramaOptions, shieldBashGrit } from "./options.js";
import { type ShieldPatterns, shieldPatterns } from "./patterns.js";
import { DEFAULT_TABLES, meleePools, type MeleePools, type PoolTables, stanceOf, weaponFlesh } from "./pools.js";
import { SHIELD_TRIPLE_DICE } from "./tables.js";

/** One side's pools as built, what it rolled and how it reads. */
export interface SideRoll {
  pools: MeleePools;
  reading: PoolReading;
  patterns: ShieldPatterns;
  /** Armour dice should this side be struck: the pool plus 3Ad per shield triple. */
  armourDice: number;
}

export function rollSide(combatant: Combatant, pools: MeleePools, tray: DiceTray): SideRoll {
  const who = combatant.name;
  const faces = rollSuccessPool(tray, { base: pools.base.total, resistance: pools.resistance.total, drama: pools.drama.total }, { base: `${who} base`, resistance: `${who} resistance`, drama: `${who} drama` });
  const reading = readSuccessPool(faces);
  const hasShield = (combatant.shield ?? "none") !== "none";
  const patterns = hasShield ? shieldPatterns(faces.base) : { triples: 0, quad: false };
  return { pools, reading, patterns, armourDice: pools.armour.total + patterns.triples * SHIELD_TRIPLE_DICE };
}

/** Everything that happened to one side in a round. */
export interface SideAftermath {
  struck?: Strike;
  bashed?: { grit: number; gritLost: number; transferred: number };
  courage?: CourageTest;
  knockBack?: KnockBack;
  statuses: string[];
  after: Combatant;
}

export interface MeleeRound {
  momentumBefore: Side;
  /** The side without Momentum builds (and rolls) first. */
  buildsFirst: Side;
  rolls: Record<Side, SideRoll>;
  judgement: Judgement;
  /** A Defend or Evade won the round: no blow lands either way. */
  noBlow: boolean;
  sides: Record<Side, SideAftermath>;
  momentum: Side;
}

const otherSide = (side: Side): Side => (side === "a" ? "b" : "a");

/** Statuses that follow from the tracks as they now stand. */
export function trackStatuses(combatant: Combatant): string[] {
  const tracks = tracksOf(combatant);
  const statuses: string[] = [];
  if (tracks.grit <= 0) statuses.push("blown");
  if (tracks.flesh <= 0) statuses.push("knocked-out", "prone");
  if (tracks.flesh < 0) statuses.push("dying");
  if (isBleeding(tracks)) statuses.push("bleeding");
  return statuses;
}

export interface RoundInput {
  a: Combatant;
  b: Combatant;
  momentum: Side;
  options: DramaOptions;
  tables?: PoolTables;
  /** Pools already built (a split pool against one of several opponents); otherwise built from the combatant. */
  pools?: Partial<Record<Side, MeleePools>>;
}

/** Builds, rolls and reads one opposed melee round, then lands its blows in order: blows, shield bashes, courage, knock-back. */
export function resolveMeleeRound(input: RoundInput, tray: DiceTray): MeleeRound {
  const tables = input.tables ?? DEFAULT_TABLES;
  const fighters: Record<Side, Combatant> = { a: input.a, b: input.b };
  const buildsFirst = otherSide(input.momentum);
  const pools: Record<Side, MeleePools> = { a: input.pools?.a ?? meleePools(input.a, tables), b: input.pools?.b ?? meleePools(input.b, tables) };
  const first = rollSide(fighters[buildsFirst], pools[buildsFirst], tray);
  const second = rollSide(fighters[input.momentum], pools[input.momentum], tray);
  const rolls = (buildsFirst === "a" ? { a: first, b: second } : { a: second, b: first }) as Record<Side, SideRoll>;
  const judgement = judgeMelee(rolls.a.reading, rolls.b.reading, input.momentum, input.options);
  const winner = judgement.winner;
  const noBlow = winner !== "none" && stanceOf(fighters[winner], tables).winLandsNoBlow;

  const state = { a: tracksOf(input.a), b: tracksOf(input.b) };
  const sides: Record<Side, Omit<SideAftermath, "after" | "statuses">> = { a: {}, b: {} };

  if (winner !== "none" && !noBlow) {
    const loser = otherSide(winner);
    if (judgement.blow !== "none") {
      const hit = strike(
        state[loser],
        { kind: judgement.blow, level: judgement.level, weaponFlesh: weaponFlesh(fighters[winner], tables), criticalHit: rolls[winner].reading.critical, armourDice: rolls[loser].armourDice },
        tray,
        `${fighters[loser].name} armour`,
      );
      state[loser] = hit.state;
      sides[loser].struck = hit;
    }
    if (judgement.loserCriticalBlow) {
      const back = strike(state[winner], { kind: "limited", level: 0, weaponFlesh: 0, criticalHit: true, armourDice: rolls[winner].armourDice }, tray, `${fighters[winner].name} armour`);
      state[winner] = back.state;
      sides[winner].struck = back;
    }
  }

  for (const side of ["a", "b"] as const) {
    const grit = shieldBashGrit(input.options, fighters[side].shield ?? "none");
    if (rolls[side].patterns.quad && grit > 0) {
      const target = otherSide(side);
      const bash = shieldBash(state[target], grit);
      state[target] = bash.state;
      sides[target].bashed = { grit, gritLost: bash.gritLost, transferred: bash.transferred };
    }
  }

  const extraPenalties: Record<Side, number> = { a: 0, b: 0 };
  for (const side of ["a", "b"] as const) {
    const hit = sides[side].struck;
    if (!hit?.courageTest || !hit.wound || state[side].flesh <= 0) continue;
    const fighter = fighters[side];
    const courage = testCourage(
      { maxFlesh: state[side].maxFlesh, penalties: hit.penaltiesBefore, woundFlesh: hit.wound.flesh, physical: fighter.physical, ...(fighter.courage ? { modifiers: fighter.courage } : {}) },
      tray,
      fighter.name,
    );
    sides[side].courage = courage;
    extraPenalties[side] = courage.penaltyGained;
  }

  let knock: { victim: Side; result: KnockBack } | undefined;
  if (winner !== "none" && !noBlow && judgement.blow === "full") {
    const loser = otherSide(winner);
    const knockDown = meleeKnockDown(judgement.level, fighters[winner].physical, stanceOf(fighters[winner], tables));
    knock = { victim: loser, result: knockBack(knockDown, fighters[loser], stanceOf(fighters[loser], tables)) };
    sides[loser].knockBack = knock.result;
  }

  const finish = (side: Side): SideAftermath => {
    const tracks = { ...state[side], otherPenalties: state[side].otherPenalties + extraPenalties[side] };
    const courage = sides[side].courage;
    // A passed-out fighter is doubly disadvantaged on the round they come back, which the table tracks.
    const disadvantage: Disadvantage = knock?.victim === side ? knock.result.result : "none";
    const after = { ...withTracks(fighters[side], tracks), disadvantage };
    const statuses = trackStatuses(after);
    if (courage?.result === "failed") statuses.push("passed-out");
    if (knock?.victim === side && knock.result.result !== "none") statuses.push(knock.result.result === "doubly" ? "doubly-disadvantaged" : "disadvantaged");
    if (knock?.victim === side && knock.result.result === "doubly") statuses.push("prone");
    return { ...sides[side], statuses: [...new Set(statuses)], after };
  };

  return { momentumBefore: input.momentum, buildsFirst, rolls, judgement, noBlow, sides: { a: finish("a"), b: finish("b") }, momentum: judgement.momentum };
}

/** Out of the fight: knocked out or passed out. */
export function isOut(aftermath: SideAftermath): boolean {
  return aftermath.statuses.includes("knocked-out") || aftermath.statuses.includes("passed-out");
}
