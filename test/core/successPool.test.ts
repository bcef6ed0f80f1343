import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../src/core/dice/source.js";
import { readArmour, readSuccessPool, rollArmour, rollDrama, rollSuccessPool } from "../../src/core/dice/successPool.js";

const SEED = "seed 001 (Drama in History combat)";
const d6 = fc.integer({ min: 1, max: 6 });

describe("typed success pools", () => {
  it("counts Bd 5–6, Rd 1–2 and Dd 4–6 / 1 each their own way", () => {
    const reading = readSuccessPool({ base: [1, 4, 5, 6], resistance: [1, 2, 3, 6], drama: [1, 3, 4] });
    expect(reading.baseSuccesses).toBe(2);
    expect(reading.resistanceLosses).toBe(2);
    expect(reading.dramaSuccesses).toBe(0);
    expect(reading.net).toBe(0);
    expect(reading.critical).toBe(false);
  });

  it(`${SEED} §Test of Courage: squire 7+2Bd {6,6,5,5,4,3,2,2,1} = 4 vs 3+1Rd {4,2,2,1} = −3, net 1`, () => {
    const reading = readSuccessPool({ base: [6, 6, 5, 5, 4, 3, 2, 2, 1], resistance: [4, 2, 2, 1], drama: [] });
    expect(reading.baseSuccesses).toBe(4);
    expect(reading.resistanceLosses).toBe(3);
    expect(reading.critical).toBe(false);
    expect(reading.net).toBe(1);
  });

  it(`${SEED} §Fighting Multiple Opponents, second round: four 6s count twice and the Dd 1 costs one, net 7`, () => {
    const reading = readSuccessPool({ base: [6, 6, 6, 6, 3, 3, 1, 1], resistance: [], drama: [1] });
    expect(reading.sixes).toBe(4);
    expect(reading.critical).toBe(true);
    expect(reading.criticalBonus).toBe(4);
    expect(reading.dramaSuccesses).toBe(-1);
    expect(reading.net).toBe(7);
  });

  it(`${SEED} §Fighting Multiple Opponents, alternative: a Dd 6 explodes into one more die {6,2}`, () => {
    const tray = new DiceTray(givenFaces([6, 2]));
    expect(rollDrama(tray, 1, "drama")).toEqual([6, 2]);
    expect(readSuccessPool({ base: [6, 5, 5, 4, 3, 2, 2, 1], resistance: [], drama: [6, 2] }).net).toBe(4);
  });

  it("an exploded die that shows 6 explodes again", () => {
    const tray = new DiceTray(givenFaces([6, 6, 3, 5]));
    expect(rollDrama(tray, 2, "drama")).toEqual([6, 6, 3, 5]);
  });

  it("a critical's bonus is cut by Rd 1s but never goes below 0; three Rd 1s flag an unintended outcome", () => {
    const cut = readSuccessPool({ base: [6, 6, 6], resistance: [1], drama: [] });
    expect(cut.criticalBonus).toBe(2);
    const floored = readSuccessPool({ base: [6, 6, 6], resistance: [1, 1, 1, 1], drama: [] });
    expect(floored.criticalBonus).toBe(0);
    expect(floored.unintendedOutcome).toBe(true);
    expect(floored.net).toBe(-1);
  });

  it(`${SEED} §Determine Armor Protection: buckler 5Ad {5,3,3,2,1} stops 1`, () => {
    expect(readArmour([5, 3, 3, 2, 1])).toBe(1);
    const tray = new DiceTray(givenFaces([5, 3, 3, 2, 1]));
    expect(rollArmour(tray, 5, "armour").blocks).toBe(1);
  });

  it("armour 6s never make a critical", () => {
    expect(readArmour([6, 6, 6, 6])).toBe(4);
    expect(readSuccessPool({ base: [6, 6], resistance: [], drama: [] }).critical).toBe(false);
  });

  it("net successes are bounded by the dice rolled", () => {
    fc.assert(
      fc.property(fc.array(d6, { maxLength: 12 }), fc.array(d6, { maxLength: 12 }), fc.array(d6, { maxLength: 6 }), (base, resistance, drama) => {
        const reading = readSuccessPool({ base, resistance, drama });
        expect(reading.net).toBeLessThanOrEqual(2 * (base.length + drama.length));
        expect(reading.net).toBeGreaterThanOrEqual(-(resistance.length + drama.length));
      }),
    );
  });

  it("a critical never reduces successes", () => {
    fc.assert(
      fc.property(fc.array(d6, { maxLength: 12 }), fc.array(d6, { maxLength: 12 }), fc.array(d6, { maxLength: 6 }), (base, resistance, drama) => {
        const reading = readSuccessPool({ base, resistance, drama });
        expect(reading.criticalBonus).toBeGreaterThanOrEqual(0);
        expect(reading.net).toBeGreaterThanOrEqual(reading.baseSuccesses - reading.resistanceLosses + reading.dramaSuccesses);
      }),
    );
  });

  it("replaying the recorded faces gives the identical reading", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat({ max: 10 }), fc.nat({ max: 10 }), fc.nat({ max: 4 }), (seed, base, resistance, drama) => {
        const size = { base, resistance, drama };
        const labels = { base: "b", resistance: "r", drama: "d" };
        const tray = new DiceTray(seededDice(seed));
        const first = readSuccessPool(rollSuccessPool(tray, size, labels));
        const replay = new DiceTray(givenFaces(tray.faces()));
        expect(readSuccessPool(rollSuccessPool(replay, size, labels))).toEqual(first);
        expect(replay.rolled).toEqual(tray.rolled);
      }),
    );
  });
});
