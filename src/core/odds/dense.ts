/**
 * A distribution over consecutive whole numbers, as one array of chances from `min` up. Adding a die
 * slides a window over it, so even a hundred d1000s stay cheap.
 */
export interface Dense {
  min: number;
  p: Float64Array;
}

export function pointMass(value: number): Dense {
  return { min: value, p: Float64Array.of(1) };
}

/** The distribution after adding (sign 1) or subtracting (sign -1) one fair die of `sides` faces. */
export function addDie(dist: Dense, sides: number, sign: 1 | -1): Dense {
  const length = dist.p.length + sides - 1;
  const out = new Float64Array(length);
  // out[i] = (1/sides) × the sum of the `sides` entries of dist that reach i: a running window.
  let window = 0;
  for (let i = 0; i < length; i += 1) {
    if (i < dist.p.length) window += dist.p[i] as number;
    if (i - sides >= 0) window -= dist.p[i - sides] as number;
    // A running sum can drift a hair below 0 where the true chance is 0.
    out[i] = Math.max(0, window / sides);
  }
  // A fair die is symmetric: X - D has the shape of X + D, moved down by sides + 1.
  return { min: sign === 1 ? dist.min + 1 : dist.min - sides, p: out };
}

export function shift(dist: Dense, by: number): Dense {
  return { min: dist.min + by, p: dist.p };
}

/** [value, chance] for every value with a chance above 0. */
export function entriesOf(dist: Dense): Array<[number, number]> {
  const entries: Array<[number, number]> = [];
  dist.p.forEach((p, i) => {
    if (p > 0) entries.push([dist.min + i, p]);
  });
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
