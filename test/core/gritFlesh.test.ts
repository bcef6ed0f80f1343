import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyGritDamage, type GritFlesh, isBleeding, isCriticalWound, penaltyDice, takeWound, woundSize } from "../../src/core/tracks/gritFlesh.js";

const SEED = "seed 001 (Drama in History combat)";
const fighter = (grit: number, flesh = 7): GritFlesh => ({ grit, maxGrit: Math.max(grit, 1), flesh, maxFlesh: flesh, wounds: [], otherPenalties: 0 });

describe("Grit and Flesh", () => {
  it(`${SEED} §Receiving Grit Damage: 3 levels take Grit from 4 to 1`, () => {
    const hit = applyGritDamage(fighter(4), 3);
    expect(hit.state.grit).toBe(1);
    expect(hit.transferred).toBe(0);
  });

  it(`${SEED} §Receiving Grit Damage: 5 levels take Grit from 2 to 0 and the balance of 3 becomes 3F`, () => {
    const hit = applyGritDamage(fighter(2), 5);
    expect(hit.state.grit).toBe(0);
    expect(hit.gritLost).toBe(2);
    expect(hit.transferred).toBe(3);
  });

  it("no more than 3 Flesh ever spills over from Grit", () => {
    const hit = applyGritDamage(fighter(0), 6);
    expect(hit.transferred).toBe(3);
    expect(hit.discarded).toBe(3);
  });

  it("damage is conserved across the overflow: Grit lost + Flesh transferred + discarded = level, transfer capped at 3", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 20 }), (grit, level) => {
        const hit = applyGritDamage(fighter(grit), level);
        expect(hit.gritLost + hit.transferred + hit.discarded).toBe(level);
        expect(hit.transferred).toBeLessThanOrEqual(3);
        expect(hit.state.grit).toBe(grit - hit.gritLost);
        // Nothing is discarded while the cap has room.
        if (hit.transferred < 3) expect(hit.discarded).toBe(0);
        expect(hit.state.grit === 0 || hit.transferred === 0).toBe(true);
      }),
    );
  });

  it(`${SEED} §Taking a Flesh Wound: an axe (3F) with Grit left makes a serious 3F wound: courage test and a penalty die`, () => {
    const loser = applyGritDamage(fighter(4), 2);
    const size = woundSize({ weaponFlesh: 3, transferred: loser.transferred, blocks: 0 });
    expect(size).toBe(3);
    const taken = takeWound(loser.state, size, false);
    expect(taken.serious).toBe(true);
    expect(taken.courageTest).toBe(true);
    expect(penaltyDice(taken.state)).toBe(1);
  });

  it(`${SEED} §Taking a Flesh Wound: 2 armour successes leave a 1F wound: no courage test, no penalty, no bleeding`, () => {
    const size = woundSize({ weaponFlesh: 3, transferred: 0, blocks: 2 });
    expect(size).toBe(1);
    const taken = takeWound(fighter(4, 8), size, false);
    expect(taken.courageTest).toBe(false);
    expect(penaltyDice(taken.state)).toBe(0);
    expect(isBleeding(taken.state)).toBe(false);
  });

  // The example's "2 successes" is read as the winner's 2 net successes over a loser's 1: one level of
  // success, all of it spilling into Flesh because the defender has no Grit left.
  it(`${SEED} §Defensive Harness: a full-damage sword (3F) against 8Ad with 2 blocking successes leaves 1F`, () => {
    // Grit still standing: nothing spills over, so only the weapon's Flesh meets the armour.
    const hit = applyGritDamage(fighter(5), 2);
    expect(hit.transferred).toBe(0);
    expect(woundSize({ weaponFlesh: 3, transferred: hit.transferred, blocks: 2 })).toBe(1);
  });

  it(`${SEED} §Defensive Harness: sword 3F vs 8Ad with 2 blocks, no Grit left: +1F spills over, a 2F wound`, () => {
    const hit = applyGritDamage(fighter(0), 2 - 1);
    expect(hit.transferred).toBe(1);
    expect(woundSize({ weaponFlesh: 3, transferred: hit.transferred, blocks: 2 })).toBe(2);
  });

  it(`${SEED} §Taking a Flesh Wound: two wounds in one fight are tracked separately, each of 2+ Flesh carrying its own penalty die, and Grit at 0 one more`, () => {
    const first = takeWound(fighter(0, 10), 2, false);
    const second = takeWound(first.state, 2, false);
    expect(second.state.wounds).toEqual([
      { flesh: 2, critical: false, bleeding: false },
      { flesh: 2, critical: false, bleeding: false },
    ]);
    expect(penaltyDice(second.state)).toBe(3);
  });

  it(`${SEED} §Taking a Flesh Wound: a serious wound bleeds only with the optional rule; a critical wound always bleeds, a treated one no longer`, () => {
    const serious = takeWound(fighter(4, 9), 3, false);
    expect(serious.wound).toEqual({ flesh: 3, critical: false, bleeding: false });
    expect(isBleeding(serious.state)).toBe(false);
    const optional = takeWound(fighter(4, 9), 3, false, true);
    expect(optional.wound).toEqual({ flesh: 3, critical: false, bleeding: true });
    expect(isBleeding(optional.state)).toBe(true);
    expect(takeWound(fighter(4, 9), 2, false, true).wound?.bleeding).toBe(false);
    expect(isBleeding({ ...fighter(4, 9), wounds: [{ flesh: 5, critical: true }] })).toBe(true);
    expect(isBleeding({ ...fighter(4, 9), wounds: [{ flesh: 5, critical: true, bleeding: false }] })).toBe(false);
  });

  it("a critical wound comes from a critical hit or from half max Flesh (rounded down)", () => {
    expect(isCriticalWound(1, 8, true)).toBe(true);
    expect(isCriticalWound(3, 7, false)).toBe(true);
    expect(isCriticalWound(2, 7, false)).toBe(false);
    expect(isCriticalWound(0, 7, true)).toBe(false);
  });

  it("Flesh 1 calls a courage test, 0 knocks out, below 0 is dying", () => {
    expect(takeWound(fighter(3, 3), 2, false).courageTest).toBe(true);
    const out = takeWound(fighter(3, 3), 3, false);
    expect(out.knockedOut).toBe(true);
    expect(out.dying).toBe(false);
    expect(out.courageTest).toBe(false);
    expect(takeWound(fighter(3, 3), 4, false).dying).toBe(true);
  });
});
