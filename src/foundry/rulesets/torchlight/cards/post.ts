/**
 * Opening the torchlight cards from this client (a sheet button, a dialog, the tracker, the Combat
 * Grid): each is a request to the card engine, which rolls here and asks the GM to post it. Returns
 * the posted message, or undefined when it was refused (the user was told why).
 */
import { openCard } from "../../../cards/index.js";
import type { CardRef } from "../../../cards/model.js";
import { type Fighter, fightersOf } from "../combat/fight.js";
import { MAX_FIGHTERS } from "./common.js";

export interface Who {
  actor: string;
  token?: string;
}

function posted(answer: { ok: boolean; value?: unknown }): ChatMessage.Implementation | undefined {
  return answer.ok && typeof answer.value === "string" ? game.messages?.get(answer.value) : undefined;
}

const ref = (who: Who): CardRef => (who.token ? { actor: who.actor, token: who.token } : { actor: who.actor });

/** A fighter as a card names it: its actor, and its token when it has one. */
export function whoOf(fighter: Fighter): Who {
  return fighter.token ? { actor: fighter.actor?.uuid ?? "", token: fighter.token.uuid } : { actor: fighter.actor?.uuid ?? "" };
}

/** Every fighter (or the ones given, by fighter key or combatant id) as roles c0, c1... */
function everyone(combat: Combat.Implementation, only?: readonly string[]): Record<string, CardRef> {
  const fighters = fightersOf(combat).filter((f) => f.actor && (!only || only.includes(f.id) || only.includes(f.combatant.id ?? "")));
  return Object.fromEntries(fighters.slice(0, MAX_FIGHTERS).map((f, i) => [`c${i}`, ref(whoOf(f))]));
}

export interface AttackOpening {
  combat: string;
  attacker: Who;
  target: Who;
  /** A weapon item's id, or "" for the sheet's bare weapon. */
  weapon: string;
  /** A Maneuver paid with 1 Breath, declared before the roll. */
  maneuver?: string;
  area?: boolean;
  enhancements?: number;
  impairments?: number;
  rollMode?: string;
}

export async function postTorchlightAttack(open: AttackOpening): Promise<ChatMessage.Implementation | undefined> {
  const request: Record<string, unknown> = { combat: open.combat, weapon: open.weapon };
  if (open.maneuver) request.maneuver = open.maneuver;
  if (open.area) request.area = true;
  if (open.enhancements) request.enhancements = open.enhancements;
  if (open.impairments) request.impairments = open.impairments;
  return posted(await openCard({ kind: "torchlight.attack", refs: { attacker: ref(open.attacker), target: ref(open.target) }, request, ...(open.rollMode ? { rollMode: open.rollMode } : {}) }));
}

export async function postTorchlightManeuver(open: { combat: string; actor: Who; target?: Who; maneuver: string; weapon: string; rollMode?: string }): Promise<ChatMessage.Implementation | undefined> {
  const refs: Record<string, CardRef> = { actor: ref(open.actor), ...(open.target ? { target: ref(open.target) } : {}) };
  return posted(await openCard({ kind: "torchlight.maneuver", refs, request: { combat: open.combat, maneuver: open.maneuver, weapon: open.weapon }, ...(open.rollMode ? { rollMode: open.rollMode } : {}) }));
}

export async function postTorchlightAbility(open: { combat: string; actor: Who; target?: Who; rollMode?: string }): Promise<ChatMessage.Implementation | undefined> {
  const refs: Record<string, CardRef> = { actor: ref(open.actor), ...(open.target ? { target: ref(open.target) } : {}) };
  return posted(await openCard({ kind: "torchlight.ability", refs, request: { combat: open.combat }, ...(open.rollMode ? { rollMode: open.rollMode } : {}) }));
}

export async function postTorchlightRetreat(open: { combat: string; actor: Who }): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "torchlight.retreat", refs: { actor: ref(open.actor) }, request: { combat: open.combat } }));
}

export async function postTorchlightGrappleHold(open: { combat: string; actor: Who; target: Who }): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "torchlight.grapple-hold", refs: { actor: ref(open.actor), target: ref(open.target) }, request: { combat: open.combat } }));
}

export async function postTorchlightRoll(kind: "check" | "save", actor: Who, characteristic: string, rollMode?: string): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: `torchlight.${kind}`, refs: { actor: ref(actor) }, request: { characteristic }, ...(rollMode ? { rollMode } : {}) }));
}

export async function postTorchlightDying(actor: Who, hours: number): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "torchlight.dying", refs: { actor: ref(actor) }, request: { hours } }));
}

export async function postTorchlightRecover(actor: Who, restDays: number): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "torchlight.recover", refs: { actor: ref(actor) }, request: { restDays } }));
}

/** The GM's end of the round: everyone in the fight. */
export async function postTorchlightRound(combat: Combat.Implementation): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "torchlight.round", refs: everyone(combat), request: { combat: combat.id } }));
}

/** Dex saves for these fighters (by fighter key or combatant id): a player's own, or the GM's for everyone who has not rolled. */
export async function postTorchlightInitiative(combat: Combat.Implementation, combatantIds: readonly string[]): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "torchlight.initiative", refs: everyone(combat, combatantIds), request: { combat: combat.id } }));
}

export async function postTorchlightEngagement(combat: Combat.Implementation): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "torchlight.engagement", refs: everyone(combat), request: { combat: combat.id } }));
}
