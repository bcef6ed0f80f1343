import { DiceTray } from "../dice/source.js";
import { criticalOf, type PoolFaces, type PoolSize, readSuccessPool, rollDrama } from "../dice/successPool.js";
import { accumulate, binomial, convolve, type Dense, shift } from "./dense.js";
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
 * same `criticalOf` the reader uses. The counting in between is exact: multinomial counts of each
 * class of face, then convolutions.
 */

/** A tag read from the Bd faces one face value at a time: the count of each face, folded up. */
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
  let cut = 0;
  let low = 0;
  let high = grid.rows;
  const drop = (sums: Float64Array, from: number, to: number, allowance: number): [number, number, number] => {
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
    return [lo, hi, spent];
  };
  [low, high, cut] = drop(rowSums, 0, grid.rows, budget / 2);
  const colSums = new Float64Array(grid.width);
  for (let r = low; r < high; r += 1) for (let c = 0; c < grid.width; c += 1) colSums[c] = (colSums[c] as number) + (grid.p[r * grid.width + c] as number);
  const [left, right, colCut] = drop(colSums, 0, grid.width, budget / 2);
  if (low === 0 && high === grid.rows && left === 0 && right === grid.width) return { grid, cut: 0 };
  const out = gridOf(grid.rowMin + low, high - low, grid.linMin + left, right - left);
  for (let r = low; r < high; r += 1) out.p.set(grid.p.subarray(r * grid.width + left, r * grid.width + right), (r - low) * out.width);
  return { grid: out, cut: cut + colCut };
}

const nonZero = (grid: Grid) => grid.p.reduce((n, p) => (p === 0 ? n : n + 1), 0);

/**
 * The grid of the sum of two independent pairs of counts. The sparser grid is walked cell by cell
 * (a Drama die's chain has a few cells a row), the other row by row.
 */
function convolveGrids(x: Grid, y: Grid): Grid {
  const [a, b] = nonZero(x) <= nonZero(y) ? [x, y] : [y, x];
  const out = gridOf(a.rowMin + b.rowMin, a.rows + b.rows - 1, a.linMin + b.linMin, a.width + b.width - 1);
  const into = out.p;
  const from = b.p;
  const width = b.width;
  for (let ra = 0; ra < a.rows; ra += 1) {
    for (let ca = 0; ca < a.width; ca += 1) {
      const pa = a.p[ra * a.width + ca] as number;
      if (pa === 0) continue;
      for (let rb = 0; rb < b.rows; rb += 1) {
        const at = rb * width;
        const to = (ra + rb) * out.width + ca;
        for (let cb = 0; cb < width; cb += 1) into[to + cb] = (into[to + cb] as number) + pa * (from[at + cb] as number);
      }
    }
  }
  return out;
}

/** The net successes (before the bonus) of one row: one count of 6s or Rd 1s. */
function rowOf(grid: Grid, value: number): Dense {
  const r = value - grid.rowMin;
  return { min: grid.linMin, p: grid.p.subarray(r * grid.width, (r + 1) * grid.width) };
}

interface CountState {
  remaining: number;
  lin: number;
  extra: number;
  tag: number;
  p: number;
}

/**
 * `n` dice of one kind, counted face class by face class: each class takes Binomial(remaining,
 * its faces / faces left) of the remaining dice. Faces that read alike share a class, unless a tag
 * needs each face on its own. `extra` is the 6s (Bd) or the Rd 1s, whichever the kind carries.
 */
