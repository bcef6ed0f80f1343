/**
 * A card's entries in the chat log's context menu, as the stand-in's chat log offers them
 * (`chatMessageMenu`: the "getChatMessageContextOptions" hook fills the entries, as v13's
 * ChatLog#_onFirstRender, and each entry's condition and callback get the message's element).
 */
import { chatMessageMenu } from "../../playground/foundry/index.js";

function menuOf(messageId: string) {
  const li = document.createElement("li");
  li.dataset.messageId = messageId;
  return { li, entries: chatMessageMenu(li) };
}

/** The names of the entries the current user is offered on the message. */
export function menuOffers(message: { id: string | null }): string[] {
  return menuOf(message.id ?? "").entries.map((entry) => entry.name);
}

/** Picks an entry from the message's menu, as the current user; throws when she is not offered it. */
export async function pickFromMenu(message: { id: string | null }, name: string): Promise<void> {
  const { li, entries } = menuOf(message.id ?? "");
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`the menu offers no ${name}`);
  await entry.callback(li);
}
