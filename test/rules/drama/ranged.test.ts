import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { ChoiceReader, untilAwaited } from "../../../src/rules/drama/awaiting.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { rangedPool, readShot, resolveShot, type ShotPlay } from "../../../src/rules/drama/ranged.js";
import { dramaRules } from "../../../src/rules/drama/index.js";
import { SEED } from "./fixtures.js";
import { labels, trayOf } from "./playFixtures.js";

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

describe("a shot's pools", () => {
  it(`${SEED} §Resolving a shot: Base is the attribute (Agility unless the skill goes with Physical) + the skill it caps`, () => {
    expect(rangedPool(archer, {}, [])).toMatchObject({ attribute: 3, skill: 3 });
    expect(rangedPool({ ...archer, skillAttribute: "physical", physical: 4 }, {}, [])).toMatchObject({ attribute: 4, skill: 3 });
    expect(rangedPool({ ...archer, skillAttribute: "physical" }, {}, [])).toMatchObject({ attribute: 2, skill: 2 });
  });

  it(`${SEED} §Situational modifiers for Ranged Attacks: each +2Bd counts once; the shooter's own extra Bd, Rd, disadvantage, penalties and Drama dice all count`, () => {
    const shooter: Combatant = { ...archer, situationalBase: 1, situationalResistance: 1, disadvantage: "disadvantaged", otherPenalties: 1, drama: 1 };
    expect(rangedPool(shooter, { range: "close", wind: "light" }, ["aiming", "aiming"])).toEqual({ attribute: 3, skill: 3, bonuses: 3, situational: 2, penalties: 1, table: 4, drama: 1 });
  });

  it(`${SEED} §Results of Ranged Combat: net 2 is a hit at level 0, net 1 a marginal hit, net 0 or less a miss`, () => {
    expect(readShot(2)).toEqual({ kind: "hit", level: 0 });
    expect(readShot(1)).toEqual({ kind: "marginal-hit", level: 0 });
    expect(readShot(-1)).toEqual({ kind: "miss", level: 0 });
  });
});

