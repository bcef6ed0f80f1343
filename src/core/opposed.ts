/** Who won an opposed roll: one side, or neither. */
export type OpposedWinner = "a" | "b" | "none";

/**
 * Compares two readings by `score` (higher wins); on equal scores `tieBreak` decides, since every
 * ruleset breaks ties its own way (the opposition, Momentum, the PC, last round's holder...).
 */
export function compareOpposed<T>(a: T, b: T, score: (side: T) => number, tieBreak: (a: T, b: T) => OpposedWinner): OpposedWinner {
  const difference = score(a) - score(b);
  if (difference > 0) return "a";
  if (difference < 0) return "b";
  return tieBreak(a, b);
}
