import { HIT_LOCATIONS, LEVEL_CAP, STARTING_LEVEL } from "../../../rules/unhex/tables.js";
import { checkCaps, description, flag, integer, poolCaps, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

/** Location ids as stored: the rules' kebab-case ids in camelCase, since they are object keys. */
export const LOCATION_KEYS = HIT_LOCATIONS.locations.map((location) => location.id.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()));

/** The stored key of a rules location id ("right-arm" → "rightArm"). */
export function locationKey(id: string): string {
  return LOCATION_KEYS[HIT_LOCATIONS.locations.findIndex((location) => location.id === id)] ?? id;
}

/**
 * The rolls a character can be good at, as combat abilities name them: an Attack with each kind of
 * weapon, Intercept, Counterattack, Defend and initiative. Other rolls she is good at are free text
 * (the GM agrees to them before the roll).
 */
export const GOOD_AT = ["meleeAttack", "oneHandedAttack", "twoHandedAttack", "intercept", "counterattack", "defend", "initiative"] as const;
export type GoodAt = (typeof GOOD_AT)[number];

function unhexSchema() {
  return {
    /** Current level can fall below 0 (dead); the maximum never passes the cap. */
    level: new fields.SchemaField({ value: integer(STARTING_LEVEL, -LEVEL_CAP, LEVEL_CAP), max: integer(STARTING_LEVEL, 1, LEVEL_CAP) }),
    /** Marked wound boxes per hit location; how many boxes each has follows the boxes-per-row setting. */
    wounds: new fields.SchemaField(Object.fromEntries(LOCATION_KEYS.map((key) => [key, integer(0, 0, 99)])) as Record<string, ReturnType<typeof integer>>),
    /** What the character is good at: a good roll may be rerolled once after seeing it. */
    good: new fields.SchemaField({ ...(Object.fromEntries(GOOD_AT.map((key) => [key, flag()])) as Record<GoodAt, ReturnType<typeof flag>>), other: text() }),
    notes: text(),
  };
}
type UnhexSchema = ReturnType<typeof unhexSchema>;

class UnhexModel extends foundry.abstract.TypeDataModel<UnhexSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Unhex"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  static override defineSchema(): UnhexSchema {
    return unhexSchema();
  }

  /** The level at most its maximum (validateJoint; a stored source is brought within it on load). */
  static JOINT_CAPS = poolCaps(["level"]);

  static override validateJoint(data: never): void {
    checkCaps(data, UnhexModel.JOINT_CAPS);
  }
}

export class UnhexCharacterModel extends UnhexModel {}
export class UnhexNpcModel extends UnhexModel {}

/** Whether the actor is an Unhex character or NPC. */
export function unhexActor(actor: Actor.Implementation | null | undefined): actor is Actor.Implementation & { system: UnhexModel } {
  return !!actor && (actor.system instanceof UnhexCharacterModel || actor.system instanceof UnhexNpcModel);
}

/* ---------------- Items ---------------- */

export const WEAPON_HANDS = [1, 2] as const;

/** An item that can be in a character's hands. */
function heldField() {
  return { held: flag(), notes: text(), description: description() };
}

function weaponSchema() {
  return {
    kind: new fields.StringField({ required: true, nullable: false, initial: "melee", choices: ["melee", "one-handed-ranged", "two-handed-ranged"] }),
    /** Hands a melee weapon needs (ranged weapons need what their kind says). */
    hands: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 1, choices: [...WEAPON_HANDS] }),
    ...heldField(),
  };
}

function shieldSchema() {
  return heldField();
}

function armourSchema() {
  return {
    location: new fields.StringField({ required: true, nullable: false, initial: "torso", choices: [...LOCATION_KEYS] }),
    /** Armour destroyed to stop a hit is kept on the sheet, struck out. */
    destroyed: flag(),
    notes: text(),
    description: description(),
  };
}

export const GEAR_KINDS = ["first-aid", "ammo", "other"] as const;

function gearSchema() {
  return {
    kind: new fields.StringField({ required: true, nullable: false, initial: "other", choices: [...GEAR_KINDS] }),
    ...heldField(),
  };
}

function itemModel<S extends foundry.data.fields.DataSchema>(schema: () => S) {
  return class extends foundry.abstract.TypeDataModel<S, Item.Implementation> {
    static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Unhex.ItemData"];
    static override migrateData(source: Record<string, unknown>) {
      migrateModelSource(this, source);
      return super.migrateData(source);
    }
    static override defineSchema(): S {
      return schema();
    }
  };
}

export class UnhexWeaponModel extends itemModel(weaponSchema) {}
export class UnhexShieldModel extends itemModel(shieldSchema) {}
export class UnhexArmourModel extends itemModel(armourSchema) {}
export class UnhexGearModel extends itemModel(gearSchema) {}

export const UNHEX_ITEM_TYPES = ["unhexWeapon", "unhexShield", "unhexArmour", "unhexGear"] as const;
