import { fitCaps, type JointCap } from "../data/fields.js";
import { SYSTEM_ID } from "../system.js";
import { migrateSystem, SCHEMA_VERSION, type SystemSource } from "./steps.js";

/**
 * Why a stored value did not fit: a key the schema does not have, a value the field refuses (a
 * wrong type or choice, so Foundry would reset it), or one Foundry would change on load (a number
 * clamped to its bounds or rounded).
 */
export type KeptReason = "unknown" | "invalid" | "changed";

/** One value kept aside, as stored in `flags.fray.unmigrated`. */
export interface UnmigratedValue {
  /** Where it was, from the document's root: "system.style", "system.wounds.track.2". */
  path: string;
  value: unknown;
  reason: KeptReason;
  /** The schema version that could not place it. */
  schema: number;
}

type Field = foundry.data.fields.DataField.Any;
const { ArrayField, SchemaField } = foundry.data.fields;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
/** Foundry's special update keys ("-=key" deletes, "==key" replaces) are instructions, not data. */
const isSpecialKey = (key: string) => key.startsWith("-=") || key.startsWith("==");

/** A value Foundry casts without losing anything: "8" for 8, " x " for "x", "true" for true. */
function sameValue(stored: unknown, cleaned: unknown): boolean {
  if (Object.is(stored, cleaned)) return true;
  if (typeof stored === "string" && (typeof cleaned === "number" || typeof cleaned === "boolean" || typeof cleaned === "string")) return String(cleaned) === stored.trim();
  return false;
}

/**
 * Walks a source value against its field, taking out (and listing) what the field cannot hold as
 * it is. Returns the value to keep in the source, or undefined to leave the field to its initial value.
 */
function fit(field: Field, value: unknown, path: string, kept: UnmigratedValue[]): unknown {
  if (value === undefined || value === null) return value;
  const keep = (reason: KeptReason, what: unknown = value) => kept.push({ path, value: foundry.utils.deepClone(what), reason, schema: SCHEMA_VERSION });
  if (field instanceof SchemaField) {
    if (!isObject(value)) {
      keep("invalid");
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (isSpecialKey(key)) continue;
      const inner = field.fields[key] as Field | undefined;
      if (!inner) {
        kept.push({ path: `${path}.${key}`, value: foundry.utils.deepClone(value[key]), reason: "unknown", schema: SCHEMA_VERSION });
        delete value[key];
        continue;
      }
      const fitted = fit(inner, value[key], `${path}.${key}`, kept);
      if (fitted === undefined) delete value[key];
      else value[key] = fitted;
    }
    return value;
  }
  if (field instanceof ArrayField) {
    if (!Array.isArray(value)) {
      keep("invalid");
      return undefined;
    }
    const element = field.element as Field;
    return value.flatMap((entry, index) => {
      const fitted = fit(element, entry, `${path}.${index}`, kept);
      return fitted === undefined ? [] : [fitted];
    });
  }
  const cleaned = field.clean(foundry.utils.deepClone(value), {});
  if (field.validate(cleaned, {})) {
    keep("invalid");
    return undefined;
  }
  if (!sameValue(value, cleaned)) keep("changed");
  return cleaned;
}

/**
 * Brings one document's stored source up to the current schema before Foundry cleans it: the
 * migration steps first, then every value that still does not fit is moved to
 * `flags.fray.unmigrated` (added to what earlier loads kept there), so cleaning never drops or
 * silently changes a stored value. Returns what this call kept.
 */
export function keepUnmigratable(source: Record<string, unknown>, model: foundry.abstract.DataModel.AnyConstructor | undefined): UnmigratedValue[] {
  const type = source.type;
  if (!model || typeof type !== "string" || !isObject(source.system)) return [];
  const system = source.system as SystemSource;
  migrateSystem(type, system, model.schema);
  const kept: UnmigratedValue[] = [];
  fit(model.schema, system, "system", kept);
  // A value past its maximum (what validateJoint refuses, and a raw write the server kept anyway) would stop the document loading at all.
  const caps = (model as { JOINT_CAPS?: readonly JointCap[] }).JOINT_CAPS ?? [];
  for (const { path, value } of fitCaps(system, caps)) kept.push({ path: `system.${path}`, value, reason: "changed", schema: SCHEMA_VERSION });
  if (!kept.length) return kept;
  const flags = isObject(source.flags) ? source.flags : (source.flags = {});
  const scope = isObject(flags[SYSTEM_ID]) ? (flags[SYSTEM_ID] as Record<string, unknown>) : (flags[SYSTEM_ID] = {});
  // The flag is the owner's to write: whatever she put there stays, and only entries of the right shape are compared.
  const stored = scope.unmigrated;
  const earlier: unknown[] = Array.isArray(stored) ? stored : stored === undefined ? [] : [stored];
  const seen = new Set(earlier.filter(isEntry).map(entryKey));
  scope.unmigrated = [...earlier, ...kept.filter((entry) => !seen.has(entryKey(entry)))];
  return kept;
}

/** An entry Fray can read: an object with a string path (anything else in the flag is skipped, never trusted). */
function isEntry(entry: unknown): entry is UnmigratedValue {
  return isObject(entry) && typeof entry.path === "string";
}

function entryKey(entry: UnmigratedValue): string {
  return `${entry.path}\u0000${JSON.stringify(entry.value) ?? ""}`;
}

/** What a document holds in `flags.fray.unmigrated`: its entries of the right shape, each skipped entry left where it is. */
export function unmigratedOf(document: { flags: unknown }): UnmigratedValue[] {
  const flags = isObject(document.flags) ? document.flags : {};
  const scope = flags[SYSTEM_ID];
  const list = isObject(scope) ? scope.unmigrated : undefined;
  return Array.isArray(list) ? list.filter(isEntry) : [];
}
