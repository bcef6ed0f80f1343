import { RuleError } from "../ruleError.js";
/**
 * Wound boxes kept per hit location. Each point of damage marks one box of the location hit; once a
 * location is full, the rest (now or in later attacks) goes to the overflow location (the torso in
 * Unhex). The table is data so a sheet with other locations or box counts can be fed in.
 */
export interface LocationDefinition {
  id: string;
  name: string;
  /** The hit-location digits (0–9) that land here. */
  digits: readonly number[];
  /** Rows of boxes on the sheet; boxes = rows × boxes per row. */
  rows: number;
}

export interface LocationTable {
  locations: readonly LocationDefinition[];
  /** Where damage to a full location goes. */
  overflowTo: string;
}

/** Marked boxes per location id; a missing id has none marked. */
export type MarkedBoxes = Readonly<Record<string, number>>;

export interface WoundMarking {
  marked: Record<string, number>;
  /** Boxes marked in each location, in the order they were marked. */
  placed: Array<{ location: string; boxes: number }>;
  /** Locations that became full with this damage. */
  filled: string[];
  /** Damage left when the overflow location was full too (it still counts against level). */
  unplaced: number;
}

export class LocationError extends RuleError {
  override name = "LocationError";
}

export function locationById(table: LocationTable, id: string): LocationDefinition {
  const location = table.locations.find((l) => l.id === id);
  if (!location) throw new LocationError(`unknown hit location "${id}"; locations are ${table.locations.map((l) => l.id).join(", ")}`);
  return location;
}

export function locationForDigit(table: LocationTable, digit: number): LocationDefinition {
  const location = table.locations.find((l) => l.digits.includes(digit));
  if (!location) throw new LocationError(`no hit location for the digit ${digit}`);
  return location;
}

export function boxesIn(table: LocationTable, boxesPerRow: number, id: string): number {
  return locationById(table, id).rows * boxesPerRow;
}

export function isFull(table: LocationTable, boxesPerRow: number, marked: MarkedBoxes, id: string): boolean {
  return (marked[id] ?? 0) >= boxesIn(table, boxesPerRow, id);
}

/** Marks `damage` boxes starting at `location`, spilling into the overflow location; never mutates `marked`. */
export function markWounds(table: LocationTable, boxesPerRow: number, marked: MarkedBoxes, location: string, damage: number): WoundMarking {
  const next: Record<string, number> = {};
  for (const l of table.locations) next[l.id] = Math.min(marked[l.id] ?? 0, boxesIn(table, boxesPerRow, l.id));
  const placed: WoundMarking["placed"] = [];
  const filled: string[] = [];
  let left = Math.max(0, damage);
  // A hit on the overflow location itself has nowhere further to spill.
  for (const id of new Set([location, table.overflowTo])) {
    const capacity = boxesIn(table, boxesPerRow, id);
    const before = next[id] ?? 0;
    const boxes = Math.min(left, capacity - before);
    if (boxes > 0) {
      next[id] = before + boxes;
      placed.push({ location: id, boxes });
      if (before + boxes === capacity) filled.push(id);
      left -= boxes;
    }
  }
  return { marked: next, placed, filled, unplaced: left };
}
