import { CHARACTERISTICS, SCORE_SUM } from "../../../core/tracks/breath.js";
import { STANCES } from "../../../rules/torchlight/tables.js";
import { checkCaps, dieSize, flag, integer, type JointCap, pool, poolCaps, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

/** A characteristic stores its Check number (DC) and its undamaged DC; the Saving Throw is 20 − DC. */
function characteristic() {
  return new fields.SchemaField({ dc: integer(10, 0, SCORE_SUM), max: integer(10, 0, SCORE_SUM) });
}

function torchlightSchema() {
  return {
    breath: pool(3, { max: 99 }),
    characteristics: new fields.SchemaField(Object.fromEntries(CHARACTERISTICS.map((key) => [key, characteristic()])) as Record<(typeof CHARACTERISTICS)[number], ReturnType<typeof characteristic>>),
    /** The bare weapon (fists, a club...) used when no weapon item is chosen. */
    weaponDie: dieSize(6, [4, 6, 8, 10, 12]),
    proficiencies: integer(0, 0, 20),
    /** Where she asks to be placed when a fight starts (the Combat Grid, written by the GM, says where she is). */
    lane: integer(1, 1, 6),
    stance: new fields.StringField({ required: true, nullable: false, initial: "steadied", choices: [...STANCES] }),
    /** Points each Characteristic lost in the current encounter: the ones Dying saves are made on. */
    encounter: new fields.SchemaField(Object.fromEntries(CHARACTERISTICS.map((key) => [key, integer(0, 0, SCORE_SUM)])) as Record<(typeof CHARACTERISTICS)[number], ReturnType<typeof integer>>),
    incapacitated: flag(),
    dying: flag(),
    stabilized: flag(),
    notes: text(),
  };
}
type TorchlightSchema = ReturnType<typeof torchlightSchema>;

export type SavingThrows = Record<(typeof CHARACTERISTICS)[number], number>;

class TorchlightModel extends foundry.abstract.TypeDataModel<TorchlightSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Torchlight"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  /** Saving Throw numbers, always 20 − DC, so the two can never disagree. */
  savingThrows!: SavingThrows;

  static override defineSchema(): TorchlightSchema {
    return torchlightSchema();
  }

  /** Breath at most its maximum and each DC at most its undamaged DC (validateJoint; a stored source is brought within them on load). */
  static JOINT_CAPS: JointCap[] = [...poolCaps(["breath"]), ...CHARACTERISTICS.map((key) => ({ field: `characteristics.${key}`, value: `characteristics.${key}.dc`, max: `characteristics.${key}.max`, key: "DcAboveMax" as const }))];

  static override validateJoint(data: never): void {
    checkCaps(data, TorchlightModel.JOINT_CAPS);
  }

  override prepareDerivedData(): void {
    this.savingThrows = Object.fromEntries(CHARACTERISTICS.map((key) => [key, SCORE_SUM - this.characteristics[key].dc])) as SavingThrows;
  }
}

export class TorchlightCharacterModel extends TorchlightModel {}
export class TorchlightNpcModel extends TorchlightModel {}
