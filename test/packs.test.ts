import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, describe, expect, it } from "vitest";
import { PACK_CORE_VERSION } from "../scripts/pack-stats.mjs";

/**
 * The compendium sources under packs/ round-trip through the official Foundry CLI: every source file
 * compiles into the LevelDB pack and extracts back as the same document. The CLI silently skips a file
 * without `_key`, so every file must carry `_id` and a `_key` that matches its place in the hierarchy.
 */
interface PackEntry {
  name: string;
  path: string;
  type: string;
}
type Doc = Record<string, unknown> & { _id?: unknown; _key?: unknown; name?: unknown; type?: unknown; system?: unknown };

const manifest = JSON.parse(readFileSync("system.json", "utf8")) as { packs?: PackEntry[]; documentTypes?: Record<string, Record<string, unknown>> };
const packs = manifest.packs ?? [];
const sourceFolders = existsSync("packs") ? readdirSync("packs", { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];

/** The collection a pack's primary documents live in, as the CLI keys them. */
const COLLECTION: Record<string, string> = {
  Actor: "actors",
  Adventure: "adventures",
  Cards: "cards",
  Item: "items",
  JournalEntry: "journal",
  Macro: "macros",
  Playlist: "playlists",
  RollTable: "tables",
  Scene: "scenes",
};
/** Embedded collections the CLI stores under their own keys (the part of its hierarchy Fray may use). */
const EMBEDDED: Record<string, string[]> = {
  actors: ["items", "effects"],
  items: ["effects"],
  cards: ["cards"],
  journal: ["pages", "categories"],
  playlists: ["sounds"],
  tables: ["results"],
  scenes: ["regions"],
  regions: ["behaviors"],
};

function sourceFiles(pack: string): { file: string; doc: Doc }[] {
  const dir = join("packs", pack);
  return readdirSync(dir, { withFileTypes: true }).map((entry) => {
    if (!entry.isFile() || !entry.name.endsWith(".json")) {
      throw new Error(`packs/${pack}/${entry.name}: only .json documents belong here (the CLI ignores anything else, including subfolders)`);
    }
    return { file: `packs/${pack}/${entry.name}`, doc: JSON.parse(readFileSync(join(dir, entry.name), "utf8")) as Doc };
  });
}

/** Every problem with the `_id`/`_key` of a document and its embedded documents, as readable lines. */
function keyProblems(doc: Doc, collection: string, where: string, parentIds: string[] = [], parents: string[] = []): string[] {
  const problems: string[] = [];
  const id = doc._id;
  if (typeof id !== "string" || !/^[A-Za-z0-9]{16}$/.test(id)) problems.push(`${where}: "_id" must be 16 letters or digits, got ${JSON.stringify(id)}`);
  const sublevel = [...parents, collection].join(".");
  const expected = `!${sublevel}!${[...parentIds, String(id)].join(".")}`;
  if (typeof doc._key !== "string") problems.push(`${where}: missing "_key" (expected "${expected}"); the Foundry CLI silently skips such a file`);
  else if (doc._key !== expected) problems.push(`${where}: "_key" is ${JSON.stringify(doc._key)}, expected "${expected}"`);
  for (const child of EMBEDDED[collection] ?? []) {
    const list = doc[child];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`${where}: "${child}" must be an array`);
      continue;
    }
    list.forEach((embedded: Doc, index) => {
      problems.push(...keyProblems(embedded, child, `${where} ${child}[${index}]`, [...parentIds, String(id)], [...parents, collection]));
    });
  }
  return problems;
}

/**
 * The fields of each kind of document Fray's packs hold, as v13 (build 350) defines them in
 * `defineSchema` (common/documents/actor.mjs, item.mjs, active-effect.mjs, scene.mjs, region.mjs,
 * region-behavior.mjs); `_key` is the Foundry CLI's. A field v13 does not know (a later version's, say)
 * is dropped by v13 when it loads the pack, so a source holding one says what the world never gets.
 */
