import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyDrop, readKeepTwo, rollKeepTwo } from "../../src/core/dice/keepTwo.js";
import { DiceTray, givenFaces, seededDice } from "../../src/core/dice/source.js";

const pool = (...sizes: number[]) => sizes.map((sides) => ({ sides }));

describe("keep-two reading", () => {
  it("totals the two highest faces and counts the lower of them as Success Points", () => {
    expect(readKeepTwo([3, 9, 5, 2])).toEqual({ total: 14, successPoints: 5, kept: [9, 5] });
    expect(readKeepTwo([4, 4])).toEqual({ total: 8, successPoints: 4, kept: [4, 4] });
  });

  it("a lone die is its own total and earns 1 SP; an empty pool earns nothing", () => {
    expect(readKeepTwo([6])).toEqual({ total: 6, successPoints: 1, kept: [6] });
    expect(readKeepTwo([])).toEqual({ total: 0, successPoints: 0, kept: [] });
  });

  it("rolls through the tray and reads the faces", () => {
    const tray = new DiceTray(givenFaces([2, 7, 3]));
    expect(rollKeepTwo(tray, pool(6, 8, 10), "pool")).toMatchObject({ total: 10, successPoints: 3, faces: [2, 7, 3] });
    expect(tray.rolled.map((die) => die.sides)).toEqual([6, 8, 10]);
  });
});

describe("Drop", () => {
  it("removes the smallest dice by default, before anything is rolled", () => {
    const result = applyDrop(pool(8, 6, 10, 6), 2, { keepOneDie: true });
    expect(result.kept.map((d) => d.sides)).toEqual([8, 10]);
    expect(result.removed.map((d) => d.sides)).toEqual([6, 6]);
    expect(result.applied).toBe(2);
  });

  it("lets the roller choose which dice go", () => {
    const result = applyDrop(pool(8, 6, 10), 1, { keepOneDie: true, choose: [2] });
    expect(result.kept.map((d) => d.sides)).toEqual([8, 6]);
    expect(() => applyDrop(pool(8, 6, 10), 1, { keepOneDie: true, choose: [0, 1] })).toThrow(/2 were chosen/);
    expect(() => applyDrop(pool(8, 6), 1, { keepOneDie: true, choose: [5] })).toThrow(/no die #5/);
  });

  it("house default keepOneDie leaves the last die; without it Drop can empty the pool", () => {
    expect(applyDrop(pool(8, 6), 4, { keepOneDie: true }).kept.map((d) => d.sides)).toEqual([8]);
    expect(applyDrop(pool(8, 6), 4, { keepOneDie: false }).kept).toEqual([]);
  });

  it("property: Drop never raises a total, and SP never exceed the total", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(6, 8, 10, 12), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.boolean(),
        (sizes, drop, seed, keepOneDie) => {
          const source = seededDice(seed);
          const dice = sizes.map((sides) => ({ sides, face: source.next(sides) }));
          const whole = readKeepTwo(dice.map((d) => d.face));
          const kept = applyDrop(dice, drop, { keepOneDie }).kept;
          const after = readKeepTwo(kept.map((d) => d.face));
          expect(after.total).toBeLessThanOrEqual(whole.total);
          expect(after.successPoints).toBeLessThanOrEqual(after.total);
          expect(whole.successPoints).toBeLessThanOrEqual(whole.total);
        },
      ),
    );
  });
});
