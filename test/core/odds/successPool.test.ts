import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PoolSize, readSuccessPool, rollSuccessPool } from "../../../src/core/dice/successPool.js";
import { enumerateDice } from "../../../src/core/odds/enumerate.js";
import { ODDS_CUT } from "../../../src/core/odds/odds.js";
import { successPoolOdds } from "../../../src/core/odds/successPool.js";

const labels = { base: "base", resistance: "resistance", drama: "drama" };

/** The pool's readings by listing every face the rules roll (Drama dice cut at `cut`). */
function listed(size: PoolSize, cut: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const { value, p } of enumerateDice((tray) => readSuccessPool(rollSuccessPool(tray, size, labels)), { cut }).outcomes) {
    const key = `${value.net}/${value.critical}`;
    out.set(key, (out.get(key) ?? 0) + p);
  }
  return out;
}

function exact(size: PoolSize): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of successPoolOdds(size).readings) out.set(`${r.net}/${r.critical}`, (out.get(`${r.net}/${r.critical}`) ?? 0) + r.p);
  return out;
}

describe("successPoolOdds", () => {
  it("one Bd: a success on 5 or 6, never a critical", () => {
    const odds = exact({ base: 1, resistance: 0, drama: 0 });
    expect([...odds.keys()].sort()).toEqual(["0/false", "1/false"]);
    expect(odds.get("0/false")).toBeCloseTo(4 / 6, 15);
    expect(odds.get("1/false")).toBeCloseTo(2 / 6, 15);
  });

  it("3Bd: three 6s are a critical worth three more (net 6) at 1/216", () => {
    expect(exact({ base: 3, resistance: 0, drama: 0 }).get("6/true")).toBeCloseTo(1 / 216, 15);
  });

  it("property: without Drama dice, equals every face rolled and read by the rules, exactly", () => {
    fc.assert(
      // Up to five dice in all: 6^5 sequences of faces to list.
      fc.property(fc.integer({ min: 0, max: 4 }).chain((base) => fc.tuple(fc.constant(base), fc.integer({ min: 0, max: 5 - base }))), ([base, resistance]) => {
        const size = { base, resistance, drama: 0 };
        const mine = exact(size);
        const theirs = listed(size, ODDS_CUT);
        expect(mine.size).toBe(theirs.size);
        for (const [key, p] of theirs) expect(mine.get(key) ?? 0).toBeCloseTo(p, 12);
      }),
      { seed: 7, numRuns: 20 },
    );
  });

  it.each([
    { base: 1, resistance: 0, drama: 2 },
    { base: 2, resistance: 1, drama: 1 },
  ])("with exploding Drama dice, agrees with the listed faces to within the cut: %o", (size) => {
    const mine = exact(size);
    const theirs = listed(size, 1e-13);
    for (const key of new Set([...mine.keys(), ...theirs.keys()])) expect(Math.abs((mine.get(key) ?? 0) - (theirs.get(key) ?? 0))).toBeLessThan(1e-9);
  });

  it("property: the readings and the cut add up to 1, and the cut stays near the stated 1e-12", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 12 }), (base, resistance, drama) => {
        const odds = successPoolOdds({ base, resistance, drama });
        const sum = odds.readings.reduce((total, r) => total + r.p, 0);
        expect(Math.abs(sum + odds.cut - 1)).toBeLessThan(1e-9);
        expect(odds.cut).toBeLessThan(drama * 10 * ODDS_CUT + 1e-13);
      }),
      { seed: 11, numRuns: 15 },
    );
  });

  it("reads a tag from the base faces: with 4Bd, a quad (tag 1) shows 6 times in 1296", () => {
    const tag = { initial: 0, ofFace: (_face: number, count: number) => (count >= 4 ? 1 : 0), combine: (a: number, b: number) => a | b };
    const quad = successPoolOdds({ base: 4, resistance: 0, drama: 0 }, tag).readings.filter((r) => r.tag === 1).reduce((s, r) => s + r.p, 0);
    expect(quad).toBeCloseTo(6 / 1296, 15);
  });
});
