import { Value } from "@sinclair/typebox/value";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import type { Outcome } from "../../../src/core/outcome.js";
import { cavaliersRules } from "../../../src/rules/cavaliers/index.js";

/** Resolves a cavaliers action with exactly the given faces (no fallback: every die must be named). */
export function resolveWith(action: string, request: Record<string, unknown>, faces: number[]): Outcome {
  const definition = cavaliersRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return definition.resolve(request, new DiceTray(givenFaces(faces)));
}

export function changesOf(outcome: Outcome, name: string): Record<string, { from: unknown; to: unknown }> {
  return outcome.effects.find((effect) => effect.participant === name)?.changes ?? {};
}

export function statusesOf(outcome: Outcome, name: string): string[] {
  return outcome.effects.find((effect) => effect.participant === name)?.statuses ?? [];
}

export const times = (n: number, id: string): string[] => Array.from({ length: n }, () => id);

/** Resolves as the command line does: the request must fit its action's schema first (an unknown field is refused). */
export function resolveChecked(action: string, request: Record<string, unknown>, faces: number[]): Outcome {
  const definition = cavaliersRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  if (!Value.Check(definition.request, request)) throw new Error(`the ${action} request does not fit its schema: ${JSON.stringify([...Value.Errors(definition.request, request)].map((e) => e.path))}`);
  return definition.resolve(request, new DiceTray(givenFaces(faces)));
}

/** The dice of one pool as the rules list them before Drop ("attribute:d8", ...). */
export function poolOf(outcome: Outcome, roll: string): unknown {
  return outcome.steps.find((step) => step.rule === "pool" && step.roll === roll)?.dice;
}
