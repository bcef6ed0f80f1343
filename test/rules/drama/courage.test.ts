import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { readCourage, testCourage } from "../../../src/rules/drama/courage.js";
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

  it(`${SEED} §Test of Courage: spending a Drama point turns the squire's "yes, but" into a pass, at the price of a penalty die`, () => {
    const test = testCourage({ ...squire, modifiers: { base: 2, spendDramaPoint: true } }, new DiceTray(givenFaces(squireFaces)), "Squire");
    expect(test).toMatchObject({ result: "passed-at-a-price", penaltyGained: 1, dramaPointSpent: true, roundsOut: 0 });
  });

  it("net 2 or more passes without cost; net 0 or less fails even with a Drama point; Physical 8+ is out 0 rounds", () => {
    expect(readCourage(2, false, 3)).toMatchObject({ result: "passed", penaltyGained: 0 });
    expect(readCourage(0, true, 3)).toMatchObject({ result: "failed", roundsOut: 5, dramaPointSpent: false });
    expect(readCourage(-1, false, 9).roundsOut).toBe(0);
  });
});
