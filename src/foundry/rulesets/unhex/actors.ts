/**
 * Reading an Unhex actor as the rules read a character: level, wound boxes by the rules' location
 * ids, what she is good at, what is in her hands. Cards call these on the GM with the actors as
 * they are now, so nothing here trusts a request.
 */
import { HIT_LOCATIONS, type WeaponKind } from "../../../rules/unhex/tables.js";
import { type CombatantRequest, CombatantSchema } from "../../../rules/unhex/schemas.js";
import { Refused } from "../../relay/index.js";
import { type GoodAt, LOCATION_KEYS, unhexActor, UnhexArmourModel, UnhexGearModel, UnhexShieldModel, UnhexWeaponModel } from "./models.js";
import { fighterName } from "../../cards/documents.js";
import { withinSchema } from "../../data/bounds.js";
import { usableArms } from "../../../rules/unhex/character.js";
import { unhexOptions } from "./options.js";

export interface HeldWeapon {
  id: string;
  name: string;
  kind: WeaponKind;
  /** The hands it takes: a two-handed weapon needs both arms usable. */
  hands: 1 | 2;
}

/** The actor's Unhex data, or a refusal naming her. */
export function unhexData(actor: Actor.Implementation) {
  if (!unhexActor(actor)) throw new Refused(game.i18n!.format("FRAY.Unhex.Refused.NotUnhex", { name: actor.name }));
  return actor.system;
}

export function isPc(actor: Actor.Implementation): boolean {
  return actor.type === "unhexCharacter";
}

/** Marked boxes by the rules' location ids. */
export function woundsOf(actor: Actor.Implementation): Record<string, number> {
  const stored = unhexData(actor).wounds as Record<string, number>;
  return Object.fromEntries(HIT_LOCATIONS.locations.map((location, index) => [location.id, stored[LOCATION_KEYS[index]!] ?? 0]));
}

export function goodAt(actor: Actor.Implementation, roll: GoodAt): boolean {
  return (unhexData(actor).good as Record<string, unknown>)[roll] === true;
}

/** The Attack ability a weapon kind's roll is good with. */
export const ATTACK_GOOD: Record<WeaponKind, GoodAt> = { melee: "meleeAttack", "one-handed-ranged": "oneHandedAttack", "two-handed-ranged": "twoHandedAttack" };

/** An item that can be in her hands, with the hands it takes (a two-handed weapon both), and whether it is held. */
export interface HoldableItem {
  id: string;
  name: string;
  hands: 1 | 2;
  held: boolean;
}

/** The hands an item takes in hand, or null for what is never held (armour). */
export function handsOf(item: Item.Implementation): 1 | 2 | null {
  const system = item.system;
  if (system instanceof UnhexWeaponModel) return system.kind === "two-handed-ranged" || (system.kind === "melee" && system.hands === 2) ? 2 : 1;
  return system instanceof UnhexShieldModel || system instanceof UnhexGearModel ? 1 : null;
}

export function holdableItems(actor: Actor.Implementation): HoldableItem[] {
  return actor.items.contents.flatMap((item) => {
    const hands = handsOf(item);
    return hands === null ? [] : [{ id: item.id ?? "", name: item.name, hands, held: (item.system as { held?: unknown }).held === true }];
  });
}

export function heldWeapons(actor: Actor.Implementation): HeldWeapon[] {
  return actor.items.contents
    .filter((item) => item.system instanceof UnhexWeaponModel && item.system.held)
    .map((item) => ({ id: item.id ?? "", name: item.name, kind: (item.system as UnhexWeaponModel).kind as WeaponKind, hands: handsOf(item) ?? 1 }));
}

/** Why she cannot wield a weapon in hand now (a full arm drops what it holds and is useless), in the table's words, or null. */
export function wieldRefusal(actor: Actor.Implementation, weapon: HeldWeapon): string | null {
  const system = unhexData(actor);
  const arms = usableArms({ name: actor.name, level: system.level.value, maxLevel: system.level.max, pc: isPc(actor), wounds: woundsOf(actor) }, unhexOptions());
  if (arms === 0) return game.i18n!.format("FRAY.Unhex.Refused.ArmsFull", { name: actor.name });
  return weapon.hands > arms ? game.i18n!.format("FRAY.Unhex.Refused.OneArm", { name: actor.name, weapon: weapon.name }) : null;
}

export function holdsShield(actor: Actor.Implementation): boolean {
  return actor.items.contents.some((item) => item.system instanceof UnhexShieldModel && item.system.held);
}

/** Armour still whole, by the rules' location ids. */
export function armourOf(actor: Actor.Implementation): Array<{ id: string; name: string; location: string }> {
  return actor.items.contents
    .filter((item) => item.system instanceof UnhexArmourModel && !item.system.destroyed)
    .map((item) => {
      const key = (item.system as UnhexArmourModel).location;
      return { id: item.id ?? "", name: item.name, location: HIT_LOCATIONS.locations[LOCATION_KEYS.indexOf(key)]?.id ?? key };
    });
}

/** A held weapon the actor names by id, or a refusal. */
export function heldWeapon(actor: Actor.Implementation, id: unknown): HeldWeapon {
  const weapon = heldWeapons(actor).find((candidate) => candidate.id === id);
  if (!weapon) throw new Refused(game.i18n!.format("FRAY.Unhex.Refused.NotHeld", { name: actor.name }));
  return weapon;
}

/** The actor as the rules' fighter: level, boxes, shield, weapons in hand, whether she is good at this roll, her budget when in a fight. */
export function fighterOf(actor: Actor.Implementation, good: boolean, budget?: { available: number; owed: number }): CombatantRequest {
  const system = unhexData(actor);
  // Within the rules' bounds whatever the sheet holds, so no card about her fails its schema.
  return withinSchema(CombatantSchema, {
    name: fighterName(actor),
    level: system.level.value,
    maxLevel: system.level.max,
    pc: isPc(actor),
    ...(good ? { good: true } : {}),
    shield: holdsShield(actor),
    wounds: woundsOf(actor),
    weapons: [...new Set(heldWeapons(actor).map((weapon) => weapon.kind))],
    ...(budget ? { budget } : {}),
  });
}
