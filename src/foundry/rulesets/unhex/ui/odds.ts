/**
 * The odds an Unhex dialog shows before the card opens, worked out exactly by the rules
 * (src/rules/unhex/odds.ts) over the card the dialog would open: for an attack, the chance to hit
 * with each reaction the target may still declare (a reaction the rules would refuse her has no
 * line), and the chance she hits back on a Counterattack; for a check, the chance of success; for
 * an opposed roll, the chance to win. Choices made later on the card (a good roller's reroll, a
 * critical's choice, the dice split) are counted as a player playing for success makes them.
 */
import { cardOdds, percent, type OpenCard } from "../../../cards/index.js";

const i18n = () => game.i18n!;

export interface OddsLine {
  label: string;
  text: string;
}

const REACTIONS = ["none", "defend", "counterattack"] as const;

/** `choices`: made on the card before the reaction (without Areas, the GM's ruling the player asks for). */
export function attackOddsLines(open: OpenCard | null, choices: Record<string, unknown> = {}): OddsLine[] {
  if (!open) return [];
  return REACTIONS.flatMap((reaction) => {
    const odds = cardOdds(open, { ...choices, reaction });
    const hit = odds?.chances.hit;
    if (!odds || hit === undefined) return [];
    const back = odds.chances.counterHit ?? 0;
    const text = reaction === "counterattack" ? i18n().format("FRAY.Unhex.Ui.OddsHitBack", { hit: percent(hit), back: percent(back) }) : i18n().format("FRAY.Unhex.Ui.OddsHit", { hit: percent(hit) });
    return [{ label: i18n().localize(`FRAY.Unhex.Ui.IfReaction.${reaction}`), text }];
  });
}

export function rollOddsLines(open: OpenCard): OddsLine[] {
  const odds = cardOdds(open);
  if (!odds) return [];
  if (open.kind === "unhex.check") {
    const success = odds.chances.success;
    return success === undefined ? [] : [{ label: i18n().localize("FRAY.Ui.OddsSuccess"), text: percent(success) }];
  }
  const [win, tie] = [odds.chances.aWins, odds.chances.tie];
  return win === undefined ? [] : [{ label: i18n().localize("FRAY.Unhex.Ui.OddsWin"), text: i18n().format("FRAY.Unhex.Ui.OddsWinText", { win: percent(win), tie: percent(tie ?? 0) }) }];
}
