import { DiceTray } from "../dice/source.js";
import { criticalOf, type PoolFaces, type PoolSize, readSuccessPool, rollDrama } from "../dice/successPool.js";
import { binomial } from "./dense.js";
import { enumerateDice } from "./enumerate.js";
import { ODDS_CUT } from "./odds.js";

/**
 * The exact distribution of a d6 success pool's reading (Drama in History): its net successes and
 * whether it is a critical, and, on request, a tag read from the Bd faces (a shield's triples and
 * quads).
 *
 * How it stays the rules' own reading: every face of every kind of die is classified by
 * `readSuccessPool` itself (what one die of that face adds to the net, to the 6s and to the Rd 1s),
 * the explosion of a Drama die is listed by running `rollDrama`, and the critical comes from the
 * same `criticalOf` the reader uses, at every count of 6s and Rd 1s where it could differ (see
 * criticalCap). The counting in between is exact: multinomial counts of each class of face, then
 * convolutions.
 */

/**
 * A tag read from the Bd faces one face value at a time: the count of each face, folded up. The
 * fold may take the faces in any order and grouping (`combine` is associative and commutative, with
 * `initial` changing nothing), as a tag counted from faces is.
 */
export interface BaseTag {
  initial: number;
  ofFace(face: number, count: number): number;
  combine(a: number, b: number): number;
}

export interface PoolChance {
  net: number;
  critical: boolean;
  tag: number;
  p: number;
}

export interface PoolOdds {
  readings: PoolChance[];
  /** The chance left out where Drama dice kept exploding past the cut. */
  cut: number;
}

type Kind = keyof PoolFaces;
const FACES = [1, 2, 3, 4, 5, 6] as const;

/** What one die of this kind showing this face (or this run of faces) adds: net successes before any critical bonus, 6s, Rd 1s. */
function classify(kind: Kind, faces: number[]): { lin: number; six: number; one: number } {
  const pool: PoolFaces = { base: [], resistance: [], drama: [] };
  pool[kind] = faces;
  const reading = readSuccessPool(pool);
  return { lin: reading.net - reading.criticalBonus, six: reading.sixes, one: reading.resistanceOnes };
}

/**
 * A joint distribution of two counts: rows by the 6s (or the Rd 1s) from `rowMin` up, columns by
 * the net successes before any critical bonus, from `linMin` up.
 */
interface Grid {
  rowMin: number;
  rows: number;
  linMin: number;
  width: number;
  p: Float64Array;
}

/**
 * Sums of many dice spread their chance thinly over far rows and columns (forty Drama dice could
 * all explode). Edge rows and columns holding less than this in all are dropped after each sum and
 * counted in `cut`, so a pool's cost follows where its chance lies, not how far it could reach.
 */
export const TRIM = ODDS_CUT / 1000;

function gridOf(rowMin: number, rows: number, linMin: number, width: number): Grid {
  return { rowMin, rows, linMin, width, p: new Float64Array(rows * width) };
}

function addToGrid(grid: Grid, row: number, lin: number, p: number): void {
  const at = (row - grid.rowMin) * grid.width + lin - grid.linMin;
  grid.p[at] = (grid.p[at] as number) + p;
}

/** Drops edge rows, then edge columns, while what they hold stays within half the budget each. */
function trimGrid(grid: Grid, budget: number): { grid: Grid; cut: number } {
  const rowSums = new Float64Array(grid.rows);
  for (let r = 0; r < grid.rows; r += 1) for (let c = 0; c < grid.width; c += 1) rowSums[r] = (rowSums[r] as number) + (grid.p[r * grid.width + c] as number);
  // Kept as an object, not a [lo, hi, spent] list: a list holding the chance spent would hold its
  // bounds as fractions too, and every grid built from them would carry boxed numbers.
  const drop = (sums: Float64Array, from: number, to: number, allowance: number): { lo: number; hi: number; spent: number } => {
    let spent = 0;
    let lo = from;
    let hi = to;
    while (hi - lo > 1) {
      const last = sums[hi - 1] as number;
      const first = sums[lo] as number;
      if (last <= first && spent + last <= allowance) {
        spent += last;
        hi -= 1;
      } else if (spent + first <= allowance) {
        spent += first;
        lo += 1;
      } else if (spent + last <= allowance) {
        spent += last;
        hi -= 1;
      } else break;
    }
    return { lo, hi, spent };
  };
  const rows = drop(rowSums, 0, grid.rows, budget / 2);
  const colSums = new Float64Array(grid.width);
  for (let r = rows.lo; r < rows.hi; r += 1) for (let c = 0; c < grid.width; c += 1) colSums[c] = (colSums[c] as number) + (grid.p[r * grid.width + c] as number);
  const cols = drop(colSums, 0, grid.width, budget / 2);
  if (rows.lo === 0 && rows.hi === grid.rows && cols.lo === 0 && cols.hi === grid.width) return { grid, cut: 0 };
  const out = gridOf(grid.rowMin + rows.lo, rows.hi - rows.lo, grid.linMin + cols.lo, cols.hi - cols.lo);
  for (let r = rows.lo; r < rows.hi; r += 1) out.p.set(grid.p.subarray(r * grid.width + cols.lo, r * grid.width + cols.hi), (r - rows.lo) * out.width);
  return { grid: out, cut: rows.spent + cols.spent };
}

