import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { rangedPool, readShot, resolveShot } from "../../../src/rules/drama/ranged.js";
import { SEED } from "./fixtures.js";

const archer = { name: "Archer", physical: 2, agility: 3, skill: 3, grit: 5, flesh: 6, weapon: "medium" as const, situationalResistance: 2 };
const deer = { name: "Deer", physical: 3, agility: 3, skill: 0, grit: 4, flesh: 6 };

describe("ranged attacks", () => {
  // The printed example rolls no armour for the deer; the rules' armour pool is its Agility (3Ad),
  // fed here as three faces that stop nothing.
  it(`${SEED} §Results of Ranged Combat: 6Bd + 2Bd aiming {6,5,5,4,4,2,1,1} vs 4Rd (woods, walking) {4,3,1,1}: net 1, a marginal hit for 1F`, () => {
    const pool = rangedPool(archer, { targetMove: "walking" }, ["aiming"]);
    expect(pool.attribute + pool.skill + pool.bonuses).toBe(8);
    expect(pool.table + pool.situational + pool.penalties).toBe(4);
    const shot = resolveShot(archer, deer, { targetMove: "walking" }, ["aiming"], new DiceTray(givenFaces([6, 5, 5, 4, 4, 2, 1, 1, 4, 3, 1, 1, 4, 3, 2])));
    expect(shot.reading.net).toBe(1);
    expect(shot.kind).toBe("marginal-hit");
    expect(shot.struck).toMatchObject({ gritLost: 0, incomingFlesh: 1, wound: { flesh: 1 } });
    expect(shot.target).toMatchObject({ grit: 4, flesh: 5 });
    expect(shot.knockBack).toBeUndefined();
  });

  it("a hit's level is net − 2 to Grit, the weapon's Flesh to Flesh, and knock-back is level + weapon Flesh", () => {
    expect(readShot(4)).toEqual({ kind: "hit", level: 2 });
    expect(readShot(0)).toEqual({ kind: "miss", level: 0 });
    const crossbow = { ...archer, weapon: "large" as const, situationalResistance: 0 };
    // 6Bd: four successes; deer armour 3Ad stops nothing; the serious wound's courage 6Bd vs 3Rd nets 2.
    const shot = resolveShot(crossbow, deer, { range: "pointBlank" }, [], new DiceTray(givenFaces([5, 5, 5, 5, 2, 3, 4, 3, 2, 5, 5, 2, 2, 2, 2, 3, 3, 3])));
    expect(shot).toMatchObject({ kind: "hit", level: 2, weaponFlesh: 3 });
    expect(shot.struck).toMatchObject({ gritLost: 2, incomingFlesh: 3, wound: { flesh: 3 } });
    expect(shot.knockBack).toMatchObject({ knockDown: 5, result: "disadvantaged" });
    expect(shot.courage).toMatchObject({ pool: { base: 6, resistance: 3, drama: 0 }, result: "passed" });
  });

  it("the situation table adds its Rd and each bonus +2Bd", () => {
    const pool = rangedPool({ ...archer, situationalResistance: 0 }, { range: "long", visibility: "dark", wind: "light", targetSize: "head" }, ["largeTarget", "braced", "aiming"]);
    expect(pool.table).toBe(6 + 8 + 2 + 4);
    expect(pool.bonuses).toBe(6);
  });

  it(`${SEED} §Check For Knock-Back: a doubly disadvantaged target of a shot is knocked off its feet (prone), as in melee`, () => {
    const crossbow = { ...archer, weapon: "large" as const, situationalResistance: 0 };
    // 6Bd all 5s: net 6, level 4; 4 + 3F = 7 knock-down beats the deer's Phy 3 + Agl 3. 3Ad stop nothing; courage 6Bd vs 3Rd nets 2.
    const shot = resolveShot(crossbow, deer, { range: "pointBlank" }, [], new DiceTray(givenFaces([5, 5, 5, 5, 5, 5, 1, 1, 1, 5, 5, 2, 2, 2, 2, 3, 3, 3])));
    expect(shot).toMatchObject({ kind: "hit", level: 4 });
    expect(shot.knockBack).toMatchObject({ knockDown: 7, result: "doubly" });
    expect(shot.statuses).toEqual(expect.arrayContaining(["doubly-disadvantaged", "prone"]));
  });
});
