import { expect, it } from "vitest";
import { DiceTray, seededDice } from "../../src/core/dice/source.js";
import { fightMany } from "../../src/core/fight/summary.js";
import type { RulesetRules } from "../../src/rules/ruleset.js";

/**
 * What every ruleset's side-against-side fight must show (issue 40): one against one it agrees
 * with `fray duel`, mirror-image sides win about half the time, a seed replays, 12 against 12 runs.
 */
export function fightChecks(ruleset: RulesetRules, a: unknown, b: unknown, runs = 400): void {
  const fight = ruleset.fight!;

  it("one against one agrees with the duel within the fight's 95% interval", () => {
    const summary = fightMany(fight.fight, { a: [a], b: [b] }, { runs, roundLimit: 50, seed: 11 });
    const tray = new DiceTray(seededDice(12));
    let duelWins = 0;
    for (let run = 0; run < runs; run += 1) if (ruleset.duel.fight(a, b, tray, 50).winner === "a") duelWins += 1;
    const duelRate = duelWins / runs;
    // Two estimates of one chance: their difference is wider than one interval by √2.
    const half = (summary.chance.a.high - summary.chance.a.low) / 2;
    expect(Math.abs(summary.chance.a.chance - duelRate)).toBeLessThanOrEqual(half * Math.SQRT2);
    expect(summary.chance.a.low).toBeLessThanOrEqual(summary.chance.a.chance);
    expect(summary.chance.a.high).toBeGreaterThanOrEqual(summary.chance.a.chance);
  });

  it("mirror-image sides win about half the time, within the interval", () => {
    const summary = fightMany(fight.fight, { a: [a, b], b: [a, b] }, { runs: 200, roundLimit: 50, seed: 5 });
    const decided = summary.wins.a + summary.wins.b;
    const share = summary.wins.a / decided;
    const half = 1.96 * Math.sqrt(0.25 / decided);
    expect(Math.abs(share - 0.5)).toBeLessThanOrEqual(half * 1.5);
  });

  it("a seed replays exactly, and another seed fights another fight", () => {
    const sides = { a: [a, a], b: [b, b] };
    const once = fightMany(fight.fight, sides, { runs: 30, roundLimit: 50, seed: 9 });
    expect(fightMany(fight.fight, sides, { runs: 30, roundLimit: 50, seed: 9 })).toEqual(once);
    const faces = (seed: number) => {
      const tray = new DiceTray(seededDice(seed));
      fight.fight(sides, tray, 50);
      return tray.faces();
    };
    expect(faces(9)).toEqual(faces(9));
    expect(faces(9)).not.toEqual(faces(10));
  });

  it("12 against 12 fights to an end, and every dropped fighter is counted on her own side", () => {
    const result = fight.fight({ a: Array(12).fill(a), b: Array(12).fill(b) }, new DiceTray(seededDice(4)), 200);
    expect(result.dropped.a).toHaveLength(12);
    expect(result.dropped.b).toHaveLength(12);
    expect(result.winner).not.toBe("none");
    const loser = result.winner === "a" ? result.dropped.b : result.dropped.a;
    expect(loser.every(Boolean)).toBe(true);
  });
}
