/**
 * Where a ruleset keeps what its tracker knows of each fighter: in the Combat's own flags, under
 * `flags.fray.<key>.<fighter key>` (fighter.ts: the token, or the actor of a tokenless combatant).
 * Foundry lets a player update a combatant she owns (its flags too) and delete and create it again,
 * but only a GM update a Combat's flags: nothing a player writes decides her place, and a record
 * outlives her combatant for the rest of the fight, found again by the one she creates next. Every
 * value read back is still checked by the ruleset (a GM's hand edit or another version may differ).
 * A record an older Fray wrote under the combatant's id is read until the GM's load moves it
 * (keeper.ts `settleWorld`).
 */
import { SYSTEM_ID } from "../system.js";
import { type CombatantLike, recordKey } from "./fighter.js";
import { writeCombat } from "./write.js";

/** Every fighter's record under `key` (a map keyed by fighter), read once for a whole pass over the combatants. */
export function recordsOf(combat: Combat.Implementation, key: string): Record<string, unknown> | undefined {
  // Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
  const all = combat.getFlag(SYSTEM_ID as never, key as never) as unknown;
  return typeof all === "object" && all !== null && !Array.isArray(all) ? (all as Record<string, unknown>) : undefined;
}

/** A fighter's record in a map keyed by fighter: under its key, else under the combatant's id (an older Fray's). */
export function recordOf(all: Record<string, unknown>, combatant: CombatantLike): unknown {
  const key = recordKey(combatant);
  if (Object.hasOwn(all, key)) return all[key];
  return combatant.id && Object.hasOwn(all, combatant.id) ? all[combatant.id] : undefined;
}

/** Whether a map keyed by fighter holds a record of this combatant's fighter (or of the combatant, an older Fray's). */
export function hasRecord(all: Record<string, unknown>, combatant: CombatantLike): boolean {
  return Object.hasOwn(all, recordKey(combatant)) || (!!combatant.id && Object.hasOwn(all, combatant.id));
}

export function storedState(combat: Combat.Implementation | null | undefined, key: string, combatant: CombatantLike | null | undefined): unknown {
  if (!combat || !combatant) return undefined;
  const all = recordsOf(combat, key);
  return all ? recordOf(all, combatant) : undefined;
}

/** The record key of a combatant named by id (one present now), or the key itself when it is one already. */
export function keyOfId(combat: Combat.Implementation, id: string): string {
  const combatant = combat.combatants.get(id);
  return combatant ? recordKey(combatant) : id;
}

/**
 * Update data that sets (or, for null, removes) fighters' states; each value replaces the stored
 * one. Each is named by its present combatant's id (or by its fighter key) and stored by fighter.
 */
export function stateChanges(combat: Combat.Implementation, key: string, states: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(states)) {
    const fighter = keyOfId(combat, id);
    // A record an older Fray kept under the combatant's id goes too, or it would be read again.
    if (fighter !== id) changes[`flags.${SYSTEM_ID}.${key}.-=${id}`] = null;
    changes[value === null ? `flags.${SYSTEM_ID}.${key}.-=${fighter}` : `flags.${SYSTEM_ID}.${key}.==${fighter}`] = value;
  }
  return changes;
}

/** Writes fighters' states (the active GM's client only: a player's update of a Combat's flags is refused). */
export async function writeStates(combat: Combat.Implementation, key: string, states: Record<string, unknown>): Promise<void> {
  if (!Object.keys(states).length) return;
  await writeCombat(combat, stateChanges(combat, key, states), { turnEvents: false });
}
