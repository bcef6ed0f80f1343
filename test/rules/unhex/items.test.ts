/**
 * Seed 002 §Use or manage items: rearranging what is in the hands (picking up, drawing, stowing) is
 * one action in all; using an item in hand or fixed to the character's area (a lever, a terminal)
 * is one action; dropping what is in hand is free (§Actions). None of it was a request before
 * issue 24.
 */
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { rearrangeHands, usableHands } from "../../../src/rules/unhex/items.js";
import { optionsOf } from "../../../src/rules/unhex/requests.js";

const SEED = "seed 002_f7d095e3e085910d";
const items = unhexRules.actions.items!;
const run = (request: Record<string, unknown>) => items.resolve(request, new DiceTray(givenFaces([])));
const fresh = { available: 1, owed: 0 };
const ines = { name: "Ines", level: 50, pc: true, budget: fresh };
const knife = { name: "Knife", hands: 1 };
const pistol = { name: "Pistol", hands: 1 };
const shotgun = { name: "Shotgun", hands: 2 };
const spent = { participant: "Ines", changes: { "budget.available": { from: 1, to: 0 } } };

describe(`${SEED} §Use or manage items: rearranging the hands`, () => {
  it("stowing the knife and drawing the shotgun is one action in all", () => {
    const outcome = run({ actor: ines, held: [knife], stow: ["Knife"], take: [shotgun] });
    expect(outcome.steps).toEqual([{ rule: "rearrange-hands", who: "Ines", take: ["Shotgun"], stow: ["Knife"] }]);
    expect(outcome.result).toEqual({ action: true, held: [shotgun] });
    expect(outcome.effects).toEqual([spent]);
    expect(outcome.dice).toEqual([]);
  });

  it("picking up one item is an action too", () => {
    expect(run({ actor: ines, take: [pistol] }).result).toEqual({ action: true, held: [pistol] });
  });

  it(`${SEED} §Actions: dropping what is in hand takes no action, alone or with a rearrangement`, () => {
    const dropped = run({ actor: ines, held: [knife, pistol], drop: ["Knife"] });
    expect(dropped.steps).toEqual([{ rule: "drop-items", who: "Ines", items: ["Knife"] }]);
    expect(dropped.result).toEqual({ action: false, held: [pistol] });
    expect(dropped.effects).toEqual([{ participant: "Ines", changes: {} }]);
    // Dropping the knife and drawing the shotgun: the draw is the action.
    const swapped = run({ actor: ines, held: [knife], drop: ["Knife"], take: [shotgun] });
    expect(swapped.result).toEqual({ action: true, held: [shotgun] });
    expect(swapped.steps.map((step) => step.rule)).toEqual(["drop-items", "rearrange-hands"]);
  });

  it("what she ends up holding must fit her hands; a useless arm leaves one", () => {
    expect(() => run({ actor: ines, held: [knife], take: [shotgun] })).toThrow("Ines has 2 usable hands; what she would hold takes 3");
    const armless = { ...ines, wounds: { "left-arm": 5 } };
    expect(() => run({ actor: armless, take: [knife, pistol] })).toThrow("Ines has one usable hand; what she would hold takes 2");
    expect(run({ actor: armless, take: [knife] }).result).toEqual({ action: true, held: [knife] });
    expect(usableHands({ name: "x", level: 50, maxLevel: 50, pc: true, wounds: { "left-arm": 5, "right-arm": 5 } }, optionsOf(undefined))).toBe(0);
    // A full leg or both (no moving) leaves both hands.
    expect(usableHands({ name: "x", level: 50, maxLevel: 50, pc: true, wounds: { "left-leg": 10, "right-leg": 10 } }, optionsOf(undefined))).toBe(2);
    expect(() => run({ actor: { ...armless, wounds: { "left-arm": 5, "right-arm": 5 } }, take: [knife] })).toThrow("Ines has 0 usable hands; what she would hold takes 1");
  });

  it("stowing or dropping needs the item in hand; taking needs it out of hand; nothing is named twice", () => {
    expect(() => run({ actor: ines, held: [knife], stow: ["Pistol"] })).toThrow('Ines does not hold "Pistol"');
    expect(() => run({ actor: ines, held: [knife], drop: ["Pistol"] })).toThrow('Ines does not hold "Pistol"');
    expect(() => run({ actor: ines, held: [knife], take: [knife] })).toThrow('"Knife" is named twice: it is already in her hands');
    expect(() => run({ actor: ines, take: [knife, knife] })).toThrow('"Knife" is named twice: it can be taken once');
    expect(() => run({ actor: ines, held: [knife], stow: ["Knife"], drop: ["Knife"] })).toThrow('"Knife" can leave her hands only once');
  });

  it("the steps name exactly what leaves her hands, as she held them", () => {
    const outcome = run({ actor: ines, held: [knife, pistol, { name: "Torch", hands: 1 }], stow: ["Pistol"], drop: ["Torch"] });
    expect(outcome.steps).toEqual([
      { rule: "drop-items", who: "Ines", items: ["Torch"] },
      { rule: "rearrange-hands", who: "Ines", take: [], stow: ["Pistol"] },
    ]);
    expect(outcome.result).toEqual({ action: true, held: [knife] });
  });

  it("two items of one name are told apart by their ids, and the steps name them", () => {
    const left = { name: "Knife", hands: 1, id: "k1" } as const;
    const right = { name: "Knife", hands: 1, id: "k2" } as const;
    const outcome = run({ actor: ines, held: [left, right], stow: ["k2"] });
    expect(outcome.result).toEqual({ action: true, held: [left] });
    expect(outcome.steps).toEqual([{ rule: "rearrange-hands", who: "Ines", take: [], stow: ["Knife"] }]);
    expect(rearrangeHands("Ines", [left], { take: [right], stow: [], drop: [] }, 2).held).toEqual([left, right]);
  });
});

