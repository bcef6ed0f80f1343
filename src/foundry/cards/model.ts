/**
 * The one chat card type every ruleset uses. Its data is written by the active GM alone (the GM
 * authors every card), so what it stores can be trusted: which card kind it is, the actors it
 * names, the request as chosen so far, the outcome the GM last resolved, and what Apply changed.
 */
import type { Outcome } from "../../core/outcome.js";

const fields = foundry.data.fields;

export const CARD_TYPE = "card";
export const CARD_STATES = ["open", "applied", "undone", "closed"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** An actor the card names by role ("attacker", "defender", "actor"...), with the token it acted through. */
export interface CardRef {
  actor: string;
  token?: string;
}

/** One field or status an Apply changed on one actor, with the value before and after. */
export interface ChangeRecord {
  uuid: string;
  name: string;
  /** An update path such as "system.yield.value", or a status id for `kind: "status"`. */
  key: string;
  kind: "field" | "status";
  before: unknown;
  after: unknown;
}

/** Who chose what, in order: the opening roll, then each choice (for the card and for Undo). */
export interface CardHistoryEntry {
  choice: string;
  by: string;
  user: string;
}

export interface CardData {
  kind: string;
  refs: Record<string, CardRef>;
  request: Record<string, unknown>;
  /** The rules request the GM last resolved (with the actors' data as read then), for "Copy as request". */
  rules: Record<string, unknown>;
  outcome: Outcome | null;
  state: CardState;
  applied: ChangeRecord[];
  history: CardHistoryEntry[];
  /** Extra facts a kind keeps after Apply (the GM's pick for an NPC at her limit...). */
  notes: Record<string, unknown>;
}

const str = () => new fields.StringField({ required: true, nullable: false, blank: true, initial: "" });

function cardSchema() {
  return {
    kind: str(),
    refs: new fields.ObjectField(),
    request: new fields.ObjectField(),
    rules: new fields.ObjectField(),
    outcome: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    state: new fields.StringField({ required: true, nullable: false, initial: "open", choices: [...CARD_STATES] }),
    applied: new fields.ArrayField(new fields.ObjectField()),
    history: new fields.ArrayField(new fields.ObjectField()),
    notes: new fields.ObjectField(),
  };
}
type CardSchema = ReturnType<typeof cardSchema>;

export class CardModel extends foundry.abstract.TypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema(): CardSchema {
    return cardSchema();
  }
}

/** The card's stored data as plain values, or null when the message is not a Fray card. */
export function cardOf(message: ChatMessage.Implementation): CardData | null {
  if (message.type !== CARD_TYPE || !(message.system instanceof CardModel)) return null;
  // The model's schema is CardData's shape; toObject gives its stored values.
  return message.system.toObject() as unknown as CardData;
}

/**
 * The request with a choice added. A choice names a request field, or a path into one ("saves.c2":
 * the saves of the combatant in role c2), so a card with many choosers keeps one field per chooser.
 */
export function withChoice(request: Record<string, unknown>, choice: string, value: unknown): Record<string, unknown> {
  const next = foundry.utils.deepClone(request);
  foundry.utils.setProperty(next, choice, value);
  return next;
}
