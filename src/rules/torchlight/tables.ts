/**
 * Beyond the Torchlight's tables as data: the four Combat Stances and the Maneuvers. The Foundry
 * layer may feed edited copies (compendium items) to the functions that read them.
 */
export const STANCES = ["aggressive", "steadied", "on-guard", "rearguard"] as const;
export type Stance = (typeof STANCES)[number];

export type StanceAbility = "intimidation" | "rally" | "protect-companion" | "called-shot";

export interface StanceRule {
  /** Added to every attack total made from this stance. */
  attackBonus: number;
  /** Taken off every hit received in this stance (never below 0). */
  damageReceivedReduction: number;
  /** Only from here, and only when not Engaged, may a character Retreat. */
  mayRetreat: boolean;
  /** Melee weapons may not attack from here. */
  meleeAllowed: boolean;
  ability: StanceAbility;
  /** Whether using the ability still leaves the character its attack this round. */
  abilityAllowsAttack: boolean;
}

export const STANCE_RULES: Readonly<Record<Stance, StanceRule>> = {
  aggressive: { attackBonus: 2, damageReceivedReduction: 0, mayRetreat: false, meleeAllowed: true, ability: "intimidation", abilityAllowsAttack: false },
  steadied: { attackBonus: 0, damageReceivedReduction: 0, mayRetreat: false, meleeAllowed: true, ability: "rally", abilityAllowsAttack: false },
  "on-guard": { attackBonus: 0, damageReceivedReduction: 1, mayRetreat: false, meleeAllowed: true, ability: "protect-companion", abilityAllowsAttack: true },
  rearguard: { attackBonus: 0, damageReceivedReduction: 0, mayRetreat: true, meleeAllowed: false, ability: "called-shot", abilityAllowsAttack: false },
};

/** Front (0, Aggressive) to back (3, Rearguard): "closest stance" compares these. */
export function stanceDepth(stance: Stance): number {
  return STANCES.indexOf(stance);
}

export const MANEUVER_NAMES = ["disarm", "distract", "evade", "feint", "goad", "grapple", "hide", "parry", "push", "trip"] as const;
export type ManeuverName = (typeof MANEUVER_NAMES)[number];

export interface Maneuver {
  /** Only with a melee (or reach) weapon. */
  meleeOnly: boolean;
  /** Status the target gains, if any. */
  targetStatus?: string;
  /** Status the maneuvering character gains, if any. */
  selfStatus?: string;
  /** Bonus to every attack on the target next round (Distract). */
  attackBonusAgainstTarget?: number;
  /** Reroll the damage die and keep the higher (Feint). */
  rerollDamage?: boolean;
  /** A Dex check decides it; a Str save each round holds it (Grapple). */
  dexCheck?: boolean;
}

export const MANEUVERS: Readonly<Record<ManeuverName, Maneuver>> = {
  disarm: { meleeOnly: false, targetStatus: "disarmed" },
  distract: { meleeOnly: false, targetStatus: "distracted", attackBonusAgainstTarget: 1 },
  evade: { meleeOnly: false, selfStatus: "evading" },
  feint: { meleeOnly: true, rerollDamage: true },
  goad: { meleeOnly: false, targetStatus: "goaded" },
  grapple: { meleeOnly: true, targetStatus: "grappled", dexCheck: true },
  hide: { meleeOnly: false, selfStatus: "hidden" },
  parry: { meleeOnly: true, selfStatus: "parrying" },
  push: { meleeOnly: true, targetStatus: "pushed" },
  trip: { meleeOnly: true, targetStatus: "prone" },
};

/** What buying a Maneuver without a Precision Strike costs, in Breath. */
export const MANEUVER_BREATH_COST = 1;

/** A lane with this many members of one side or more is a Squad. */
export const SQUAD_SIZE = 3;

/** Dying: at least this many saving throws each Phase. */
export const DYING_SAVES_PER_PHASE_MIN = 4;

export type WeaponKind = "melee" | "reach" | "ranged";
