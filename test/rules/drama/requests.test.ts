/**
 * What a drama request may say: each field the actions define met at its edge (the last value
 * allowed beside the first refused), the choices each participant may send, and no field the rules
 * do not know. The command line and the Foundry layer refuse a request that fails its action's
 * schema before any die is rolled (a player's client sends requests, not facts).
 */
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { MAX_OPPONENTS, OPPONENT_KEYS } from "../../../src/rules/drama/actions.js";
import { dramaRules } from "../../../src/rules/drama/index.js";

function accepts(action: string, request: unknown): boolean {
  const definition = dramaRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return Value.Check(definition.request, request);
}

const fighter = (name: string) => ({ name, physical: 2, agility: 2, skill: 1, grit: 3, flesh: 6 });
const actor = { name: "Squire", maxFlesh: 7, physical: 3, woundFlesh: 3 };
const courage = (over: Record<string, unknown>, top: Record<string, unknown> = {}) => ({ actor: { ...actor, ...over }, ...top });

describe("drama requests: a melee round", () => {
  it("Momentum is held by a or b, or not yet by anyone; choices are a's and b's; nothing else is known", () => {
    expect(accepts("melee", { a: fighter("A"), b: fighter("B") })).toBe(true);
    for (const momentum of ["a", "b"]) expect(accepts("melee", { a: fighter("A"), b: fighter("B"), momentum })).toBe(true);
    expect(accepts("melee", { a: fighter("A"), b: fighter("B"), momentum: "c" })).toBe(false);
    expect(accepts("melee", { a: fighter("A"), b: fighter("B"), interactive: true, aStance: "press", bWaver: "spend" })).toBe(true);
    expect(accepts("melee", { a: fighter("A"), b: fighter("B"), cStance: "press" })).toBe(false);
    expect(accepts("melee", { a: fighter("A"), b: fighter("B"), round: 2 })).toBe(false);
  });
});

describe("drama requests: several opponents", () => {
  const opponents = (n: number) => Array.from({ length: n }, (_, i) => ({ opponent: fighter(`Fyrd ${i + 1}`) }));
  it(`one to ${MAX_OPPONENTS} opponents, each with choice fields opponent1 to opponent${MAX_OPPONENTS}`, () => {
    expect(MAX_OPPONENTS).toBe(8);
    expect(OPPONENT_KEYS).toEqual(["opponent1", "opponent2", "opponent3", "opponent4", "opponent5", "opponent6", "opponent7", "opponent8"]);
    expect(accepts("multiple", { actor: fighter("W"), opponents: opponents(0) })).toBe(false);
    expect(accepts("multiple", { actor: fighter("W"), opponents: opponents(1) })).toBe(true);
    expect(accepts("multiple", { actor: fighter("W"), opponents: opponents(8), opponent8Pool: {}, actorCourage: {} })).toBe(true);
    expect(accepts("multiple", { actor: fighter("W"), opponents: opponents(9) })).toBe(false);
    expect(accepts("multiple", { actor: fighter("W"), opponents: opponents(2), opponent9Stance: "stand" })).toBe(false);
    expect(accepts("multiple", { actor: fighter("W"), opponents: opponents(2), momentum: "actor" })).toBe(false);
  });
});

describe("drama requests: a shot", () => {
  it("the target's courage choices only, and the shooter's pool; nothing else is known", () => {
    const shot = { shooter: fighter("Archer"), target: fighter("Deer") };
    expect(accepts("ranged", { ...shot, situation: { range: "far" }, bonuses: ["aiming", "braced"], shooterPool: { dramaPointsSpent: 1 }, interactive: true, targetCourage: {}, targetWaver: "fall" })).toBe(true);
    expect(accepts("ranged", { ...shot, targetStance: "stand" })).toBe(false);
    expect(accepts("ranged", { ...shot, shooterCourage: {} })).toBe(false);
    expect(accepts("ranged", { ...shot, cover: 2 })).toBe(false);
  });
});

describe("drama requests: a courage test", () => {
  it("a name of at least one letter", () => {
    expect(accepts("courage", courage({ name: "S" }))).toBe(true);
    expect(accepts("courage", courage({ name: "" }))).toBe(false);
  });

  it("max Flesh 1 to 40; Physical 0 to 10; the wound's Flesh and the penalty count 0 to 40; Drama Points 0 to 20", () => {
    const edges: Array<[string, number, number]> = [
      ["maxFlesh", 1, 40],
      ["physical", 0, 10],
      ["woundFlesh", 0, 40],
      ["penalties", 0, 40],
      ["dramaPoints", 0, 20],
    ];
    for (const [field, min, max] of edges) {
      expect([accepts("courage", courage({ [field]: min })), accepts("courage", courage({ [field]: max }))], field).toEqual([true, true]);
      expect([accepts("courage", courage({ [field]: min - 1 })), accepts("courage", courage({ [field]: max + 1 })), accepts("courage", courage({ [field]: min + 0.5 }))], field).toEqual([false, false, false]);
    }
  });

  it("max Flesh, Physical and the wound's Flesh must be given", () => {
    for (const field of ["maxFlesh", "physical", "woundFlesh"]) {
      const { [field as keyof typeof actor]: _left, ...rest } = actor;
      expect(accepts("courage", { actor: rest }), field).toBe(false);
    }
  });

  it("the waver choice is the actor's; no other field is known, on the actor or the request", () => {
    expect(accepts("courage", courage({ modifiers: { base: 2, spendDramaPoint: true } }, { interactive: true, actorWaver: "spend" }))).toBe(true);
    expect(accepts("courage", courage({}, { actorCourage: {} }))).toBe(false);
    expect(accepts("courage", courage({ grit: 3 }))).toBe(false);
    expect(accepts("courage", courage({}, { target: "x" }))).toBe(false);
  });
});

describe("drama requests: Momentum", () => {
  const candidates = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `C${i}`, agility: 2 }));
  it("1 to 20 combatants, for melee or ranged", () => {
    expect(accepts("momentum", { combatants: candidates(0) })).toBe(false);
    expect(accepts("momentum", { combatants: candidates(1) })).toBe(true);
    expect(accepts("momentum", { combatants: candidates(20) })).toBe(true);
    expect(accepts("momentum", { combatants: candidates(21) })).toBe(false);
    for (const kind of ["melee", "ranged"]) expect(accepts("momentum", { combatants: candidates(2), for: kind })).toBe(true);
    expect(accepts("momentum", { combatants: candidates(2), for: "duel" })).toBe(false);
    expect(accepts("momentum", { combatants: candidates(2), round: 1 })).toBe(false);
  });
});
