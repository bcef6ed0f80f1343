import type { DiceTray } from "./source.js";

/**
 * Typed d6 success pools (Drama in History): Base (Bd), Resistance (Rd), Drama (Dd) and Armour (Ad)
 * dice are all d6 but count differently, so each kind keeps its own faces.
 */
export interface PoolSize {
  base: number;
  resistance: number;
  drama: number;
}

export interface PoolFaces {
  base: number[];
  resistance: number[];
  /** Every Drama die rolled, exploded dice included, in the order rolled. */
  drama: number[];
}

export interface PoolReading {
  faces: PoolFaces;
  /** 5–6 on Bd. */
  baseSuccesses: number;
  /** 1–2 on Rd, as a positive count to subtract. */
  resistanceLosses: number;
  /** 4–6 on Dd count +1, a 1 counts −1. */
  dramaSuccesses: number;
  /** 6s across Bd and Dd: three or more make a critical. */
  sixes: number;
  /** 1s on Rd: they eat into a critical's bonus, and three or more are an unintended outcome. */
  resistanceOnes: number;
  critical: boolean;
  /** What the critical adds; never below 0, so a critical never costs successes. */
  criticalBonus: number;
  unintendedOutcome: boolean;
  net: number;
}

export const CRITICAL_SIXES = 3;
export const UNINTENDED_ONES = 3;

export interface PoolLabels {
  base: string;
  resistance: string;
  drama: string;
}

function rollCount(tray: DiceTray, count: number, label: string): number[] {
  return Array.from({ length: Math.max(0, count) }, () => tray.roll(6, label));
}

/** Each 6 on a Drama die calls for one more Drama die, and so on while 6s keep coming. */
export function rollDrama(tray: DiceTray, count: number, label: string): number[] {
  const faces: number[] = [];
  let owed = Math.max(0, count);
  while (owed > 0) {
    const face = tray.roll(6, label);
    faces.push(face);
    owed -= 1;
    if (face === 6) owed += 1;
  }
  return faces;
}

export function rollSuccessPool(tray: DiceTray, size: PoolSize, labels: PoolLabels): PoolFaces {
  return {
    base: rollCount(tray, size.base, labels.base),
    resistance: rollCount(tray, size.resistance, labels.resistance),
    drama: rollDrama(tray, size.drama, labels.drama),
  };
}

const count = (faces: readonly number[], test: (face: number) => boolean) => faces.filter(test).length;

/** Three or more 6s make a critical; the Rd 1s eat into what it adds, never below 0. */
export function criticalOf(sixes: number, resistanceOnes: number): { critical: boolean; criticalBonus: number } {
  const critical = sixes >= CRITICAL_SIXES;
  return { critical, criticalBonus: critical ? Math.max(0, sixes - resistanceOnes) : 0 };
}

export function readSuccessPool(faces: PoolFaces): PoolReading {
  const baseSuccesses = count(faces.base, (f) => f >= 5);
  const resistanceLosses = count(faces.resistance, (f) => f <= 2);
  const dramaSuccesses = count(faces.drama, (f) => f >= 4) - count(faces.drama, (f) => f === 1);
  const sixes = count(faces.base, (f) => f === 6) + count(faces.drama, (f) => f === 6);
  const resistanceOnes = count(faces.resistance, (f) => f === 1);
  const { critical, criticalBonus } = criticalOf(sixes, resistanceOnes);
  return {
    faces,
    baseSuccesses,
    resistanceLosses,
    dramaSuccesses,
    sixes,
    resistanceOnes,
    critical,
    criticalBonus,
    unintendedOutcome: resistanceOnes >= UNINTENDED_ONES,
    net: baseSuccesses - resistanceLosses + dramaSuccesses + criticalBonus,
  };
}

/** Armour dice: each 5–6 stops one point of Flesh; they never count toward a critical. */
export function readArmour(faces: readonly number[]): number {
  return count(faces, (f) => f >= 5);
}

export function rollArmour(tray: DiceTray, dice: number, label: string): { faces: number[]; blocks: number } {
  const faces = rollCount(tray, dice, label);
  return { faces, blocks: readArmour(faces) };
}
