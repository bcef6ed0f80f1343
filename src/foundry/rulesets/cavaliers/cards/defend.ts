/**
 * The defence step on a cavaliers attack card, on the defender's client: she picks Parry, Block,
 * Dodge or Brawl with her own Advantage die and Assist dice (seed 000 §Using Advantage, §Assist),
 * and sees beforehand each defence's exact chance against the attack as declared (issue 38), which
 * is honest now that no die is rolled before she chooses. The GM checks what she sends and rolls.
 */
import { chooseOnCard, choiceOdds, percent, type CardData, type ClientAction } from "../../../cards/index.js";
import { readAssists } from "../ui/assists.js";
import { cardName } from "../../../cards/documents.js";

/** What the defence form holds besides the defence: the Advantage die ticked, the helpers' dice typed. */
function extrasOf(root: ParentNode): { useAdvantage: boolean; assists: number[][] } | { problems: string[] } {
  const useAdvantage = root.querySelector<HTMLInputElement>("[data-fray-defence-advantage]")?.checked ?? false;
  const { assists, problems } = readAssists([...root.querySelectorAll<HTMLInputElement>("[data-fray-defence-assist]")].map((input) => input.value));
  return problems.length ? { problems } : { useAdvantage, assists };
}

/** The choice as the card keeps it: the defence alone, or with the dice she adds. */
function defenceValue(skill: string, extras: { useAdvantage: boolean; assists: number[][] }): unknown {
  return extras.useAdvantage || extras.assists.length ? { skill, useAdvantage: extras.useAdvantage, assists: extras.assists } : skill;
}

const rootOf = (element: HTMLElement): ParentNode => element.closest(".fray-card") ?? element;

/** Each defence on offer with her chance to win the roll, as the form now stands (nothing shown for a defence the rules refuse). */
export function refreshDefenceOdds(card: CardData, root: ParentNode): void {
  const list = root.querySelector<HTMLElement>("[data-fray-defence-odds]");
  const defences = (card.outcome?.awaiting?.offer.defences as string[] | undefined) ?? [];
  if (!list || card.outcome?.awaiting?.choice !== "defence") return;
  const extras = extrasOf(root);
  const uuid = card.refs.defender?.actor;
  const defender = uuid ? fromUuidSync<Actor.Implementation>(uuid) : null;
  const name = defender instanceof Actor ? cardName(defender.name) : game.i18n!.localize("FRAY.Card.Defender");
  list.replaceChildren(
    ...defences.flatMap((skill) => {
      const odds = "problems" in extras ? null : choiceOdds(card, "defence", defenceValue(skill, extras));
      const chance = odds?.chances.defenderWins;
      if (chance === undefined) return [];
      const line = document.createElement("li");
      line.dataset.defence = skill;
      line.textContent = game.i18n!.format("FRAY.Card.DefenceOdds", { defence: game.i18n!.localize(`FRAY.Card.Defence.${skill}`), name, chance: percent(chance) });
      return [line];
    }),
  );
}

/** Keeps the odds current while she ticks the Advantage die or types Assist dice. */
export function activateDefence(card: CardData, html: HTMLElement): void {
  const form = html.querySelector<HTMLElement>(".fray-card-defence");
  if (!form || card.outcome?.awaiting?.choice !== "defence") return;
  refreshDefenceOdds(card, rootOf(form));
  form.addEventListener("change", () => refreshDefenceOdds(card, rootOf(form)));
}

export const DEFENCE_ACTIONS: Record<string, ClientAction> = {
  /** A defence button sends the defence with the dice she adds; any other choice button goes as it is. */
  async choose(message, _card, button) {
    const choice = button.dataset.frayChoice ?? "";
    const value = button.dataset.frayValue ?? "";
    if (choice !== "defence") {
      await chooseOnCard(message, choice, value);
      return;
    }
    const extras = extrasOf(rootOf(button));
    if ("problems" in extras) {
      ui.notifications?.warn(extras.problems.join(" "));
      return;
    }
    await chooseOnCard(message, "defence", defenceValue(value, extras));
  },
};
