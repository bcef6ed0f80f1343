import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/core/ruleError.js";
import { cavaliersRules } from "../../../src/rules/cavaliers/index.js";
import { actionOf, expectEnumerationAgrees, expectMonteCarloAgrees, expectPartition, expectWhole } from "../oddsChecks.js";

const attack = actionOf(cavaliersRules, "attack");
const skill = actionOf(cavaliersRules, "skill");
const flourish = actionOf(cavaliersRules, "flourish");

const participant = fc.record({
  attribute: fc.constantFrom(6, 8, 10),
  competency: fc.constantFrom(0, 6, 8, 10, 12),
  ranks: fc.integer({ min: 0, max: 3 }),
  item: fc.option(fc.constantFrom(6, 8, 10, 12), { nil: undefined }),
  wounds: fc.integer({ min: 0, max: 3 }),
  drop: fc.integer({ min: 0, max: 3 }),
});
const exchange = fc.constantFrom(["lunge", "parry"], ["lunge", "block"], ["feint", "parry"], ["feint", "dodge"], ["aim", "block"], ["brawl", "brawl"], ["riposte", "block"]);

describe("cavaliers exact odds", () => {
  it("a lone d6 against a lone d6: the attacker wins 15 times in 36 (ties are the defender's), always with 1 SP", () => {
    const odds = attack.odds.exact({ attack: "lunge", defence: "parry", attacker: { name: "A", attribute: 6, competent: false }, defender: { name: "D", attribute: 6, competent: false } });
    expect(odds.chances.attackerWins).toBeCloseTo(15 / 36, 15);
    expect(odds.distributions.attackerSuccessPoints).toEqual([[1, expect.closeTo(15 / 36, 15)]]);
    expectPartition(odds, ["attackerWins", "defenderWins"]);
  });

  it("Very Easy opposition is no roll: the skill always succeeds", () => {
    const odds = skill.odds.exact({ actor: { name: "A", attribute: 6, competent: false }, skill: "deceive", opposition: "very-easy" });
    expect(odds.chances.success).toBeCloseTo(1, 15);
    expect(odds.distributions.oppositionTotal).toEqual([]);
  });

  it("equals resolve run on every face, Drop and Wounds included", () => {
    expectEnumerationAgrees(attack, { attack: "lunge", defence: "block", attacker: { name: "A", attribute: 8, competency: 6, wounds: 1 }, defender: { name: "D", attribute: 6, item: 8, drop: 1, ranks: 1 } });
    expectEnumerationAgrees(skill, { actor: { name: "A", attribute: 8 }, skill: "deceive", opposition: "easy" });
  }, 20_000);

  it("property: agrees with a seeded Monte Carlo of resolve for random pools, and sums to 1", () => {
    fc.assert(
      fc.property(participant, participant, exchange, fc.nat(), (a, d, [attackId, defence], seed) => {
        // A Dodge takes no item die.
        const defender = { name: "D", type: "minor", yieldLimit: 9, ...d, ...(defence === "dodge" ? { item: undefined } : {}) };
        const request = { attack: attackId, defence, attacker: { name: "A", type: "minor", yieldLimit: 9, ...a }, defender, ...(attackId === "riposte" ? { riposteAfter: "parry" } : {}) };
        const odds = expectMonteCarloAgrees(attack, request, 1000, seed);
        expectPartition(odds, ["attackerWins", "defenderWins"]);
        expectWhole(odds, "attackerTotal");
        expectWhole(odds, "defenderTotal");
      }),
      { seed: 2024, numRuns: 6 },
    );
  }, 20_000);

  it("property: skill and Flourish agree with a seeded Monte Carlo for random pools and oppositions", () => {
    fc.assert(
      fc.property(participant, fc.constantFrom("very-easy", "easy", "moderate", "hard", "very-hard"), fc.nat(), (a, opposition, seed) => {
        const odds = expectMonteCarloAgrees(skill, { actor: { name: "A", type: "minor", yieldLimit: 9, ...a }, skill: "deceive", opposition }, 1200, seed);
        expectPartition(odds, ["success", "failure"]);
        expectPartition(expectMonteCarloAgrees(flourish, { actor: { name: "A", type: "minor", yieldLimit: 9, ...a }, skill: "deceive" }, 600, seed + 1), ["success", "failure"]);
      }),
      { seed: 77, numRuns: 4 },
    );
  }, 20_000);

  it("the largest pool the rules allow (34 dice a side) still sums to 1", () => {
    const huge = { name: "H", attribute: 10, competency: 12, ranks: 10, item: 12, bonus: 12, assists: [Array(10).fill(12), Array(10).fill(12)] };
    const odds = attack.odds.exact({ attack: "lunge", defence: "parry", attacker: huge, defender: { ...huge, name: "G" } });
    expectPartition(odds, ["attackerWins", "defenderWins"]);
    expect(odds.chances.attackerWins).toBeLessThan(0.5);
  });

  it("with Drop allowed to empty a pool (keepOneDie off), an emptied attack pool totals 0 and never wins", () => {
    // An empty pool totals 0 and every die shows at least 1, so the defender wins every exchange.
    const request = { attack: "lunge", defence: "parry", attacker: { name: "A", attribute: 6, competent: false, drop: 1 }, defender: { name: "D", attribute: 6, competent: false }, options: { keepOneDie: false } };
    const odds = expectEnumerationAgrees(attack, request);
    expect(odds.chances).toEqual({ attackerWins: 0, defenderWins: expect.closeTo(1, 12) });
    expect(odds.distributions.attackerTotal).toEqual([[0, expect.closeTo(1, 12)]]);
    expect(odds.distributions.attackerSuccessPoints).toEqual([]);
    const skillOdds = expectEnumerationAgrees(skill, { actor: { name: "A", attribute: 6, competent: false, drop: 1 }, skill: "deceive", opposition: "easy", options: { keepOneDie: false } });
    expect(skillOdds.chances).toEqual({ success: 0, failure: expect.closeTo(1, 12) });
  });

  it("Very Easy never fails and rolls no opposition, as resolve on every face shows", () => {
    const odds = expectEnumerationAgrees(skill, { actor: { name: "A", attribute: 8, competency: 6 }, skill: "deceive", opposition: "very-easy" });
    expect(odds.chances).toEqual({ success: expect.closeTo(1, 12), failure: 0 });
  });

  it("the winner's purchases do not change the dice: a request naming them has the odds of one that does not", () => {
    // On the lowest faces the defender wins a lone d6 against a lone d6 with 1 SP, too few for Style (3 SP).
    const exchange = { attack: "lunge", defence: "parry", attacker: { name: "A", attribute: 6, competent: false }, defender: { name: "D", attribute: 6, competent: false } };
    expect(attack.odds.exact({ ...exchange, spend: ["gain-style"] })).toEqual(attack.odds.exact(exchange));
    expect(attack.odds.exact({ ...exchange, spend: [], landingSpend: ["inflict-wound"] })).toEqual(attack.odds.exact(exchange));
    const easy = { actor: { name: "A", attribute: 6, competent: false }, skill: "deceive", opposition: "very-easy" };
    expect(skill.odds.exact({ ...easy, spend: ["gain-style"] })).toEqual(skill.odds.exact(easy));
    const flourisher = { actor: { name: "A", attribute: 10, competency: 12 }, skill: "deceive" };
    expect(flourish.odds.exact({ ...flourisher, style: 6 })).toEqual(flourish.odds.exact(flourisher));
  });

  it("refuses what resolve refuses: no Parrying an aimed shot", () => {
    expect(() => attack.odds.exact({ attack: "aim", defence: "parry", attacker: { name: "A", attribute: 6, competent: false }, defender: { name: "D", attribute: 6, competent: false } })).toThrow(RuleError);
  });
});
