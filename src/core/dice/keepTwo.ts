import type { DiceTray } from "./source.js";
import { RuleError } from "../ruleError.js";

/**
 * Keep-two-highest pools (The Queen's Cavaliers and kin): the two highest faces make the total,
 * the lower of those two is the number of Success Points. A lone die is its own total and earns
 * 1 SP; an empty pool (everything dropped) earns nothing.
 */
export interface KeepTwoReading {
  total: number;
  successPoints: number;
  /** The faces that count, highest first. */
  kept: number[];
}

export function readKeepTwo(faces: readonly number[]): KeepTwoReading {
  const sorted = [...faces].sort((a, b) => b - a);
  const [high, low] = sorted;
  if (high === undefined) return { total: 0, successPoints: 0, kept: [] };
  if (low === undefined) return { total: high, successPoints: 1, kept: [high] };
  return { total: high + low, successPoints: low, kept: [high, low] };
}

export interface DropOptions {
  /** House default: Drop never empties a pool; the last die always stays. */
  keepOneDie: boolean;
  /** Indices (into the pool) the roller chose to remove; unset means the smallest dice go. */
  choose?: readonly number[];
}

export interface DropResult<T> {
  kept: T[];
  removed: T[];
  /** How many dice Drop actually took, after the keep-one limit. */
  applied: number;
}

export class DropError extends RuleError {
  override name = "DropError";
}

/**
 * Drop N removes N dice before the roll. Left to default, the smallest go (later dice of equal
 * size first, so the pool's named dice such as the attribute die stay visible longest).
 */
export function applyDrop<T extends { sides: number }>(pool: readonly T[], drop: number, options: DropOptions): DropResult<T> {
  if (!Number.isInteger(drop) || drop < 0) throw new DropError(`Drop must be a whole number of at least 0, got ${drop}`);
  // Keeping one die of an empty pool keeps none: the count of dice Drop may take never goes below 0.
  const applied = Math.min(drop, Math.max(0, pool.length - (options.keepOneDie ? 1 : 0)));
  let removeIndices: number[];
  if (options.choose !== undefined) {
    const unique = new Set(options.choose);
    if (unique.size !== options.choose.length) throw new DropError("the dice chosen for Drop repeat an index");
    if (options.choose.length !== applied) throw new DropError(`Drop removes ${applied} dice here, but ${options.choose.length} were chosen`);
    for (const index of options.choose) {
      if (!Number.isInteger(index) || index < 0 || index >= pool.length) throw new DropError(`no die #${index} in a pool of ${pool.length}`);
    }
    removeIndices = [...options.choose];
  } else {
    removeIndices = pool
      .map((die, index) => ({ sides: die.sides, index }))
      .sort((a, b) => a.sides - b.sides || b.index - a.index)
      .slice(0, applied)
      .map((entry) => entry.index);
  }
  const removing = new Set(removeIndices);
  return {
    kept: pool.filter((_die, index) => !removing.has(index)),
    removed: pool.filter((_die, index) => removing.has(index)),
    applied,
  };
}

/** Rolls every die in a (post-Drop) pool and reads it. */
export function rollKeepTwo(tray: DiceTray, pool: readonly { sides: number }[], label: string): KeepTwoReading & { faces: number[] } {
  const faces = pool.map((die) => tray.roll(die.sides, label));
  return { ...readKeepTwo(faces), faces };
}
