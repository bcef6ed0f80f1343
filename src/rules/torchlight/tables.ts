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

/**
 * How long what a Maneuver marks lasts, counted in rounds from the one it is taken in:
 * "this-round" ends with this round's damage, "next-round" lasts through the next round and ends
 * with its damage (the seed says "for the next round"), "until-attack" ends when its bearer attacks
 * (Hide), "until-released" ends when the hold fails (Grapple), "lasting" stays until someone clears it.
 */
export type ManeuverDuration = "this-round" | "next-round" | "until-attack" | "until-released" | "lasting";

export interface Maneuver {
  /** Only with a melee (or reach) weapon. */
  meleeOnly: boolean;
  /** Needs a target (the attack's, or the one named when taken for Breath alone). */
  needsTarget: boolean;
  /** Only with an attack (Feint rerolls that attack's damage die; Grapple comes "after your attack"). */
  withAttackOnly?: boolean;
  /** Status the target gains, if any. */
  targetStatus?: string;
  /** Status the maneuvering character gains, if any. */
  selfStatus?: string;
  /** How long that status lasts. */
  lasts: ManeuverDuration;
  /** Bonus to every attack on the target next round (Distract). */
  attackBonusAgainstTarget?: number;
  /** Reroll the damage die and keep the higher (Feint). */
  rerollDamage?: boolean;
  /** A Dex check decides it; a Str save each round holds it (Grapple). */
  dexCheck?: boolean;
  /** The maneuvering character moves the target one lane or one stance (Push). */
  moveTarget?: boolean;
}

export const MANEUVERS: Readonly<Record<ManeuverName, Maneuver>> = {
  disarm: { meleeOnly: false, needsTarget: true, targetStatus: "disarmed", lasts: "lasting" },
  distract: { meleeOnly: false, needsTarget: true, targetStatus: "distracted", attackBonusAgainstTarget: 1, lasts: "next-round" },
  evade: { meleeOnly: false, needsTarget: false, selfStatus: "evading", lasts: "next-round" },
  feint: { meleeOnly: true, needsTarget: true, withAttackOnly: true, rerollDamage: true, lasts: "this-round" },
  goad: { meleeOnly: false, needsTarget: true, targetStatus: "goaded", lasts: "next-round" },
  grapple: { meleeOnly: true, needsTarget: true, withAttackOnly: true, targetStatus: "grappled", dexCheck: true, lasts: "until-released" },
  hide: { meleeOnly: false, needsTarget: false, selfStatus: "hidden", lasts: "until-attack" },
  parry: { meleeOnly: true, needsTarget: true, selfStatus: "parrying", lasts: "this-round" },
  push: { meleeOnly: true, needsTarget: true, targetStatus: "pushed", moveTarget: true, lasts: "next-round" },
  trip: { meleeOnly: true, needsTarget: true, targetStatus: "prone", lasts: "lasting" },
};

/** Where a Push sends its target: one lane up or down the grid, or one stance forward or back. */
export const PUSH_DIRECTIONS = ["lane-up", "lane-down", "forward", "back"] as const;
export type PushDirection = (typeof PUSH_DIRECTIONS)[number];

/** What buying a Maneuver without a Precision Strike costs, in Breath. */
export const MANEUVER_BREATH_COST = 1;

/** A lane with this many members of one side or more is a Squad. */
export const SQUAD_SIZE = 3;

/** Dying: at least this many saving throws each Phase. */
export const DYING_SAVES_PER_PHASE_MIN = 4;

export type WeaponKind = "melee" | "reach" | "ranged";

/** Which ability each stance has, the other way round (an ability names its stance). */
export const ABILITY_STANCE: Readonly<Record<StanceAbility, Stance>> = {
  intimidation: "aggressive",
  rally: "steadied",
  "protect-companion": "on-guard",
  "called-shot": "rearguard",
};

export const STANCE_ABILITIES = ["intimidation", "rally", "protect-companion", "called-shot"] as const satisfies readonly StanceAbility[];

/** A combatant who Retreats must sit out at least this many whole rounds before re-entering. */
export const RETREAT_WAIT_ROUNDS = 1;