const V13_FIELDS: Record<string, string[]> = {
  actors: ["_id", "name", "img", "type", "system", "prototypeToken", "items", "effects", "folder", "sort", "ownership", "flags", "_stats"],
  items: ["_id", "name", "type", "img", "system", "effects", "folder", "sort", "ownership", "flags", "_stats"],
  effects: ["_id", "name", "img", "type", "system", "changes", "disabled", "duration", "description", "origin", "tint", "transfer", "statuses", "sort", "flags", "_stats"],
  scenes: ["_id", "name", "active", "navigation", "navOrder", "navName", "background", "foreground", "foregroundElevation", "thumb", "width", "height", "padding", "initial", "backgroundColor", "grid", "tokenVision", "fog", "environment", "drawings", "tokens", "lights", "notes", "sounds", "regions", "templates", "tiles", "walls", "playlist", "playlistSound", "journal", "journalEntryPage", "weather", "folder", "sort", "ownership", "flags", "_stats"],
  regions: ["_id", "name", "color", "shapes", "elevation", "behaviors", "visibility", "locked", "flags"],
  behaviors: ["_id", "name", "type", "system", "disabled", "flags", "_stats"],
};
/** The kinds whose v13 schema has `_stats` (a Region has none: its records take the Scene's). */
const HAS_STATS = new Set(["actors", "items", "effects", "scenes", "behaviors"]);

/** Every field v13 would not keep, and every record v13's server would migrate again, as readable lines. */
function v13Problems(doc: Doc, collection: string, where: string): string[] {
  const problems: string[] = [];
  const known = V13_FIELDS[collection];
  if (!known) return [`${where}: Fray's packs hold no ${collection}`];
  for (const field of Object.keys(doc)) if (field !== "_key" && !known.includes(field)) problems.push(`${where}: "${field}" is not a v13 field`);
  if (HAS_STATS.has(collection)) {
    // ServerDocumentMixin._migrateRecord (v13 dist/database/backend/server-document.mjs) migrates a record with no _stats or an older coreVersion.
    const stats = doc._stats as { coreVersion?: unknown; systemId?: unknown } | undefined;
    if (stats?.coreVersion !== PACK_CORE_VERSION) problems.push(`${where}: _stats.coreVersion is ${JSON.stringify(stats?.coreVersion)}, expected "${PACK_CORE_VERSION}"`);
    if (stats?.systemId !== "fray") problems.push(`${where}: _stats.systemId is ${JSON.stringify(stats?.systemId)}`);
  }
  for (const child of EMBEDDED[collection] ?? []) {
    const list = doc[child];
    if (Array.isArray(list)) list.forEach((embedded: Doc, index) => problems.push(...v13Problems(embedded, child, `${where} ${child}[${index}]`)));
  }
  return problems;
}

describe("packs/ and system.json agree", () => {
  it("every system.json pack has a source folder packs/<name> and path packs/<name>", () => {
    // The rules pack is made from docs/rules at build time (test/rules-pack.test.ts).
    for (const pack of packs.filter((p) => p.name !== "rules")) {
      expect(sourceFolders, `system.json pack "${pack.name}" has no packs/${pack.name}/ folder`).toContain(pack.name);
      expect(pack.path, `system.json pack "${pack.name}"`).toBe(`packs/${pack.name}`);
    }
  });

  it("every source folder under packs/ is declared in system.json", () => {
    for (const folder of sourceFolders) {
      expect(packs.map((p) => p.name), `packs/${folder}/ is not declared in system.json packs`).toContain(folder);
    }
  });
});

