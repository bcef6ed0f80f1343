import { SYSTEM_ID } from "../system.js";

/**
 * A chat message type Fray once declared in system.json and declares no more: the type its stored
 * messages become, and the schema version whose migration converts them.
 *
 * Foundry v13 does not load a stored document whose type the world no longer declares (its type
 * field refuses it on the strict world load): it stays on the server, out of `game.messages`, its
 * id in `invalidDocumentIds`. `getInvalid` builds it non-strictly, which keeps the old type, and an
 * update of that document to a declared type is accepted by the server (it builds stored documents
 * non-strictly too and validates the change), so the message is whole again from the next load.
 */
export interface RetiredMessageType {
  type: string;
  becomes: string;
  version: number;
}

export const RETIRED_MESSAGE_TYPES: readonly RetiredMessageType[] = [
  // Declared for a Cavaliers exchange card that was never built: no Fray code ever created one, but a macro or module could have.
  { type: "cavaliersExchange", becomes: "base", version: 4 },
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored message of a retired type, as getInvalid builds it, and what it becomes. */
export interface RetiredMessage {
  message: ChatMessage.Implementation;
  retired: RetiredMessageType;
}

/**
 * The messages the world migration from schema version `from` converts: those that failed to load
 * and still hold a type retired after `from`. A message that cannot even be built, or holds any
 * other type (a module's, gone with it), is not Fray's to change and stays as the server has it.
 */
export function retiredMessages(from: number): RetiredMessage[] {
  const messages = game.messages;
  if (!messages) return [];
  const found: RetiredMessage[] = [];
  for (const id of messages.invalidDocumentIds) {
    let message: ChatMessage.Implementation;
    try {
      message = messages.getInvalid(id) as ChatMessage.Implementation;
    } catch (error) {
      console.warn(`Fray | chat message [${id}] could not be read for migration`, error);
      continue;
    }
    const type = (message._source as { type?: unknown }).type;
    const retired = RETIRED_MESSAGE_TYPES.find((entry) => entry.type === type && entry.version > from);
    if (retired) found.push({ message, retired });
  }
  return found;
}

/**
 * The update that makes a retired message whole: its new type, everything else as stored (content,
 * speaker, author, whisper, rolls, timestamp and every flag), and the old type noted in
 * `flags.fray.formerType` so it is not lost either; when `flags.fray` holds something other than an
 * object (a hand edit), it is left as it is and the note is skipped rather than writing over it.
 * v13 changes a document's type only when its `system` is replaced whole in the same update
 * (SchemaField#_updateDiff, common/data/fields.mjs), so the stored system goes with it as it was: a
 * plain message has no model to clean it.
 */
export function retiredMessageUpdate({ message, retired }: RetiredMessage): Record<string, unknown> {
  const system = (message._source as { system?: unknown }).system;
  const update: Record<string, unknown> = { _id: message.id, type: retired.becomes, "==system": isObject(system) ? foundry.utils.deepClone(system) : {} };
  const flags = (message._source as { flags?: unknown }).flags;
  const scope = isObject(flags) ? flags[SYSTEM_ID] : undefined;
  if (scope === undefined || isObject(scope)) update[`flags.${SYSTEM_ID}.formerType`] = retired.type;
  return update;
}
