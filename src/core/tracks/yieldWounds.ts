/**
 * Yield beside Wounds: Yield is the fight going out of someone (gone after the fight), Wounds
 * stay, lower the Yield Limit by one each and carry Drop penalties read from a per-actor track.
 */
export interface WoundTrack {
  /** drops[i] is the Drop penalty at i + 1 Wounds (below the limit). */
  drops: readonly number[];
  /** At this many Wounds the actor is Dying. */
  limit: number;
}

export interface YieldWounds {
  yield: number;
  wounds: number;
  /** The Yield Limit with no Wounds; Wounds lower it from here. */
  yieldLimit: number;
}

/** The Yield Limit as it stands, one lower per Wound and never below 0. */
export function currentYieldLimit(state: YieldWounds): number {
  return Math.max(0, state.yieldLimit - state.wounds);
}

export function atYieldLimit(state: YieldWounds): boolean {
  return state.yield >= currentYieldLimit(state);
}

export function isDying(track: WoundTrack, wounds: number): boolean {
  return wounds >= track.limit;
}

/** The Drop penalty Wounds impose; past the track's last entry the last entry holds. */
export function woundDrop(track: WoundTrack, wounds: number): number {
  // No Wounds reads no entry (index -1), so no Drop.
  return track.drops[Math.min(wounds, track.drops.length) - 1] ?? 0;
}

export function takeYield<T extends YieldWounds>(state: T, amount: number): T {
  return { ...state, yield: state.yield + Math.max(0, amount) };
}

export function reduceYield<T extends YieldWounds>(state: T, amount: number): T {
  return { ...state, yield: Math.max(0, state.yield - Math.max(0, amount)) };
}

/** Wounds stop counting at the limit: one there is Dying, and more changes nothing. */
export function takeWounds<T extends YieldWounds>(state: T, track: WoundTrack, amount: number): T {
  return { ...state, wounds: Math.min(track.limit, state.wounds + Math.max(0, amount)) };
}

export function healWounds<T extends YieldWounds>(state: T, amount: number): T {
  return { ...state, wounds: Math.max(0, state.wounds - Math.max(0, amount)) };
}

/** After a fight everyone catches her breath. */
export function resetYield<T extends YieldWounds>(state: T): T {
  return { ...state, yield: 0 };
}
