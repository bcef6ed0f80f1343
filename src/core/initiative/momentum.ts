import { orderByKeys, tiedGroups } from "./order.js";

/**
 * Who holds Momentum in the first round of a melee, and who shoots first at range: both go by a
 * score, then Agility, then actor level, then player actors over cameos.
 */
export interface MomentumCandidate {
  name: string;
  /** Current Grit. */
  grit: number;
  /** What the declared stance adds or takes off when joining the fight. */
  stanceModifier: number;
  agility: number;
  level: number;
  pc: boolean;
}

export interface Ranking<T> {
  order: T[];
  /** Candidates still equal after every tie-break: the table must settle these. */
  unresolvedTies: T[][];
}

const tieBreaks = [(c: { agility: number }) => c.agility, (c: { level: number }) => c.level, (c: { pc: boolean }) => (c.pc ? 1 : 0)];

export function momentumScore(candidate: MomentumCandidate): number {
  return candidate.grit + candidate.stanceModifier;
}

function rank<T extends { agility: number; level: number; pc: boolean }>(candidates: readonly T[], first: (c: T) => number): Ranking<T> {
  const keys = [first, ...tieBreaks];
  const order = orderByKeys(candidates, keys);
  return { order, unresolvedTies: tiedGroups(order, keys).filter((group) => group.length > 1) };
}

export function roundOneMomentum<T extends MomentumCandidate>(candidates: readonly T[]): Ranking<T> {
  return rank(candidates, momentumScore);
}

export interface Shooter {
  name: string;
  agility: number;
  level: number;
  pc: boolean;
}

/** When it is not obvious who shoots first: Agility, then level, then player actors. */
export function shootingOrder<T extends Shooter>(shooters: readonly T[]): Ranking<T> {
  return rank(shooters, (s) => s.agility);
}
