import { checkPoolsWithinMax, flag, integer, pool, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

function personalSchema() {
  return {
    resolve: pool(10, { max: 99 }),
    defense: integer(10, 0, 99),
    initiativeRank: integer(0, 0, 20),
    stamina: integer(1, 0, 10),
    control: integer(1, 0, 10),
    /** Armor Rating per damage type. */
    armor: new fields.ArrayField(new fields.SchemaField({ type: text("physical"), rating: integer(0, 0, 99) }), {
      initial: [{ type: "physical", rating: 0 }],
    }),
    wounded: flag(),
    /** Fallen Fates ignored since the last Rest. */
    fatesIgnored: integer(0, 0, 20),
    fates: new fields.ArrayField(text()),
    notes: text(),
  };
}
type PersonalSchema = ReturnType<typeof personalSchema>;
function npcSchema() {
  return { ...personalSchema(), major: flag(), significant: flag(true) };
}
type NpcSchema = ReturnType<typeof npcSchema>;

export class PersonalCharacterModel extends foundry.abstract.TypeDataModel<PersonalSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Personal"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  static override defineSchema(): PersonalSchema {
    return personalSchema();
  }

  static override validateJoint(data: never): void {
    checkPoolsWithinMax(data, ["resolve"]);
  }
}

export class PersonalNpcModel extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Personal"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  static override defineSchema(): NpcSchema {
    return npcSchema();
  }

  static override validateJoint(data: never): void {
    checkPoolsWithinMax(data, ["resolve"]);
  }
}
