import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { RuleError } from "../../../src/core/ruleError.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { compareUnhex } from "../../../src/rules/unhex/opposed.js";
import { applyCritical, applyReroll, finishRoll, rollDice, rollWithPolicy } from "../../../src/rules/unhex/roll.js";

const tray = (...faces: number[]) => new DiceTray(givenFaces(faces));
const ines = { name: "Ines", level: 50, maxLevel: 60, pc: true };
const check = unhexRules.actions.check!;
const opposed = unhexRules.actions.opposed!;

describe("unhex rolls (source dice.adoc §Good rolls, §Critical rolls)", () => {
  it("a good character declares which dice to reroll after seeing a failure, and keeps the new roll", () => {
    const t = tray(7, 2, 3);
    const rolled = applyReroll(t, rollDice(t, { ...ines, good: true }, "check"), "tens");
    expect(rolled.rerolled).toBe(true);
    expect(rolled.check.reading).toBe(32);
    expect(rolled.steps.map((s) => s.rule)).toEqual(["percentile-roll", "good-reroll"]);
  });

  it("the fix: a good character may reroll a success too (to win an opposed roll), which the old rules never allowed", () => {
    // Thug 40 rolls 35; Ines 50, good, rolls 21 (a success she would lose with) and rerolls the tens die: 4 → 41.
    const partial = { a: { name: "Thug", level: 40 }, b: { name: "Ines", level: 50, pc: true, good: true }, roll: true as const };
    const waiting = opposed.resolve(partial, tray(3, 5, 2, 1));
    expect(waiting.awaiting).toEqual({ choice: "rerolls.b", by: "b", offer: { kind: "reroll", who: "Ines", reading: 21, grade: "success", choices: ["none", "tens", "units", "both"] } });
    const won = opposed.resolve({ ...partial, rerolls: { b: "tens" } }, tray(3, 5, 2, 1, 4));
    expect(won.result).toEqual({ winner: "Ines", side: "b", tie: false });
    expect(won.steps.find((s) => s.rule === "good-reroll")).toMatchObject({ who: "Ines", reading: 41, dice: "tens" });
  });

  it("a critical failure cannot be rerolled and costs the next action in combat only", () => {
    const t = tray(7, 7);
    const fumble = rollDice(t, { ...ines, good: true }, "check");
    expect(() => applyReroll(t, fumble, "both")).toThrow("a critical failure cannot be rerolled");
    expect(finishRoll(fumble).losesNextAction).toBe(true);
    expect(finishRoll(fumble, false).losesNextAction).toBe(false);
    expect(check.resolve({ character: { ...ines, good: true } }, tray(7, 7)).awaiting).toBeUndefined();
  });

  it("a character not good at the roll is offered no reroll, and one given is refused", () => {
    expect(check.resolve({ character: ines }, tray(7, 2)).result).toMatchObject({ success: false, reading: 72 });
    expect(() => check.resolve({ character: ines, reroll: "tens" }, tray(7, 2, 3))).toThrow("Ines is not good at this roll");
  });

  it("a critical success takes one choice: the extra action, or setting the dice (to the max level when exactly the level)", () => {
    const t = tray(2, 2);
    const crit = rollDice(t, ines, "check");
    expect(finishRoll(applyCritical(crit, "extra-action")).extraAction).toBe(true);
    const set = finishRoll(applyCritical(crit, { set: 49 }));
    expect(set.extraAction).toBe(false);
    expect(set.check).toMatchObject({ reading: 49, tens: 4, units: 9, success: true });
    const exact = rollDice(tray(5, 10), ines, "check");
    expect(applyCritical(exact, { set: 60 }).check.reading).toBe(60);
    expect(() => applyCritical(exact, { set: 61 })).toThrow(/1–60/);
    expect(() => applyCritical(rollDice(tray(1, 2), ines, "check"), "extra-action")).toThrow("not a critical success");
  });

  it("the check action awaits the reroll, then the critical's choice, each from the character", () => {
    const good = { ...ines, good: true };
    expect(check.resolve({ character: good }, tray(7, 2)).awaiting).toMatchObject({ choice: "reroll", by: "character" });
    // 72 fails; rerolling the tens die gives 22: doubles under 50, a critical success whose choice is next.
    expect(check.resolve({ character: good, reroll: "tens" }, tray(7, 2, 2)).awaiting).toEqual({ choice: "critical", by: "character", offer: { kind: "critical", who: "Ines", reading: 22, max: 50 } });
    const done = check.resolve({ character: good, reroll: "tens", critical: "extra-action" }, tray(7, 2, 2));
    expect(done.result).toMatchObject({ success: true, grade: "critical-success", reading: 22 });
    expect(done.effects).toEqual([{ participant: "Ines", changes: {}, statuses: ["extra-action"] }]);
  });

  it("the check action refuses an impossible dice setting instead of crashing", () => {
    const setTooHigh = () => check.resolve({ character: { name: "Ines", level: 50 }, critical: { set: 70 } }, tray(1, 1));
    expect(setTooHigh).toThrow(RuleError);
    expect(setTooHigh).toThrow("the dice can be set to 1–50, not 70");
  });

  it("a simulated fighter rerolls her policy's dice after a failure only, and takes a critical's extra action", () => {
    expect(rollWithPolicy(tray(7, 2, 1), { ...ines, good: true }, "attack", { rerollAfterFailure: "tens" }).check.reading).toBe(12);
    expect(rollWithPolicy(tray(3, 2), { ...ines, good: true }, "attack", { rerollAfterFailure: "tens" }).check.reading).toBe(32);
    expect(rollWithPolicy(tray(3, 3), ines, "attack").extraAction).toBe(true);
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

  it("the opposed action: a rolls, b's roll is awaited (she rolls her own dice), then the winner is named", () => {
    const request = { a: { name: "Thug", level: 40 }, b: { name: "Ines", level: 40, pc: true } };
    const first = opposed.resolve(request, tray(3, 1));
    expect(first.awaiting).toEqual({ choice: "roll", by: "b", offer: { who: "Ines" } });
    expect(first.dice).toHaveLength(2);
    expect(opposed.resolve({ ...request, roll: true }, tray(3, 1, 3, 1)).result).toEqual({ winner: "Ines", side: "b", tie: false });
    const fail = opposed.resolve({ a: { name: "Thug", level: 10 }, b: { name: "Ines", level: 10, pc: true }, roll: true }, tray(5, 1, 6, 2));
    expect(fail.result).toEqual({ winner: null, side: null, tie: true });
  });

  it("opposed: a critical success may set the dice to win (either side)", () => {
    // Thug 40 rolls 38; Ines 40 rolls 22 (doubles: critical) and sets the dice to 40, beating 38.
    const outcome = opposed.resolve({ a: { name: "Thug", level: 40 }, b: { name: "Ines", level: 40, pc: true }, roll: true, criticals: { b: { set: 40 } } }, tray(3, 8, 2, 2));
    expect(outcome.result).toMatchObject({ winner: "Ines" });
  });
});