describe(`${SEED} §Use or manage items: using an item`, () => {
  it("using the pistol in her hand is one action", () => {
    const outcome = run({ actor: ines, held: [pistol], use: { item: "Pistol" } });
    expect(outcome.steps).toEqual([{ rule: "use-item", who: "Ines", item: "Pistol" }]);
    expect(outcome.result).toEqual({ action: true, held: [pistol], used: { item: "Pistol" } });
    expect(outcome.effects).toEqual([spent]);
  });

  it("of two items in hand, the one she names is the one used", () => {
    expect(run({ actor: ines, held: [knife, pistol], use: { item: "Pistol" } }).result).toEqual({ action: true, held: [knife, pistol], used: { item: "Pistol" } });
  });

  it("pulling a lever fixed to her area is one action; one fixed elsewhere is out of reach", () => {
    const lever = run({ actor: { ...ines, area: "bar" }, use: { item: "lever", fixedIn: "bar" } });
    expect(lever.steps).toEqual([{ rule: "use-item", who: "Ines", item: "lever", fixedIn: "bar" }]);
    expect(lever.result).toEqual({ action: true, held: [], used: { item: "lever", fixedIn: "bar" } });
    expect(() => run({ actor: { ...ines, area: "kitchen" }, use: { item: "lever", fixedIn: "bar" } })).toThrow('Ines is in "kitchen": "lever" is fixed to "bar"');
    expect(() => run({ actor: ines, use: { item: "lever", fixedIn: "bar" } })).toThrow('say which area Ines is in, to use what is fixed to "bar"');
    expect(() => run({ actor: { ...ines, area: "bar" }, use: { item: "lever", fixedIn: "attic" } })).toThrow('unknown area "attic"');
    expect(() => run({ actor: { ...ines, area: "attic" }, use: { item: "lever", fixedIn: "bar" } })).toThrow('unknown area "attic"');
  });

  it("what is not in her hands (or was just dropped) cannot be used from them", () => {
    expect(() => run({ actor: ines, use: { item: "Pistol" } })).toThrow('Ines has no "Pistol" in her hands to use');
    expect(() => run({ actor: ines, held: [pistol], drop: ["Pistol"], use: { item: "Pistol" } })).toThrow('Ines has no "Pistol" in her hands to use');
    // Dropping something else on the way costs nothing more.
    expect(run({ actor: ines, held: [knife, pistol], drop: ["Knife"], use: { item: "Pistol" } }).result).toEqual({ action: true, held: [pistol], used: { item: "Pistol" } });
  });

  it("using and rearranging are two actions: one request takes one", () => {
    expect(() => run({ actor: ines, held: [knife], take: [pistol], use: { item: "Knife" } })).toThrow("using an item and rearranging the hands are an action each");
    expect(() => run({ actor: ines, held: [knife], stow: ["Knife"], use: { item: "lever", fixedIn: "bar" } })).toThrow("using an item and rearranging the hands are an action each");
  });
});

