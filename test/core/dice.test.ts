import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rollPool } from "../../src/core/dice/pool.js";
import { DiceError, DiceTray, givenFaces, seededDice } from "../../src/core/dice/source.js";

describe("dice sources", () => {
  it("seeded dice stay on the die and repeat for the same seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 100 }), (seed, sides) => {
        const a = seededDice(seed);
        const b = seededDice(seed);
        for (let i = 0; i < 20; i += 1) {
          const face = a.next(sides);
          expect(face).toBeGreaterThanOrEqual(1);
          expect(face).toBeLessThanOrEqual(sides);
          expect(b.next(sides)).toBe(face);
        }
      }),
    );
  });

  it("given faces come out in order, then the fallback takes over", () => {
    const source = givenFaces([3, 6], seededDice(7));
    expect(source.next(6)).toBe(3);
    expect(source.next(6)).toBe(6);
    expect(source.next(6)).toBe(seededDice(7).next(6));
  });

  it("refuses a face the die cannot show and running out without a fallback", () => {
    expect(() => givenFaces([7]).next(6)).toThrow(DiceError);
    expect(() => givenFaces([0]).next(6)).toThrow(/cannot show/);
    expect(() => givenFaces([]).next(6)).toThrow(/ran out/);
  });

  it("a d0 in a pool adds nothing and draws no face", () => {
    const tray = new DiceTray(givenFaces([4, 2]));
    expect(rollPool(tray, [6, 0, 8], "pool")).toEqual([
      { sides: 6, face: 4 },
      { sides: 8, face: 2 },
    ]);
    expect(tray.rolled).toEqual([
      { label: "pool", sides: 6, face: 4 },
      { label: "pool", sides: 8, face: 2 },
    ]);
  });

  it("replaying the recorded faces gives the same dice", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 12 }), (seed, sizes) => {
        const first = new DiceTray(seededDice(seed));
        const pool = rollPool(first, sizes, "x");
        const replay = new DiceTray(givenFaces(first.faces()));
        expect(rollPool(replay, sizes, "x")).toEqual(pool);
      }),
    );
  });
});
