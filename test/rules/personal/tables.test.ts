import { describe, expect, it } from "vitest";
import { ACTIONS, FALLEN_FATES, IGNORE, ZONES } from "../../../src/rules/personal/lists.js";
import { personalRules } from "../../../src/rules/personal/index.js";
import { personalOptions } from "../../../src/rules/personal/options.js";
import { run } from "./helpers.js";

// Fray's house lists for the seed's cut-off ones (RULINGS: editable compendium data), read through
// the actions that use them, and the words each action and option gives of itself.

describe("seed 003 §Ranges and Zones, §The Turn: the house lists", () => {
  const turn = (fields: Record<string, unknown>) => () => run("turn", { character: { name: "Ines" }, actions: [], ...fields });

  it("seed 003 §Ranges and Zones: the zones run Engaged, Near, Far, Distant, each one band from the next", () => {
    expect(ZONES).toEqual(["Engaged", "Near", "Far", "Distant"]);
    for (let i = 1; i < ZONES.length; i += 1) expect(turn({ move: { from: ZONES[i - 1], to: ZONES[i] } })().result).toEqual({ valid: true });
    expect(turn({ move: { from: "Engaged", to: "Far" } })).toThrow(/A Move goes one range band/);
    expect(turn({ move: { from: "Near", to: "Distant" } })).toThrow(/A Move goes one range band/);
  });

  it("seed 003 §The Turn: the Actions are Attack, Aid, Defend, Use Item and Prepare", () => {
    expect(ACTIONS).toEqual(["Attack", "Aid", "Defend", "Use Item", "Prepare"]);
    for (const name of ACTIONS) expect(turn({ actions: [{ name }] })().result).toEqual({ valid: true });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the Fallen Fates, and which end her part in the fight", () => {
    expect(FALLEN_FATES.map((f) => [f.name, f.outOfFight])).toEqual([
      ["Knocked Out", true],
      ["Maimed", false],
      ["Broken Gear", false],
      ["Captured", true],
      ["Shaken", false],
      ["Slain", true],
    ]);
    const character = { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 1, control: 0 };
    for (const fate of FALLEN_FATES) expect(run("fate", { character, damage: 2, choice: fate.name }).result).toMatchObject({ fate: fate.name, out: fate.outOfFight });
    expect(IGNORE).toBe("ignore");
  });
});

describe("every action and house option says what it does", () => {
  it("seed 003: the ruleset calls its game by the seed's title, Personal Combat", () => {
    expect(personalRules.game).toBe("Personal Combat");
  });

  it("each action has a summary in words", () => {
    for (const [name, action] of Object.entries(personalRules.actions)) expect(action.summary, name).toMatch(/^\S+( \S+){4,}/);
  });

  it("each house option has a summary in words", () => {
    for (const [name, option] of Object.entries(personalOptions)) expect(option.summary, name).toMatch(/^\S+( \S+){4,}/);
  });
});
