import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PoolFaces, type PoolSize, readSuccessPool, rollDrama } from "../../../src/core/dice/successPool.js";
import { enumerateDice } from "../../../src/core/odds/enumerate.js";
import { type BaseTag, successPoolOdds } from "../../../src/core/odds/successPool.js";

/**
 * successPoolOdds against a plain count: every way the Bd and the Rd can fall as a count of each
 * face (with its multinomial chance), every chain of Drama dice listed by the rules' own explosion,
 * each part read by readSuccessPool on its own and the three put together by readSuccessPool again.
 * No grid, no cap on the 6s, no trimming: another road to the same numbers.
 */

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** Every count of each of the six faces adding up to n, with its chance. */
function faceCounts(n: number): Array<{ counts: number[]; p: number }> {
  const out: Array<{ counts: number[]; p: number }> = [];
  const walk = (face: number, left: number, counts: number[]) => {
    if (face === 6) {
      const all = [...counts, left];
      out.push({ counts: all, p: all.reduce((p, c) => p / factorial(c), factorial(n)) / 6 ** n });
      return;
    }
    for (let c = 0; c <= left; c += 1) walk(face + 1, left - c, [...counts, c]);
  };
  walk(1, n, []);
  return out;
}

const facesOf = (counts: number[]) => counts.flatMap((c, i) => Array.from({ length: c }, () => i + 1));

interface Part {
  faces: number[];
  tag: number;
  p: number;
}

/** Groups ways by what they read as alone (and their tag): one representative each, with the chance summed. */
function grouped(ways: Part[], kind: keyof PoolFaces): Part[] {
  const out = new Map<string, Part>();
  for (const way of ways) {
    const pool: PoolFaces = { base: [], resistance: [], drama: [] };
    pool[kind] = way.faces;
    const r = readSuccessPool(pool);
    const key = `${r.baseSuccesses}/${r.resistanceLosses}/${r.dramaSuccesses}/${r.sixes}/${r.resistanceOnes}/${way.tag}`;
    const known = out.get(key);
    if (known) known.p += way.p;
    else out.set(key, { ...way });
  }
  return [...out.values()];
}

function counted(size: PoolSize, tag: BaseTag | undefined, cut: number): Map<string, number> {
  const tagOf = (counts: number[]) => (tag ? counts.reduce((t, c, i) => tag.combine(t, tag.ofFace(i + 1, c)), tag.initial) : 0);
  const base = grouped(
    faceCounts(size.base).map(({ counts, p }) => ({ faces: facesOf(counts), tag: tagOf(counts), p })),
    "base",
  );
  const resistance = grouped(
    faceCounts(size.resistance).map(({ counts, p }) => ({ faces: facesOf(counts), tag: 0, p })),
    "resistance",
  );
  const drama = grouped(
    enumerateDice((tray) => rollDrama(tray, size.drama, "drama"), { cut }).outcomes.map(({ value, p }) => ({ faces: value, tag: 0, p })),
    "drama",
  );
  const out = new Map<string, number>();
  for (const b of base) {
    for (const r of resistance) {
      for (const d of drama) {
        const reading = readSuccessPool({ base: b.faces, resistance: r.faces, drama: d.faces });
        const key = `${reading.net}/${reading.critical}/${b.tag}`;
        out.set(key, (out.get(key) ?? 0) + b.p * r.p * d.p);
      }
    }
  }
  return out;
}

function exact(size: PoolSize, tag: BaseTag | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of successPoolOdds(size, tag).readings) {
    const key = `${r.net}/${r.critical}/${r.tag}`;
    out.set(key, (out.get(key) ?? 0) + r.p);
  }
  return out;
}

/** Tags as a table reads Bd: a shield's triples and quad, and one that cares which face it is. */
const TAGS: Record<string, BaseTag | undefined> = {
  none: undefined,
  shield: {
    initial: 0,
    ofFace: (_face, count) => (count === 3 ? 2 : 0) + (count >= 4 ? 1 : 0),
    combine: (a, b) => ((a >> 1) + (b >> 1)) * 2 + ((a | b) & 1),
  },
  "2s and 5s": { initial: 0, ofFace: (face, count) => (face === 2 ? count : face === 5 ? 10 * count : 0), combine: (a, b) => a + b },
};

describe("successPoolOdds against a plain count of faces", () => {
  it("property: every net, critical and tag has the chance the plain count gives (to 1e-12 without Dd, within the cut with them)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 2 }), fc.constantFrom(...Object.keys(TAGS)), (b, r, d, tagName) => {
        const size = { base: b, resistance: r, drama: d };
        const tag = TAGS[tagName];
        const mine = exact(size, tag);
        const theirs = counted(size, tag, 1e-13);
        for (const key of new Set([...mine.keys(), ...theirs.keys()])) {
          expect(Math.abs((mine.get(key) ?? 0) - (theirs.get(key) ?? 0)), `${JSON.stringify(size)} ${tagName} ${key}`).toBeLessThan(d === 0 ? 1e-12 : 1e-9);
        }
      }),
      { seed: 17, numRuns: 40 },
    );
  }, 60_000);

  it.each([
    // Six Rd can show six 1s: the critical's cap on the 6s climbs to seven.
    { base: 9, resistance: 6, drama: 0 },
    { base: 4, resistance: 5, drama: 2 },
    { base: 0, resistance: 3, drama: 2 },
    { base: 12, resistance: 0, drama: 0 },
  ])("%o, every tag", (size) => {
    for (const [tagName, tag] of Object.entries(TAGS)) {
      const mine = exact(size, tag);
      const theirs = counted(size, tag, 1e-13);
      expect(mine.size, tagName).toBeGreaterThan(0);
      for (const key of new Set([...mine.keys(), ...theirs.keys()])) expect(Math.abs((mine.get(key) ?? 0) - (theirs.get(key) ?? 0)), `${tagName} ${key}`).toBeLessThan(size.drama === 0 ? 1e-12 : 1e-9);
    }
  }, 60_000);
});
