import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { armorAgainst, netDamage } from "../../../src/rules/personal/attack.js";
import type { Outcome } from "../../../src/core/outcome.js";
import { personalRules } from "../../../src/rules/personal/index.js";
import { PersonalRefusal } from "../../../src/rules/personal/refusal.js";

/** An attack resolved, or null when the rules refuse the fate answered (an ignore the hit does not allow). */
function attackOrRefusal(request: unknown, tray: DiceTray): Outcome | null {
  try {
    return personalRules.actions.attack!.resolve(request, tray);
  } catch (error) {
    if (error instanceof PersonalRefusal) return null;
    throw error;
  }
}

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
        const outcome = attackOrRefusal(request, new DiceTray(seededDice(seed)));
        if (!outcome) return;
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
        const first = attackOrRefusal(request, new DiceTray(seededDice(seed)));
        if (!first) return;
        const replay = attackOrRefusal(request, new DiceTray(givenFaces(first.dice.map((d) => d.face))));
        expect(replay).toEqual(first);
      }),
    );
  });

  it("property: an attack awaiting a Fallen Fate writes nothing, and every answer it offers (and only those) resolves over the same dice", () => {
    fc.assert(
      fc.property(attackRequest, fc.integer({ min: 0, max: 1e6 }), (request, seed) => {
        const { fateChoice: _none, ...partial } = request;
        void _none;
        const waiting = personalRules.actions.attack!.resolve(partial, new DiceTray(seededDice(seed)));
        if (!waiting.awaiting) return;
        expect(waiting.effects).toEqual([]);
        const faces = waiting.dice.map((d) => d.face);
        const offer = waiting.awaiting.offer as { fates: { name: string }[]; ignore: boolean };
        for (const fate of offer.fates) {
          const answered = personalRules.actions.attack!.resolve({ ...partial, fateChoice: fate.name }, new DiceTray(givenFaces(faces)));
          expect(answered.awaiting).toBeUndefined();
          expect(answered.effects[0]?.statuses).toContain(fate.name);
        }
        const ignore = attackOrRefusal({ ...partial, fateChoice: "ignore" }, new DiceTray(givenFaces(faces)));
        expect(ignore !== null).toBe(offer.ignore);
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
