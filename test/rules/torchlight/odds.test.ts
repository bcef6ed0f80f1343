import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/core/ruleError.js";
import { torchlightRules } from "../../../src/rules/torchlight/index.js";
import { feintBranches } from "../../../src/rules/torchlight/odds.js";
import { resolve } from "./helpers.js";
import { actionOf, expectEnumerationAgrees, expectMonteCarloAgrees, expectPartition, expectWhole } from "../oddsChecks.js";

const attack = actionOf(torchlightRules, "attack");
const save = actionOf(torchlightRules, "save");
const check = actionOf(torchlightRules, "check");
const hold = actionOf(torchlightRules, "grapple-hold");

describe("torchlight exact odds", () => {
  it("a save at ST 12 succeeds on 12-20 (9 in 20), a natural 20 one time in 20", () => {
    const odds = save.odds.exact({ name: "Elsa", st: 12 });
    expect(odds.chances.success).toBeCloseTo(9 / 20, 15);
    expect(odds.chances.natural20).toBeCloseTo(1 / 20, 15);
    expect(check.odds.exact({ name: "Elsa", dc: 13 }).chances.success).toBeCloseTo(13 / 20, 15);
    expect(hold.odds.exact({ grappler: { name: "Riddic", st: 9 }, target: "Bandit" }).chances.held).toBeCloseTo(12 / 20, 15);
  });

  it("Enhanced once, a d6 keeps the higher of two: a Precision Strike (a 6 kept) 11 times in 36, and its extra die is Enhanced too", () => {
    // Before the roll the Precision Strike's choice is not made: the odds count the extra die, as "extra-die" does.
    const odds = attack.odds.exact({ attacker: { name: "Elsa", weaponDie: 6 }, target: { name: "B" }, situation: { hidden: true } });
    expect(attack.odds.exact({ attacker: { name: "Elsa", weaponDie: 6 }, target: { name: "B" }, situation: { hidden: true }, precision: "extra-die" })).toEqual(odds);
    expect(odds.chances.precisionStrike).toBeCloseTo(11 / 36, 15);
    // A kept 6 plus the extra die's kept k (chance (2k - 1)/36) is 6 + k.
    for (let k = 1; k <= 6; k += 1) expect(odds.distributions.damage?.find(([v]) => v === 6 + k)?.[1]).toBeCloseTo((11 / 36) * ((2 * k - 1) / 36), 15);
    expectWhole(odds, "damage");
  });

  it("equals resolve run on every face: Impaired, a Feint paid with Breath, a Squad of three, the d4 house default, a Maneuver chosen on the Precision Strike", () => {
    const extra = { precision: "extra-die" };
    expectEnumerationAgrees(attack, { attacker: { name: "A", weaponDie: 6, proficiencies: 1, stance: "aggressive" }, target: { name: "T", stance: "on-guard" }, situation: { impairments: 1 }, ...extra });
    expectEnumerationAgrees(attack, { attacker: { name: "A", weaponDie: 4, breath: 2 }, target: { name: "T" }, maneuver: { name: "feint", payWith: "breath" }, ...extra });
    // A Squad's attack is Enhanced; one Impairment cancels it, so each member rolls one die.
    expectEnumerationAgrees(attack, { attacker: { name: "A", weaponDie: 4 }, squadMates: [{ name: "B", weaponDie: 4, ...extra }, { name: "C", weaponDie: 6, proficiencies: 1, ...extra }], target: { name: "T" }, situation: { impairments: 1 }, ...extra });
    expectEnumerationAgrees(attack, { attacker: { name: "A", weaponDie: 6, dex: 12 }, target: { name: "T" }, maneuver: { name: "grapple", payWith: "precision" }, options: { enhancedAddsD4: true }, situation: { enhancements: 1 } });
    expectEnumerationAgrees(attack, { attacker: { name: "A", weaponDie: 6, dex: 12 }, target: { name: "T" }, precision: "grapple", situation: { squadAttack: true } });
    expectEnumerationAgrees(attack, { attacker: { name: "A", weaponDie: 8, weapon: "ranged" }, target: { name: "T", hidden: true }, situation: { area: true }, ...extra });
  }, 20_000);

  it("area damage Impairs only a hidden target: in the open, or hidden from a blow that is not area damage, a d6 is rolled alone", () => {
    const d6 = { attacker: { name: "A", weaponDie: 6 }, precision: "extra-die" };
    // One d6: a 6 is a Precision Strike one time in 6; Impaired, the lower of two is a 6 one time in 36.
    expect(expectEnumerationAgrees(attack, { ...d6, target: { name: "T" }, situation: { area: true } }).chances.precisionStrike).toBeCloseTo(1 / 6, 15);
    expect(expectEnumerationAgrees(attack, { ...d6, target: { name: "T", hidden: true } }).chances.precisionStrike).toBeCloseTo(1 / 6, 15);
    expect(expectEnumerationAgrees(attack, { ...d6, target: { name: "T", hidden: true }, situation: { area: true } }).chances.precisionStrike).toBeCloseTo(1 / 36, 15);
  });

  it("an attack on an incapacitated target is Enhanced: a d6 keeps the higher of two, a 6 eleven times in 36", () => {
    const odds = expectEnumerationAgrees(attack, { attacker: { name: "A", weaponDie: 6 }, target: { name: "T", incapacitated: true }, precision: "extra-die" });
    expect(odds.chances.precisionStrike).toBeCloseTo(11 / 36, 15);
  });

  it("only a Feint rerolls the damage die: a Trip bought with Breath leaves the damage as it was, and needs no Dex check", () => {
    const plain = { attacker: { name: "A", weaponDie: 6, breath: 1, dex: 5 }, target: { name: "T" }, precision: "extra-die" };
    const trip = expectEnumerationAgrees(attack, { ...plain, maneuver: { name: "trip", payWith: "breath" } });
    expect(trip.distributions.damage).toEqual(attack.odds.exact(plain).distributions.damage);
    expect(trip.chances).toEqual({ precisionStrike: expect.closeTo(1 / 6, 15), maneuverTaken: expect.closeTo(1, 15), maneuverSuccess: expect.closeTo(1, 15) });
  });

  it("a Trip bought with Breath and a Grapple taken on a Precision Strike all succeed unless the Grapple's Dex check fails", () => {
    // A d6 is a Precision Strike on a 6; the Grapple then holds on a d20 of 8 or under (8 in 20).
    const odds = expectEnumerationAgrees(attack, { attacker: { name: "A", weaponDie: 6, breath: 1, dex: 8 }, target: { name: "T" }, maneuver: { name: "trip", payWith: "breath" }, precision: "grapple" });
    expect(odds.chances).toEqual({ precisionStrike: expect.closeTo(1 / 6, 15), maneuverTaken: expect.closeTo(1, 15), maneuverSuccess: expect.closeTo(5 / 6 + (1 / 6) * (8 / 20), 15) });
    const never = attack.odds.exact({ attacker: { name: "A", weaponDie: 6, dex: 0 }, target: { name: "T" }, precision: "grapple" });
    // At Dex 0 no d20 holds the Grapple; at Dex 20 every one does.
    expect(never.chances.maneuverSuccess).toBe(0);
    expect(attack.odds.exact({ attacker: { name: "A", weaponDie: 6, dex: 20 }, target: { name: "T" }, precision: "grapple" }).chances.maneuverSuccess).toBeCloseTo(1 / 6, 15);
  });

  it("seed 004 §Squads (RULINGS): each member of a Squad has her own stance and her own Precision Strike choice; only the lead Feints", () => {
    // One Impairment cancels the Squad's Enhancement, so each member rolls one die.
    const odds = expectEnumerationAgrees(attack, {
      attacker: { name: "A", weaponDie: 4, stance: "aggressive", breath: 1 },
      squadMates: [
        { name: "B", weaponDie: 4, stance: "aggressive", precision: "distract" },
        { name: "C", weaponDie: 4, precision: "grapple", dex: 9 },
      ],
      target: { name: "T" },
      situation: { impairments: 1 },
      maneuver: { name: "feint", payWith: "breath" },
      precision: "trip",
    });
    // No one passes 6: A and B (each Aggressive, +2) take a Maneuver instead of the extra die on a 4, and C has no stance bonus.
    expect(odds.distributions.damage?.at(-1)?.[0]).toBe(6);
    expect(odds.distributions.damage?.find(([v]) => v === 2)?.[1]).toBeUndefined();
    // A Feints below 4 and Trips on a 4: a Maneuver is always taken; only C's Grapple (on her 4) can fail, on a d20 over 9.
    expect(odds.chances.maneuverTaken).toBeCloseTo(1, 15);
    expect(odds.chances.maneuverSuccess).toBeCloseTo(1 - (1 / 4) * (11 / 20), 15);
  }, 20_000);

  const attacker = fc.record({ name: fc.constant("A"), weaponDie: fc.constantFrom(4, 6, 8, 10, 12), proficiencies: fc.integer({ min: 0, max: 3 }), stance: fc.constantFrom("aggressive", "steadied", "on-guard", "rearguard") });
  const situation = fc.record({ enhancements: fc.integer({ min: 0, max: 3 }), impairments: fc.integer({ min: 0, max: 3 }), targetDistracted: fc.boolean() });

  it("property: agrees with a seeded Monte Carlo of resolve for random dice, edges and stances, and sums to 1", () => {
    fc.assert(
      fc.property(attacker, situation, fc.constantFrom("steadied", "on-guard"), fc.boolean(), fc.nat(), (drawn, s, stance, squad, seed) => {
        // No melee from the Rearguard: an attacker drawn there shoots.
        const a = drawn.stance === "rearguard" ? { ...drawn, weapon: "ranged" } : drawn;
        const request = { attacker: a, target: { name: "T", stance }, situation: s, precision: "extra-die", ...(squad ? { squadMates: [{ name: "B", weaponDie: 6, stance: a.stance === "rearguard" ? "steadied" : a.stance, precision: "extra-die" }, { name: "C", weaponDie: 8, precision: "extra-die" }] } : {}) };
        const odds = expectMonteCarloAgrees(attack, request, 1500, seed);
        expectWhole(odds, "damage");
        expectWhole(odds, "received");
      }),
      { seed: 4, numRuns: 6 },
    );
  }, 20_000);

  it("property: saves and checks agree with a seeded Monte Carlo", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.nat(), (score, seed) => {
        const odds = expectMonteCarloAgrees(save, { name: "E", st: score }, 800, seed);
        expect(odds.chances.success).toBeCloseTo(Math.min(21 - Math.max(score, 1), 20) / 20, 12);
        expectMonteCarloAgrees(check, { name: "E", dc: score }, 800, seed + 1);
      }),
      { seed: 5, numRuns: 4 },
    );
  }, 20_000);

  it("the largest die the rules allow (a d100, Enhanced, with a Feint) still sums to 1; the Feint is taken only below the top face", () => {
    const odds = attack.odds.exact({ attacker: { name: "A", weaponDie: 100, breath: 1 }, target: { name: "T" }, situation: { enhancements: 1 }, maneuver: { name: "feint", payWith: "breath" }, precision: "extra-die" });
    expectWhole(odds, "damage");
    expectPartition({ ...odds, chances: { taken: odds.chances.maneuverTaken ?? 0, strike: odds.chances.precisionStrike ?? 0 } }, ["taken", "strike"]);
    expect(odds.chances.maneuverTaken).toBeCloseTo((99 / 100) ** 2, 12);
  });

  it("seed 004 §Feint (RULINGS): a Feint chosen in advance (`feint: \"reroll\"`) is the same as one declared with Breath; one not yet chosen counts as none", () => {
    const base = { attacker: { name: "A", weaponDie: 6, breath: 1 }, target: { name: "T" }, precision: "extra-die" };
    expect(expectEnumerationAgrees(attack, { ...base, feint: "reroll" })).toEqual(attack.odds.exact({ ...base, maneuver: { name: "feint", payWith: "breath" } }));
    expect(attack.odds.exact(base)).toEqual(attack.odds.exact({ attacker: { name: "A", weaponDie: 6 }, target: { name: "T" }, precision: "extra-die" }));
    expect(expectEnumerationAgrees(attack, { ...base, feint: "keep" })).toEqual(attack.odds.exact(base));
  });

  it("refuses what resolve refuses: a Feint needs melee", () => {
    expect(() => attack.odds.exact({ attacker: { name: "A", weaponDie: 6, weapon: "ranged", breath: 1 }, target: { name: "T" }, maneuver: { name: "feint", payWith: "breath" } })).toThrow(RuleError);
  });
});

