/**
 * What the check, opposed, door, move and range actions show, whole: every step, every awaited
 * question with the result so far, and each participant's changes. Seed 002 (§Actions, §Movement,
 * §Range) and RULINGS.md unhex (§Roll, §Opposed).
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";

const run = (name: string, request: Record<string, unknown>, ...faces: number[]) => unhexRules.actions[name]!.resolve(request, new DiceTray(givenFaces(faces)));
const roll = (who: string, label: string, tens: number, units: number, level: number, grade: string) => ({ rule: "percentile-roll", who, roll: label, tens, units, reading: tens * 10 + units, level, grade });
const ines = { name: "Ines", level: 50, pc: true };
const thug = { name: "Thug", level: 45 };

describe("RULINGS.md unhex §Roll: the check's card", () => {
  it("a plain success: the roll, the reading, and nothing happens to the roller's actions", () => {
    const outcome = run("check", { character: ines }, 2, 5);
    expect(outcome.steps).toEqual([roll("Ines", "check", 2, 5, 50, "success")]);
    expect(outcome.result).toEqual({ success: true, grade: "success", reading: 25, tens: 2, units: 5 });
    expect(outcome.effects).toEqual([]);
  });

  it("a good roller's reroll is asked with the reading so far; keeping the dice is shown", () => {
    const asked = run("check", { character: { ...ines, good: true } }, 7, 5);
    expect(asked.result).toEqual({ reading: 75, grade: "failure" });
    expect(asked.steps).toEqual([roll("Ines", "check", 7, 5, 50, "failure")]);
    const kept = run("check", { character: { ...ines, good: true }, reroll: "none" }, 7, 5);
    expect(kept.steps).toEqual([roll("Ines", "check", 7, 5, 50, "failure"), { rule: "good-no-reroll", who: "Ines", roll: "check" }]);
  });

  it("a reroll rolls the named die again under the roller's name", () => {
    const outcome = run("check", { character: { ...ines, good: true }, reroll: "tens" }, 7, 5, 2);
    expect(outcome.dice.map((die) => die.label)).toEqual(["Ines check tens", "Ines check units", "Ines check tens reroll"]);
    expect(outcome.steps.at(-1)).toEqual({ rule: "good-reroll", who: "Ines", roll: "check", tens: 2, units: 5, reading: 25, level: 50, grade: "success", dice: "tens" });
  });

  it("a critical success's choice is shown: the extra action, or the dice set (from what to what)", () => {
    const extra = run("check", { character: ines, critical: "extra-action" }, 2, 2);
    expect(extra.steps.at(-1)).toEqual({ rule: "critical-extra-action", who: "Ines", roll: "check" });
    expect(extra.effects).toEqual([{ participant: "Ines", changes: {}, statuses: ["extra-action"] }]);
    const set = run("check", { character: ines, critical: { set: 39 } }, 2, 2);
    expect(set.steps.at(-1)).toEqual({ rule: "critical-set-dice", who: "Ines", roll: "check", from: 22, reading: 39, tens: 3, units: 9 });
  });

  it("choices the dice made moot change nothing and ask nothing: a reroll of a critical failure, a critical's choice for a plain roll", () => {
    const fumble = run("check", { character: { ...ines, good: true }, reroll: "tens" }, 8, 8);
    expect(fumble.awaiting).toBeUndefined();
    expect(fumble.result).toMatchObject({ grade: "critical-failure", reading: 88 });
    const plain = run("check", { character: ines, critical: "extra-action" }, 2, 5);
    expect(plain.awaiting).toBeUndefined();
    expect(plain.effects).toEqual([]);
  });

  it("rolling exactly the level with no max level given: the dice may be set up to the level", () => {
    expect(run("check", { character: { name: "Ines", level: 37 } }, 3, 7).awaiting?.offer).toEqual({ kind: "critical", who: "Ines", reading: 37, max: 37 });
  });

  it("a critical failure costs the next action in combat (the default), not outside it", () => {
    const fumble = run("check", { character: ines }, 8, 8);
    expect(fumble.steps.at(-1)).toEqual({ rule: "critical-failure-loses-next-action", who: "Ines", roll: "check" });
    expect(fumble.effects).toEqual([{ participant: "Ines", changes: {}, statuses: ["loses-next-action"] }]);
    const calm = run("check", { character: ines, inCombat: false }, 8, 8);
    expect(calm.steps).toEqual([roll("Ines", "check", 8, 8, 50, "critical-failure")]);
    expect(calm.effects).toEqual([]);
  });
});

describe("RULINGS.md unhex §Opposed: the opposed roll's card", () => {
  it("a rolls, and b's own roll is awaited with a's reading", () => {
    const outcome = run("opposed", { a: ines, b: thug }, 2, 5);
    expect(outcome.dice.map((die) => die.label)).toEqual(["Ines opposed tens", "Ines opposed units"]);
    expect(outcome.steps).toEqual([roll("Ines", "opposed", 2, 5, 50, "success")]);
    expect(outcome.result).toEqual({ a: 25 });
    expect(outcome.awaiting).toEqual({ choice: "roll", by: "b", offer: { who: "Thug" } });
  });

  it("both rolls, the compare and the winner; nobody's actions change", () => {
    const outcome = run("opposed", { a: ines, b: thug, roll: true }, 2, 5, 3, 1);
    expect(outcome.dice.map((die) => die.label)).toEqual(["Ines opposed tens", "Ines opposed units", "Thug opposed tens", "Thug opposed units"]);
    expect(outcome.steps).toEqual([roll("Ines", "opposed", 2, 5, 50, "success"), roll("Thug", "opposed", 3, 1, 45, "success"), { rule: "opposed-compare", a: 25, b: 31, winner: "b" }]);
    expect(outcome.result).toEqual({ winner: "Thug", side: "b", tie: false });
    expect(outcome.effects).toEqual([
      { participant: "Ines", changes: {} },
      { participant: "Thug", changes: {} },
    ]);
  });

  it("a failed side has no reading in the compare; both failing is a tie with no winner", () => {
    const outcome = run("opposed", { a: ines, b: thug, roll: true }, 7, 5, 9, 1);
    expect(outcome.steps.at(-1)).toEqual({ rule: "opposed-compare", a: null, b: null, winner: "none" });
    expect(outcome.result).toEqual({ winner: null, side: null, tie: true });
  });

  it("equal successes: the PC wins whichever side she rolls on", () => {
    expect(run("opposed", { a: ines, b: thug, roll: true }, 3, 10, 3, 10).result).toEqual({ winner: "Ines", side: "a", tie: false });
    expect(run("opposed", { a: thug, b: ines, roll: true }, 3, 10, 3, 10).result).toEqual({ winner: "Ines", side: "b", tie: false });
  });

  it("each side's reroll and critical are asked under its own key, with both readings so far", () => {
    const reroll = run("opposed", { a: ines, b: { ...thug, good: true }, roll: true }, 2, 5, 3, 1);
    expect(reroll.result).toEqual({ a: 25, b: 31 });
    expect(reroll.steps).toEqual([roll("Ines", "opposed", 2, 5, 50, "success"), roll("Thug", "opposed", 3, 1, 45, "success")]);
    expect(reroll.awaiting).toEqual({ choice: "rerolls.b", by: "b", offer: { kind: "reroll", who: "Thug", reading: 31, grade: "success", choices: ["none", "tens", "units", "both"] } });
    expect(run("opposed", { a: ines, b: thug, roll: true }, 2, 2).awaiting).toMatchObject({ choice: "criticals.a", by: "a" });
  });

  it("seed 002 §Initiative (rolling order, RULINGS): a good a decides her reroll before b rolls, seeing no die of b's", () => {
    // Fails on the main of issue 24, where a was asked only after b's 31 was rolled.
    const goodA = { a: { ...ines, good: true }, b: thug };
    for (const request of [goodA, { ...goodA, roll: true }]) {
      const asked = run("opposed", request, 2, 5);
      expect(asked.dice.map((die) => die.label)).toEqual(["Ines opposed tens", "Ines opposed units"]);
      expect(asked.steps).toEqual([roll("Ines", "opposed", 2, 5, 50, "success")]);
      expect(asked.result).toEqual({ a: 25 });
      expect(asked.awaiting).toMatchObject({ choice: "rerolls.a", by: "a", offer: { reading: 25 } });
    }
    // Her choice made, b is asked to roll; her reroll's die comes before b's.
    expect(run("opposed", { ...goodA, rerolls: { a: "tens" } }, 2, 5, 4).awaiting).toEqual({ choice: "roll", by: "b", offer: { who: "Thug" } });
    const done = run("opposed", { ...goodA, rerolls: { a: "tens" }, roll: true }, 2, 5, 4, 3, 1);
    expect(done.dice.map((die) => die.label)).toEqual(["Ines opposed tens", "Ines opposed units", "Ines opposed tens reroll", "Thug opposed tens", "Thug opposed units"]);
    expect(done.result).toEqual({ winner: "Ines", side: "a", tie: false });
  });

  it("rolling order holds for a's critical too: she takes the extra action or sets the dice before b rolls", () => {
    const asked = run("opposed", { a: ines, b: thug, roll: true }, 2, 2);
    expect(asked.awaiting).toEqual({ choice: "criticals.a", by: "a", offer: { kind: "critical", who: "Ines", reading: 22, max: 50 } });
    expect(asked.dice).toHaveLength(2);
    expect(run("opposed", { a: ines, b: thug, criticals: { a: { set: 50 } } }, 2, 2).awaiting).toMatchObject({ choice: "roll", by: "b" });
  });

  it("in combat (the default) a critical failure costs its roller the next action; outside combat it does not", () => {
    expect(run("opposed", { a: ines, b: thug, roll: true }, 8, 8, 3, 1).effects).toEqual([
      { participant: "Ines", changes: {}, statuses: ["loses-next-action"] },
      { participant: "Thug", changes: {} },
    ]);
    expect(run("opposed", { a: ines, b: thug, roll: true, inCombat: false }, 8, 8, 3, 1).effects[0]).toEqual({ participant: "Ines", changes: {} });
  });
});

/** A yard and a hall with a shut door between them, and a pit off the yard. */
const house = {
  areas: [{ id: "yard" }, { id: "hall" }, { id: "pit" }],
  connections: [
    { from: "yard", to: "hall", kind: "door", open: false },
    { from: "yard", to: "pit", kind: "two-way" },
  ],
};

