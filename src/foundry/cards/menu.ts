/**
 * A card's entries in the chat log's context menu (right-click on the message): Copy as request, a
 * tool for the GM and the card's players that has no place on the card's face, and Undo for whoever
 * the card's own Undo is for. v13's ChatLog#_onFirstRender (client/applications/sidebar/tabs/chat.mjs)
 * builds that menu with the hook "getChatMessageContextOptions": the hook gets the log and the entries,
 * and each entry's condition and callback get the message's element (`li[data-message-id]`).
 * Apply has no entry: a card applies itself once its last choice is made. The GM re-checks Undo.
 */
import { ask } from "../relay/index.js";
import { requestAsJson } from "./copy.js";
import { actorAt, owns, ownsEvery, undoOwnersOf } from "./documents.js";
import { cardKind } from "./kinds.js";
import { CARD_TYPE, type CardData, cardOf } from "./model.js";

type MenuEntry = foundry.applications.ux.ContextMenu.Entry<HTMLElement>;
type MenuHook = (app: unknown, entries: MenuEntry[]) => void;

/** The card on a menu's message, if it is a card a GM wrote. */
function cardAt(li: HTMLElement): { message: ChatMessage.Implementation; card: CardData } | null {
  const message = game.messages?.get(li.dataset.messageId ?? "");
  if (!message || message.type !== CARD_TYPE || !message.author?.isGM) return null;
  const card = cardOf(message);
  return card ? { message, card } : null;
}

/** The GM, or a player who owns an actor the card names. */
export function mayCopy(card: CardData, user: User.Implementation = game.user!): boolean {
  return user.isGM || Object.values(card.refs).some((ref) => owns(user, actorAt(ref.actor)));
}

/** Whom the card's Undo is for, as its button: the GM, or (unless its kind keeps Undo for the GM) a player who owns every actor it names and every document it changed. */
export function mayUndo(card: CardData, user: User.Implementation = game.user!): boolean {
  if (card.state !== "applied") return false;
  if (user.isGM) return true;
  const kind = cardKind(card.kind);
  return !!kind && kind.undoBy !== "gm" && ownsEvery(user, undoOwnersOf(card));
}

async function copy(li: HTMLElement): Promise<void> {
  const found = cardAt(li);
  if (!found || !mayCopy(found.card)) return;
  await game.clipboard?.copyPlainText(requestAsJson(found.card, found.message));
  ui.notifications?.info(game.i18n!.localize("FRAY.Card.Copied"));
}

async function undo(li: HTMLElement): Promise<void> {
  const found = cardAt(li);
  if (found) await ask("card.undo", { message: found.message.id! });
}

/** The entries (a callback returns its work so a test can await it; ContextMenu ignores what it returns). */
export function cardMenuEntries(): MenuEntry[] {
  return [
    {
      name: "FRAY.Card.Copy",
      icon: '<i class="fa-solid fa-code"></i>',
      condition: (li) => {
        const found = cardAt(li);
        return !!found && mayCopy(found.card);
      },
      callback: copy,
    },
    {
      name: "FRAY.Card.Undo",
      icon: '<i class="fa-solid fa-rotate-left"></i>',
      condition: (li) => {
        const found = cardAt(li);
        return !!found && mayUndo(found.card);
      },
      callback: undo,
    },
  ];
}

export function registerCardMenu(): void {
  // fvtt-types 13.345 declares no getChatMessageContextOptions (v13 names it in ChatLog#_onFirstRender); its shape is every get…ContextOptions hook's.
  (Hooks.on as (hook: string, fn: MenuHook) => number)("getChatMessageContextOptions", (_app, entries) => {
    entries.push(...cardMenuEntries());
  });
}
