/**
 * Personal Combat's items: weapons and armour an actor carries, and the three lists the rules read
 * (range bands, actions, Fallen Fates), which a GM keeps as world items (see lists.ts).
 */
import { FormulaError, parseFormula } from "../../../core/dice/formula.js";
import { description, flag, integer, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";
import { armorRow } from "./models.js";

const fields = foundry.data.fields;

function weaponSchema() {
  return {
    /** The Attack Roll's formula, e.g. 1d20+3. */
    attack: text("1d20"),
    /** The Damage Roll's formula, e.g. 2d6+1. */
    damage: text("1d6"),
    /** Never blank: the Armor Rating it meets is the target's against this type. */
    damageType: new fields.StringField({ required: true, nullable: false, blank: false, initial: "physical" }),
    piercing: flag(),
    notes: text(),
    description: description(),
  };
}

function armourSchema() {
  return {
    ratings: new fields.ArrayField(armorRow(), { initial: [{ type: "physical", rating: 1 }] }),
    /** Only worn armour counts toward the Armor Rating. */
    worn: flag(true),
    notes: text(),
    description: description(),
  };
}

function bandSchema() {
  return {
    /** Nearest first: a Move goes between bands next to each other in this order. */
    order: integer(0, 0, 99),
    description: description(),
  };
}

function actionSchema() {
  return {
    /** A free action (it counts toward the cap but is not the turn's one Action). */
    free: flag(),
    description: description(),
  };
}

function fateSchema() {
  return {
    /** Taking it ends her part in the fight. */
    outOfFight: flag(),
    /** The token status it sets (an id of CONFIG.statusEffects); blank: Fray's status of the same name, if any. */
    status: text(),
    description: description(),
  };
}

/** A formula the rules refuse is refused here too, with the rules' reason, so a sheet never stores one. */
function checkFormula(label: string, formula: unknown): void {
  if (typeof formula !== "string") return;
  try {
    parseFormula(formula);
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    throw new Error(game.i18n!.format("FRAY.Personal.BadFormula", { field: game.i18n!.localize(label), problem: error.message }));
  }
}

/** Every Personal Combat item model: the migration steps every Fray model runs before Foundry cleans its data. */
abstract class PersonalItemModel<S extends foundry.data.fields.DataSchema> extends foundry.abstract.TypeDataModel<S, Item.Implementation> {
  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }
}

type WeaponSchema = ReturnType<typeof weaponSchema>;
type ArmourSchema = ReturnType<typeof armourSchema>;
type BandSchema = ReturnType<typeof bandSchema>;
type ActionSchema = ReturnType<typeof actionSchema>;
type FateSchema = ReturnType<typeof fateSchema>;

export class PersonalWeaponModel extends PersonalItemModel<WeaponSchema> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Personal.WeaponData"];
  static override defineSchema = weaponSchema;

  static override validateJoint(data: never): void {
    const system = data as { attack?: unknown; damage?: unknown };
    checkFormula("FRAY.Personal.AttackFormula", system.attack);
    checkFormula("FRAY.Personal.DamageFormula", system.damage);
  }
}

export class PersonalArmourModel extends PersonalItemModel<ArmourSchema> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Personal.ArmourData"];
  static override defineSchema = armourSchema;
}

export class PersonalBandModel extends PersonalItemModel<BandSchema> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Personal.BandData"];
  static override defineSchema = bandSchema;
}

export class PersonalActionModel extends PersonalItemModel<ActionSchema> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Personal.ActionData"];
  static override defineSchema = actionSchema;
}

export class PersonalFateModel extends PersonalItemModel<FateSchema> {
  static override LOCALIZATION_PREFIXES = ["FRAY.ItemData", "FRAY.Personal.FateData"];
  static override defineSchema = fateSchema;
}

/** The item types of each kind, as system.json declares them. */
export const PERSONAL_ITEM_TYPES = {
  weapon: "personalWeapon",
  armour: "personalArmour",
  band: "personalBand",
  action: "personalAction",
  fate: "personalFate",
} as const;