describe("seed 002 §Movement: the door's card", () => {
  const between = ["yard", "hall"];

  it("the GM opens it: no one acts, no one pays", () => {
    expect(run("door", { map: house, between, open: true })).toEqual({ dice: [], steps: [{ rule: "open-door", who: null, between }], result: { between, open: true }, effects: [] });
  });

  it("a character beside it on either side opens it with her action", () => {
    const outcome = run("door", { map: house, between, open: true, actor: { ...ines, area: "hall", budget: { available: 1, owed: 0 } } });
    expect(outcome.steps).toEqual([{ rule: "open-door", who: "Ines", between }]);
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { "budget.available": { from: 1, to: 0 } } }]);
    expect(run("door", { map: house, between, open: true, actor: { ...ines, area: "yard" } }).effects).toEqual([{ participant: "Ines", changes: {} }]);
  });

  it("shutting an open door is shown as a shut", () => {
    const open = { ...house, connections: [{ ...house.connections[0], open: true }, house.connections[1]] };
    expect(run("door", { map: open, between, open: false }).steps).toEqual([{ rule: "shut-door", who: null, between }]);
    expect(run("door", { map: open, between, open: false, actor: { ...ines, area: "yard" } }).steps).toEqual([{ rule: "shut-door", who: "Ines", between }]);
  });

  it("refuses a door already as asked, a character out of the fight, and one not beside it", () => {
    expect(() => run("door", { map: house, between, open: false })).toThrow('the door between "yard" and "hall" is already closed');
    expect(() => run("door", { map: house, between, open: true, actor: { ...ines, level: 0, area: "yard" } })).toThrow("Ines is out of the fight and cannot work a door");
    expect(() => run("door", { map: house, between, open: true, actor: { ...ines, area: "pit" } })).toThrow('Ines is in "pit", not beside the door');
  });
});

