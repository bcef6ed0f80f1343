/**
 * The odds a cavaliers dialog shows before the roll: for an attack, the chance to beat each defence
 * the target may choose and the Success Points to expect on a win; for a roll against Standard
 * Opposition, the chance of success. Computed exactly by the rules (cards/odds.ts).
 */
import { DEFENCES_AGAINST } from "../../../../rules/cavaliers/tables.js";
import { cardOdds, percent } from "../../../cards/index.js";
import { attackCard, checkCard } from "../cards/post.js";
import type { AttackRequest, CheckRequest } from "../requests.js";

const i18n = () => game.i18n!;

export interface OddsLine {
  label: string;
  text: string;
}

export function attackOddsLines(request: AttackRequest | null): OddsLine[] {
  if (!request || !Object.hasOwn(DEFENCES_AGAINST, request.attack)) return [];
  const card = attackCard(request);
  // Say who wins: the attacker, by name ("Aurore wins 62%"), never a bare "wins" beside the defence.
  const attacker = fromUuidSync<Actor.Implementation>(request.attackerUuid);
  const name = attacker instanceof Actor ? attacker.name : i18n().localize("FRAY.Ui.TheAttacker");
  return DEFENCES_AGAINST[request.attack].flatMap((defence) => {
    const odds = cardOdds(card, { defence });
    const win = odds?.chances.attackerWins;
    if (!odds || win === undefined) return [];
    const sp = win > 0 ? (odds.expected.attackerSuccessPoints ?? 0) / win : 0;
    return [{ label: i18n().localize(`FRAY.Card.Defence.${defence}`), text: i18n().format("FRAY.Ui.OddsAttack", { name, win: percent(win), sp: sp.toFixed(1) }) }];
  });
}

export function checkOddsLine(request: CheckRequest | null): OddsLine[] {
  if (!request) return [];
  const odds = cardOdds(checkCard(request));
  const success = odds?.chances.success;
  return odds && success !== undefined ? [{ label: i18n().localize("FRAY.Ui.OddsSuccess"), text: percent(success) }] : [];
}
