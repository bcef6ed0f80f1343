import { type PoolReading, readSuccessPool, rollSuccessPool } from "../../core/dice/successPool.js";
import type { DiceTray } from "../../core/dice/source.js";
import { type Combatant, tracksOf, withTracks } from "./combatant.js";
import { ChoiceReader } from "./awaiting.js";
import type { CourageModifiers } from "./combatant.js";
import { couragePool, type CourageTest, readCourage } from "./courage.js";
import { type BlowSpec, type Strike, strike } from "./damage.js";
import { HIT_SUCCESSES } from "./judge.js";
import { knockBack, type KnockBack, rangedKnockDown, worseDisadvantage } from "./knockBack.js";
import { spendsDramaPoint } from "./play.js";
import { armourPool, cappedSkill, DEFAULT_TABLES, type PoolTables, resistancePool, weaponFlesh } from "./pools.js";
import { RANGED_BONUSES, RANGED_TABLE, type RangedBonus, type RangedTable } from "./tables.js";
import { trackStatuses } from "./roll.js";

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
  const tableRd = Object.entries(situation).reduce((total, [row, column]) => total + ((table[row as keyof RangedTable] as Record<string, number>)[column as string] ?? 0), 0);
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

/** How a shot is played: straight through from the stat blocks, or awaiting the target's courage choices (`targetCourage`, `targetWaver`). */
export interface ShotPlay {
  interactive: boolean;
  choices: ChoiceReader;
  seriousBleeds: boolean;
  /** Told of the shot as far as the wound, before any courage test (which may stop at a choice). */
  onStruck?(shot: Pick<Shot, "pool" | "reading" | "kind" | "level" | "weaponFlesh" | "struck">): void;
}

// Stryker disable next-line ObjectLiteral: an empty play reads the same as this one (not interactive, nothing asked, no bleeding by default)
const STRAIGHT: ShotPlay = { interactive: false, choices: new ChoiceReader({}), seriousBleeds: false };

/**
 * A shot is an unopposed test. A hit deals its level to Grit and the weapon's Flesh (and a dramatic
 * advantage's extra Flesh), checks knock-back with level + weapon Flesh; a marginal hit deals at
 * most 1 Flesh (armour may stop it).
 */
export function resolveShot(
  shooter: Combatant,
  target: Combatant,
  situation: RangedSituation,
  bonuses: readonly RangedBonus[],
  tray: DiceTray,
  tables: PoolTables = DEFAULT_TABLES,
  how: ShotPlay = STRAIGHT,
): Shot {
  const pool = rangedPool(shooter, situation, bonuses);
  const size = { base: pool.attribute + pool.skill + pool.bonuses, resistance: pool.penalties + pool.table + pool.situational, drama: pool.drama };
  const reading = readSuccessPool(rollSuccessPool(tray, size, { base: `${shooter.name} base`, resistance: `${shooter.name} resistance`, drama: `${shooter.name} drama` }));
  const { kind, level } = readShot(reading.net);
  const flesh = weaponFlesh(shooter, tables);
  if (kind === "miss") return { pool, reading, kind, level, weaponFlesh: flesh, statuses: trackStatuses(target), target };
  const armourDice = armourPool(target, tables).total;
  const blow: BlowSpec =
    kind === "hit"
      ? { kind: "full", level, weaponFlesh: flesh, extraFlesh: shooter.extraFlesh ?? 0, criticalHit: reading.critical, armourDice, seriousBleeds: how.seriousBleeds }
      : {
          // Stryker disable next-line StringLiteral: strike() reads every kind but "full" as limited damage, so no shot can tell this word from another
          kind: "limited",
          limitedGrit: 0,
          level: 0,
          weaponFlesh: 0,
          criticalHit: reading.critical,
          armourDice,
          seriousBleeds: how.seriousBleeds,
        };
  const hit = strike(tracksOf(target), blow, tray, `${target.name} armour`);
  how.onStruck?.({ pool, reading, kind, level, weaponFlesh: flesh, struck: hit });
  let courage: CourageTest | undefined;
  let dramaPoints = target.dramaPoints;
  if (hit.courageTest && hit.wound) {
    const base = { maxFlesh: hit.state.maxFlesh, penalties: hit.penaltiesBefore, woundFlesh: hit.wound.flesh, physical: target.physical };
    const modifiers = how.interactive ? how.choices.get<CourageModifiers>("target", "Courage") : (target.courage ?? {});
    if (modifiers === undefined) how.choices.wait("target", "Courage", { woundFlesh: hit.wound.flesh, pool: couragePool(base) });
    const pool = couragePool({ ...base, modifiers: modifiers! });
    const read = readSuccessPool(rollSuccessPool(tray, pool, { base: `${target.name} courage base`, resistance: `${target.name} courage resistance`, drama: `${target.name} courage drama` }));
    const spend = read.net === 1 && spendsDramaPoint(how.choices, "target", target, dramaPoints, how.interactive);
    if (spend && dramaPoints !== undefined) dramaPoints -= 1;
    courage = { pool, reading: read, ...readCourage(read.net, spend, target.physical) };
  }
  const knock = kind === "hit" ? knockBack(rangedKnockDown(level, flesh), target) : undefined;
  const carried = target.disadvantage ?? "none";
  const after: Combatant = {
    ...withTracks(target, hit.state),
    // A shot lifts no disadvantage the target carries: a knock-back only makes it worse.
    disadvantage: knock ? worseDisadvantage(carried, knock.result) : carried,
    ...(dramaPoints !== undefined ? { dramaPoints } : {}),
    ...(courage?.result === "failed" ? { roundsOut: courage.roundsOut } : {}),
  };
  const statuses = trackStatuses(after);
  if (courage?.result === "failed") statuses.push("passed-out");
  if (knock && knock.result !== "none") statuses.push(knock.result === "doubly" ? "doubly-disadvantaged" : "disadvantaged");
  // Doubly disadvantaged is knocked off one's feet, at range as in melee.
  if (knock?.result === "doubly") statuses.push("prone");
  return { pool, reading, kind, level, weaponFlesh: flesh, struck: hit, ...(courage ? { courage } : {}), ...(knock ? { knockBack: knock } : {}), statuses, target: after };
}
