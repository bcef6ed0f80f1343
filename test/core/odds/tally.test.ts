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

describe("Tally of single observations", () => {
  it("with no distribution asked for, gives none: every number gets its expectation only", () => {
    const tally = new Tally();
    tally.add({ events: { hit: true }, values: { damage: 4 } }, 0.5);
    tally.add({ events: { hit: false }, values: { damage: 0 } }, 0.5);
    const odds = tally.odds();
    expect(odds.distributions).toEqual({});
    expect(odds.expected).toEqual({ damage: 2 });
    expect(odds.chances).toEqual({ hit: 0.5 });
  });

  it("keeps the distribution of the numbers asked for and only the expectation of the others", () => {
    const tally = new Tally(["damage"]);
    tally.add({ events: {}, values: { damage: 4, wounds: 1 } }, 0.25);
    tally.add({ events: {}, values: { damage: 2, wounds: 0 } }, 0.75);
    const odds = tally.odds();
    expect(odds.distributions).toEqual({
      damage: [
        [2, 0.75],
        [4, 0.25],
      ],
    });
    expect(odds.expected).toEqual({ damage: 2.5, wounds: 0.25 });
  });

  it("leaves out a value seen only with no chance at all", () => {
    const tally = new Tally(["n"]);
    tally.add({ events: {}, values: { n: 3 } }, 0);
    tally.add({ events: {}, values: { n: 1 } }, 1);
    expect(tally.odds().distributions["n"]).toEqual([[1, 1]]);
  });

  it("lists events and numbers by name, whatever order they arose in", () => {
    const tally = new Tally();
    tally.add({ events: { win: true, critical: false, loss: false }, values: { zeal: 1, armour: 2 } }, 1);
    const odds = tally.odds();
    expect(Object.keys(odds.chances)).toEqual(["critical", "loss", "win"]);
    expect(Object.keys(odds.expected)).toEqual(["armour", "zeal"]);
  });
});

describe("Tally.declare", () => {
  it("lists an event or a number that never arose, at 0", () => {
    const tally = new Tally();
    tally.declare(["critical"], ["wounds"]);
    const odds = tally.odds();
    expect(odds.chances).toEqual({ critical: 0 });
    expect(odds.expected).toEqual({ wounds: 0 });
  });

  it("names numbers only when asked to", () => {
    const tally = new Tally();
    tally.declare(["critical"]);
    expect(tally.odds().expected).toEqual({});
  });

  it("leaves what already arose as it was, declared before or after", () => {
    const tally = new Tally();
    tally.declare(["win"], ["damage"]);
    tally.add({ events: { win: true }, values: { damage: 6 } }, 0.5);
    tally.declare(["win"], ["damage"]);
    const odds = tally.odds();
    expect(odds.chances).toEqual({ win: 0.5 });
    expect(odds.expected).toEqual({ damage: 3 });
    expect(tally.meanSquare("damage")).toBe(18);
  });
});
