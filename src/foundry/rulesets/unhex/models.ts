import { HIT_LOCATIONS, LEVEL_CAP, STARTING_LEVEL, WEAPON_KINDS } from "../../../rules/unhex/tables.js";
import { checkPoolsWithinMax, flag, integer, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

/** Location ids as stored: the rules' kebab-case ids in camelCase, since they are object keys. */
export const LOCATION_KEYS = HIT_LOCATIONS.locations.map((location) => location.id.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()));

function unhexSchema() {
  return {
    /** Current level can fall below 0 (dead); the maximum never passes the cap. */
    level: new fields.SchemaField({ value: integer(STARTING_LEVEL, -LEVEL_CAP, LEVEL_CAP), max: integer(STARTING_LEVEL, 1, LEVEL_CAP) }),
    /** Marked wound boxes per hit location; how many boxes each has follows the boxes-per-row setting. */
    wounds: new fields.SchemaField(Object.fromEntries(LOCATION_KEYS.map((key) => [key, integer(0, 0, 99)])) as Record<string, ReturnType<typeof integer>>),
    weapon: new fields.StringField({ required: true, nullable: false, initial: "melee", choices: [...WEAPON_KINDS] }),
    shield: flag(),
    /** What the character is good at: a good roll may reroll one or both dice once. */
    good: text(),
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

  static override validateJoint(data: never): void {
    checkPoolsWithinMax(data, ["level"]);
  }
}

export class UnhexCharacterModel extends UnhexModel {}
export class UnhexNpcModel extends UnhexModel {}
