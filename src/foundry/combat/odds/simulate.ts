/**
 * The tracker's odds of a fight, worked out: many fights of the party against the foes, each through
 * the ruleset's `fray fight` rules, stopped by a time budget or once the party's interval is narrow
 * enough. It touches no Foundry global and no DOM, so the same module runs in a Web Worker in the
 * browser (worker.ts) and in-process in the tests.
 */
import { Value } from "@sinclair/typebox/value";
import { type Chance, fightMany, wilson } from "../../../core/fight/summary.js";
import { rulesetById } from "../../../rules/index.js";
import type { RulesetId } from "../../../rules/ruleset.js";
import { ODDS_LIMITS } from "./limits.js";

export { ODDS_LIMITS };

/** What the GM's client sends the worker: the ruleset, the two sides' stat blocks (the shapes `fray fight` takes), a seed and a budget. */
export interface OddsRequest {
  ruleset: RulesetId;
  /** a: the party, b: the foes. */
  sides: { a: unknown[]; b: unknown[] };
  seed: number;
  /** How long the fights may run, in milliseconds; at least one fight is always run. */
  budgetMs: number;
}

export interface OddsAnswer {
  runs: number;
  ms: number;
  seed: number;
  chance: { a: Chance; b: Chance; none: Chance };
  medianRounds: number;
  /** Per side, per fighter in the order sent: how often she was out of the fight at its end. */
  dropped: { a: number[]; b: number[] };
}

/** The party's margin: half its 95% interval's width. */
export const marginOf = (wins: number, runs: number): number => {
  const { low, high } = wilson(wins, runs);
  return (high - low) / 2;
};

/** Runs the fights of the request; `now` is the clock the budget is read on (milliseconds). */
export function fightOdds(request: OddsRequest, now: () => number = () => performance.now()): OddsAnswer {
  const rules = rulesetById(request.ruleset)?.fight;
  if (!rules) throw new Error(`no fights of side against side in ${request.ruleset}`);
  for (const block of [...request.sides.a, ...request.sides.b]) {
    // The blocks come from the GM's own reading; one the rules cannot take is a bug to name, not a fight to run.
    if (!Value.Check(rules.fighter, block)) throw new Error(`a fighter the rules cannot read: ${JSON.stringify([...Value.Errors(rules.fighter, block)][0]?.path ?? "")}`);
  }
  const started = now();
  const summary = fightMany(rules.fight, request.sides, {
    runs: ODDS_LIMITS.maxRuns,
    roundLimit: ODDS_LIMITS.roundLimit,
    seed: request.seed,
    enough: (done, wins) => now() - started >= request.budgetMs || (done >= ODDS_LIMITS.minRuns && marginOf(wins.a, done) <= ODDS_LIMITS.margin),
  });
  return { runs: summary.runs, ms: Math.round(now() - started), seed: request.seed, chance: summary.chance, medianRounds: summary.medianRounds, dropped: summary.dropped };
}