const nonZero = (grid: Grid) => grid.p.reduce((n, p) => (p === 0 ? n : n + 1), 0);

/**
 * The grid of the sum of two independent pairs of counts, both capped at `cap` (see `capped`): the
 * rows add up to at most `cap`, the columns add up, and what the rows add past the cap moves to the
 * columns. The sparser grid is walked cell by cell (a Drama die's chain has a few cells a row), the
 * other row by row.
 */
function convolveCapped(x: Grid, y: Grid, cap: number): Grid {
  const [a, b] = nonZero(x) <= nonZero(y) ? [x, y] : [y, x];
  const rowMin = Math.min(a.rowMin + b.rowMin, cap);
  const top = a.rowMin + a.rows + b.rowMin + b.rows - 2;
  const out = gridOf(rowMin, Math.min(top, cap) - rowMin + 1, a.linMin + b.linMin, a.width + b.width - 1 + Math.max(0, top - cap));
  const into = out.p;
  const from = b.p;
  const width = b.width;
  for (let ra = 0; ra < a.rows; ra += 1) {
    for (let ca = 0; ca < a.width; ca += 1) {
      const pa = a.p[ra * a.width + ca] as number;
      if (pa === 0) continue;
      for (let rb = 0; rb < b.rows; rb += 1) {
        const at = rb * width;
        const sixes = a.rowMin + ra + b.rowMin + rb;
        const to = (Math.min(sixes, cap) - rowMin) * out.width + ca + Math.max(0, sixes - cap);
        for (let cb = 0; cb < width; cb += 1) into[to + cb] = (into[to + cb] as number) + pa * (from[at + cb] as number);
      }
    }
  }
  return out;
}

/**
 * A grid of 6s by net (before the critical's bonus) recounted with its 6s capped: rows min(6s, cap),
 * columns the net plus the 6s past the cap. Below the cap a row still names its 6s and its column
 * the net; in the cap's row the column is the net plus the 6s less the cap, all that the critical
 * then needs (see successPoolOdds).
 */
function capped(grid: Grid, cap: number): Grid {
  const rowMin = Math.min(grid.rowMin, cap);
  const top = grid.rowMin + grid.rows - 1;
  const out = gridOf(rowMin, Math.min(top, cap) - rowMin + 1, grid.linMin, grid.width + Math.max(0, top - cap));
  for (let r = 0; r < grid.rows; r += 1) {
    const sixes = grid.rowMin + r;
    const at = (Math.min(sixes, cap) - rowMin) * out.width + Math.max(0, sixes - cap);
    for (let c = 0; c < grid.width; c += 1) out.p[at + c] = (out.p[at + c] as number) + (grid.p[r * grid.width + c] as number);
  }
  return out;
}

/**
 * A tag's values, each given a small index so a tag's chances fit an array, and `combine` asked
 * once for each pair of them.
 */
class TagTable {
  readonly values: number[] = [];
  private readonly indexOf = new Map<number, number>();
  /** combined[a][b]: the index of the two tags combined. */
  private readonly combined: number[][] = [];
  /** faces[face][count]: the index of the tag `count` dice of one face read as. */
  private readonly faces: number[][] = [];

  constructor(private readonly tag: BaseTag) {}

  index(value: number): number {
    let at = this.indexOf.get(value);
    if (at === undefined) {
      at = this.values.length;
      this.values.push(value);
      this.indexOf.set(value, at);
    }
    return at;
  }

