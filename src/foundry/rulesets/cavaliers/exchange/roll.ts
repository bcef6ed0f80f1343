import { applyDrop } from "../../../../core/dice/keepTwo.js";
import { buildPool, type PoolDie, type PoolSpec, rollCheck } from "../../../../rules/cavaliers/pool.js";
import { facesOf, rollDice, rollFrom, rollSource, trayOf } from "../../../dice/index.js";
import { rulesetOptions } from "../../../settings.js";
import type { ReadingData } from "./model.js";

function keepOneDie(): boolean {
  return rulesetOptions("cavaliers").keepOneDie !== false;
}

/** The dice left to roll after Drop, in pool order. */
export function keptSides(pool: readonly PoolDie[], drop: number): number[] {
  return applyDrop(pool, drop, { keepOneDie: keepOneDie() }).kept.map((die) => die.sides);
}

/** Reads the faces of the kept dice through the rules (which re-apply the same Drop). */
export function readPool(name: string, pool: readonly PoolDie[], drop: number, dropParts: Record<string, number>, faces: readonly number[]): ReadingData {
  const reading = rollCheck(trayOf(faces), pool, drop, name, keepOneDie());
  return { rolled: true, name, pool: pool.map((d) => d.sides), drop, dropParts, kept: reading.pool.map((d) => d.sides), faces: reading.faces, total: reading.total, sp: reading.successPoints };
}

/** Builds a pool, rolls its kept dice through Foundry and reads them. */
export async function rollPool(name: string, spec: PoolSpec | PoolDie[], dropParts: Record<string, number>): Promise<{ reading: ReadingData; roll: string | null }> {
  const pool = Array.isArray(spec) ? spec : buildPool(spec);
  const drop = Object.values(dropParts).reduce((a, b) => a + b, 0);
  const sides = keptSides(pool, drop);
  const rolled = await rollDice(sides);
  return { reading: readPool(name, pool, drop, dropParts, rolled?.faces ?? []), roll: rolled ? rollSource(rolled.roll) : null };
}

/** Reads a roll another client made, checking it holds exactly the dice this pool keeps. */
export function readSentRoll(name: string, pool: readonly PoolDie[], dropParts: Record<string, number>, sent: unknown): ReadingData {
  const drop = Object.values(dropParts).reduce((a, b) => a + b, 0);
  const sides = keptSides(pool, drop);
  const faces = sides.length ? facesOf(rollFrom(sent), sides) : [];
  return readPool(name, pool, drop, dropParts, faces);
}
