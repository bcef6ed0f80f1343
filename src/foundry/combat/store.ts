/**
 * Where a ruleset keeps what its tracker knows of each combatant: in the Combat's own flags, under
 * `flags.fray.<key>.<combatant id>`. Foundry lets a player update a combatant she owns (its flags
 * too) but only a GM update a Combat's flags, so nothing a player writes decides her place. Every
 * value read back is still checked by the ruleset (a GM's hand edit or another version may differ).
 */
import { SYSTEM_ID } from "../system.js";

export function storedState(combat: Combat.Implementation | null | undefined, key: string, combatantId: string | null): unknown {
  if (!combat || !combatantId) return undefined;
  // Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
  const all = combat.getFlag(SYSTEM_ID as never, key as never) as unknown;
  return typeof all === "object" && all !== null && Object.hasOwn(all, combatantId) ? (all as Record<string, unknown>)[combatantId] : undefined;
}

/** Update data that sets (or, for null, removes) each combatant's state; each value replaces the stored one. */
export function stateChanges(key: string, states: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(states).map(([id, value]) => (value === null ? [`flags.${SYSTEM_ID}.${key}.-=${id}`, null] : [`flags.${SYSTEM_ID}.${key}.==${id}`, value])));
}

/** Writes combatants' states (the active GM's client only: a player's update of a Combat's flags is refused). */
export async function writeStates(combat: Combat.Implementation, key: string, states: Record<string, unknown>): Promise<void> {
  if (!Object.keys(states).length) return;
  // Dotted flag paths built at run time are outside fvtt-types' typed update data.
  await combat.update(stateChanges(key, states) as never, { turnEvents: false } as never);
}
