import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkPercentile,
  digitOfFace,
  digitsOf,
  faceOfDigit,
  gradePercentile,
  PercentileError,
  readPercentile,
  rerollGood,
  rollPercentile,
  setCriticalReading,
} from "../../src/core/dice/percentile.js";
import { DiceTray, givenFaces, seededDice } from "../../src/core/dice/source.js";

const tray = (...faces: number[]) => new DiceTray(givenFaces(faces));

describe("percentile dice", () => {
  it("reads tens then units, a face of 10 as the digit 0, and 0 and 0 as 100", () => {
    expect(rollPercentile(tray(3, 4), "roll")).toEqual({ tens: 3, units: 4, reading: 34 });
    expect(rollPercentile(tray(10, 7), "roll")).toEqual({ tens: 0, units: 7, reading: 7 });
    expect(rollPercentile(tray(4, 10), "roll")).toEqual({ tens: 4, units: 0, reading: 40 });
    expect(rollPercentile(tray(10, 10), "roll")).toEqual({ tens: 0, units: 0, reading: 100 });
    const t = tray(1, 2);
    rollPercentile(t, "attack");
    expect(t.rolled.map((d) => d.label)).toEqual(["attack tens", "attack units"]);
  });

  it("a reading is always 1–100 and digitsOf inverts it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (a, b) => {
        const roll = rollPercentile(tray(a, b), "x");
        expect(roll.reading).toBeGreaterThanOrEqual(1);
        expect(roll.reading).toBeLessThanOrEqual(100);
        expect(digitsOf(roll.reading)).toEqual(roll);
        expect(faceOfDigit(digitOfFace(a))).toBe(a);
      }),
    );
  });

  it("success at or under the level; doubles and the exact level are criticals; 100 is a critical failure", () => {
    const grade = (reading: number, level: number) => gradePercentile(digitsOf(reading), level).grade;
    expect(grade(34, 40)).toBe("success");
    expect(grade(62, 25)).toBe("failure");
    expect(grade(33, 40)).toBe("critical-success");
    expect(grade(40, 40)).toBe("critical-success");
    expect(grade(44, 40)).toBe("critical-failure");
    expect(grade(41, 40)).toBe("failure");
    expect(grade(100, 99)).toBe("critical-failure");
    expect(readPercentile(0, 0)).toBe(100);
  });

  it("a good character rerolls the named dice once and keeps the result", () => {
    const first = checkPercentile(tray(7, 2), 50, "roll");
    expect(first.grade).toBe("failure");
    const t = tray(3);
    const again = rerollGood(t, first, "tens", "roll");
    expect(again).toMatchObject({ tens: 3, units: 2, reading: 32, success: true });
    expect(t.rolled).toEqual([{ label: "roll tens reroll", sides: 10, face: 3 }]);
    expect(rerollGood(tray(1, 1), first, "both", "roll").grade).toBe("critical-success");
    expect(rerollGood(tray(9), first, "units", "roll").reading).toBe(79);
  });

  it("a critical failure cannot be rerolled", () => {
    const fumble = checkPercentile(tray(6, 6), 50, "roll");
    expect(() => rerollGood(tray(1), fumble, "tens", "roll")).toThrow(PercentileError);
  });

  it("a critical success may set the dice to any reading at or under the level, or the max level when exactly the level", () => {
    const doubles = checkPercentile(tray(2, 2), 40, "roll");
    expect(setCriticalReading(doubles, 39, 60)).toMatchObject({ tens: 3, units: 9, reading: 39, success: true });
    expect(() => setCriticalReading(doubles, 41, 60)).toThrow(/1–40/);
    const exact = checkPercentile(tray(4, 10), 40, "roll");
    expect(setCriticalReading(exact, 59, 60)).toMatchObject({ reading: 59, success: true, grade: "critical-success" });
    expect(() => setCriticalReading(exact, 61, 60)).toThrow(/1–60/);
    expect(() => setCriticalReading(checkPercentile(tray(1, 2), 40, "roll"), 5, 40)).toThrow(/only a critical success/);
  });

  it("replaying the recorded faces gives the same check", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 99 }), (seed, level) => {
        const first = new DiceTray(seededDice(seed));
        const check = checkPercentile(first, level, "x");
        expect(checkPercentile(new DiceTray(givenFaces(first.faces())), level, "x")).toEqual(check);
      }),
    );
  });
});
