import { ignoreBudget } from "../../../core/tracks/resolve.js";
import { checkCaps, flag, integer, pool, poolCaps, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";

const fields = foundry.data.fields;

const RESOLVE_CAPS = poolCaps(["resolve"]);

/** An Armor Rating against one damage type (the sheet's own, or a worn armour's). */
export function armorRow() {
  return new fields.SchemaField({ type: text("physical"), rating: integer(0, 0, 99) });
}

function personalSchema() {
  return {
    resolve: pool(10, { max: 99 }),
    defense: integer(10, 0, 99),
    initiativeRank: integer(0, 0, 20),
    stamina: integer(1, 0, 10),
    control: integer(1, 0, 10),
    /** Natural Armor Rating per damage type; worn armour items add theirs. */
    armor: new fields.ArrayField(armorRow(), { initial: [{ type: "physical", rating: 0 }] }),
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

/** What follows from the stored fields and is never stored: the Fallen Fate ignores. */
export interface PersonalDerived {
  /** Fates she may ignore between Rests: her higher of Stamina and Control. */
  ignoreBudget: number;
  ignoresLeft: number;
}

function derive(system: { stamina: number; control: number; fatesIgnored: number }): PersonalDerived {
  const budget = ignoreBudget(system.stamina, system.control);
  return { ignoreBudget: budget, ignoresLeft: Math.max(0, budget - system.fatesIgnored) };
}

export class PersonalCharacterModel extends foundry.abstract.TypeDataModel<PersonalSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Personal"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  derived!: PersonalDerived;

  static override defineSchema(): PersonalSchema {
    return personalSchema();
  }

  /** Resolve at most its maximum (validateJoint; a stored source is brought within it on load). */
  static JOINT_CAPS = RESOLVE_CAPS;

  static override validateJoint(data: never): void {
    checkCaps(data, RESOLVE_CAPS);
  }

  override prepareDerivedData(): void {
    this.derived = derive(this);
  }
}

export class PersonalNpcModel extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Personal"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  derived!: PersonalDerived;

  static override defineSchema(): NpcSchema {
    return npcSchema();
  }

  /** Resolve at most its maximum (validateJoint; a stored source is brought within it on load). */
  static JOINT_CAPS = RESOLVE_CAPS;

  static override validateJoint(data: never): void {
    checkCaps(data, RESOLVE_CAPS);
  }

  override prepareDerivedData(): void {
    this.derived = derive(this);
  }
}

export type PersonalActorData = PersonalCharacterModel | PersonalNpcModel;
