import { type DamageDieOptions, type DamageDiePlan, type DamageDieRoll, planDamageDie, rollDamageDie } from "../../core/dice/damageDie.js";
import type { DiceTray } from "../../core/dice/source.js";
import { type Stance, STANCE_RULES } from "./tables.js";

/** What about the moment makes an attack Enhanced or Impaired, or adds to it. */
export interface AttackSituation {
  /** The attacker comes out of hiding (Hide/Cover, or the seed's Elsa in the shadows). */
  hidden?: boolean;
  /** A Called Shot prepared last round on this target. */
  calledShot?: boolean;
  /** The attacker's lane relative to the target's: above Enhances, below Impairs. */
  elevation?: "above" | "level" | "below";
  /** One character attacking a Squad. */
  targetIsSquad?: boolean;
  /** The attacker is the nearest engaged enemy of someone using Intimidation. */
  intimidated?: boolean;
  /** The attacker is held in a Grapple. */
  grappled?: boolean;
  /** The attacker dual wields an off-hand weapon it is not trained in. */
  untrainedOffHand?: boolean;
  /** The attacker was Goaded: at the goader Enhanced, at another in the goader's lane Impaired. */
  goaded?: "at-goader" | "at-other";
  /** The target was Distracted last round: +1 to the attack. */
  targetDistracted?: boolean;
  /** Any other Enhancements and Impairments the GM rules. */
  enhancements?: number;
  impairments?: number;
}

export interface AttackEdges {
  enhanced: string[];
  impaired: string[];
}

/** Names each Enhancement and Impairment the situation gives; they cancel one for one later. */
export function attackEdges(situation: AttackSituation, targetIncapacitated: boolean, squadAttack: boolean): AttackEdges {
  const enhanced: string[] = [];
  const impaired: string[] = [];
  if (situation.hidden) enhanced.push("hidden");
  if (situation.calledShot) enhanced.push("called-shot");
  if (situation.elevation === "above") enhanced.push("elevation");
  if (situation.elevation === "below") impaired.push("elevation");
  if (targetIncapacitated) enhanced.push("incapacitated-target");
  if (squadAttack) enhanced.push("squad-attack");
  if (situation.targetIsSquad) impaired.push("target-is-squad");
  if (situation.intimidated) impaired.push("intimidated");
  if (situation.grappled) impaired.push("grappled");
  if (situation.untrainedOffHand) impaired.push("untrained-off-hand");
  if (situation.goaded === "at-goader") enhanced.push("goaded");
  if (situation.goaded === "at-other") impaired.push("goaded");
  for (let i = 0; i < (situation.enhancements ?? 0); i += 1) enhanced.push("other");
  for (let i = 0; i < (situation.impairments ?? 0); i += 1) impaired.push("other");
  return { enhanced, impaired };
}

export function planFor(weaponDie: number, edges: AttackEdges, options: DamageDieOptions): DamageDiePlan {
  return planDamageDie(weaponDie, edges.enhanced.length, edges.impaired.length, options);
}

/** Flat additions to the attack total: the attacker's stance and a Distracted target. */
export function attackBonuses(stance: Stance, targetDistracted: boolean): { stance: number; distract: number } {
  return { stance: STANCE_RULES[stance].attackBonus, distract: targetDistracted ? 1 : 0 };
}

/** What to do with a Precision Strike: roll one more die, or take a Maneuver instead. */
export type PrecisionChoice = "extra-die" | "maneuver";

export interface DamageRoll {
  die: DamageDieRoll;
  /** The Precision Strike's extra die; its own max face does not chain another. */
  extraDie?: DamageDieRoll;
  /** Feint's reroll of the damage die; the higher of the two counts. */
  feint?: DamageDieRoll;
  dice: number;
  total: number;
}

export interface DamageRollSpec {
  label: string;
  plan: DamageDiePlan;
  proficiencies: number;
  bonus: number;
  precisionChoice: PrecisionChoice;
  feint: boolean;
  /** The damage die when it was already rolled (a Precision Strike's choice waited on it). */
  first?: DamageDieRoll;
}

/** Weapon die (and any extra or rerolled die) + Proficiencies + bonuses: there is no roll to hit. */
export function rollDamage(tray: DiceTray, spec: DamageRollSpec): DamageRoll {
  const die = spec.first ?? rollDamageDie(tray, spec.plan, `${spec.label} damage die`);
  const extraDie = die.precisionStrike && spec.precisionChoice === "extra-die" ? rollDamageDie(tray, spec.plan, `${spec.label} precision strike die`) : undefined;
  const feint = spec.feint ? rollDamageDie(tray, spec.plan, `${spec.label} feint reroll`) : undefined;
  const dice = Math.max(die.value, feint?.value ?? 0) + (extraDie?.value ?? 0);
  const roll: DamageRoll = { die, dice, total: Math.max(0, dice + spec.proficiencies + spec.bonus) };
  if (extraDie) roll.extraDie = extraDie;
  if (feint) roll.feint = feint;
  return roll;
}

/** What a hit does to its target after the target's stance: On Guard takes 1 off, never below 0. */
export function damageReceived(amount: number, targetStance: Stance): number {
  return Math.max(0, amount - STANCE_RULES[targetStance].damageReceivedReduction);
}

/** A Squad attacking one character applies only its highest roll. */
export function squadHighest<T extends { total: number }>(rolls: readonly T[]): T | undefined {
  return rolls.reduce<T | undefined>((best, roll) => (best === undefined || roll.total > best.total ? roll : best), undefined);
}

/** Protect Companion: the protector absorbs the attack and takes half of it. */
export function protectedShare(amount: number, rounding: string): number {
  return rounding === "up" ? Math.ceil(amount / 2) : Math.floor(amount / 2);
}
