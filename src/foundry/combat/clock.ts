/**
 * The GM's combat clock: the round, and whose turn it is, as a GM last set them. In v13 any player
 * may write a Combat's `round` and `turn` (common/documents/combat.mjs, BaseCombat#canUpdate; the
 * server checks the base class, so no override of `_canChangeRound` stops a hostile client), and
 * her own combatant's update may carry a `combatTurn` the server stores as the turn. A Combat's
 * flags are the GM's alone, so the clock lives there:
 *
 *   flags.fray.clock = { round, combatant }
 *
 * FrayCombat#_preUpdate writes it into every GM update that changes `round` or `turn`, in the same
 * update; the keeper (keeper.ts) puts Foundry's `round` and `turn` back to it after a player wrote
 * them. Every once-a-round limit, round-end step and "whose turn" check reads the clock, never
 * `combat.round`, `combat.turn`, `combat.started` or `combat.combatant`.
 */
import { SYSTEM_ID } from "../system.js";

export const CLOCK_KEY = "clock";

export interface CombatClock {
  /** The round as the GM set it (0 before the fight begins). */
  round: number;
  /** The id of the combatant whose turn it is, or null (before the fight, or no one's turn). */
  combatant: string | null;
  /** Whether a GM has written the clock. A combat from before Fray kept one reads Foundry's fields until the active GM settles it (keeper.ts). */
  kept: boolean;
}

const isRound = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The clock of a combat, as stored; checked, since a GM's hand edit may leave anything there. */
export function clockOf(combat: Combat.Implementation): CombatClock {
  // Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
  const stored = combat.getFlag(SYSTEM_ID as never, CLOCK_KEY as never) as unknown;
  if (typeof stored === "object" && stored !== null && isRound((stored as { round?: unknown }).round)) {
    const { round, combatant } = stored as { round: number; combatant?: unknown };
    return { round, combatant: typeof combatant === "string" && combatant !== "" ? combatant : null, kept: true };
  }
  return { round: isRound(combat.round) ? combat.round : 0, combatant: combat.combatant?.id ?? null, kept: false };
}

/** The round the rules count in. */
export const roundOf = (combat: Combat.Implementation): number => clockOf(combat).round;

/** Whether the GM has begun the fight (Foundry's `started` reads the round a player may write). */
export const hasBegun = (combat: Combat.Implementation): boolean => clockOf(combat).round > 0;

/** The combatant whose turn it is by the GM's clock. */
export function actingCombatant(combat: Combat.Implementation): Combatant.Implementation | undefined {
  const id = clockOf(combat).combatant;
  return id ? combat.combatants.get(id) : undefined;
}

/** Where the acting combatant stands in this round's order (-1: no one is acting). */
export function actingIndex(combat: Combat.Implementation): number {
  const id = clockOf(combat).combatant;
  return id ? combat.turns.findIndex((c) => c.id === id) : -1;
}

/** Whether the combatant's turn this round is over: she comes before the acting one in the order. */
export function hasActed(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  if (!hasBegun(combat)) return false;
  const acting = actingIndex(combat);
  const index = combat.turns.findIndex((c) => c.id === combatant.id);
  return acting >= 0 && index >= 0 && index < acting;
}

/** The flag update that stores a clock (the GM's, in the same update as the round and turn it follows). */
export function clockUpdate(round: number, combatant: string | null): Record<string, unknown> {
  return { [`flags.${SYSTEM_ID}.${CLOCK_KEY}`]: { round, combatant } };
}

/**
 * On a GM's client: Foundry's round and turn made the clock's again (a player may have written
 * them), in one update without turn events. Nothing is written when they agree or no clock is kept.
 */
export async function settleClock(combat: Combat.Implementation): Promise<void> {
  const clock = clockOf(combat);
  if (!clock.kept) return;
  const index = clock.combatant ? combat.turns.findIndex((c) => c.id === clock.combatant) : -1;
  // A clock whose acting combatant has left keeps Foundry's turn (the keeper adopts it).
  const turn = clock.combatant === null ? (clock.round > 0 ? combat.turn : null) : index >= 0 ? index : combat.turn;
  if (combat.round === clock.round && combat.turn === turn) return;
  await combat.update({ round: clock.round, turn }, { turnEvents: false });
}
