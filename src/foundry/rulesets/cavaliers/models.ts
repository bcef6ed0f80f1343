import { dieSize, integer, text } from "../../data/fields.js";

const fields = foundry.data.fields;

export const ATTRIBUTE_DICE = [6, 8, 10] as const;
export const COMPETENCY_DICE = [0, 6, 8, 10, 12] as const;
export const ADVANTAGE_DICE = [0, 6, 8, 10, 12] as const;
export const NPC_TYPES = ["rabble", "stock", "minor", "major"] as const;
export type NpcType = (typeof NPC_TYPES)[number];

/** Wound tracks (Drop per Wound before Dying) by kind of character, from RULINGS.md. */
export const WOUND_TRACKS: Record<NpcType | "pc", number[]> = {
  pc: [1, 2, 4],
  minor: [1, 2, 4],
  major: [0, 1, 2, 4],
  stock: [1],
  rabble: [],
};

function cavaliersSchema(woundTrack: readonly number[]) {
  return {
    attributes: new fields.SchemaField({
      verve: dieSize(6, ATTRIBUTE_DICE),
      affinity: dieSize(6, ATTRIBUTE_DICE),
      guile: dieSize(6, ATTRIBUTE_DICE),
    }),
    competency: dieSize(6, COMPETENCY_DICE),
    yield: new fields.SchemaField({ value: integer(0, 0) }),
    wounds: new fields.SchemaField({
      value: integer(0, 0, 10),
      track: new fields.ArrayField(integer(0, 0, 10), { initial: [...woundTrack] }),
    }),
    advantage: dieSize(0, ADVANTAGE_DICE),
    style: integer(0, 0, 3),
    initiativePoints: integer(0, 0),
    area: text(),
  };
}

type CavaliersSchema = ReturnType<typeof cavaliersSchema>;
const npcSchema = () => ({
  ...cavaliersSchema(WOUND_TRACKS.stock),
  npcType: new fields.StringField({ required: true, nullable: false, initial: "stock", choices: [...NPC_TYPES] }),
});
type NpcSchema = ReturnType<typeof npcSchema>;

/** What the sheet shows but never stores: limits and penalties that follow from the tracks. */
export interface CavaliersDerived {
  yieldLimit: number;
  woundLimit: number;
  woundDrop: number;
  dying: boolean;
}

function derive(system: { competency: number; wounds: { value: number; track: number[] } }, baseLimit: number): CavaliersDerived {
  const woundLimit = system.wounds.track.length + 1;
  const wounds = system.wounds.value;
  return {
    yieldLimit: Math.max(0, baseLimit - wounds),
    woundLimit,
    woundDrop: wounds === 0 ? 0 : (system.wounds.track[Math.min(wounds, system.wounds.track.length) - 1] ?? 0),
    dying: wounds >= woundLimit,
  };
}

export class CavaliersCharacterModel extends foundry.abstract.TypeDataModel<CavaliersSchema, Actor.Implementation> {
  derived!: CavaliersDerived;

  static override defineSchema(): CavaliersSchema {
    return cavaliersSchema(WOUND_TRACKS.pc);
  }

  override prepareDerivedData(): void {
    this.derived = derive(this, 3 + this.competency);
  }
}

/** The base Yield Limit of each NPC type, before Wounds lower it. */
export function npcYieldBase(npcType: NpcType, competency: number): number {
  switch (npcType) {
    case "rabble":
      return 3;
    case "stock":
      return 3 + Math.floor(competency / 2);
    case "minor":
      return 3 + competency;
    case "major":
      return 6 + competency;
  }
}

export class CavaliersNpcModel extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation> {
  derived!: CavaliersDerived;

  static override defineSchema(): NpcSchema {
    return npcSchema();
  }

  override prepareDerivedData(): void {
    this.derived = derive(this, npcYieldBase(this.npcType as NpcType, this.competency));
  }
}
