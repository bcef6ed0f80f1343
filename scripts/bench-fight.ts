/**
 * The fight part of `npm run bench`: per ruleset with a side-against-
 * side fight, 1,000 fights of 5 against 5 (the fighters docs/cli.md shows for that ruleset's duel, five
 * of each), their seconds, and those seconds as a multiple of one resolve of the ruleset's attack (its
 * first `fray resolve` attack example in docs/cli.md, Drama's melee round, through runCli, in the same run). The aim is 2 s
 * for the 1,000 fights on the two-core machines; printed, asserted by nothing.
 */
import { readFileSync } from "node:fs";
import { runCli } from "../src/cli/run.js";
import { fightMany } from "../src/core/fight/summary.js";
import { RULESETS } from "../src/rules/index.js";
import { parseCliExamples } from "./cli-examples.js";

export const FIGHT_AIM_SECONDS = 2;

export interface FightRow {
  ruleset: string;
  fights: number;
  seconds: number;
  /** The processor time the fights took (on a shared machine the wall time also counts other work). */
  cpuSeconds: number;
  /** The 1,000 fights' time over one resolve's. */
  resolves: number;
}

const rulesetOf = (stdin: string): { ruleset?: string; action?: string } => {
  try {
    return JSON.parse(stdin) as { ruleset?: string; action?: string };
  } catch {
    return {};
  }
};

function oneResolveSeconds(argv: string[], stdin: string): number {
  for (let i = 0; i < 50; i += 1) runCli(argv, () => stdin);
  const started = performance.now();
  let runs = 0;
  while (performance.now() - started < 200) {
    runCli(argv, () => stdin);
    runs += 1;
  }
  return (performance.now() - started) / runs / 1000;
}

export function benchFight(fights = 1000): FightRow[] {
  const examples = parseCliExamples(readFileSync("docs/cli.md", "utf8")).filter((e) => e.exit === 0);
  return RULESETS.filter((ruleset) => ruleset.fight).map((ruleset) => {
    const duel = examples.find((e) => e.argv[0] === "duel" && rulesetOf(e.stdin).ruleset === ruleset.id);
    // Drama has no action called attack: its blow is the melee round.
    const blow = ruleset.actions.attack ? "attack" : "melee";
    const attack = examples.find((e) => e.argv[0] === "resolve" && rulesetOf(e.stdin).ruleset === ruleset.id && rulesetOf(e.stdin).action === blow);
    if (!duel || !attack) throw new Error(`docs/cli.md has no ${ruleset.id} duel or attack to bench a fight from`);
    const { a, b } = JSON.parse(duel.stdin) as { a: unknown; b: unknown };
    const started = performance.now();
    const cpu = process.cpuUsage();
    fightMany(ruleset.fight!.fight, { a: Array(5).fill(a), b: Array(5).fill(b) }, { runs: fights, roundLimit: 50, seed: 1 });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = process.cpuUsage(cpu).user / 1e6;
    return { ruleset: ruleset.id, fights, seconds, cpuSeconds, resolves: seconds / oneResolveSeconds(attack.argv, attack.stdin) };
  });
}

export function printFight(rows: readonly FightRow[]): void {
  console.log(`\nFights of 5 against 5 (aim: ${FIGHT_AIM_SECONDS} s for 1,000; resolves = the fights' time over one attack resolve's, same run)\n`);
  for (const row of rows) console.log(`  ${row.ruleset.padEnd(12)} ${row.fights} fights  ${row.seconds.toFixed(2).padStart(7)} s (${row.cpuSeconds.toFixed(2)} s processor)  ${Math.round(row.resolves).toLocaleString("en").padStart(10)} resolves`);
}
