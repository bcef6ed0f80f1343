/**
 * An Interpose that blocks: the opponent held in his Area for the round, kept by the GM in the
 * Combat's own flags (a player writes her combatant and her token, never the Combat's flags):
 *
 *   flags.fray.cavaliersHolds.<held combatant id> = { round, by: <interposer's combatant id> }
 *
 * A hold counts only in the round of the GM's clock it was bought in; an older one reads as none.
 */
import { roundOf } from "../../../combat/clock.js";
import { storedState } from "../../../combat/store.js";
import { activeFights } from "../../../combat/fighting.js";

export const HOLD_KEY = "cavaliersHolds";

export interface Hold {
  round: number;
  /** The combatant who interposed. */
  by: string;
}

/** The stored hold on a combatant when it is what the tracker writes; undefined otherwise. */
export function holdOf(combat: Combat.Implementation, combatant: Combatant.Implementation): Hold | undefined {
  const value = storedState(combat, HOLD_KEY, combatant.id);
  if (typeof value !== "object" || value === null) return undefined;
  const { round, by } = value as { round?: unknown; by?: unknown };
  return Number.isSafeInteger(round) && (round as number) >= 0 && typeof by === "string" && by !== "" ? { round: round as number, by } : undefined;
}

/** Whether the combatant is held in its Area this round, by the GM's clock. */
export function heldThisRound(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  return holdOf(combat, combatant)?.round === roundOf(combat);
}

/** Whether the actor fights as a combatant held in its Area this round, in an active combat (only a GM sets `active`). */
export function actorHeldInArea(actor: Actor.Implementation): boolean {
  for (const { combat, combatant } of activeFights(actor)) if (heldThisRound(combat, combatant)) return true;
  return false;
}
