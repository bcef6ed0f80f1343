import { describe, expect, it } from "vitest";
import { roundOneMomentum, shootingOrder } from "../../src/core/initiative/momentum.js";

const SEED = "seed 001 (Drama in History combat)";
const farmer = (name: string, grit: number, stanceModifier = 0, agility = 2) => ({ name, grit, stanceModifier, agility, level: 1, pc: false });

describe("Momentum", () => {
  it(`${SEED} §1st Round Establishing Momentum: Grit 7 vs 6, both Stand: the first farmer has Momentum`, () => {
    expect(roundOneMomentum([farmer("second", 6), farmer("first", 7)]).order[0]?.name).toBe("first");
  });

  it(`${SEED} §1st Round Establishing Momentum: both at Grit 7, Agility decides`, () => {
    const ranking = roundOneMomentum([farmer("first", 7, 0, 2), farmer("second", 7, 0, 3)]);
    expect(ranking.order[0]?.name).toBe("second");
    expect(ranking.unresolvedTies).toEqual([]);
  });

  // The example says Press gives "+3" but then scores the farmer 9 = 7 + 2; the rules' +2 is used.
  it(`${SEED} §1st Round Establishing Momentum: pressing farmer scores 7 + 2 = 9 vs 7 (the printed "+3" is an error)`, () => {
    const ranking = roundOneMomentum([farmer("first", 7), farmer("second", 7, 2)]);
    expect(ranking.order.map((f) => f.name)).toEqual(["second", "first"]);
    expect(ranking.order[0]!.grit + ranking.order[0]!.stanceModifier).toBe(9);
  });

  it("ties go on to actor level, then to player actors, and report what is still tied", () => {
    const cameo = { name: "cameo", grit: 5, stanceModifier: 0, agility: 3, level: 2, pc: false };
    const pc = { ...cameo, name: "pc", pc: true };
    expect(roundOneMomentum([cameo, pc]).order[0]?.name).toBe("pc");
    expect(roundOneMomentum([cameo, { ...cameo, name: "veteran", level: 3 }]).order[0]?.name).toBe("veteran");
    expect(roundOneMomentum([cameo, { ...cameo, name: "twin" }]).unresolvedTies).toHaveLength(1);
  });

  it("who shoots first goes by Agility, then level, then player actors", () => {
    const order = shootingOrder([
      { name: "slow", agility: 2, level: 5, pc: true },
      { name: "quick", agility: 4, level: 1, pc: false },
      { name: "quick pc", agility: 4, level: 1, pc: true },
    ]).order.map((s) => s.name);
    expect(order).toEqual(["quick pc", "quick", "slow"]);
  });
});
