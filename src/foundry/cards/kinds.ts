/**
 * What a ruleset declares for each kind of card (an attack, a check, a melee round...). The
 * engine does the rest the same way for every kind: it opens the card from a request and a roll,
 * resolves the rules action on the GM, asks for each awaited choice, applies and undoes.
 */
import type { TObject } from "@sinclair/typebox";
import type { Outcome } from "../../core/outcome.js";
import type { RulesetId } from "../../rules/ruleset.js";
import { Refused } from "../relay/index.js";
import { isRulesetId, loadRuleset } from "../rulesets/loading.js";
import type { ChangeTarget } from "./documents.js";
import type { CardData, ChangeRecord } from "./model.js";
import type { MarkedDie } from "./dice-marks.js";
import type { DescribedChange } from "./phrasing.js";

/**
 * A card's first line (issue 38): what happened, in the game's words ("Fyrd wins by 2 levels: Odo
 * takes a serious wound"), or, while the card waits, what it waits for. `chooser` and `yours` say
 * the waiting line to the one who chooses as hers (render.ts); `dice` are shown under the line when
 * the kind's own dice sit in its folded steps, so a reader sees them without opening anything.
 */
export interface CardHeadline {
  text: string;
  chooser?: string;
  yours?: string;
  dice?: readonly HeadlineDie[];
}

/** A die under the headline: a marked die, named by its size ("d6") or, where the game names its dice, by that ("Bd"). */
export type HeadlineDie = MarkedDie & { title?: string; kind?: string };

/** The actors a card names, by role, as documents. */
export type CardActors = Record<string, Actor.Implementation>;

/** What Apply writes on one actor (or on a Combat, fields only): update paths and status ids, each with the value wanted. */
export interface ActorChange {
  actor: ChangeTarget;
  fields?: Record<string, unknown>;
  statuses?: Record<string, boolean>;
  /** Each field's name in the players' words, by update path (else FRAY.Card.Field.<path>, else the path). */
  labels?: Record<string, string>;
  /** Update options, so a ruleset's own hooks can tell a card's write from a sheet edit. */
  options?: Record<string, unknown>;
}

/**
 * What Apply writes on another document the card's outcome names (an item, the combat's tracker
 * state, a token's place, a Region behaviour): update paths and values, recorded for Undo like an
 * actor's. `label` names the change in the players' words and `show` reads a value for the card.
 */
export interface DocumentChange {
  document: foundry.abstract.Document.Any;
  fields: Record<string, unknown>;
  label?: string;
  /** A field's own name, by update path, where one `label` does not fit them all. */
  labels?: Record<string, string>;
  show?: (value: unknown) => string;
  /** Update options (a token moved by the GM's ruling, not by a drag). */
  options?: Record<string, unknown>;
}

export type CardChange = ActorChange | DocumentChange;

/** A step after Apply that only some may take (the GM's pick for an NPC at her limit). */
export interface FollowUp {
  /** Whether the asker may take it with this value now; a refusal reason, or null when allowed. */
  check(card: CardData, value: string, asker: User.Implementation): string | null;
  /** The changes it makes; recorded with the Apply's, so Undo takes them back too. */
  changes(card: CardData, value: string, actors: CardActors): CardChange[];
  /** What the card keeps of it (merged into `notes`). */
  note(value: string): Record<string, unknown>;
}

/** A button's client side: what a click does before (or instead of) asking the GM. */
export type ClientAction = (message: ChatMessage.Implementation, card: CardData, button: HTMLElement) => Promise<void>;

