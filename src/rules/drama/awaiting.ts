import type { Awaiting } from "../../core/outcome.js";
import { type ChoiceKind, choiceField } from "./choices.js";

/** Thrown where a rule reaches a choice the request does not hold yet: the action stops there and says whose it is. */
export class AwaitChoice {
  constructor(readonly awaiting: Awaiting) {}
}

/** Reads the choices of a request by participant, and stops at a missing one. */
export class ChoiceReader {
  constructor(private readonly given: Record<string, unknown>) {}

  /** `n`: which of the participant's choices of this kind in the round (her second courage test is 2). */
  get<T>(participant: string, kind: ChoiceKind, n = 1): T | undefined {
    const field = choiceField(participant, kind, n);
    return Object.hasOwn(this.given, field) ? (this.given[field] as T) : undefined;
  }

  wait(participant: string, kind: ChoiceKind, offer: Record<string, unknown>, n = 1): never {
    throw new AwaitChoice({ choice: choiceField(participant, kind, n), by: participant, offer });
  }
}

/** Runs a rule; a choice it stops at comes back as `awaiting`. */
export function untilAwaited<T>(run: () => T): { done: T } | { awaiting: Awaiting } {
  try {
    return { done: run() };
  } catch (error) {
    if (error instanceof AwaitChoice) return { awaiting: error.awaiting };
    throw error;
  }
}
