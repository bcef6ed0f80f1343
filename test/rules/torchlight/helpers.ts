import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import type { Outcome } from "../../../src/core/outcome.js";
import { torchlightRules } from "../../../src/rules/torchlight/index.js";
import { TorchlightRefusal, type TorchlightRefusalCode } from "../../../src/rules/torchlight/refusal.js";

/** Resolves one torchlight action from exactly the given faces (running out is an error). */
export function resolve(action: string, request: Record<string, unknown>, faces: number[]): Outcome {
  const definition = torchlightRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return definition.resolve(request as never, new DiceTray(givenFaces(faces)));
}

/** A stat block with every Characteristic at DC 10 unless given. */
export function combatant(name: string, breath: number, dcs: Partial<Record<"str" | "dex" | "wil" | "san" | "luck", number>> = {}, extra: Record<string, unknown> = {}) {
  return { name, breath, str: 10, dex: 10, wil: 10, san: 10, luck: 10, ...dcs, ...extra };
}

/** The refusal code of a request the rules refuse; fails the test when it is not refused. */
export function refusalOf(resolveIt: () => unknown): TorchlightRefusalCode {
  try {
    resolveIt();
  } catch (error) {
    if (error instanceof TorchlightRefusal) return error.code;
    throw error;
  }
  throw new Error("expected the request to be refused");
}
