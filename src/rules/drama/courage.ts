import { type PoolReading, type PoolSize, readSuccessPool, rollSuccessPool } from "../../core/dice/successPool.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { CourageModifiers } from "./combatant.js";

export type CourageResult = "passed" | "passed-at-a-price" | "failed";

export interface CourageInput {
  maxFlesh: number;
  /** Persistent penalty dice held (in melee: those held before the blow, the wound counts on its own). */
  penalties: number;
  /** The Flesh of the wound that called for the test. */
  woundFlesh: number;
  physical: number;
  modifiers?: CourageModifiers;
}

export interface CourageTest {
  pool: PoolSize;
  reading: PoolReading;
  result: CourageResult;
  /** Rounds out of the action after a failure (8 − Physical); doubly disadvantaged the round they return. */
  roundsOut: number;
  dramaPointSpent: boolean;
}

export const PASSED_OUT_BASE = 8;

export function couragePool(input: CourageInput): PoolSize {
  const m = input.modifiers ?? {};
  return {
    base: Math.max(0, input.maxFlesh + (m.base ?? 0)),
    resistance: Math.max(0, input.penalties + input.woundFlesh + (m.resistance ?? 0)),
    drama: Math.max(0, m.drama ?? 0),
  };
}

/**
 * Net 2+ passes. Net 1 wavers ("yes, but"): it fails unless a Drama point is spent, which passes.
 * The point is the whole price: the test adds no penalty die. The rulebook's squire fights on "with
 * a persistent penalty dice from the pain", the die his 3F wound already brings. Net 0 or less fails.
 */
export function readCourage(net: number, spendDramaPoint: boolean, physical: number): Omit<CourageTest, "pool" | "reading"> {
  if (net >= 2) return { result: "passed", roundsOut: 0, dramaPointSpent: false };
  if (net === 1 && spendDramaPoint) return { result: "passed-at-a-price", roundsOut: 0, dramaPointSpent: true };
  return { result: "failed", roundsOut: Math.max(0, PASSED_OUT_BASE - physical), dramaPointSpent: false };
}

export function testCourage(input: CourageInput, tray: DiceTray, who: string): CourageTest {
  const pool = couragePool(input);
  const reading = readSuccessPool(
    rollSuccessPool(tray, pool, { base: `${who} courage base`, resistance: `${who} courage resistance`, drama: `${who} courage drama` }),
  );
  return { pool, reading, ...readCourage(reading.net, input.modifiers?.spendDramaPoint ?? false, input.physical) };
}
