import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { atYieldLimit, currentYieldLimit, healWounds, isDying, reduceYield, resetYield, takeWounds, takeYield, woundDrop } from "../../src/core/tracks/yieldWounds.js";

const pcTrack = { drops: [1, 2, 4], limit: 4 };

describe("Yield and Wounds", () => {
  it("seed 000 §Wounds example: one Wound is Drop 1, two more make Drop 4, one more is Dying", () => {
    let state = { yield: 0, wounds: 0, yieldLimit: 11 };
    state = takeWounds(state, pcTrack, 1);
    expect(woundDrop(pcTrack, state.wounds)).toBe(1);
    state = takeWounds(state, pcTrack, 2);
    expect(woundDrop(pcTrack, state.wounds)).toBe(4);
    expect(isDying(pcTrack, state.wounds)).toBe(false);
    state = takeWounds(state, pcTrack, 1);
    expect(isDying(pcTrack, state.wounds)).toBe(true);
  });

  it("each Wound lowers the Yield Limit by one; Wounds stop at the limit", () => {
    const state = takeWounds({ yield: 0, wounds: 0, yieldLimit: 7 }, pcTrack, 9);
    expect(state.wounds).toBe(4);
    expect(currentYieldLimit(state)).toBe(3);
    expect(currentYieldLimit({ yield: 0, wounds: 2, yieldLimit: 3 })).toBe(1);
  });

  it("a Major's track starts with Drop 0 and reads its last entry past the end", () => {
    const major = { drops: [0, 1, 2, 4], limit: 5 };
    expect([1, 2, 3, 4].map((w) => woundDrop(major, w))).toEqual([0, 1, 2, 4]);
    expect(isDying(major, 5)).toBe(true);
    expect(woundDrop({ drops: [], limit: 1 }, 1)).toBe(0);
  });

  it("no Wounds is no Drop, even on a track whose first entry is a Drop", () => {
    expect(woundDrop(pcTrack, 0)).toBe(0);
    expect(woundDrop(pcTrack, 1)).toBe(1);
  });

  it("Yield rises, falls to no less than 0, and resets after the fight", () => {
    let state = takeYield({ yield: 0, wounds: 0, yieldLimit: 4 }, 5);
    expect(atYieldLimit(state)).toBe(true);
    state = reduceYield(state, 9);
    expect(state.yield).toBe(0);
    expect(resetYield(takeYield(state, 2)).yield).toBe(0);
    expect(healWounds({ yield: 0, wounds: 1, yieldLimit: 4 }, 3).wounds).toBe(0);
  });

  it("property: the Yield Limit is never below 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 10 }), (limit, wounds, more) => {
        const state = takeWounds({ yield: 0, wounds, yieldLimit: limit }, { drops: [1, 2, 4], limit: 30 }, more);
        expect(currentYieldLimit(state)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
