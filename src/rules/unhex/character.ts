import { isFull, type MarkedBoxes } from "../../core/tracks/locationBoxes.js";
import type { UnhexOptions } from "./options.js";
import { HIT_LOCATIONS, LOCATION_EFFECTS } from "./tables.js";

/** A character's combat state: current and max level, PC or NPC, and marked wound boxes. */
export interface UnhexCharacter {
  name: string;
  level: number;
  maxLevel: number;
  pc: boolean;
  wounds: MarkedBoxes;
}

/**
 * The lasting conditions that follow from a state: unconscious at or below the unconscious level or
 * with a full head or torso; dead below 0; a full arm is useless; one full leg means no moving
 * without both hands, both full legs no moving at all.
 */
export function conditionsOf(character: UnhexCharacter, options: UnhexOptions): string[] {
  const full = HIT_LOCATIONS.locations.filter((l) => isFull(HIT_LOCATIONS, options.boxesPerRow, character.wounds, l.id)).map((l) => l.id);
  const conditions: string[] = [];
  if (character.level < 0) conditions.push("dead");
  if (character.level <= options.unconsciousLevel || full.some((id) => LOCATION_EFFECTS[id] === "unconscious")) conditions.push("unconscious");
  for (const id of full) if (LOCATION_EFFECTS[id] === "drop-held-item") conditions.push(`${id}-useless`);
  const legs = full.filter((id) => LOCATION_EFFECTS[id] === "leg");
  if (legs.length === 1) conditions.push("moves-only-with-both-hands");
  if (legs.length >= 2) conditions.push("cannot-move");
  return conditions;
}

/** Arms that can hold something: a full arm drops what it holds and is useless (RULINGS.md §unhex). */
export function usableArms(character: UnhexCharacter, options: UnhexOptions): number {
  const arms = HIT_LOCATIONS.locations.filter((l) => LOCATION_EFFECTS[l.id] === "drop-held-item");
  return arms.filter((l) => !isFull(HIT_LOCATIONS, options.boxesPerRow, character.wounds, l.id)).length;
}

/** Why she cannot wield a weapon that takes `hands` hands ("a weapon in hand", Attack), or null when she can. */
export function wieldProblem(character: UnhexCharacter, hands: 1 | 2, options: UnhexOptions): string | null {
  const arms = usableArms(character, options);
  if (arms === 0) return `both of ${character.name}'s arms are full: she holds no weapon`;
  return hands > arms ? `${character.name} has one usable arm: a two-handed weapon needs two` : null;
}

/** Out of the fight: unconscious (the dead are too: below 0 is at or below any unconscious level). */
export function isOut(character: UnhexCharacter, options: UnhexOptions): boolean {
  return conditionsOf(character, options).includes("unconscious");
}

/** Flat tracks for effectOf: level and each location's marked boxes. */
export function tracksOf(character: UnhexCharacter): Record<string, number> {
  const tracks: Record<string, number> = { level: character.level };
  for (const l of HIT_LOCATIONS.locations) tracks[`wounds.${l.id}`] = character.wounds[l.id] ?? 0;
  return tracks;
}
