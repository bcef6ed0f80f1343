/**
 * Resolve, Wounded and Fallen Fates: damage wears Resolve down; at 0 the character is Wounded; each
 * further hit on a Wounded character calls for a Fallen Fate, which she may ignore a limited number
 * of times until she Rests, but never when the hit was heavier than half her maximum Resolve.
 */

export interface ResolveTrack {
  resolve: number;
  maxResolve: number;
  wounded: boolean;
  /** Fallen Fates she may still ignore before her next Rest. */
  ignoresLeft: number;
}

/** How many Fallen Fates a character may ignore between Rests: her higher of Stamina and Control. */
export function ignoreBudget(stamina: number, control: number): number {
  return Math.max(0, stamina, control);
}

/** A character fresh from a Rest, at `resolve` (full unless told otherwise). */
export function freshTrack(maxResolve: number, stamina: number, control: number, resolve = maxResolve): ResolveTrack {
  return { resolve: Math.max(0, Math.min(resolve, maxResolve)), maxResolve, wounded: resolve <= 0, ignoresLeft: ignoreBudget(stamina, control) };
}

/** The largest hit whose Fallen Fate may still be ignored: half the maximum Resolve, rounded down. */
export function ignoreLimit(maxResolve: number): number {
  return Math.floor(maxResolve / 2);
}

export interface ResolveHit {
  track: ResolveTrack;
  /** This hit took Resolve to 0. */
  becameWounded: boolean;
  /** The character was already Wounded and took damage: she must pick a Fallen Fate (or ignore it). */
  fateNeeded: boolean;
  /** Whether that fate may be ignored; false when none is needed. */
  canIgnore: boolean;
  /** Why it may not be ignored, when a fate is needed and cannot be. */
  ignoreRefused?: "budget-spent" | "damage-over-half";
}

/**
 * Takes `damage` (already net of armour, never negative) off Resolve. A hit of 0 is no damage
 * taken, so it neither wounds nor calls for a fate. The hit that brings Resolve to 0 only wounds;
 * fates come from the hits after it.
 */
export function takeDamage(track: ResolveTrack, damage: number): ResolveHit {
  const dealt = Math.max(0, damage);
  if (dealt === 0) return { track: { ...track }, becameWounded: false, fateNeeded: false, canIgnore: false };
  if (track.wounded) {
    const refusal = fateIgnoreRefusal(track, dealt);
    return {
      track: { ...track, resolve: 0 },
      becameWounded: false,
      fateNeeded: true,
      canIgnore: refusal === undefined,
      ...(refusal ? { ignoreRefused: refusal } : {}),
    };
  }
  const resolve = Math.max(0, track.resolve - dealt);
  const becameWounded = resolve === 0;
  return { track: { ...track, resolve, wounded: becameWounded }, becameWounded, fateNeeded: false, canIgnore: false };
}

/** Why a fate from a hit of `damage` may not be ignored, or undefined when it may. */
export function fateIgnoreRefusal(track: ResolveTrack, damage: number): "budget-spent" | "damage-over-half" | undefined {
  if (damage > ignoreLimit(track.maxResolve)) return "damage-over-half";
  if (track.ignoresLeft <= 0) return "budget-spent";
  return undefined;
}

/** Spends one ignore; refuses (returns undefined) when the fate may not be ignored. */
export function ignoreFate(track: ResolveTrack, damage: number): ResolveTrack | undefined {
  if (fateIgnoreRefusal(track, damage) !== undefined) return undefined;
  return { ...track, ignoresLeft: track.ignoresLeft - 1 };
}

/** A Rest restores the ignore budget; what else it heals is left to the table. */
export function restIgnores(track: ResolveTrack, stamina: number, control: number): ResolveTrack {
  return { ...track, ignoresLeft: ignoreBudget(stamina, control) };
}
