/**
 * Dice that say what they did. Every ruleset's card marks each die with what it counted for, from
 * one vocabulary (a class each, styled in both themes in styles/_dice.scss), and gives it a tooltip
 * in its game's words; a card whose marks need reading shows a legend of the marks it uses.
 */

/** What a die did: kept or left out of a reading, a success or failure (a save passed or failed), a critical, an explosion (rolled again), a block. */
export const DIE_MARKS = ["kept", "dropped", "success", "failure", "critical", "explode", "block"] as const;
export type DieMark = (typeof DIE_MARKS)[number];

/** A die as a card shows it. */
export interface MarkedDie {
  face: number;
  sides: number;
  mark: DieMark | "";
  /** Its classes: `fray-die-<mark>`, or none. */
  css: string;
  /** What it did, in the game's words (Foundry's tooltip). */
  tip: string;
}

export function markedDie(face: number, sides: number, mark: DieMark | "", tip: string): MarkedDie {
  return { face, sides, mark, css: mark ? `fray-die-${mark}` : "", tip };
}

/** The mark's name for a legend ("Kept", "Success"...). */
export function markName(mark: DieMark): string {
  return game.i18n!.localize(`FRAY.Card.DieMark.${mark}`);
}

/** The marks the dice use, in one order, each with its class and name: a card's legend. */
export function diceLegend(dice: Iterable<{ mark: DieMark | "" }>): { css: string; name: string }[] {
  const used = new Set<string>();
  for (const die of dice) if (die.mark) used.add(die.mark);
  return DIE_MARKS.filter((mark) => used.has(mark)).map((mark) => ({ css: `fray-die-${mark}`, name: markName(mark) }));
}

/**
 * The marks of a keep-the-highest reading: the `keep` highest faces kept (on equal faces, the first
 * rolled), the rest dropped.
 */
export function keptAmong(faces: readonly number[], keep: number): boolean[] {
  const order = faces.map((face, index) => ({ face, index })).sort((a, b) => b.face - a.face || a.index - b.index);
  const kept = new Set(order.slice(0, keep).map((entry) => entry.index));
  return faces.map((_face, index) => kept.has(index));
}
