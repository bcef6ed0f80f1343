import { describe, expect, it } from "vitest";
import { agreement, monteCarlo } from "../../../src/core/odds/montecarlo.js";
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
