/**
 * The fighters a Drama card names: their names as the rules and the card show them (a token's
 * name, made unique), their stat blocks as they are now, and the tracker facts the GM reads for them
 * (the round, the stances declared on the tracker, who holds Momentum).
 */
import type { Combatant } from "../../../../rules/drama/combatant.js";
import { type CardActors } from "../../../cards/kinds.js";
import { actorAt, tokenAt } from "../../../cards/documents.js";
import type { CardRef } from "../../../cards/model.js";
import { Refused } from "../../../relay/index.js";
import { recordKey } from "../../../combat/fighter.js";
import { combatantFor, declaredStance, momentumHolder } from "../combat/state.js";
import { combatantOf, dramaSystemOf, type WeaponView } from "../gear.js";
import { roundsOutOf } from "../combat/out.js";
import { hasBegun, roundOf } from "../../../combat/clock.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

/** What the GM fixed from the tracker when the card opened: the combat, its round, each role's combatant. */
export interface TrackerFacts {
  combat: string;
  round: number;
  ids: Record<string, string>;
}

/** Each role's name: its token's, else its actor's, numbered where two would read the same. */
export function namesOf(roles: readonly string[], actors: CardActors, tokens: Record<string, { name?: string | null } | null>): Record<string, string> {
  const names: Record<string, string> = {};
  const seen = new Map<string, number>();
  for (const role of roles) {
    const actor = actors[role];
    if (!actor) continue;
    const base = (tokens[role]?.name || actor.name || role).slice(0, 60);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    names[role] = count > 1 ? `${base} (${count})` : base;
  }
  return names;
}

/** The names a card's refs give (for the GM's re-reads, from the stored token uuids). */
export function namesFromRefs(roles: readonly string[], refs: Record<string, CardRef>, actors: CardActors): Record<string, string> {
  const tokens: Record<string, { name?: string | null } | null> = {};
  for (const role of roles) tokens[role] = refs[role]?.token ? tokenAt(refs[role]!.token) : null;
  return namesOf(roles, actors, tokens);
}

/** Refuses a fighter who is out of the fight (no Flesh left, or out for rounds after a failed courage test). */
export function checkInFight(actor: Actor.Implementation): void {
  const system = dramaSystemOf(actor);
  if (system.flesh.value <= 0 || roundsOutOf(actor) > 0) throw new Refused(localize("FRAY.Drama.Refused.OutOfFight", { name: actor.name }));
}

/** The tracker facts of a fight when every fighter is a combatant of the same combat (the GM reads them at opening). */
export function trackerFacts(roles: readonly string[], actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>): TrackerFacts | null {
  let combat: Combat.Implementation | null = null;
  const ids: Record<string, string> = {};
  for (const role of roles) {
    const actor = actors[role];
    if (!actor) continue;
    const found = combatantFor(actor, tokens[role] ?? null);
    if (!found || (combat && found.combat !== combat)) return null;
    combat = found.combat;
    ids[role] = recordKey(found.combatant);
  }
  if (!combat || !hasBegun(combat)) return null;
  return { combat: combat.id!, round: roundOf(combat), ids };
}

export function combatOf(facts: TrackerFacts | null): Combat.Implementation | null {
  // game.combats holds the configured class (FrayCombat); fvtt-types types its entries as the stored base Combat.
  return facts ? ((game.combats?.get(facts.combat) as unknown as Combat.Implementation | undefined) ?? null) : null;
}

/** The stances declared on the tracker this round, as the card's stance choices. */
export function trackerStances(facts: TrackerFacts | null): Record<string, unknown> {
  const combat = combatOf(facts);
  const out: Record<string, unknown> = {};
  if (!combat || !facts) return out;
  for (const [role, id] of Object.entries(facts.ids)) {
    const declared = declaredStance(combat, id, facts.round);
    if (declared) out[`${role}Stance`] = declared.dramatic ? declared : declared.stance;
  }
  return out;
}

/** Who holds Momentum between two roles on the tracker (a role), or undefined when they have not fought. */
export function trackerMomentum(facts: TrackerFacts | null, a: string, b: string): string | undefined {
  const combat = combatOf(facts);
  const [ia, ib] = [facts?.ids[a], facts?.ids[b]];
  if (!combat || !ia || !ib) return undefined;
  const holder = momentumHolder(combat, ia, ib);
  return holder === ia ? a : holder === ib ? b : undefined;
}

/**
 * The roles already fighting someone on the tracker (holding or facing Momentum with any combatant):
 * whoever joins one of them meets her as Standing (Joining the Melee).
 */
export function trackerEngaged(facts: TrackerFacts | null): string[] {
  const combat = combatOf(facts);
  if (!combat || !facts) return [];
  // The card's facts and the Momentum record name fighters by key (issue 34), not by combatant id.
  const others = combat.combatants.contents.map((c) => recordKey(c));
  return Object.entries(facts.ids)
    .filter(([, id]) => others.some((other) => other !== id && momentumHolder(combat, id, other) !== null))
    .map(([role]) => role);
}

/** Reads the stored tracker facts back (they were written by the GM, but are checked like any stored value). */
export function readFacts(value: unknown): TrackerFacts | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.combat !== "string" || !Number.isSafeInteger(v.round) || typeof v.ids !== "object" || v.ids === null) return null;
  const ids = Object.fromEntries(Object.entries(v.ids as Record<string, unknown>).filter(([, id]) => typeof id === "string")) as Record<string, string>;
  return { combat: v.combat, round: v.round as number, ids };
}

/** A role's stat block now, with the weapon it fights with, in the combat round the card is played in (null outside a combat). */
export function fighterOf(actor: Actor.Implementation, name: string, weapon: WeaponView | null, round: number | null, ranged = false): Combatant {
  return combatantOf(actor, { name, weapon, ranged, round });
}

export function actorOf(uuid: string | undefined): Actor.Implementation | null {
  return actorAt(uuid);
}
