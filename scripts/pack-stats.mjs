/**
 * The `_stats` every compendium source carries, so that Foundry v13 takes the pack as already current.
 *
 * v13's server migrates a pack record when it has no `_stats`, or when its `_stats.coreVersion` is older
 * than the document's `schemaVersion` (13.341 for every document of build 350): `ServerDocumentMixin
 * ._migrateRecord` in dist/database/backend/server-document.mjs, which also adds `_stats` to an embedded
 * record that lacks it. A record stamped with 13.341 is neither migrated nor refused by a later 13 build.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The oldest core version whose records v13 (build 350) does not migrate again. */
export const PACK_CORE_VERSION = "13.341";

/** Embedded collections whose documents have `_stats` of their own in v13 (a Region has none; its behaviours do). */
const EMBEDDED_WITH_STATS = ["items", "effects", "pages", "results", "behaviors"];
/** Embedded collections without `_stats` whose own embedded documents may have it. */
const EMBEDDED_WITHOUT_STATS = ["regions"];

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "..", "system.json"), "utf8"));

/** The `_stats` of a pack record, as v13's `DocumentStatsField` lists its fields. */
export function packStats() {
  return {
    coreVersion: PACK_CORE_VERSION,
    systemId: manifest.id,
    systemVersion: manifest.version,
    createdTime: null,
    modifiedTime: null,
    lastModifiedBy: null,
    compendiumSource: null,
    duplicateSource: null,
    exportSource: null,
  };
}

/** The document with `_stats` on it and on every embedded document that has them in v13 (in place; returned). */
export function withPackStats(doc) {
  doc._stats = packStats();
  stampEmbedded(doc);
  return doc;
}

function stampEmbedded(doc) {
  for (const key of EMBEDDED_WITH_STATS) for (const child of Array.isArray(doc[key]) ? doc[key] : []) withPackStats(child);
  for (const key of EMBEDDED_WITHOUT_STATS) for (const child of Array.isArray(doc[key]) ? doc[key] : []) stampEmbedded(child);
}
