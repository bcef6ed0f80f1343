/**
 * Reading a cavaliers actor for the rules: her tracks as a CombatantState, the pool of a skill
 * (attribute die of the specialty's attribute, competency, ranks, item die) and the success tables
 * her specialty items carry.
 */
import type { CombatantState } from "../../../../rules/cavaliers/actors.js";
import { successEntryFromData } from "../../../../rules/cavaliers/entryData.js";
import type { PoolSpec } from "../../../../rules/cavaliers/pool.js";
import { ACTOR_TYPES, type ActorType, SUCCESS_TABLES, type SuccessTable } from "../../../../rules/cavaliers/tables.js";
import { CavaliersCharacterModel, CavaliersNpcModel } from "../models.js";
import { CavaliersArmourModel, CavaliersSpecialtyModel, CavaliersWeaponModel } from "../items.js";

type CavaliersSystem = CavaliersCharacterModel | CavaliersNpcModel;

export function cavaliersSystem(actor: Actor.Implementation): CavaliersSystem {
  const system = actor.system;
  if (system instanceof CavaliersCharacterModel || system instanceof CavaliersNpcModel) return system;
  throw new Error(game.i18n!.format("FRAY.Card.Refused.NotCavaliers", { name: actor.name }));
}

export function actorType(actor: Actor.Implementation): ActorType {
  const system = cavaliersSystem(actor);
  return system instanceof CavaliersNpcModel ? system.npcType : "pc";
}

export function combatantState(actor: Actor.Implementation): CombatantState {
  const system = cavaliersSystem(actor);
  const type = actorType(actor);
  return {
    name: actor.name,
    type,
    yield: system.yield.value,
    wounds: system.wounds.value,
    yieldLimit: ACTOR_TYPES[type].yieldLimit(system.competency),
    advantage: system.advantage,
    style: system.style,
  };
}

/** The fields an exchange changes, as update paths, from a CombatantState after the rules. */
export function stateUpdate(state: CombatantState, dying: boolean): Record<string, unknown> {
  return {
    "system.yield.value": state.yield,
    "system.wounds.value": state.wounds,
    "system.advantage": state.advantage,
    "system.style": state.style,
    "flags.fray.dying": dying,
  };
}

/** An unset flag reads as this. */
export const FIELD_DEFAULTS: Record<string, unknown> = { "flags.fray.dying": false, "flags.fray.out": "", "flags.fray.riposte": false };

/** The status a winning Parry or Feint buys to earn a Riposte (the rules' success tables). */
export const RIPOSTE_STATUS = "riposte";

/** Whether the actor has a Riposte to make: set when she buys one, used up when she makes it. */
export function riposteReady(actor: Actor.Implementation): boolean {
  return actor.getFlag("fray", "riposte") === true;
}

/** A bought Riposte, as a flag change on the buyer (Undo takes it back with the rest). */
export function riposteEarned(statuses: readonly string[]): Record<string, unknown> {
  return statuses.includes(RIPOSTE_STATUS) ? { "flags.fray.riposte": true } : {};
}

type SpecialtyItem = Item.Implementation & { system: CavaliersSpecialtyModel };

/** The specialty item rolled: the one asked for, else the first whose action is the skill. */
export function specialtyOf(actor: Actor.Implementation, skill: string, itemId?: string): SpecialtyItem | null {
  const items = [...actor.items].filter((item): item is SpecialtyItem => item.system instanceof CavaliersSpecialtyModel);
  if (itemId) return items.find((item) => item.id === itemId) ?? null;
  return items.find((item) => item.system.action === skill) ?? null;
}

export function weaponOf(actor: Actor.Implementation, itemId?: string): (Item.Implementation & { system: CavaliersWeaponModel }) | null {
  if (!itemId) return null;
  const item = actor.items.get(itemId);
  return item && item.system instanceof CavaliersWeaponModel ? (item as Item.Implementation & { system: CavaliersWeaponModel }) : null;
}

/** The item die a defence takes: Parry the best melee weapon, Block the shield, Dodge and Brawl none. */
export function defenceItemDie(actor: Actor.Implementation, defence: string): number {
  const dice: number[] = [];
  for (const item of actor.items) {
    if (defence === "parry" && item.system instanceof CavaliersWeaponModel && item.system.melee) dice.push(item.system.itemDie);
    if (defence === "block" && item.system instanceof CavaliersArmourModel && item.system.kind === "shield") dice.push(item.system.itemDie);
  }
  return Math.max(0, ...dice);
}

/** The pool of a skill before Drop and bonus dice. */
export function poolSpec(actor: Actor.Implementation, specialty: SpecialtyItem | null, item: number): PoolSpec {
  const system = cavaliersSystem(actor);
  const attribute = specialty?.system.attribute ?? "verve";
  return { attribute: system.attributes[attribute], competency: system.competency, ranks: specialty?.system.ranks ?? 0, ...(item ? { item } : {}) };
}

/** The rules' tables, with the table of `id` taken from the specialty item when it carries one. */
export function tablesWith(id: string, specialty: SpecialtyItem | null): Record<string, SuccessTable> {
  const table = specialty?.system.table ?? [];
  if (!table.length) return { ...SUCCESS_TABLES };
  return { ...SUCCESS_TABLES, [id]: { id, name: specialty?.name ?? id, entries: table.map(successEntryFromData) } };
}
