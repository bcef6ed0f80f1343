/**
 * Drama in History's tables as data, so the Foundry layer can feed edited copies from items.
 */

export const WEAPON_CLASSES = ["unarmed", "small", "medium", "large", "extraLarge"] as const;
export type WeaponClass = (typeof WEAPON_CLASSES)[number];

export interface WeaponClassEntry {
  flesh: number;
  examples: readonly string[];
}

export const WEAPON_TABLE: Readonly<Record<WeaponClass, WeaponClassEntry>> = {
  unarmed: { flesh: 0, examples: ["fist", "tankard", "hilt of dagger"] },
  small: { flesh: 1, examples: ["dagger", "club"] },
  medium: { flesh: 2, examples: ["short sword", "hunting bow"] },
  large: { flesh: 3, examples: ["spear", "axe", "sword", "long bow", "crossbow"] },
  extraLarge: { flesh: 4, examples: ["poleaxe", "lance"] },
};

export interface ArmourItem {
  name: string;
  dice: number;
}

/** Single pieces of defensive harness; a leather jack is 2–3Ad, so it is listed at both values. */
export const ARMOUR_ITEMS: readonly ArmourItem[] = [
  { name: "cloak or clothing", dice: 1 },
  { name: "heavy cloak", dice: 2 },
  { name: "leather cloak", dice: 3 },
  { name: "leather jack (light)", dice: 2 },
  { name: "leather jack (heavy)", dice: 3 },
  { name: "brigandine", dice: 4 },
  { name: "leather hood", dice: 1 },
  { name: "metal helm", dice: 2 },
  { name: "arming jack", dice: 2 },
  { name: "breastplate", dice: 4 },
  { name: "full helm", dice: 3 },
  { name: "plate arms", dice: 3 },
  { name: "plate legs", dice: 3 },
];

/** Whole harnesses as the seed sums them. */
export const ARMOUR_SETS: Readonly<Record<string, readonly string[]>> = {
  "man-at-arms": ["arming jack", "breastplate", "metal helm"],
  "full plate": ["arming jack", "breastplate", "full helm", "plate arms", "plate legs"],
};

export const SHIELD_SIZES = ["none", "improvised", "buckler", "medium", "large"] as const;
export type ShieldSize = (typeof SHIELD_SIZES)[number];

export const SHIELD_DICE: Readonly<Record<ShieldSize, number>> = { none: 0, improvised: 2, buckler: 3, medium: 4, large: 5 };

/** A triple in the Bd of a shield bearer adds this many Ad. */
export const SHIELD_TRIPLE_DICE = 3;

export function harnessDice(names: readonly string[], items: readonly ArmourItem[] = ARMOUR_ITEMS): number {
  return names.reduce((total, name) => total + (items.find((item) => item.name === name)?.dice ?? 0), 0);
}

export const STANCES = ["press", "stand", "brace", "defend", "evade", "dramatic"] as const;
export type Stance = (typeof STANCES)[number];

export interface StanceEntry {
  /** Added to the Momentum score when joining a fight; no effect in later rounds. */
  momentum: number;
  drama: number;
  armour: number;
  /** Brace adds Ad equal to the weapon's Flesh damage. */
  armourFromWeapon: boolean;
  /** Defend adds the weapon's Flesh damage or the shield's Ad, whichever is more. */
  armourFromWeaponOrShield: boolean;
  /** Evade builds its base pool from 2 × Agility instead of attribute + skill. */
  baseFromDoubleAgility: boolean;
  /** Added to the knock-down when this stance wins the round. */
  knockDownWhenWon: number;
  /** Added to own Physical and Agility against knock-back when this stance loses the round. */
  footingWhenLost: number;
  /** If this stance wins the round no blow lands either way. */
  winLandsNoBlow: boolean;
}

const plain: StanceEntry = {
  momentum: 0,
  drama: 0,
  armour: 0,
  armourFromWeapon: false,
  armourFromWeaponOrShield: false,
  baseFromDoubleAgility: false,
  knockDownWhenWon: 0,
  footingWhenLost: 0,
  winLandsNoBlow: false,
};

/**
 * RULINGS.md's corrected values: Press gives +1Dd (as the examples apply it; no +2Bd, no +1Rd),
 * Brace's listed +1Rd is ignored.
 */
export const STANCE_TABLE: Readonly<Record<Stance, StanceEntry>> = {
  press: { ...plain, momentum: 2, drama: 1, knockDownWhenWon: 1, footingWhenLost: -1 },
  stand: plain,
  brace: { ...plain, momentum: -2, armourFromWeapon: true, knockDownWhenWon: -2, footingWhenLost: 1 },
  defend: { ...plain, momentum: -6, armour: 3, armourFromWeaponOrShield: true, winLandsNoBlow: true },
  evade: { ...plain, momentum: -6, armour: 3, baseFromDoubleAgility: true, winLandsNoBlow: true },
  dramatic: plain,
};

/** Situational modifiers for melee pools. */
export const MELEE_SITUATIONS: Readonly<Record<string, { base?: number; resistance?: number }>> = {
  defensiveSpace: { base: 2 },
  heightAdvantage: { base: 2 },
  poorFooting: { resistance: 2 },
  badWeather: { resistance: 2 },
  badWeatherSevere: { resistance: 4 },
  dusk: { resistance: 2 },
  darkness: { resistance: 4 },
  intoNarrowSpace: { resistance: 2 },
  heightDisadvantage: { resistance: 2 },
};

export const DISADVANTAGE_BASE = 4;
export const DOUBLE_DISADVANTAGE_BASE = 8;

/** Each row of the ranged table: the Rd of each column, from 0 to 8. */
export const RANGED_TABLE = {
  range: { pointBlank: 0, close: 2, mid: 4, long: 6, far: 8 },
  visibility: { clear: 0, mistOrGlare: 2, rainOrDusk: 4, fogOrNearDark: 6, dark: 8 },
  wind: { none: 0, light: 2, modest: 4, strong: 6, storm: 8 },
  targetMove: { stationary: 0, walking: 2, dash: 4, run: 6, gallop: 8 },
  targetSize: { normal: 0, small: 2, head: 4, bullsEye: 6 },
} as const;
export type RangedTable = typeof RANGED_TABLE;

/** Each of these grants +2Bd to a shot. */
export const RANGED_BONUSES = { largeTarget: 2, braced: 2, aiming: 2 } as const;
export type RangedBonus = keyof typeof RANGED_BONUSES;
