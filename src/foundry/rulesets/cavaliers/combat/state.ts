import type { InitiativeSpecialty, InitiativeSpend } from "../../../../rules/cavaliers/tables.js";

/** Where a combatant stands in a Cavaliers fight, kept in `flags.fray.cavaliers`. */
export interface CavaliersCombatantState {
  specialty: InitiativeSpecialty;
  total: number;
  successPoints: number;
  /** 1 acts first; members of a shared roll share a place. */
  place: number;
  /** The first round this place counts in (a late joiner waits for the next round). */
  fromRound: number;
  /** What this combatant bought with IP, and in which round (older rounds no longer count). */
  spent: { round: number; spends: InitiativeSpend[] };
  /** A better place won by Focus, counting from `round` on. */
  nextPlace: { round: number; place: number } | null;
  /** A Seize this round: the round, and the place it bought (between two others). */
  seized: { round: number; place: number } | null;
  /** Shared roll: the id every member of the group carries; null for one's own roll. */
  group: string | null;
}

export const FLAG_SCOPE = "fray";
export const FLAG_KEY = "cavaliers";
/** Set (by the GM) before rolling: combatants with the same value share one roll. */
export const GROUP_KEY = "cavaliersGroup";

/** A combatant's place, or undefined before it rolled or after Foundry cleared its initiative. */
export function stateOf(combatant: Combatant.Implementation): CavaliersCombatantState | undefined {
  if (combatant.initiative === null) return undefined;
  // Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
  return combatant.getFlag(FLAG_SCOPE as never, FLAG_KEY as never) as CavaliersCombatantState | undefined;
}

export function groupOf(combatant: Combatant.Implementation): string | undefined {
  // As above: an undeclared flag scope.
  return (combatant.getFlag(FLAG_SCOPE as never, GROUP_KEY as never) as string | undefined) || undefined;
}

/** The place a combatant acts at this round: after everyone when it waits, its Seize when it bought one. */
export function placeThisRound(combat: Combat.Implementation, combatant: Combatant.Implementation): number {
  const state = stateOf(combatant);
  if (!state) return Number.POSITIVE_INFINITY;
  if (state.fromRound > combat.round) return Number.MAX_SAFE_INTEGER;
  if (state.seized && state.seized.round === combat.round) return state.seized.place;
  return lastingPlace(state, combat.round);
}

/** The place that lasts beyond this round's Seize: a Focus's better place once its round comes. */
export function lastingPlace(state: CavaliersCombatantState, round: number): number {
  return state.nextPlace && round >= state.nextPlace.round ? state.nextPlace.place : state.place;
}

/** IP bought this round (a purchase from an earlier round no longer counts). */
export function spentThisRound(combat: Combat.Implementation, state: CavaliersCombatantState): InitiativeSpend[] {
  return state.spent.round === combat.round ? state.spent.spends : [];
}
