/**
 * Every field of every Fray data model has a label in lang/en.json under one of the model's
 * LOCALIZATION_PREFIXES (`<prefix>.FIELDS.<path>.label`), which Foundry v13 applies to the schema at
 * i18nInit (Localization#localizeDataModel), so forms and validation messages name fields in words.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../playground/foundry/node.js";
import { bootWorld } from "./world.js";

const lang = JSON.parse(readFileSync(join(REPO_ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>;
const at = (path: string): unknown => path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), lang);

interface FieldLike {
  fields?: Record<string, FieldLike>;
  element?: FieldLike;
}
/** Every field path as Foundry's DataField#fieldPath names it (array elements are "element"). */
function paths(field: FieldLike, prefix = ""): string[] {
  const out: string[] = [];
  for (const [name, inner] of Object.entries(field.fields ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.push(path, ...paths(inner, path));
    if (inner.element) out.push(`${path}.element`, ...paths(inner.element, `${path}.element`));
  }
  return out;
}

const { harness } = bootWorld("cavaliers", { dom: false });

describe("LOCALIZATION_PREFIXES", () => {
  it("every actor and item model has prefixes, and each of its fields a label there", () => {
    const missing: string[] = [];
    const models = { ...harness.CONFIG.Actor.dataModels, ...harness.CONFIG.Item.dataModels } as Record<string, { LOCALIZATION_PREFIXES?: string[]; schema: FieldLike }>;
    // Every actor and item type system.json declares has a model here.
    const declared = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as { documentTypes: { Actor: object; Item: object } };
    expect(Object.keys(models).sort()).toEqual([...Object.keys(declared.documentTypes.Actor), ...Object.keys(declared.documentTypes.Item)].sort());
    for (const [type, model] of Object.entries(models)) {
      const prefixes = model.LOCALIZATION_PREFIXES ?? [];
      expect(prefixes.length, type).toBeGreaterThan(0);
      for (const path of paths(model.schema)) {
        if (!prefixes.some((prefix) => typeof at(`${prefix}.FIELDS.${path}.label`) === "string")) missing.push(`${type}: ${prefixes[0]}.FIELDS.${path}.label`);
      }
    }
    expect(missing).toEqual([]);
  });
});