describe("seed 002 §Movement and the source's Intercept: the move's card", () => {
  it("the GM's placement is shown as such", () => {
    expect(run("move", { mover: { ...ines, area: "entrance" }, to: "catwalk", free: true })).toEqual({
      dice: [],
      steps: [{ rule: "placed", who: "Ines", from: "entrance", to: "catwalk" }],
      result: { from: "entrance", to: "catwalk", free: true, interceptors: [] },
      effects: [],
    });
  });

  it("the move, then who may intercept, each named with her id when she has one", () => {
    const enemies = [
      { ...thug, id: "t1", area: "dance-floor", weapons: ["melee"] },
      { name: "Lookout", level: 40, area: "dance-floor", weapons: ["one-handed-ranged"] },
    ];
    const outcome = run("move", { mover: { ...ines, area: "entrance" }, to: "dance-floor", enemies });
    expect(outcome.steps).toEqual([
      { rule: "move", who: "Ines", from: "entrance", to: "dance-floor" },
      { rule: "may-intercept", interceptors: ["Thug", "Lookout"] },
    ]);
    // Strictly: an enemy without an id has no id key at all.
    expect(outcome.result).toStrictEqual({
      from: "entrance",
      to: "dance-floor",
      interceptors: [
        { name: "Thug", id: "t1", weapons: ["melee"] },
        { name: "Lookout", weapons: ["one-handed-ranged"] },
      ],
    });
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: {} }]);
  });
});

