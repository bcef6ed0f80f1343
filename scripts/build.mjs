#!/usr/bin/env node
/**
 * `npm run build`: turns the checkout into dist/, a complete Foundry system folder, plus its release
 * zip and the command line bundle.
 *
 * The vite build (vite.config.ts) makes the system folder's code and assets:
 *   dist/fray.mjs (+ .map)   library build of src/foundry/fray.ts, an ES module, and any chunk it imports
 *   dist/styles/fray.css     styles/fray.scss compiled with sass (scripts/vite/styles.ts)
 *   dist/system.json, dist/LICENSE, dist/lang/, dist/templates/   copied by rollup-plugin-copy
 *                            (scripts/vite/static-files.ts); a release build fills system.json's
 *                            release fields from FRAY_RELEASE_REPOSITORY and FRAY_RELEASE_TAG
 * This script does what no plugin does:
 *   dist/packs/<name>/       LevelDB packs compiled from packs/<name>/*.json with @foundryvtt/foundryvtt-cli
 *   dist/packs/rules/        the rules compendium, made from docs/rules/*.md (scripts/rules-pack.mjs), then compiled the same way
 *   bin/fray.mjs             the Node command line (src/cli/main.ts), one self-contained ES module
 *   dist/fray.zip            every file of dist/, system.json at the zip root (fflate)
 *   the checks: every input before anything is written, every path dist/system.json names after.
 *
 * Any missing input, or any path dist/system.json names that the build did not produce, fails the
 * build with a message saying which and why. Import { build } to run it from another script.
 */
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { existsSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tmpdir } from "node:os";
import { moduleGraph } from "./bundle-graph.mjs";
import { RULES_PACK, rulesPackSources } from "./rules-pack.mjs";
import { releaseFromEnv, releaseManifest, ReleaseError } from "./release-manifest.mjs";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DIST = join(ROOT, "dist");
export const CLI_OUT = join(ROOT, "bin", "fray.mjs");

export class BuildError extends Error {}

const fail = (message) => {
  throw new BuildError(message);
};

/** Every file under dir, as paths relative to dir with forward slashes, sorted. */
export async function walk(dir) {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join("/"))
    .sort();
}

