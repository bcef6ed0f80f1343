import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { splitEvenly } from "../../../src/rules/drama/multiple.js";
import { resolveMeleeRound, resolveMultiple } from "../../../src/rules/drama/round.js";
import { defaults, fyrd, MULTI, warrior } from "./fixtures.js";

// Pools roll in this order: every fighter without Momentum over the actor first (Bd, Rd, Dd), then
// the actor's split pools in the order of her opponents, then those who hold Momentum over her;
// then each pairing's blows (armour rolls); then one courage test per fighter who must take one.
describe("fighting multiple opponents", () => {
  it("splits a pool as evenly as it can", () => {
    expect(splitEvenly(6, 2)).toEqual([3, 3]);
    expect(splitEvenly(7, 3)).toEqual([3, 2, 2]);
  });

  describe("Fights 1 and 2: 6Bd split 3/3, military dice and the Press Dd on fyrd #1", () => {
    const fyrdArmour = [4, 3, 1]; // not printed: the rules give the fyrd his Agility (3Ad); none block
    const faces = [4, 3, 3, 1, 6, 2, 1, 1, 6, 3, 2, 1, 1, 5, 4, 2, 1, ...fyrdArmour, 5, 4, 4, 3, 2, 2];
    const tray = new DiceTray(givenFaces(faces));
    const round = resolveMultiple(warrior, [{ opponent: fyrd("Fyrd 1"), momentum: "actor" }, { opponent: fyrd("Fyrd 2"), momentum: "actor" }], defaults, tray);
    const [fight1, fight2] = round.fights;

    it(`${MULTI}: the warrior's pool splits into 5Bd + 1Dd against fyrd #1 and 3Bd against fyrd #2`, () => {
      expect(round.plan).toEqual({ base: [3, 3], military: [2, 0], dramaTo: 0 });
      expect(fight1?.rolls.a.pools.base.total).toBe(5);
      expect(fight1?.rolls.a.pools.drama.total).toBe(1);
      expect(fight2?.rolls.a.pools.base.total).toBe(3);
      expect(fight2?.rolls.a.pools.drama.total).toBe(0);
      expect(tray.faces()).toEqual(faces);
    });

    it(`${MULTI}, Fight 1: 5Bd {6,3,2,1,1} + 1Dd {5} vs 4Bd {4,3,3,1}: warrior wins by 2, 2 Grit and a 2F wound with its penalty (the example rolls no armour for the unarmoured fyrd; by the rules his Agility gives 3Ad, here blocking nothing)`, () => {
      expect(fight1?.rolls.a.reading.net).toBe(2);
      expect(fight1?.rolls.b.reading.net).toBe(0);
      expect(fight1?.judgement).toMatchObject({ kind: "win", winner: "a", level: 2 });
      expect(fight1?.sides.b.struck).toMatchObject({ gritLost: 2, incomingFlesh: 2, blocks: 0, wound: { flesh: 2, critical: false } });
      expect(fight1?.sides.b.after).toMatchObject({ grit: 1, flesh: 5 });
      expect(fight1?.sides.b.courage).toBeUndefined();
    });

    // The example says "disadvantaged", but it leaves out Press's +1 on a won knock-back (which its
    // Fight 2 does apply): 2 levels + Phy 3 + 1 = 6 beats the fyrd's Phy 2 + Agl 3 = 5.
    it(`${MULTI}, Fight 1: knock-back 2 + 3 + 1 (Press) = 6 > 2 + 3, so by the rules fyrd #1 is doubly disadvantaged (example says disadvantaged)`, () => {
      expect(fight1?.sides.b.knockBack).toMatchObject({ knockDown: 6, physical: 2, agility: 3, result: "doubly" });
      expect(fight1?.sides.b.after.disadvantage).toBe("doubly");
    });

    // The example has 1 Flesh − 1 block leave a 1F wound and then checks knock-back; the rules for
    // limited damage give no wound once the block stops the one point, and no knock-back check.
    it(`${MULTI}, Fight 2: 3Bd {4,2,1} vs 4Bd {6,2,1,1}: fyrd #2's marginal win costs the warrior 1 Grit; 6Ad {5,4,4,3,2,2} blocks the 1 Flesh (example: 1F wound), no knock-back`, () => {
      expect(fight2?.judgement).toMatchObject({ kind: "marginal-win", winner: "b", blow: "limited", momentum: "b" });
      expect(fight2?.sides.a.struck).toMatchObject({ gritLost: 1, incomingFlesh: 1, armourFaces: [5, 4, 4, 3, 2, 2], blocks: 1, wound: null });
      expect(fight2?.sides.a.knockBack).toBeUndefined();
      expect(round.actor.after).toMatchObject({ grit: 5, flesh: 7, disadvantage: "none" });
    });
  });

  describe("the alternative: everything on fyrd #1, fyrd #2 unopposed", () => {
    const fyrdArmour = [4, 3, 1];
    const failedCourage = [4, 4, 3, 3, 2, 2, 1, 3, 3, 3]; // not printed: the example only says he fails
    const faces = [4, 3, 1, 1, 5, 5, 3, 2, 1, 1, 6, 5, 5, 4, 3, 2, 2, 1, 6, 2, ...fyrdArmour, 6, 6, 2, 2, 2, 1, ...failedCourage];
    const tray = new DiceTray(givenFaces(faces));
    const round = resolveMultiple(
      warrior,
      [
        { opponent: fyrd("Fyrd 1"), baseDice: 6, military: 2, drama: true, momentum: "actor" },
        { opponent: fyrd("Fyrd 2"), unopposed: true, momentum: "actor" },
      ],
      defaults,
      tray,
    );
    const [fight1, fight2] = round.fights;

    it(`${MULTI}, alternative: 8Bd {6,5,5,4,3,2,2,1} + 1Dd {6,2} vs 4Bd {4,3,1,1} = 4 levels: 3 Grit, 1 spills over, a 2+1 = 3F wound`, () => {
      expect(fight1?.rolls.a.reading.net).toBe(4);
      expect(fight1?.judgement).toMatchObject({ kind: "win", level: 4 });
      expect(fight1?.sides.b.struck).toMatchObject({ gritLost: 3, transferred: 1, incomingFlesh: 3, wound: { flesh: 3 } });
      expect(fight1?.sides.b.struck?.serious).toBe(true);
    });

    it(`${MULTI}, alternative: the 3F wound calls a courage test (7Bd vs 3Rd) that fyrd #1 fails, out for 8 − 2 = 6 rounds`, () => {
      expect(fight1?.sides.b.courage?.pool).toEqual({ base: 7, resistance: 3, drama: 0 });
      expect(fight1?.sides.b.courage).toMatchObject({ result: "failed", roundsOut: 6 });
      expect(fight1?.sides.b.statuses).toContain("passed-out");
    });

    it(`${MULTI}, unopposed fyrd #2: 6Bd {5,5,3,2,1,1} = 2 levels: 2 Grit, 6Ad {6,6,2,2,2,1} blocks both Flesh, warrior disadvantaged`, () => {
      expect(fight2?.rolls.b.pools.base.total).toBe(6);
      expect(fight2?.rolls.a.pools.base.total).toBe(0);
      expect(fight2?.judgement).toMatchObject({ kind: "win", winner: "b", level: 2 });
      expect(fight2?.sides.a.struck).toMatchObject({ gritLost: 2, incomingFlesh: 2, blocks: 2, wound: null });
      // The example writes "2+3"; the rules use fyrd #2's own Physical 2: 4 > the warrior's pressed Phy 2, not > 2 + 3.
      expect(fight2?.sides.a.knockBack).toMatchObject({ knockDown: 4, physical: 2, agility: 3, result: "disadvantaged" });
      expect(round.actor.after).toMatchObject({ grit: 4, disadvantage: "disadvantaged" });
      expect(round.actor.statuses).toContain("disadvantaged");
      expect(tray.faces()).toEqual(faces);
    });
  });

  describe("the second round: the warrior presses (disadvantaged), fyrd #2 Defends", () => {
    const fyrdExtraArmour = [4, 3, 2]; // the rules' Agility 3Ad on top of the printed 3Ad + 2Ad
    const faces = [6, 6, 6, 6, 3, 3, 1, 1, 1, 5, 3, 3, 1, 6, 3, 2, 2, 1, ...fyrdExtraArmour, 6, 6, 4, 3, 2, 2, 1, 5, 3, 3, 1];
    const round = resolveMeleeRound(
      { a: { ...warrior, grit: 4, disadvantage: "disadvantaged" }, b: { ...fyrd("Fyrd 2"), stance: "defend" }, momentum: "b", options: defaults },
      new DiceTray(givenFaces(faces)),
    );

    it(`${MULTI}, second round: Agl 4 makes the disadvantage 0Rd; 8Bd {6,6,6,6,3,3,1,1} + 1Dd {1}: four 6s count twice, net 7 vs 1, level 6`, () => {
      expect(round.rolls.a.pools.resistance.total).toBe(0);
      expect(round.rolls.a.reading).toMatchObject({ critical: true, net: 7 });
      expect(round.rolls.b.reading.net).toBe(1);
      expect(round.judgement).toMatchObject({ kind: "win", winner: "a", level: 6 });
    });

    // The example rolls only 3Ad + 2Ad; the rules' armour pool also holds the fyrd's Agility (3Ad).
    it(`${MULTI}, second round: 3 Grit, 3 (the cap) spills into Flesh with the 2F weapon; {6,3,2,2,1} blocks one: a 4F critical wound, bleeding`, () => {
      const struck = round.sides.b.struck;
      expect(struck).toMatchObject({ gritLost: 3, transferred: 3, discarded: 0, incomingFlesh: 5, blocks: 1, wound: { flesh: 4, critical: true } });
      expect(round.sides.b.statuses).toContain("bleeding");
      expect(round.sides.b.after).toMatchObject({ grit: 0, flesh: 3 });
    });

    it(`${MULTI}, second round: courage 7Bd {6,6,4,3,2,2,1} vs 4Rd {5,3,3,1} nets 1, and he collapses`, () => {
      expect(round.sides.b.courage?.pool).toEqual({ base: 7, resistance: 4, drama: 0 });
      expect(round.sides.b.courage?.reading.net).toBe(1);
      expect(round.sides.b.courage?.result).toBe("failed");
      expect(round.sides.b.statuses).toContain("passed-out");
    });
  });
});
