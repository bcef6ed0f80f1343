import type { GritFlesh, Wound } from "../../core/tracks/gritFlesh.js";
import type { ShieldSize, Stance, WeaponClass } from "./tables.js";

export type Disadvantage = "none" | "disadvantaged" | "doubly";

/** Modifiers the GM sets for a Dramatic stance (or a dramatic advantage). */
export interface DramaticModifiers {
  base?: number;
  resistance?: number;
  drama?: number;
  armour?: number;
  momentum?: number;
}

export interface CourageModifiers {
  base?: number;
  resistance?: number;
  drama?: number;
  /** On a wavering (net 1) courage test, spend a Drama point to pass. */
  spendDramaPoint?: boolean;
}

/** One fighter as the melee, ranged and courage rules see them. Optional fields default to nothing. */
export interface Combatant {
  name: string;
  pc?: boolean;
  level?: number;
  physical: number;
  agility: number;
  skill: number;
  /** The attribute the skill is used with (and capped by). */
  skillAttribute?: "physical" | "agility";
  grit: number;
  maxGrit?: number;
  flesh: number;
  maxFlesh?: number;
  wounds?: Wound[];
  /** Persistent penalty dice not already implied by the listed wounds or by Grit at 0. */
  otherPenalties?: number;
  weapon?: WeaponClass;
  /** Ad of defensive harness worn. */
  harness?: number;
  shield?: ShieldSize;
  /** Military training dice (one per military background). */
  military?: number;
  /** How many of the military dice go to the armour pool instead of the base pool. */
  militaryAsArmour?: number;
  stance?: Stance;
  dramatic?: DramaticModifiers;
  /** Already fighting someone else: a fighter joining her meets her as Standing (no stance modifier to Momentum). */
  engaged?: boolean;
  situationalBase?: number;
  situationalResistance?: number;
  situationalArmour?: number;
  /** Carried from last round's knock-back. */
  disadvantage?: Disadvantage;
  /** Drama dice from passions or dramatic advantages declared this round. */
  drama?: number;
  /** Flesh a dramatic advantage declared this round adds to her full blows (the Taking a Flesh Wound section's "additional damage"). */
  extraFlesh?: number;
  /** Drama Points held; when given, spending more than these is refused and what is spent is counted. */
  dramaPoints?: number;
  /** Rounds still out of the action after a failed courage test. */
  roundsOut?: number;
  courage?: CourageModifiers;
}

export function tracksOf(combatant: Combatant): GritFlesh {
  return {
    grit: combatant.grit,
    maxGrit: combatant.maxGrit ?? combatant.grit,
    flesh: combatant.flesh,
    maxFlesh: combatant.maxFlesh ?? combatant.flesh,
    wounds: combatant.wounds ?? [],
    otherPenalties: combatant.otherPenalties ?? 0,
  };
}

export function withTracks(combatant: Combatant, tracks: GritFlesh): Combatant {
  return { ...combatant, grit: tracks.grit, flesh: tracks.flesh, wounds: tracks.wounds, otherPenalties: tracks.otherPenalties, maxGrit: tracks.maxGrit, maxFlesh: tracks.maxFlesh };
}