  ofFace(face: number, count: number): number {
    const counts = (this.faces[face] ??= []);
    return (counts[count] ??= this.index(this.tag.ofFace(face, count)));
  }

  combine(a: number, b: number): number {
    const row = (this.combined[a] ??= []);
    return (row[b] ??= this.index(this.tag.combine(this.values[a] as number, this.values[b] as number)));
  }
}

/** A tag's chances by index (an index never reached holds nothing). */
type TagChances = number[];

/** Adds weight × the tags combined from `x` and `y` into `into`. */
function combineInto(into: TagChances, x: TagChances, y: TagChances, weight: number, tags: TagTable): void {
  for (let a = 0; a < x.length; a += 1) {
    const pa = x[a];
    if (!pa) continue;
    for (let b = 0; b < y.length; b += 1) {
      const pb = y[b];
      if (!pb) continue;
      const c = tags.combine(a, b);
      into[c] = (into[c] ?? 0) + weight * pa * pb;
    }
  }
}

/**
 * For every count m from 0 to n of dice that each show one of `faces` (all alike), the chance of
 * each tag those m dice fold to: the first face takes Binomial(m, 1 / faces) of them, the other
 * faces share the rest the same way.
 */
function tagsWithin(faces: readonly number[], n: number, tags: TagTable): TagChances[] {
  const last = faces[faces.length - 1] as number;
  let within: TagChances[] = Array.from({ length: n + 1 }, (_, m) => {
    const one: TagChances = [];
    one[tags.ofFace(last, m)] = 1;
    return one;
  });
  for (let f = faces.length - 2; f >= 0; f -= 1) {
    const face = faces[f] as number;
    const share = 1 / (faces.length - f);
    const ofCount = Array.from({ length: n + 1 }, (_, count) => {
      const one: TagChances = [];
      one[tags.ofFace(face, count)] = 1;
      return one;
    });
    within = within.map((_, m) => {
      const out: TagChances = [];
      const chances = binomial(m, share);
      for (let count = 0; count <= m; count += 1) combineInto(out, ofCount[count] as TagChances, within[m - count] as TagChances, chances[count] as number, tags);
      return out;
    });
  }
  return within;
}

/** A tag that tells nothing: every pool read without one folds to 0. */
const NO_TAG: BaseTag = { initial: 0, ofFace: () => 0, combine: () => 0 };

interface CountState {
  remaining: number;
  lin: number;
  extra: number;
  tags: TagChances;
}

/**
 * `n` dice of one kind, counted class by class of faces that read alike (the same net and 6s or Rd
 * 1s): each class takes Binomial(remaining, its faces / faces left) of the remaining dice, and its
 * tags, where a tag is read, come from how those dice fall among its faces (tagsWithin). `extra` is
 * the 6s (Bd) or the Rd 1s, whichever the kind carries.
 */
