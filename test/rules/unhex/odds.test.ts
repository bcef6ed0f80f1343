import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradePercentile, readPercentile } from "../../../src/core/dice/percentile.js";
import { DiceTray } from "../../../src/core/dice/source.js";
import { RuleError } from "../../../src/core/ruleError.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { splitOffer } from "../../../src/rules/unhex/hit.js";
import { bestReroll } from "../../../src/rules/unhex/odds.js";
import { actionOf, expectEnumerationAgrees, expectMonteCarloAgrees, expectPartition, expectWhole } from "../oddsChecks.js";

const check = actionOf(unhexRules, "check");
const opposed = actionOf(unhexRules, "opposed");
const attack = actionOf(unhexRules, "attack");

// With every choice given, `resolve` runs to the end on every face, so the Monte Carlo reads the same thing the odds list.
const roller = (name: string) => fc.record({ name: fc.constant(name), level: fc.integer({ min: 5, max: 95 }), pc: fc.boolean(), good: fc.boolean() });
const reroll = fc.constantFrom("none", "tens", "units");

describe("unhex exact odds", () => {
  it("level 45: success 45 in 100; criticals on 11, 22, 33, 44 and 45; critical failures on 55-99 doubles and 00", () => {
    const odds = check.odds.exact({ character: { name: "Ines", level: 45 }, critical: "extra-action" });
    expect(odds.chances.success).toBeCloseTo(0.45, 15);
    expect(odds.chances.criticalSuccess).toBeCloseTo(0.05, 15);
    expect(odds.chances.criticalFailure).toBeCloseTo(0.06, 15);
    expect(odds.chances.losesNextAction).toBeCloseTo(0.06, 15);
    expectWhole(odds, "reading");
  });

  it("equals resolve run on every face: an opposed roll, and an attack on a target with a shield (who picks the split)", () => {
    const choices = { criticals: { a: "extra-action", b: "extra-action" } };
    expectEnumerationAgrees(opposed, { a: { name: "A", level: 45, pc: true }, b: { name: "B", level: 55 }, roll: true, ...choices });
    expectEnumerationAgrees(attack, {
      attacker: { name: "Ann", level: 50, area: "bar", weapon: "melee" },
      target: { name: "Bob", level: 40, area: "bar", shield: true, wounds: { head: 4 } },
      reaction: "none",
      roll: true,
      criticals: { attacker: "extra-action" },
      damageDie: "units",
    });
  }, 20_000);

  it("a good roller's reroll, listed once for every throw that keeps the same dice, equals resolve run on every face (each reroll)", () => {
    for (const reroll of ["none", "tens", "units", "both"] as const) {
      expectEnumerationAgrees(check, { character: { name: "Ines", level: 45, good: true }, reroll, critical: "extra-action" });
    }
    expectEnumerationAgrees(attack, {
      attacker: { name: "Ann", level: 60, good: true, area: "bar", weapon: "melee" },
      target: { name: "Bob", level: 40, area: "bar" },
      reaction: "none",
      roll: true,
      rerolls: { attacker: "both" },
      criticals: { attacker: "extra-action" },
      damageDie: "tens",
    });
  }, 30_000);

  it("property: checks and opposed rolls with their choices given agree with a seeded Monte Carlo, and sum to 1", () => {
    fc.assert(
      fc.property(roller("A"), roller("B"), reroll, reroll, fc.nat(), (a, b, ra, rb, seed) => {
        const rerollA = a.good ? { reroll: ra } : {};
        expectWhole(expectMonteCarloAgrees(check, { character: a, ...rerollA, critical: "extra-action" }, 800, seed), "reading");
        const rerolls = { ...(a.good ? { a: ra } : {}), ...(b.good ? { b: rb } : {}) };
        const odds = expectMonteCarloAgrees(opposed, { a, b, roll: true, rerolls, criticals: { a: { set: Math.max(1, a.level) }, b: "extra-action" } }, 1000, seed + 1);
        expectPartition(odds, ["aWins", "bWins", "tie"]);
      }),
      { seed: 31, numRuns: 4 },
    );
  }, 30_000);

  it("property: attacks agree with a seeded Monte Carlo, with or without a reaction", () => {
    fc.assert(
      fc.property(roller("Ann"), roller("Bob"), fc.constantFrom("none", "defend", "counterattack"), fc.nat(), (a, b, reaction, seed) => {
        const request = {
          attacker: { ...a, area: "bar", weapon: "melee" },
          target: { ...b, area: "bar" },
          reaction,
          roll: true,
          rerolls: { ...(a.good ? { attacker: "units" } : {}), ...(b.good ? { target: "tens" } : {}) },
          criticals: { attacker: "extra-action", target: { set: Math.max(1, b.level) } },
          damageDie: "tens",
          counterDamageDie: "units",
        };
        const odds = expectMonteCarloAgrees(attack, request, 1000, seed);
        const locations = Object.keys(odds.chances).filter((name) => name.startsWith("location."));
        expect(locations.reduce((sum, name) => sum + (odds.chances[name] ?? 0), 0)).toBeCloseTo(odds.chances.hit ?? Number.NaN, 12);
      }),
      { seed: 32, numRuns: 4 },
    );
  }, 30_000);

  it("a choice the table has not made yet is played for success: a good roller rerolls after a failure, and it only helps", () => {
    const plain = check.odds.exact({ character: { name: "A", level: 45 } }).chances.success!;
    const good = check.odds.exact({ character: { name: "A", level: 45, good: true } }).chances.success!;
    const keeps = check.odds.exact({ character: { name: "A", level: 45, good: true }, reroll: "none" }).chances.success!;
    const both = check.odds.exact({ character: { name: "A", level: 45, good: true }, reroll: "both" }).chances.success!;
    expect(keeps).toBeCloseTo(plain, 15);
    expect(good).toBeGreaterThan(plain);
    expect(good).toBeGreaterThanOrEqual(both);
    // 72 against 45: keeping the 2 and rerolling the tens gives 5 in 10; rerolling both only 45 in 100.
    expect(bestReroll(gradePercentile({ tens: 7, units: 2, reading: 72 }, 45))).toBe("tens");
    expect(bestReroll(gradePercentile({ tens: 3, units: 2, reading: 32 }, 45))).toBe("none");
  });

  it("after a failure a good roller rerolls the dice that most raise her chance, counted face by face", () => {
    // Level 45. 48: the units give 40-45 (6 in 10), the tens 08, 18, 28, 38 (4 in 10), both 45 in 100.
    expect(bestReroll(gradePercentile({ tens: 4, units: 8, reading: 48 }, 45))).toBe("units");
    // 77: the tens give 07, 17, 27, 37 (4 in 10), the units 70-79 (none), both 45 in 100.
    expect(bestReroll(gradePercentile({ tens: 7, units: 7, reading: 77 }, 45))).toBe("both");
    // 72: the tens give 02-42 (5 in 10), the units none, both 45 in 100.
    expect(bestReroll(gradePercentile({ tens: 7, units: 2, reading: 72 }, 45))).toBe("tens");
  });

  it("a reroll of both dice is taken only when it does better: 65 against 50 gives 5 in 10 by the tens alone and by both", () => {
    expect(bestReroll(gradePercentile({ tens: 6, units: 5, reading: 65 }, 50))).toBe("tens");
  });

  it("a roller at level 0 can never succeed, so no reroll helps: she keeps her dice", () => {
    expect(bestReroll(gradePercentile({ tens: 3, units: 7, reading: 37 }, 0))).toBe("none");
  });

  it("an attack with no reaction declared is an unanswered one, and a reaction given as an object reads as its name", () => {
    const attackOn = { attacker: { name: "Ann", level: 50, area: "bar", weapon: "melee" }, target: { name: "Bob", level: 40, area: "bar" }, roll: true, criticals: { attacker: "extra-action", target: "extra-action" }, damageDie: "tens", counterDamageDie: "units" };
    expect(attack.odds.exact(attackOn)).toEqual(attack.odds.exact({ ...attackOn, reaction: "none" }));
    expect(attack.odds.exact({ ...attackOn, reaction: { kind: "defend" } })).toEqual(attack.odds.exact({ ...attackOn, reaction: "defend" }));
  });

  it("equals resolve run on every face when each side sets her critical's dice: a Defend against an attack", () => {
    expectEnumerationAgrees(attack, {
      attacker: { name: "Ann", level: 50, area: "bar", weapon: "melee" },
      target: { name: "Bob", level: 40, area: "bar" },
      reaction: "defend",
      roll: true,
      criticals: { attacker: { set: 1 }, target: { set: 40 } },
      damageDie: "tens",
    });
  }, 30_000);

  it("equals resolve run on every face for a Counterattack, its hits of 0 damage included", () => {
    expectEnumerationAgrees(attack, {
      attacker: { name: "Ann", level: 50, area: "bar", weapon: "melee" },
      target: { name: "Bob", level: 60, area: "bar" },
      reaction: "counterattack",
      roll: true,
      criticals: { attacker: "extra-action", target: "extra-action" },
      damageDie: "tens",
      counterDamageDie: "units",
    });
  }, 30_000);

  it("an attack still waiting for its split is read as a hit with no damage or location yet", () => {
    const request = { attacker: { name: "Ann", level: 50, area: "bar", weapon: "melee" }, target: { name: "Bob", level: 40, area: "bar" }, reaction: "none", roll: true };
    // A 23 hits a level-50 attacker's target; its two dice are not doubles, so whoever picks is asked to split them.
    const faces = [2, 3];
    const outcome = attack.resolve(request, new DiceTray({ next: () => faces.shift() ?? 1 }));
    expect(outcome.awaiting?.choice).toBe("damageDie");
    expect(attack.odds.observe(request, outcome)).toStrictEqual({ events: { hit: true, defended: false, counterHit: false, extraAction: false, losesNextAction: false }, values: {} });
  });

  it("a split nobody has chosen is the picker's default: the attacker takes the higher digit as damage, a target with a shield or in cover the lower; a Counterattack's hit the other way round", () => {
    // Counted over the hundred throws: each hit's damage is the rules' split at the die the picker takes.
    const expected = (level: number, takesHigher: boolean) => {
      const pmf = new Map<number, number>();
      for (let tens = 0; tens <= 9; tens += 1) {
        for (let units = 0; units <= 9; units += 1) {
          const thrown = gradePercentile({ tens, units, reading: readPercentile(tens, units) }, level);
          if (!thrown.success) continue;
          const higher = tens >= units ? "tens" : "units";
          const die = takesHigher || tens === units ? higher : higher === "tens" ? "units" : "tens";
          const { damage } = splitOffer(thrown)[die];
          pmf.set(damage, (pmf.get(damage) ?? 0) + 1 / 100);
        }
      }
      return [...pmf.entries()].sort(([x], [y]) => x - y).map(([value, p]) => [value, expect.closeTo(p, 12)]);
    };
    const ann = { name: "Ann", level: 50, area: "bar", weapon: "melee" };
    const bob = { name: "Bob", level: 60, area: "bar" };
    const choices = { roll: true, criticals: { attacker: "extra-action", target: "extra-action" } };
    for (const shield of [false, true]) {
      expect(attack.odds.exact({ attacker: ann, target: { ...bob, shield }, reaction: "none", ...choices }).distributions.damage).toEqual(expected(50, !shield));
      // The counterattacker picks her split unless the attacker she hits holds a shield.
      expect(attack.odds.exact({ attacker: { ...ann, shield }, target: bob, reaction: "counterattack", damageDie: "tens", ...choices }).distributions.counterDamage).toEqual(expected(60, !shield));
    }
    // A shot at a target in cover (the bar, seen from the dance floor) is split by the target.
    expect(attack.odds.exact({ attacker: { ...ann, area: "dance-floor", weapon: "one-handed-ranged" }, target: bob, reaction: "none", ...choices }).distributions.damage).toEqual(expected(50, false));
  });

  it("refuses what resolve refuses: no Defend against a shot without cover", () => {
    expect(() =>
      attack.odds.exact({ attacker: { name: "Ann", level: 50, area: "bar", weapon: "one-handed-ranged" }, target: { name: "Bob", level: 40, area: "dance-floor" }, reaction: { kind: "defend" } }),
    ).toThrow(RuleError);
  });
});

describe("a reroll's branches after seeing the dice (issue 38: odds for every chooser)", () => {
  it("keeping is the roll as it stands; each reroll counts every face of the dice rerolled, read as the rules read a roll", async () => {
    const { rerollBranches } = await import("../../../src/rules/unhex/odds.js");
    const { gradePercentile } = await import("../../../src/core/dice/percentile.js");
    // A 35 against level 40 is a success; rerolling the units keeps the tens 3: 30–39 read 30..39, and 30–39 ≤ 40 all succeed.
    const held = rerollBranches(gradePercentile({ tens: 3, units: 5, reading: 35 }, 40));
    expect(held).toEqual({ none: 1, tens: 0.4, units: 1, both: 0.4 });
    // A 75 against 40 fails: the tens rerolled leaves a 5 (05..35 succeed, 45 does not: 4 of 10); the units alone cannot help.
    const failed = rerollBranches(gradePercentile({ tens: 7, units: 5, reading: 75 }, 40));
    expect(failed).toEqual({ none: 0, tens: 0.4, units: 0, both: 0.4 });
  });
});
