import type { RolledDie } from "./dice/source.js";

/** One step of a reading, named by the rule it applies, with the numbers it used. */
export interface Step {
  rule: string;
  [detail: string]: unknown;
}

/** What an action did to one participant: each changed track, from and to. */
export interface Effect {
  participant: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  /** Statuses gained (knocked out, dying, disadvantaged, ...). */
  statuses?: string[];
}

/**
 * A choice a partial request still lacks, for play at a table where each side chooses in turn: the
 * request field that will hold it, the participant (a key of the request, e.g. "defender") whose
 * choice it is, and what is on offer. An outcome that awaits a choice has no effects yet.
 */
export interface Awaiting {
  choice: string;
  by: string;
  offer: Record<string, unknown>;
}

/** The full account of one resolved action: every die, every step, the result and its effects. */
export interface Outcome<Result = Record<string, unknown>> {
  dice: RolledDie[];
  steps: Step[];
  result: Result;
  effects: Effect[];
  /** Present when the request is partial: what it still waits for, and from whom. */
  awaiting?: Awaiting;
}

/** An outcome that stops at a choice still to be made: what was rolled so far, no effects. */
export function awaitingOutcome(dice: RolledDie[], steps: Step[], result: Record<string, unknown>, awaiting: Awaiting): Outcome {
  return { dice, steps, result, effects: [], awaiting };
}

/** Records the changes of one participant, leaving out tracks that did not move. */
export function effectOf(participant: string, before: Record<string, unknown>, after: Record<string, unknown>, statuses: string[] = []): Effect {
  const changes: Effect["changes"] = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return statuses.length > 0 ? { participant, changes, statuses } : { participant, changes };
}
