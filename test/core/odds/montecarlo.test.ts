import { describe, expect, it } from "vitest";
import { seededDice } from "../../../src/core/dice/source.js";
import { agreement, type Estimate, monteCarlo } from "../../../src/core/odds/montecarlo.js";
import type { Odds } from "../../../src/core/odds/odds.js";
import type { Outcome } from "../../../src/core/outcome.js";

const d6: (tray: import("../../../src/core/dice/source.js").DiceTray) => Outcome = (tray) => {
  const face = tray.roll(6, "d6");
  return { dice: tray.rolled, steps: [], result: { face }, effects: [] };
};
const observe = (outcome: Outcome) => {
  const face = (outcome.result as { face: number }).face;
  return { events: { six: face === 6 }, values: { face } };
};
const truth: Odds = { chances: { six: 1 / 6 }, distributions: { face: [1, 2, 3, 4, 5, 6].map((v) => [v, 1 / 6] as [number, number]) }, expected: { face: 3.5 }, cut: 0 };

describe("monteCarlo and agreement", () => {
  it("a seeded d6 agrees with its exact odds", () => {
    const estimate = monteCarlo(d6, observe, 4000, 1, ["face"]);
    expect(agreement(truth, estimate).disagreements).toEqual([]);
  });

  it("the check can fail: a d6 said to show a 6 one time in three, or to average 4, disagrees", () => {
    const estimate = monteCarlo(d6, observe, 4000, 1, ["face"]);
    const wrong = agreement({ ...truth, chances: { six: 1 / 3 }, expected: { face: 4 } }, estimate).disagreements.map((d) => d.what);
    expect(wrong).toEqual(expect.arrayContaining(["chance six", "expected face"]));
  });

  it("an outcome the exact odds call impossible must not be seen", () => {
    const estimate = monteCarlo(d6, observe, 200, 2, ["face"]);
    const noSix: Odds = { ...truth, distributions: { face: [1, 2, 3, 4, 5].map((v) => [v, 1 / 5] as [number, number]) } };
    expect(agreement(noSix, estimate).disagreements.some((d) => d.what === "face = 6")).toBe(true);
  });
});

/** An estimate given outright, as if its samples had said so. */
const given = (odds: Partial<Odds>, samples: number, spread: (name: string) => number = () => 0): Estimate => ({
  odds: { chances: {}, distributions: {}, expected: {}, cut: 0, ...odds },
  samples,
  spread,
});

describe("monteCarlo samples", () => {
  it("runs the rules once a sample, each counted 1/samples", () => {
    let runs = 0;
    const estimate = monteCarlo(
      (tray) => {
        runs += 1;
        return d6(tray);
      },
      observe,
      250,
      3,
      ["face"],
    );
    expect(runs).toBe(250);
    expect(estimate.samples).toBe(250);
    expect(estimate.odds.distributions["face"]?.reduce((sum, [, p]) => sum + p, 0)).toBeCloseTo(1, 12);
  });

  it("the spread of a number is its samples' standard deviation (over n - 1), worked out plainly from the same seeded faces", () => {
    const estimate = monteCarlo(d6, observe, 500, 9, ["face"]);
    const source = seededDice(9);
    const faces = Array.from({ length: 500 }, () => source.next(6));
    const mean = faces.reduce((sum, face) => sum + face, 0) / faces.length;
    const variance = faces.reduce((sum, face) => sum + (face - mean) ** 2, 0) / (faces.length - 1);
    expect(estimate.odds.expected["face"]).toBeCloseTo(mean, 12);
    expect(estimate.spread("face")).toBeCloseTo(Math.sqrt(variance), 12);
    expect(estimate.spread("never observed")).toBe(0);
  });
});

