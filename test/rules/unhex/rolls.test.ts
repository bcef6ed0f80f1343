import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { RuleError } from "../../../src/core/ruleError.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { compareUnhex } from "../../../src/rules/unhex/opposed.js";
import { unhexRoll } from "../../../src/rules/unhex/roll.js";

const tray = (...faces: number[]) => new DiceTray(givenFaces(faces));
const ines = { name: "Ines", level: 50, maxLevel: 60, pc: true };

describe("unhex rolls", () => {
  it("a good character rerolls the declared dice after a plain failure and keeps the new roll", () => {
    const roll = unhexRoll(tray(7, 2, 1), { ...ines, good: "tens" }, "check");
    expect(roll.rerolled).toBe(true);
    expect(roll.check.reading).toBe(12);
    expect(roll.steps.map((s) => s.rule)).toEqual(["percentile-roll", "good-reroll"]);
  });

  it("a good character does not reroll a critical failure, which costs the next action in combat only", () => {
    const roll = unhexRoll(tray(7, 7), { ...ines, good: "both" }, "check");
    expect(roll.rerolled).toBe(false);
    expect(roll.losesNextAction).toBe(true);
    expect(unhexRoll(tray(7, 7), ines, "check", "extra-action", false).losesNextAction).toBe(false);
  });

  it("a critical success takes one choice: the extra action, or setting the dice (to the max level when exactly the level)", () => {
    expect(unhexRoll(tray(2, 2), ines, "check").extraAction).toBe(true);
    const set = unhexRoll(tray(2, 2), ines, "check", { set: 49 });
    expect(set.extraAction).toBe(false);
    expect(set.check).toMatchObject({ reading: 49, tens: 4, units: 9, success: true });
    expect(unhexRoll(tray(5, 10), ines, "check", { set: 60 }).check.reading).toBe(60);
    expect(() => unhexRoll(tray(5, 10), ines, "check", { set: 61 })).toThrow(/1–60/);
  });

  it("the check action refuses an impossible dice setting instead of crashing", () => {
    const setTooHigh = () => unhexRules.actions.check?.resolve({ character: { name: "Ines", level: 50 }, critical: { set: 70 } }, tray(1, 1));
    expect(setTooHigh).toThrow(RuleError);
    expect(setTooHigh).toThrow("the dice can be set to 1–50, not 70");
  });

  it("opposed: the highest success wins, criticals do not beat a higher plain success", () => {
    expect(compareUnhex({ pc: false, success: true, reading: 33 }, { pc: false, success: true, reading: 41 })).toBe("b");
    expect(compareUnhex({ pc: false, success: true, reading: 12 }, { pc: true, success: false, reading: 90 })).toBe("a");
  });

  it("opposed: a PC beats an NPC on equal rolls; both failing is a tie", () => {
    expect(compareUnhex({ pc: false, success: true, reading: 30 }, { pc: true, success: true, reading: 30 })).toBe("b");
    expect(compareUnhex({ pc: true, success: false, reading: 80 }, { pc: false, success: false, reading: 70 })).toBe("none");
    expect(compareUnhex({ pc: false, success: true, reading: 30 }, { pc: false, success: true, reading: 30 })).toBe("none");
  });

  it("the opposed action names the winner", () => {
    const outcome = unhexRules.actions.opposed?.resolve({ a: { name: "Thug", level: 40 }, b: { name: "Ines", level: 40, pc: true } }, tray(3, 1, 3, 1));
    expect(outcome?.result).toEqual({ winner: "Ines", tie: false });
    const fail = unhexRules.actions.opposed?.resolve({ a: { name: "Thug", level: 10 }, b: { name: "Ines", level: 10, pc: true } }, tray(5, 1, 6, 2));
    expect(fail?.result).toEqual({ winner: null, tie: true });
  });
});