describe(`${SEED} §Actions: the action it spends`, () => {
  it("with no action left it is refused; an owed action is kept; without a budget nothing is counted", () => {
    expect(() => run({ actor: { ...ines, budget: { available: 0, owed: 0 } }, take: [knife] })).toThrow("no action left this round");
    // Dropping is free, so it needs no action left.
    expect(run({ actor: { ...ines, budget: { available: 0, owed: 1 } }, held: [knife], drop: ["Knife"] }).effects).toEqual([{ participant: "Ines", changes: {} }]);
    expect(run({ actor: { ...ines, budget: { available: 2, owed: 1 } }, take: [knife] }).effects).toEqual([{ participant: "Ines", changes: { "budget.available": { from: 2, to: 1 } } }]);
    expect(run({ actor: { name: "Ines", level: 50 }, take: [knife] }).effects).toEqual([{ participant: "Ines", changes: {} }]);
  });

  it("a request that does nothing is refused, and so is one by a character out of the fight", () => {
    expect(() => run({ actor: ines, held: [knife] })).toThrow("say what she does: items to take, stow or drop, or an item to use");
    expect(() => run({ actor: { ...ines, level: 0 }, take: [knife] })).toThrow("Ines is out of the fight and cannot use or manage items");
  });

  it("the request's shape: items with one or two hands, at most eight, names of 1 to 200 characters", () => {
    const accepts = (request: Record<string, unknown>) => Value.Check(items.request, request);
    expect(accepts({ actor: ines, take: [knife] })).toBe(true);
    expect(accepts({ actor: ines, take: [{ name: "Cart", hands: 3 }] })).toBe(false);
    expect(accepts({ actor: ines, take: [{ name: "", hands: 1 }] })).toBe(false);
    expect(accepts({ actor: ines, take: [{ name: "x".repeat(200), hands: 2, id: "x".repeat(200) }] })).toBe(true);
    expect(accepts({ actor: ines, take: [{ name: "x".repeat(201), hands: 1 }] })).toBe(false);
    expect(accepts({ actor: ines, stow: [""] })).toBe(false);
    expect(accepts({ actor: ines, take: Array.from({ length: 8 }, (_, i) => ({ name: `k${i}`, hands: 1 })) })).toBe(true);
    expect(accepts({ actor: ines, take: Array.from({ length: 9 }, (_, i) => ({ name: `k${i}`, hands: 1 })) })).toBe(false);
    expect(accepts({ actor: { ...ines, area: "bar" }, use: { item: "lever", fixedIn: "bar" } })).toBe(true);
    expect(accepts({ actor: ines, use: { item: "Knife" } })).toBe(true);
    expect(accepts({ actor: ines, use: { item: "lever", fixedIn: "bar", pull: true } })).toBe(false);
    expect(accepts({ actor: { ...ines, speed: 2 }, take: [knife] })).toBe(false);
    const eight = Array.from({ length: 8 }, (_, i) => `k${i}`);
    for (const field of ["stow", "drop"]) {
      expect(accepts({ actor: ines, [field]: eight })).toBe(true);
      expect(accepts({ actor: ines, [field]: [...eight, "k8"] })).toBe(false);
    }
    const inHand = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `k${i}`, hands: 1 }));
    expect(accepts({ actor: ines, held: inHand(8), drop: ["k0"] })).toBe(true);
    expect(accepts({ actor: ines, held: inHand(9), drop: ["k0"] })).toBe(false);
    expect(accepts({ actor: ines, throw: ["Knife"] })).toBe(false);
  });
});
