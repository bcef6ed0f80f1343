/**
 * A distribution over consecutive whole numbers, as one array of chances from `min` up. Adding a die
 * slides a window over it, so even a hundred d1000s stay cheap.
 */
export interface Dense {
  min: number;
  p: Float64Array;
}

/**
 * Adds one fair die of `sides` faces to the first `length` chances of `from`, writing into `into`
 * (which must hold length + sides - 1); returns the new length. The lowest value moves up by 1 (or,
 * subtracting the die, down by `sides`: a fair die is symmetric, so X - D has the shape of X + D).
 * `from` must be symmetric, as the total of fair dice always is (each die is, and so is a sum of
 * independent symmetric numbers): into[i] is (1/sides) × a running sum over the last `sides` entries
 * of `from`, taken for the lower half only, and the upper half is its mirror, half the work. The
 * running sum is split where it only grows, slides and only shrinks, so no loop asks which part it
 * is in.
 */
export function addDieIntoSymmetric(from: Float64Array, length: number, sides: number, into: Float64Array): number {
  const out = length + sides - 1;
  const half = (out + 1) >> 1;
  const scale = 1 / sides;
  let window = 0;
  const grow = Math.min(half, length, sides);
  let i = 0;
  for (; i < grow; i += 1) {
    window += from[i] as number;
    into[i] = window * scale;
  }
  // Past the last entry of `from` before `sides` entries: the window holds all of it.
  for (; i < Math.min(half, sides); i += 1) into[i] = window * scale;
  for (; i < Math.min(half, length); i += 1) {
    window += (from[i] as number) - (from[i - sides] as number);
    // A running sum can drift a hair below 0 where the true chance is 0.
    into[i] = Math.max(window, 0) * scale;
  }
  for (; i < half; i += 1) {
    window -= from[i - sides] as number;
    into[i] = Math.max(window, 0) * scale;
  }
  for (let j = half; j < out; j += 1) into[j] = into[out - 1 - j] as number;
  return out;
}

export function shift(dist: Dense, by: number): Dense {
  return { min: dist.min + by, p: dist.p };
}

/** [value, chance] for every value with a chance above 0. */
export function entriesOf(dist: Dense): Array<[number, number]> {
  const entries: Array<[number, number]> = [];
  const chances = dist.p;
  for (let i = 0; i < chances.length; i += 1) {
    const p = chances[i] as number;
    if (p > 0) entries.push([dist.min + i, p]);
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

/** Adds `weight` × `source` into a growing sum of distributions (the sum may be empty: null). */
export function accumulate(sum: Dense | null, source: Dense, weight = 1): Dense {
  if (sum === null) return { min: source.min, p: source.p.map((p) => p * weight) };
  const min = Math.min(sum.min, source.min);
  const max = Math.max(sum.min + sum.p.length, source.min + source.p.length);
  const out = new Float64Array(max - min);
  out.set(sum.p, sum.min - min);
  const at = source.min - min;
  for (let i = 0; i < source.p.length; i += 1) out[at + i] = (out[at + i] as number) + weight * (source.p[i] as number);
  return { min, p: out };
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
