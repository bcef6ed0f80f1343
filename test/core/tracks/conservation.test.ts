import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxesIn, type LocationTable, markWounds } from "../../../src/core/tracks/locationBoxes.js";
import { freshTrack, takeDamage } from "../../../src/core/tracks/resolve.js";
import { takeWounds, takeYield, type WoundTrack } from "../../../src/core/tracks/yieldWounds.js";

// Issue 3, Proof: damage is conserved across overflow, track by track (Grit → Flesh and Breath →
// Characteristic have theirs in gritFlesh.test.ts and breath.test.ts).
const table: LocationTable = {
  overflowTo: "torso",
  locations: [
    { id: "head", name: "Head", digits: [9], rows: 1 },
    { id: "torso", name: "Torso", digits: [4, 5, 6], rows: 3 },
    { id: "leg", name: "Leg", digits: [0, 1, 2, 3, 7, 8], rows: 2 },
  ],
};

describe("damage is conserved across overflow", () => {
  it("property: Resolve lost + damage beyond 0 = damage dealt; a Wounded character's hit goes to a fate instead", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 40 }), (max, start, damage) => {
        const track = freshTrack(max, 1, 1, Math.min(start, max));
        const hit = takeDamage(track, damage);
        const lost = track.resolve - hit.track.resolve;
        if (track.wounded) {
          expect(lost).toBe(0);
          expect(hit.fateNeeded).toBe(damage > 0);
        } else {
          expect(lost + Math.max(0, damage - track.resolve)).toBe(damage);
          expect(hit.becameWounded).toBe(damage >= track.resolve);
        }
        expect(hit.track.resolve).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("property: Yield taken is all kept; Wounds taken are kept up to the Dying limit and none beyond it", () => {
    const woundTrack: WoundTrack = { drops: [1, 2, 4], limit: 4 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), (yieldNow, wounds, yieldHit, woundHit) => {
        const state = { yield: yieldNow, wounds, yieldLimit: 6 };
        expect(takeYield(state, yieldHit).yield - state.yield).toBe(yieldHit);
        const after = takeWounds(state, woundTrack, woundHit);
        const kept = after.wounds - state.wounds;
        expect(kept + Math.max(0, state.wounds + woundHit - woundTrack.limit)).toBe(woundHit);
      }),
    );
  });

  it("property: boxes marked + damage left unplaced = damage, and no location holds more than its boxes", () => {
    const location = fc.constantFrom("head", "torso", "leg");
    const marked = fc.record({ head: fc.integer({ min: 0, max: 5 }), torso: fc.integer({ min: 0, max: 15 }), leg: fc.integer({ min: 0, max: 10 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), marked, location, fc.integer({ min: 0, max: 40 }), (perRow, start, where, damage) => {
        const clamped = Object.fromEntries(Object.entries(start).map(([id, n]) => [id, Math.min(n, boxesIn(table, perRow, id))]));
        const marking = markWounds(table, perRow, clamped, where, damage);
        const added = Object.keys(clamped).reduce((sum, id) => sum + (marking.marked[id] ?? 0) - (clamped[id] ?? 0), 0);
        expect(added + marking.unplaced).toBe(damage);
        expect(marking.placed.reduce((sum, p) => sum + p.boxes, 0)).toBe(added);
        for (const id of Object.keys(clamped)) expect(marking.marked[id]).toBeLessThanOrEqual(boxesIn(table, perRow, id));
      }),
    );
  });
});
