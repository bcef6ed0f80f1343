import { describe, expect, it } from "vitest";
import type { DiceTray } from "../../src/core/dice/source.js";
import type { FightResult, FightSides } from "../../src/core/fight/engine.js";
import { fightMany } from "../../src/core/fight/summary.js";

/** A fight decided by one d2: side a wins on 1, side b on 2, in one round. */
const coin = (_sides: FightSides<string>, tray: DiceTray): FightResult => {
  const a = tray.roll(2, "coin") === 1;
  return { winner: a ? "a" : "b", rounds: 1, dropped: { a: [!a], b: [a] } };
};

describe("fightMany stopped early (the tracker's odds, issue 40)", () => {
  it("stops after the fight `enough` says is enough, and counts the fights it ran, not the runs asked", () => {
    const seen: number[] = [];
    const summary = fightMany(coin, { a: ["x"], b: ["y"] }, { runs: 1000, roundLimit: 5, seed: 3, enough: (done, wins) => (seen.push(done), wins.a + wins.b >= 7) });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(summary.runs).toBe(7);
    expect(summary.wins.a + summary.wins.b).toBe(7);
    expect(summary.dropped.a[0]).toBe(Math.round((summary.wins.b / 7) * 1000) / 1000);
    expect(summary.chance.a.chance).toBe(Math.round((summary.wins.a / 7) * 1000) / 1000);
  });

  it("without `enough` it runs every fight asked, as `fray fight` does", () => {
    expect(fightMany(coin, { a: ["x"], b: ["y"] }, { runs: 40, roundLimit: 5, seed: 3 }).runs).toBe(40);
  });
});
