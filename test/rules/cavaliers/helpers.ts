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
