import type { TSchema } from "@sinclair/typebox";
import { DiceTray } from "../core/dice/source.js";
import { enumerateDice } from "../core/odds/enumerate.js";
import { type Observation, Tally } from "../core/odds/odds.js";
import type { Outcome } from "../core/outcome.js";
import type { ActionOdds, RulesetAction } from "./ruleset.js";

/**
 * Odds helpers every ruleset shares. The strongest odds are `enumeratedOdds`: `resolve` itself is
 * run on every sequence of faces it can draw and each outcome is read by the same `observe` the
 * Monte Carlo checks use, so the odds cannot drift from the rules. It suits actions with a handful
 * of dice (a d20 check, a save); bigger pools convolve instead, in each ruleset's odds.ts.
 */

/** What an observation names: the events always listed, the numbers whose distribution is wanted. */
export interface OddsNames {
  events: readonly string[];
  distributions: readonly string[];
  /** Numbers given as expectations only. */
  expectations?: readonly string[];
}

export function tallyFor(names: OddsNames): Tally {
  const tally = new Tally(names.distributions);
  tally.declare(names.events, [...names.distributions, ...(names.expectations ?? [])]);
  return tally;
}

export function enumeratedOdds<S extends TSchema>(action: RulesetAction<S> | RulesetAction, names: OddsNames, observe: (request: never, outcome: Outcome) => Observation): ActionOdds {
  const read = observe as (request: unknown, outcome: Outcome) => Observation;
  const resolve = action.resolve as (request: unknown, tray: DiceTray) => Outcome;
  return {
    exact(request) {
      const tally = tallyFor(names);
      const listed = enumerateDice((tray) => resolve(request, tray));
      for (const { value, p } of listed.outcomes) tally.add(read(request, value), p);
      tally.addCut(listed.cut);
      return tally.odds();
    },
    observe: read,
  };
}

/**
 * Runs `resolve` once on the lowest faces, for its refusals: a request the rules refuse (out of
 * reach, a Maneuver that needs melee...) gets the same refusal from the odds.
 */
export function refusalsOf(action: RulesetAction, request: unknown): Outcome {
  return action.resolve(request, new DiceTray({ next: () => 1 }));
}
