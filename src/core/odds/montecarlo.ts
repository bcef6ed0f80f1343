import { DiceTray, seededDice } from "../dice/source.js";
import type { Outcome } from "../outcome.js";
import { type Observation, type Odds, Tally } from "./odds.js";

/**
 * A seeded Monte Carlo of the same rules: `resolve` runs `samples` times on seeded dice and each
 * outcome is read by `observe` into the same tally the exact odds use. The tests check the exact
 * odds against it within a statistical bound; the bench times the two against each other.
 */
export interface Estimate {
  odds: Odds;
  samples: number;
  /** The sample standard deviation of a number, for the bound on its mean. */
  spread(name: string): number;
}

export function monteCarlo(resolve: (tray: DiceTray) => Outcome, observe: (outcome: Outcome) => Observation, samples: number, seed: number, distributions: readonly string[]): Estimate {
  const tally = new Tally(distributions);
  const source = seededDice(seed);
  for (let i = 0; i < samples; i += 1) tally.add(observe(resolve(new DiceTray(source))), 1 / samples);
  const odds = tally.odds();
  return {
    odds,
    samples,
    spread(name) {
      const mean = odds.expected[name] ?? 0;
      return Math.sqrt(Math.max(0, tally.meanSquare(name) - mean * mean) * (samples / Math.max(1, samples - 1)));
    },
  };
}

/** One number of the exact odds the estimate strays from by more than the bound. */
export interface Disagreement {
  what: string;
  exact: number;
  estimate: number;
  bound: number;
}

export interface Agreement {
  disagreements: Disagreement[];
  /** The largest absolute difference of any chance (events and distribution values alike). */
  largestChanceError: number;
}

/** How many standard errors an estimate may stray before the two are said to disagree. */
export const STANDARD_ERRORS = 5;

/**
 * Checks an estimate against exact odds: every chance (of an event, or of a number taking a value)
 * within STANDARD_ERRORS binomial standard errors plus one sample and `epsilon`, every expectation within as many
 * of its standard errors (from the samples' spread, or from the mean where the samples saw too little). An outcome the exact odds call impossible must never be seen.
 */
export function agreement(exact: Odds, estimate: Estimate, epsilon = 1e-9): Agreement {
  const n = estimate.samples;
  const disagreements: Disagreement[] = [];
  let largestChanceError = 0;
  const chance = (what: string, p: number, seen: number) => {
    // Counts are whole: one sample more or less than expected is allowed, except of an outcome the
    // exact odds call impossible, which must never be seen.
    const bound = p === 0 ? epsilon : STANDARD_ERRORS * Math.sqrt((p * (1 - p)) / n) + 1 / n + epsilon;
    const error = Math.abs(p - seen);
    largestChanceError = Math.max(largestChanceError, error);
    if (error > bound) disagreements.push({ what, exact: p, estimate: seen, bound });
  };
  for (const name of new Set([...Object.keys(exact.chances), ...Object.keys(estimate.odds.chances)])) {
    chance(`chance ${name}`, exact.chances[name] ?? 0, estimate.odds.chances[name] ?? 0);
  }
  for (const name of new Set([...Object.keys(exact.distributions), ...Object.keys(estimate.odds.distributions)])) {
    const exactPmf = new Map(exact.distributions[name] ?? []);
    const seenPmf = new Map(estimate.odds.distributions[name] ?? []);
    for (const value of new Set([...exactPmf.keys(), ...seenPmf.keys()])) chance(`${name} = ${value}`, exactPmf.get(value) ?? 0, seenPmf.get(value) ?? 0);
  }
  for (const name of new Set([...Object.keys(exact.expected), ...Object.keys(estimate.odds.expected)])) {
    const p = exact.expected[name] ?? 0;
    const seen = estimate.odds.expected[name] ?? 0;
    // Every number the odds count is whole, so its variance is at least μ(1 − μ) for a mean μ below
    // 1: a rare loss the samples never saw (spread 0) is still given its due.
    const mean = Math.min(1, Math.abs(p));
    const spread = Math.max(estimate.spread(name), Math.sqrt(mean * (1 - mean)));
    const bound = (STANDARD_ERRORS * spread) / Math.sqrt(n) + epsilon;
    if (Math.abs(p - seen) > bound) disagreements.push({ what: `expected ${name}`, exact: p, estimate: seen, bound });
  }
  return { disagreements, largestChanceError };
}
