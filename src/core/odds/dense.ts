/**
 * A distribution over consecutive whole numbers, as one array of chances from `min` up. Adding a die
 * slides a window over it, so even a hundred d1000s stay cheap.
 */
export interface Dense {
  min: number;
  p: Float64Array;
}

/**
 * Adds one fair die of `sides` faces to a symmetric distribution of `length` chances, of which
 * `from` holds only the lower half (the first ⌈length / 2⌉), and writes the lower half of the sum
 * (⌈out / 2⌉ of its out = length + sides - 1 chances) into `into`; returns out. The lowest value
 * moves up by 1 (or, subtracting the die, down by `sides`: a fair die is symmetric, so X - D has
 * the shape of X + D). Every total of fair dice is symmetric (each die is, and so is a sum of
 * independent symmetric numbers), so no upper half is ever written until `mirrorUpperHalf`: into[i]
 * is (1/sides) × a running sum over the last `sides` entries of `from`, and the few entries past
 * `from`'s half that the sum reaches are mirrored in first (both arrays need room for ⌈out / 2⌉).
 * The running sum is split where it only grows, slides and only shrinks, so no loop asks which
 * part it is in.
 */
export function addDieIntoSymmetric(from: Float64Array, length: number, sides: number, into: Float64Array): number {
  const out = length + sides - 1;
  const half = (out + 1) >> 1;
  const reach = Math.min(half, length);
  for (let j = (length + 1) >> 1; j < reach; j += 1) from[j] = from[length - 1 - j] as number;
  const scale = 1 / sides;
  let window = 0;
  const grow = Math.min(reach, sides);
  let i = 0;
  for (; i < grow; i += 1) {
    window += from[i] as number;
    into[i] = window * scale;
  }
  // Past the last entry of `from` before `sides` entries: the window holds all of it.
  const full = Math.min(half, sides);
  for (; i < full; i += 1) into[i] = window * scale;
  // Past `sides` entries the window slides. It never runs past the end of `from` inside the half:
  // that would need `half` above both `length` and `sides`, but half is their mean, rounded down.
  for (; i < reach; i += 1) {
    window += (from[i] as number) - (from[i - sides] as number);
    // A running sum can drift a hair below 0 where the true chance is 0.
    into[i] = Math.max(window, 0) * scale;
  }
  return out;
}

/**
 * Adds two fair dice of `sides` faces at once, as addDieIntoSymmetric adds one (the same lower
 * halves, the same room needed), in one pass instead of two: a running sum over the last `sides`
 * entries of `from`, and a running sum over the last `sides` of those, which `ring` (room for
 * `sides`) keeps as they pass. Past the end of `from` its chances are 0, written in first.
 */
export function addTwoDiceIntoSymmetric(from: Float64Array, length: number, sides: number, into: Float64Array, ring: Float64Array): number {
  const out = length + 2 * sides - 2;
  const half = (out + 1) >> 1;
  const reach = Math.min(half, length);
  for (let j = (length + 1) >> 1; j < reach; j += 1) from[j] = from[length - 1 - j] as number;
  from.fill(0, reach, half);
  const scale = 1 / (sides * sides);
  let one = 0;
  let two = 0;
  const first = Math.min(half, sides);
  let i = 0;
  for (; i < first; i += 1) {
    one += from[i] as number;
    ring[i] = one;
    two += one;
    into[i] = two * scale;
  }
  // ring[k] holds the first running sum `sides` entries back.
  let k = 0;
  for (; i < half; i += 1) {
    one += (from[i] as number) - (from[i - sides] as number);
    two += one - (ring[k] as number);
    ring[k] = one;
    k = k + 1 === sides ? 0 : k + 1;
    // A running sum can drift a hair below 0 where the true chance is 0.
    into[i] = Math.max(two, 0) * scale;
  }
  return out;
}

/** Writes the upper half of a symmetric distribution of `length` chances from its lower half. */
export function mirrorUpperHalf(p: Float64Array, length: number): void {
  for (let j = (length + 1) >> 1; j < length; j += 1) p[j] = p[length - 1 - j] as number;
}

/** [value, chance] for every value with a chance above 0 (counted first: a list sized once fills faster than one pushed to). */
export function entriesOf(dist: Dense): Array<[number, number]> {
  const chances = dist.p;
  let count = 0;
  // Stryker disable next-line EqualityOperator: one step past the end reads undefined, which is not above 0, so the count is the same
  for (let i = 0; i < chances.length; i += 1) {
    if ((chances[i] as number) > 0) count += 1;
  }
  // Stryker disable next-line ArrayDeclaration: a list not sized grows to the same pairs; sizing it once is only faster
  const entries = new Array<[number, number]>(count);
  // Filled until the count is reached: no zero chances past the last pair are read.
  for (let i = 0, at = 0; at < count; i += 1) {
    const p = chances[i] as number;
    if (p > 0) {
      entries[at] = [dist.min + i, p];
      at += 1;
    }
  }
  return entries;
}

/** The distribution of the sum of two independent numbers. */
export function convolve(a: Dense, b: Dense): Dense {
  const out = new Float64Array(a.p.length + b.p.length - 1);
  for (let i = 0; i < a.p.length; i += 1) {
    const pa = a.p[i] as number;
    if (pa === 0) continue;
    for (let j = 0; j < b.p.length; j += 1) out[i + j] = (out[i + j] as number) + pa * (b.p[j] as number);
  }
  return { min: a.min + b.min, p: out };
}

export function total(dist: Dense): number {
  return dist.p.reduce((sum, p) => sum + p, 0);
}

/** The chances of 0..n successes in n independent tries of chance q each. */
export function binomial(n: number, q: number): Float64Array {
  const out = new Float64Array(n + 1);
  if (q >= 1) {
    out[n] = 1;
    return out;
  }
  let p = Math.pow(1 - q, n);
  for (let c = 0; c <= n; c += 1) {
    out[c] = p;
    p = ((p * (n - c)) / (c + 1)) * (q / (1 - q));
  }
  return out;
}
