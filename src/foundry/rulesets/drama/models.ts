import { SHIELD_SIZES, WEAPON_CLASSES } from "../../../rules/drama/tables.js";
import { checkCaps, flag, integer, pool, poolCaps, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";
import { type DramaDerived, deriveDrama } from "./derived.js";

const fields = foundry.data.fields;

export const SKILL_ATTRIBUTES = ["physical", "agility"] as const;
export const DISADVANTAGES = ["none", "disadvantaged", "doubly"] as const;

function dramaSchema() {
  return {
    level: integer(1, 0, 20),
    attributes: new fields.SchemaField({
      physical: integer(2, 0, 10),
      agility: integer(2, 0, 10),
    }),
    /** The weapon skill (used with Physical); the rules cap it by its attribute when building the pool. */
    skill: integer(2, 0, 10),
    /** Other skills a weapon may name (a bow with Agility...), each capped by its own attribute. */
    skills: new fields.ArrayField(
      new fields.SchemaField({
        name: text(),
        attribute: new fields.StringField({ required: true, nullable: false, initial: "agility", choices: [...SKILL_ATTRIBUTES] }),
        value: integer(0, 0, 10),
      }),
    ),
    grit: pool(6, { max: 40 }),
    /** Flesh can fall below 0: the fighter is then dying. */
    flesh: new fields.SchemaField({ value: integer(6, -40, 40), max: integer(6, 0, 40) }),
    /**
     * Persistent penalty dice from anything but the wounds and Grit at 0, which the sheet counts
     * itself (a failed composure test, the price of a wavering courage test).
     */
    penaltyDice: integer(0, 0, 40),
    militaryTraining: integer(0, 0, 10),
    dramaPoints: integer(0, 0, 20),
    /** The weapon class used when no weapon item is chosen (an NPC's quick stat). */
    weaponClass: new fields.StringField({ required: true, nullable: false, initial: "medium", choices: [...WEAPON_CLASSES] }),
    /** Armour dice beyond the armour items worn. */
    armourDice: integer(0, 0, 40),
    /** The shield carried when no shield item is equipped. */
    shield: new fields.StringField({ required: true, nullable: false, initial: "none", choices: [...SHIELD_SIZES] }),
    /** Every Flesh wound, kept apart so penalties, bleeding and healing can be traced to it. */
    wounds: new fields.ArrayField(
      new fields.SchemaField({
        flesh: integer(1, 0, 40),
        serious: flag(),
        critical: flag(),
        bleeding: flag(),
        note: text(),
      }),
    ),
    /** Knocked back last round: the Resistance dice it adds to the next. */
    disadvantage: new fields.StringField({ required: true, nullable: false, initial: "none", choices: [...DISADVANTAGES] }),
    /** The combat round the disadvantage is for (0 outside a combat): the tracker clears it after that round. */
    disadvantageRound: integer(0, 0, 100000),
    /** Rounds still out of the action after a failed courage test; the tracker counts them down. */
    roundsOut: integer(0, 0, 10),
    notes: text(),
  };
}
type DramaSchema = ReturnType<typeof dramaSchema>;

class DramaModel extends foundry.abstract.TypeDataModel<DramaSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Drama"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  static override defineSchema(): DramaSchema {
    return dramaSchema();
  }

  /** Grit and Flesh at most their maxima (validateJoint; a stored source is brought within them on load). */
  static JOINT_CAPS = poolCaps(["grit", "flesh"]);

  static override validateJoint(data: never): void {
    checkCaps(data, DramaModel.JOINT_CAPS);
  }

  derived!: DramaDerived;

  override prepareDerivedData(): void {
    this.derived = deriveDrama(this);
  }
}

export class DramaCharacterModel extends DramaModel {}
export class DramaNpcModel extends DramaModel {}

export type DramaSystem = DramaModel;
