/**
 * The rulebook's "Actor rank order", in which opening stances are declared (Joining the Melee): the
 * lowest actor level first, so the highest ranked declares last, which is the advantage the rulebook
 * gives the Momentum holder in later rounds. Equal levels are read with the tie-breaks the same
 * chapter gives for Momentum, Agility and then a player actor over a cameo; a tie past those keeps
 * the order the fighters were named in.
 */
export interface RankFacts {
  level?: number;
  agility: number;
  pc?: boolean;
}

/** Above 0 when x outranks y (she declares after him), below 0 when y outranks x, 0 for a full tie. */
export function compareRank(x: RankFacts, y: RankFacts): number {
  return (x.level ?? 0) - (y.level ?? 0) || x.agility - y.agility || Number(x.pc ?? false) - Number(y.pc ?? false);
}

/** Who of two fighters declares her opening stance second: the higher ranked, the later named on a full tie. */
export function declaresSecond<T extends RankFacts>(first: T, second: T): T {
  return compareRank(first, second) > 0 ? first : second;
}
