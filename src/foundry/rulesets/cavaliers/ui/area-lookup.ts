/** Range in Areas (0 = same Area) and the cover Drop into the target's Area. */
export interface AreaReading {
  range: number;
  cover: number;
  /** False when the scene's Areas block the view (an aimed attack is then refused). */
  lineOfSight?: boolean;
}

export type AreaLookup = (attackerToken: Token.Implementation, targetToken: Token.Implementation) => AreaReading | null;

// The Areas on a scene are another part's work; the attack dialog asks whoever installed a lookup
// and falls back to the player choosing the band and cover by hand.
let current: AreaLookup | null = null;

export function setAreaLookup(lookup: AreaLookup | null): void {
  current = lookup;
}

export function lookUpArea(attackerToken: Token.Implementation | null, targetToken: Token.Implementation | null): AreaReading | null {
  if (!current || !attackerToken || !targetToken) return null;
  return current(attackerToken, targetToken);
}
