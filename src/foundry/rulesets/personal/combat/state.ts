/**
 * What the tracker keeps of each combatant in a Personal Combat fight, in the Combat's flags (only
 * a GM writes them): her Initiative score and how it was made, and her place in the order. Places
 * start as the rules' order and change when the players order tied PCs or someone Delays.
 */
import type { OrderKey } from "../../../combat/rules.js";
import { storedState } from "../../../combat/store.js";

export const STATE_KEY = "personal";

export interface PersonalCombatantState {
  score: number;
  /** A PC's die; null for an NPC, who does not roll. */
  face: number | null;
  rank: number;
  pc: boolean;
  major: boolean;
  /** Lower acts first; a number, not a rank, so a newcomer fits between two without moving them. */
  place: number;
  /** She has moved herself by a Delay: places no longer follow scores alone. */
  delayed: boolean;
}

const isInt = (value: unknown, min: number, max: number) => typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** A stored state, checked field by field; anything else is unreadable. */
export function readState(raw: unknown): PersonalCombatantState | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const s = raw as Record<string, unknown>;
  const face = s.face === null || isInt(s.face, 1, 100) ? (s.face as number | null) : undefined;
  if (!isInt(s.score, -100, 1000) || face === undefined || !isInt(s.rank, 0, 100) || typeof s.pc !== "boolean" || typeof s.major !== "boolean" || typeof s.delayed !== "boolean") return undefined;
  if (typeof s.place !== "number" || !Number.isFinite(s.place)) return undefined;
  return { score: s.score as number, face, rank: s.rank as number, pc: s.pc, major: s.major, place: s.place, delayed: s.delayed };
}

const stored = (combatant: Combatant.Implementation): unknown => storedState(combatant.combat, STATE_KEY, combatant);

/** A combatant's state; none before she is scored (or after the GM cleared her score), or when unreadable. */
export function stateOf(combatant: Combatant.Implementation): PersonalCombatantState | undefined {
  return readState(stored(combatant));
}

export function hasBadState(combatant: Combatant.Implementation): boolean {
  const raw = stored(combatant);
  return raw !== undefined && raw !== null && readState(raw) === undefined;
}

/** Each scored combatant's key: her place (the same in every round; a Delay moves it for good). */
export function orderOf(combat: Combat.Implementation): Map<string, OrderKey> {
  const keys = new Map<string, OrderKey>();
  for (const combatant of combat.combatants) {
    const state = stateOf(combatant);
    if (state) keys.set(combatant.id!, [state.place]);
  }
  return keys;
}

/** Whether the combatant has taken her turn this round, by the GM's clock. */
export { hasActed } from "../../../combat/clock.js";
