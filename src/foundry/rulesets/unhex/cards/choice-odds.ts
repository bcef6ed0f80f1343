/**
 * Odds in each button of a choice on an Unhex card, worked out in the chooser's browser when the card
 * is shown (issue 38: odds for every chooser), so a choice and its odds are one row that fits the card: the target choosing No reaction, Defend or Counterattack sees
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

function nameOf(card: CardData, role: string): string {
  return roleName(card.refs, role);
}

/** Each reaction on offer with the attacker's chance to hit (and the target's to hit back on a Counterattack). */
function reactionOdds(card: CardData, reactions: readonly string[]): Record<string, string> {
  const [attacker, target] = [nameOf(card, "attacker"), nameOf(card, "target")];
  return Object.fromEntries(
    reactions.flatMap((reaction) => {
      const odds = choiceOdds(card, "reaction", reaction);
      const hit = odds?.chances.hit;
      if (!odds || hit === undefined) return [];
      const data = { attacker, target, hit: percent(hit), back: percent(odds.chances.counterHit ?? 0) };
      return [[reaction, t(reaction === "counterattack" ? "ReactionBack" : "Reaction", data)]];
    }),
  );
}

/** Each answer to a reroll, from the roll as it stands (the roller's last roll on the card). */
function rerollOdds(card: CardData, who: string, choices: readonly string[]): Record<string, string> {
  const roll = [...(card.outcome?.steps ?? [])].reverse().find((step) => step.rule === "percentile-roll" && step.who === who);
  if (!roll) return {};
  const check = gradePercentile({ tens: Number(roll.tens), units: Number(roll.units), reading: Number(roll.reading) }, Number(roll.level));
  const branches = rerollBranches(check);
  return Object.fromEntries(choices.filter((choice): choice is RerollChoice => Object.hasOwn(branches, choice)).map((choice) => [choice, t("Reroll", { chance: percent(branches[choice]) })]));
}

/** The odds of each answer to the choice the card awaits, by the answer's value (none for a choice without odds). */
export function choiceOddsByValue(card: CardData): Record<string, string> {
  const awaiting = card.state === "open" ? card.outcome?.awaiting : undefined;
  if (!awaiting) return {};
  const offer = awaiting.offer;
  if (awaiting.choice === "reaction") return reactionOdds(card, (offer.reactions as string[] | undefined) ?? []);
  if (offer.kind === "reroll") return rerollOdds(card, String(offer.who), (offer.choices as string[] | undefined) ?? []);
  return {};
}

/** Puts each answer's odds in its own button, in the body's size, for whoever is shown the choice. */
export function activateChoiceOdds(_message: ChatMessage.Implementation, card: CardData, html: HTMLElement): void {
  const odds = choiceOddsByValue(card);
  for (const button of html.querySelectorAll<HTMLElement>(".fray-unhex-ask [data-fray-action='choose']")) {
    const line = button.querySelector<HTMLElement>("[data-fray-unhex-odds]");
    if (!line) continue;
    const text = odds[button.dataset.frayValue ?? ""] ?? "";
    line.textContent = text;
    line.hidden = !text;
  }
}
