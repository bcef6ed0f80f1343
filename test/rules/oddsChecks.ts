import { expect } from "vitest";
import { agreement, monteCarlo } from "../../src/core/odds/montecarlo.js";
import type { Odds } from "../../src/core/odds/odds.js";
import { enumeratedOdds } from "../../src/rules/odds.js";
import type { RulesetAction, RulesetRules } from "../../src/rules/ruleset.js";

/**
 * Shared checks of a ruleset's exact odds: against a seeded Monte Carlo of `resolve` (within
 * STANDARD_ERRORS standard errors plus a small epsilon), against `resolve` run on every face it can
 * draw (to rounding), and that the chances of outcomes that exclude each other add up to 1.
 */

export function actionOf(rules: RulesetRules, id: string): RulesetAction & { odds: NonNullable<RulesetAction["odds"]> } {
  const action = rules.actions[id];
  if (!action?.odds) throw new Error(`${rules.id} ${id} has no odds`);
  return action as RulesetAction & { odds: NonNullable<RulesetAction["odds"]> };
}

/** The exact odds agree with `samples` seeded resolves of the same request. */
export function expectMonteCarloAgrees(action: ReturnType<typeof actionOf>, request: unknown, samples: number, seed: number): Odds {
  const exact = action.odds.exact(request);
  const estimate = monteCarlo((tray) => action.resolve(request, tray), (outcome) => action.odds.observe(request, outcome), samples, seed, Object.keys(exact.distributions));
  expect(agreement(exact, estimate).disagreements, JSON.stringify(request)).toEqual([]);
  return exact;
}

/** The exact odds equal those of `resolve` run on every sequence of faces (to rounding, or to `tolerance` where a tail is cut). */
export function expectEnumerationAgrees(action: ReturnType<typeof actionOf>, request: unknown, tolerance = 1e-12): Odds {
  const exact = action.odds.exact(request);
  const names = { events: Object.keys(exact.chances), distributions: Object.keys(exact.distributions), expectations: Object.keys(exact.expected) };
  const listed = enumeratedOdds(action, names, action.odds.observe).exact(request);
  for (const [name, p] of Object.entries(exact.chances)) expect(Math.abs(p - (listed.chances[name] ?? 0)), `chance ${name}`).toBeLessThanOrEqual(tolerance);
  for (const [name, p] of Object.entries(exact.expected)) expect(Math.abs(p - (listed.expected[name] ?? 0)), `expected ${name}`).toBeLessThanOrEqual(tolerance * Math.max(1, Math.abs(p)) * 10);
  for (const [name, pmf] of Object.entries(exact.distributions)) {
    const other = new Map(listed.distributions[name] ?? []);
    for (const [value, p] of pmf) expect(Math.abs(p - (other.get(value) ?? 0)), `${name} = ${value}`).toBeLessThanOrEqual(tolerance);
    for (const [value, p] of other) if (!pmf.some(([v]) => v === value)) expect(p, `${name} = ${value} only by enumeration`).toBeLessThanOrEqual(tolerance);
  }
  return exact;
}

/** Outcomes that exclude each other and cover everything: their chances and the cut add up to 1. */
export function expectPartition(odds: Odds, events: readonly string[]): void {
  const sum = events.reduce((total, event) => total + (odds.chances[event] ?? Number.NaN), 0);
  expect(Math.abs(sum + odds.cut - 1), events.join(" + ")).toBeLessThan(1e-9);
}

/** A distribution of a number that always arises sums (with the cut) to 1. */
export function expectWhole(odds: Odds, name: string): void {
  const sum = (odds.distributions[name] ?? []).reduce((total, [, p]) => total + p, 0);
  expect(Math.abs(sum + odds.cut - 1), name).toBeLessThan(1e-9);
  expect((odds.distributions[name] ?? []).every(([, p]) => p > 0), `${name} lists only values that can happen`).toBe(true);
}
