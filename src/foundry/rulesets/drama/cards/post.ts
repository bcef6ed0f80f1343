/**
 * Opening the Drama cards from a sheet, a dialog, the tracker or another card: each names its
 * actors (and the tokens they act through) and the opener's choices, and goes through the card
 * engine (rolled on this client, posted by the GM). Returns the posted message, or undefined when
 * it was refused (the user was told why).
 */
import { openCard, type OpenCard } from "../../../cards/index.js";
import { tokenAt } from "../../../cards/documents.js";
import type { CardRef } from "../../../cards/model.js";
import type { CourageValues, MeleeAnswer, RangedAnswer, TokenLike } from "./answers.js";


function posted(answer: { ok: boolean; value?: unknown }): ChatMessage.Implementation | undefined {
  return answer.ok && typeof answer.value === "string" ? game.messages?.get(answer.value) : undefined;
}

/** The ref of an actor acting through a token (kept only when the token resolves as a document). */
export function refOf(actor: Actor.Implementation, token?: TokenLike | null): CardRef {
  const uuid = token?.document?.uuid ?? token?.uuid;
  return uuid && tokenAt(uuid) ? { actor: actor.uuid, token: uuid } : { actor: actor.uuid };
}

/** The actor's own token on the viewed scene (its sheet may be a token's). */
export function ownToken(actor: Actor.Implementation): TokenLike | null {
  const synthetic = (actor as { token?: TokenDocument.Implementation | null }).token;
  if (synthetic) return { actor, uuid: synthetic.uuid };
  const placed = actor.getActiveTokens(false, false)[0] as unknown as TokenLike | undefined;
  return placed ?? null;
}

/** The melee card a round against these targets opens: one against one, or one against several. */
export function meleeCard(actor: Actor.Implementation, targets: readonly TokenLike[], answer: MeleeAnswer, rollMode?: string): OpenCard {
  const me = refOf(actor, ownToken(actor));
  const mode = rollMode ? { rollMode } : {};
  if (targets.length === 1) {
    const target = targets[0]!;
    return { kind: "drama.melee", refs: { a: me, b: refOf(target.actor!, target) }, request: { weapon: answer.weapon }, ...mode };
  }
  const refs: Record<string, CardRef> = { actor: me };
  targets.forEach((t, i) => (refs[`opponent${i + 1}`] = refOf(t.actor!, t)));
  const unopposed = answer.unopposed.map((i) => `opponent${i + 1}`);
  return { kind: "drama.multiple", refs, request: { weapon: answer.weapon, unopposed }, ...mode };
}

export async function postMelee(actor: Actor.Implementation, targets: readonly TokenLike[], answer: MeleeAnswer, rollMode?: string): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard(meleeCard(actor, targets, answer, rollMode)));
}

/** The card a shot opens. */
export function rangedCard(actor: Actor.Implementation, target: TokenLike, answer: Omit<RangedAnswer, "shootsBack">, rollMode?: string): OpenCard {
  const request = { weapon: answer.weapon, situation: answer.situation, bonuses: answer.bonuses, advantages: answer.advantages, base: answer.base, resistance: answer.resistance };
  return { kind: "drama.ranged", refs: { shooter: refOf(actor, ownToken(actor)), target: refOf(target.actor!, target) }, request, ...(rollMode ? { rollMode } : {}) };
}

export async function postRanged(actor: Actor.Implementation, target: TokenLike, answer: Omit<RangedAnswer, "shootsBack">, rollMode?: string): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard(rangedCard(actor, target, answer, rollMode)));
}

/** Who shoots first, when both sides shoot: a Momentum card "for ranged" whose order offers each shooter her shot. */
export async function postShootFirst(actor: Actor.Implementation, target: TokenLike): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "drama.momentum", refs: { c1: refOf(actor, ownToken(actor)), c2: refOf(target.actor!, target) }, request: { for: "ranged" } }));
}

/** The card a courage test from the sheet opens. */
export function courageCard(actor: Actor.Implementation, answer: CourageValues, rollMode?: string): OpenCard {
  const request = { wound: answer.wound, modifiers: { base: answer.base, resistance: answer.resistance, drama: answer.drama } };
  return { kind: "drama.courage", refs: { actor: refOf(actor, ownToken(actor)) }, request, ...(rollMode ? { rollMode } : {}) };
}

export async function postCourage(actor: Actor.Implementation, answer: CourageValues, rollMode?: string): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard(courageCard(actor, answer, rollMode)));
}

/** Round-one Momentum of a fight's combatants, as a card (the tracker's ranking, step by step). */
export async function postMomentum(fighters: readonly { actor: Actor.Implementation; token?: TokenLike | null }[]): Promise<ChatMessage.Implementation | undefined> {
  const refs = Object.fromEntries(fighters.slice(0, 12).map((f, i) => [`c${i + 1}`, refOf(f.actor, f.token ?? null)]));
  return posted(await openCard({ kind: "drama.momentum", refs, request: { for: "melee" } }));
}
