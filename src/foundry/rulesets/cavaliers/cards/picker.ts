/**
 * The purchase picker on a cavaliers card: the chooser adds and removes entries on her client (the
 * running total and which entries still fit stay current), then sends the list as her choice. The
 * GM's rules check the list again; what this file shows is only a convenience.
 */
import { chooseOnCard } from "../../../cards/client.js";
import type { CardData, ClientAction } from "../../../cards/index.js";

/** Purchases picked on this client and not yet sent, per card. */
const PENDING = new Map<string, string[]>();

interface Entry {
  id: string;
  cost: number;
  repeatable: boolean;
}

function offerOf(card: CardData): { sp: number; entries: Entry[] } {
  const offer = (card.outcome?.awaiting?.offer ?? {}) as { sp?: number; entries?: Entry[] };
  return { sp: offer.sp ?? 0, entries: offer.entries ?? [] };
}

function picksOf(message: ChatMessage.Implementation): string[] {
  return PENDING.get(message.id!) ?? [];
}

/** Shows this client's picks, their running total and which entries can still be bought. */
export function refreshPicker(message: ChatMessage.Implementation, card: CardData, root: ParentNode): void {
  const { sp, entries } = offerOf(card);
  const picks = picksOf(message);
  const spent = picks.reduce((sum, id) => sum + (entries.find((entry) => entry.id === id)?.cost ?? 0), 0);
  const total = root.querySelector<HTMLElement>("[data-spend-total]");
  if (total) total.textContent = game.i18n!.format("FRAY.Card.Spent", { spent: String(spent), sp: String(sp) });
  for (const row of root.querySelectorAll<HTMLElement>("[data-entry]")) {
    const id = row.dataset.entry ?? "";
    const count = picks.filter((pick) => pick === id).length;
    const counter = row.querySelector<HTMLElement>("[data-count]");
    if (counter) counter.textContent = String(count);
    const entry = entries.find((candidate) => candidate.id === id);
    const buy = row.querySelector<HTMLButtonElement>("[data-fray-action='buy']");
    if (buy) buy.disabled = !entry || spent + entry.cost > sp || (!entry.repeatable && count > 0);
    const unbuy = row.querySelector<HTMLButtonElement>("[data-fray-action='unbuy']");
    if (unbuy) unbuy.disabled = count === 0;
  }
}

const entryOf = (button: HTMLElement) => button.closest<HTMLElement>("[data-entry]")?.dataset.entry ?? "";

/**
 * Refreshes every copy of the card on screen, not only the one clicked: v13 shows a new message
 * both in the chat log and in its notifications pane (client/applications/sidebar/tabs/chat.mjs, ChatLog#notify), and a copy left
 * stale kept "+" enabled past the SP left.
 */
function refreshEveryCopy(message: ChatMessage.Implementation, card: CardData, button: HTMLElement): void {
  const roots = new Set<ParentNode>(document.querySelectorAll<HTMLElement>(`[data-message-id="${message.id}"] .fray-card`));
  roots.add(button.closest(".fray-card") ?? document);
  for (const root of roots) refreshPicker(message, card, root);
}

export const PICKER_ACTIONS: Record<string, ClientAction> = {
  async buy(message, card, button) {
    PENDING.set(message.id!, [...picksOf(message), entryOf(button)]);
    refreshEveryCopy(message, card, button);
  },
  async unbuy(message, card, button) {
    const picks = [...picksOf(message)];
    const at = picks.lastIndexOf(entryOf(button));
    if (at >= 0) picks.splice(at, 1);
    PENDING.set(message.id!, picks);
    refreshEveryCopy(message, card, button);
  },
  /** Sends the picks as the awaited choice: a list of entries, or a count of Style Points for a Flourish. */
  async spend(message, card, _button) {
    const choice = card.outcome?.awaiting?.choice ?? "";
    const picks = picksOf(message);
    const answer = await chooseOnCard(message, choice, choice === "style" ? picks.length : picks);
    if (answer.ok) PENDING.delete(message.id!);
  },
};
