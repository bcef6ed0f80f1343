import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dramaRules } from "../../../src/rules/drama/index.js";
import { SHIELD_TAG } from "../../../src/rules/drama/odds.js";
import { shieldPatterns } from "../../../src/rules/drama/patterns.js";
import { actionOf, expectEnumerationAgrees, expectMonteCarloAgrees, expectPartition, expectWhole } from "../oddsChecks.js";
import { fyrd, SEED, warrior } from "./fixtures.js";

const melee = actionOf(dramaRules, "melee");
const ranged = actionOf(dramaRules, "ranged");
const courage = actionOf(dramaRules, "courage");
const KINDS = ["win", "marginalWin", "draw", "marginalDraw", "failure"];

describe("drama exact odds", () => {
  it("courage with 2Bd: net 2 (both dice 5+) passes 1 time in 9; net 1 (4 in 9) passes at a price with a Drama point", () => {
    const odds = courage.odds.exact({ actor: { name: "A", maxFlesh: 2, physical: 2, woundFlesh: 0, modifiers: { spendDramaPoint: true } } });
    expect(odds.chances.passed).toBeCloseTo(1 / 9, 15);
    expect(odds.chances.passedAtAPrice).toBeCloseTo(4 / 9, 15);
    expectPartition(odds, ["passed", "passedAtAPrice", "failed"]);
  });

  it("equals resolve run on every face: a melee round's judgement, blows and armour rolls; a shot", () => {
    // Flesh 1 keeps the courage test away (a wound knocks out), so every die of the round can be listed.
    const a = { name: "A", physical: 1, agility: 1, skill: 0, grit: 1, flesh: 1, maxFlesh: 5, weapon: "small" };
    const b = { name: "B", physical: 1, agility: 1, skill: 1, grit: 1, flesh: 1, maxFlesh: 5, weapon: "medium" };
    expectEnumerationAgrees(melee, { a, b, momentum: "b" });
    expectEnumerationAgrees(ranged, { shooter: a, target: b, situation: { range: "pointBlank", wind: "light" } });
  }, 20_000);

  it(`${SEED} §Determine Armor Protection: equals resolve run on every face for a Shield Bash whose spilled Flesh meets the armour, and a dramatic advantage's extra Flesh`, () => {
    // A's 4Bd can show a quad: the large shield bashes B for 3 Grit, which spills past his 1 Grit into Flesh his 1Ad meets.
    // B rolls no dice of his own, and his 1 Flesh keeps the courage test away.
    const a = { name: "A", physical: 4, agility: 0, skill: 0, grit: 1, flesh: 1, maxFlesh: 5, weapon: "unarmed", shield: "large", extraFlesh: 1 };
    const b = { name: "B", physical: 0, agility: 1, skill: 0, grit: 1, flesh: 1, maxFlesh: 5, weapon: "small" };
    const odds = expectEnumerationAgrees(melee, { a, b, momentum: "a" });
    expect(odds.expected.bFleshLost).toBeGreaterThan(0);
  }, 30_000);

  it("a card's partial request counts the stances and pools chosen so far, as the straight request does", () => {
    const a = { name: "A", physical: 3, agility: 2, skill: 2, grit: 4, flesh: 6, weapon: "medium", dramaPoints: 1 };
    const b = { name: "B", physical: 2, agility: 2, skill: 1, grit: 3, flesh: 6, weapon: "small" };
    const partial = melee.odds.exact({ a, b, interactive: true, bStance: "defend", aStance: "press", aPool: { situations: ["heightAdvantage"], base: 1, drama: 1, dramaPointsSpent: 1 } });
    const straight = melee.odds.exact({ a: { ...a, stance: "press", situationalBase: 3, drama: 1, dramaPoints: 0 }, b: { ...b, stance: "defend" } });
    expect(partial.chances).toEqual(straight.chances);
    // A stance changes the odds: the same round with both standing is another round.
    expect(melee.odds.exact({ a, b, interactive: true }).chances.aWins).not.toBeCloseTo(partial.chances.aWins!, 3);
    const shot = { shooter: a, target: b, situation: { range: "close" } };
    expect(ranged.odds.exact({ ...shot, shooterPool: { base: 2, resistance: 1 } }).chances).toEqual(ranged.odds.exact({ ...shot, shooter: { ...a, situationalBase: 2, situationalResistance: 1 } }).chances);
    expect(ranged.odds.exact({ ...shot, shooterPool: { base: 2 } }).chances.hit).toBeGreaterThan(ranged.odds.exact(shot).chances.hit!);
  });

  it("the round of the combat chapter's warrior against a fyrd agrees with a seeded Monte Carlo and sums to 1", () => {
    const odds = expectMonteCarloAgrees(melee, { a: warrior, b: { ...fyrd("Fyrd"), shield: "medium", drama: 2 } }, 2000, 3);
    expectPartition(odds, ["aWins", "bWins", "noWinner"]);
    expectPartition(odds, KINDS);
    expectWhole(odds, "aNet");
    expect(odds.cut).toBeGreaterThan(0);
    expect(odds.cut).toBeLessThan(1e-10);
  }, 20_000);

  const combatant = (name: string) =>
    fc.record({
      name: fc.constant(name),
      physical: fc.integer({ min: 1, max: 4 }),
      agility: fc.integer({ min: 1, max: 4 }),
      skill: fc.integer({ min: 0, max: 4 }),
      grit: fc.integer({ min: 0, max: 6 }),
      flesh: fc.integer({ min: 1, max: 9 }),
      weapon: fc.constantFrom("unarmed", "small", "medium", "large"),
      shield: fc.constantFrom("none", "buckler", "medium", "large"),
      stance: fc.constantFrom("stand", "press", "brace", "defend", "evade"),
      drama: fc.integer({ min: 0, max: 2 }),
      harness: fc.integer({ min: 0, max: 2 }),
    });

  it("property: melee rounds agree with a seeded Monte Carlo for random fighters, shields and stances, and sum to 1", () => {
    fc.assert(
      fc.property(combatant("A"), combatant("B"), fc.constantFrom("a", "b"), fc.nat(), (a, b, momentum, seed) => {
        const odds = expectMonteCarloAgrees(melee, { a, b, momentum }, 800, seed);
        expectPartition(odds, ["aWins", "bWins", "noWinner"]);
        expectPartition(odds, KINDS);
      }),
      { seed: 55, numRuns: 5 },
    );
  }, 20_000);

  it("property: shots and courage tests agree with a seeded Monte Carlo", () => {
    fc.assert(
      fc.property(combatant("S"), combatant("T"), fc.constantFrom("pointBlank", "close", "mid", "long"), fc.nat(), (shooter, target, range, seed) => {
        expectPartition(expectMonteCarloAgrees(ranged, { shooter, target, situation: { range } }, 800, seed), ["hit", "marginalHit", "miss"]);
        const test = { actor: { name: "C", maxFlesh: target.flesh, physical: target.physical, woundFlesh: 3, penalties: 1, modifiers: { drama: shooter.drama, spendDramaPoint: true } } };
        expectPartition(expectMonteCarloAgrees(courage, test, 600, seed + 1), ["passed", "passedAtAPrice", "failed"]);
      }),
      { seed: 56, numRuns: 4 },
    );
  }, 20_000);

  it("the largest pools a fighter's numbers allow (30 Bd, 10 Dd, shields) still sum to 1", () => {
    const big = { physical: 10, agility: 10, skill: 10, grit: 10, flesh: 10, military: 10, drama: 10, weapon: "large", shield: "large", harness: 10 };
    const odds = melee.odds.exact({ a: { name: "A", ...big }, b: { name: "B", ...big, stance: "press" } });
    expectPartition(odds, ["aWins", "bWins", "noWinner"]);
  });

  it("property: a shield's tag, folded face by face in any order and grouping, reads as shieldPatterns reads the faces", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 16 }), fc.nat(), (faces, split) => {
        const tagOf = (face: number) => SHIELD_TAG.ofFace(face, faces.filter((f) => f === face).length);
        // Faces 1..6 folded in two groups cut at `split`, the second group first.
        const cut = split % 7;
        const fold = (group: number[]) => group.reduce((tag, face) => SHIELD_TAG.combine(tag, tagOf(face)), SHIELD_TAG.initial);
        const tag = SHIELD_TAG.combine(fold([6, 5, 4, 3, 2, 1].slice(cut)), fold([6, 5, 4, 3, 2, 1].slice(0, cut)));
        const patterns = shieldPatterns(faces);
        expect(tag >> 1).toBe(patterns.triples);
        expect((tag & 1) === 1).toBe(patterns.quad);
      }),
      { seed: 57, numRuns: 300 },
    );
  });

  it("two sides with the same pool, one shielded, are read apart: swapping them swaps every number", () => {
    const fighter = { physical: 4, agility: 3, skill: 3, grit: 4, flesh: 6, weapon: "medium", harness: 1, drama: 1 };
    const shielded = { name: "S", ...fighter, shield: "large" };
    const bare = { name: "N", ...fighter };
    const one = melee.odds.exact({ a: shielded, b: bare, momentum: "a" });
    const other = melee.odds.exact({ a: bare, b: shielded, momentum: "b" });
    // The shield's Bash and triples land on the bare fighter only.
    expect(one.expected.bGritLost).toBeGreaterThan(one.expected.aGritLost!);
    for (const [mine, theirs] of [["aWins", "bWins"], ["aCritical", "bCritical"], ["win", "win"], ["draw", "draw"]] as const) expect(one.chances[mine]).toBeCloseTo(other.chances[theirs]!, 12);
    for (const [mine, theirs] of [["aGritLost", "bGritLost"], ["aFleshLost", "bFleshLost"], ["bGritLost", "aGritLost"], ["bFleshLost", "aFleshLost"]] as const) expect(one.expected[mine]).toBeCloseTo(other.expected[theirs]!, 12);
  });
});
