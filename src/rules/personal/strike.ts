import { parseFormula, rollFormula, type FormulaRoll } from "../../core/dice/formula.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Step } from "../../core/outcome.js";
import { armorAgainst, type ArmorRatings, netDamage, readAttack } from "./attack.js";
import { applyHit, type HitReading, type Vitals } from "./combatant.js";
import type { PersonalOptions } from "./options.js";

export interface WeaponProfile {
  name?: string;
  attack: string;
  damage: string;
  damageType: string;
  piercing?: boolean;
}

export interface StrikeTarget {
  defense: number;
  armor?: ArmorRatings;
  vitals: Vitals;
}

export interface StrikeReading {
  attack: FormulaRoll;
  hit: boolean;
  margin: number;
  damageRoll?: FormulaRoll;
  armorRating?: number;
  damage: number;
  hitReading?: HitReading;
  steps: Step[];
}

/**
 * One attack from Attack Roll to Resolve: roll the weapon's attack formula against Defense; on a
 * hit roll its damage, take off the Armor Rating against its damage type (halved on a big margin),
 * and apply what is left. Both formulas are checked before any die is rolled.
 */
export function strike(tray: DiceTray, weapon: WeaponProfile, target: StrikeTarget, options: PersonalOptions): StrikeReading {
  const attackFormula = parseFormula(weapon.attack);
  const damageFormula = parseFormula(weapon.damage);
  const attack = rollFormula(tray, attackFormula, "attack roll");
  const { hit, margin } = readAttack(attack.total, target.defense);
  const steps: Step[] = [{ rule: "attack-roll", total: attack.total, defense: target.defense, margin, hit }];
  if (!hit) return { attack, hit, margin, damage: 0, steps };
  const damageRoll = rollFormula(tray, damageFormula, `damage roll (${weapon.damageType})`);
  const armor = armorAgainst(target.armor ?? {}, weapon.damageType, margin, weapon.piercing ?? false, options.piercingHalvesArmor);
  steps.push({ rule: "damage-roll", total: damageRoll.total });
  steps.push({ rule: "armor-rating", damageType: weapon.damageType, base: armor.base, halved: armor.halved, rating: armor.rating, piercing: weapon.piercing ?? false });
  const damage = netDamage(damageRoll.total, armor.rating);
  steps.push({ rule: "damage", roll: damageRoll.total, armor: armor.rating, damage });
  const hitReading = applyHit(target.vitals, damage, options);
  steps.push({ rule: "resolve", from: target.vitals.resolve, to: hitReading.vitals.resolve });
  if (hitReading.becameWounded) steps.push({ rule: "wounded" });
  if (hitReading.becameDefeated) steps.push({ rule: "defeated", kind: target.vitals.kind });
  if (hitReading.fateNeeded) {
    steps.push({
      rule: "fallen-fate-needed",
      damage,
      ignoreLimit: Math.floor(target.vitals.maxResolve / 2),
      ignoresLeft: target.vitals.ignoresLeft,
      canIgnore: hitReading.canIgnore,
      ...(hitReading.ignoreRefused ? { refused: hitReading.ignoreRefused } : {}),
    });
  }
  return { attack, hit, margin, damageRoll, armorRating: armor.rating, damage, hitReading, steps };
}
