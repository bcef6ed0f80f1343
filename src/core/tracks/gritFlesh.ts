/**
 * Grit and Flesh (Drama in History): Grit soaks the level of success, the excess spills into Flesh
 * (never more than three points), and each Flesh wound is kept on its own because each carries its
 * own penalty, bleeding and healing time.
 */
export interface Wound {
  flesh: number;
  /** From a critical hit, or at least half the victim's max Flesh: bleeds until treated. */
  critical: boolean;
  /** Whether it bleeds now; unsaid, a critical wound bleeds (a treated one can say false). */
  bleeding?: boolean;
}

export interface GritFlesh {
  grit: number;
  maxGrit: number;
  flesh: number;
  maxFlesh: number;
  wounds: Wound[];
  /** Penalty dice from anything but these tracks (a failed composure test, the price of a wavering courage test...). */
  otherPenalties: number;
}

export const FLESH_OVERFLOW_CAP = 3;
/** A wound of this many Flesh carries a persistent penalty die. */
export const PENALTY_WOUND = 2;
/** A wound of this many Flesh in one blow is serious: it calls for a courage test. */
export const SERIOUS_WOUND = 3;

export interface GritDamage {
  state: GritFlesh;
  gritLost: number;
  /** The part of the damage Grit could not hold, as extra Flesh for the wound (capped). */
  transferred: number;
  /** Damage beyond the cap, which is simply lost. */
  discarded: number;
}

export function applyGritDamage(state: GritFlesh, damage: number, cap = FLESH_OVERFLOW_CAP): GritDamage {
  const amount = Math.max(0, damage);
  const gritLost = Math.min(Math.max(0, state.grit), amount);
  const excess = amount - gritLost;
  const transferred = Math.min(cap, excess);
  return { state: { ...state, grit: state.grit - gritLost }, gritLost, transferred, discarded: excess - transferred };
}

/** Weapon Flesh + Grit spilled over + extra from dramatic advantages, less what the armour stopped. */
export function woundSize(parts: { weaponFlesh: number; transferred: number; extra?: number; blocks: number }): number {
  return Math.max(0, parts.weaponFlesh + parts.transferred + (parts.extra ?? 0) - parts.blocks);
}

export function isCriticalWound(size: number, maxFlesh: number, fromCriticalHit: boolean): boolean {
  if (size <= 0) return false;
  return fromCriticalHit || size >= Math.floor(maxFlesh / 2);
}

export interface WoundTaken {
  state: GritFlesh;
  wound: Wound | null;
  serious: boolean;
  /** Serious wound, or left on exactly 1 Flesh, while still conscious. */
  courageTest: boolean;
  knockedOut: boolean;
  dying: boolean;
}

/** `seriousBleeds`: the optional rule that a serious wound bleeds too, not only a critical one. */
export function takeWound(state: GritFlesh, size: number, fromCriticalHit: boolean, seriousBleeds = false): WoundTaken {
  if (size <= 0) return { state, wound: null, serious: false, courageTest: false, knockedOut: state.flesh <= 0, dying: state.flesh < 0 };
  const critical = isCriticalWound(size, state.maxFlesh, fromCriticalHit);
  const serious = size >= SERIOUS_WOUND;
  const wound: Wound = { flesh: size, critical, bleeding: critical || (serious && seriousBleeds) };
  const flesh = state.flesh - size;
  const knockedOut = flesh <= 0;
  return {
    state: { ...state, flesh, wounds: [...state.wounds, wound] },
    wound,
    serious,
    courageTest: !knockedOut && (serious || flesh === 1),
    knockedOut,
    dying: flesh < 0,
  };
}

/** Persistent penalty dice: one per wound of 2+ Flesh, one while Grit is at 0 (blown), plus any others. */
export function penaltyDice(state: GritFlesh): number {
  const fromWounds = state.wounds.filter((wound) => wound.flesh >= PENALTY_WOUND).length;
  return state.otherPenalties + fromWounds + (state.grit <= 0 ? 1 : 0);
}

export function woundBleeds(wound: Wound): boolean {
  return wound.bleeding ?? wound.critical;
}

export function isBleeding(state: GritFlesh): boolean {
  return state.wounds.some(woundBleeds);
}