async function readJson(path, what) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch {
    fail(`missing ${what}: ${relative(ROOT, path)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(`${relative(ROOT, path)} is not valid JSON: ${error.message}`);
  }
}

function requireFile(path, why) {
  if (!existsSync(path) || !statSync(path).isFile()) fail(`missing ${relative(ROOT, path)}: ${why}`);
}

/** Checks every input before anything is written, so a missing one never leaves a half-built dist/. */
async function checkInputs() {
  const manifest = await readJson(join(ROOT, "system.json"), "system manifest");
  requireFile(join(ROOT, "src/foundry/fray.ts"), "the Foundry entry point that becomes dist/fray.mjs");
  requireFile(join(ROOT, "src/cli/main.ts"), "the command line entry point that becomes bin/fray.mjs");
  requireFile(
    join(ROOT, "styles/fray.scss"),
    "the stylesheet that becomes dist/styles/fray.css (system.json styles). Add styles/fray.scss (it may @use partials under styles/)",
  );
  for (const language of manifest.languages ?? []) {
    requireFile(join(ROOT, language.path), `system.json languages names ${language.path}`);
  }
  for (const module of manifest.esmodules ?? []) {
    if (module !== "fray.mjs") fail(`system.json esmodules names ${module}; the build produces only fray.mjs`);
  }
  for (const style of manifest.styles ?? []) {
    const src = typeof style === "string" ? style : style?.src;
    if (src !== "styles/fray.css") fail(`system.json styles names ${src}; the build produces only styles/fray.css`);
  }
  requireFile(join(ROOT, "LICENSE"), "the licence that system.json names and the release ships");
  const release = releaseFromEnv();
  if (release) {
    try {
      releaseManifest(manifest, release);
    } catch (error) {
      if (error instanceof ReleaseError) fail(error.message);
      throw error;
    }
    const pkg = await readJson(join(ROOT, "package.json"), "package.json");
    if (pkg.version !== manifest.version) fail(`package.json says version ${pkg.version} but system.json says ${manifest.version}`);
  }
  const packs = manifest.packs ?? [];
  for (const pack of packs) {
    if (pack.path !== `packs/${pack.name}`) fail(`system.json pack "${pack.name}" has path ${pack.path}; expected packs/${pack.name}`);
    if (pack.name === RULES_PACK) {
      await checkRulesPack(pack);
      continue;
    }
    const source = join(ROOT, "packs", pack.name);
    if (!existsSync(source) || !statSync(source).isDirectory()) fail(`missing packs/${pack.name}/: the source folder of system.json pack "${pack.name}"`);
    for (const file of (await readdir(source, { withFileTypes: true })).filter((e) => e.isFile() && e.name.endsWith(".json"))) {
      const doc = await readJson(join(source, file.name), "pack document");
      // The CLI silently skips a file without _key; that would quietly drop a document from the release.
      if (typeof doc._id !== "string" || typeof doc._key !== "string") {
        fail(`packs/${pack.name}/${file.name} needs both "_id" and "_key" (e.g. "!items!<_id>"); the Foundry CLI skips it otherwise`);
      }
      // v13's server migrates a record without _stats again on every world that loads the pack (scripts/pack-stats.mjs).
      if (typeof doc._stats?.coreVersion !== "string") fail(`packs/${pack.name}/${file.name} needs "_stats" (run its scripts/packs/*.ts): v13 migrates a pack record without them`);
    }
  }
  const sourceFolders = existsSync(join(ROOT, "packs"))
    ? (await readdir(join(ROOT, "packs"), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name)
    : [];
  for (const folder of sourceFolders) {
    if (!packs.some((pack) => pack.name === folder)) fail(`packs/${folder}/ is not declared in system.json packs`);
  }
  return manifest;
}

/** The rules pack has no packs/ folder: docs/rules/*.md is its source, read and checked here before anything is written. */
async function checkRulesPack(pack) {
  if (pack.type !== "JournalEntry") fail(`system.json pack "${RULES_PACK}" has type ${pack.type}; the rules are JournalEntry pages`);
  if (existsSync(join(ROOT, "packs", RULES_PACK))) fail(`packs/${RULES_PACK}/ must not exist: the rules pack is made from docs/rules/*.md`);
  try {
    await rulesPackSources(join(ROOT, "docs", "rules"));
  } catch (error) {
    fail(`the rules pack: ${error.message}`);
  }
}

/** The pack's source folder: packs/<name>, or for the rules pack a temporary folder of JSON made from docs/rules. */
async function packSource(pack) {
  if (pack.name !== RULES_PACK) return { dir: join(ROOT, "packs", pack.name), done: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), "fray-rules-pack-"));
  for (const entry of await rulesPackSources(join(ROOT, "docs", "rules"))) {
    await writeFile(join(dir, `${entry.flags.fray.ruleset}.json`), `${JSON.stringify(entry, null, 2)}\n`);
  }
  return { dir, done: () => rm(dir, { recursive: true, force: true }) };
}

async function buildFoundryBundle(vite) {
  await vite.build({ root: ROOT, configFile: join(ROOT, "vite.config.ts"), logLevel: "warn" });
}

async function buildCli(vite) {
  await vite.build({
    root: ROOT,
    configFile: false,
    publicDir: false,
    logLevel: "warn",
    ssr: { noExternal: true, target: "node" },
    build: {
      ssr: join(ROOT, "src/cli/main.ts"),
      outDir: dirname(CLI_OUT),
      emptyOutDir: false,
      target: "node20",
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      // No timing hints: how long a plugin took depends on the machine's load, not on the code (see vite.config.ts).
      rolldownOptions: { checks: { bundlerTimings: false }, output: { format: "es", entryFileNames: "fray.mjs", codeSplitting: false } },
    },
  });
  const code = await readFile(CLI_OUT, "utf8");
  await writeFile(CLI_OUT, `#!/usr/bin/env node\n${code.replace(/^#!.*\n/, "")}`);
  await chmod(CLI_OUT, 0o755);
}

async function buildPacks(manifest) {
  const { compilePack } = await import("@foundryvtt/foundryvtt-cli");
  for (const pack of manifest.packs ?? []) {
    const source = await packSource(pack);
    try {
      await compilePack(source.dir, join(DIST, pack.path));
    } finally {
      await source.done();
    }
  }
}

async function zipDist() {
  const { zipSync } = await import("fflate");
  const files = {};
  for (const file of await walk(DIST)) {
    if (file === "fray.zip") continue;
    files[file] = new Uint8Array(await readFile(join(DIST, file)));
  }
  await writeFile(join(DIST, "fray.zip"), zipSync(files, { level: 9 }));
}

/** Every path dist/system.json names, and every file its modules import, must exist in dist/. */
export async function verifyDist() {
  const manifest = await readJson(join(DIST, "system.json"), "built manifest");
  const problems = [];
  const isFile = (path) => existsSync(join(DIST, path)) && statSync(join(DIST, path)).isFile();
  for (const module of manifest.esmodules ?? []) {
    if (!isFile(module)) problems.push(`esmodules: ${module}`);
    // A chunk the entry imports (statically or through import()) must ship too, or a world fails when it asks for it.
    else for (const missing of moduleGraph(DIST, module).missing) problems.push(`a chunk: ${missing}`);
  }
  for (const script of manifest.scripts ?? []) if (!isFile(script)) problems.push(`scripts: ${script}`);
  for (const style of manifest.styles ?? []) {
    const src = typeof style === "string" ? style : style.src;
    if (!isFile(src)) problems.push(`styles: ${src}`);
  }
  if (manifest.license && !/^https?:/.test(manifest.license) && !isFile(manifest.license)) problems.push(`license: ${manifest.license}`);
  for (const language of manifest.languages ?? []) if (!isFile(language.path)) problems.push(`languages: ${language.path}`);
  for (const pack of manifest.packs ?? []) if (!isFile(`${pack.path}/CURRENT`)) problems.push(`packs: ${pack.path} (no LevelDB CURRENT file)`);
  if (problems.length) fail(`dist/system.json names files the build did not produce:\n  ${problems.join("\n  ")}`);
}

const kb = (bytes) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

async function sizeOf(path) {
  const info = await stat(path);
  if (!info.isDirectory()) return { count: 1, bytes: info.size };
  let bytes = 0;
  const files = await walk(path);
  for (const file of files) bytes += (await stat(join(path, file))).size;
  return { count: files.length, bytes };
}

async function summary(manifest, started) {
  const rows = [];
  const add = async (label, path) => {
    if (!existsSync(path)) return;
    const { count, bytes } = await sizeOf(path);
    rows.push([label, count === 1 && !(await stat(path)).isDirectory() ? "" : `${count} files`, kb(bytes)]);
  };
  await add("dist/fray.mjs", join(DIST, "fray.mjs"));
  await add("dist/fray.mjs.map", join(DIST, "fray.mjs.map"));
  await add("dist/styles/fray.css", join(DIST, "styles/fray.css"));
  await add("dist/system.json", join(DIST, "system.json"));
  await add("dist/LICENSE", join(DIST, "LICENSE"));
  await add("dist/lang/", join(DIST, "lang"));
  await add("dist/templates/", join(DIST, "templates"));
  for (const pack of manifest.packs ?? []) await add(`dist/${pack.path}/`, join(DIST, pack.path));
  await add("dist/fray.zip", join(DIST, "fray.zip"));
  await add("bin/fray.mjs", CLI_OUT);
  const width = Math.max(...rows.map((row) => row[0].length));
  console.log(rows.map(([label, count, size]) => `  ${label.padEnd(width)}  ${size.padStart(10)}  ${count}`).join("\n"));
  console.log(`build: ok in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function build({ quiet = false } = {}) {
  const started = performance.now();
  // The static copies (rollup-plugin-copy) are globbed relative to the working directory.
  process.chdir(ROOT);
  const manifest = await checkInputs();
  await rm(DIST, { recursive: true, force: true });
  await mkdir(DIST, { recursive: true });
  const vite = await import("vite");
  // Independent outputs in parallel; the zip and the checks wait for all of them.
  await Promise.all([buildFoundryBundle(vite), buildCli(vite), buildPacks(manifest)]);
  await zipDist();
  await verifyDist();
  if (!quiet) await summary(manifest, started);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  build().catch((error) => {
    if (error instanceof BuildError) console.error(`\nbuild FAILED: ${error.message}\n`);
    else console.error("\nbuild FAILED:", error);
    process.exitCode = 1;
  });
}
