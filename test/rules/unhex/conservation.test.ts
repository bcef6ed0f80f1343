import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyHit } from "../../../src/rules/unhex/damage.js";

// Issue 3, Proof: damage is conserved across overflow, unhex location boxes → level.
describe("unhex damage conservation", () => {
  it("property: an unhex hit lowers the level by exactly its damage, whatever the boxes could hold (box → level)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 5 }), (level, digit, damage, perRow) => {
        const character = { name: "T", level, maxLevel: 99, pc: false, wounds: {} };
        const hit = applyHit(character, digit, damage, { boxesPerRow: perRow, unconsciousLevel: 0 });
        expect(character.level - hit.character.level).toBe(damage);
        const boxes = Object.values(hit.character.wounds).reduce((sum, n) => sum + n, 0);
        expect(boxes + hit.marking.unplaced).toBe(damage);
      }),
    );
  });});
