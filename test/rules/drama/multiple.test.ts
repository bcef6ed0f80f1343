import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { planSplit, splitEvenly, splitPools } from "../../../src/rules/drama/multiple.js";
import { resolveMeleeRound, resolveMultiple } from "../../../src/rules/drama/round.js";
import { defaults, fyrd, MULTI, warrior } from "./fixtures.js";
import { against, poolsFor } from "./playFixtures.js";

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
    // Played inside each test, never at collection: a mutant is only active while a test runs.
    const play = () => {
      const tray = new DiceTray(givenFaces(faces));
      const round = resolveMultiple(warrior, [{ opponent: fyrd("Fyrd 1"), momentum: "actor" }, { opponent: fyrd("Fyrd 2"), momentum: "actor" }], defaults, tray);
      const [fight1, fight2] = round.fights;
      return { tray, round, fight1, fight2 };
    };

    it(`${MULTI}: the warrior's pool splits into 5Bd + 1Dd against fyrd #1 and 3Bd against fyrd #2`, () => {
      const { tray, round, fight1, fight2 } = play();
      expect(round.plan).toEqual({ base: [3, 3], military: [2, 0], dramaTo: 0 });
      expect(fight1?.rolls.a.pools.base.total).toBe(5);
      expect(fight1?.rolls.a.pools.drama.total).toBe(1);
      expect(fight2?.rolls.a.pools.base.total).toBe(3);
      expect(fight2?.rolls.a.pools.drama.total).toBe(0);
      expect(tray.faces()).toEqual(faces);
    });

    it(`${MULTI}, Fight 1: 5Bd {6,3,2,1,1} + 1Dd {5} vs 4Bd {4,3,3,1}: warrior wins by 2, 2 Grit and a 2F wound with its penalty (the example rolls no armour for the unarmoured fyrd; by the rules his Agility gives 3Ad, here blocking nothing)`, () => {
      const { fight1 } = play();
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
      const { fight1 } = play();
      expect(fight1?.sides.b.knockBack).toMatchObject({ knockDown: 6, physical: 2, agility: 3, result: "doubly" });
      expect(fight1?.sides.b.after.disadvantage).toBe("doubly");
    });

    // The example has 1 Flesh − 1 block leave a 1F wound and then checks knock-back; the rules for
    // limited damage give no wound once the block stops the one point, and no knock-back check.
    it(`${MULTI}, Fight 2: 3Bd {4,2,1} vs 4Bd {6,2,1,1}: fyrd #2's marginal win costs the warrior 1 Grit; 6Ad {5,4,4,3,2,2} blocks the 1 Flesh (example: 1F wound), no knock-back`, () => {
      const { round, fight2 } = play();
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
    const play = () => {
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
      return { tray, round, fight1, fight2 };
    };

    it(`${MULTI}, alternative: 8Bd {6,5,5,4,3,2,2,1} + 1Dd {6,2} vs 4Bd {4,3,1,1} = 4 levels: 3 Grit, 1 spills over, a 2+1 = 3F wound`, () => {
      const { fight1 } = play();
      expect(fight1?.rolls.a.reading.net).toBe(4);
      expect(fight1?.judgement).toMatchObject({ kind: "win", level: 4 });
      expect(fight1?.sides.b.struck).toMatchObject({ gritLost: 3, transferred: 1, incomingFlesh: 3, wound: { flesh: 3 } });
      expect(fight1?.sides.b.struck?.serious).toBe(true);
    });

    it(`${MULTI}, alternative: the 3F wound calls a courage test (7Bd vs 3Rd) that fyrd #1 fails, out for 8 − 2 = 6 rounds`, () => {
      const { fight1 } = play();
      expect(fight1?.sides.b.courage?.pool).toEqual({ base: 7, resistance: 3, drama: 0 });
      expect(fight1?.sides.b.courage).toMatchObject({ result: "failed", roundsOut: 6 });
      expect(fight1?.sides.b.statuses).toContain("passed-out");
    });

    it(`${MULTI}, unopposed fyrd #2: 6Bd {5,5,3,2,1,1} = 2 levels: 2 Grit, 6Ad {6,6,2,2,2,1} blocks both Flesh, warrior disadvantaged`, () => {
      const { tray, round, fight2 } = play();
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
    const play = () =>
      resolveMeleeRound(
        { a: { ...warrior, grit: 4, disadvantage: "disadvantaged" }, b: { ...fyrd("Fyrd 2"), stance: "defend" }, momentum: "b", options: defaults },
        new DiceTray(givenFaces(faces)),
      );

    it(`${MULTI}, second round: Agl 4 makes the disadvantage 0Rd; 8Bd {6,6,6,6,3,3,1,1} + 1Dd {1}: four 6s count twice, net 7 vs 1, level 6`, () => {
      const round = play();
      expect(round.rolls.a.pools.resistance.total).toBe(0);
      expect(round.rolls.a.reading).toMatchObject({ critical: true, net: 7 });
      expect(round.rolls.b.reading.net).toBe(1);
      expect(round.judgement).toMatchObject({ kind: "win", winner: "a", level: 6 });
    });

    // The example rolls only 3Ad + 2Ad; the rules' armour pool also holds the fyrd's Agility (3Ad).
    it(`${MULTI}, second round: 3 Grit, 3 (the cap) spills into Flesh with the 2F weapon; {6,3,2,2,1} blocks one: a 4F critical wound, bleeding`, () => {
      const round = play();
      const struck = round.sides.b.struck;
      expect(struck).toMatchObject({ gritLost: 3, transferred: 3, discarded: 0, incomingFlesh: 5, blocks: 1, wound: { flesh: 4, critical: true } });
      expect(round.sides.b.statuses).toContain("bleeding");
      expect(round.sides.b.after).toMatchObject({ grit: 0, flesh: 3 });
    });

    it(`${MULTI}, second round: courage 7Bd {6,6,4,3,2,2,1} vs 4Rd {5,3,3,1} nets 1, and he collapses`, () => {
      const round = play();
      expect(round.sides.b.courage?.pool).toEqual({ base: 7, resistance: 4, drama: 0 });
      expect(round.sides.b.courage?.reading.net).toBe(1);
      expect(round.sides.b.courage?.result).toBe("failed");
      expect(round.sides.b.statuses).toContain("passed-out");
    });
  });
});

