import { cardDefinition } from "./card.js";

/**
 * The card's HTML is rendered from its stored data into the message content whenever the data
 * changes (create and every step). Stored content is what every client, the chat export and a
 * client without Fray's code show; what differs per viewer (which buttons she may press, the no-GM
 * note) is decided at display time by the renderChatMessageHTML hook (hooks.ts), which is synchronous
 * and so cannot render a template itself.
 */
export async function renderCard(type: string, system: Record<string, unknown>): Promise<string> {
  const definition = cardDefinition(type);
  if (!definition) throw new Error(`no chat card type ${type}`);
  return foundry.applications.handlebars.renderTemplate(definition.template, definition.context(system));
}

export interface NewCard {
  type: string;
  system: Record<string, unknown>;
  /** Evaluated Rolls (JSON strings), so Dice So Nice and roll modes work. */
  rolls: string[];
  speaker: ChatMessage.SpeakerData;
  rollMode?: string | undefined;
}

export async function createCard(card: NewCard): Promise<ChatMessage.Implementation | undefined> {
  const content = await renderCard(card.type, card.system);
  const data = { type: card.type, system: card.system, content, rolls: card.rolls, speaker: card.speaker };
  // The card's data is built from its own model's fields; fvtt-types cannot tie a run-time subtype name to its system shape.
  const withMode = ChatMessage.applyRollMode(data as never, (card.rollMode ?? "roll") as ChatMessage.PassableRollMode);
  return ChatMessage.create(withMode);
}

/** Writes new card data (merged over the stored data) and its re-rendered content in one update. */
export async function updateCard(message: ChatMessage.Implementation, changes: Record<string, unknown>, rolls?: string[]): Promise<void> {
  const current = (message.system as { toObject(): Record<string, unknown> }).toObject();
  const system = foundry.utils.mergeObject(current, changes, { inplace: false });
  const content = await renderCard(message.type, system);
  const update: Record<string, unknown> = { system, content };
  if (rolls) update.rolls = rolls;
  await message.update(update);
}

/** The rolls a message holds, as stored (JSON strings). */
export function storedRolls(message: ChatMessage.Implementation): string[] {
  return ((message._source as { rolls?: unknown[] }).rolls ?? []).map((r) => (typeof r === "string" ? r : JSON.stringify(r)));
}
