import type { DiceTray } from "./source.js";

/** One die of a pool: its size and face. A d0 is a die that is not there; it never rolls. */
export interface PoolDie {
  sides: number;
  face: number;
}

/** Rolls one die of each size in `sizes`, in order; sizes of 0 add nothing and draw no face. */
export function rollPool(tray: DiceTray, sizes: readonly number[], label: string): PoolDie[] {
  return sizes.filter((sides) => sides > 0).map((sides) => ({ sides, face: tray.roll(sides, label) }));
}

/** `count` dice of one size. */
export function rollMany(tray: DiceTray, count: number, sides: number, label: string): number[] {
  return Array.from({ length: Math.max(0, count) }, () => tray.roll(sides, label));
}
