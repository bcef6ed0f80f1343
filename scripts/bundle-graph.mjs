/**
 * The module graph of the built system in dist/: which files fray.mjs imports, statically (they
 * load with it) or through `import()` (chunks fetched later), and what a world of each ruleset
 * downloads. The build checks the graph is complete; `npm run bench` weighs it.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";

const STATIC = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** A file of dist/ and the relative imports in its text, as paths under dist/ with forward slashes. */
export function importsOf(dist, file) {
  const text = readFileSync(join(dist, file), "utf8");
  const resolveFrom = (spec) => relative(dist, normalize(join(dist, dirname(file), spec))).split(sep).join("/");
  const dynamic = [...text.matchAll(DYNAMIC)].map((m) => resolveFrom(m[1]));
  const without = text.replace(DYNAMIC, "");
  const statics = [...without.matchAll(STATIC)].map((m) => resolveFrom(m[1]));
  return { static: [...new Set(statics)], dynamic: [...new Set(dynamic)] };
}

/** Every file loaded with `start`: it and its static imports, transitively. */
export function staticClosure(dist, start) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (existsSync(join(dist, file))) for (const next of importsOf(dist, file).static) visit(next);
  };
  visit(start);
  return seen;
}

/** Every file reachable from `entry` by any import, and the imports that name a missing file. */
export function moduleGraph(dist, entry) {
  const files = new Set();
  const missing = [];
  const visit = (file, from) => {
    if (files.has(file)) return;
    if (!existsSync(join(dist, file))) {
      missing.push(`${file} (imported by ${from})`);
      return;
    }
    files.add(file);
    const { static: statics, dynamic } = importsOf(dist, file);
    for (const next of [...statics, ...dynamic]) visit(next, file);
  };
  visit(entry, "system.json");
  return { files: [...files].sort(), missing };
}

/** The ruleset whose Foundry entry (src/foundry/rulesets/<id>/index.ts) a chunk's source map lists, if any. */
export function rulesetOfChunk(dist, file) {
  const mapPath = join(dist, `${file}.map`);
  if (!existsSync(mapPath)) return undefined;
  const sources = JSON.parse(readFileSync(mapPath, "utf8")).sources ?? [];
  const match = sources.map((source) => /src\/foundry\/rulesets\/([^/]+)\/index\.ts$/.exec(source)).find(Boolean);
  return match?.[1];
}

/** Gzipped bytes of one file, at zlib's default level (what an on-the-fly compressing server sends). */
export const gzipped = (dist, file) => gzipSync(readFileSync(join(dist, file))).length;

/**
 * What a world downloads, gzipped: the entry with its static imports and the CSS; and per ruleset
 * that plus its chunk and the chunk's static imports. While the bundle is one file, every ruleset
 * downloads all of it, and the report says so.
 */
export function bundleWeights(dist, entry, styles, rulesetIds) {
  const sum = (files) => [...files].reduce((total, file) => total + gzipped(dist, file), 0);
  const base = staticClosure(dist, entry);
  const css = sum(styles);
  const { files } = moduleGraph(dist, entry);
  const chunks = new Map(files.filter((file) => !base.has(file)).map((file) => [rulesetOfChunk(dist, file), file]).filter(([id]) => id));
  const perRuleset = rulesetIds.map((id) => {
    const chunk = chunks.get(id);
    const downloaded = new Set([...base, ...(chunk ? staticClosure(dist, chunk) : [])]);
    return { ruleset: id, chunk: chunk ?? null, files: [...downloaded].sort(), bytes: sum(downloaded) + css };
  });
  return { entry: { files: [...base].sort(), bytes: sum(base) + css, css }, perRuleset, all: { files, bytes: sum(files) + css } };
}