describe(`${MULTI}: sharing out the actor's dice`, () => {
  it("a pool split one way is the whole pool; split no way (nobody engaged) it is nothing", () => {
    expect(splitEvenly(6, 1)).toEqual([6]);
    expect(splitEvenly(6, 0)).toEqual([]);
    expect(splitEvenly(6, -1)).toEqual([]);
  });

  it("against one engaged opponent every die goes against him", () => {
    expect(planSplit(poolsFor(6, 2, { drama: 1 }), [against()])).toEqual({ base: [6], military: [2], dramaTo: 0 });
  });

  it("an opponent left unopposed gets none of the actor's dice; unsaid, military and Drama dice go to the first engaged opponent", () => {
    const plan = planSplit(poolsFor(6, 2, { drama: 1 }), [against({ unopposed: true }), against(), against()]);
    expect(plan).toEqual({ base: [0, 3, 3], military: [0, 2, 0], dramaTo: 1 });
  });

  it("an actor who leaves every opponent unopposed places no dice, Drama dice included", () => {
    expect(planSplit(poolsFor(6, 2, { drama: 1 }), [against({ unopposed: true }), against({ unopposed: true })])).toEqual({ base: [0, 0], military: [0, 0], dramaTo: -1 });
  });

  it("military and Drama dice go wherever the actor puts them, the Drama dice to one opponent only", () => {
    expect(planSplit(poolsFor(6, 2, { drama: 1 }), [against(), against({ military: 2, drama: true })])).toEqual({ base: [3, 3], military: [0, 2], dramaTo: 1 });
    expect(planSplit(poolsFor(6, 2), [against({ military: 1 }), against({ military: 1 })])).toEqual({ base: [3, 3], military: [1, 1], dramaTo: 0 });
  });

  it("placing more military dice than the training gives is refused, and so is placing only some of them", () => {
    expect(() => planSplit(poolsFor(6, 2), [against({ military: 2 }), against({ military: 1 })])).toThrow(/3 military dice placed, only 2 to place/);
    expect(() => planSplit(poolsFor(6, 2), [against({ military: 1 }), against()])).toThrow(/1 of 2 military dice placed/);
  });

  it("every one of the actor's own Base dice goes against someone engaged", () => {
    expect(() => planSplit(poolsFor(7), [against({ baseDice: 3 }), against({ baseDice: 3 })])).toThrow(/7 base dice must all be placed against engaged opponents, 6 were/);
    expect(() => planSplit(poolsFor(7), [against({ baseDice: 4 }), against({ baseDice: 4 })])).toThrow(/8 were/);
    // Naming the dice for one opponent names them for all: the other gets none, and the pool is short.
    expect(() => planSplit(poolsFor(6), [against({ baseDice: 3 }), against()])).toThrow(/6 base dice must all be placed against engaged opponents, 3 were/);
  });

  it("the actor only picks who gets the odd dice: no share may fall below or rise above the even split", () => {
    expect(planSplit(poolsFor(7), [against({ baseDice: 3 }), against({ baseDice: 4 })]).base).toEqual([3, 4]);
    expect(planSplit(poolsFor(7), [against({ baseDice: 4 }), against({ baseDice: 3 })]).base).toEqual([4, 3]);
    expect(planSplit(poolsFor(8), [against({ baseDice: 2 }), against({ baseDice: 3 }), against({ baseDice: 3 })]).base).toEqual([2, 3, 3]);
    expect(() => planSplit(poolsFor(7), [against({ baseDice: 1 }), against({ baseDice: 3 }), against({ baseDice: 3 })])).toThrow(/7 dice among 3 make 3\/2\/2, not 1\/3\/3/);
    expect(() => planSplit(poolsFor(8), [against({ baseDice: 4 }), against({ baseDice: 2 }), against({ baseDice: 2 })])).toThrow(/8 dice among 3 make 3\/3\/2, not 4\/2\/2/);
  });

  it("the actor rolls nothing against an opponent she leaves unopposed: no Base, no Resistance, no Drama dice; her armour stays whole", () => {
    const pools = poolsFor(6, 2, { drama: 1, situationalResistance: 2, harness: 2 });
    const unopposed = splitPools(pools, { base: [6, 0], military: [2, 0], dramaTo: 0 }, 1, true);
    expect(unopposed).toEqual({
      base: { attribute: 0, skill: 0, situational: 0, military: 0, total: 0 },
      resistance: { penalties: 0, situational: 0, disadvantage: 0, stance: 0, total: 0 },
      drama: { passions: 0, stance: 0, total: 0 },
      armour: pools.armour,
    });
  });

  it("each share carries the whole Resistance pool, its own Base and military dice, and the Drama dice only where they were put", () => {
    const pools = poolsFor(6, 2, { drama: 1, situationalResistance: 2 });
    const plan = { base: [3, 3], military: [2, 0], dramaTo: 0 };
    expect(splitPools(pools, plan, 0, false)).toEqual({ ...pools, base: { attribute: 3, skill: 0, situational: 0, military: 2, total: 5 } });
    expect(splitPools(pools, plan, 1, false)).toEqual({ ...pools, base: { attribute: 3, skill: 0, situational: 0, military: 0, total: 3 }, drama: { passions: 0, stance: 0, total: 0 } });
    expect(pools.resistance.total).toBe(2);
    expect(pools.drama.total).toBe(1);
  });
});