function countDice(kind: Kind, n: number, carries: "six" | "one", tag?: BaseTag): Map<number, Grid> {
  const classes: Array<{ faces: number[]; lin: number; extra: number }> = [];
  for (const face of FACES) {
    const read = classify(kind, [face]);
    const other = carries === "six" ? read.one : read.six;
    if (other !== 0) throw new Error(`odds: a ${kind} die showing ${face} counts as a ${carries === "six" ? "Rd 1" : "6"}, which these odds do not expect`);
    const extra = carries === "six" ? read.six : read.one;
    const same = tag ? undefined : classes.find((c) => c.lin === read.lin && c.extra === extra);
    if (same) same.faces.push(face);
    else classes.push({ faces: [face], lin: read.lin, extra });
  }
  // The tag of `count` dice of one face, read once for each face and count.
  const tags = new Map<number, number>();
  const tagOf = (face: number, count: number): number => {
    const key = count * 8 + face;
    let value = tags.get(key);
    if (value === undefined) {
      value = (tag as BaseTag).ofFace(face, count);
      tags.set(key, value);
    }
    return value;
  };
  let states: CountState[] = [{ remaining: n, lin: 0, extra: 0, tag: tag?.initial ?? 0, p: 1 }];
  let facesLeft = 6;
  // States are keyed by one number: remaining, net and extra each fit in 0..2n+1, the tag above them.
  const span = 2 * n + 2;
  for (const cls of classes) {
    const share = cls.faces.length / facesLeft;
    const next = new Map<number, CountState>();
    for (const state of states) {
      const chances = binomial(state.remaining, share);
      for (let count = 0; count <= state.remaining; count += 1) {
        const p = state.p * (chances[count] as number);
        if (p === 0) continue;
        const folded = tag ? tag.combine(state.tag, tagOf(cls.faces[0] as number, count)) : 0;
        const remaining = state.remaining - count;
        const lin = state.lin + count * cls.lin;
        const extra = state.extra + count * cls.extra;
        const key = ((folded * span + extra) * span + lin + n) * span + remaining;
        const entry = next.get(key);
        if (entry) entry.p += p;
        else next.set(key, { remaining, lin, extra, tag: folded, p });
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
    let grid = grids.get(state.tag);
    if (!grid) {
      grid = gridOf(0, rows, linMin, width);
      grids.set(state.tag, grid);
    }
    addToGrid(grid, state.extra, state.lin, state.p);
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

export function successPoolOdds(size: PoolSize, tag?: BaseTag, cut = ODDS_CUT): PoolOdds {
  let cutMass = 0;
  const trimmed = (grid: Grid): Grid => {
    const t = trimGrid(grid, TRIM);
    cutMass += t.cut;
    return t.grid;
  };
  const base = new Map([...countDice("base", Math.max(0, size.base), "six", tag)].map(([k, grid]) => [k, trimmed(grid)]));
  const resistance = trimmed(countDice("resistance", Math.max(0, size.resistance), "one").get(0) as Grid);

  let drama = gridOf(0, 1, 0, 1);
  drama.p[0] = 1;
  const dice = Math.max(0, size.drama);
  if (dice > 0) {
    const chain = dramaChain(cut);
    cutMass += 1 - Math.pow(1 - chain.cut, dice);
    for (let i = 0; i < dice; i += 1) drama = trimmed(convolveGrids(drama, chain.grid));
  }

  // For each count of 6s, what the Rd add: their net, plus the critical bonus of those 6s against their 1s.
  const withResistance = new Map<number, { plain: Dense | null; critical: Dense | null }>();
  const resistanceFor = (sixes: number) => {
    let entry = withResistance.get(sixes);
    if (entry) return entry;
    entry = { plain: null, critical: null };
    for (let ones = resistance.rowMin; ones < resistance.rowMin + resistance.rows; ones += 1) {
      const { critical, criticalBonus } = criticalOf(sixes, ones);
      const moved = shift(rowOf(resistance, ones), criticalBonus);
      if (critical) entry.critical = accumulate(entry.critical, moved);
      else entry.plain = accumulate(entry.plain, moved);
    }
    withResistance.set(sixes, entry);
    return entry;
  };

  const readings = new Map<number, PoolChance>();
  for (const [tagValue, baseGrid] of base) {
    const both = trimmed(convolveGrids(baseGrid, drama));
    for (let sixes = both.rowMin; sixes < both.rowMin + both.rows; sixes += 1) {
      const lin = rowOf(both, sixes);
      if (!lin.p.some((p) => p > 0)) continue;
      const rest = resistanceFor(sixes);
      for (const [critical, part] of [[false, rest.plain], [true, rest.critical]] as const) {
        if (!part) continue;
        const net = convolve(lin, part);
        net.p.forEach((p, i) => {
          if (p === 0) return;
          const value = net.min + i;
          // Nets stay well inside ±2^20; the tag and the critical sit above them.
          const key = (tagValue * 2 + (critical ? 1 : 0)) * 2 ** 21 + value + 2 ** 20;
          const entry = readings.get(key);
          if (entry) entry.p += p;
          else readings.set(key, { net: value, critical, tag: tagValue, p });
        });
      }
    }
  }
  return { readings: [...readings.values()], cut: cutMass };
}
