import { HIT_LOCATIONS } from "../../rules/unhex/tables.js";

/** A document's `system` source before cleaning: whatever the database or an import held. */
export type SystemSource = Record<string, unknown>;

/** Reshapes one type's system source in place; returns whether it changed anything. */
export type SystemMigration = (system: SystemSource, schema: foundry.data.fields.SchemaField.Any) => boolean;

/**
 * One schema version: what it changes, per actor or item type ("*" for every Fray type). A step
 * must be idempotent: it runs on every load through the models' migrateData (old compendium data,
 * imports, worlds not yet migrated), and then once more when the world migration saves the result.
 */
export interface MigrationStep {
  version: number;
  summary: string;
  system: Record<string, SystemMigration>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A pool (a schema of exactly value and max) stored as one number becomes a full pool at that number. */
const poolsFromNumbers: SystemMigration = (system, schema) => {
  let changed = false;
  for (const [name, field] of Object.entries(schema.fields)) {
    const value = system[name];
    if (!(field instanceof foundry.data.fields.SchemaField)) continue;
    const keys = Object.keys(field.fields).sort().join(",");
    if (keys === "max,value" && typeof value === "number") {
      system[name] = { value, max: value };
      changed = true;
    } else if (isObject(value)) changed = poolsFromNumbers(value, field) || changed;
  }
  return changed;
};

const camelCase = (id: string) => id.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** Unhex wounds keyed by the rules' location ids ("left-arm") move to the stored keys ("leftArm"). */
const unhexWoundKeys: SystemMigration = (system) => {
  const wounds = system.wounds;
  if (!isObject(wounds)) return false;
  let changed = false;
  const ids = HIT_LOCATIONS.locations.map((location) => location.id as string);
  for (const key of Object.keys(wounds)) {
    const stored = camelCase(key);
    if (stored === key || !ids.includes(key) || stored in wounds) continue;
    wounds[stored] = wounds[key];
    delete wounds[key];
    changed = true;
  }
  return changed;
};

/** Unhex's "good at" was one line of text; it becomes the abilities' checkboxes, the text kept as the other rolls. */
const unhexGoodAbilities: SystemMigration = (system) => {
  if (typeof system.good !== "string") return false;
  system.good = { other: system.good };
  return true;
};

const looksLikeHtml = (text: string) => /^\s*<([a-z][a-z0-9]*)\b[^>]*>/i.test(text);
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A description kept as plain text (Personal Combat's lists before descriptions were HTML) becomes
 * HTML that reads the same: its characters escaped, each blank-line-separated block a paragraph, a
 * single line break kept. Text that already starts with a tag is left as it is.
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

const descriptionsToHtml: SystemMigration = (system, schema) => {
  if (!(schema.fields.description instanceof foundry.data.fields.HTMLField)) return false;
  const value = system.description;
  if (typeof value !== "string" || !value.trim() || looksLikeHtml(value)) return false;
  system.description = plainTextToHtml(value);
  return true;
};

/**
 * Every schema version after 0 (Fray 0.1.0, which stored none), oldest first. To change stored data:
 * add a step with the next version, its summary and a SystemMigration for each type it touches;
 * SCHEMA_VERSION follows. A value no step can place is not the step's business: what still does
 * not fit the schema afterwards is kept in flags.fray.unmigrated (see keep.ts).
 */
export const MIGRATION_STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    summary: "Pools stored as one number become {value, max}; Unhex wounds keyed by the rules' location ids use the stored keys.",
    system: { "*": poolsFromNumbers, unhexCharacter: unhexWoundKeys, unhexNpc: unhexWoundKeys },
  },
  {
    version: 2,
    summary: "Unhex: what a character is good at becomes one checkbox per combat roll, the old text kept as her other good rolls; weapons and shields become items (an old weapon kind or shield flag is kept in the unmigrated flags).",
    system: { unhexCharacter: unhexGoodAbilities, unhexNpc: unhexGoodAbilities },
  },
  {
    version: 3,
    summary: "Item descriptions are HTML: a description kept as plain text becomes paragraphs of the same words (every item type has one now, blank for items made before).",
    system: { "*": descriptionsToHtml },
  },
  {
    version: 4,
    summary: "Chat messages of the retired type cavaliersExchange (declared, never used) become plain messages with everything they held; the old type is noted in flags.fray.formerType (see messages.ts).",
    system: {},
  },
  {
    version: 5,
    summary: "Characters' prototype tokens are linked (Foundry leaves every token unlinked unless told), so a character's new tokens are her sheet; the GMs are offered a button that links the character tokens already on scenes (see links.ts).",
    system: {},
  },
];

/** The schema version this Fray writes. */
export const SCHEMA_VERSION = Math.max(0, ...MIGRATION_STEPS.map((step) => step.version));

/** Applies every step to one system source, in order; returns whether any changed it. */
export function migrateSystem(type: string, system: SystemSource, schema: foundry.data.fields.SchemaField.Any): boolean {
  let changed = false;
  for (const step of MIGRATION_STEPS) {
    for (const key of ["*", type]) {
      const migrate = step.system[key];
      if (migrate) changed = migrate(system, schema) || changed;
    }
  }
  return changed;
}