describe("a shot's results", () => {
  const crossbow: Combatant = { ...archer, weapon: "large", situationalResistance: 0 };
  // Max Flesh 8: a 3F wound is serious but not critical (half of 8 is 4).
  const stag: Combatant = { ...deer, name: "Stag", flesh: 8 };
  // The crossbow's 6Bd {5,5,5}: net 3, level 1; 1 + 3F = 4 knocks the stag's Agility 3 but not Phy 3 + Agl 3.
  // His 3Ad stop nothing: a 3F wound and a courage test of 8Bd (max Flesh) against 3Rd.
  const hit = [5, 5, 5, 3, 3, 3, 3, 3, 3];
  const passes = [5, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3];
  const wavers = [5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];
  const shoot = (target: Combatant, faces: number[], how?: ShotPlay) => {
    const tray = trayOf(faces);
    return { shot: resolveShot(crossbow, target, {}, [], tray, undefined, how), tray };
  };
  const table = (choices: Record<string, unknown>): ShotPlay => ({ interactive: true, choices: new ChoiceReader(choices), seriousBleeds: false });

  it("every die of a shot is labelled with whose it is and what for", () => {
    const tray = trayOf([5, 5, 5, 3, 3, 3, 3, 3, 3]);
    resolveShot({ ...archer, drama: 1 }, deer, {}, [], tray);
    expect(labels(tray)).toEqual([...Array(6).fill("Archer base"), ...Array(2).fill("Archer resistance"), "Archer drama", ...Array(3).fill("Deer armour")]);
  });

  it(`${SEED} §Results of Ranged Combat: a miss rolls no armour and leaves the target as it was`, () => {
    const { shot, tray } = shoot(deer, []);
    expect(shot).toMatchObject({ kind: "miss", statuses: [] });
    expect(shot.struck).toBeUndefined();
    expect(shot.target).toBe(deer);
    expect(labels(tray)).not.toContain("Deer armour");
  });

  it(`${SEED} §Check For Knock-Back: knock-back 4 beats Agility 3 but not Phy 3 + Agl 3: disadvantaged, not prone; the courage test's dice are the target's`, () => {
    const { shot, tray } = shoot({ ...stag, courage: { drama: 1 } }, [...hit, ...passes, 3]);
    expect(shot.knockBack).toMatchObject({ knockDown: 4, result: "disadvantaged" });
    expect(shot.courage).toMatchObject({ pool: { base: 8, resistance: 3, drama: 1 }, result: "passed" });
    expect(shot.statuses).toEqual(["disadvantaged"]);
    expect(shot.target.disadvantage).toBe("disadvantaged");
    expect(shot.target).not.toHaveProperty("roundsOut");
    expect(shot.target).not.toHaveProperty("dramaPoints");
    expect(labels(tray).slice(hit.length)).toEqual([...Array(8).fill("Stag courage base"), ...Array(3).fill("Stag courage resistance"), "Stag courage drama"]);
  });

  it(`${SEED} §Test of Courage: a target that fails its courage test is out for 8 − Physical rounds`, () => {
    const { shot } = shoot(stag, hit);
    expect(shot.courage).toMatchObject({ result: "failed", roundsOut: 5 });
    expect(shot.target.roundsOut).toBe(5);
    expect(shot.statuses).toEqual(["passed-out", "disadvantaged"]);
  });

  it(`${SEED} §Check For Knock-Back: a hit too weak to knock back adds no disadvantage and lifts none the target carries (issue 36); a serious wound does not bleed unless the world says so`, () => {
    // Net 2, level 0, a 1F dagger: knock-down 1.
    const dagger = (target: Combatant) => resolveShot({ ...archer, weapon: "small", situationalResistance: 0 }, target, {}, [], trayOf([5, 5]));
    const shot = dagger({ ...deer, disadvantage: "disadvantaged" });
    expect(shot.knockBack).toMatchObject({ knockDown: 1, result: "none" });
    expect(shot.target.disadvantage).toBe("disadvantaged");
    expect(shot.statuses).toEqual([]);
    expect(dagger({ ...deer, disadvantage: "doubly" }).target.disadvantage).toBe("doubly");
    expect(dagger(deer).target.disadvantage).toBe("none");
    expect(shoot(stag, [...hit, ...passes]).shot.struck?.wound).toEqual({ flesh: 3, critical: false, bleeding: false });
    expect(shoot(stag, [...hit, ...passes], { ...table({ targetCourage: {} }), seriousBleeds: true }).shot.struck?.wound).toEqual({ flesh: 3, critical: false, bleeding: true });
  });

  it(`${SEED} §Check For Knock-Back: a knock-back only ever worsens what the target carries: disadvantaged over doubly stays doubly, doubly over disadvantaged is doubly`, () => {
    expect(shoot({ ...stag, disadvantage: "doubly" }, [...hit, ...passes]).shot.target.disadvantage).toBe("doubly");
    expect(shoot({ ...stag, disadvantage: "disadvantaged" }, [...hit, ...passes]).shot.target.disadvantage).toBe("disadvantaged");
    // Phy 1 + Agl 1 = 2 < knock-down 4: doubly.
    const frail = { ...stag, physical: 1, agility: 1, courage: { spendDramaPoint: false } };
    expect(shoot({ ...frail, disadvantage: "disadvantaged" }, [...hit, ...passes]).shot.target.disadvantage).toBe("doubly");
  });

  it(`${SEED} §Results of Ranged Combat: a miss leaves a disadvantage the target carries, on the ranged action too`, () => {
    expect(shoot({ ...deer, disadvantage: "disadvantaged" }, []).shot.target.disadvantage).toBe("disadvantaged");
    const outcome = dramaRules.actions.ranged!.resolve({ shooter: { ...archer, weapon: "small", situationalResistance: 0 }, target: { ...deer, disadvantage: "doubly" } }, trayOf([5, 5]));
    expect(outcome.result).toMatchObject({ kind: "hit", knockBack: "none" });
    expect(outcome.effects[0]!.changes.disadvantage).toBeUndefined();
  });

  it(`${SEED} §Results of Ranged Combat: a marginal hit checks no knock-back: the target keeps the disadvantage it had, or none`, () => {
    const marginal = [5, 3, 3, 3, 3, 3];
    expect(shoot({ ...deer, disadvantage: "disadvantaged" }, marginal).shot.target.disadvantage).toBe("disadvantaged");
    const { shot } = shoot({ ...deer, dramaPoints: 2 }, marginal);
    expect(shot.target.disadvantage).toBe("none");
    expect(shot.target.dramaPoints).toBe(2);
  });

  it(`${SEED} §Test of Courage: a wavering target spends a Drama Point if its stat block says so, passing for the point alone; otherwise it falls`, () => {
    const spent = shoot({ ...stag, dramaPoints: 1, courage: { spendDramaPoint: true } }, [...hit, ...wavers]).shot;
    expect(spent.courage?.result).toBe("passed-at-a-price");
    expect(spent.target).toMatchObject({ dramaPoints: 0, otherPenalties: 0 });
    expect(shoot({ ...stag, dramaPoints: 1 }, [...hit, ...wavers]).shot.courage?.result).toBe("failed");
    const uncounted = shoot({ ...stag, courage: { spendDramaPoint: true } }, [...hit, ...wavers]).shot;
    expect(uncounted.courage?.result).toBe("passed-at-a-price");
    expect(uncounted.target).not.toHaveProperty("dramaPoints");
    expect(() => shoot({ ...stag, dramaPoints: 0, courage: { spendDramaPoint: true } }, [...hit, ...wavers])).toThrow(/Stag has no Drama Point left to spend/);
  });

  it("at the table a wavering target is asked whether to spend a Drama Point, unless it has none left", () => {
    const asked = untilAwaited(() => shoot({ ...stag, dramaPoints: 1 }, [...hit, ...wavers], table({ targetCourage: {} })));
    expect(asked).toEqual({ awaiting: { choice: "targetWaver", by: "target", offer: { net: 1, dramaPoints: 1, choices: ["spend", "fall"] } } });
    const spent = shoot({ ...stag, dramaPoints: 1 }, [...hit, ...wavers], table({ targetCourage: {}, targetWaver: "spend" })).shot;
    expect(spent.courage?.result).toBe("passed-at-a-price");
    expect(spent.target.dramaPoints).toBe(0);
    const none = shoot({ ...stag, dramaPoints: 0 }, [...hit, ...wavers], table({ targetCourage: {}, targetWaver: "spend" })).shot;
    expect(none.courage?.result).toBe("failed");
    expect(none.target.dramaPoints).toBe(0);
  });
});
