import { DiceTray, type DiceSource } from "../dice/source.js";
import type { Awaiting, Outcome } from "../outcome.js";

/**
 * Resolves a request the way a table plays it: the dice are rolled, and where the outcome awaits
 * a choice (a defence, a spend, a fate) the policy answers it and the same request is resolved
 * again on the same dice, so the choice is made after seeing them, as a player would. New dice
 * come from the fight's tray; `maxChoices` stops a policy that never answers.
 */
export function resolveAnswering<R extends object>(
  resolve: (request: R, tray: DiceTray) => Outcome,
  request: R,
  tray: DiceTray,
  answer: (awaiting: Awaiting, outcome: Outcome, request: R) => Record<string, unknown>,
  maxChoices = 8,
): { outcome: Outcome; request: R } {
  const faces: number[] = [];
  const fresh: DiceSource = {
    next(sides) {
      const face = tray.roll(sides, "fight");
      faces.push(face);
      return face;
    },
  };
  let asked = request;
  for (let choice = 0; ; choice += 1) {
    let used = 0;
    const replay: DiceSource = { next: (sides) => (used < faces.length ? (faces[used++] as number) : (used++, fresh.next(sides))) };
    const outcome = resolve(asked, new DiceTray(replay));
    if (!outcome.awaiting) return { outcome, request: asked };
    if (choice >= maxChoices) throw new Error(`the fight policy left "${outcome.awaiting.choice}" unanswered`);
    // The answer fills the field the outcome named; resolve checks it against its own schema's rules.
    asked = { ...asked, ...answer(outcome.awaiting, outcome, asked) } as R;
  }
}

/** The fighter a policy scores highest; ties go to the first, so a fight replays from its seed. */
export function best<T>(candidates: readonly T[], score: (candidate: T) => number): T {
  let pick = candidates[0] as T;
  let top = -Infinity;
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value > top) {
      top = value;
      pick = candidate;
    }
  }
  return pick;
}

/** Exact odds are costly to compute and fights ask the same ones again: kept by request. */
export function cached<R, T>(compute: (request: R) => T, limit = 5000): (request: R) => T {
  const memo = new Map<string, T>();
  return (request) => {
    const key = JSON.stringify(request);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const value = compute(request);
    if (memo.size >= limit) memo.clear();
    memo.set(key, value);
    return value;
  };
}

/** The request with `value` set at a dotted path ("rerolls.attacker"), copying only the objects on the way. */
export function answerAt<R extends object>(request: R, path: string, value: unknown): R {
  const [head, ...rest] = path.split(".");
  const inner = (request as Record<string, unknown>)[head!];
  return { ...request, [head!]: rest.length === 0 ? value : answerAt((inner ?? {}) as object, rest.join("."), value) } as R;
}
