import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import type { Outcome } from "../../../src/core/outcome.js";
import { personalRules } from "../../../src/rules/personal/index.js";
import { PersonalRefusal } from "../../../src/rules/personal/refusal.js";

/** Resolves one personal action on the given faces, running the request through nothing but the rules. */
export function run(action: string, request: Record<string, unknown>, faces: number[] = []): Outcome {
  const definition = personalRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return definition.resolve(request, new DiceTray(givenFaces(faces)));
}

export const target = (fields: Record<string, unknown> = {}) => ({
  name: "Bruno",
  defense: 10,
  armor: { physical: 3 },
  resolve: 10,
  maxResolve: 10,
  stamina: 2,
  control: 1,
  ...fields,
});

export const attacker = (weapon: Record<string, unknown> = {}) => ({
  name: "Ines",
  weapon: { name: "Sabre", attack: "1d20", damage: "1d10", damageType: "physical", ...weapon },
});

/** The rule codes a refused request names; fails the test when the request is not refused. */
export function refusalCodes(resolve: () => unknown): readonly string[] {
  try {
    resolve();
  } catch (error) {
    if (error instanceof PersonalRefusal) return error.codes;
    throw error;
  }
  throw new Error("expected the request to be refused");
}
