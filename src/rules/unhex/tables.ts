import type { LocationTable } from "../../core/tracks/locationBoxes.js";

/**
 * Unhex's hit locations, from the source game's sheet (koeninger/unhex, combat.adoc): the location
 * digit 9 head, 8 right arm, 7 left arm, 4–6 torso, 2–3 right leg, 0–1 left leg. Rows of boxes per
 * location are the sheet's (head and arms one row, torso three, legs two); boxes per row is the
 * `boxesPerRow` option. Damage to a full location goes to the torso.
 */
export const HIT_LOCATIONS: LocationTable = {
  overflowTo: "torso",
  locations: [
    { id: "head", name: "Head", digits: [9], rows: 1 },
    { id: "right-arm", name: "Right arm", digits: [8], rows: 1 },
    { id: "left-arm", name: "Left arm", digits: [7], rows: 1 },
    { id: "torso", name: "Torso", digits: [4, 5, 6], rows: 3 },
    { id: "right-leg", name: "Right leg", digits: [2, 3], rows: 2 },
    { id: "left-leg", name: "Left leg", digits: [0, 1], rows: 2 },
  ],
};

/** What a full location does, by kind: head and torso knock out, an arm drops what it holds, legs stop you. */
export type LocationEffect = "unconscious" | "drop-held-item" | "leg";

export const LOCATION_EFFECTS: Readonly<Record<string, LocationEffect>> = {
  head: "unconscious",
  torso: "unconscious",
  "right-arm": "drop-held-item",
  "left-arm": "drop-held-item",
  "right-leg": "leg",
  "left-leg": "leg",
};

export const WEAPON_KINDS = ["melee", "one-handed-ranged", "two-handed-ranged"] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

/** Ranges an attack may be made at (max null: anywhere in line of sight). */
export interface WeaponReach {
  min: number;
  max: number | null;
  ranged: boolean;
}

export const WEAPON_REACH: Readonly<Record<WeaponKind, WeaponReach>> = {
  melee: { min: 0, max: 0, ranged: false },
  "one-handed-ranged": { min: 0, max: 1, ranged: true },
  "two-handed-ranged": { min: 1, max: null, ranged: true },
};

/** Levels: current and max start at 50; max never exceeds 99. */
export const STARTING_LEVEL = 50;
export const LEVEL_CAP = 99;
