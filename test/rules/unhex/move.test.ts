import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";

const SEED = "seed 002_f7d095e3e085910d";
const move = unhexRules.actions.move!;
const door = unhexRules.actions.door!;
const run = (action: typeof move, request: Record<string, unknown>) => action.resolve(request, new DiceTray(givenFaces([])));
const ada = { name: "Ada", level: 50, pc: true };

/** A yard, a hall behind a closed door, a pit one jumps down into, and a balcony seen from the yard. */
const house = {
  name: "house",
  areas: [{ id: "yard" }, { id: "hall" }, { id: "pit" }, { id: "balcony" }],
  connections: [
    { from: "yard", to: "hall", kind: "door", open: false },
    { from: "yard", to: "pit", kind: "one-way" },
    { from: "yard", to: "balcony", kind: "sight" },
  ],
};

describe(`${SEED} §Movement: one action moves to an immediately connected area`, () => {
  it("moves one area along a solid line, spending the action", () => {
    const outcome = run(move, { mover: { ...ada, area: "entrance", budget: { available: 1, owed: 0 } }, to: "dance-floor" });
    expect(outcome.result).toEqual({ from: "entrance", to: "dance-floor", interceptors: [] });
    expect(outcome.effects).toEqual([{ participant: "Ada", changes: { "budget.available": { from: 1, to: 0 } } }]);
    expect(() => run(move, { mover: { ...ada, area: "entrance", budget: { available: 0, owed: 0 } }, to: "dance-floor" })).toThrow("no action left this round");
  });

  it("refuses a move two areas away, along a dashed line, against an arrow or through a closed door", () => {
    expect(() => run(move, { mover: { ...ada, area: "entrance" }, to: "catwalk" })).toThrow('"catwalk" is not next to "entrance"');
    expect(() => run(move, { mover: { ...ada, area: "catwalk" }, to: "dance-floor" })).toThrow("carries sight only");
    expect(() => run(move, { map: house, mover: { ...ada, area: "pit" }, to: "yard" })).toThrow('one-way, towards "pit"');
    expect(run(move, { map: house, mover: { ...ada, area: "yard" }, to: "pit" }).result).toMatchObject({ to: "pit" });
    expect(() => run(move, { map: house, mover: { ...ada, area: "yard" }, to: "hall" })).toThrow('the door between "yard" and "hall" is closed');
    expect(() => run(move, { mover: { ...ada, area: "bar" }, to: "bar" })).toThrow('already in "bar"');
  });

  it("the GM may put a character anywhere: no action, no line needed", () => {
    expect(run(move, { mover: { ...ada, area: "entrance" }, to: "catwalk", free: true }).result).toEqual({ from: "entrance", to: "catwalk", free: true, interceptors: [] });
  });

  it("source combat.adoc §Hit location: both legs full, no moving at all; out of the fight, neither", () => {
    expect(() => run(move, { mover: { ...ada, area: "bar", wounds: { "left-leg": 10, "right-leg": 10 } }, to: "pool-tables" })).toThrow("Ada cannot move: both legs are full");
    expect(() => run(move, { mover: { ...ada, level: 0, area: "bar" }, to: "pool-tables" })).toThrow("Ada is out of the fight and cannot move");
    expect(run(move, { mover: { ...ada, area: "bar", wounds: { "left-leg": 10 } }, to: "pool-tables" }).steps[0]).toMatchObject({ rule: "move", withBothHands: true });
  });

  it(`${SEED} §Intercept: enemies with the mover in range and sight and an action left may intercept, with the weapons that reach`, () => {
    const enemies = [
      { name: "Bouncer", level: 45, area: "dance-floor", weapons: ["melee"] },
      { name: "Sniper", level: 60, area: "catwalk", weapons: ["two-handed-ranged", "melee"] },
      { name: "Barman", level: 40, area: "kitchen", weapons: ["one-handed-ranged"] },
      { name: "Spent", level: 40, area: "dance-floor", weapons: ["melee"], budget: { available: 0, owed: 0 } },
      { name: "Out", level: 0, area: "dance-floor", weapons: ["melee"] },
    ];
    const outcome = run(move, { mover: { ...ada, area: "entrance" }, to: "dance-floor", enemies });
    // The mover between the entrance and the dance floor is at range 0 from the dance floor, 1 from the catwalk; the kitchen sees neither.
    expect(outcome.result).toMatchObject({ interceptors: [{ name: "Bouncer", weapons: ["melee"] }, { name: "Sniper", weapons: ["two-handed-ranged"] }] });
  });
});

describe(`${SEED} §Movement: doors take an action to open or close`, () => {
  it("a character beside the door opens it with her action; the GM needs none", () => {
    const opened = run(door, { map: house, between: ["yard", "hall"], open: true, actor: { ...ada, area: "yard", budget: { available: 1, owed: 0 } } });
    expect(opened.result).toEqual({ between: ["yard", "hall"], open: true });
    expect(opened.effects).toEqual([{ participant: "Ada", changes: { "budget.available": { from: 1, to: 0 } } }]);
    expect(run(door, { map: house, between: ["hall", "yard"], open: true }).effects).toEqual([]);
  });

  it("refuses a door that is not there, one already so, and a character not beside it", () => {
    expect(() => run(door, { map: house, between: ["yard", "pit"], open: true })).toThrow('there is no door between "yard" and "pit"');
    expect(() => run(door, { map: house, between: ["yard", "hall"], open: false })).toThrow("already closed");
    expect(() => run(door, { map: house, between: ["yard", "hall"], open: true, actor: { ...ada, area: "pit" } })).toThrow('Ada is in "pit", not beside the door');
  });
});
