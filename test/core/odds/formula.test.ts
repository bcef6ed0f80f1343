import { describe, expect, it } from "vitest";
import { parseFormula, rollFormula } from "../../../src/core/dice/formula.js";
import { entriesOf, total } from "../../../src/core/odds/dense.js";
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
});
