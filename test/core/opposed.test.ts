import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareOpposed, type OpposedWinner } from "../../src/core/opposed.js";

interface Side {
  score: number;
  pc: boolean;
}
const score = (side: Side) => side.score;
const pcWins = (a: Side, b: Side): OpposedWinner => (a.pc === b.pc ? "none" : a.pc ? "a" : "b");

describe("opposed resolution", () => {
  it("the higher score wins whatever the tie-break says", () => {
    expect(compareOpposed({ score: 7, pc: false }, { score: 5, pc: true }, score, pcWins)).toBe("a");
    expect(compareOpposed({ score: 2, pc: true }, { score: 5, pc: false }, score, pcWins)).toBe("b");
  });

  it("equal scores go to the ruleset's tie-break: the PC (unhex), or the opposition (cavaliers), or no one", () => {
    expect(compareOpposed({ score: 5, pc: false }, { score: 5, pc: true }, score, pcWins)).toBe("b");
    expect(compareOpposed({ score: 5, pc: true }, { score: 5, pc: true }, score, pcWins)).toBe("none");
    const oppositionWins = (): OpposedWinner => "b";
    expect(compareOpposed({ score: 9, pc: true }, { score: 9, pc: false }, score, oppositionWins)).toBe("b");
  });

  it("property: swapping the sides swaps the winner when the tie-break is symmetric", () => {
    const side = fc.record({ score: fc.integer({ min: -5, max: 20 }), pc: fc.boolean() });
    const swap: Record<OpposedWinner, OpposedWinner> = { a: "b", b: "a", none: "none" };
    fc.assert(
      fc.property(side, side, (a, b) => {
        expect(compareOpposed(b, a, score, pcWins)).toBe(swap[compareOpposed(a, b, score, pcWins)]);
      }),
    );
  });
});
