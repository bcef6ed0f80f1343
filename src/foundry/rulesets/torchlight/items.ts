import { DAMAGE_TYPES } from "../../../core/tracks/breath.js";
import { description, dieSize, flag, integer, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

export const WEAPON_DICE = [4, 6, 8, 10, 12] as const;
export const WEAPON_KINDS = ["melee", "reach", "ranged"] as const;
export const DAMAGE_TYPE_NAMES = Object.keys(DAMAGE_TYPES);
export const GEAR_KINDS = ["shield", "potion", "tool", "other"] as const;

function weaponSchema() {
  return {
    die: dieSize(6, WEAPON_DICE),
    /** Melee hits its own lane, reach one lane more, ranged any lane (not while Engaged). */
    kind: new fields.StringField({ required: true, nullable: false, initial: "melee", choices: [...WEAPON_KINDS] }),
    damageType: new fields.StringField({ required: true, nullable: false, initial: "slashing", choices: DAMAGE_TYPE_NAMES }),
    /** Held in the off hand: untrained, it Impairs every attack unless a weapon she wields is trained. */
    offHand: flag(false),
    trained: flag(true),
    notes: text(),
    description: description(),
  };
}
type WeaponSchema = ReturnType<typeof weaponSchema>;

function gearSchema() {
  return {
    kind: new fields.StringField({ required: true, nullable: false, initial: "other", choices: [...GEAR_KINDS] }),
    quantity: integer(1, 0, 999),
    notes: text(),
    description: description(),
  };
}
type GearSchema = ReturnType<typeof gearSchema>;

export class TorchlightWeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Torchlight.WeaponData"];
  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }
  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }
}

export class TorchlightGearModel extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Torchlight.GearData"];
  static override defineSchema(): GearSchema {
    return gearSchema();
  }
  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }
}
