import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/core/ruleError.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { actionOf, expectEnumerationAgrees, expectMonteCarloAgrees, expectPartition, expectWhole } from "../oddsChecks.js";

const check = actionOf(unhexRules, "check");
const opposed = actionOf(unhexRules, "opposed");
const attack = actionOf(unhexRules, "attack");

// Rerolling both dice lists ten thousand ways a roll can fall: one test below covers it, the random ones reroll one die at most.
const roller = (name: string) => fc.record({ name: fc.constant(name), level: fc.integer({ min: 5, max: 95 }), pc: fc.boolean(), good: fc.option(fc.constantFrom("tens", "units"), { nil: undefined }) });
const clean = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

describe("unhex exact odds", () => {
  it("level 45: success 45 in 100; criticals on 11, 22, 33, 44 and 45; critical failures on 55-99 doubles and 00", () => {
    const odds = check.odds.exact({ character: { name: "Ines", level: 45 } });
    expect(odds.chances.success).toBeCloseTo(0.45, 15);
    expect(odds.chances.criticalSuccess).toBeCloseTo(0.05, 15);
    expect(odds.chances.criticalFailure).toBeCloseTo(0.06, 15);
    expect(odds.chances.losesNextAction).toBeCloseTo(0.06, 15);
    expectWhole(odds, "reading");
  });

  it("equals resolve run on every face: an opposed roll, and an attack on a target with a shield (who picks the split)", () => {
    expectEnumerationAgrees(opposed, { a: { name: "A", level: 45, pc: true }, b: { name: "B", level: 55 } });
    expectEnumerationAgrees(attack, { attacker: { name: "Ann", level: 50, area: "bar", weapon: "melee" }, target: { name: "Bob", level: 40, area: "bar", shield: true, wounds: { head: 4 } } });
  }, 20_000);

  it("property: checks and opposed rolls agree with a seeded Monte Carlo for random levels and rerolls, and sum to 1", () => {
    fc.assert(
      fc.property(roller("A"), roller("B"), fc.nat(), (a, b, seed) => {
        expectWhole(expectMonteCarloAgrees(check, { character: clean(a) }, 800, seed), "reading");
        const odds = expectMonteCarloAgrees(opposed, { a: clean(a), b: clean(b) }, 1000, seed + 1);
        expectPartition(odds, ["aWins", "bWins", "tie"]);
      }),
      { seed: 31, numRuns: 4 },
    );
  }, 20_000);

  it("property: attacks agree with a seeded Monte Carlo, with or without a reaction", () => {
    fc.assert(
      fc.property(roller("Ann"), roller("Bob"), fc.constantFrom("none", "defend", "counterattack"), fc.nat(), (a, b, reaction, seed) => {
        const request = {
          attacker: { ...clean(a), area: "bar", weapon: "melee" },
          target: { ...clean(b), area: "bar" },
          ...(reaction === "defend" ? { reaction: { kind: "defend" } } : reaction === "counterattack" ? { reaction: { kind: "counterattack", weapon: "melee" } } : {}),
        };
        const odds = expectMonteCarloAgrees(attack, request, 1000, seed);
        const locations = Object.keys(odds.chances).filter((name) => name.startsWith("location."));
        expect(locations.reduce((sum, name) => sum + (odds.chances[name] ?? 0), 0)).toBeCloseTo(odds.chances.hit ?? Number.NaN, 12);
      }),
      { seed: 32, numRuns: 4 },
    );
  }, 20_000);

  it("a good character rerolling both dice after a failure: agrees with a seeded Monte Carlo", () => {
    expectWhole(expectMonteCarloAgrees(check, { character: { name: "A", level: 45, good: "both" } }, 1000, 9), "reading");
  });

  it("refuses what resolve refuses: no Defend against a shot without cover", () => {
    expect(() =>
      attack.odds.exact({ attacker: { name: "Ann", level: 50, area: "bar", weapon: "one-handed-ranged" }, target: { name: "Bob", level: 40, area: "dance-floor" }, reaction: { kind: "defend" } }),
    ).toThrow(RuleError);
  });
});
