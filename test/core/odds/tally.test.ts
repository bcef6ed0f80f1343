import { describe, expect, it } from "vitest";
import { Tally } from "../../../src/core/odds/odds.js";

const dense = (min: number, ...p: number[]) => ({ min, p: new Float64Array(p) });

describe("Tally.addValues (a whole distribution at once)", () => {
  it("alone, gives its values in order with the zero chances left out, and its mean and mean square", () => {
    const tally = new Tally(["n"]);
    tally.addValues("n", dense(-1, 0.25, 0, 0.75));
    const odds = tally.odds();
    expect(odds.distributions["n"]).toEqual([
      [-1, 0.25],
      [1, 0.75],
    ]);
    expect(odds.expected["n"]).toBeCloseTo(0.5, 15);
    expect(tally.meanSquare("n")).toBeCloseTo(1, 15);
  });

  it("twice for one number, the two are added value by value and sorted", () => {
    const tally = new Tally(["n"]);
    tally.addValues("n", dense(3, 0.25, 0.25));
    tally.addValues("n", dense(1, 0.25, 0, 0.25));
    expect(tally.odds().distributions["n"]).toEqual([
      [1, 0.25],
      [3, 0.5],
      [4, 0.25],
    ]);
  });

  it("with single observations of the same number, both are counted", () => {
    const tally = new Tally(["n"]);
    tally.add({ events: {}, values: { n: 2 } }, 0.5);
    tally.addValues("n", dense(0, 0.25, 0, 0.25));
    expect(tally.odds().distributions["n"]).toEqual([
      [0, 0.25],
      [2, 0.75],
    ]);
  });

  it("for a number whose distribution is not wanted, only its expectation is kept", () => {
    const tally = new Tally([]);
    tally.addValues("n", dense(2, 0.5, 0.5));
    const odds = tally.odds();
    expect(odds.distributions).toEqual({});
    expect(odds.expected["n"]).toBeCloseTo(2.5, 15);
  });
});
