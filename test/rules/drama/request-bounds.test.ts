/**
 * The bounds of every number a drama request carries, each met at both edges: the last value allowed
 * beside the first refused. A fighter's attributes and pools, a Dramatic stance's modifiers, a courage
 * test's modifiers and each participant's choices at the table.
 */
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { MELEE_SITUATIONS } from "../../../src/rules/drama/tables.js";
import { dramaRules } from "../../../src/rules/drama/index.js";

function accepts(action: string, request: unknown): boolean {
  const definition = dramaRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return Value.Check(definition.request, request);
}

const fighter = (over: Record<string, unknown> = {}) => ({ name: "A", physical: 2, agility: 2, skill: 1, grit: 3, flesh: 6, ...over });
const melee = (a: Record<string, unknown>, top: Record<string, unknown> = {}) => ({ a: fighter(a), b: fighter({ name: "B" }), ...top });

/** [lowest allowed, highest allowed] of each field, met at both edges and one step beyond each. */
function edges(at: (value: number) => unknown, action: string, [low, high]: readonly [number, number]): boolean[] {
  return [low - 1, low, high, high + 1].map((value) => accepts(action, at(value)));
}
const ALLOWED_AT_EDGES = [false, true, true, false];

describe("drama request bounds: a fighter", () => {
  const bounds = {
    level: [0, 20],
    physical: [0, 10],
    agility: [0, 10],
    skill: [0, 10],
    grit: [0, 40],
    maxGrit: [0, 40],
    flesh: [-40, 40],
    maxFlesh: [1, 40],
    otherPenalties: [0, 40],
    harness: [0, 40],
    military: [0, 10],
    militaryAsArmour: [0, 10],
    situationalBase: [0, 40],
    situationalResistance: [0, 40],
    situationalArmour: [0, 40],
    drama: [0, 10],
    dramaPoints: [0, 20],
    roundsOut: [0, 10],
  } as const;
  it.each(Object.entries(bounds))("%s runs from %j", (field, range) => {
    expect(edges((value) => melee({ [field]: value }), "melee", range)).toEqual(ALLOWED_AT_EDGES);
  });

  it("a wound takes 1 to 40 Flesh", () => {
    expect(edges((flesh) => melee({ wounds: [{ flesh, critical: false }] }), "melee", [1, 40])).toEqual(ALLOWED_AT_EDGES);
  });

  it("a Dramatic stance's agreed modifiers: Base, Resistance, armour and Momentum -20 to +20, Drama dice -10 to +10", () => {
    for (const [field, range] of [["base", [-20, 20]], ["resistance", [-20, 20]], ["armour", [-20, 20]], ["momentum", [-20, 20]], ["drama", [-10, 10]]] as const) {
      expect(edges((value) => melee({ dramatic: { [field]: value } }), "melee", range), field).toEqual(ALLOWED_AT_EDGES);
    }
  });

  it("a fighter's own courage modifiers: Base and Resistance -20 to +20, Drama dice 0 to 10", () => {
    for (const [field, range] of [["base", [-20, 20]], ["resistance", [-20, 20]], ["drama", [0, 10]]] as const) {
      expect(edges((value) => melee({ courage: { [field]: value } }), "melee", range), field).toEqual(ALLOWED_AT_EDGES);
    }
  });
});

describe("drama request bounds: the choices at the table", () => {
  it("a Dramatic stance declared on the card carries the same modifiers", () => {
    for (const [field, range] of [["base", [-20, 20]], ["drama", [-10, 10]]] as const) {
      expect(edges((value) => melee({}, { aStance: { stance: "press", dramatic: { [field]: value } } }), "melee", range), field).toEqual(ALLOWED_AT_EDGES);
    }
  });

  it("a pool choice: situational Base, Resistance and armour dice 0 to 20, military dice as armour 0 to 10, Drama dice 0 to 10, Drama Points spent 0 to 20", () => {
    for (const [field, range] of [["base", [0, 20]], ["resistance", [0, 20]], ["armour", [0, 20]], ["militaryAsArmour", [0, 10]], ["drama", [0, 10]], ["dramaPointsSpent", [0, 20]]] as const) {
      expect(edges((value) => melee({}, { aPool: { [field]: value } }), "melee", range), field).toEqual(ALLOWED_AT_EDGES);
    }
  });

  it("a courage choice: Base and Resistance -20 to +20, Drama dice 0 to 10", () => {
    for (const [field, range] of [["base", [-20, 20]], ["resistance", [-20, 20]], ["drama", [0, 10]]] as const) {
      expect(edges((value) => melee({}, { aCourage: { [field]: value } }), "melee", range), field).toEqual(ALLOWED_AT_EDGES);
    }
  });
});