describe("the Feint's two branches (issue 38 item 3)", () => {
  const request = { attacker: { name: "Elsa", weaponDie: 10, proficiencies: 1, breath: 1 }, target: { name: "Bandit" } };

  it("RULINGS, Maneuvers (Feint: reroll, keep the higher): keeping a 4 deals 5; the reroll matches resolve on every face of the second die", () => {
    const branches = feintBranches(request as never, 4);
    expect(branches.keep).toEqual({ damage: [{ value: 5, p: 1 }], mean: 5 });
    // resolve on the seen 4 and every reroll face (a 10 stays a Feint's reroll, no Precision Strike on it).
    const totals = Array.from({ length: 10 }, (_, i) => Number(resolve("attack", { ...request, feint: "reroll" }, [4, i + 1]).result.damage));
    const expected = new Map<number, number>();
    for (const t of totals) expected.set(t, (expected.get(t) ?? 0) + 0.1);
    expect(branches.reroll.damage.map((d) => [d.value, d.p.toFixed(10)])).toEqual([...expected].sort((a, b) => a[0] - b[0]).map(([v, p]) => [v, p.toFixed(10)]));
    expect(branches.reroll.mean).toBeCloseTo(totals.reduce((a, b) => a + b, 0) / 10, 10);
    expect(branches.better).toBeCloseTo(0.6, 12);
  });

  it("an Enhanced die's reroll is Enhanced too, and the Aggressive +2 counts on both branches", () => {
    const branches = feintBranches({ ...request, attacker: { ...request.attacker, stance: "aggressive" }, situation: { enhancements: 1 } } as never, 9);
    expect(branches.keep.mean).toBe(12);
    // Two d10 keep the higher: a 10 on either beats the 9, 1 − 0.9² = 0.19.
    expect(branches.better).toBeCloseTo(0.19, 12);
  });
});
