import { description, dieSize, flag, integer, text } from "../../data/fields.js";
import { COMPETENCY_DICE } from "./models.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

export const SPECIALTY_ATTRIBUTES = ["verve", "affinity", "guile"] as const;
export const EFFECT_KINDS = [
  "inflict-yield",
  "inflict-wound",
  "increase-advantage",
  "decrease-opponent-advantage",
  "gain-style",
  "negate",
  "reduce-yield",
  "status",
  "survive-hours",
  "regain-consciousness",
  "heal-wound",
] as const;

/** One purchase of a success table, as editable data (the rules' SuccessEntry). */
function successEntry() {
  return new fields.SchemaField({
    id: text(),
    name: text(),
    cost: integer(1, 1, 20),
    repeatable: flag(true),
    effect: new fields.StringField({ required: true, nullable: false, initial: "inflict-yield", choices: [...EFFECT_KINDS] }),
    amount: integer(1, 0, 20),
    /** For status effects: the status set, and on whom. */
    status: text(),
    on: new fields.StringField({ required: true, nullable: false, initial: "opponent", choices: ["self", "opponent"] }),
    condition: text(),
  });
}

function specialtySchema() {
  return {
    skill: text(),
    attribute: new fields.StringField({ required: true, nullable: false, initial: "verve", choices: [...SPECIALTY_ATTRIBUTES] }),
    ranks: integer(0, 0, 6),
    /** Which rules action the specialty rolls: an attack, a defence, initiative, or a plain skill. */
    action: text("skill"),
    table: new fields.ArrayField(successEntry()),
    description: description(),
  };
}
type SpecialtySchema = ReturnType<typeof specialtySchema>;

function rangeDrop() {
  // null: the weapon cannot reach that band at all.
  return new fields.NumberField({ required: true, nullable: true, integer: true, initial: 0, min: 0, max: 4 });
}

function weaponSchema() {
  return {
    itemDie: dieSize(6, COMPETENCY_DICE),
    specialty: text("lunge"),
    melee: flag(true),
    rangeDrops: new fields.SchemaField({ close: rangeDrop(), short: rangeDrop(), medium: rangeDrop(), long: rangeDrop() }),
    reloadDrop: integer(0, 0, 5),
    description: description(),
  };
}
type WeaponSchema = ReturnType<typeof weaponSchema>;

function armourSchema() {
  return {
    itemDie: dieSize(6, COMPETENCY_DICE),
    kind: new fields.StringField({ required: true, nullable: false, initial: "armour", choices: ["armour", "shield"] }),
    description: description(),
  };
}
type ArmourSchema = ReturnType<typeof armourSchema>;

export class CavaliersSpecialtyModel extends foundry.abstract.TypeDataModel<SpecialtySchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Cavaliers.SpecialtyData"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  static override defineSchema(): SpecialtySchema {
    return specialtySchema();
  }
}

export class CavaliersWeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Cavaliers.WeaponData"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }
}

export class CavaliersArmourModel extends foundry.abstract.TypeDataModel<ArmourSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Cavaliers.ArmourData"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  static override defineSchema(): ArmourSchema {
    return armourSchema();
  }
}
