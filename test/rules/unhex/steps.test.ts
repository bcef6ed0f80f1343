/**
 * The attack as a table plays it, one awaited step at a time: the target's reaction declared
 * before any die, the attacker's own roll, each good roller's reroll, each critical's choice, the
 * damage split by whoever picks, and where an intercepted mover stops. Each partial request is
 * what a card holds between two clicks.
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";

const SEED = "seed 002_f7d095e3e085910d";
const attack = unhexRules.actions.attack!;
const resolve = (request: Record<string, unknown>, ...faces: number[]) => attack.resolve({ options: { boxesPerRow: 3 }, ...request }, new DiceTray(givenFaces(faces)));
const guard = { name: "Guard", level: 50 };
const ada = { name: "Ada", level: 50, pc: true };
const inBar = { attacker: { ...guard, area: "bar", weapon: "melee" }, target: { ...ada, area: "bar" } };

describe(`${SEED} §Actions: no reacting to a reaction (the fix)`, () => {
  it("the issue's request: a mover being intercepted cannot counterattack (the old rules accepted it)", () => {
    const request = {
      ruleset: "unhex",
      attacker: { name: "Guard", level: 50, area: "dance-floor", weapon: "melee" },
      target: { name: "Ada", level: 50, pc: true, moving: { from: "dance-floor", to: "pool-tables" } },
      reaction: { kind: "counterattack", weapon: "melee" },
    };
    const { ruleset: _ruleset, ...rules } = request;
    expect(() => attack.resolve(rules, new DiceTray(givenFaces([2, 4, 3, 5])))).toThrow("you cannot react to a reaction");
    expect(() => resolve({ ...rules, reaction: "defend" }, 2, 4, 3, 5)).toThrow("you cannot react to a reaction");
  });

  it("an intercepted mover is offered no reaction: the interceptor's roll is made at once", () => {
    const outcome = resolve({ attacker: { ...guard, area: "dance-floor", weapon: "melee" }, target: { ...ada, moving: { from: "dance-floor", to: "pool-tables" } }, damageDie: "tens" }, 2, 4);
    expect(outcome.awaiting).toBeUndefined();
    expect(outcome.result).toMatchObject({ hit: true, damage: 2, location: "torso" });
  });
});

describe(`${SEED} §Actions: a reaction is declared before the dice, and the attacker rolls her own`, () => {
  it("opening the attack rolls nothing and asks the target, who may Defend, Counterattack or let it be", () => {
    const opened = resolve(inBar);
    expect(opened.dice).toEqual([]);
    expect(opened.awaiting).toEqual({ choice: "reaction", by: "target", offer: { who: "Ada", reactions: ["none", "defend", "counterattack"] } });
  });

  it("a Defend is rolled as it is declared; then the attacker's roll is awaited", () => {
    const declared = resolve({ ...inBar, reaction: "defend" }, 4, 1);
    expect(declared.dice.map((d) => d.label)).toEqual(["Ada defend tens", "Ada defend units"]);
    expect(declared.awaiting).toEqual({ choice: "roll", by: "attacker", offer: { who: "Guard" } });
    const none = resolve({ ...inBar, reaction: "none" });
    expect(none.dice).toEqual([]);
    expect(none.awaiting).toMatchObject({ choice: "roll", by: "attacker" });
  });
});

describe("source dice.adoc §Good rolls: a good roller may reroll after seeing any result", () => {
  it("a good attacker who hit with 21 against a Defend of 41 rerolls both dice to win", () => {
    const request = { attacker: { ...guard, area: "bar", weapon: "melee", good: true }, target: { ...ada, area: "bar" }, reaction: "defend", roll: true };
    // Defence 41, attack 21: both succeed and the defence would win.
    expect(resolve(request, 4, 1, 2, 1).awaiting).toEqual({ choice: "rerolls.attacker", by: "attacker", offer: { kind: "reroll", who: "Guard", reading: 21, grade: "success", choices: ["none", "tens", "units", "both"] } });
    const rerolled = resolve({ ...request, rerolls: { attacker: "both" }, damageDie: "tens" }, 4, 1, 2, 1, 4, 7);
    expect(rerolled.result).toMatchObject({ hit: true, defended: false, damage: 4, location: "left-arm" });
    const kept = resolve({ ...request, rerolls: { attacker: "none" } }, 4, 1, 2, 1);
    expect(kept.result).toMatchObject({ hit: false, defended: true });
  });

  it("seed 002 (rolling order, RULINGS): the defender, good at Defend, rolls first and chooses her reroll before the attacker rolls", () => {
    // Fails on the main of issue 24, where she chose after seeing the attacker's 43.
    const request = { attacker: { ...guard, area: "bar", weapon: "melee", good: true }, target: { ...ada, area: "bar", good: true }, reaction: "defend", roll: true };
    const asked = resolve(request, 4, 1);
    expect(asked.dice.map((d) => d.label)).toEqual(["Ada defend tens", "Ada defend units"]);
    expect(asked.awaiting).toMatchObject({ choice: "rerolls.target", by: "target", offer: { reading: 41 } });
    // What she sees: the reach, her reaction and her own roll; no attack yet.
    expect(asked.steps.map((step) => step.rule)).toEqual(["reach", "reaction", "percentile-roll"]);
    expect(asked.steps[2]).toMatchObject({ who: "Ada", roll: "defend", reading: 41 });
    expect(asked.result).toEqual({ reaction: "defend" });
    // Without the attacker's roll sent, her choice comes first too.
    expect(resolve({ ...request, roll: undefined }, 4, 1).awaiting).toMatchObject({ choice: "rerolls.target" });
    expect(resolve({ ...request, roll: undefined, rerolls: { target: "none" } }, 4, 1).awaiting).toMatchObject({ choice: "roll", by: "attacker" });
    const attacked = resolve({ ...request, rerolls: { target: "units" } }, 4, 1, 5, 4, 3);
    expect(attacked.dice.map((d) => d.label)).toEqual(["Ada defend tens", "Ada defend units", "Ada defend units reroll", "Guard attack tens", "Guard attack units"]);
    expect(attacked.awaiting).toMatchObject({ choice: "rerolls.attacker", by: "attacker", offer: { reading: 43 } });
  });
});

describe(`${SEED} §Defend and §Counterattack: a reaction's critical success offers either choice (the fix)`, () => {
  it("a Defend rolling doubles may set the dice to beat the attack instead of taking the extra action", () => {
    // Defence 22 (critical), attack 45: the defender sets her dice to 50 and wins.
    const request = { ...inBar, reaction: "defend", roll: true };
    expect(resolve(request, 2, 2, 4, 5).awaiting).toEqual({ choice: "criticals.target", by: "target", offer: { kind: "critical", who: "Ada", reading: 22, max: 50 } });
    expect(resolve({ ...request, criticals: { target: { set: 50 } } }, 2, 2, 4, 5).result).toMatchObject({ hit: false, defended: true });
    const extra = resolve({ ...request, criticals: { target: "extra-action" }, damageDie: "tens" }, 2, 2, 4, 5);
    expect(extra.result).toMatchObject({ hit: true, defended: false });
    expect(extra.effects[1]?.statuses).toContain("extra-action");
  });

  it("a Counterattack rolling doubles may set its dice for the damage and location it wants", () => {
    const request = { ...inBar, reaction: "counterattack", roll: true, damageDie: "tens" };
    const counter = resolve({ ...request, criticals: { target: { set: 49 } }, counterDamageDie: "units" }, 3, 3, 1, 2);
    expect(counter.result).toMatchObject({ counterattack: { hit: true, damage: 9, location: "torso" } });
  });
});

describe(`${SEED} §Attack and §Cover: who splits the dice`, () => {
  it("a counterattack's dice are split by the counterattacker, or by the attacker she hits when he holds a shield", () => {
    const request = { ...inBar, reaction: "counterattack", roll: true, damageDie: "tens" };
    expect(resolve(request, 3, 8, 2, 4).awaiting).toMatchObject({ choice: "counterDamageDie", by: "target", offer: { hit: "Guard" } });
    const shielded = { ...request, attacker: { ...inBar.attacker, shield: true } };
    expect(resolve(shielded, 3, 8, 2, 4).awaiting).toMatchObject({ choice: "counterDamageDie", by: "attacker" });
  });

  it("source combat.adoc §Intercept: when the hit stops the mover, the interceptor says where", () => {
    const request = { attacker: { ...guard, area: "dance-floor", weapon: "melee" }, target: { ...ada, moving: { from: "dance-floor", to: "bar" }, wounds: { "right-leg": 3 } }, damageDie: "units" };
    expect(resolve(request, 2, 4).awaiting).toEqual({ choice: "stopIn", by: "attacker", offer: { areas: ["dance-floor", "bar"] } });
    expect(resolve({ ...request, stopIn: "bar" }, 2, 4).result).toMatchObject({ stopsIn: "bar" });
    expect(() => resolve({ ...request, stopIn: "kitchen" }, 2, 4)).toThrow('the mover stops in "dance-floor" or "bar", not "kitchen"');
  });
});
