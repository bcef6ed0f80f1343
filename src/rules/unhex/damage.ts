import { locationForDigit, markWounds, type WoundMarking } from "../../core/tracks/locationBoxes.js";
import { type UnhexCharacter, conditionsOf } from "./character.js";
import type { UnhexOptions } from "./options.js";
import { HIT_LOCATIONS, LOCATION_EFFECTS } from "./tables.js";

export interface HitResult {
  character: UnhexCharacter;
  location: string;
  marking: WoundMarking;
  /** What this hit did beyond the boxes: conditions gained and immediate effects (drop, stop). */
  statuses: string[];
}

/**
 * A hit for `damage` at the location the digit names: level drops by the damage, one box is marked
 * per point (spilling into the torso once a location is full), and each location filled applies its
 * effect now (an arm drops what it holds, a leg stops the mover).
 */
export function applyHit(character: UnhexCharacter, locationDigit: number, damage: number, options: UnhexOptions): HitResult {
  const location = locationForDigit(HIT_LOCATIONS, locationDigit).id;
  const marking = markWounds(HIT_LOCATIONS, options.boxesPerRow, character.wounds, location, damage);
  const after: UnhexCharacter = { ...character, level: character.level - damage, wounds: marking.marked };
  const before = new Set(conditionsOf(character, options));
  const statuses = conditionsOf(after, options).filter((c) => !before.has(c));
  for (const id of marking.filled) {
    if (LOCATION_EFFECTS[id] === "drop-held-item") statuses.push(`dropped-${id.replace("-arm", "")}-hand-item`);
    if (LOCATION_EFFECTS[id] === "leg") statuses.push("stopped");
  }
  return { character: after, location, marking, statuses };
}
