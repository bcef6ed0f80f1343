import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ACTOR_TYPES,
  ADVANTAGE_STEPS,
  AIMED_WEAPONS,
  COMBINED_ACTIONS,
  INITIATIVE_COSTS,
  SUCCESS_TABLES,
  type ActorType,
} from "../src/rules/cavaliers/tables.js";
import { successEntryFromData, type SuccessEntryData } from "../src/rules/cavaliers/entryData.js";

/**
 * The Cavaliers compendium sources (packs/cavaliers-*) read as plain JSON: their success tables,
 * range drops and wound tracks must equal the rules layer's tables, and their system data must fit
 * the Foundry data models' fields (src/foundry/rulesets/cavaliers/items.ts and models.ts, which need
 * Foundry to load, so their choice lists are read from the source text and the bounds restated here).
 */
type Doc = Record<string, unknown> & { _id: string; _key: string; name: string; type: string; system: Record<string, unknown>; items?: Doc[] };

function readPack(pack: string): { file: string; doc: Doc }[] {
  const dir = join("packs", pack);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ file: `packs/${pack}/${name}`, doc: JSON.parse(readFileSync(join(dir, name), "utf8")) as Doc }));
}

const specialties = readPack("cavaliers-specialties");
const gear = readPack("cavaliers-gear");
const npcs = readPack("cavaliers-npcs");
const embedded = npcs.flatMap(({ file, doc }) => (doc.items ?? []).map((item) => ({ file: `${file} items/${item.name}`, doc: item })));
const allItems = [...specialties, ...gear, ...embedded];

/** A `const NAME = [ ... ] as const` list from a source file, so the checks follow the models. */
function sourceList(path: string, name: string): (string | number)[] {
  const text = readFileSync(path, "utf8");
  const match = new RegExp(`export const ${name} = \\[([^\\]]*)\\]`).exec(text);
  if (!match?.[1]) throw new Error(`${name} not found in ${path}`);
  return match[1]
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/^"|"$/g, "")));
}

const ITEMS_TS = "src/foundry/rulesets/cavaliers/items.ts";
const MODELS_TS = "src/foundry/rulesets/cavaliers/models.ts";
const EFFECT_KINDS = sourceList(ITEMS_TS, "EFFECT_KINDS");
const SPECIALTY_ATTRIBUTES = sourceList(ITEMS_TS, "SPECIALTY_ATTRIBUTES");
const ATTRIBUTE_DICE = sourceList(MODELS_TS, "ATTRIBUTE_DICE");
const COMPETENCY_DICE = sourceList(MODELS_TS, "COMPETENCY_DICE");
const NPC_TYPES = sourceList(MODELS_TS, "NPC_TYPES");

/** The success table each specialty action reads; initiative has none (its SP become Initiative Points). */
const TABLE_OF_ACTION: Record<string, string | null> = {
  lunge: "lunge",
  feint: "feint",
  riposte: "riposte",
  aim: "aim",
  brawl: "brawl",
  parry: "parry",
  block: "block",
  dodge: "dodge",
  initiative: null,
  skill: "non-combat",
};

// ---- field checks (d) ----

type Check = (value: unknown, where: string) => string[];
const int =
  (min: number, max: number): Check =>
  (v, where) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? [] : [`${where}: ${JSON.stringify(v)} is not an integer in ${min}..${max}`];
const nullableInt =
  (min: number, max: number): Check =>
  (v, where) =>
    v === null ? [] : int(min, max)(v, where);
const oneOf =
  (choices: readonly unknown[]): Check =>
  (v, where) =>
    choices.includes(v) ? [] : [`${where}: ${JSON.stringify(v)} is not one of ${JSON.stringify(choices)}`];
const str: Check = (v, where) => (typeof v === "string" ? [] : [`${where}: ${JSON.stringify(v)} is not a string`]);
const bool: Check = (v, where) => (typeof v === "boolean" ? [] : [`${where}: ${JSON.stringify(v)} is not a boolean`]);
const schema =
  (fields: Record<string, Check>): Check =>
  (v, where) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return [`${where}: not an object`];
    const record = v as Record<string, unknown>;
    const extra = Object.keys(record).filter((key) => !(key in fields));
    return [...extra.map((key) => `${where}.${key}: not a field of the model`), ...Object.entries(fields).flatMap(([key, check]) => (key in record ? check(record[key], `${where}.${key}`) : [`${where}.${key}: missing`]))];
  };
const array =
  (each: Check): Check =>
  (v, where) =>
    Array.isArray(v) ? v.flatMap((item, i) => each(item, `${where}[${i}]`)) : [`${where}: not an array`];

