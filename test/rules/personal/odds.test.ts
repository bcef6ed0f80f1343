import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/core/ruleError.js";
import { applyHit, vitalsFrom } from "../../../src/rules/personal/combatant.js";
import { personalRules } from "../../../src/rules/personal/index.js";
import { withDefaults } from "../../../src/rules/options.js";
import { personalOptions } from "../../../src/rules/personal/options.js";
import { actionOf, expectEnumerationAgrees, expectMonteCarloAgrees, expectPartition, expectWhole } from "../oddsChecks.js";

const attack = actionOf(personalRules, "attack");
const target = { name: "Guard", defense: 12, resolve: 5, maxResolve: 10, stamina: 1, control: 1 };

describe("personal exact odds", () => {
  it("1d20+3 against Defense 12 hits on 9-20 (60%); 2d6 less Armor 4 leaves 0 on 2-4 (6 in 36)", () => {
    const odds = attack.odds.exact({ attacker: { name: "Ines", weapon: { attack: "1d20+3", damage: "2d6", damageType: "physical" } }, target: { ...target, armor: { physical: 4 } } });
    expect(odds.chances.hit).toBeCloseTo(0.6, 15);
    // A margin of 7+ (totals 19-23, 25%) halves the Armor to 2: 0 damage then on 2 only (1 in 36).
    const zero = 0.4 + 0.35 * (6 / 36) + 0.25 * (1 / 36);
    expect(odds.distributions.damage?.find(([v]) => v === 0)?.[1]).toBeCloseTo(zero, 15);
    expectWhole(odds, "damage");
    expectWhole(odds, "attackTotal");
  });

  it("equals resolve run on every face: Piercing with the house option, a minor NPC, a Wounded significant NPC", () => {
    expectEnumerationAgrees(attack, { attacker: { name: "I", weapon: { attack: "1d20", damage: "1d8+1d4-1", damageType: "fire", piercing: true } }, target: { ...target, kind: "minor", defense: 8, armor: { fire: 3 }, resolve: 2 }, options: { piercingHalvesArmor: true } });
    expectEnumerationAgrees(attack, { attacker: { name: "I", weapon: { attack: "1d12+1d8", damage: "2d6", damageType: "physical" } }, target: { ...target, kind: "significant", wounded: true, resolve: 0 }, options: { significantNpcFates: false } });
  }, 20_000);

  const formula = fc.constantFrom("1d20", "1d20+3", "2d10", "1d20-2", "3d6+1d4");
  const damage = fc.constantFrom("1d6", "2d6", "1d8+1d4-1", "1d12+2", "3d4");

  it("property: agrees with a seeded Monte Carlo for random weapons, targets and house options, and sums to 1", () => {
    fc.assert(
      fc.property(
        formula,
        damage,
        fc.record({ defense: fc.integer({ min: 5, max: 22 }), resolve: fc.integer({ min: 0, max: 10 }), armor: fc.integer({ min: 0, max: 6 }), kind: fc.constantFrom("pc", "significant", "minor"), wounded: fc.boolean() }),
        fc.boolean(),
        fc.nat(),
        (attackFormula, damageFormula, t, piercing, seed) => {
          const request = {
            attacker: { name: "I", weapon: { attack: attackFormula, damage: damageFormula, damageType: "physical", piercing } },
            target: { ...target, defense: t.defense, resolve: t.resolve, kind: t.kind, wounded: t.wounded, armor: { physical: t.armor } },
          };
          const odds = expectMonteCarloAgrees(attack, request, 1500, seed);
          expectWhole(odds, "damage");
          expectPartition({ ...odds, chances: { hit: odds.chances.hit ?? 0, miss: 1 - (odds.chances.hit ?? 0) } }, ["hit", "miss"]);
        },
      ),
      { seed: 41, numRuns: 6 },
    );
  }, 20_000);

  it("property: a hit's amount matters only against 0 and the Resolve: every amount short of the Resolve reads as 1 does, every amount from it on (from 1 at 0 Resolve) as the Resolve does (the odds read three amounts)", () => {
    fc.assert(
      fc.property(
        fc.record({ resolve: fc.integer({ min: 0, max: 1000 }), maxResolve: fc.integer({ min: 1, max: 1000 }), stamina: fc.integer({ min: 0, max: 30 }), control: fc.integer({ min: 0, max: 30 }), wounded: fc.option(fc.boolean(), { nil: undefined }), kind: fc.constantFrom("pc", "significant", "minor") }),
        fc.record({ significantNpcFates: fc.boolean(), minorNpcsWounded: fc.boolean() }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 0, max: 100_000 }),
        (input, given, short, above) => {
          const vitals = vitalsFrom({ ...input, resolve: Math.min(input.resolve, input.maxResolve) });
          const options = withDefaults(personalOptions, given);
          const reading = (amount: number) => {
            const hit = applyHit(vitals, amount, options);
            return [hit.becameWounded, hit.becameDefeated, hit.fateNeeded];
          };
          const wounding = Math.max(vitals.resolve, 1);
          expect(reading(wounding + above)).toEqual(reading(wounding));
          expect(reading(1 + Math.floor(short * (wounding - 1)))).toEqual(reading(1));
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  it("a hit of exactly the Resolve left wounds, one point less does not: 2d6 on a 10-Resolve target wounds on 10-12 (6 in 36 of the hits)", () => {
    const request = { attacker: { name: "I", weapon: { attack: "1d20", damage: "2d6", damageType: "physical" } }, target: { ...target, defense: 11, resolve: 10, maxResolve: 10 } };
    const odds = expectEnumerationAgrees(attack, request);
    // 1d20 hits Defense 11 on 11-20; 2d6 shows 10 three ways, 11 two ways, 12 one way.
    expect(odds.chances).toEqual({ hit: expect.closeTo(10 / 20, 15), wounded: expect.closeTo((10 / 20) * (6 / 36), 15), defeated: 0, fateNeeded: 0 });
    const nine = expectEnumerationAgrees(attack, { ...request, target: { ...request.target, resolve: 9 } });
    // At 9 Resolve, a 9 (four ways) wounds too.
    expect(nine.chances.wounded).toBeCloseTo((10 / 20) * (10 / 36), 15);
  });

  it("a Wounded PC must answer any damage with a Fallen Fate, but a hit Armor stops entirely calls for none", () => {
    // 1d6 less Armor 2 (never halved: the d20 cannot beat Defense 20 by 7) deals 0 on 1-2.
    const request = { attacker: { name: "I", weapon: { attack: "1d20", damage: "1d6", damageType: "physical" } }, target: { ...target, defense: 20, resolve: 0, wounded: true, armor: { physical: 2 } } };
    const odds = expectEnumerationAgrees(attack, request);
    expect(odds.chances).toEqual({ hit: expect.closeTo(1 / 20, 15), wounded: 0, defeated: 0, fateNeeded: expect.closeTo((1 / 20) * (4 / 6), 15) });
  });

  it("a hundred d100s a formula still sums to 1 (the bench times the largest the parser allows)", () => {
    const odds = attack.odds.exact({ attacker: { name: "I", weapon: { attack: "100d100", damage: "100d100", damageType: "physical" } }, target: { ...target, defense: 5000, armor: { physical: 40 }, resolve: 500, maxResolve: 1000 } });
    expectWhole(odds, "attackTotal");
    expectWhole(odds, "damage");
  });

  it("refuses what resolve refuses: a formula that does not parse", () => {
    expect(() => attack.odds.exact({ attacker: { name: "I", weapon: { attack: "1d20", damage: "2x6", damageType: "physical" } }, target })).toThrow(RuleError);
  });
});