describe("agreement bounds", () => {
  it("a chance may stray 5 binomial standard errors plus one sample plus epsilon, and no further", () => {
    // p = 1/2 over 100 samples: 5 × √(1/4 / 100) + 1/100 + 0.1 = 0.36.
    const exact = { ...truth, chances: { coin: 0.5 }, distributions: {}, expected: {} };
    expect(agreement(exact, given({ chances: { coin: 0.8 } }, 100), 0.1).disagreements).toEqual([]);
    const far = agreement(exact, given({ chances: { coin: 0.9 } }, 100), 0.1);
    expect(far.disagreements).toHaveLength(1);
    expect(far.disagreements[0]?.what).toBe("chance coin");
    expect(far.disagreements[0]?.exact).toBe(0.5);
    expect(far.disagreements[0]?.estimate).toBe(0.9);
    expect(far.disagreements[0]?.bound).toBeCloseTo(0.36, 12);
  });

  it("an outcome the exact odds call impossible may not be seen even once; a stray of epsilon (rounding) is allowed", () => {
    const exact: Odds = { chances: { never: 0 }, distributions: {}, expected: {}, cut: 0 };
    const once = agreement(exact, given({ chances: { never: 1 / 1000 } }, 1000));
    expect(once.disagreements.map((d) => [d.what, d.bound])).toEqual([["chance never", 1e-9]]);
    expect(agreement(exact, given({ chances: { never: 1e-9 } }, 1000)).disagreements).toEqual([]);
    expect(agreement(exact, given({ chances: { never: 2e-9 } }, 1000)).disagreements).toHaveLength(1);
  });

  it("reports the largest error of any chance, of events and of distribution values alike", () => {
    const exact: Odds = { chances: { a: 0.5, b: 0.5 }, distributions: { n: [[1, 0.5]] }, expected: {}, cut: 0 };
    const estimate = given({ chances: { a: 0.6, b: 0.3 }, distributions: { n: [[1, 0.55]] } }, 10);
    expect(agreement(exact, estimate).largestChanceError).toBeCloseTo(0.2, 12);
    const byValue = given({ chances: { a: 0.5, b: 0.5 }, distributions: { n: [[1, 0.1]] } }, 10);
    expect(agreement(exact, byValue).largestChanceError).toBeCloseTo(0.4, 12);
  });

  it("a distribution only one side has is compared value by value with nothing on the other", () => {
    const exact: Odds = { chances: {}, distributions: { face: [[1, 1]] }, expected: {}, cut: 0 };
    expect(agreement(exact, given({}, 1000)).disagreements.map((d) => d.what)).toEqual(["face = 1"]);
    expect(agreement({ ...exact, distributions: {} }, given({ distributions: { face: [[2, 1]] } }, 1000)).disagreements.map((d) => d.what)).toEqual(["face = 2"]);
  });

  it("an expectation may stray 5 standard errors of the samples' spread plus epsilon; a mean below 1 counts a spread of at least √(μ(1 − μ))", () => {
    const exact: Odds = { chances: {}, distributions: {}, expected: { loss: 0.5 }, cut: 0 };
    // The samples never saw a loss (spread 0); μ = 1/2 gives a spread of 1/2: 5 × 1/2 / √100 + 0.01 = 0.26.
    const unseen = agreement(exact, given({ expected: { loss: 0 } }, 100), 0.01);
    expect(unseen.disagreements.map((d) => d.what)).toEqual(["expected loss"]);
    expect(unseen.disagreements[0]?.bound).toBeCloseTo(0.26, 12);
    expect(agreement(exact, given({ expected: { loss: 0.25 } }, 100), 0.01).disagreements).toEqual([]);
    // A wide spread from the samples wins over the floor: 5 × 3 / √100 = 1.5.
    expect(agreement(exact, given({ expected: { loss: 1.9 } }, 100, () => 3), 0).disagreements).toEqual([]);
    expect(agreement(exact, given({ expected: { loss: 2.1 } }, 100, () => 3), 0).disagreements).toHaveLength(1);
  });

  it("an expectation exactly at its bound agrees", () => {
    // An expectation of 0 seen as epsilon: spread 0, bound epsilon.
    const exact: Odds = { chances: {}, distributions: {}, expected: { none: 0 }, cut: 0 };
    expect(agreement(exact, given({ expected: { none: 1e-9 } }, 100)).disagreements).toEqual([]);
    expect(agreement(exact, given({ expected: { none: 2e-9 } }, 100)).disagreements).toHaveLength(1);
  });
});
