/**
 * Exact odds: what a request's dice can do, with the probability of each outcome, before any die
 * is rolled. Every ruleset states its odds as named chances (events), distributions (a number and
 * the chance of each value) and expectations, in this one serializable shape, so a dialog, the
 * command line and the Monte Carlo checks read them the same way.
 */

import { type Dense, entriesOf } from "./dense.js";

/**
 * Where dice explode (a Drama die's 6 calls for another), an endless chain cannot be listed: a
 * branch less likely than this is left out, and the chance it held is added to `cut`.
 */
export const ODDS_CUT = 1e-12;

/** A number's distribution: [value, probability] pairs, values ascending, zero chances left out. */
export type Pmf = Array<[value: number, probability: number]>;

export interface Odds {
  /** The chance of each named event. Events may overlap (a critical win is also a win). */
  chances: Record<string, number>;
  /**
   * The distribution of each named number. A number that exists only under some event (the
   * winner's Success Points when the attacker wins) sums to that event's chance, not to 1.
   */
  distributions: Record<string, Pmf>;
  /** The expected value of each named number, counting 0 where it does not arise. */
  expected: Record<string, number>;
  /** The chance left out by the tail cut (see ODDS_CUT); 0 where no die explodes. */
  cut: number;
}

/**
 * What one resolved outcome shows of the same names: which events happened and the value of each
 * number that arose. A Monte Carlo of the same rules tallies these to check the exact odds.
 */
export interface Observation {
  events: Record<string, boolean>;
  values: Record<string, number>;
}

/**
 * Adds up weighted observations into Odds. The exact odds add each distinct outcome with its
 * probability; a Monte Carlo adds each sample with weight 1/N. Both go through this one tally, so
 * the two can only differ in their numbers.
 */
export class Tally {
  private readonly chances = new Map<string, number>();
  /**
   * For each number whose full distribution is wanted: single values as they come, and whole
   * distributions added at once, kept as given until `odds()` (a hundred thousand values need no map).
   */
  private readonly wanted: Map<string, { histogram: Map<number, number>; chunks: Dense[] }>;
  private readonly sums = new Map<string, number>();
  private readonly squares = new Map<string, number>();
  private cutMass = 0;

  /** `distributions` names the numbers whose full distribution is wanted; every number gets its expectation. */
  constructor(distributions: readonly string[] = []) {
    this.wanted = new Map(distributions.map((name) => [name, { histogram: new Map(), chunks: [] }]));
  }

  add(observation: Observation, weight: number): void {
    for (const [event, happened] of Object.entries(observation.events)) this.chances.set(event, (this.chances.get(event) ?? 0) + (happened ? weight : 0));
    for (const [name, value] of Object.entries(observation.values)) {
      this.expect(name, value, weight);
      const histogram = this.wanted.get(name)?.histogram;
      histogram?.set(value, (histogram.get(value) ?? 0) + weight);
    }
  }

  /** Adds a whole distribution of one number at once (its values independent of any event listed). */
  addValues(name: string, values: Dense): void {
    let sum = 0;
    let squares = 0;
    const chances = values.p;
    for (let i = 0; i < chances.length; i += 1) {
      const value = values.min + i;
      const weight = chances[i] as number;
      sum += weight * value;
      squares += weight * value * value;
    }
    this.wanted.get(name)?.chunks.push(values);
    this.sums.set(name, (this.sums.get(name) ?? 0) + sum);
    this.squares.set(name, (this.squares.get(name) ?? 0) + squares);
  }

  /** Adds to an expectation only: `value` may itself be an expectation over dice not listed (armour...). */
  expect(name: string, value: number, weight: number): void {
    this.sums.set(name, (this.sums.get(name) ?? 0) + weight * value);
    this.squares.set(name, (this.squares.get(name) ?? 0) + weight * value * value);
  }

  /** Names an event or number that may never arise, so it is still listed (with 0). */
  declare(events: readonly string[], numbers: readonly string[] = []): void {
    for (const event of events) this.chances.set(event, this.chances.get(event) ?? 0);
    for (const name of numbers) this.sums.set(name, this.sums.get(name) ?? 0);
  }

  addCut(mass: number): void {
    this.cutMass += mass;
  }

  /** The weighted mean of the squares of a number: with the expectation, its spread (for standard errors). */
  meanSquare(name: string): number {
    return this.squares.get(name) ?? 0;
  }

  odds(): Odds {
    const distributions: Record<string, Pmf> = {};
    for (const [name, { histogram, chunks }] of this.wanted) {
      const only = chunks[0];
      // One whole distribution alone is already in order: its pairs are built once, straight from it.
      // Stryker disable next-line ConditionalExpression,BlockStatement: the general path below gives the same pairs, only slower (a map and a sort of up to a hundred thousand values)
      if (histogram.size === 0 && chunks.length === 1 && only) {
        distributions[name] = entriesOf(only);
        continue;
      }
      const merged = new Map(histogram);
      for (const chunk of chunks) for (const [value, p] of entriesOf(chunk)) merged.set(value, (merged.get(value) ?? 0) + p);
      distributions[name] = [...merged.entries()].filter(([, p]) => p > 0).sort((x, y) => x[0] - y[0]);
    }
    return {
      chances: Object.fromEntries([...this.chances.entries()].sort(([x], [y]) => x.localeCompare(y))),
      distributions,
      expected: Object.fromEntries([...this.sums.entries()].sort(([x], [y]) => x.localeCompare(y))),
      cut: this.cutMass,
    };
  }
}
