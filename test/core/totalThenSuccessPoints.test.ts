import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../src/core/dice/source.js";
import { orderByTotalThenSuccessPoints, placeLateJoiner } from "../../src/core/initiative/totalThenSuccessPoints.js";

describe("initiative by total, then SP, then d10 roll-offs", () => {
  it("orders by total, then by SP, without rolling when nothing is tied", () => {
    const tray = new DiceTray(givenFaces([]));
    const order = orderByTotalThenSuccessPoints(
      [
        { id: "a", total: 9, successPoints: 3 },
        { id: "b", total: 12, successPoints: 2 },
        { id: "c", total: 9, successPoints: 4 },
      ],
      tray,
    );
    expect(order.map((e) => e.id)).toEqual(["b", "c", "a"]);
    expect(tray.rolled).toEqual([]);
  });

  it("rolls d10 off among the tied, again among those still tied, faces from the tray", () => {
    const tray = new DiceTray(givenFaces([5, 5, 2, 3, 8]));
    const order = orderByTotalThenSuccessPoints(
      [
        { id: "a", total: 10, successPoints: 4 },
        { id: "b", total: 10, successPoints: 4 },
        { id: "c", total: 10, successPoints: 4 },
      ],
      tray,
    );
    // first roll-off a5 b5 c2: c last; a and b roll again 3 vs 8: b first
    expect(order.map((e) => e.id)).toEqual(["b", "a", "c"]);
    expect(order.map((e) => e.rollOffs)).toEqual([[5, 8], [5, 3], [2]]);
    expect(tray.rolled.every((die) => die.sides === 10)).toBe(true);
  });

  it("a late joiner goes in at the place it earns; the standing order is untouched; ties roll off d10 until broken", () => {
    const order = [
      { id: "a", total: 12, successPoints: 2 },
      { id: "b", total: 9, successPoints: 4 },
      { id: "c", total: 9, successPoints: 4 },
    ];
    const first = placeLateJoiner(order, { id: "j", total: 13, successPoints: 1 }, new DiceTray(givenFaces([])));
    expect(first.order.map((e) => e.id)).toEqual(["j", "a", "b", "c"]);
    // Tied with b and c: 6-6 again, then 4 vs 9 loses to b; then 8 vs 2 beats c.
    const tray = new DiceTray(givenFaces([6, 6, 4, 9, 8, 2]));
    const tied = placeLateJoiner(order, { id: "j", total: 9, successPoints: 4 }, tray);
    expect(tied.order.map((e) => e.id)).toEqual(["a", "b", "j", "c"]);
    expect(tied.place).toBe(3);
    expect(tied.rollOffs).toEqual([
      { against: "b", joiner: 6, other: 6 },
      { against: "b", joiner: 4, other: 9 },
      { against: "c", joiner: 8, other: 2 },
    ]);
    expect(order.map((e) => e.id)).toEqual(["a", "b", "c"]);
  });
});