export interface CardKind {
  /** "<ruleset>.<name>", stored on every card of the kind. */
  id: string;
  ruleset: RulesetId;
  /** The rules action the card resolves (a key of the ruleset's `actions`). */
  action: string;
  template: string;
  /** The role whose owner opens the card and rolls first; `roles` lists every role it may name. */
  opener: string;
  roles: readonly string[];
  /**
   * The opening request's fields (what `game.fray.openCard` takes as `request`), each with a
   * `description`; docs/api.md's list of card kinds is made from them (npm run docs:api), and a
   * required field left out is refused by its name before `prepare` reads anything.
   */
  request: TObject;
  /**
   * On the GM when the card opens: checks the opening request's shape and the items it names, and
   * fixes what only the GM may read (Areas between the tokens, a bought Riposte...). Throws Refused.
   */
  prepare(request: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>, asker?: User.Implementation): Record<string, unknown>;
  /** The rules request (the JSON `fray resolve` takes) from the card's request and its actors as they are now. */
  rulesRequest(request: Record<string, unknown>, actors: CardActors): Record<string, unknown>;
  /**
   * On the GM, for a choice its chooser may make: a value only some may give (a value only a GM
   * sets), or a choice that must wait for other cards (card is the card as stored); a refusal
   * reason, or null when the asker may give it.
   */
  checkChoice?(choice: string, value: unknown, asker: User.Implementation, card: CardData): string | null;
  /**
   * Choices whose dice the active GM rolls when he serves them, not the chooser's client (a roll
   * sent with one is refused): the dice of both sides, such as an attack and its defence rolled
   * together once the defence is chosen, which neither side's client may pick.
   */
  gmRolls?: readonly string[];
  /** Values an unset field reads as (flags), so "never set" and "set to the default" compare equal. */
  fieldDefaults?: Record<string, unknown>;
  /** What Apply changes, from a complete outcome. */
  changes(outcome: Outcome, actors: CardActors, request: Record<string, unknown>): CardChange[];
  /** A recorded change in the players' words (tracker state on a Combat...); null leaves it to the engine. */
  describeChange?(record: ChangeRecord): DescribedChange | null;
  /** Extra facts kept after Apply (who is Dying...), merged into `notes`. */
  notesAfterApply?(outcome: Outcome, actors: CardActors): Record<string, unknown>;
  followUps?: Record<string, FollowUp>;
  /**
   * Who may open a card of the kind: the owner of the opener's actor (default), the owner of every
   * actor it names (each her own roll, such as Dex saves), or only a GM (the end of a round).
   */
  openBy?: "opener" | "every-role" | "gm";
  /**
   * Who heads the card in the chat log: the opener (default), or the fight itself, for a card that
   * speaks for everyone in it (the end of a round, round-one Momentum, initiative), not for one character.
   */
  speaker?: "opener" | "fight";
  /**
   * Who may Undo an applied card: a player who owns every actor it names and every document it
   * changed, else a GM (default), or only a GM (a card many players chose on).
   */
  undoBy?: "owners" | "gm";
  /** On the active GM, once the card is posted: what the kind keeps beyond the card (the round's combined actions). */
  opened?(card: CardData, actors: CardActors): Promise<void>;
  /** On the active GM, once an applied card is undone: takes back what `opened` kept. */
  undone?(card: CardData, actors: CardActors): Promise<void>;
  /** The template's context. */
  context(card: CardData): Record<string, unknown>;
  /**
   * The card's first line, read from its resolved result (never from the order its choices came
   * in), or what it waits for; `context` is the kind's own template context for this card.
   */
  headline(card: CardData, context: Record<string, unknown>): CardHeadline;
  /** Client-side button behaviours beyond the engine's own (a purchase picker, a link to another card). */
  clientActions?: Record<string, ClientAction>;
  /** Client-side touches after the card is shown (running totals). */
  activate?(message: ChatMessage.Implementation, card: CardData, html: HTMLElement): void;
}

/** The chooser of an awaited choice the rules leave to the GM alone (`by: "gm"`: a ruling no player gives). */
export const GM_CHOOSER = "gm";

const KINDS = new Map<string, CardKind>();

/** Why an opening request cannot open a card of the kind, naming the first required field it lacks; null when it has them all. */
export function missingField(kind: CardKind, request: Record<string, unknown>): { field: string; what: string } | null {
  for (const field of kind.request.required ?? []) {
    if (request[field] === undefined || request[field] === null) return { field, what: String(kind.request.properties[field]?.description ?? "") };
  }
  return null;
}

/** The kind's `prepare`, once the request has every field the kind requires (a refusal names the first it lacks). */
export function prepareOpening(kind: CardKind, request: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>, asker?: User.Implementation): Record<string, unknown> {
  const missing = missingField(kind, request);
  if (missing) throw new Refused(game.i18n!.format("FRAY.Card.Refused.MissingField", { kind: kind.id, field: missing.field, what: missing.what }));
  return kind.prepare(request, actors, tokens, asker);
}

/** The refusal of a kind id no loaded ruleset has, with the kinds it may have meant. */
export function unknownKind(id: unknown): string {
  const given = typeof id === "string" ? id.slice(0, 60) : "";
  return game.i18n!.format("FRAY.Card.Refused.UnknownKind", { kind: given, choices: kindChoices(given).join(", ") });
}

/** The kinds a mistaken kind id may have meant: its ruleset's, when it names one, else every kind this world has loaded. */
export function kindChoices(id: string): string[] {
  const ruleset = rulesetOfKind(id);
  return [...KINDS.values()].filter((kind) => !ruleset || kind.ruleset === ruleset).map((kind) => kind.id);
}

export function registerCardKind(kind: CardKind): void {
  KINDS.set(kind.id, kind);
}

export function cardKind(id: string): CardKind | undefined {
  return KINDS.get(id);
}

export function cardKinds(): CardKind[] {
  return [...KINDS.values()];
}

/**
 * A kind once its ruleset's chunk has arrived: a card names its ruleset in its kind's id, so a card
 * of a ruleset this world has not loaded (one kept from before a switch) loads it. Undefined when
 * no ruleset has the kind or its chunk cannot be fetched.
 */
export async function arrivedCardKind(id: string): Promise<CardKind | undefined> {
  const ruleset = rulesetOfKind(id);
  if (ruleset) await loadRuleset(ruleset).catch(() => undefined);
  return cardKind(id);
}

/** The ruleset a kind's id names ("drama.melee" is drama's), if it names one. */
export function rulesetOfKind(id: string): RulesetId | undefined {
  const prefix = id.slice(0, id.indexOf("."));
  return isRulesetId(prefix) ? prefix : undefined;
}
