import type { WoundTrack, YieldWounds } from "../../core/tracks/yieldWounds.js";
import { atYieldLimit, currentYieldLimit, isDying, woundDrop } from "../../core/tracks/yieldWounds.js";
import { refuse } from "./refusal.js";
import { ACTOR_TYPES, type ActorType, WOUND_DROP_SKILLS } from "./tables.js";

/** What a combatant carries from roll to roll. */
export interface CombatantState extends YieldWounds {
  name: string;
  type: ActorType;
  /** Advantage die size, 0 for none. */
  advantage: number;
  style: number;
  /** Her own wound track (Drops before Dying), when the request gives one. */
  woundTrack?: readonly number[] | undefined;
}

/** Who a wound track is read for: her own track when given, else her type's. */
export interface WoundTrackOwner {
  type?: ActorType | undefined;
  woundTrack?: readonly number[] | undefined;
}

/** Her wound track: her own (the sheet's: its length + 1 is the Wound Limit), else her type's. */
export function woundTrackOf(who: WoundTrackOwner): WoundTrack {
  if (who.woundTrack) return { drops: who.woundTrack, limit: who.woundTrack.length + 1 };
  return ACTOR_TYPES[who.type ?? "pc"].woundTrack;
}

export function yieldLimitFor(type: ActorType, competencyMax: number): number {
  return ACTOR_TYPES[type].yieldLimit(competencyMax);
}

/** A PC's competency die when a request leaves it out: the source's chargen gives every PC one, a d6 at least. */
export const PC_COMPETENCY = 6;

/**
 * The character's competency die: an NPC may have none (0), a PC always has one. A PC's die left out
 * is a d6; a PC said to have none is refused, since her Yield Limit and pools would read a die she must have.
 */
export function competencyOf(who: { name: string; type?: ActorType | undefined; competency?: number | undefined }): number {
  if ((who.type ?? "pc") !== "pc") return who.competency ?? 0;
  if (who.competency === 0) refuse(`${who.name} is a PC: she has a competency die, a d6 at least (leave competency out for a d6)`);
  return who.competency ?? PC_COMPETENCY;
}

/** The Wound Drop on a roll of `skill`: only Defense, Dueling, Aim and Brawl feel it. */
export function woundDropOn(state: CombatantState, skill: string): number {
  return WOUND_DROP_SKILLS.includes(skill) ? woundDrop(woundTrackOf(state), state.wounds) : 0;
}

export function isDyingNow(state: WoundTrackOwner & { wounds: number }): boolean {
  return isDying(woundTrackOf(state), state.wounds);
}

/** A Dying character is unconscious for the rest of the fight: she takes no action (`what` names the one refused). */
export function refuseIfDying(who: WoundTrackOwner & { name: string; wounds?: number | undefined }, what: string): void {
  if (isDyingNow({ ...who, wounds: who.wounds ?? 0 })) refuse(`${who.name} is Dying: unconscious for the rest of the fight, she cannot ${what}`);
}

/**
 * An NPC at her Yield Limit has surrendered or is knocked out (the GM's pick): either way she takes no
 * action (`what` names the one refused). A PC there may fight on.
 */
export function refuseIfYieldedOut(state: CombatantState, what: string): void {
  if (yieldStatus(state) === "yielded-out") refuse(`${state.name} is at her Yield Limit (${state.yield} of ${currentYieldLimit(state)}): she has surrendered or is knocked out, and cannot ${what}`);
}

/** NPCs at the limit are out (surrender or knocked out, the MJ's pick); a PC may fight on. */
export function yieldStatus(state: CombatantState): "fighting" | "yielded-out-fights-on" | "yielded-out" {
  if (!atYieldLimit(state)) return "fighting";
  return state.type === "pc" ? "yielded-out-fights-on" : "yielded-out";
}

/** The numbers an effect shows from→to. */
export function trackView(state: CombatantState): Record<string, unknown> {
  return { yield: state.yield, yieldLimit: currentYieldLimit(state), wounds: state.wounds, advantage: state.advantage, style: state.style };
}

export function statusesOf(state: CombatantState): string[] {
  const statuses: string[] = [];
  if (isDyingNow(state)) statuses.push("dying");
  const y = yieldStatus(state);
  if (y !== "fighting") statuses.push(y);
  return statuses;
}
