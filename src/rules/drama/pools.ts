import { RuleError } from "../../core/ruleError.js";
import { penaltyDice } from "../../core/tracks/gritFlesh.js";
import { type Combatant, tracksOf } from "./combatant.js";
import { disadvantageDice } from "./knockBack.js";
import { SHIELD_DICE, STANCE_TABLE, type StanceEntry, WEAPON_TABLE, type WeaponClassEntry, type ShieldSize, type WeaponClass } from "./tables.js";

export interface BasePool {
  attribute: number;
  /** Skill after the cap at the attribute. */
  skill: number;
  situational: number;
  military: number;
  total: number;
}

export interface ResistancePool {
  penalties: number;
  situational: number;
  disadvantage: number;
  stance: number;
  total: number;
}

export interface DramaPool {
  passions: number;
  stance: number;
  total: number;
}

export interface ArmourPool {
  agility: number;
  harness: number;
  shield: number;
  stance: number;
  military: number;
  situational: number;
  total: number;
}

export interface MeleePools {
  base: BasePool;
  resistance: ResistancePool;
  drama: DramaPool;
  armour: ArmourPool;
}

export interface PoolTables {
  weapons: Readonly<Record<WeaponClass, WeaponClassEntry>>;
  stances: typeof STANCE_TABLE;
  shields: Readonly<Record<ShieldSize, number>>;
}

export const DEFAULT_TABLES: PoolTables = { weapons: WEAPON_TABLE, stances: STANCE_TABLE, shields: SHIELD_DICE };

/** A pool that cannot be built as asked (more military dice spent than trained...). */
export class PoolError extends RuleError {
  override name = "PoolError";
}

export function cappedSkill(attribute: number, skill: number): number {
  return Math.max(0, Math.min(skill, attribute));
}

export function weaponFlesh(combatant: Combatant, tables: PoolTables = DEFAULT_TABLES): number {
  return tables.weapons[combatant.weapon ?? "unarmed"].flesh;
}

export function stanceOf(combatant: Combatant, tables: PoolTables = DEFAULT_TABLES): StanceEntry {
  return tables.stances[combatant.stance ?? "stand"];
}

/** Military dice split between base and armour; asking for more than the training gives is refused. */
export function militarySplit(combatant: Combatant): { base: number; armour: number } {
  const military = combatant.military ?? 0;
  const armour = combatant.militaryAsArmour ?? 0;
  if (armour < 0 || armour > military) throw new PoolError(`${combatant.name} has ${military} military training dice, cannot put ${armour} into armour`);
  return { base: military - armour, armour };
}

export function basePool(combatant: Combatant, tables: PoolTables = DEFAULT_TABLES): BasePool {
  const stance = stanceOf(combatant, tables);
  const attributeValue = combatant.skillAttribute === "agility" ? combatant.agility : combatant.physical;
  // Evade trades attribute + skill for twice Agility.
  const attribute = stance.baseFromDoubleAgility ? 2 * combatant.agility : attributeValue;
  const skill = stance.baseFromDoubleAgility ? 0 : cappedSkill(attributeValue, combatant.skill);
  const situational = (combatant.situationalBase ?? 0) + (combatant.stance === "dramatic" ? (combatant.dramatic?.base ?? 0) : 0);
  const military = militarySplit(combatant).base;
  return { attribute, skill, situational, military, total: Math.max(0, attribute + skill + situational + military) };
}

export function resistancePool(combatant: Combatant): ResistancePool {
  const penalties = penaltyDice(tracksOf(combatant));
  const situational = combatant.situationalResistance ?? 0;
  const disadvantage = disadvantageDice(combatant.disadvantage ?? "none", combatant.agility);
  const stance = combatant.stance === "dramatic" ? (combatant.dramatic?.resistance ?? 0) : 0;
  return { penalties, situational, disadvantage, stance, total: Math.max(0, penalties + situational + disadvantage + stance) };
}

export function dramaPool(combatant: Combatant, tables: PoolTables = DEFAULT_TABLES): DramaPool {
  const passions = combatant.drama ?? 0;
  const stance = stanceOf(combatant, tables).drama + (combatant.stance === "dramatic" ? (combatant.dramatic?.drama ?? 0) : 0);
  return { passions, stance, total: Math.max(0, passions + stance) };
}

export function armourPool(combatant: Combatant, tables: PoolTables = DEFAULT_TABLES): ArmourPool {
  const stanceEntry = stanceOf(combatant, tables);
  const shield = tables.shields[combatant.shield ?? "none"];
  const weapon = weaponFlesh(combatant, tables);
  const stance =
    stanceEntry.armour +
    (stanceEntry.armourFromWeapon ? weapon : 0) +
    (stanceEntry.armourFromWeaponOrShield ? Math.max(weapon, shield) : 0) +
    (combatant.stance === "dramatic" ? (combatant.dramatic?.armour ?? 0) : 0);
  const military = militarySplit(combatant).armour;
  const situational = combatant.situationalArmour ?? 0;
  const agility = combatant.agility;
  const harness = combatant.harness ?? 0;
  return { agility, harness, shield, stance, military, situational, total: Math.max(0, agility + harness + shield + stance + military + situational) };
}

export function meleePools(combatant: Combatant, tables: PoolTables = DEFAULT_TABLES): MeleePools {
  return { base: basePool(combatant, tables), resistance: resistancePool(combatant), drama: dramaPool(combatant, tables), armour: armourPool(combatant, tables) };
}

/** A stance's modifier to round-one Momentum; none for a fighter already engaged, who counts as Standing to whoever joins her. */
export function momentumModifier(combatant: Combatant, tables: PoolTables = DEFAULT_TABLES): number {
  if (combatant.engaged) return 0;
  return stanceOf(combatant, tables).momentum + (combatant.stance === "dramatic" ? (combatant.dramatic?.momentum ?? 0) : 0);
}
