/**
 * Issue 39 (an honest bench): every odds row of `npm run bench` samples whole contests, and the
 * bench fails on a row that misses its goal. Nothing here times anything.
 */
import { describe, expect, it } from "vitest";
import { DiceTray, seededDice } from "../src/core/dice/source.js";
import { RULESETS } from "../src/rules/index.js";
import { CONTESTS, GOALS, oddsFailures, type OddsRow } from "../scripts/bench-odds.js";

const row = (largestError: number, faster: number): OddsRow => ({ contest: CONTESTS[0]!, exactMs: 1, monteCarloMs: faster, faster, largestError });

describe("the bench's odds rows", () => {
  it.each(CONTESTS.map((contest) => [`${contest.ruleset} ${contest.action}: ${contest.what}`, contest] as const))("%s resolves to the end on every sampled dice (no choice left unmade)", (_name, contest) => {
    const action = RULESETS.find((r) => r.id === contest.ruleset)!.actions[contest.action]!;
    const source = seededDice(7);
    for (let i = 0; i < 300; i += 1) {
      const outcome = action.resolve(contest.request, new DiceTray(source));
      expect(outcome.awaiting, `sample ${i} stopped to ask ${outcome.awaiting?.choice}`).toBeUndefined();
    }
  });

  it("a row passes only within both goals, and each miss is named", () => {
    expect(oddsFailures([row(GOALS.oddsError, GOALS.oddsFaster)])).toEqual([]);
    const [error] = oddsFailures([row(GOALS.oddsError + 0.001, GOALS.oddsFaster)]);
    expect(error).toMatch(/off the exact odds by 0\.0110/);
    const [slow] = oddsFailures([row(0, GOALS.oddsFaster - 1)]);
    expect(slow).toMatch(/99x faster .* at least 100x/);
    expect(oddsFailures([row(0.5, 1)])).toHaveLength(2);
  });
});
