import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { RULESETS } from "../../src/rules/index.js";
import { parseCliExamples as parseExamples } from "../../scripts/cli-examples.js";

const examples = parseExamples(readFileSync("docs/cli.md", "utf8"));
// The fighters docs/cli.md shows for each ruleset's duel, one a side or two a side.
const duelOf = (ruleset: string) => {
  const example = examples.find((e) => e.argv[0] === "duel" && e.exit === 0 && (JSON.parse(e.stdin) as { ruleset: string }).ruleset === ruleset);
  return JSON.parse(example!.stdin) as { ruleset: string; a: { name: string }; b: { name: string } };
};

interface Report {
  runs: number;
  wins: { a: number; b: number; none: number };
  chance: Record<"a" | "b" | "none", { chance: number; low: number; high: number }>;
  medianRounds: number;
  dropped: Record<"a" | "b", Array<{ name: string; drops: number }>>;
}

const withFight = RULESETS.filter((r) => r.fight).map((r) => r.id);

describe("fray fight", () => {
  it.each(withFight)("%s: chances with their intervals, the median rounds and each fighter's drops; a seed replays", (ruleset) => {
    const duel = duelOf(ruleset);
    const stdin = JSON.stringify({ ruleset, sides: { a: [duel.a], b: [duel.b, duel.b] } });
    const run = (seed: number) => runCli(["fight", "--runs", "20", "--rounds", "40", "--seed", String(seed)], () => stdin);
    const first = run(3);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.wins.a + report.wins.b + report.wins.none).toBe(20);
    for (const side of ["a", "b", "none"] as const) {
      expect(report.chance[side].chance).toBeCloseTo(report.wins[side] / 20, 3);
      expect(report.chance[side].low).toBeLessThanOrEqual(report.chance[side].chance);
      expect(report.chance[side].high).toBeGreaterThanOrEqual(report.chance[side].chance);
    }
    expect(report.medianRounds).toBeGreaterThan(0);
    expect(report.dropped.b.map((d) => d.name)).toEqual([duel.b.name, duel.b.name]);
    // The losing side's fighters all dropped in each fight it lost.
    expect(report.dropped.a[0]!.drops).toBeGreaterThanOrEqual(report.wins.b / 20);
    expect(run(3).stdout).toBe(first.stdout);
  });

  it("a ruleset without a fight yet, an empty side and a fighter of the wrong shape are one-line errors with exit 2", () => {
    const without = RULESETS.find((r) => !r.fight);
    if (without) {
      const refused = runCli(["fight"], () => JSON.stringify({ ruleset: without.id, sides: { a: [], b: [] } }));
      expect(refused).toMatchObject({ code: 2, stdout: "" });
      expect(refused.stderr).toMatch(/^ruleset: \w+ has no side-against-side fight yet; fights are known for .+\n$/);
    }
    const empty = runCli(["fight"], () => JSON.stringify({ ruleset: "cavaliers", sides: { a: [], b: [] } }));
    expect(empty).toMatchObject({ code: 2, stdout: "" });
    expect(empty.stderr.split("\n")).toHaveLength(2);
    const wrong = runCli(["fight"], () => JSON.stringify({ ruleset: "cavaliers", sides: { a: [{ name: "x" }], b: [{ name: "y" }] } }));
    expect(wrong).toMatchObject({ code: 2, stdout: "" });
    const extra = runCli(["fight", "--table"], () => "{}");
    expect(extra.code).toBe(2);
  });

  it("fighters who cannot hurt each other stop at the cap on fighter-rounds", () => {
    const duel = duelOf("personal");
    const harmless = { ...duel.a, weapon: { attack: "1d20", damage: "1d4", damageType: "physical" }, defense: 1000 };
    const stdin = JSON.stringify({ ruleset: "personal", sides: { a: [harmless], b: [harmless] } });
    const result = runCli(["fight", "--runs", "10000", "--rounds", "1000"], () => stdin);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toBe("fight: more than 100000 fighter-rounds fought in all after 51 fights, the most one fight command may fight; lower --runs or --rounds\n");
  }, 60_000);
});
