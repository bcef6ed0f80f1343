import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { RULESETS } from "../../src/rules/index.js";
import { parseCliExamples as parseExamples } from "../../scripts/cli-examples.js";

// Issue 3: `duel` works for every ruleset. The fighters are the ones docs/cli.md shows for each.
const duels = new Map(
  parseExamples(readFileSync("docs/cli.md", "utf8"))
    .filter((e) => e.argv[0] === "duel" && e.exit === 0)
    .map((e) => [(JSON.parse(e.stdin) as { ruleset: string }).ruleset, e.stdin] as const),
);

interface Report {
  runs: number;
  wins: { a: number; b: number; none: number };
  winRate: { a: number; b: number; none: number };
  averageRounds: number;
}

describe("fray duel, for every ruleset", () => {
  it.each(RULESETS.map((r) => r.id))("%s: a small duel's wins add up to its runs, and the same seed gives the same report", (ruleset) => {
    const fighters = duels.get(ruleset);
    if (!fighters) throw new Error(`docs/cli.md has no ${ruleset} duel`);
    const run = (seed: number) => runCli(["duel", "--runs", "25", "--rounds", "30", "--seed", String(seed)], () => fighters);
    const first = run(11);
    expect(first.stderr).toBe("");
    const report = JSON.parse(first.stdout) as Report;
    expect(report.runs).toBe(25);
    expect(report.wins.a + report.wins.b + report.wins.none).toBe(25);
    expect(report.winRate.a).toBeCloseTo(report.wins.a / 25, 3);
    expect(report.averageRounds).toBeGreaterThan(0);
    expect(report.averageRounds).toBeLessThanOrEqual(30);
    expect(run(11).stdout).toBe(first.stdout);
  });
});
