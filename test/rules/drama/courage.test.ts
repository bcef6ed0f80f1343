import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { couragePool, readCourage, testCourage } from "../../../src/rules/drama/courage.js";
import { SEED } from "./fixtures.js";

const squireFaces = [6, 6, 5, 5, 4, 3, 2, 2, 1, 4, 2, 2, 1];
const squire = { maxFlesh: 7, penalties: 1, woundFlesh: 3, physical: 3 };

describe("tests of courage", () => {
  it(`${SEED} §Test of Courage: the squire rolls 7+2Bd (brave) vs 3+1Rd and nets 1: wavering`, () => {
    const test = testCourage({ ...squire, modifiers: { base: 2 } }, new DiceTray(givenFaces(squireFaces)), "Squire");
    expect(test.pool).toEqual({ base: 9, resistance: 4, drama: 0 });
    expect(test.reading.baseSuccesses).toBe(4);
    expect(test.reading.resistanceLosses).toBe(3);
    expect(test.reading.net).toBe(1);
    expect(test.result).toBe("failed");
    expect(test.roundsOut).toBe(5);
  });

  it(`${SEED} §Test of Courage: spending a Drama point turns the squire's "yes, but" into a pass; the point is the whole price (the penalty die he fights on with is his wound's)`, () => {
    const test = testCourage({ ...squire, modifiers: { base: 2, spendDramaPoint: true } }, new DiceTray(givenFaces(squireFaces)), "Squire");
    expect(test).toEqual({ pool: { base: 9, resistance: 4, drama: 0 }, reading: test.reading, result: "passed-at-a-price", dramaPointSpent: true, roundsOut: 0 });
  });

  it("net 2 or more passes without cost; net 0 or less fails even with a Drama point; Physical 8+ is out 0 rounds", () => {
    expect(readCourage(2, false, 3)).toEqual({ result: "passed", roundsOut: 0, dramaPointSpent: false });
    expect(readCourage(0, true, 3)).toMatchObject({ result: "failed", roundsOut: 5, dramaPointSpent: false });
    expect(readCourage(-1, false, 9).roundsOut).toBe(0);
  });

  it("the pool: Bd = max Flesh + traits; Rd = penalties + the wound's Flesh + situation; Dd as given, never below none", () => {
    expect(couragePool({ ...squire, modifiers: { base: 2, resistance: 2, drama: 2 } })).toEqual({ base: 9, resistance: 6, drama: 2 });
    expect(couragePool({ ...squire, modifiers: { base: -9, resistance: -9, drama: -1 } })).toEqual({ base: 0, resistance: 0, drama: 0 });
  });

  it("a test passed outright costs nothing, even from a fighter ready to spend a Drama point", () => {
    expect(readCourage(2, true, 3)).toEqual({ result: "passed", roundsOut: 0, dramaPointSpent: false });
    expect(readCourage(1, true, 3)).toEqual({ result: "passed-at-a-price", roundsOut: 0, dramaPointSpent: true });
  });

  it("without modifiers the dice roll as the fighter's own courage base, resistance and drama", () => {
    const test = testCourage({ ...squire, physical: 2 }, new DiceTray(givenFaces([5, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3])), "Odo");
    expect(test).toMatchObject({ pool: { base: 7, resistance: 4, drama: 0 }, result: "passed" });
    const tray = new DiceTray(givenFaces([3, 3, 4]));
    testCourage({ maxFlesh: 1, penalties: 0, woundFlesh: 1, physical: 2, modifiers: { drama: 1 } }, tray, "Odo");
    expect(tray.rolled.map((die) => die.label)).toEqual(["Odo courage base", "Odo courage resistance", "Odo courage drama"]);
  });
});

