import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";

describe("unhex duel and replays", () => {
  it("a duel ends with one fighter out, and the stronger fighter wins more often", () => {
    const tray = new DiceTray(seededDice(3));
    const wins = { a: 0, b: 0, none: 0 };
    for (let i = 0; i < 200; i += 1) {
      const bout = unhexRules.duel.fight({ name: "Vet", level: 80 }, { name: "Punk", level: 35 }, tray, 50);
      wins[bout.winner] += 1;
      expect(bout.rounds).toBeGreaterThan(0);
    }
    expect(wins.a).toBeGreaterThan(wins.b * 2);
  });

  it("a duel replays identically from its recorded faces", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const first = new DiceTray(seededDice(seed));
        const bout = unhexRules.duel.fight({ name: "A", level: 50 }, { name: "B", level: 50, pc: true, good: "both" }, first, 30);
        expect(unhexRules.duel.fight({ name: "A", level: 50 }, { name: "B", level: 50, pc: true, good: "both" }, new DiceTray(givenFaces(first.faces())), 30)).toEqual(bout);
      }),
      { numRuns: 50 },
    );
  });

  it("every action's outcome replays identically from its recorded faces", () => {
    const requests: Array<[string, Record<string, unknown>]> = [
      ["check", { character: { name: "Ines", level: 50, good: true }, reroll: "units", critical: "extra-action" }],
      ["opposed", { a: { name: "Ines", level: 50, pc: true }, b: { name: "Thug", level: 45, good: true }, roll: true, rerolls: { b: "tens" }, criticals: { a: { set: 50 }, b: "extra-action" } }],
      ["initiative", { teams: [{ name: "PCs", pc: true, members: [{ name: "Ines", level: 40 }] }, { name: "NPCs", pc: false, members: [{ name: "Thug", level: 25 }] }], order: ["NPCs", "PCs"], criticals: { PCs: "extra-action", NPCs: "extra-action" } }],
      ["attack", { attacker: { name: "Thug", level: 60, area: "dance-floor", weapon: "one-handed-ranged" }, target: { name: "Ines", level: 50, area: "bar", pc: true }, reaction: "defend", roll: true, damageDie: "units", criticals: { attacker: "extra-action", target: "extra-action" } }],
      ["attack", { attacker: { name: "Thug", level: 60, area: "bar", weapon: "melee" }, target: { name: "Ines", level: 50, area: "bar" }, reaction: "counterattack", roll: true, damageDie: "tens", counterDamageDie: "units" }],
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(...requests), (seed, [action, request]) => {
        const resolver = unhexRules.actions[action];
        if (!resolver) throw new Error(action);
        const first = new DiceTray(seededDice(seed));
        const outcome = resolver.resolve(request, first);
        expect(resolver.resolve(request, new DiceTray(givenFaces(first.faces())))).toEqual(outcome);
      }),
    );
  });

  it("the range action answers map queries on the nightclub without dice", () => {
    const outcome = unhexRules.actions.range?.resolve({ from: "entrance", to: "catwalk", movingTo: "dance-floor" }, new DiceTray(givenFaces([])));
    expect(outcome?.dice).toEqual([]);
    expect(outcome?.result).toMatchObject({ range: 1, lineOfSight: true, cover: false, attacks: { melee: "range 1 is beyond a melee attack's 0", "one-handed-ranged": true, "two-handed-ranged": true } });
  });
});