const SYSTEM_SCHEMAS: Record<string, Check> = {
  cavaliersSpecialty: schema({
    skill: str,
    attribute: oneOf(SPECIALTY_ATTRIBUTES),
    ranks: int(0, 6),
    action: str,
    table: array(
      schema({
        id: str,
        name: str,
        cost: int(1, 20),
        repeatable: bool,
        effect: oneOf(EFFECT_KINDS),
        amount: int(0, 20),
        status: str,
        on: oneOf(["self", "opponent"]),
        condition: str,
      }),
    ),
    description: str,
  }),
  cavaliersWeapon: schema({
    itemDie: oneOf(COMPETENCY_DICE),
    specialty: str,
    melee: bool,
    rangeDrops: schema({ close: nullableInt(0, 4), short: nullableInt(0, 4), medium: nullableInt(0, 4), long: nullableInt(0, 4) }),
    reloadDrop: int(0, 5),
    description: str,
  }),
  cavaliersArmour: schema({ itemDie: oneOf(COMPETENCY_DICE), kind: oneOf(["armour", "shield"]), description: str }),
  cavaliersNpc: schema({
    attributes: schema({ verve: oneOf(ATTRIBUTE_DICE), affinity: oneOf(ATTRIBUTE_DICE), guile: oneOf(ATTRIBUTE_DICE) }),
    competency: oneOf(COMPETENCY_DICE),
    yield: schema({ value: int(0, 99) }),
    wounds: schema({ value: int(0, 10), track: array(int(0, 10)) }),
    advantage: oneOf([...ADVANTAGE_STEPS]),
    style: int(0, 6),
    initiativePoints: int(0, 99),
    area: str,
    notes: str,
    npcType: oneOf(NPC_TYPES),
  }),
};

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

describe("cavaliers packs: the model lists read from the source", () => {
  it("found the choice lists", () => {
    expect(EFFECT_KINDS).toContain("inflict-yield");
    expect(SPECIALTY_ATTRIBUTES).toEqual(["verve", "affinity", "guile"]);
    expect(COMPETENCY_DICE).toContain(0);
    expect(NPC_TYPES).toEqual(["rabble", "stock", "minor", "major"]);
  });
});

describe("cavaliers-specialties", () => {
  it("has the expected specialties", () => {
    expect(specialties.map(({ doc }) => doc.name).sort()).toEqual(
      ["Aim", "Block", "Brawl", "Dodge", "Feint", "Impulse", "Lunge", "Non-combat Skill in Combat", "Parry", "Riposte", "Timing", "Vigilance"].sort(),
    );
    for (const { file, doc } of specialties) expect(doc.type, file).toBe("cavaliersSpecialty");
  });

  it("(a) every specialty's table equals the rules' success table for its action, entry for entry", () => {
    for (const { file, doc } of allItems.filter(({ doc }) => doc.type === "cavaliersSpecialty")) {
      const action = doc.system.action as string;
      expect(Object.keys(TABLE_OF_ACTION), `${file}: action`).toContain(action);
      const tableId = TABLE_OF_ACTION[action];
      const table = (doc.system.table as SuccessEntryData[]).map(successEntryFromData);
      if (tableId === null) expect(table, `${file}: an initiative specialty has no table`).toEqual([]);
      else if (tableId === undefined) throw new Error(`${file}: unknown action ${action}`);
      else expect(table, file).toEqual(SUCCESS_TABLES[tableId]?.entries);
    }
  });

  it("every combat success table has a specialty carrying it, and the initiative ones name their IP costs", () => {
    const carried = specialties.map(({ doc }) => TABLE_OF_ACTION[doc.system.action as string]);
    for (const id of Object.keys(SUCCESS_TABLES).filter((id) => id !== "survival")) expect(carried, `table ${id}`).toContain(id);
    const initiative = specialties.filter(({ doc }) => doc.system.action === "initiative").map(({ doc }) => slug(doc.name));
    expect(initiative.sort()).toEqual(Object.keys(INITIATIVE_COSTS).sort());
  });

  it("attributes follow the source's skill table (verve / affinity / guile per skill)", () => {
    const expected: Record<string, string> = { lunge: "verve", riposte: "affinity", feint: "guile", brawl: "verve", aim: "affinity", parry: "verve", block: "affinity", dodge: "guile", impulse: "verve", vigilance: "affinity", timing: "guile" };
    for (const { file, doc } of specialties) {
      const want = expected[slug(doc.name)];
      if (want) expect(doc.system.attribute, file).toBe(want);
    }
  });
});

