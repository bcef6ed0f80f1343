/**
 * Rounds out of a Drama fight (a failed courage test), in the GM's record of the fight
 * (`flags.fray.dramaOut.<fighter key>`) while she fights in an active combat: a card's Apply writes
 * them there, the GM's round counts them down. The actor's `roundsOut` is a copy for her sheet, which
 * she may write back to 0; it is read only outside a fight.
 */
import { fightingAs } from "../../../combat/fighting.js";
import { recordKey } from "../../../combat/fighter.js";
import { storedState, writeStates } from "../../../combat/store.js";
import type { ActorChange } from "../../../cards/kinds.js";

export const OUT_KEY = "dramaOut";
const ROUNDS_PATH = "system.roundsOut";

const rounds = (value: unknown): number => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0);

/** A combatant's rounds out in the GM's record of this combat. */
export function roundsOutIn(combat: Combat.Implementation, combatant: Combatant.Implementation): number {
  return rounds(storedState(combat, OUT_KEY, combatant));
}

/** An actor's rounds out: the record of the active fight she is in, else (out of a fight) her actor's. */
export function roundsOutOf(actor: Actor.Implementation | null | undefined): number {
  if (!actor) return 0;
  const fight = fightingAs(actor);
  if (fight) return roundsOutIn(fight.combat, fight.combatant);
  return rounds((actor.system as { roundsOut?: unknown }).roundsOut);
}

/** Writes a combatant's rounds out in the GM's record (the active GM only). */
export async function writeRoundsOut(combat: Combat.Implementation, combatant: Combatant.Implementation, left: number): Promise<void> {
  await writeStates(combat, OUT_KEY, { [recordKey(combatant)]: left });
}

/** A card's changes, with each fighter's new rounds out also written in the record of the active fight she is in (Undo takes it back). */
export function withOutRecords(changes: ActorChange[]): ActorChange[] {
  const records: ActorChange[] = [];
  for (const change of changes) {
    const value = change.fields?.[ROUNDS_PATH];
    const actor = change.actor as Actor.Implementation;
    if (value === undefined || !(actor instanceof Actor)) continue;
    const fight = fightingAs(actor);
    const key = fight ? recordKey(fight.combatant) : null;
    if (fight && key) records.push({ actor: fight.combat, fields: { [`flags.fray.${OUT_KEY}.${key}`]: value } });
  }
  return [...changes, ...records];
}
