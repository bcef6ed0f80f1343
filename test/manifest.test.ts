import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { releaseFromEnv, releaseManifest, versionFromTag } from "../scripts/release-manifest.mjs";
import { RULESETS } from "../src/rules/index.js";

/** system.json as development keeps it, and as a release build fills it from the repository and the tag. */
interface Manifest {
  version: string;
  license?: string;
  styles: (string | { src: string; layer?: string })[];
  packs: { name: string }[];
  packFolders?: { name: string; packs: string[]; folders?: unknown[] }[];
  flags?: Record<string, unknown>;
  [key: string]: unknown;
}
const manifest = JSON.parse(readFileSync("system.json", "utf8")) as Manifest;
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string; license: string };
const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as { FRAY: { Setting: { ruleset: { Choices: Record<string, string> } } } };
const RELEASE_FIELDS = ["url", "manifest", "download", "bugs", "changelog"] as const;

describe("the development system.json", () => {
  it("leaves the release fields out, so Foundry never follows a URL that does not exist yet", () => {
    for (const field of RELEASE_FIELDS) expect(manifest, field).not.toHaveProperty(field);
  });

  it("names the licence package.json names, shipped as LICENSE", () => {
    expect(manifest.license).toBe("LICENSE");
    expect(readFileSync("LICENSE", "utf8")).toMatch(new RegExp(`^${pkg.license} License`));
    expect(manifest.version).toBe(pkg.version);
  });

  it("loads its stylesheet into Foundry's system cascade layer", () => {
    expect(manifest.styles).toEqual([{ src: "styles/fray.css", layer: "system" }]);
  });

  // v13's BaseSystem.defineSchema (common/packages/base-system.mjs) gives a system without a grid 1 unit of
  // no name; a new scene takes its grid from the system. Five feet a square is Beyond the Torchlight's unit
  // of measure (§Incapacitated and Death: "5 feet, 1 meter, one combat square") and the Nightclub's grid.
  it("declares v13's grid: square, five feet a square, as the Nightclub scene is drawn", () => {
    expect(manifest.grid).toEqual({ type: 1, distance: 5, units: "ft", diagonals: 0 });
    const nightclub = JSON.parse(readFileSync("packs/unhex-scenes/the-nightclub.json", "utf8")) as { grid: Record<string, unknown> };
    expect(nightclub.grid).toMatchObject({ type: 1, distance: 5, units: "ft" });
  });

  it("asks for hot reload of the built styles, templates and languages", () => {
    expect(manifest.flags?.hotReload).toEqual({ extensions: ["css", "hbs", "json"], paths: ["styles", "templates", "lang"] });
  });
});

describe("packs sit in one folder per ruleset", () => {
  const folders = manifest.packFolders ?? [];
  const rulesetOf = (pack: string) => RULESETS.find((ruleset) => pack.startsWith(`${ruleset.id}-`))?.id;

  it("every pack is in exactly one folder, but the rules of all five games, which stand at the top", () => {
    const placed = folders.flatMap((folder) => folder.packs);
    expect(placed).not.toContain("rules");
    expect([...placed].sort()).toEqual(manifest.packs.map((pack) => pack.name).filter((name) => name !== "rules").sort());
  });

  it("each folder holds one ruleset's packs and is named for its game", () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const rulesets = new Set(folder.packs.map(rulesetOf));
      expect(rulesets.size, `${folder.name}: ${folder.packs.join(", ")}`).toBe(1);
      const [ruleset] = [...rulesets];
      expect(ruleset, `${folder.name}: pack names start with their ruleset id`).toBeDefined();
      expect(folder.name).toBe(lang.FRAY.Setting.ruleset.Choices[ruleset as string]);
    }
    expect(new Set(folders.map((folder) => folder.name)).size).toBe(folders.length);
  });
});

describe("a release fills system.json from the repository and the tag", () => {
  const release = { repository: "someone/fray", tag: `v${manifest.version}` };

  it("with the manifest URL of the latest release and the tag's own zip", () => {
    const released = releaseManifest(manifest, release);
    expect(released).toMatchObject({
      version: manifest.version,
      url: "https://github.com/someone/fray",
      manifest: "https://github.com/someone/fray/releases/latest/download/system.json",
      download: `https://github.com/someone/fray/releases/download/v${manifest.version}/fray.zip`,
      license: `https://github.com/someone/fray/blob/v${manifest.version}/LICENSE`,
      bugs: "https://github.com/someone/fray/issues",
      changelog: `https://github.com/someone/fray/blob/v${manifest.version}/CHANGELOG.md`,
    });
    expect(released.flags?.hotReload, "no hot reload in a release").toBeUndefined();
    expect(released.documentTypes).toEqual(manifest.documentTypes);
  });

  it("refuses a tag whose version differs from system.json's, or a repository that is not owner/name", () => {
    expect(() => releaseManifest(manifest, { ...release, tag: "v99.0.0" })).toThrow(/tag v99\.0\.0 says version 99\.0\.0 but system\.json says/);
    expect(() => releaseManifest(manifest, { ...release, tag: "latest" })).toThrow(/not a version/);
    expect(() => releaseManifest(manifest, { ...release, repository: "fray" })).toThrow(/not owner\/name/);
  });

  it("reads tags with or without v, pre-releases included", () => {
    expect(versionFromTag("v1.2.3")).toBe("1.2.3");
    expect(versionFromTag("1.2.3-rc.1")).toBe("1.2.3-rc.1");
  });

  it("is a release only when both variables are set", () => {
    expect(releaseFromEnv({})).toBeNull();
    expect(releaseFromEnv({ FRAY_RELEASE_REPOSITORY: "a/b", FRAY_RELEASE_TAG: "v1.0.0" })).toEqual({ repository: "a/b", tag: "v1.0.0" });
    expect(() => releaseFromEnv({ FRAY_RELEASE_TAG: "v1.0.0" })).toThrow(/needs both/);
  });

  it("the release workflow builds with both variables and attaches system.json and fray.zip", () => {
    const workflow = readFileSync(".github/workflows/release.yml", "utf8");
    expect(workflow).toContain("FRAY_RELEASE_REPOSITORY: ${{ github.repository }}");
    expect(workflow).toContain("FRAY_RELEASE_TAG: ${{ github.ref_name }}");
    expect(workflow).toMatch(/gh release create "\$TAG" dist\/system\.json dist\/fray\.zip/);
    expect(existsSync(".github/workflows/ci.yml") && readFileSync(".github/workflows/ci.yml", "utf8")).toContain("bash .ci/run");
  });
});
