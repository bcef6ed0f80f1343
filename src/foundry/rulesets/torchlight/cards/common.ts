/**
 * What the torchlight card kinds share: refusals in the players' words, the Combat a card plays in
 * (checked on the GM: it exists and has begun, by the GM's clock), each role's fighter in it, and the roles of a card
 * that names everyone in the fight (c0, c1, ...).
 */
import type { CardActors } from "../../../cards/kinds.js";
import { hasBegun, roundOf } from "../../../combat/clock.js";
import { Refused } from "../../../relay/index.js";
import { combatById, type Fighter, fighterFor, fighterNamed, fightersOf, viewedCombat } from "../combat/fight.js";
import { stateOf, type TorchlightCombatState } from "../combat/state.js";

export const localize = (key: string, data?: Record<string, string>): string => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

export function refuse(key: string, data?: Record<string, string>): never {
  throw new Refused(localize(`Refused.${key}`, data));
}

/** A card naming everyone in a fight gives each a role c0, c1...; a fight has at most this many. */
export const MAX_FIGHTERS = 60;
export const EVERYONE_ROLES: readonly string[] = Array.from({ length: MAX_FIGHTERS }, (_, i) => `c${i}`);

export interface CardFight {
  combat: Combat.Implementation;
  state: TorchlightCombatState;
  fighters: Fighter[];
  round: number;
}

/** The running Combat a request names (by id), read now; a refusal when there is none such (or it has not begun, unless `unstarted`). */
export function fightOf(combatId: unknown, unstarted = false): CardFight {
  const combat = combatById(combatId);
  if (!combat || (!unstarted && !hasBegun(combat))) refuse("NoFight");
  const state = stateOf(combat);
  return { combat, state, fighters: fightersOf(combat, state), round: Math.max(1, roundOf(combat)) };
}

/** The Combat this client is looking at, for a card about to open (the GM checks it again). */
export function viewedCombatId(): string {
  const combat = viewedCombat();
  if (!combat) refuse("NoFight");
  return combat.id ?? "";
}

/** A role's fighter in the fight; a refusal naming the actor when it is not in it. */
export function fighterIn(fight: CardFight, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>, role: string): Fighter {
  const actor = actors[role];
  if (!actor) refuse("NotInFight", { name: role });
  const fighter = fighterFor(fight.fighters, actor, tokens[role] ?? null);
  if (!fighter) refuse("NotInFight", { name: actor.name });
  return fighter;
}

/** A fighter the request names by fighter key (fixed by the GM when the card opened). */
export function fighterById(fight: CardFight, id: unknown): Fighter {
  const fighter = fighterNamed(fight.fighters, id);
  if (!fighter) refuse("NotInFight", { name: String(id).slice(0, 40) });
  return fighter;
}

/** A fighter placed on the Combat Grid; a refusal asking the GM to place it. */
export function placed(fighter: Fighter): Fighter & { cell: NonNullable<Fighter["cell"]> } {
  if (!fighter.cell) refuse("NotPlaced", { name: fighter.name });
  return fighter as Fighter & { cell: NonNullable<Fighter["cell"]> };
}

/** The Combat's document, for a card's Apply to write its state on. */
export function combatDoc(combatId: unknown): Combat.Implementation {
  const combat = combatById(combatId);
  if (!combat) refuse("NoFight");
  return combat;
}

/** An actor's uuid in a card's refs, by role. */
export function refActor(refs: Record<string, { actor: string }>, role: string): string {
  return refs[role]?.actor ?? "";
}
