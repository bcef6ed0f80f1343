import type { DiceTray } from "./source.js";

/**
 * The damage-die ladder Enhancements and Impairments step along. A die off the ladder (a d2, a d20)
 * steps to the nearest ladder size in that direction; at either end it stays put (clamped).
 */
export const DIE_LADDER = [4, 6, 8, 10, 12] as const;

export function stepDie(sides: number, steps: number): number {
  let size = sides;
  for (let i = 0; i < Math.abs(steps); i += 1) {
    // Stryker disable next-line EqualityOperator: with 0 steps the loop never runs, so > and >= agree
    const next = steps > 0 ? DIE_LADDER.find((rung) => rung > size) : [...DIE_LADDER].reverse().find((rung) => rung < size);
    if (next === undefined) break;
    size = next;
  }
  return size;
}

/** How a damage die is rolled once Enhancements and Impairments have cancelled one for one. */
export interface DamageDiePlan {
  /** The die's size after stepping. */
  sides: number;
  /** "higher"/"lower": roll twice and keep one; "single": one die. */
  keep: "single" | "higher" | "lower";
  /** With `enhancedAddsD4`: +1 (add a d4) or -1 (take a d4 off), instead of rolling twice. */
  d4: -1 | 0 | 1;
  /** Enhancements minus Impairments. */
  net: number;
}

export interface DamageDieOptions {
  /** House reading of the seed's first sentence: the first Enhancement adds 1d4 (the first Impairment
   * takes 1d4 off) rather than rolling twice. Off by default (RULINGS: roll twice). */
  enhancedAddsD4: boolean;
}

/**
 * The first net Enhancement rolls twice and keeps the higher die (the seed's Elsa example), the first
 * net Impairment rolls twice and keeps the lower; every further one steps the die one size.
 */
export function planDamageDie(sides: number, enhanced: number, impaired: number, options?: DamageDieOptions): DamageDiePlan {
  const net = enhanced - impaired;
  if (net === 0) return { sides, keep: "single", d4: 0, net };
  // net is not 0 here, so its sign is +1 or -1.
  const direction = Math.sign(net) as 1 | -1;
  const stepped = stepDie(sides, direction * (Math.abs(net) - 1));
  if (options?.enhancedAddsD4) return { sides: stepped, keep: "single", d4: direction, net };
  return { sides: stepped, keep: direction === 1 ? "higher" : "lower", d4: 0, net };
}

/** One damage die as rolled under its plan. */
export interface DamageDieRoll {
  sides: number;
  faces: number[];
  /** The face that counts (kept from two when Enhanced/Impaired). */
  kept: number;
  /** The d4 added (+) or taken off (−) under `enhancedAddsD4`; 0 otherwise. */
  d4: number;
  /** kept + d4, never below 0. */
  value: number;
  /** The kept face is the highest the (stepped) damage die can show. */
  precisionStrike: boolean;
}

export function isPrecisionStrike(face: number, sides: number): boolean {
  return face === sides;
}

export function rollDamageDie(tray: DiceTray, plan: DamageDiePlan, label: string): DamageDieRoll {
  const first = tray.roll(plan.sides, label);
  const faces = plan.keep === "single" ? [first] : [first, tray.roll(plan.sides, label)];
  // A single die is its own highest and lowest face.
  const kept = plan.keep === "higher" ? Math.max(...faces) : Math.min(...faces);
  const d4 = plan.d4 === 0 ? 0 : plan.d4 * tray.roll(4, `${label} d4`);
  return { sides: plan.sides, faces, kept, d4, value: Math.max(0, kept + d4), precisionStrike: isPrecisionStrike(kept, plan.sides) };
}
