import { describe, expect, it } from "vitest";
import { addDieIntoSymmetric, addTwoDiceIntoSymmetric, binomial, convolve, type Dense, entriesOf, mirrorUpperHalf } from "../../../src/core/odds/dense.js";

const die = (sides: number): Dense => ({ min: 1, p: new Float64Array(sides).fill(1 / sides) });
/** Five d2s (totals 5 to 10: 1, 5, 10, 10, 5, 1 ways in 32), the lower half given, leftovers (7) past it. */
const fiveD2 = () => {
  const from = new Float64Array(12).fill(7);
  from.set([1 / 32, 5 / 32, 10 / 32]);
  return from;
};
const fiveD2Whole = (): Dense => [1, 2, 3, 4].reduce((sum) => convolve(sum, die(2)), die(2));

describe("adding dice by lower halves", () => {
  it("one die: writes the lower half of the sum and nothing past it, and changes `from` only where the sum reached", () => {
    const from = fiveD2();
    const into = new Float64Array(12).fill(5);
    // Out: 6 + 2 - 1 = 7 chances, lower half 4.
    expect(addDieIntoSymmetric(from, 6, 2, into)).toBe(7);
    const truth = convolve(fiveD2Whole(), die(2)).p;
    [0, 1, 2, 3].forEach((i) => expect(into[i]).toBeCloseTo(truth[i] as number, 15));
    expect([...into.slice(4)]).toEqual(Array.from({ length: 8 }, () => 5));
    // from[3] mirrors from[2]; from[4] on is not touched.
    expect(from[3]).toBe(10 / 32);
    expect([...from.slice(4)]).toEqual(Array.from({ length: 8 }, () => 7));
  });

  it("two dice: the same, each die's chances summed in one pass", () => {
    const from = fiveD2();
    const into = new Float64Array(12).fill(5);
    // Out: 6 + 4 - 2 = 8 chances, lower half 4.
    expect(addTwoDiceIntoSymmetric(from, 6, 2, into, new Float64Array(2))).toBe(8);
    const truth = convolve(convolve(fiveD2Whole(), die(2)), die(2)).p;
    [0, 1, 2, 3].forEach((i) => expect(into[i]).toBeCloseTo(truth[i] as number, 15));
    expect([...into.slice(4)]).toEqual(Array.from({ length: 8 }, () => 5));
    expect([...from.slice(4)]).toEqual(Array.from({ length: 8 }, () => 7));
  });

  it("mirroring the upper half writes up to the length and no further", () => {
    const p = new Float64Array(8).fill(9);
    p.set([0.25, 0.5]);
    mirrorUpperHalf(p, 3);
    expect([...p]).toEqual([0.25, 0.5, 0.25, 9, 9, 9, 9, 9]);
  });
});

describe("entriesOf", () => {
  it("gives only the values with a chance, in order, however many zero chances lie between and after them", () => {
    const pairs = entriesOf({ min: -3, p: new Float64Array([0, 0, 0.5, 0, 0, 0, 0.5, 0, 0]) });
    expect(pairs).toStrictEqual([
      [-1, 0.5],
      [3, 0.5],
    ]);
    expect(entriesOf({ min: 0, p: new Float64Array(4) })).toStrictEqual([]);
  });
});

describe("binomial", () => {
  const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);

  it.each([
    [0, 0.3],
    [1, 0.5],
    [6, 1 / 3],
    [10, 0.9],
    [25, 1 / 6],
  ])("%i tries at %d: each count of successes at C(n, k) q^k (1 - q)^(n - k)", (n, q) => {
    const chances = binomial(n, q);
    expect(chances).toHaveLength(n + 1);
    for (let k = 0; k <= n; k += 1) expect(chances[k]).toBeCloseTo(choose(n, k) * q ** k * (1 - q) ** (n - k), 14);
  });

  it("a sure try always succeeds, and a hopeless one never", () => {
    expect([...binomial(3, 1)]).toEqual([0, 0, 0, 1]);
    expect([...binomial(3, 0)]).toEqual([1, 0, 0, 0]);
  });
});