describe("drama request bounds: names, the Momentum ranking and the split", () => {
  it("every fighter and every Momentum candidate has a name", () => {
    expect(accepts("melee", melee({ name: "" }))).toBe(false);
    expect(accepts("momentum", { combatants: [{ name: "", agility: 2 }] })).toBe(false);
    expect(accepts("momentum", { combatants: [{ name: "Odo", agility: 2 }] })).toBe(true);
  });

  it("a candidate's Dramatic stance moves her Momentum score by -20 to +20", () => {
    expect(edges((dramaticMomentum) => ({ combatants: [{ name: "Odo", agility: 2, dramaticMomentum }] }), "momentum", [-20, 20])).toEqual(ALLOWED_AT_EDGES);
  });

  it("a pool choice names each melee situation at most once in all, and splits among one to eight opponents, each share with no field the rules do not know", () => {
    const situations = Object.keys(MELEE_SITUATIONS);
    expect(accepts("melee", melee({}, { aPool: { situations } }))).toBe(true);
    expect(accepts("melee", melee({}, { aPool: { situations: [...situations, situations[0]] } }))).toBe(false);
    expect(accepts("melee", melee({}, { aPool: { split: [] } }))).toBe(false);
    expect(accepts("melee", melee({}, { aPool: { split: Array.from({ length: 8 }, () => ({ baseDice: 1 })) } }))).toBe(true);
    expect(accepts("melee", melee({}, { aPool: { split: Array.from({ length: 9 }, () => ({ baseDice: 1 })) } }))).toBe(false);
    expect(accepts("melee", melee({}, { aPool: { split: [{ baseDice: 1, flesh: 2 }] } }))).toBe(false);
  });
});

describe("drama request bounds: a skirmish (seed 001 §Fighting Multiple Opponents)", () => {
  const keys = ["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"];
  const fighters = (n: number) => Array.from({ length: n }, (_, i) => fighter({ name: `F${i + 1}` }));
  const pairs = keys.flatMap((a, i) => keys.slice(i + 1).map((b) => ({ between: [a, b] })));
  const skirmish = (top: Record<string, unknown> = {}) => ({ fighters: fighters(8), engagements: [{ between: ["f1", "f2"] }], ...top });

  it("two to eight fighters, one engagement to every pair of them (28)", () => {
    expect(pairs).toHaveLength(28);
    expect([1, 2, 8, 9].map((n) => accepts("skirmish", skirmish({ fighters: fighters(n) })))).toEqual(ALLOWED_AT_EDGES);
    expect([0, 1, 28, 29].map((n) => accepts("skirmish", skirmish({ engagements: [...pairs, pairs[0]].slice(0, n) })))).toEqual(ALLOWED_AT_EDGES);
    expect(accepts("skirmish", skirmish({ melee: true }))).toBe(false);
  });

  it("an engagement is a pair of the fighters' keys, with Momentum or an unopposed side among them, and nothing else", () => {
    const engaged = (engagement: Record<string, unknown>) => accepts("skirmish", skirmish({ engagements: [engagement] }));
    expect(engaged({ between: ["f1", "f8"], momentum: "f8", unopposedBy: "f1" })).toBe(true);
    expect(engaged({ between: ["f1", "f9"] })).toBe(false);
    expect(engaged({ between: ["f0", "f1"] })).toBe(false);
    expect(engaged({ between: ["f1"] })).toBe(false);
    expect(engaged({ between: ["f1", "f2", "f3"] })).toBe(false);
    expect(engaged({ momentum: "f1" })).toBe(false);
    expect(engaged({ between: ["f1", "f2"], momentum: "a" })).toBe(false);
    expect(engaged({ between: ["f1", "f2"], first: "f1" })).toBe(false);
  });

  it("a fighter's courage tests of a round: up to two for each of seven opponents (14)", () => {
    expect(accepts("skirmish", skirmish({ f8Courage14: {}, f8Waver14: "spend" }))).toBe(true);
    expect(accepts("skirmish", skirmish({ f1Courage15: {} }))).toBe(false);
    expect(accepts("skirmish", skirmish({ f1Waver15: "spend" }))).toBe(false);
    expect(accepts("skirmish", skirmish({ f1Pool2: {} }))).toBe(false);
  });
});
