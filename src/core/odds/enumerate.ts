import { type DiceSource, DiceTray } from "../dice/source.js";
import { RuleError } from "../ruleError.js";
import { ODDS_CUT } from "./odds.js";

/** One way the dice can fall, with its chance. */
export interface Weighted<T> {
  value: T;
  p: number;
}

export interface Enumeration<T> {
  outcomes: Weighted<T>[];
  /** The chance of the branches left out because each was less likely than the cut. */
  cut: number;
}

export interface EnumerationLimits {
  /** A branch less likely than this is left out (see ODDS_CUT). */
  cut?: number;
  /** Refuse rather than list more outcomes than this. */
  maxOutcomes?: number;
}

/** Too many ways for the dice to fall to list them one by one. */
export class EnumerationTooLarge extends RuleError {
  override name = "EnumerationTooLarge";
}

/**
 * Every sequence of faces `run` can draw, each with its chance, found by running `run` itself again
 * and again: the first run takes face 1 for every die, and each later run replays a prefix of faces
 * and changes the next one. So the outcomes are exactly what the rules compute, dice that depend on
 * earlier faces (rerolls, explosions) included. A branch below the cut is not run; its chance goes
 * to `cut`. `run` must draw the same dice when given the same faces.
 */
export function enumerateDice<T>(run: (tray: DiceTray) => T, limits: EnumerationLimits = {}): Enumeration<T> {
  const cut = limits.cut ?? ODDS_CUT;
  const maxOutcomes = limits.maxOutcomes ?? 200_000;
  const outcomes: Weighted<T>[] = [];
  let cutMass = 0;
  const pending: Array<{ faces: number[]; p: number }> = [{ faces: [], p: 1 }];
  while (pending.length > 0) {
    const { faces, p } = pending.pop() as { faces: number[]; p: number };
    const fresh: number[] = [];
    let drawn = 0;
    const source: DiceSource = {
      next(sides) {
        const index = drawn;
        drawn += 1;
        if (index < faces.length) {
          const face = faces[index] as number;
          if (face > sides) throw new Error(`odds: the rules drew a d${sides} where a replay expected a face of ${face}; they must draw the same dice for the same faces`);
          return face;
        }
        fresh.push(sides);
        return 1;
      },
    };
    const value = run(new DiceTray(source));
    let chance = p;
    const ones: number[] = [];
    for (const sides of fresh) {
      const branch = chance / sides;
      if (branch < cut) cutMass += branch * (sides - 1);
      else for (let face = 2; face <= sides; face += 1) pending.push({ faces: [...faces, ...ones, face], p: branch });
      ones.push(1);
      chance = branch;
    }
    outcomes.push({ value, p: chance });
    if (outcomes.length > maxOutcomes) throw new EnumerationTooLarge(`more than ${maxOutcomes} ways for the dice to fall; too many to list`);
  }
  return { outcomes, cut: cutMass };
}

/** Adds up the chances of outcomes that share a key; the first outcome of each key stands for the rest. */
export function groupOutcomes<T>(outcomes: readonly Weighted<T>[], key: (value: T) => string): Weighted<T>[] {
  const groups = new Map<string, Weighted<T>>();
  for (const outcome of outcomes) {
    const k = key(outcome.value);
    const group = groups.get(k);
    if (group) group.p += outcome.p;
    else groups.set(k, { value: outcome.value, p: outcome.p });
  }
  return [...groups.values()];
}