describe("the Nightclub, as v13 loads it", () => {
  // A later Foundry's Scene has `levels`; v13's (common/documents/scene.mjs) has none and drops it on
  // load, so a source holding the field (even empty, as the CLI 3.x writes it) says what v13 never keeps.
  it("holds no `levels`, and every field it holds is a v13 Scene's", () => {
    const nightclub = JSON.parse(readFileSync("packs/unhex-scenes/the-nightclub.json", "utf8")) as Doc;
    expect(Object.hasOwn(nightclub, "levels")).toBe(false);
    expect(v13Problems(nightclub, "scenes", "the-nightclub.json")).toEqual([]);
  });
});

const work = mkdtempSync(join(tmpdir(), "fray-packs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(packs.filter((pack) => sourceFolders.includes(pack.name)).map((pack) => [pack.name, pack] as const))("pack %s", (name, pack) => {
  const collection = COLLECTION[pack.type];

  it("has a document type the CLI knows", () => {
    expect(collection, `pack type ${pack.type}`).toBeDefined();
  });

  it("every source file has _id and a _key matching its place (a file without _key would be dropped)", () => {
    const problems = sourceFiles(name).flatMap(({ file, doc }) => keyProblems(doc, collection as string, file));
    expect(problems).toEqual([]);
  });

  it("every document holds only v13's fields and carries _stats, so v13 neither drops a field nor migrates the pack again", () => {
    const problems = sourceFiles(name).flatMap(({ file, doc }) => v13Problems(doc, collection as string, file));
    expect(problems).toEqual([]);
  });

  it("every document's type is declared in system.json documentTypes", () => {
    const declared = Object.keys(manifest.documentTypes?.[pack.type] ?? {});
    for (const { file, doc } of sourceFiles(name)) {
      if (typeof doc._key === "string" && doc._key.startsWith("!folders!")) continue;
      if (doc.type === undefined) continue;
      expect(declared, `${file}: type ${JSON.stringify(doc.type)}`).toContain(doc.type);
    }
  });

  // v13 makes every token unlinked unless its prototype says otherwise (common/documents/token.mjs):
  // a player character's tokens are linked, so her sheet takes her wounds; an NPC's are unlinked and
  // numbered, so three bandits dragged from the pack are three fighters, "Bandit (1)" to "(3)".
  it("every actor says how its tokens are linked: a character's linked, an NPC's unlinked and numbered", () => {
    for (const { file, doc } of sourceFiles(name)) {
      if (pack.type !== "Actor" || typeof doc.type !== "string") continue;
      const token = doc.prototypeToken as { actorLink?: unknown; appendNumber?: unknown } | undefined;
      if (doc.type.endsWith("Character")) expect(token?.actorLink, file).toBe(true);
      else expect([token?.actorLink, token?.appendNumber], file).toEqual([false, true]);
    }
  });

  it("compiles with the Foundry CLI and extracts back to the same documents", async () => {
    const sources = sourceFiles(name);
    const compiled = join(work, "compiled", name);
    const extracted = join(work, "extracted", name);
    await compilePack(join("packs", name), compiled);
    await extractPack(compiled, extracted);
    const back = new Map<string, Doc>();
    for (const file of readdirSync(extracted)) {
      const doc = JSON.parse(readFileSync(join(extracted, file), "utf8")) as Doc;
      // The CLI (3.x) knows a later Scene's `levels` and gives every scene it extracts an empty list; v13's
      // server expands a scene by its own hierarchy and drops the field (common/documents/scene.mjs has none).
      if (pack.type === "Scene" && Array.isArray(doc.levels) && doc.levels.length === 0) delete doc.levels;
      back.set(String(doc._id), doc);
    }
    expect([...back.keys()].sort(), "ids in the compiled pack").toEqual(sources.map(({ doc }) => String(doc._id)).sort());
    for (const { file, doc } of sources) {
      const copy = back.get(String(doc._id)) as Doc;
      expect({ name: copy.name, type: copy.type, system: copy.system }, file).toEqual({ name: doc.name, type: doc.type, system: doc.system });
      expect(copy, `${file}: the whole document`).toEqual(doc);
    }
  });
});
