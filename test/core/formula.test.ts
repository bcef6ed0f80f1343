import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formulaRange, FormulaError, parseFormula, rollFormula } from "../../src/core/dice/formula.js";
import { RuleError } from "../../src/core/ruleError.js";
import { DiceError, DiceTray, givenFaces, seededDice } from "../../src/core/dice/source.js";

describe("dice formulas", () => {
  it("reads 1d6, 2d8+3, 1d10+1d4-1, d6 and a bare number", () => {
    expect(parseFormula("1d6").terms).toEqual([{ kind: "dice", sign: 1, count: 1, sides: 6 }]);
    expect(parseFormula("2d8+3").terms).toEqual([
      { kind: "dice", sign: 1, count: 2, sides: 8 },
      { kind: "flat", sign: 1, value: 3 },
    ]);
    expect(parseFormula("1d10+1d4-1").terms).toEqual([
      { kind: "dice", sign: 1, count: 1, sides: 10 },
      { kind: "dice", sign: 1, count: 1, sides: 4 },
      { kind: "flat", sign: -1, value: 1 },
    ]);
    expect(parseFormula("d6").terms).toEqual([{ kind: "dice", sign: 1, count: 1, sides: 6 }]);
    expect(parseFormula("3").terms).toEqual([{ kind: "flat", sign: 1, value: 3 }]);
    expect(parseFormula(" 2D6 - 1d4 ").terms).toEqual([
      { kind: "dice", sign: 1, count: 2, sides: 6 },
      { kind: "dice", sign: -1, count: 1, sides: 4 },
    ]);
  });

  it("rolls every die through the tray in written order and totals with the modifier", () => {
    const tray = new DiceTray(givenFaces([7, 3, 2]));
    const roll = rollFormula(tray, "1d10+1d4-1d6+2", "damage");
    expect(roll.dice).toEqual([
      { sides: 10, face: 7, sign: 1 },
      { sides: 4, face: 3, sign: 1 },
      { sides: 6, face: 2, sign: -1 },
    ]);
    expect(roll.modifier).toBe(2);
    expect(roll.total).toBe(7 + 3 - 2 + 2);
    expect(tray.rolled.map((d) => d.label)).toEqual(["damage", "damage", "damage"]);
  });

  it("a bare number rolls no dice", () => {
    const tray = new DiceTray(givenFaces([]));
    expect(rollFormula(tray, "3", "x")).toEqual({ formula: "3", dice: [], modifier: 3, total: 3 });
    expect(tray.rolled).toEqual([]);
  });

  it.each([
    ["", /empty/],
    ["2x6", /"2x6" is not a number or a dice term/],
    ["1d6+", /"\+" is missing a term/],
    ["1d6++2", /"\+" is missing a term/],
    ["0d6", /"0d6" rolls no dice/],
    ["1d0", /"1d0" names a die with no sides/],
    ["1d1001", /above d1000/],
    ["101d6", /above 100 dice/],
    ["60d6+50d6", /"50d6" brings the formula above 100 dice/],
    ["1d6*2", /"1d6\*2" is not/],
    ["2 d6", /"2 d6" is not/],
    ["1.5", /"1.5" is not/],
    ["20000", /above the largest number/],
  ])("refuses %j, naming the bad part", (text, pattern) => {
    expect(() => parseFormula(text)).toThrow(FormulaError);
    expect(() => parseFormula(text)).toThrow(pattern);
  });

  it("a bad formula is a RuleError (a refusal), not a DiceError about faces", () => {
    expect(() => parseFormula("x")).toThrow(RuleError);
    expect(() => parseFormula("x")).not.toThrow(DiceError);
  });

  it("refuses more terms than the limit", () => {
    expect(() => parseFormula(Array(21).fill("1").join("+"))).toThrow(/more than 20 terms/);
    expect(parseFormula(Array(20).fill("1").join("+")).terms).toHaveLength(20);
  });

  it("totals stay within the formula's range and replay from their faces", () => {
    const term = fc.tuple(fc.boolean(), fc.oneof(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 20 })).map(([c, s]) => `${c}d${s}`), fc.integer({ min: 0, max: 9 }).map(String)));
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 1e6 }), (terms, seed) => {
        const text = terms.map(([neg, t], i) => (neg ? "-" : i === 0 ? "" : "+") + t).join("");
        const formula = parseFormula(text);
        const tray = new DiceTray(seededDice(seed));
        const roll = rollFormula(tray, formula, "f");
        const { min, max } = formulaRange(formula);
        expect(roll.total).toBeGreaterThanOrEqual(min);
        expect(roll.total).toBeLessThanOrEqual(max);
        expect(rollFormula(new DiceTray(givenFaces(tray.faces())), formula, "f")).toEqual(roll);
      }),
    );
  });
});
