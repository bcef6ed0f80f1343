import { currentYieldLimit, isDying, woundDrop, type WoundTrack } from "../../../core/tracks/yieldWounds.js";
import { ACTOR_TYPES, ADVANTAGE_STEPS, type ActorType } from "../../../rules/cavaliers/tables.js";
import { dieSize, integer, text } from "../../data/fields.js";
import { migrateModelSource } from "../../migrations/model.js";
import { COMBAT_SKILLS } from "./competence.js";

const fields = foundry.data.fields;

export const ATTRIBUTE_DICE = [6, 8, 10] as const;
export const COMPETENCY_DICE = [0, 6, 8, 10, 12] as const;
export const NPC_TYPES = ["rabble", "stock", "minor", "major"] as const satisfies readonly ActorType[];
export type NpcType = (typeof NPC_TYPES)[number];

function cavaliersSchema(type: ActorType) {
  return {
    attributes: new fields.SchemaField({
      verve: dieSize(6, ATTRIBUTE_DICE),
      affinity: dieSize(6, ATTRIBUTE_DICE),
      guile: dieSize(6, ATTRIBUTE_DICE),
    }),
    /** The character's one competency die: her Yield Limit reads it; a roll adds it where she is competent. */
    competency: dieSize(6, COMPETENCY_DICE),
    /** The skills she is competent in (names; the Combat chapter's four by default). */
    competentSkills: new fields.ArrayField(new fields.StringField({ required: true, nullable: false, blank: false }), { initial: [...COMBAT_SKILLS] }),
    yield: new fields.SchemaField({ value: integer(0, 0, 99) }),
    wounds: new fields.SchemaField({
      value: integer(0, 0, 10),
      /** Drop at each Wound before Dying; its length + 1 is the Wound Limit. */
      track: new fields.ArrayField(integer(0, 0, 10), { initial: [...ACTOR_TYPES[type].woundTrack.drops] }),
    }),
    advantage: dieSize(0, ADVANTAGE_STEPS),
    style: integer(0, 0, 6),
    initiativePoints: integer(0, 0, 99),
    area: text(),
    notes: text(),
  };
}

type CharacterSchema = ReturnType<typeof cavaliersSchema>;
function npcSchema() {
  return {
    ...cavaliersSchema("stock"),
    npcType: new fields.StringField({ required: true, nullable: false, initial: "stock", choices: [...NPC_TYPES] }),
  };
}
type NpcSchema = ReturnType<typeof npcSchema>;

/** What the sheet shows but never stores: limits and penalties that follow from the tracks. */
export interface CavaliersDerived {
  yieldLimit: number;
  woundLimit: number;
  woundDrop: number;
  maxStyle: number;
  dying: boolean;
  yieldedOut: boolean;
}

/** Token bars read {value, max}: Yield runs up to its limit and Wounds up to theirs. */
function exposeBarMaxima(system: { yield: object; wounds: object }, derived: CavaliersDerived): void {
  Object.assign(system.yield, { max: derived.yieldLimit });
  Object.assign(system.wounds, { max: derived.woundLimit });
}

function derive(system: { competency: number; yield: { value: number }; wounds: { value: number; track: number[] } }, type: ActorType): CavaliersDerived {
  const rules = ACTOR_TYPES[type];
  const track: WoundTrack = { drops: system.wounds.track, limit: system.wounds.track.length + 1 };
  const yieldLimit = currentYieldLimit({ yield: system.yield.value, wounds: system.wounds.value, yieldLimit: rules.yieldLimit(system.competency) });
  return {
    yieldLimit,
    woundLimit: track.limit,
    woundDrop: woundDrop(track, system.wounds.value),
    maxStyle: rules.maxStyle,
    dying: isDying(track, system.wounds.value),
    yieldedOut: system.yield.value >= yieldLimit,
  };
}

export class CavaliersCharacterModel extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Cavaliers"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  derived!: CavaliersDerived;

  static override defineSchema(): CharacterSchema {
    return cavaliersSchema("pc");
  }

  override prepareDerivedData(): void {
    this.derived = derive(this, "pc");
    exposeBarMaxima(this, this.derived);
  }
}

export class CavaliersNpcModel extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Cavaliers"];

  static override migrateData(source: Record<string, unknown>) {
    migrateModelSource(this, source);
    return super.migrateData(source);
  }

  derived!: CavaliersDerived;

  static override defineSchema(): NpcSchema {
    return npcSchema();
  }

  override prepareDerivedData(): void {
    this.derived = derive(this, this.npcType as NpcType);
    exposeBarMaxima(this, this.derived);
  }

  /** A new NPC type brings its own wound track, unless the same change sets one. */
  protected override async _preUpdate(...[changes, options, user]: Parameters<foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation>["_preUpdate"]>) {
    const system = changes.system as { npcType?: NpcType; wounds?: { track?: number[] } } | undefined;
    if (system?.npcType && system.npcType !== this.npcType && !system.wounds?.track) {
      foundry.utils.setProperty(changes, "system.wounds.track", [...ACTOR_TYPES[system.npcType].woundTrack.drops]);
    }
    return super._preUpdate(changes, options, user);
  }
}
