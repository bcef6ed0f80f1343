/**
 * Odds beside a choice on an Unhex card, worked out in the chooser's browser when the card is shown
 * (issue 38: odds for every chooser): the target choosing No reaction, Defend or Counterattack sees
 * the attacker's chance to hit with each (and her own to hit back); a good roller deciding her
 * reroll after seeing her dice sees each branch, keeping the roll or rerolling a die, with the chance
 * the roll then stands a success. Both exact, from the rules' odds (src/rules/unhex/odds.ts).
 */
import { gradePercentile } from "../../../../core/dice/percentile.js";
import { rerollBranches } from "../../../../rules/unhex/odds.js";
import type { RerollChoice } from "../../../../rules/unhex/roll.js";
import { choiceOdds, percent } from "../../../cards/index.js";
import type { CardData } from "../../../cards/model.js";
import { roleName } from "../../../cards/documents.js";

const t = (key: string, data: Record<string, string>) => game.i18n!.format(`FRAY.Unhex.Card.Odds.${key}`, data);
const label = (key: string) => game.i18n!.localize(`FRAY.Unhex.Card.${key}`);

function nameOf(card: CardData, role: string): string {
  return roleName(card.refs, role);
}

/** Each reaction on offer with the attacker's chance to hit (and the target's to hit back on a Counterattack). */
function reactionLines(card: CardData, reactions: readonly string[]): string[] {
  const [attacker, target] = [nameOf(card, "attacker"), nameOf(card, "target")];
  return reactions.flatMap((reaction) => {
    const odds = choiceOdds(card, "reaction", reaction);
    const hit = odds?.chances.hit;
    if (!odds || hit === undefined) return [];
    const data = { reaction: label(`Reaction.${reaction}`), attacker, target, hit: percent(hit), back: percent(odds.chances.counterHit ?? 0) };
    return [t(reaction === "counterattack" ? "ReactionBack" : "Reaction", data)];
  });
}

/** Each answer to a reroll, from the roll as it stands (the roller's last roll on the card). */
function rerollLines(card: CardData, who: string, choices: readonly string[]): string[] {
  const roll = [...(card.outcome?.steps ?? [])].reverse().find((step) => step.rule === "percentile-roll" && step.who === who);
  if (!roll) return [];
  const check = gradePercentile({ tens: Number(roll.tens), units: Number(roll.units), reading: Number(roll.reading) }, Number(roll.level));
  const branches = rerollBranches(check);
  return choices.filter((choice): choice is RerollChoice => Object.hasOwn(branches, choice)).map((choice) => t("Reroll", { choice: label(`Reroll.${choice}`), chance: percent(branches[choice]) }));
}

/** The odds of the choice the card awaits, as lines (none for a choice without odds). */
export function choiceOddsLines(card: CardData): string[] {
  const awaiting = card.state === "open" ? card.outcome?.awaiting : undefined;
  if (!awaiting) return [];
  const offer = awaiting.offer;
  if (awaiting.choice === "reaction") return reactionLines(card, ((offer.reactions as string[] | undefined) ?? []));
  if (offer.kind === "reroll") return rerollLines(card, String(offer.who), (offer.choices as string[] | undefined) ?? []);
  return [];
}

/** Fills the card's odds list for whoever is shown the choice (the list sits with the chooser's buttons). */
export function activateChoiceOdds(_message: ChatMessage.Implementation, card: CardData, html: HTMLElement): void {
  const list = html.querySelector<HTMLElement>("[data-fray-unhex-odds]");
  if (!list) return;
  const lines = choiceOddsLines(card);
  list.replaceChildren(...lines.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  list.hidden = lines.length === 0;
}