describe("seed 002 §Range, §Line of Sight, §Cover: the map query's card", () => {
  it("from the dance floor into the bar: range 1, in sight, in cover, one move away; melee cannot reach", () => {
    const outcome = run("range", { from: "dance-floor", to: "bar" });
    expect(outcome.steps).toEqual([
      { rule: "range", range: 1 },
      { rule: "line-of-sight", lineOfSight: true },
      { rule: "cover", cover: true, value: 1 },
      { rule: "movement", moves: 1 },
    ]);
    expect(outcome.result).toEqual({
      range: 1,
      lineOfSight: true,
      cover: true,
      movement: { moves: 1, path: ["dance-floor", "bar"] },
      attacks: { melee: "range 1 is beyond a melee attack's 0", "one-handed-ranged": true, "two-handed-ranged": true },
    });
    expect(outcome.effects).toEqual([]);
    expect(run("range", { map: "nightclub", from: "dance-floor", to: "bar" })).toEqual(outcome);
  });

  it("seed 002 §Movement: a trip of two Areas is two Moves, one action each, never a Run (a word Unhex does not have)", () => {
    // Fails on the main of issue 24, which called it kind "run".
    const outcome = run("range", { from: "entrance", to: "pool-tables" });
    expect(outcome.steps.at(-1)).toEqual({ rule: "movement", moves: 2 });
    expect(outcome.result.movement).toEqual({ moves: 2, path: ["entrance", "dance-floor", "pool-tables"] });
    expect(JSON.stringify(outcome)).not.toMatch(/\brun\b/i);
    // Same area: no Move; the catwalk from the dance floor: through the DJ booth (the dashed line is sight only).
    expect(run("range", { from: "bar", to: "bar" }).result.movement).toEqual({ moves: 0, path: ["bar"] });
    expect(run("range", { from: "dance-floor", to: "catwalk" }).result.movement).toEqual({ moves: 2, path: ["dance-floor", "dj-booth", "catwalk"] });
    expect(JSON.stringify(run("range", { from: "entrance", to: "catwalk" }).result.movement)).toBe('{"moves":3,"path":["entrance","dance-floor","dj-booth","catwalk"]}');
  });

  it("an area nobody can walk to gives no Moves and no path", () => {
    const map = { areas: [{ id: "roof" }, { id: "street" }], connections: [{ from: "roof", to: "street", kind: "sight" }] };
    expect(run("range", { map, from: "street", to: "roof" }).result.movement).toEqual({ moves: null, path: null });
  });

  it("to a mover: the smaller range, under its own rule name; an unknown area to move to is refused", () => {
    expect(run("range", { from: "entrance", to: "catwalk", movingTo: "dance-floor" }).steps[0]).toEqual({ rule: "range-to-mover", range: 1 });
    expect(() => run("range", { from: "entrance", to: "catwalk", movingTo: "roof" })).toThrow('unknown area "roof"');
  });
});
