/**
 * The exact odds an attack dialog shows before the roll (cards/odds.ts: the rules' own odds of the
 * card the dialog would open): the damage it deals, from least to most and on average, what the
 * target receives after its stance, how often the die shows a Precision Strike, and how often a
 * Maneuver is taken and holds. A Precision Strike's choice not yet made is counted as the extra die.
 */
import type { Odds, Pmf } from "../../../../core/odds/odds.js";
import { cardOdds, percent } from "../../../cards/index.js";
import type { OpenCard } from "../../../cards/client.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

export interface OddsLine {
  label: string;
  text: string;
}

const mean = (pmf: Pmf) => pmf.reduce((sum, [value, p]) => sum + value * p, 0);

function spread(pmf: Pmf | undefined): string | null {
  if (!pmf?.length) return null;
  return t("Odds.Spread", { low: String(pmf[0]![0]), high: String(pmf.at(-1)![0]), mean: mean(pmf).toFixed(1) });
}

export function attackOddsLines(odds: Odds | null, maneuver: boolean): OddsLine[] {
  if (!odds) return [];
  const lines: OddsLine[] = [];
  const damage = spread(odds.distributions.damage);
  const received = spread(odds.distributions.received);
  if (damage) lines.push({ label: t("Odds.Damage"), text: damage });
  if (received && received !== damage) lines.push({ label: t("Odds.Received"), text: received });
  if (odds.chances.precisionStrike !== undefined) lines.push({ label: t("Odds.PrecisionStrike"), text: percent(odds.chances.precisionStrike) });
  if (maneuver && odds.chances.maneuverTaken !== undefined) lines.push({ label: t("Odds.Maneuver"), text: t("Odds.ManeuverText", { taken: percent(odds.chances.maneuverTaken), holds: percent(odds.chances.maneuverSuccess ?? 0) }) });
  return lines;
}

/** The odds of the attack card this opening would post (null when the rules refuse it). */
export function attackCardOdds(open: OpenCard): Odds | null {
  return cardOdds(open);
}