function countDice(kind: Kind, n: number, carries: "six" | "one", tag: BaseTag = NO_TAG): Map<number, Grid> {
  const classes: Array<{ faces: number[]; lin: number; extra: number }> = [];
  for (const face of FACES) {
    const read = classify(kind, [face]);
    const other = carries === "six" ? read.one : read.six;
    if (other !== 0) throw new Error(`odds: a ${kind} die showing ${face} counts as a ${carries === "six" ? "Rd 1" : "6"}, which these odds do not expect`);
    const extra = carries === "six" ? read.six : read.one;
    const same = classes.find((c) => c.lin === read.lin && c.extra === extra);
    if (same) same.faces.push(face);
    else classes.push({ faces: [face], lin: read.lin, extra });
  }
  // Classes of one face first: the wide spread of tags of a many-faced class then meets each state
  // once, as the last class. Any order counts the same; this one is the quickest.
  // Stryker disable next-line all: the order of the classes changes only the time taken
  classes.sort((x, y) => x.faces.length - y.faces.length);
  const tags = new TagTable(tag);
  const start: TagChances = [];
  start[tags.index(tag.initial)] = 1;
  let states: CountState[] = [{ remaining: n, lin: 0, extra: 0, tags: start }];
  let facesLeft = 6;
  // States are keyed by one number: remaining, net and extra each fit in 0..2n+1.
  const span = 2 * n + 2;
  for (const cls of classes) {
    const within = tagsWithin(cls.faces, n, tags);
    const share = cls.faces.length / facesLeft;
    // Many states have as many dice left: each count's chances are worked out once.
    const byRemaining: Float64Array[] = [];
    const next = new Map<number, CountState>();
    for (const state of states) {
      const chances = (byRemaining[state.remaining] ??= binomial(state.remaining, share));
      // The last class takes every die left: only that count can happen (the others have chance 0).
      // Stryker disable next-line ConditionalExpression: starting from 0 reaches the same count, slower
      for (let count = share === 1 ? state.remaining : 0; count <= state.remaining; count += 1) {
        const p = chances[count] as number;
        if (p === 0) continue;
        const remaining = state.remaining - count;
        const lin = state.lin + count * cls.lin;
        const extra = state.extra + count * cls.extra;
        const key = (extra * span + lin + n) * span + remaining;
        let entry = next.get(key);
        if (!entry) {
          entry = { remaining, lin, extra, tags: [] };
          next.set(key, entry);
        }
        combineInto(entry.tags, state.tags, within[count] as TagChances, p, tags);
      }
    }
    states = [...next.values()];
    facesLeft -= cls.faces.length;
  }
  const linMin = Math.min(0, ...states.map((s) => s.lin));
  const width = Math.max(0, ...states.map((s) => s.lin)) - linMin + 1;
  const rows = Math.max(0, ...states.map((s) => s.extra)) + 1;
  const grids = new Map<number, Grid>();
  for (const state of states) {
    state.tags.forEach((p, index) => {
      const value = tags.values[index] as number;
      let grid = grids.get(value);
      if (!grid) {
        grid = gridOf(0, rows, linMin, width);
        grids.set(value, grid);
      }
      addToGrid(grid, state.extra, state.lin, p);
    });
  }
  return grids;
}

const chains = new Map<number, { grid: Grid; cut: number }>();

/** One Drama die and everything its 6s call for, listed by running the rules' own explosion (once per cut). */
function dramaChain(cut: number): { grid: Grid; cut: number } {
  const known = chains.get(cut);
  if (known) return known;
  const listed = enumerateDice((tray: DiceTray) => rollDrama(tray, 1, "drama"), { cut });
  const read = listed.outcomes.map(({ value: faces, p }) => ({ ...classify("drama", faces), p }));
  if (read.some((r) => r.one !== 0)) throw new Error("odds: a Drama die counts as an Rd 1, which these odds do not expect");
  const linMin = Math.min(...read.map((r) => r.lin));
  const grid = gridOf(0, Math.max(...read.map((r) => r.six)) + 1, linMin, Math.max(...read.map((r) => r.lin)) - linMin + 1);
  for (const r of read) addToGrid(grid, r.six, r.lin, r.p);
  chains.set(cut, { grid, cut: listed.cut });
  return { grid, cut: listed.cut };
}

/** Adds the convolution of `x` and `y` into `into` from `offset` on. */
function addConvolved(into: Float64Array, offset: number, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < x.length; i += 1) {
    const px = x[i] as number;
    if (px === 0) continue;
    for (let j = 0; j < y.length; j += 1) into[offset + i + j] = (into[offset + i + j] as number) + px * (y[j] as number);
  }
}

/** Chances from `min` on. */
interface Part {
  min: number;
  p: Float64Array;
}

/**
 * What the Rd add to one row of capped 6s, as a plain and a critical part: for every count of Rd
 * 1s, its row of Rd nets moved by what that row of 6s adds to its column for the net: the
 * critical's bonus below the cap, and from the cap on the cap less the 1s (the column holds the 6s
 * past it). A part no count of 1s gives is null.
 */
function resistanceParts(sixes: number, cap: number, resistance: Grid): [Part | null, Part | null] {
  const adds: number[] = [];
  const criticals: boolean[] = [];
  for (let r = 0; r < resistance.rows; r += 1) {
    const one = resistance.rowMin + r;
    const read = sixes === cap ? { critical: true, criticalBonus: cap - one } : criticalOf(sixes, one);
    adds.push(read.criticalBonus);
    criticals.push(read.critical);
  }
  const part = (critical: boolean): Part | null => {
    let min = Infinity;
    let max = -Infinity;
    criticals.forEach((c, r) => {
      if (c !== critical) return;
      min = Math.min(min, adds[r] as number);
      max = Math.max(max, adds[r] as number);
    });
    if (min === Infinity) return null;
    const p = new Float64Array(max - min + resistance.width);
    for (let r = 0; r < resistance.rows; r += 1) {
      if (criticals[r] !== critical) continue;
      const at = (adds[r] as number) - min;
      for (let d = 0; d < resistance.width; d += 1) p[at + d] = (p[at + d] as number) + (resistance.p[r * resistance.width + d] as number);
    }
    return { min, p };
  };
  return [part(false), part(true)];
}

