import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPrecisionStrike, planDamageDie, rollDamageDie, stepDie } from "../../src/core/dice/damageDie.js";
import { DiceTray, givenFaces, seededDice } from "../../src/core/dice/source.js";

const roll = (faces: number[], sides: number, enhanced: number, impaired: number, enhancedAddsD4 = false) => {
  const tray = new DiceTray(givenFaces(faces));
  return { result: rollDamageDie(tray, planDamageDie(sides, enhanced, impaired, { enhancedAddsD4 }), "damage"), tray };
};

describe("damage die: Enhanced and Impaired", () => {
  it("seed 004 §Enhanced Attacks, Elsa's example: hidden Elsa's Enhanced 1d10 sword rolls 2d10 and keeps the higher", () => {
    const { result, tray } = roll([4, 9], 10, 1, 0);
    expect(tray.rolled).toEqual([
      { label: "damage", sides: 10, face: 4 },
      { label: "damage", sides: 10, face: 9 },
    ]);
    expect(result.kept).toBe(9);
    expect(result.value).toBe(9);
  });

  it("one Impairment rolls twice and keeps the lower", () => {
    expect(roll([4, 9], 10, 0, 1).result.kept).toBe(4);
  });

  it("each further Enhancement steps the die up, each further Impairment steps it down", () => {
    expect(planDamageDie(6, 2, 0)).toEqual({ sides: 8, keep: "higher", d4: 0, net: 2 });
    expect(planDamageDie(6, 3, 0)).toEqual({ sides: 10, keep: "higher", d4: 0, net: 3 });
    expect(planDamageDie(8, 0, 2)).toEqual({ sides: 6, keep: "lower", d4: 0, net: -2 });
  });

  it("the ladder clamps at d12 and d4; dice off the ladder step onto it", () => {
    expect(planDamageDie(12, 4, 0).sides).toBe(12);
    expect(planDamageDie(4, 0, 5).sides).toBe(4);
    expect(stepDie(20, 1)).toBe(20);
    expect(stepDie(20, -1)).toBe(12);
    expect(stepDie(2, 1)).toBe(4);
    expect(stepDie(10, -2)).toBe(6);
  });

  it("Enhancements and Impairments cancel one for one", () => {
    expect(planDamageDie(8, 2, 2)).toEqual({ sides: 8, keep: "single", d4: 0, net: 0 });
    expect(planDamageDie(8, 3, 1)).toEqual({ sides: 10, keep: "higher", d4: 0, net: 2 });
    const { tray } = roll([5], 8, 1, 1);
    expect(tray.rolled).toHaveLength(1);
  });

  it("house option enhancedAddsD4: the first Enhancement adds a d4, the first Impairment takes one off (not below 0)", () => {
    expect(roll([5, 3], 8, 1, 0, true).result.value).toBe(8);
    expect(roll([2, 4], 8, 0, 1, true).result.value).toBe(0);
    expect(roll([5, 3], 6, 2, 0, true).result).toMatchObject({ sides: 8, kept: 5, d4: 3, value: 8 });
  });

  it("a Precision Strike is the highest face of the damage die actually rolled", () => {
    expect(isPrecisionStrike(10, 10)).toBe(true);
    expect(roll([10, 3], 10, 1, 0).result.precisionStrike).toBe(true);
    expect(roll([10, 3], 10, 0, 1).result.precisionStrike).toBe(false);
    // a d6 stepped up to a d8: a 6 is no longer the top face, an 8 is
    expect(roll([6, 1], 6, 2, 0).result.precisionStrike).toBe(false);
    expect(roll([8, 1], 6, 2, 0).result).toMatchObject({ sides: 8, precisionStrike: true });
  });

  it("property: Enhanced never keeps less than the first die, Impaired never more; the value stays on the die", () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 6, 8, 10, 12), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 1e9 }), (sides, enhanced, impaired, seed) => {
        const tray = new DiceTray(seededDice(seed));
        const plan = planDamageDie(sides, enhanced, impaired);
        const result = rollDamageDie(tray, plan, "d");
        const first = result.faces[0] as number;
        if (plan.keep === "higher") expect(result.kept).toBeGreaterThanOrEqual(first);
        if (plan.keep === "lower") expect(result.kept).toBeLessThanOrEqual(first);
        expect(result.kept).toBeGreaterThanOrEqual(1);
        expect(result.kept).toBeLessThanOrEqual(plan.sides);
        if (enhanced > impaired) expect(plan.sides).toBeGreaterThanOrEqual(sides);
        if (enhanced < impaired) expect(plan.sides).toBeLessThanOrEqual(sides);
        const replay = rollDamageDie(new DiceTray(givenFaces(tray.faces())), plan, "d");
        expect(replay).toEqual(result);
      }),
    );
  });
});
