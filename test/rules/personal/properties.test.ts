import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { armorAgainst, netDamage } from "../../../src/rules/personal/attack.js";
import { personalRules } from "../../../src/rules/personal/index.js";

const weapon = fc.record({
  attack: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom(6, 8, 10, 20), fc.integer({ min: -3, max: 6 })).map(([n, s, m]) => `${n}d${s}${m < 0 ? m : `+${m}`}`),
  damage: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom(4, 6, 8), fc.integer({ min: -4, max: 3 })).map(([n, s, m]) => `${n}d${s}${m < 0 ? m : `+${m}`}`),
  damageType: fc.constantFrom("physical", "fire"),
  piercing: fc.boolean(),
});

const targetBlock = fc
  .record({
    defense: fc.integer({ min: 0, max: 25 }),
    armor: fc.record({ physical: fc.integer({ min: 0, max: 9 }) }),
    maxResolve: fc.integer({ min: 1, max: 30 }),
    resolveShare: fc.integer({ min: 0, max: 100 }),
    wounded: fc.boolean(),
    stamina: fc.integer({ min: 0, max: 4 }),
    control: fc.integer({ min: 0, max: 4 }),
    ignoresLeft: fc.integer({ min: 0, max: 4 }),
    kind: fc.constantFrom("pc", "significant", "minor"),
  })
  .map(({ resolveShare, wounded, ...t }) => {
    const resolve = wounded ? 0 : Math.floor((t.maxResolve * resolveShare) / 100);
    return { name: "T", ...t, resolve, wounded: resolve === 0 };
  });

const attackRequest = fc.record({ attacker: weapon.map((w) => ({ name: "A", weapon: w })), target: targetBlock, fateChoice: fc.option(fc.constantFrom("ignore", "Maimed", "Slain"), { nil: undefined }) });

describe("personal properties", () => {
  it("property: damage is never negative and Resolve never below 0; the ignore budget never below 0", () => {
    fc.assert(
      fc.property(attackRequest, fc.integer({ min: 0, max: 1e6 }), (request, seed) => {
        const outcome = personalRules.actions.attack!.resolve(request, new DiceTray(seededDice(seed)));
        const result = outcome.result as { damage: number };
        expect(result.damage).toBeGreaterThanOrEqual(0);
        const changes = outcome.effects[0]?.changes ?? {};
        const resolve = (changes.resolve?.to as number | undefined) ?? request.target.resolve;
        expect(resolve).toBeGreaterThanOrEqual(0);
        const ignores = (changes.ignoresLeft?.to as number | undefined) ?? request.target.ignoresLeft;
        expect(ignores).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("property: halving never raises the Armor Rating, and net damage is never negative", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: -20, max: 30 }), fc.boolean(), fc.boolean(), fc.integer({ min: -10, max: 50 }), (rating, margin, piercing, piercingHalves, roll) => {
        const armor = armorAgainst({ physical: rating }, "physical", margin, piercing, piercingHalves);
        expect(armor.rating).toBeLessThanOrEqual(rating);
        expect(armor.rating).toBeGreaterThanOrEqual(0);
        expect(netDamage(roll, armor.rating)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("property: replaying an attack's recorded faces gives the identical outcome", () => {
    fc.assert(
      fc.property(attackRequest, fc.integer({ min: 0, max: 1e6 }), (request, seed) => {
        const first = personalRules.actions.attack!.resolve(request, new DiceTray(seededDice(seed)));
        const replay = personalRules.actions.attack!.resolve(request, new DiceTray(givenFaces(first.dice.map((d) => d.face))));
        expect(replay).toEqual(first);
      }),
    );
  });

  it("property: replaying an initiative's recorded faces gives the identical outcome", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 6 }), fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 6 }), fc.integer({ min: 0, max: 1e6 }), (pcRanks, npcRanks, seed) => {
        const request = { pcs: pcRanks.map((rank, i) => ({ name: `p${i}`, rank })), npcs: npcRanks.map((rank, i) => ({ name: `n${i}`, rank, major: i % 2 === 0 })) };
        const first = personalRules.actions.initiative!.resolve(request, new DiceTray(seededDice(seed)));
        const replay = personalRules.actions.initiative!.resolve(request, new DiceTray(givenFaces(first.dice.map((d) => d.face))));
        expect(replay).toEqual(first);
      }),
    );
  });
});