/**
 * The fewest 6s from which every count of Rd 1s in `ones` makes a critical worth the 6s less the
 * 1s, asked of `criticalOf` at every count of 6s up to `most`: from there on, how many 6s showed
 * matters only through the net plus the 6s, so the pool's 6s are counted exactly only below it.
 */
function criticalCap(ones: readonly number[], most: number): number {
  for (let sixes = most; sixes >= 0; sixes -= 1) {
    for (let o = 0; o < ones.length; o += 1) {
      const one = ones[o] as number;
      const read = criticalOf(sixes, one);
      if (!read.critical || read.criticalBonus !== sixes - one) return sixes + 1;
    }
  }
  return 0;
}

/**
 * The readings of a pool. Its Bd (by tag), Rd and Dd are counted apart and put together: Bd and Dd
 * as rows of 6s capped at criticalCap by columns of net plus the 6s past the cap (`capped`), so
 * that from the cap on, where the critical adds the 6s less the Rd 1s, many counts of 6s are one
 * row; then each row meets each count of Rd 1s, read by criticalOf below the cap.
 */
export function successPoolOdds(size: PoolSize, tag?: BaseTag, cut = ODDS_CUT): PoolOdds {
  let cutMass = 0;
  const trimmed = (grid: Grid): Grid => {
    const t = trimGrid(grid, TRIM);
    cutMass += t.cut;
    return t.grid;
  };
  const baseDice = Math.max(0, size.base);
  const dice = Math.max(0, size.drama);
  const chain = dramaChain(cut);
  const resistance = trimmed(countDice("resistance", Math.max(0, size.resistance), "one").get(0) as Grid);
  const ones = Array.from({ length: resistance.rows }, (_, r) => resistance.rowMin + r);
  const cap = criticalCap(ones, baseDice + dice * (chain.grid.rows - 1));
  const base = new Map([...countDice("base", baseDice, "six", tag)].map(([k, grid]) => [k, trimmed(capped(grid, cap))]));

  let drama = gridOf(0, 1, 0, 1);
  drama.p[0] = 1;
  if (dice > 0) {
    cutMass += 1 - Math.pow(1 - chain.cut, dice);
    const one = capped(chain.grid, cap);
    for (let i = 0; i < dice; i += 1) drama = trimmed(convolveCapped(drama, one, cap));
  }

  // Worked out once for every tag.
  const parts = Array.from({ length: cap + 1 }, (_, sixes) => resistanceParts(sixes, cap, resistance));
  const present = parts.flat().filter((part) => part !== null);
  const addMin = Math.min(...present.map((part) => part.min));
  const reach = Math.max(...present.map((part) => part.min - addMin + part.p.length));
  const readings: PoolChance[] = [];
  for (const [tagValue, baseGrid] of base) {
    const both = trimmed(convolveCapped(baseGrid, drama, cap));
    // Nets by critical: column c of `both` and entry k of a part from `min` give net
    // low + (min - addMin) + c + k.
    const low = both.linMin + resistance.linMin + addMin;
    const nets = [new Float64Array(reach + both.width - 1), new Float64Array(reach + both.width - 1)];
    for (let r = 0; r < both.rows; r += 1) {
      const row = both.p.subarray(r * both.width, (r + 1) * both.width);
      const [plain, critical] = parts[both.rowMin + r] as [Part | null, Part | null];
      if (plain) addConvolved(nets[0] as Float64Array, plain.min - addMin, row, plain.p);
      if (critical) addConvolved(nets[1] as Float64Array, critical.min - addMin, row, critical.p);
    }
    nets.forEach((chances, critical) => {
      chances.forEach((p, i) => {
        if (p > 0) readings.push({ net: low + i, critical: critical === 1, tag: tagValue, p });
      });
    });
  }
  return { readings, cut: cutMass };
}
