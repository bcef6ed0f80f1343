import { ownValue } from "../../core/ownKey.js";

/** Margin at or above which an attack without the Piercing quality halves the target's Armor Rating. */
export const ARMOR_HALVING_MARGIN = 7;

export interface AttackReading {
  hit: boolean;
  /** Attack total minus Defense; may be negative. */
  margin: number;
}

/** An Attack Roll hits when it equals or exceeds the target's Defense. */
export function readAttack(total: number, defense: number): AttackReading {
  return { hit: total >= defense, margin: total - defense };
}

/** Armor Ratings by damage type; a type the target has no rating for is 0. */
export type ArmorRatings = Record<string, number>;

export interface ArmorReading {
  rating: number;
  /** The rating before halving. */
  base: number;
  halved: boolean;
}

/**
 * The target's Armor Rating against this hit: halved (rounded down) on a margin of 7+ unless the
 * attack is Piercing. `piercingHalves` is the house option giving Piercing that halving on any hit.
 */
export function armorAgainst(ratings: ArmorRatings, damageType: string, margin: number, piercing: boolean, piercingHalves = false): ArmorReading {
  const base = Math.max(0, ownValue(ratings, damageType) ?? 0);
  const halved = piercing ? piercingHalves : margin >= ARMOR_HALVING_MARGIN;
  return { base, rating: halved ? Math.floor(base / 2) : base, halved };
}

/** The Damage Roll less Armor Rating, never below 0. */
export function netDamage(roll: number, armorRating: number): number {
  return Math.max(0, roll - armorRating);
}
