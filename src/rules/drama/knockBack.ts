import type { Disadvantage } from "./combatant.js";
import { DISADVANTAGE_BASE, DOUBLE_DISADVANTAGE_BASE, type StanceEntry } from "./tables.js";

/** Melee: level of success + the winner's Physical, shifted by the winner's stance. */
export function meleeKnockDown(level: number, winnerPhysical: number, winnerStance: StanceEntry): number {
  return level + winnerPhysical + winnerStance.knockDownWhenWon;
}

/** Ranged: level of success + the shot's Flesh damage. */
export function rangedKnockDown(level: number, weaponFlesh: number): number {
  return level + weaponFlesh;
}

export interface KnockBack {
  knockDown: number;
  physical: number;
  agility: number;
  result: Disadvantage;
}

/** Compares the knock-down with the loser's Physical and Agility (shifted by the loser's stance). */
export function knockBack(knockDown: number, loser: { physical: number; agility: number }, loserStance?: StanceEntry): KnockBack {
  const shift = loserStance?.footingWhenLost ?? 0;
  const physical = loser.physical + shift;
  const agility = loser.agility + shift;
  const result: Disadvantage = knockDown > physical + agility ? "doubly" : knockDown > Math.min(physical, agility) ? "disadvantaged" : "none";
  return { knockDown, physical, agility, result };
}

/** Rd carried into the next round: (4 − Agility) or, doubly, (8 − Agility), never below 0. */
export function disadvantageDice(disadvantage: Disadvantage, agility: number): number {
  if (disadvantage === "none") return 0;
  const base = disadvantage === "doubly" ? DOUBLE_DISADVANTAGE_BASE : DISADVANTAGE_BASE;
  return Math.max(0, base - agility);
}

/** Two knock-backs in one round (several opponents): the worse one stands. */
const WORSENING: readonly Disadvantage[] = ["none", "disadvantaged", "doubly"];

export function worseDisadvantage(a: Disadvantage, b: Disadvantage): Disadvantage {
  return WORSENING[Math.max(WORSENING.indexOf(a), WORSENING.indexOf(b))]!;
}
