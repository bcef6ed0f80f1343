import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rollKeepTwo } from "../../../src/core/dice/keepTwo.js";
import { enumerateDice, groupOutcomes } from "../../../src/core/odds/enumerate.js";
import { keepTwoOdds } from "../../../src/core/odds/keepTwo.js";

describe("keepTwoOdds", () => {
  it("a lone d6: each face is its own total and earns 1 SP", () => {
    const odds = keepTwoOdds([6]);
    expect(odds).toHaveLength(6);
    for (const r of odds) {
      expect(r.successPoints).toBe(1);
      expect(r.p).toBeCloseTo(1 / 6, 15);
    }
  });

  it("an empty pool reads 0 and 0 for certain", () => {
    expect(keepTwoOdds([])).toEqual([{ total: 0, successPoints: 0, p: 1 }]);
  });

  it("d8 + d6: a total of 14 needs 8 and 6 (1/48), and 2 SP... worked by hand", () => {
    const odds = keepTwoOdds([8, 6]);
    expect(odds.find((r) => r.total === 14)?.p).toBeCloseTo(1 / 48, 15);
    // SP 6 needs both dice at 6 or more, the d6 at 6: d8 in {6,7,8} and d6 = 6 → 3/48.
    expect(odds.filter((r) => r.successPoints === 6).reduce((s, r) => s + r.p, 0)).toBeCloseTo(3 / 48, 15);
  });

  it("property: equals every face of the pool rolled through rollKeepTwo, and sums to 1", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(4, 6, 8, 10, 12), { minLength: 0, maxLength: 4 }), (sides) => {
        const exact = keepTwoOdds(sides);
        expect(exact.reduce((sum, r) => sum + r.p, 0)).toBeCloseTo(1, 12);
        const listed = groupOutcomes(enumerateDice((tray) => rollKeepTwo(tray, sides.map((s) => ({ sides: s })), "pool")).outcomes, (r) => `${r.total}/${r.successPoints}`);
        expect(exact).toHaveLength(listed.length);
        for (const { value, p } of listed) {
          const match = exact.find((r) => r.total === value.total && r.successPoints === value.successPoints);
          expect(match?.p ?? 0).toBeCloseTo(p, 13);
        }
      }),
      { seed: 13, numRuns: 25 },
    );
  });
});
