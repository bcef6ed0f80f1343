/**
 * A card's entries in the chat log's context menu, as v13's ContextMenu offers them: the
 * "getChatMessageContextOptions" hook fills the entries (ChatLog#_onFirstRender), and each entry's
 * condition and callback get the message's element, `li[data-message-id]`.
 */
type MenuEntry = { name: string; condition?: boolean | ((li: HTMLElement) => boolean | null); callback(li: HTMLElement): unknown };
interface HooksLike {
  call(hook: string, ...args: unknown[]): boolean;
}

function entriesFor(messageId: string): { li: HTMLElement; entries: MenuEntry[] } {
  const entries: MenuEntry[] = [];
  (globalThis as unknown as { Hooks: HooksLike }).Hooks.call("getChatMessageContextOptions", null, entries);
  const li = document.createElement("li");
  li.dataset.messageId = messageId;
  return { li, entries };
}

/** The names of the entries the current user is offered on the message. */
export function menuOffers(message: { id: string | null }): string[] {
  const { li, entries } = entriesFor(message.id ?? "");
  return entries.filter((entry) => (typeof entry.condition === "function" ? entry.condition(li) : entry.condition !== false)).map((entry) => entry.name);
}

/** Picks an entry from the message's menu, as the current user; throws when she is not offered it. */
export async function pickFromMenu(message: { id: string | null }, name: string): Promise<void> {
  const { li, entries } = entriesFor(message.id ?? "");
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry || !menuOffers(message).includes(name)) throw new Error(`the menu offers no ${name}`);
  await entry.callback(li);
}
