/**
 * Drama in History's thresholds, each met at its edge beside the nearest case on the other side.
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import type { GritFlesh } from "../../../src/core/tracks/gritFlesh.js";
import { shieldBash, strike } from "../../../src/rules/drama/damage.js";
import { judgeMelee } from "../../../src/rules/drama/judge.js";
import { knockBack, worseDisadvantage } from "../../../src/rules/drama/knockBack.js";
import { trackStatuses } from "../../../src/rules/drama/roll.js";
import { defaults, SEED } from "./fixtures.js";

const side = (net: number, critical = false) => ({ net, critical });
const tracks = (over: Partial<GritFlesh>): GritFlesh => ({ grit: 3, maxGrit: 3, flesh: 10, maxFlesh: 10, wounds: [], otherPenalties: 0, ...over });
const noDice = () => new DiceTray(givenFaces([]));

describe("reading an opposed round at its edges", () => {
  it("exactly 2 net each is a draw: Momentum lands a full blow of level 0; 1 each is only a marginal draw", () => {
    expect(judgeMelee(side(2), side(2), "b", defaults)).toEqual({ kind: "draw", winner: "b", level: 0, blow: "full", loserCriticalBlow: false, momentum: "b" });
    expect(judgeMelee(side(1), side(1), "b", defaults)).toMatchObject({ kind: "marginal-draw", blow: "limited" });
  });

  it("a failure names no winner, lands nothing (a critical neither) and leaves Momentum where it was, tied or not", () => {
    const failure = (momentum: "a" | "b") => ({ kind: "failure", winner: "none", level: 0, blow: "none", loserCriticalBlow: false, momentum });
    expect(judgeMelee(side(0), side(0), "b", defaults)).toEqual(failure("b"));
    expect(judgeMelee(side(0, true), side(-1, true), "a", defaults)).toEqual(failure("a"));
    expect(judgeMelee(side(1, true), side(1, true), "a", { ...defaults, marginalDraw: false })).toEqual(failure("a"));
  });

  it("the side with more net successes wins, whichever it is", () => {
    expect(judgeMelee(side(2), side(3), "a", defaults)).toMatchObject({ kind: "win", winner: "b", level: 1, momentum: "b" });
    expect(judgeMelee(side(3), side(2), "b", defaults)).toMatchObject({ kind: "win", winner: "a", level: 1, momentum: "a" });
  });
});

describe("knock-back at its edges", () => {
  it(`${SEED} §Check For Knock-Back: against Phy 3 Agl 4 a knock-down of 7 (their sum) only disadvantages; 8 doubly`, () => {
    expect(knockBack(7, { physical: 3, agility: 4 }).result).toBe("disadvantaged");
    expect(knockBack(8, { physical: 3, agility: 4 }).result).toBe("doubly");
  });

  it("of two knock-backs in one round the worse stands, in either order", () => {
    expect(worseDisadvantage("none", "doubly")).toBe("doubly");
    expect(worseDisadvantage("doubly", "disadvantaged")).toBe("doubly");
    expect(worseDisadvantage("disadvantaged", "none")).toBe("disadvantaged");
    expect(worseDisadvantage("none", "disadvantaged")).toBe("disadvantaged");
    expect(worseDisadvantage("none", "none")).toBe("none");
  });
});

describe("the tracks' thresholds", () => {
  it(`${SEED} §Surviving Damage: exactly 0 Flesh is knocked out and prone, not dying; below 0 is dying; 1 Flesh is neither`, () => {
    expect(trackStatuses({ name: "F", physical: 2, agility: 2, skill: 0, grit: 2, flesh: 1 })).toEqual([]);
    expect(trackStatuses({ name: "F", physical: 2, agility: 2, skill: 0, grit: 2, flesh: 0 })).toEqual(["knocked-out", "prone"]);
    expect(trackStatuses({ name: "F", physical: 2, agility: 2, skill: 0, grit: 2, flesh: -1 })).toEqual(["knocked-out", "prone", "dying"]);
  });
});

describe("a blow's Flesh at its edges", () => {
  it("a full blow that Grit holds, from an unarmed fighter, brings no Flesh: no armour is rolled and no wound is made", () => {
    const hit = strike(tracks({}), { kind: "full", level: 1, weaponFlesh: 0, criticalHit: false, armourDice: 2 }, noDice(), "armour");
    expect(hit).toMatchObject({ gritLost: 1, incomingFlesh: 0, armourFaces: [], blocks: 0, wound: null, courageTest: false });
  });

  it("extra Flesh from a dramatic advantage adds to the weapon's: 2F + 1 is a serious 3F wound", () => {
    const hit = strike(tracks({}), { kind: "full", level: 0, weaponFlesh: 2, extraFlesh: 1, criticalHit: false, armourDice: 0 }, noDice(), "armour");
    expect(hit).toMatchObject({ incomingFlesh: 3, wound: { flesh: 3 }, serious: true });
  });

  it("a serious wound bleeds only with the optional rule on (house default off)", () => {
    const blow = { kind: "full" as const, level: 0, weaponFlesh: 3, criticalHit: false, armourDice: 0 };
    expect(strike(tracks({}), blow, noDice(), "armour").wound).toEqual({ flesh: 3, critical: false, bleeding: false });
    expect(strike(tracks({}), { ...blow, seriousBleeds: true }, noDice(), "armour").wound).toEqual({ flesh: 3, critical: false, bleeding: true });
  });
});

describe("a Shield Bash's Flesh at its edges", () => {
  it("a bash that Grit holds whole makes no wound, rolls no armour and calls no courage test, even on 1 Flesh", () => {
    const tray = noDice();
    expect(shieldBash(tracks({ grit: 2, flesh: 1 }), 2, 3, tray, "armour")).toEqual({ state: tracks({ grit: 0, flesh: 1 }), gritLost: 2, transferred: 0, armourFaces: [], blocks: 0, wound: null, serious: false, courageTest: false, penaltiesBefore: 0 });
    expect(tray.rolled).toEqual([]);
  });

  it("Grit a bash spills makes a plain wound, never a critical one from the bash itself", () => {
    const bash = shieldBash(tracks({ grit: 1 }), 3, 0, noDice(), "armour");
    expect(bash).toMatchObject({ gritLost: 1, transferred: 2, wound: { flesh: 2, critical: false, bleeding: false }, serious: false, courageTest: false });
  });

  it(`${SEED} §Determine Armor Protection: Flesh a bash spills is met by the armour roll like any Flesh: 3 spilled, 2Ad {5,6} stop 2, a 1F wound`, () => {
    const tray = new DiceTray(givenFaces([5, 6]));
    const bash = shieldBash(tracks({ grit: 0 }), 3, 2, tray, "Bo armour");
    expect(bash).toMatchObject({ transferred: 3, armourFaces: [5, 6], blocks: 2, wound: { flesh: 1 }, serious: false, courageTest: false });
    expect(tray.rolled.map((die) => die.label)).toEqual(["Bo armour", "Bo armour"]);
    expect(shieldBash(tracks({ grit: 0 }), 3, 3, new DiceTray(givenFaces([5, 6, 5])), "armour")).toMatchObject({ blocks: 3, wound: null, state: tracks({ grit: 0 }) });
  });

  it("a serious wound from a bash bleeds only with the optional rule on", () => {
    expect(shieldBash(tracks({ grit: 0 }), 3, 0, noDice(), "armour").wound).toEqual({ flesh: 3, critical: false, bleeding: false });
    expect(shieldBash(tracks({ grit: 0 }), 3, 0, noDice(), "armour", true).wound).toEqual({ flesh: 3, critical: false, bleeding: true });
  });
});
