import { SHIELD_SIZES, WEAPON_CLASSES } from "../../../rules/drama/tables.js";
import { description, flag, integer, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

export const ARMOUR_KINDS = ["harness", "shield"] as const;
export const ADVANTAGE_KINDS = ["passion", "advantage"] as const;

function weaponSchema() {
  return {
    weaponClass: new fields.StringField({ required: true, nullable: false, initial: "medium", choices: [...WEAPON_CLASSES] }),
    /** The skill it is used with: empty for the weapon skill, else the name of one of the actor's skills. */
    skill: text(),
    ranged: flag(false),
    notes: text(),
    description: description(),
  };
}

function armourSchema() {
  return {
    kind: new fields.StringField({ required: true, nullable: false, initial: "harness", choices: [...ARMOUR_KINDS] }),
    /** A piece of harness's armour dice; a shield's come from its size. */
    dice: integer(1, 0, 20),
    shieldSize: new fields.StringField({ required: true, nullable: false, initial: "buckler", choices: SHIELD_SIZES.filter((s) => s !== "none") }),
    equipped: flag(true),
    notes: text(),
    description: description(),
  };
}

function advantageSchema() {
  return {
    /** A passion is declared for free; a dramatic advantage costs Drama Points. */
    kind: new fields.StringField({ required: true, nullable: false, initial: "passion", choices: [...ADVANTAGE_KINDS] }),
    /** Drama dice it adds when declared. */
    dice: integer(1, 0, 6),
    cost: integer(0, 0, 10),
    /** Flesh it adds to the bearer's full blows when declared (the rules' extra Flesh from a dramatic advantage). */
    flesh: integer(0, 0, 4),
    notes: text(),
    description: description(),
  };
}

type WeaponSchema = ReturnType<typeof weaponSchema>;
type ArmourSchema = ReturnType<typeof armourSchema>;
type AdvantageSchema = ReturnType<typeof advantageSchema>;

export class DramaWeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Drama.WeaponData"];
  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }
  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }
}

export class DramaArmourModel extends foundry.abstract.TypeDataModel<ArmourSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Drama.ArmourData"];
  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }
  static override defineSchema(): ArmourSchema {
    return armourSchema();
  }
}

export class DramaAdvantageModel extends foundry.abstract.TypeDataModel<AdvantageSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Drama.AdvantageData"];
  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }
  static override defineSchema(): AdvantageSchema {
    return advantageSchema();
  }
}
