import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fateIgnoreRefusal, freshTrack, ignoreBudget, ignoreFate, ignoreLimit, restIgnores, takeDamage } from "../../src/core/tracks/resolve.js";

describe("Resolve track", () => {
  it("damage comes off Resolve; exactly to 0 wounds", () => {
    const track = freshTrack(10, 1, 1, 4);
    const hit = takeDamage(track, 4);
    expect(hit.track.resolve).toBe(0);
    expect(hit.becameWounded).toBe(true);
    expect(hit.fateNeeded).toBe(false);
    const short = takeDamage(track, 3);
    expect(short.track.resolve).toBe(1);
    expect(short.becameWounded).toBe(false);
  });

  it("excess damage on the wounding hit is lost and calls for no fate", () => {
    const hit = takeDamage(freshTrack(10, 1, 1, 2), 9);
    expect(hit.track).toEqual({ resolve: 0, maxResolve: 10, wounded: true, ignoresLeft: 1 });
    expect(hit.fateNeeded).toBe(false);
  });

  it("a hit of 0 on a Wounded character is no damage and calls for no fate", () => {
    const wounded = { ...freshTrack(10, 2, 1, 0) };
    expect(wounded.wounded).toBe(true);
    expect(takeDamage(wounded, 0).fateNeeded).toBe(false);
  });

  it("the ignore budget is the higher of Stamina and Control", () => {
    expect(ignoreBudget(3, 1)).toBe(3);
    expect(ignoreBudget(1, 4)).toBe(4);
    expect(ignoreBudget(0, 0)).toBe(0);
  });

  it("floor(max/2) may be ignored, one more may not; odd maxima round down", () => {
    const wounded = freshTrack(11, 2, 0, 0);
    expect(ignoreLimit(11)).toBe(5);
    expect(takeDamage(wounded, 5).canIgnore).toBe(true);
    expect(takeDamage(wounded, 6)).toMatchObject({ fateNeeded: true, canIgnore: false, ignoreRefused: "damage-over-half" });
  });

  it("ignoring spends the budget until it is gone; a Rest refills it", () => {
    let track = freshTrack(10, 2, 1, 0);
    track = ignoreFate(track, 1) ?? track;
    track = ignoreFate(track, 1) ?? track;
    expect(track.ignoresLeft).toBe(0);
    expect(ignoreFate(track, 1)).toBeUndefined();
    expect(fateIgnoreRefusal(track, 1)).toBe("budget-spent");
    expect(restIgnores(track, 2, 1).ignoresLeft).toBe(2);
  });

  it("property: Resolve never below 0 and the ignore budget never below 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.integer({ min: -5, max: 40 }), { maxLength: 30 }),
        (max, stamina, control, hits) => {
          let track = freshTrack(max, stamina, control);
          for (const damage of hits) {
            const hit = takeDamage(track, damage);
            track = hit.track;
            if (hit.fateNeeded && hit.canIgnore) track = ignoreFate(track, damage) ?? track;
            expect(track.resolve).toBeGreaterThanOrEqual(0);
            expect(track.ignoresLeft).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
