/**
 * The combined actions each combatant took this round, kept by the GM in the Combat's own flags
 * (a player writes her combatant and her token, never the Combat's flags):
 *
 *   flags.fray.cavaliersCombined.<combatant id> = { round, actions: [combined action ids] }
 *
 * The Drop 4 cap and the two Areas of movement hold for the round (seed 000 §Combined Actions), so
 * the GM adds what each attack, skill and Flourish card and each Interpose's Move took, and the next
 * one reads it as `combinedThisRound`. A record from an older round of the GM's clock reads as none.
 * A card stamps the round it was opened in (`combinedRound`), so its Undo takes its actions back
 * from that round's record and never from a later one.
 */
import { COMBINED_ACTIONS } from "../../../../rules/cavaliers/tables.js";
import { roundOf } from "../../../combat/clock.js";
import { storedState, writeStates } from "../../../combat/store.js";
import { fightingAs } from "../../../combat/fighting.js";
import { actorHeldInArea } from "./hold.js";

export const COMBINED_KEY = "cavaliersCombined";

/** Combined actions the combatant took this round by the GM's clock (an unreadable record reads as none). */
export function combinedThisRound(combat: Combat.Implementation, combatant: Combatant.Implementation): string[] {
  const value = storedState(combat, COMBINED_KEY, combatant.id);
  if (typeof value !== "object" || value === null) return [];
  const { round, actions } = value as { round?: unknown; actions?: unknown };
  if (round !== roundOf(combat) || !Array.isArray(actions)) return [];
  return actions.filter((id): id is string => typeof id === "string" && Object.hasOwn(COMBINED_ACTIONS, id));
}

/** What the actor took this round in the active combat she fights in; none out of combat. */
export function actorCombinedThisRound(actor: Actor.Implementation): string[] {
  const fight = fightingAs(actor);
  return fight ? combinedThisRound(fight.combat, fight.combatant) : [];
}

/** Adds combined actions to the combatant's round (the active GM only). */
export async function recordCombined(combat: Combat.Implementation, combatant: Combatant.Implementation, actions: readonly string[]): Promise<void> {
  if (!actions.length) return;
  await writeStates(combat, COMBINED_KEY, { [combatant.id!]: { round: roundOf(combat), actions: [...combinedThisRound(combat, combatant), ...actions] } });
}

/** Adds an actor's combined actions to her round in the active combat she fights in (none out of combat). */
export async function recordActorCombined(actor: Actor.Implementation, actions: readonly string[]): Promise<void> {
  const fight = fightingAs(actor);
  if (fight) await recordCombined(fight.combat, fight.combatant, actions);
}

/** What a roll's dialog and card read of her round: the combined actions she took, an Interpose holding her. */
export interface RoundSoFar {
  combinedThisRound?: string[];
  heldInArea?: true;
}

/** Her round so far, from the GM's records on the active Combat (nothing out of combat). */
export function roundSoFar(actor: Actor.Implementation): RoundSoFar {
  const earlier = actorCombinedThisRound(actor);
  return { ...(earlier.length ? { combinedThisRound: earlier } : {}), ...(actorHeldInArea(actor) ? { heldInArea: true } : {}) };
}

/**
 * A roll card's request fields of her round: `roundSoFar`, and the round of the GM's clock it opens
 * in (`combinedRound`), for its Undo.
 */
export function roundFields(actor: Actor.Implementation): RoundSoFar & { combinedRound?: number } {
  const fight = fightingAs(actor);
  return { ...roundSoFar(actor), ...(fight ? { combinedRound: roundOf(fight.combat) } : {}) };
}

/** The rules' participant fields of her round, read back from a card's request as `roundFields` wrote them. */
export function roundOfRequest(request: Record<string, unknown>): { combinedThisRound?: string[]; heldInArea?: boolean } {
  return {
    ...(Array.isArray(request.combinedThisRound) ? { combinedThisRound: request.combinedThisRound as string[] } : {}),
    ...(request.heldInArea === true ? { heldInArea: true } : {}),
  };
}

/**
 * Takes an undone card's combined actions back off the actor's record (the active GM only), one of
 * each, and only while the record is still of the round the card was opened in.
 */
export async function forgetActorCombined(actor: Actor.Implementation, actions: readonly string[], round: unknown): Promise<void> {
  const fight = fightingAs(actor);
  if (!fight || !actions.length || round !== roundOf(fight.combat)) return;
  const left = [...combinedThisRound(fight.combat, fight.combatant)];
  for (const action of actions) {
    const at = left.indexOf(action);
    if (at >= 0) left.splice(at, 1);
  }
  await writeStates(fight.combat, COMBINED_KEY, { [fight.combatant.id!]: { round: roundOf(fight.combat), actions: left } });
}
