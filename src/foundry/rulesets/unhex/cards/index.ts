/**
 * Unhex's cards and the calls that open them (the sheet's buttons, the dialogs, the tracker and
 * macros): each builds the opening request and hands it to the card engine.
 */
import { openCard, type OpenCard, registerCardKind } from "../../../cards/index.js";
import { unhexAttackCard } from "./attack.js";
import { unhexCombatEndCard } from "./combat-end.js";
import { unhexDoorCard } from "./door.js";
import { unhexInitiativeCard } from "./initiative.js";
import { unhexItemsCard } from "./items.js";
import { unhexMoveCard } from "./move.js";
import { unhexCheckCard, unhexOpposedCard } from "./rolls.js";
import { registerPhrasing } from "../../../cards/phrasing.js";
import { UNHEX_PHRASING } from "./phrasing.js";

export const UNHEX_CARDS = [unhexAttackCard, unhexCheckCard, unhexOpposedCard, unhexMoveCard, unhexDoorCard, unhexInitiativeCard, unhexItemsCard, unhexCombatEndCard];

export function registerUnhexCards(): void {
  registerPhrasing("unhex", UNHEX_PHRASING);
  for (const kind of UNHEX_CARDS) registerCardKind(kind);
}

type Ref = { actor: string; token?: string };

function posted(answer: { ok: boolean; value?: unknown }): ChatMessage.Implementation | undefined {
  return answer.ok && typeof answer.value === "string" ? game.messages?.get(answer.value) : undefined;
}

const ref = (actor: string, token?: string | null): Ref => (token ? { actor, token } : { actor });

export interface UnhexAttackOpen {
  attacker: string;
  attackerToken?: string | null;
  target: string;
  targetToken?: string | null;
  /** The held weapon's item id. */
  weapon: string;
  /** Without Areas: the range (0–2) and whether the target has cover. */
  range?: number;
  cover?: boolean;
  /** The GM's override of the team turn (a player's is refused). */
  outOfTurn?: boolean;
  rollMode?: string;
}

/** The card an attack dialog opens (and whose odds it shows). */
export function unhexAttackOpen(open: UnhexAttackOpen): OpenCard {
  const request: Record<string, unknown> = { weapon: open.weapon };
  if (open.range !== undefined) request.range = open.range;
  if (open.cover !== undefined) request.cover = open.cover;
  if (open.outOfTurn) request.outOfTurn = true;
  return { kind: "unhex.attack", refs: { attacker: ref(open.attacker, open.attackerToken), target: ref(open.target, open.targetToken) }, request, ...(open.rollMode ? { rollMode: open.rollMode } : {}) };
}

export async function postUnhexAttack(open: UnhexAttackOpen): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard(unhexAttackOpen(open)));
}

export interface UnhexRollOpen {
  actor: string;
  token?: string | null;
  /** For an opposed roll: the other side. */
  target?: string;
  targetToken?: string | null;
  good: boolean;
  what?: string;
  rollMode?: string;
}

/** The card a check or opposed-roll dialog opens (and whose odds it shows). */
export function unhexRollOpen(open: UnhexRollOpen): OpenCard {
  const request = { good: open.good, ...(open.what ? { what: open.what } : {}) };
  const mode = open.rollMode ? { rollMode: open.rollMode } : {};
  if (open.target) return { kind: "unhex.opposed", refs: { a: ref(open.actor, open.token), b: ref(open.target, open.targetToken) }, request, ...mode };
  return { kind: "unhex.check", refs: { character: ref(open.actor, open.token) }, request, ...mode };
}

export async function postUnhexRoll(open: UnhexRollOpen): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard(unhexRollOpen(open)));
}

export async function postUnhexDoor(actor: string, token: string, between: [string, string], open: boolean): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "unhex.door", refs: { actor: ref(actor, token) }, request: { between, open } }));
}

/** What the use-or-manage-items dialog opens: each item's choice (in hand, stow, drop) by id, and the item used. */
export interface UnhexItemsOpen {
  actor: string;
  token?: string | null;
  hands: Record<string, "hand" | "stow" | "drop">;
  use?: { item: string } | { fixed: string };
  /** The GM's override of the team turn (a player's is refused). */
  outOfTurn?: boolean;
}

export async function postUnhexItems(open: UnhexItemsOpen): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "unhex.items", refs: { actor: ref(open.actor, open.token) }, request: { hands: open.hands, ...(open.use ? { use: open.use } : {}), ...(open.outOfTurn ? { outOfTurn: true } : {}) } }));
}

/** The card the active GM opens for a move that stands in a fight: from the Area the token left, set out at `origin`. */
export function unhexMoveOpen(actor: string, token: string, from: string, origin: { x: number; y: number }): OpenCard {
  return { kind: "unhex.move", refs: { mover: ref(actor, token) }, request: { from, origin } };
}
