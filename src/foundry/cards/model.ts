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
  /** For a document other than an actor: the change in the players' words, and both values as read. */
  label?: string;
  shown?: { before: string; after: string };
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

/** Path segments that would reach an object's prototype, never a request's own field. */
const UNSAFE = new Set(["__proto__", "prototype", "constructor"]);

/**
 * The request with a choice added. A choice names a request field, or a path into one when a choice
 * belongs to one of several choosers ("rerolls.target", "saves.c2"), so a card with many choosers
 * keeps one field per chooser. The request is copied, never changed in place; the path comes from
 * the rules' `awaiting` or the kind, not from a player.
 */
export function withChoice(request: Record<string, unknown>, choice: string, value: unknown): Record<string, unknown> {
  if (!choice || choice.split(".").some((part) => !part || UNSAFE.has(part))) throw new Error(`no such choice: ${choice}`);
  const next = foundry.utils.deepClone(request);
  foundry.utils.setProperty(next, choice, value);
  return next;
}
