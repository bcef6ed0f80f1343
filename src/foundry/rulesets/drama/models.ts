import { SHIELD_SIZES, WEAPON_CLASSES } from "../../../rules/drama/tables.js";
import { checkPoolsWithinMax, flag, integer, pool, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

function dramaSchema() {
  return {
    level: integer(1, 0, 20),
    attributes: new fields.SchemaField({
      physical: integer(2, 0, 10),
      agility: integer(2, 0, 10),
    }),
    /** The fighting skill; the rules cap it by its attribute when building the pool. */
    skill: integer(2, 0, 10),
    grit: pool(6, { max: 40 }),
    /** Flesh can fall below 0: the fighter is then dying. */
    flesh: new fields.SchemaField({ value: integer(6, -40, 40), max: integer(6, 0, 40) }),
    /** Persistent penalty dice carried into every resistance pool. */
    penaltyDice: integer(0, 0, 40),
    militaryTraining: integer(0, 0, 10),
    dramaPoints: integer(0, 0, 20),
    weaponClass: new fields.StringField({ required: true, nullable: false, initial: "medium", choices: [...WEAPON_CLASSES] }),
    armourDice: integer(0, 0, 40),
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

  static override validateJoint(data: never): void {
    checkPoolsWithinMax(data, ["grit", "flesh"]);
  }
}

export class DramaCharacterModel extends DramaModel {}
export class DramaNpcModel extends DramaModel {}
