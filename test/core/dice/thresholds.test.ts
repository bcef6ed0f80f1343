import { describe, expect, it } from "vitest";
import { readCheck, readSave } from "../../../src/core/dice/d20.js";
import { planDamageDie, rollDamageDie } from "../../../src/core/dice/damageDie.js";
import { FormulaError, formulaRange, parseFormula } from "../../../src/core/dice/formula.js";
import { applyDrop, DropError } from "../../../src/core/dice/keepTwo.js";
import { digitOfFace, digitsOf, faceOfDigit, gradePercentile, PercentileError, rerollGood, setCriticalReading } from "../../../src/core/dice/percentile.js";
import { rollMany } from "../../../src/core/dice/pool.js";
import { DiceError, DiceTray, givenDice, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { readSuccessPool } from "../../../src/core/dice/successPool.js";

// Each test pins one threshold, count or choice of the dice readings exactly at its edge, so that
// moving the edge by one (or switching the rule off) fails it. docs/testing.md tells how they were found.
const pool = (base: number[], resistance: number[], drama: number[]) => readSuccessPool({ base, resistance, drama });

describe("success pools at their thresholds", () => {
  it("exactly three Resistance 1s flag an unintended outcome; two do not", () => {
    expect(pool([], [1, 1, 1], []).unintendedOutcome).toBe(true);
    expect(pool([], [1, 1, 2], []).unintendedOutcome).toBe(false);
  });

  it("sixes on Drama dice count toward a critical with the Base dice' sixes", () => {
    const reading = pool([6], [], [6, 6, 3]);
    expect(reading.sixes).toBe(3);
    expect(reading.critical).toBe(true);
    expect(reading.criticalBonus).toBe(3);
  });

  it("exactly three sixes make a critical; two do not", () => {
    expect(pool([6, 6, 6], [], []).critical).toBe(true);
    expect(pool([6, 6, 5], [], []).critical).toBe(false);
    expect(pool([6, 6, 5], [], []).criticalBonus).toBe(0);
  });
});

describe("dice sources at their edges", () => {
  it("seeded dice are mulberry32: a recorded seed gives the same faces in every version of Fray", () => {
    const d6 = seededDice(42);
    expect(Array.from({ length: 8 }, () => d6.next(6))).toEqual([4, 3, 6, 5, 2, 4, 2, 4]);
    const d100 = seededDice(2024);
    expect(Array.from({ length: 5 }, () => d100.next(100))).toEqual([82, 72, 66, 69, 52]);
  });

  it("a die needs a whole number of sides above 0, whatever the source", () => {
    for (const sides of [0, -6, 1.5]) {
      expect(() => seededDice(1).next(sides)).toThrow(DiceError);
      expect(() => givenFaces([1]).next(sides)).toThrow(/a die needs a whole number of sides above 0/);
      expect(() => givenDice([{ sides: 6, face: 1 }]).next(sides)).toThrow(/a die needs a whole number of sides/);
    }
    expect(seededDice(1).next(1)).toBe(1);
    expect(new DiceError("x").name).toBe("DiceError");
  });

  it("dice rolled elsewhere are handed out in order, each only for a die of its own size and showing a face that die has", () => {
    const source = givenDice([
      { sides: 6, face: 6 },
      { sides: 8, face: 1 },
    ]);
    expect(source.used()).toBe(0);
    expect(source.next(6)).toBe(6);
    expect(source.used()).toBe(1);
    expect(source.next(8)).toBe(1);
    expect(source.used()).toBe(2);
    expect(() => source.next(6)).toThrow(/ran out of rolled dice after 2; a d6 was still needed/);
    expect(() => givenDice([{ sides: 8, face: 3 }]).next(6)).toThrow(/die #1 was rolled as a d8 where the rules ask for a d6/);
    for (const face of [0, 7, 2.5]) expect(() => givenDice([{ sides: 6, face }]).next(6)).toThrow(/die #1 shows .*, which a d6 cannot show/);
    const refused = givenDice([{ sides: 6, face: 9 }]);
    expect(() => refused.next(6)).toThrow(DiceError);
    expect(refused.used()).toBe(0);
  });

  it("`count` dice of one size; a count below one rolls none", () => {
    const tray = new DiceTray(givenFaces([2, 5, 3]));
    expect(rollMany(tray, 3, 6, "hits")).toEqual([2, 5, 3]);
    expect(tray.rolled).toEqual([
      { label: "hits", sides: 6, face: 2 },
      { label: "hits", sides: 6, face: 5 },
      { label: "hits", sides: 6, face: 3 },
    ]);
    expect(rollMany(new DiceTray(givenFaces([])), -2, 6, "none")).toEqual([]);
  });
});

describe("formulas at their limits", () => {
  it("the largest die, the most dice and the largest number allowed are allowed; one more is refused", () => {
    expect(parseFormula("1d1000").terms).toEqual([{ kind: "dice", sign: 1, count: 1, sides: 1000 }]);
    expect(() => parseFormula("1d1001")).toThrow(FormulaError);
    expect(parseFormula("100d6").terms).toEqual([{ kind: "dice", sign: 1, count: 100, sides: 6 }]);
    expect(parseFormula("60d6+40d4").terms).toHaveLength(2);
    expect(() => parseFormula("60d6+41d4")).toThrow(FormulaError);
    expect(parseFormula("10000").terms).toEqual([{ kind: "flat", sign: 1, value: 10000 }]);
    expect(() => parseFormula("10001")).toThrow(FormulaError);
    expect(new FormulaError("x").name).toBe("FormulaError");
  });

  it("the formula keeps its text without the spaces around it; blank text is empty", () => {
    expect(parseFormula("  2d6+1 ").text).toBe("2d6+1");
    expect(() => parseFormula("   ")).toThrow(/formula " {3}" is empty/);
  });

  it("the range adds a term's lowest and highest, and a subtracted term swaps them", () => {
    expect(formulaRange(parseFormula("2d6+3"))).toEqual({ min: 5, max: 15 });
    expect(formulaRange(parseFormula("1d8-1d4-2"))).toEqual({ min: -5, max: 5 });
  });
});

describe("keep-two pools and Drop at their edges", () => {
  const pool = (...sizes: number[]) => sizes.map((sides, index) => ({ sides, index }));

  it("Drop is a whole number of at least 0", () => {
    expect(applyDrop(pool(6, 8), 0, { keepOneDie: true }).applied).toBe(0);
    expect(() => applyDrop(pool(6, 8), -1, { keepOneDie: true })).toThrow(DropError);
    expect(() => applyDrop(pool(6, 8), 1.5, { keepOneDie: true })).toThrow(/Drop must be a whole number of at least 0, got 1.5/);
    expect(new DropError("x").name).toBe("DropError");
  });

  it("of dice of equal size, the later goes first, so the attribute die stays longest", () => {
    expect(applyDrop(pool(6, 6, 8), 1, { keepOneDie: true }).removed).toEqual([{ sides: 6, index: 1 }]);
    expect(applyDrop(pool(6, 8, 6, 6), 2, { keepOneDie: true }).removed).toEqual([
      { sides: 6, index: 2 },
      { sides: 6, index: 3 },
    ]);
  });

  it("the roller may name any die of the pool, the first and the last included, each once", () => {
    expect(applyDrop(pool(6, 8, 10), 1, { keepOneDie: true, choose: [0] }).removed).toEqual([{ sides: 6, index: 0 }]);
    expect(applyDrop(pool(6, 8, 10), 1, { keepOneDie: true, choose: [2] }).removed).toEqual([{ sides: 10, index: 2 }]);
    expect(() => applyDrop(pool(6, 8, 10), 1, { keepOneDie: true, choose: [3] })).toThrow(/no die #3 in a pool of 3/);
    expect(() => applyDrop(pool(6, 8, 10), 1, { keepOneDie: true, choose: [-1] })).toThrow(/no die #-1/);
    expect(() => applyDrop(pool(6, 8, 10), 1, { keepOneDie: true, choose: [0.5] })).toThrow(/no die #0.5/);
    expect(() => applyDrop(pool(6, 8, 10), 2, { keepOneDie: true, choose: [1, 1] })).toThrow(/repeat an index/);
  });
});

describe("percentile dice at their edges", () => {
  it("a d10 shows 1 to 10 and a digit is 0 to 9; the rest is refused", () => {
    expect(digitOfFace(1)).toBe(1);
    expect(digitOfFace(10)).toBe(0);
    for (const face of [0, 11, 2.5]) expect(() => digitOfFace(face)).toThrow(PercentileError);
    expect(faceOfDigit(0)).toBe(10);
    expect(faceOfDigit(9)).toBe(9);
    for (const digit of [-1, 10, 0.5]) expect(() => faceOfDigit(digit)).toThrow(PercentileError);
    expect(new PercentileError("x").name).toBe("PercentileError");
  });

  it("a reading is 1 to 100: 1 is 0 and 1, 100 is 0 and 0; 0, 101 and fractions are refused", () => {
    expect(digitsOf(1)).toEqual({ tens: 0, units: 1, reading: 1 });
    expect(digitsOf(100)).toEqual({ tens: 0, units: 0, reading: 100 });
    for (const reading of [0, 101, 12.5]) expect(() => digitsOf(reading)).toThrow(/a percentile reading is 1 to 100/);
  });

  it("doubles under the level are a critical success even far from the level", () => {
    expect(gradePercentile(digitsOf(11), 90)).toMatchObject({ success: true, critical: true, grade: "critical-success" });
    expect(gradePercentile(digitsOf(12), 90)).toMatchObject({ success: true, critical: false, grade: "success" });
  });

  it("rerolled dice are labelled as rerolls", () => {
    const first = gradePercentile(digitsOf(72), 50);
    const tray = new DiceTray(givenFaces([3, 4]));
    rerollGood(tray, first, "both", "climb");
    expect(tray.rolled.map((die) => die.label)).toEqual(["climb tens reroll", "climb units reroll"]);
  });

  it("a critical success may set the dice as low as 1, no lower, and stays a critical success", () => {
    const doubles = gradePercentile(digitsOf(22), 40);
    expect(setCriticalReading(doubles, 1, 60)).toEqual({ tens: 0, units: 1, reading: 1, level: 40, success: true, critical: true, grade: "critical-success" });
    expect(() => setCriticalReading(doubles, 0, 60)).toThrow(/the dice can be set to 1–40, not 0/);
    expect(() => setCriticalReading(doubles, 2.5, 60)).toThrow(PercentileError);
  });
});

describe("d20 and damage dice at their edges", () => {
  it("a check and a save say which they are; only a 20 is a natural 20", () => {
    expect(readCheck(19, 10)).toEqual({ kind: "check", roll: 19, target: 10, success: false, natural20: false });
    expect(readSave(19, 10)).toEqual({ kind: "save", roll: 19, target: 10, success: true, natural20: false });
  });

  it("a plain damage die is one die, and its face is recorded", () => {
    const tray = new DiceTray(givenFaces([5]));
    expect(rollDamageDie(tray, planDamageDie(8, 0, 0), "sword")).toEqual({ sides: 8, faces: [5], kept: 5, d4: 0, value: 5, precisionStrike: false });
  });

  it("the d4 of an Enhancement under enhancedAddsD4 is labelled for its damage die", () => {
    const tray = new DiceTray(givenFaces([5, 3]));
    rollDamageDie(tray, planDamageDie(8, 1, 0, { enhancedAddsD4: true }), "sword");
    expect(tray.rolled.map((die) => die.label)).toEqual(["sword", "sword d4"]);
  });
});