describe("cavaliers-gear", () => {
  const weapons = gear.filter(({ doc }) => doc.type === "cavaliersWeapon");
  const aimed = weapons.filter(({ doc }) => doc.system.melee === false);

  it("(b) every aimed weapon's range drops equal AIMED_WEAPONS, and every aimed weapon is there", () => {
    expect(aimed.map(({ doc }) => slug(doc.name)).sort()).toEqual(Object.keys(AIMED_WEAPONS).sort());
    for (const { file, doc } of [...aimed, ...embedded.filter(({ doc }) => doc.type === "cavaliersWeapon" && doc.system.melee === false)]) {
      expect(doc.system.rangeDrops, file).toEqual(AIMED_WEAPONS[slug(doc.name)]);
      expect(doc.system.specialty, file).toBe("aim");
    }
  });

  it("reload Drops are the combined-action Drops (bow and thrown dagger need none)", () => {
    const reload: Record<string, number | undefined> = {
      "flintlock-pistol": COMBINED_ACTIONS["reload-pistol"],
      "flintlock-musket": COMBINED_ACTIONS["reload-musket"],
      crossbow: COMBINED_ACTIONS["reload-crossbow"],
      "hunting-bow": 0,
      "thrown-dagger": 0,
    };
    for (const { file, doc } of aimed) expect(doc.system.reloadDrop, file).toBe(reload[slug(doc.name)]);
  });

  it("melee weapons reach every band without Drop and need no reload", () => {
    for (const { file, doc } of weapons.filter(({ doc }) => doc.system.melee === true)) {
      expect(doc.system.rangeDrops, file).toEqual({ close: 0, short: 0, medium: 0, long: 0 });
      expect(doc.system.reloadDrop, file).toBe(0);
      expect(["lunge", "feint", "brawl"], file).toContain(doc.system.specialty);
    }
  });

  it("has armour and shields", () => {
    const kinds = gear.filter(({ doc }) => doc.type === "cavaliersArmour").map(({ doc }) => doc.system.kind);
    expect(kinds).toContain("armour");
    expect(kinds).toContain("shield");
  });
});

describe("cavaliers-npcs", () => {
  it("has one NPC of each type", () => {
    expect(npcs.map(({ doc }) => doc.system.npcType).sort()).toEqual([...NPC_TYPES].sort());
    for (const { file, doc } of npcs) expect(doc.type, file).toBe("cavaliersNpc");
  });

  it("(c) each NPC's wound track equals its type's, and starts fresh", () => {
    for (const { file, doc } of npcs) {
      const type = doc.system.npcType as ActorType;
      const wounds = doc.system.wounds as { value: number; track: number[] };
      expect(wounds.track, file).toEqual(ACTOR_TYPES[type].woundTrack.drops);
      expect(wounds.value, file).toBe(0);
      expect((doc.system.yield as { value: number }).value, file).toBe(0);
    }
  });

  it("each NPC carries a weapon and specialties with ranks, including one for each of its weapons", () => {
    for (const { file, doc } of npcs) {
      const items = doc.items ?? [];
      const weapons = items.filter((item) => item.type === "cavaliersWeapon");
      const actions = items.filter((item) => item.type === "cavaliersSpecialty").map((item) => item.system.action);
      expect(weapons.length, file).toBeGreaterThan(0);
      for (const weapon of weapons) expect(actions, `${file}: ${weapon.name}`).toContain(weapon.system.specialty);
      expect(actions, file).toContain("initiative");
      expect(items.some((item) => item.type === "cavaliersSpecialty" && (item.system.ranks as number) > 0), file).toBe(true);
    }
  });
});

describe("cavaliers packs: documents", () => {
  const documents = [...specialties, ...gear, ...npcs];

  it("(d) every document's system data fits its data model's fields", () => {
    const problems = [...documents, ...embedded].flatMap(({ file, doc }) => {
      const check = SYSTEM_SCHEMAS[doc.type];
      return check ? check(doc.system, `${file} system`) : [`${file}: unknown type ${doc.type}`];
    });
    expect(problems).toEqual([]);
  });

  it("(e) every _key matches its _id (embedded items under their actor), and ids are unique", () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    const checkId = (doc: Doc, expected: string, where: string) => {
      if (!/^[A-Za-z0-9]{16}$/.test(doc._id)) problems.push(`${where}: _id ${JSON.stringify(doc._id)} is not 16 letters or digits`);
      if (doc._key !== expected) problems.push(`${where}: _key ${JSON.stringify(doc._key)}, expected ${expected}`);
      if (ids.has(doc._id)) problems.push(`${where}: duplicate _id ${doc._id}`);
      ids.add(doc._id);
    };
    for (const { file, doc } of [...specialties, ...gear]) checkId(doc, `!items!${doc._id}`, file);
    for (const { file, doc } of npcs) {
      checkId(doc, `!actors!${doc._id}`, file);
      for (const item of doc.items ?? []) checkId(item, `!actors.items!${doc._id}.${item._id}`, `${file} items/${item.name}`);
    }
    expect(problems).toEqual([]);
  });

  it("every document has the common document fields", () => {
    for (const { file, doc } of [...documents, ...embedded]) {
      for (const key of ["name", "type", "img", "system", "effects", "folder", "sort", "flags"]) expect(doc, `${file}: ${key}`).toHaveProperty(key);
      expect(doc.effects, file).toEqual([]);
    }
  });
});
