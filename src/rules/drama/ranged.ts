import { type PoolReading, readSuccessPool, rollSuccessPool } from "../../core/dice/successPool.js";
import type { DiceTray } from "../../core/dice/source.js";
import { type Combatant, tracksOf, withTracks } from "./combatant.js";
import { type CourageTest, testCourage } from "./courage.js";
import { type Strike, strike } from "./damage.js";
import { HIT_SUCCESSES } from "./judge.js";
import { knockBack, type KnockBack, rangedKnockDown } from "./knockBack.js";
import { armourPool, cappedSkill, DEFAULT_TABLES, type PoolTables, resistancePool, weaponFlesh } from "./pools.js";
import { RANGED_BONUSES, RANGED_TABLE, type RangedBonus, type RangedTable } from "./tables.js";
import { trackStatuses } from "./round.js";

export type RangedSituation = { [K in keyof RangedTable]?: keyof RangedTable[K] };

export interface RangedPool {
  attribute: number;
  skill: number;
  bonuses: number;
  situational: number;
  penalties: number;
  table: number;
  drama: number;
}

/** Base = attribute + capped skill + 2Bd per bonus; Resistance = penalties + the table's Rd + other difficulty. */
export function rangedPool(shooter: Combatant, situation: RangedSituation, bonuses: readonly RangedBonus[], table: RangedTable = RANGED_TABLE): RangedPool {
  const attribute = shooter.skillAttribute === "physical" ? shooter.physical : shooter.agility;
  let tableRd = 0;
  for (const row of Object.keys(situation) as Array<keyof RangedTable>) {
    const column = situation[row];
    if (column !== undefined) tableRd += (table[row] as Record<string, number>)[column as string] ?? 0;
  }
  const resistance = resistancePool(shooter);
  return {
    attribute,
    skill: cappedSkill(attribute, shooter.skill),
    bonuses: [...new Set(bonuses)].reduce((total, bonus) => total + RANGED_BONUSES[bonus], 0) + (shooter.situationalBase ?? 0),
    situational: resistance.situational + resistance.disadvantage,
    penalties: resistance.penalties,
    table: tableRd,
    drama: shooter.drama ?? 0,
  };
}

export type ShotKind = "hit" | "marginal-hit" | "miss";

export interface Shot {
  pool: RangedPool;
  reading: PoolReading;
  kind: ShotKind;
  /** Net − 2 for a hit: goes to Grit like a melee level of success. */
  level: number;
  weaponFlesh: number;
  struck?: Strike;
  courage?: CourageTest;
  knockBack?: KnockBack;
  statuses: string[];
  target: Combatant;
}

export function readShot(net: number): { kind: ShotKind; level: number } {
  if (net >= HIT_SUCCESSES) return { kind: "hit", level: net - HIT_SUCCESSES };
  if (net === 1) return { kind: "marginal-hit", level: 0 };
  return { kind: "miss", level: 0 };
}

/**
 * A shot is an unopposed test. A hit deals its level to Grit and the weapon's Flesh, checks
 * knock-back with level + weapon Flesh; a marginal hit deals at most 1 Flesh (armour may stop it).
 */
export function resolveShot(
  shooter: Combatant,
  target: Combatant,
  situation: RangedSituation,
  bonuses: readonly RangedBonus[],
  tray: DiceTray,
  tables: PoolTables = DEFAULT_TABLES,
): Shot {
  const pool = rangedPool(shooter, situation, bonuses);
  const size = { base: pool.attribute + pool.skill + pool.bonuses, resistance: pool.penalties + pool.table + pool.situational, drama: pool.drama };
  const reading = readSuccessPool(rollSuccessPool(tray, size, { base: `${shooter.name} base`, resistance: `${shooter.name} resistance`, drama: `${shooter.name} drama` }));
  const { kind, level } = readShot(reading.net);
  const flesh = weaponFlesh(shooter, tables);
  if (kind === "miss") return { pool, reading, kind, level, weaponFlesh: flesh, statuses: trackStatuses(target), target };
  const hit = strike(
    tracksOf(target),
    kind === "hit"
      ? { kind: "full", level, weaponFlesh: flesh, criticalHit: reading.critical, armourDice: armourPool(target, tables).total }
      : { kind: "limited", limitedGrit: 0, level: 0, weaponFlesh: 0, criticalHit: reading.critical, armourDice: armourPool(target, tables).total },
    tray,
    `${target.name} armour`,
  );
  let courage: CourageTest | undefined;
  if (hit.courageTest && hit.wound) {
    courage = testCourage(
      { maxFlesh: hit.state.maxFlesh, penalties: hit.penaltiesBefore, woundFlesh: hit.wound.flesh, physical: target.physical, ...(target.courage ? { modifiers: target.courage } : {}) },
      tray,
      target.name,
    );
  }
  const knock = kind === "hit" ? knockBack(rangedKnockDown(level, flesh), target) : undefined;
  const tracks = { ...hit.state, otherPenalties: hit.state.otherPenalties + (courage?.penaltyGained ?? 0) };
  const after = { ...withTracks(target, tracks), disadvantage: knock?.result ?? target.disadvantage ?? "none" };
  const statuses = trackStatuses(after);
  if (courage?.result === "failed") statuses.push("passed-out");
  if (knock && knock.result !== "none") statuses.push(knock.result === "doubly" ? "doubly-disadvantaged" : "disadvantaged");
  // Doubly disadvantaged is knocked off one's feet, at range as in melee.
  if (knock?.result === "doubly") statuses.push("prone");
  return { pool, reading, kind, level, weaponFlesh: flesh, struck: hit, ...(courage ? { courage } : {}), ...(knock ? { knockBack: knock } : {}), statuses, target: after };
}
