/**
 * Seed 002 §Rounds: combat ends when only one team has characters left who have not surrendered,
 * gone unconscious or retreated, or when a GM-specified objective is met. Before issue 24 only
 * Foundry's tracker could tell; this is the rules' test, which the tracker now calls.
 */
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { combatEnd, outOfFight } from "../../../src/rules/unhex/combatEnd.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { optionsOf } from "../../../src/rules/unhex/requests.js";

const SEED = "seed 002_f7d095e3e085910d";
const end = unhexRules.actions["combat-end"]!;
const run = (request: Record<string, unknown>) => end.resolve(request, new DiceTray(givenFaces([])));
const ines = { name: "Ines", level: 40, pc: true };
const raf = { name: "Raf", level: 30, pc: true };
const thug = { name: "Thug", level: 25 };
const boss = { name: "Boss", level: 45 };

describe(`${SEED} §Rounds: the end of combat`, () => {
  it("both teams have someone standing: the fight goes on", () => {
    const outcome = run({ teams: [{ name: "PCs", members: [ines] }, { name: "NPCs", members: [thug] }] });
    expect(outcome.steps).toEqual([{ rule: "teams-standing", teams: ["PCs", "NPCs"] }, { rule: "combat-goes-on" }]);
    expect(outcome.result).toEqual({ over: false, by: null, standing: ["PCs", "NPCs"], winner: null });
    expect(outcome.effects).toEqual([]);
    expect(outcome.dice).toEqual([]);
  });

  it("the NPCs surrendered, retreated or went unconscious: only the PCs stand and the fight is over", () => {
    const outcome = run({
      teams: [
        { name: "PCs", members: [ines, { ...raf, level: 0 }] },
        { name: "NPCs", members: [{ ...thug, out: "surrendered" }, { ...boss, out: "retreated" }, { name: "Lookout", level: 30, wounds: { head: 5 } }] },
      ],
    });
    expect(outcome.steps).toEqual([
      { rule: "out-of-fight", team: "PCs", who: "Raf", why: "unconscious" },
      { rule: "out-of-fight", team: "NPCs", who: "Thug", why: "surrendered" },
      { rule: "out-of-fight", team: "NPCs", who: "Boss", why: "retreated" },
      { rule: "out-of-fight", team: "NPCs", who: "Lookout", why: "unconscious" },
      { rule: "teams-standing", teams: ["PCs"] },
      { rule: "combat-ends", by: "one-team-standing" },
    ]);
    expect(outcome.result).toEqual({ over: true, by: "one-team-standing", standing: ["PCs"], winner: "PCs" });
  });

  it("nobody left standing on either side ends it too, with no winner; the dead are out", () => {
    const outcome = run({ teams: [{ name: "PCs", members: [{ ...ines, level: -3 }] }, { name: "NPCs", members: [{ ...thug, out: "defeated" }] }] });
    expect(outcome.steps.slice(0, 2)).toEqual([
      { rule: "out-of-fight", team: "PCs", who: "Ines", why: "dead" },
      { rule: "out-of-fight", team: "NPCs", who: "Thug", why: "defeated" },
    ]);
    expect(outcome.result).toEqual({ over: true, by: "no-team-standing", standing: [], winner: null });
  });

  it("a GM-specified objective met ends it while both teams stand", () => {
    const teams = [{ name: "PCs", members: [ines] }, { name: "NPCs", members: [thug] }];
    expect(run({ teams, objectiveMet: true }).result).toEqual({ over: true, by: "objective", standing: ["PCs", "NPCs"], winner: null });
    expect(run({ teams, objectiveMet: false }).result).toMatchObject({ over: false });
    // One team left is the reason given even with the objective met.
    expect(run({ teams: [teams[0]!, { name: "NPCs", members: [{ ...thug, out: "retreated" }] }], objectiveMet: true }).result).toMatchObject({ over: true, by: "one-team-standing" });
  });

  it("more teams: the fight goes on while two of them stand", () => {
    const teams = [{ name: "PCs", members: [{ ...ines, out: "unconscious" }] }, { name: "Cops", members: [boss] }, { name: "Gang", members: [thug] }];
    expect(run({ teams }).result).toEqual({ over: false, by: null, standing: ["Cops", "Gang"], winner: null });
  });

  it("the table's word beats the sheet: a character marked out is out whatever her level; the house unconscious level counts", () => {
    const options = optionsOf({ unconsciousLevel: 9 });
    expect(outOfFight({ name: "x", level: 50, maxLevel: 50, pc: true, wounds: {}, out: "surrendered" }, options)).toBe("surrendered");
    expect(outOfFight({ name: "x", level: 9, maxLevel: 50, pc: true, wounds: {} }, options)).toBe("unconscious");
    expect(outOfFight({ name: "x", level: 10, maxLevel: 50, pc: true, wounds: {} }, options)).toBeNull();
    expect(run({ teams: [{ name: "PCs", members: [{ ...ines, level: 9 }] }, { name: "NPCs", members: [thug] }], options: { unconsciousLevel: 9 } }).result).toMatchObject({ over: true, winner: "NPCs" });
  });

  it("two teams of one name are refused; a team of nobody stands for nobody", () => {
    expect(() => run({ teams: [{ name: "PCs", members: [ines] }, { name: "PCs", members: [thug] }] })).toThrow('team "PCs" is listed twice');
    const member = { ...thug, maxLevel: 25, pc: false, wounds: {} };
    expect(combatEnd([{ name: "A", members: [member] }, { name: "B", members: [member] }], optionsOf(undefined))).toEqual({ over: false, by: null, standing: ["A", "B"], out: [] });
    expect(combatEnd([{ name: "PCs", members: [] }, { name: "NPCs", members: [{ ...thug, maxLevel: 25, pc: false, wounds: {} }] }], optionsOf(undefined))).toEqual({ over: true, by: "one-team-standing", standing: ["NPCs"], out: [] });
  });

  it("the request's shape: 1 to 8 teams, at most 1000 members each (a tracker's whole team), the four words of being out", () => {
    const accepts = (request: Record<string, unknown>) => Value.Check(end.request, request);
    const team = (members: unknown[] = [ines]) => ({ name: "PCs", members });
    expect(accepts({ teams: [team()] })).toBe(true);
    expect(accepts({ teams: [] })).toBe(false);
    expect(accepts({ teams: Array.from({ length: 8 }, () => team()) })).toBe(true);
    expect(accepts({ teams: Array.from({ length: 9 }, () => team()) })).toBe(false);
    expect(accepts({ teams: [team(Array.from({ length: 1000 }, () => ines))] })).toBe(true);
    expect(accepts({ teams: [team(Array.from({ length: 1001 }, () => ines))] })).toBe(false);
    for (const out of ["surrendered", "retreated", "unconscious", "defeated"]) expect(accepts({ teams: [team([{ ...ines, out }])] })).toBe(true);
    expect(accepts({ teams: [team([{ ...ines, out: "fled" }])] })).toBe(false);
    expect(accepts({ teams: [{ name: "", members: [] }] })).toBe(false);
    expect(accepts({ teams: [{ name: "x".repeat(201), members: [] }] })).toBe(false);
    expect(accepts({ teams: [team()], winner: "PCs" })).toBe(false);
  });
});
