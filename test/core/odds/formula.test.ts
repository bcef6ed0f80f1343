import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Formula, parseFormula, rollFormula } from "../../../src/core/dice/formula.js";
import { addDieIntoSymmetric, addTwoDiceIntoSymmetric, convolve, type Dense, entriesOf, total } from "../../../src/core/odds/dense.js";
import { enumerateDice, groupOutcomes } from "../../../src/core/odds/enumerate.js";
import { formulaOdds } from "../../../src/core/odds/formula.js";

describe("formulaOdds", () => {
  it("2d6: 7 comes up 6 ways in 36", () => {
    const odds = new Map(entriesOf(formulaOdds(parseFormula("2d6"))));
    expect(odds.get(7)).toBeCloseTo(6 / 36, 15);
    expect(odds.get(2)).toBeCloseTo(1 / 36, 15);
    expect([...odds.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it.each(["1d20+3", "1d8+1d4-1", "2d6-1d4", "3", "d10-2d3+5"])("%s equals every roll of rollFormula", (text) => {
    const formula = parseFormula(text);
    const exact = formulaOdds(formula);
    expect(total(exact)).toBeCloseTo(1, 13);
    const listed = groupOutcomes(enumerateDice((tray) => rollFormula(tray, formula, "f")).outcomes, (roll) => String(roll.total));
    const odds = new Map(entriesOf(exact));
    expect(odds.size).toBe(listed.length);
    for (const { value, p } of listed) expect(odds.get(value.total) ?? 0).toBeCloseTo(p, 14);
  });

  it("a hundred d1000s still sums to 1 and centres on 50 050", () => {
    const exact = formulaOdds(parseFormula("100d1000"));
    expect(total(exact)).toBeCloseTo(1, 9);
    const mean = entriesOf(exact).reduce((sum, [v, p]) => sum + v * p, 0);
    expect(mean).toBeCloseTo(50050, 4);
  });

  it("property: equals the same dice convolved one at a time over the whole range, to 1e-15", () => {
    // The plain way: every die as its own distribution, convolved in full, no halves, no mirrors.
    const naive = (formula: Formula): Dense => {
      let sum: Dense = { min: 0, p: new Float64Array([1]) };
      for (const term of formula.terms) {
        if (term.kind === "flat") sum = { min: sum.min + term.sign * term.value, p: sum.p };
        else for (let i = 0; i < term.count; i += 1) sum = convolve(sum, { min: term.sign === 1 ? 1 : -term.sides, p: new Float64Array(term.sides).fill(1 / term.sides) });
      }
      return sum;
    };
    const term = fc.oneof(
      fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 40 })).map(([sign, count, sides]) => `${sign}${count}d${sides}`),
      fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 30 })).map(([sign, value]) => `${sign}${value}`),
    );
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), (terms) => {
        const formula = parseFormula(terms.join("").replace(/^\+/, ""));
        const mine = formulaOdds(formula);
        const theirs = naive(formula);
        expect(mine.min).toBe(theirs.min);
        expect(mine.p.length).toBe(theirs.p.length);
        mine.p.forEach((p, i) => expect(Math.abs(p - (theirs.p[i] as number))).toBeLessThan(1e-15));
      }),
      { seed: 13, numRuns: 200 },
    );
  });

  it("adding dice reads only the lower half it is given: leftovers past it in the buffer change nothing", () => {
    const die = (sides: number): Dense => ({ min: 1, p: new Float64Array(sides).fill(1 / sides) });
    // A d2 (length 2, lower half [1/2]) in a buffer otherwise full of leftovers.
    const dirty = () => {
      const from = new Float64Array(12).fill(7);
      from[0] = 0.5;
      return from;
    };
    const two = new Float64Array(12);
    expect(addTwoDiceIntoSymmetric(dirty(), 2, 3, two, new Float64Array(12).fill(5))).toBe(6);
    const d2d3d3 = convolve(convolve(die(2), die(3)), die(3)).p;
    [0, 1, 2].forEach((i) => expect(two[i]).toBeCloseTo(d2d3d3[i] as number, 15));
    const one = new Float64Array(12);
    expect(addDieIntoSymmetric(dirty(), 2, 5, one)).toBe(6);
    const d2d5 = convolve(die(2), die(5)).p;
    [0, 1, 2].forEach((i) => expect(one[i]).toBeCloseTo(d2d5[i] as number, 15));
  });
});
