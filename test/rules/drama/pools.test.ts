import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { readArmour } from "../../../src/core/dice/successPool.js";
import { armourPool, basePool, dramaPool, meleePools, momentumModifier, PoolError, resistancePool } from "../../../src/rules/drama/pools.js";
import { harnessDice, ARMOUR_SETS } from "../../../src/rules/drama/tables.js";
import { rollSide } from "../../../src/rules/drama/round.js";
import { SEED, warrior } from "./fixtures.js";

const knight = { name: "Knight", physical: 4, agility: 3, skill: 4, grit: 8, flesh: 8, weapon: "large" as const };

describe("pool building", () => {
  it(`${SEED} §Attribute + Skill: Physical 4 + mastery (+4) gives a base pool of 8`, () => {
    expect(basePool(knight).total).toBe(8);
  });

  it(`${SEED} §Attribute + Skill: an Expert (+5) is capped at +4 by Physical 4, still 8`, () => {
    const pool = basePool({ ...knight, skill: 5 });
    expect(pool.skill).toBe(4);
    expect(pool.total).toBe(8);
  });

  it(`${SEED} §Military Training Dice: a squire's 2 military dice go to Bd or Ad as chosen`, () => {
    const squire = { name: "Squire", physical: 3, agility: 3, skill: 2, grit: 5, flesh: 7, military: 2 };
    expect(basePool(squire).total).toBe(7);
    expect(basePool({ ...squire, militaryAsArmour: 1 }).total).toBe(6);
    expect(armourPool({ ...squire, militaryAsArmour: 1 }).total).toBe(4);
    expect(() => basePool({ ...squire, militaryAsArmour: 3 })).toThrow(PoolError);
  });

  it(`${SEED} §Persistent Penalties: a man-at-arms with a 2F wound and a failed composure test carries 2Rd`, () => {
    const manAtArms = { name: "Man-at-arms", physical: 3, agility: 3, skill: 3, grit: 5, flesh: 6, maxFlesh: 8, wounds: [{ flesh: 2, critical: false }], otherPenalties: 1 };
    expect(resistancePool(manAtArms).total).toBe(2);
    expect(resistancePool({ ...manAtArms, situationalResistance: 2 }).total).toBe(4);
  });

  it(`${SEED} §Determine Armor Protection: Agl 2 with a buckler rolls 5Ad, and {5,3,3,2,1} stops 1`, () => {
    const loser = { name: "Loser", physical: 2, agility: 2, skill: 2, grit: 4, flesh: 6, shield: "buckler" as const };
    const pool = armourPool(loser);
    expect(pool.total).toBe(5);
    const tray = new DiceTray(givenFaces([5, 3, 3, 2, 1]));
    expect(readArmour(Array.from({ length: pool.total }, () => tray.roll(6, "armour")))).toBe(1);
  });

  it("stances: Press +1Dd and +2 Momentum; Brace +Ad = weapon Flesh, no Rd; Defend +3Ad + weapon or shield; Evade builds on 2 × Agility", () => {
    expect(dramaPool(warrior).total).toBe(1);
    expect(momentumModifier(warrior)).toBe(2);
    expect(resistancePool(warrior).total).toBe(0);
    const brace = { ...knight, stance: "brace" as const };
    expect(armourPool(brace).stance).toBe(3);
    expect(resistancePool(brace).total).toBe(0);
    expect(momentumModifier(brace)).toBe(-2);
    expect(armourPool({ ...knight, stance: "defend", shield: "large" }).stance).toBe(3 + 5);
    expect(armourPool({ ...knight, stance: "defend" }).stance).toBe(3 + 3);
    expect(momentumModifier({ ...knight, stance: "evade" })).toBe(-6);
    expect(basePool({ ...knight, stance: "evade" }).total).toBe(6);
    const dramatic = { ...knight, stance: "dramatic" as const, dramatic: { base: 1, resistance: 2, drama: 3, armour: 4, momentum: 5 } };
    const pools = meleePools(dramatic);
    expect([pools.base.total, pools.resistance.total, pools.drama.total, pools.armour.stance, momentumModifier(dramatic)]).toEqual([9, 2, 3, 4, 5]);
  });

  it("disadvantage from last round adds (4 − Agility)Rd, doubly (8 − Agility)Rd", () => {
    expect(resistancePool({ ...knight, agility: 2, disadvantage: "disadvantaged" }).disadvantage).toBe(2);
    expect(resistancePool({ ...knight, agility: 1, disadvantage: "doubly" }).disadvantage).toBe(7);
    expect(resistancePool({ ...warrior, disadvantage: "disadvantaged" }).total).toBe(0);
  });

  it("armour sets sum their items: man-at-arms 8Ad, full plate 15Ad from its listed pieces", () => {
    expect(harnessDice(ARMOUR_SETS["man-at-arms"] ?? [])).toBe(8);
    expect(harnessDice(ARMOUR_SETS["full plate"] ?? [])).toBe(15);
  });

  it("a shield bearer's Bd triple adds 3Ad, a quad is marked for a Shield Bash", () => {
    const bearer = { ...knight, shield: "medium" as const };
    const tray = new DiceTray(givenFaces([3, 3, 3, 5, 2, 2, 2, 2]));
    const side = rollSide(bearer, meleePools(bearer), tray);
    expect(side.patterns).toEqual({ triples: 1, quad: true });
    expect(side.armourDice).toBe(3 + 4 + 3);
  });
});
