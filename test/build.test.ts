import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { RULESETS } from "../src/rules/index.js";
import { moduleGraph } from "../scripts/bundle-graph.mjs";

/**
 * What `npm run build` leaves behind: a complete Foundry system folder in dist/, its release zip, and
 * a self-contained command line in bin/fray.mjs. `npm test` builds before it runs vitest; run
 * `npm run build` first when running this file alone.
 */
const DIST = "dist";
const CLI = join("bin", "fray.mjs");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

beforeAll(() => {
  const missing = [join(DIST, "system.json"), join(DIST, "fray.zip"), CLI].filter((path) => !isFile(path));
  if (missing.length) throw new Error(`${missing.join(", ")} missing: run \`npm run build\` first (\`npm test\` builds before testing)`);
});

describe("dist/ is a complete Foundry system folder", () => {
  it("dist/system.json is the repo's system.json", () => {
    expect(readFileSync(join(DIST, "system.json"), "utf8")).toBe(readFileSync("system.json", "utf8"));
  });

  it("every file dist/system.json names exists in dist/", () => {
    const manifest = JSON.parse(readFileSync(join(DIST, "system.json"), "utf8")) as {
      esmodules?: string[];
      styles?: (string | { src: string })[];
      languages?: { path: string }[];
      packs?: { path: string }[];
    };
    const styles = (manifest.styles ?? []).map((style) => (typeof style === "string" ? style : style.src));
    const named = [...(manifest.esmodules ?? []), ...styles, ...(manifest.languages ?? []).map((l) => l.path)];
    expect(named.length).toBeGreaterThan(0);
    for (const path of named) expect(isFile(join(DIST, path)), `dist/${path}`).toBe(true);
    for (const pack of manifest.packs ?? []) expect(isFile(join(DIST, pack.path, "CURRENT")), `dist/${pack.path} (LevelDB)`).toBe(true);
  });

  it("dist/fray.mjs and every chunk it imports are self-contained ES modules of dist/, each with a source map", () => {
    const { files, missing } = moduleGraph(DIST, "fray.mjs");
    expect(missing).toEqual([]);
    // The entry, the shared chunks and one chunk per ruleset.
    expect(files.filter((file) => file.startsWith("rulesets/")).map((file) => file.replace(/-[\w-]+\.mjs$/, "")).sort()).toEqual(RULESETS.map((ruleset) => `rulesets/${ruleset.id}`).sort());
    for (const file of files) {
      const code = readFileSync(join(DIST, file), "utf8");
      expect(code, `${file} imports no package`).not.toMatch(/\b(?:import|from)\s*\(?\s*["'](?!\.{1,2}\/)[^"']+["']/);
      // A chunk that only re-exports another's names (or the bundler's runtime) has no source of its own to map.
      const mapped = file === "fray.mjs" || file.startsWith("rulesets/") || code.includes("//# sourceMappingURL=");
      if (!mapped) continue;
      expect(code, file).toMatch(new RegExp(`//# sourceMappingURL=${file.split("/").pop()!.replace(/[.]/g, "\\.")}\\.map\\s*$`));
      expect(isFile(join(DIST, `${file}.map`)), `${file}.map`).toBe(true);
    }
  });

  it("dist/packs/rules holds the journal entries made from docs/rules/*.md, page for page", async () => {
    const { builtPackDocuments } = await import("../playground/server.js");
    const { rulesPackSources } = await import("../scripts/rules-pack.mjs");
    const built = (await builtPackDocuments(join(DIST, "packs", "rules"))) as { _id: string; pages: { _id: string; name: string; text: { content: string } }[] }[];
    const sources = await rulesPackSources("docs/rules");
    expect(built.map((e) => e._id).sort()).toEqual(sources.map((e) => e._id).sort());
    for (const source of sources) {
      const entry = built.find((e) => e._id === source._id)!;
      expect(entry.pages.map((p) => [p._id, p.name, p.text.content]).sort()).toEqual(source.pages.map((p) => [p._id, p.name, p.text.content]).sort());
    }
  });

  it("every template under templates/ is copied with its path", () => {
    const templates = existsSync("templates") ? filesUnder("templates").filter((file) => file.endsWith(".hbs")) : [];
    const copied = existsSync(join(DIST, "templates")) ? filesUnder(join(DIST, "templates")) : [];
    expect(copied).toEqual(templates);
  });

  it("dist/fray.zip holds system.json at its root and exactly the files of dist/", () => {
    const zip = unzipSync(new Uint8Array(readFileSync(join(DIST, "fray.zip"))));
    expect(Object.keys(zip)).toContain("system.json");
    const files = filesUnder(DIST).filter((file) => file !== "fray.zip");
    expect(Object.keys(zip).sort()).toEqual(files);
    for (const file of files) {
      expect(Buffer.from(zip[file] as Uint8Array).equals(readFileSync(join(DIST, file))), `${file} in the zip matches dist/${file}`).toBe(true);
    }
  });
});

describe("bin/fray.mjs", () => {
  it("is executable and starts with a node shebang", () => {
    expect(readFileSync(CLI, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(statSync(CLI).mode & 0o111).not.toBe(0);
  });

  it("runs `rulesets` and exits 0, listing every ruleset", () => {
    const result = spawnSync(CLI, ["rulesets"], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    for (const ruleset of RULESETS) expect(result.stdout).toContain(ruleset.id);
  });

  it("runs on its own, away from the checkout (lang/en.json and packages inlined)", () => {
    const away = mkdtempSync(join(tmpdir(), "fray-cli-"));
    try {
      copyFileSync(CLI, join(away, "fray.mjs"));
      const result = spawnSync(process.execPath, [join(away, "fray.mjs"), "rulesets"], { encoding: "utf8", cwd: away });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });
});

/**
 * Issue 26: a clean `npm ci && npm run build` prints no warning. The build runs again in a copy of
 * the checkout without its outputs (dist/ and bin/ stay as they are for the other tests), sharing
 * node_modules, and may print only its summary of what it made.
 */
describe("a clean build", () => {
  // Everything a fresh clone has: the checkout minus what is generated or installed.
  const GENERATED = new Set([".git", "node_modules", "dist", "bin", "test-results", ".bench", "reports", ".stryker-tmp"]);

  it("prints no warning, only its summary", () => {
    const copy = mkdtempSync(join(tmpdir(), "fray-clean-build-"));
    try {
      for (const entry of readdirSync(".")) if (!GENERATED.has(entry) && !entry.endsWith(".log")) cpSync(entry, join(copy, entry), { recursive: true });
      symlinkSync(join(process.cwd(), "node_modules"), join(copy, "node_modules"), "junction");
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("FRAY_RELEASE_")));
      const result = spawnSync(process.execPath, [join(copy, "scripts", "build.mjs")], { cwd: copy, encoding: "utf8", env: { ...env, NO_COLOR: "1" } });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      const printed = result.stdout.trimEnd().split("\n");
      expect(printed.at(-1)).toMatch(/^build: ok in [\d.]+ s$/);
      for (const line of printed.slice(0, -1)) expect(line).toMatch(/^ {2}(dist|bin)\/\S*\s+[\d.]+ (B|KiB)\s+(\d+ files)?$/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 300_000);

  it("npm ci runs every install script the lockfile has, each approved in package.json allowScripts", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { version?: string; hasInstallScript?: boolean }> };
    const scripted = Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript);
    // esbuild, classic-level and @parcel/watcher at the time of writing; without them the build has no bundler or packs.
    expect(scripted.length).toBeGreaterThan(0);
    for (const [path, entry] of scripted) {
      const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
      const allowed = pkg.allowScripts?.[name] ?? pkg.allowScripts?.[`${name}@${entry.version}`];
      expect(allowed, `${name}@${entry.version} has an install script: review it, then \`npm install-scripts approve ${name}\``).toBe(true);
    }
  });
});
