import type { DramaOptions } from "./options.js";

export type Side = "a" | "b";
export type OutcomeKind = "win" | "marginal-win" | "draw" | "marginal-draw" | "failure";
/** A full blow deals the level of success and the weapon; a limited one 1 Grit and 1 Flesh. */
export type Blow = "full" | "limited" | "none";

export interface SideReading {
  net: number;
  critical: boolean;
}

export interface Judgement {
  kind: OutcomeKind;
  winner: Side | "none";
  /** Difference of net successes for a win; 0 for draws and marginal results, which ignore it. */
  level: number;
  /** What the winner deals to the loser. */
  blow: Blow;
  /** The loser's critical still lands limited damage on the winner (only a loser with fewer successes: never on a draw). */
  loserCriticalBlow: boolean;
  /** Who holds Momentum next round: the winner, or whoever held it. */
  momentum: Side;
}

export const HIT_SUCCESSES = 2;

type JudgeOptions = Pick<DramaOptions, "loserCriticalLimitedDamage" | "marginalDraw">;

/** A round someone wins (or holds by Momentum on a draw). */
function settle(a: SideReading, b: SideReading, options: JudgeOptions, kind: OutcomeKind, winner: Side, level: number, blow: Blow): Judgement {
  const won = winner === "a" ? a : b;
  const lost = winner === "a" ? b : a;
  // A draw settled by Momentum has no loser with fewer successes, so no critical strikes back.
  const loserCriticalBlow = options.loserCriticalLimitedDamage && lost.critical && lost.net < won.net;
  return { kind, winner, level, blow, loserCriticalBlow, momentum: winner };
}

/** A round nobody wins: neither side lands anything, and Momentum stays where it was. */
function failure(momentum: Side): Judgement {
  return { kind: "failure", winner: "none", level: 0, blow: "none", loserCriticalBlow: false, momentum };
}

/** Reads one opposed melee round from both sides' net successes and who holds Momentum. */
export function judgeMelee(a: SideReading, b: SideReading, momentum: Side, options: JudgeOptions): Judgement {
  if (a.net === b.net) {
    if (a.net >= HIT_SUCCESSES) return settle(a, b, options, "draw", momentum, 0, "full");
    if (a.net === 1 && options.marginalDraw) return settle(a, b, options, "marginal-draw", momentum, 0, "limited");
    return failure(momentum);
  }
  const high = Math.max(a.net, b.net);
  const low = Math.min(a.net, b.net);
  // The nets differ here: the side holding the higher one wins.
  const winner: Side = a.net === high ? "a" : "b";
  if (high >= HIT_SUCCESSES) return settle(a, b, options, "win", winner, high - low, "full");
  if (high === 1) return settle(a, b, options, "marginal-win", winner, 0, "limited");
  return failure(momentum);
}

/** Level of success: the plain difference, negative results included. */
export function levelOfSuccess(winnerNet: number, loserNet: number): number {
  return Math.max(0, winnerNet - loserNet);
}
