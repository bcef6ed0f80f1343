import type { AttackId } from "../../../../rules/cavaliers/tables.js";
import { CavaliersArmourModel, CavaliersSpecialtyModel, CavaliersWeaponModel } from "../items.js";
import { CavaliersCharacterModel, CavaliersNpcModel } from "../models.js";

export const ATTACK_IDS: readonly AttackId[] = ["lunge", "feint", "aim", "brawl", "riposte"];

export function isAttack(action: string): action is AttackId {
  return (ATTACK_IDS as readonly string[]).includes(action);
}

export type CavaliersActorData = CavaliersCharacterModel | CavaliersNpcModel;

/** The actor's cavaliers data, or null for an actor of another ruleset. */
export function cavaliersData(actor: Actor.Implementation): CavaliersActorData | null {
  const system: unknown = actor.system;
  return system instanceof CavaliersCharacterModel || system instanceof CavaliersNpcModel ? system : null;
}

export interface SpecialtyRow {
  id: string;
  uuid: string;
  name: string;
  img: string | null;
  skill: string;
  attribute: string;
  ranks: number;
  action: string;
  attack: boolean;
}

export interface GearRow {
  id: string;
  name: string;
  img: string | null;
  itemDie: number;
  detail: string;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export function specialtiesOf(actor: Actor.Implementation): SpecialtyRow[] {
  const rows: SpecialtyRow[] = [];
  for (const item of actor.items) {
    const system: unknown = item.system;
    if (!(system instanceof CavaliersSpecialtyModel)) continue;
    rows.push({ id: item.id!, uuid: item.uuid, name: item.name, img: item.img ?? null, skill: system.skill, attribute: system.attribute, ranks: system.ranks, action: system.action, attack: isAttack(system.action) });
  }
  return rows.sort(byName);
}

export interface WeaponRow extends GearRow {
  melee: boolean;
  specialty: string;
  rangeDrops: Record<string, number | null>;
}

export function weaponsOf(actor: Actor.Implementation): WeaponRow[] {
  const rows: WeaponRow[] = [];
  for (const item of actor.items) {
    const system: unknown = item.system;
    if (!(system instanceof CavaliersWeaponModel)) continue;
    rows.push({ id: item.id!, name: item.name, img: item.img ?? null, itemDie: system.itemDie, detail: system.specialty, melee: system.melee, specialty: system.specialty, rangeDrops: { ...system.rangeDrops } });
  }
  return rows.sort(byName);
}

export function armourOf(actor: Actor.Implementation): GearRow[] {
  const rows: GearRow[] = [];
  for (const item of actor.items) {
    const system: unknown = item.system;
    if (!(system instanceof CavaliersArmourModel)) continue;
    rows.push({ id: item.id!, name: item.name, img: item.img ?? null, itemDie: system.itemDie, detail: system.kind });
  }
  return rows.sort(byName);
}
