/**
 * A fight as the rules see it: each combatant of the Combat with a name unique in the fight (the
 * rules key combatants by name; three tokens called "Bandit" become Bandit, Bandit (2), Bandit (3)),
 * its side, its cell on the Combat Grid and its marks. Read on the GM from the Combat's flags.
 */
import { isEngaged, type Placement } from "../../../../rules/torchlight/grid.js";
import { roundOf } from "../../../combat/clock.js";
import { recordKey } from "../../../combat/fighter.js";
import { sideOf as rosterSide } from "../../../combat/roster.js";
import { type Cell, type Mark, stateOf, type TorchlightCombatState } from "./state.js";
import { isIncapacitated, torchlightData } from "../actor-data.js";
import { cardName } from "../../../cards/documents.js";

export type Side = "party" | "foes";

export interface Fighter {
  /** Its fighter key (combat/fighter.ts): what every part of the state, and every card, names it by. */
  id: string;
  combatant: Combatant.Implementation;
  actor: Actor.Implementation | null;
  token: TokenDocument.Implementation | null;
  name: string;
  side: Side;
  cell: Cell | null;
  incapacitated: boolean;
  /** Acts in the players' turn (a player owns it) or the GM's. */
  playersTurn: boolean;
  /** Counts as attacking at range: its last attack, this round or the one before, was a ranged one. */
  ranged: boolean;
}

/**
 * The roster's side says which side it fights on (its token's disposition when it joined, or the
 * GM's since; hostile: the foes; friendly: the party); a neutral or secret one, or a combatant
 * without a token, goes by whether a player owns it (which only the GM decides).
 */
export function sideOf(combat: Combat.Implementation, combatant: Combatant.Implementation): Side {
  const disposition = rosterSide(combat, combatant);
  const { HOSTILE, FRIENDLY } = CONST.TOKEN_DISPOSITIONS;
  if (disposition === HOSTILE) return "foes";
  if (disposition === FRIENDLY) return "party";
  return combatant.hasPlayerOwner ? "party" : "foes";
}

/** Names made unique in order: the second "Bandit" is "Bandit (2)". */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count === 1) return name;
    let candidate = `${name} (${count})`;
    while (taken.has(candidate)) candidate = `${candidate}′`;
    taken.add(candidate);
    return candidate;
  });
}

/** Every combatant of a torchlight actor, in the Combat's order. */
export function fightersOf(combat: Combat.Implementation, state: TorchlightCombatState = stateOf(combat)): Fighter[] {
  const combatants = combat.combatants.contents.filter((c) => torchlightData(c.actor) !== undefined);
  const names = uniqueNames(combatants.map((c) => cardName(c.name ?? c.actor?.name ?? "?")));
  // Read once: the clock names its combatant by a search of them all.
  const round = roundOf(combat);
  return combatants.map((combatant, index) => {
    // Every part of the state is keyed by fighter: a combatant deleted and created again finds its cell, moves and Retreat.
    const id = recordKey(combatant);
    return {
      id,
      combatant,
      actor: combatant.actor,
      token: combatant.token ?? null,
      name: names[index]!,
      side: sideOf(combat, combatant),
      cell: state.grid[id] ?? null,
      incapacitated: combatant.actor ? isIncapacitated(combatant.actor) : false,
      playersTurn: combatant.hasPlayerOwner,
      ranged: shootsIn(state, id, round),
    };
  });
}

/**
 * Whether a combatant counts as attacking at range in this round: from its ranged attack until its
 * next attack (a melee one clears it) and no longer than the round after the shot, so a bandit who
 * shot in the GM's turn still engages no one when the players declare their Retreats next round.
 */
export function shootsIn(state: TorchlightCombatState, id: string, round: number): boolean {
  const shot = state.ranged[id];
  return shot !== undefined && shot >= round - 1;
}

/**
 * The fighter a request or a card names: by its fighter key, or (a card opened by an older Fray, the
 * tracker's rows) by its combatant's id.
 */
export function fighterNamed(fighters: readonly Fighter[], id: unknown): Fighter | undefined {
  return fighters.find((f) => f.id === id) ?? fighters.find((f) => f.combatant.id === id);
}

/** The fighter an actor (through this token, if any) is in this Combat. */
export function fighterFor(fighters: readonly Fighter[], actor: Actor.Implementation, token: TokenDocument.Implementation | null): Fighter | undefined {
  if (token) return fighters.find((f) => f.token?.uuid === token.uuid);
  const same = fighters.find((f) => f.actor?.uuid === actor.uuid);
  // A world actor may stand for her linked token's fighter; an unlinked token's actor is that token's fighter alone.
  return same ?? (actor.isToken ? undefined : fighters.find((f) => f.actor?.id === actor.id));
}

/** The grid as the rules read it: everyone placed (`asMelee`: this one as if it attacked hand to hand). */
export function placementsOf(fighters: readonly Fighter[], asMelee?: string): Placement[] {
  return fighters.flatMap((f) => (f.cell ? [{ name: f.name, side: f.side, lane: f.cell.lane, stance: f.cell.stance, ...(f.incapacitated ? { incapacitated: true } : {}), ...(f.ranged && f.id !== asMelee ? { ranged: true } : {}) }] : []));
}

/** Whether a fighter is Engaged for the attack it is about to make: its own last shot does not free it ("an Engaged combatant cannot make a ranged attack"). */
export function engagedNow(fighters: readonly Fighter[], fighter: Fighter): boolean {
  return isEngaged(placementsOf(fighters, fighter.id), fighter.name);
}

// game.combats holds stored base Combats, which fvtt-types cannot relate to the configured class once it
// overrides a protected method; CONFIG.Combat.documentClass is FrayCombat.
export const asFrayCombat = (combat: Combat.Stored): Combat.Implementation => combat as unknown as Combat.Implementation;

/** A Combat by id, as Fray's class. */
export function combatById(id: unknown): Combat.Implementation | undefined {
  const combat = typeof id === "string" ? game.combats?.get(id) : undefined;
  return combat ? asFrayCombat(combat) : undefined;
}

/** The Combat this client is looking at. */
export function viewedCombat(): Combat.Implementation | null {
  const combat = game.combat;
  return combat ? asFrayCombat(combat) : null;
}

/** A mark still counting this round: what a Maneuver of round `taken` does "next round" counts in the round after. */
export function markIn(state: TorchlightCombatState, id: string, word: string): Mark | undefined {
  return state.marks[id]?.[word];
}
