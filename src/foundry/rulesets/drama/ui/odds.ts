/**
 * The exact odds a Drama dialog shows: those of the card it would open (or of the card it answers,
 * with this choice made), read by the card engine's `cardOdds` exactly as the card will be, so the
 * odds follow every choice in the dialog (a split's too: each fight of a round against several is
 * its own roll, with its own odds).
 */
import type { Odds } from "../../../../core/odds/odds.js";
import { cardOdds, type OpenCard, percent } from "../../../cards/index.js";

export interface OddsLine {
  label: string;
  percent: string;
}

/** What a dialog asks the odds of: the card, the choices made on it, and the lines to show. */
export interface OddsAsked {
  open: OpenCard;
  choices?: Record<string, unknown>;
  lines: readonly { label: string; chance: (odds: Odds) => number | undefined }[];
}

export const chance =
  (name: string) =>
  (odds: Odds): number | undefined =>
    odds.chances[name];

/** The chance a distribution's value passes a test (a courage test's net of 2 or more...). */
export const share =
  (name: string, test: (value: number) => boolean) =>
  (odds: Odds): number | undefined => {
    const pmf = odds.distributions[name];
    return pmf ? pmf.filter(([value]) => test(value)).reduce((total, [, p]) => total + p, 0) : undefined;
  };

export function oddsLines(asked: OddsAsked | null): OddsLine[] {
  if (!asked) return [];
  const odds = cardOdds(asked.open, asked.choices ?? {});
  if (!odds) return [];
  return asked.lines.flatMap((line) => {
    const p = line.chance(odds);
    return p === undefined ? [] : [{ label: line.label, percent: percent(p) }];
  });
}
