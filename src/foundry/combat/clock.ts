/**
 * The GM's combat clock: the round, and whose turn it is, as a GM last set them. In v13 any player
 * may write a Combat's `round` and `turn` (common/documents/combat.mjs, BaseCombat#canUpdate; the
 * server checks the base class, so no override of `_canChangeRound` stops a hostile client), and
 * her own combatant's update may carry a `combatTurn` the server stores as the turn. A Combat's
 * flags are the GM's alone, so the clock lives there:
 *
 *   flags.fray.clock = { round, combatant: <fighter key>, turn? }
 *
 * `turn` is kept only in a begun round whose clock names no one (the last of the order left, as
 * build 350 leaves it): then Foundry's stored turn points past the order, and the GM's side keeps
 * that turn, so a player's written one goes back to it as any other.
 *
 * The clock names whose turn it is by fighter (fighter.ts), so a combatant deleted and created again
 * while no GM is connected finds its turn again when the GM's load settles the clock; a clock an
 * older Fray wrote names a combatant id, read as that combatant until the GM's load moves it.
 *
 * FrayCombat#_preUpdate writes it into every GM update that changes `round` or `turn`, in the same
 * update; the keeper (keeper.ts) puts Foundry's `round` and `turn` back to it after a player wrote
 * them. Every once-a-round limit, round-end step and "whose turn" check reads the clock, never
 * `combat.round`, `combat.turn`, `combat.started` or `combat.combatant`.
 */
import { SYSTEM_ID } from "../system.js";
import { type CombatantLike, combatantOfKey, recordKey } from "./fighter.js";

export const CLOCK_KEY = "clock";

export interface CombatClock {
  /** The round as the GM set it (0 before the fight begins). */
  round: number;
  /** The id of the combatant whose turn it is, or null (before the fight, or no one's turn); the fighter's key when its combatant has left. */
  combatant: string | null;
  /** The fighter whose turn it is, as stored (an older Fray's clock: a combatant id), or null. */
  fighter: string | null;
  /** Whether a GM has written the clock. A combat from before Fray kept one reads Foundry's fields until the active GM settles it (keeper.ts). */
  kept: boolean;
  /** Foundry's turn as the GM's side left it, in a begun round where no one acts; null when not kept (an older clock: Foundry's field stands). */
  turn: number | null;
}

const isRound = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The clock of a combat, as stored; checked, since a GM's hand edit may leave anything there. */
export function clockOf(combat: Combat.Implementation): CombatClock {
  // Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
  const stored = combat.getFlag(SYSTEM_ID as never, CLOCK_KEY as never) as unknown;
  if (typeof stored === "object" && stored !== null && isRound((stored as { round?: unknown }).round)) {
    const { round, combatant, turn } = stored as { round: number; combatant?: unknown; turn?: unknown };
    const fighter = typeof combatant === "string" && combatant !== "" ? combatant : null;
    const present = fighter ? combatantOfKey(combat.combatants, fighter) : undefined;
    return { round, combatant: present?.id ?? fighter, fighter, kept: true, turn: fighter === null && isRound(turn) ? turn : null };
  }
  const acting = combat.combatant;
  return { round: isRound(combat.round) ? combat.round : 0, combatant: acting?.id ?? null, fighter: acting ? recordKey(acting) : null, kept: false, turn: null };
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

/**
 * The flag update that stores a clock, naming the acting combatant's fighter (the GM's, in the same
 * update as the round and turn it follows). A begun round with no one acting keeps the GM's side's
 * `turn` too.
 */
export function clockUpdate(round: number, combatant: CombatantLike | null | undefined, turn: number | null = null): Record<string, unknown> {
  const kept = !combatant && round > 0 && isRound(turn) ? { turn } : {};
  return { [`flags.${SYSTEM_ID}.${CLOCK_KEY}`]: { round, combatant: combatant ? recordKey(combatant) : null, ...kept } };
}

/**
 * On a GM's client: Foundry's round and turn made the clock's again (a player may have written
 * them), in one update without turn events. Nothing is written when they agree or no clock is kept.
 */
export async function settleClock(combat: Combat.Implementation): Promise<void> {
  const clock = clockOf(combat);
  if (!clock.kept) return;
  const index = clock.combatant ? combat.turns.findIndex((c) => c.id === clock.combatant) : -1;
  // A begun round with no one acting keeps the turn the GM's side left (a clock without one, Foundry's);
  // a clock whose acting combatant has left keeps Foundry's turn (the keeper adopts it).
  const turn = clock.combatant === null ? (clock.round > 0 ? (clock.turn ?? combat.turn) : null) : index >= 0 ? index : combat.turn;
  if (combat.round === clock.round && combat.turn === turn) return;
  await combat.update({ round: clock.round, turn }, { turnEvents: false });
}
