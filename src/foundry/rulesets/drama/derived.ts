/**
 * What a Drama sheet shows that follows from the stored numbers: the persistent penalty dice (one
 * per wound of 2+ Flesh, one while Grit is at 0, and the others), and the Base pool each skill makes.
 * Worked out by the rules layer, never stored, so it cannot disagree with what it comes from.
 */
import { isBleeding, penaltyDice, woundBleeds } from "../../../core/tracks/gritFlesh.js";
import { disadvantageDice } from "../../../rules/drama/knockBack.js";
import { cappedSkill } from "../../../rules/drama/pools.js";
import type { Disadvantage } from "../../../rules/drama/combatant.js";

export interface StoredDrama {
  attributes: { physical: number; agility: number };
  skill: number;
  skills: { name: string; attribute: "physical" | "agility"; value: number }[];
  grit: { value: number; max: number };
  flesh: { value: number; max: number };
  penaltyDice: number;
  militaryTraining: number;
  wounds: { flesh: number; critical: boolean; bleeding: boolean }[];
  disadvantage: string;
}

export interface SkillPool {
  name: string;
  attribute: "physical" | "agility";
  value: number;
  /** The skill as it counts: never above its attribute. */
  counts: number;
  /** Attribute + capped skill: the Base pool before situational and military dice. */
  base: number;
}

export interface DramaDerived {
  /** Persistent penalty dice in all: the wounds', Grit at 0, and the others. */
  penalties: number;
  fromWounds: number;
  blown: boolean;
  bleeding: boolean;
  /** Rd the disadvantage carried from last round adds. */
  disadvantageDice: number;
  weaponSkill: SkillPool;
  skillPools: SkillPool[];
}

/** The rules' view of the stored wounds (those of 1+ Flesh), in order. */
export function rulesWounds(system: Pick<StoredDrama, "wounds">): { flesh: number; critical: boolean; bleeding: boolean }[] {
  return system.wounds.filter((w) => w.flesh >= 1).map((w) => ({ flesh: w.flesh, critical: w.critical, bleeding: w.bleeding }));
}

function skillPool(name: string, attribute: "physical" | "agility", value: number, attributes: StoredDrama["attributes"]): SkillPool {
  const attr = attributes[attribute];
  const counts = cappedSkill(attr, value);
  return { name, attribute, value, counts, base: attr + counts };
}

export function deriveDrama(system: StoredDrama): DramaDerived {
  const wounds = rulesWounds(system);
  const tracks = { grit: system.grit.value, maxGrit: system.grit.max, flesh: system.flesh.value, maxFlesh: system.flesh.max, wounds, otherPenalties: system.penaltyDice };
  const penalties = penaltyDice(tracks);
  return {
    penalties,
    fromWounds: wounds.filter((w) => w.flesh >= 2).length,
    blown: system.grit.value <= 0,
    bleeding: isBleeding(tracks) || wounds.some(woundBleeds),
    disadvantageDice: disadvantageDice(system.disadvantage as Disadvantage, system.attributes.agility),
    weaponSkill: skillPool("", "physical", system.skill, system.attributes),
    skillPools: system.skills.map((s) => skillPool(s.name, s.attribute, s.value, system.attributes)),
  };
}
