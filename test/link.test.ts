import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIST, LinkError, linkSystem } from "../scripts/link.mjs";

/**
 * Issue 26: `npm run link -- <FoundryData>` installs the built system for a newcomer. Every case
 * runs against throwaway folders shaped like Foundry's user data folder, with a stand-in dist/.
 */
let scratch: string;
let dist: string;

/** A Foundry user data folder as Foundry leaves it after its first start. */
function foundryData(name = "FoundryVTT"): string {
  const root = join(scratch, name);
  for (const folder of ["Config", "Logs", "Data/systems", "Data/modules", "Data/worlds"]) mkdirSync(join(root, folder), { recursive: true });
  return root;
}

function builtDist(path: string, id = "fray"): string {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, "system.json"), JSON.stringify({ id }));
  return path;
}

const target = (data: string) => join(data, "Data", "systems", "fray");
/** Every path under the scratch folder, to see that a refusal made nothing. */
const listing = () => readdirSync(scratch, { recursive: true }).map(String).sort();
/** What the link leads to, as the operating system resolves it. */
const linkedTo = (path: string) => realpathSync(path);

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "fray-link-"));
  dist = builtDist(join(scratch, "checkout", "dist"));
});

afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("npm run link", () => {
  it("links dist/ as Data/systems/fray in a user data folder, and Foundry finds the system there", () => {
    const data = foundryData();
    expect(linkSystem(data, dist)).toEqual({ status: "linked", target: target(data), dist });
    expect(lstatSync(target(data)).isSymbolicLink()).toBe(true);
    expect(linkedTo(target(data))).toBe(realpathSync(dist));
    expect(JSON.parse(readFileSync(join(target(data), "system.json"), "utf8"))).toEqual({ id: "fray" });
  });

  it("makes Data/systems/ when Foundry has not yet", () => {
    const data = join(scratch, "fresh");
    mkdirSync(join(data, "Data"), { recursive: true });
    expect(linkSystem(data, dist).status).toBe("linked");
    expect(linkedTo(target(data))).toBe(realpathSync(dist));
  });

  it("accepts the Data folder itself", () => {
    const data = foundryData();
    expect(linkSystem(join(data, "Data"), dist)).toMatchObject({ status: "linked", target: target(data) });
  });

  it("is idempotent: run again, it leaves its link as it is", () => {
    const data = foundryData();
    linkSystem(data, dist);
    const before = lstatSync(target(data));
    expect(linkSystem(data, dist)).toEqual({ status: "already", target: target(data), dist });
    expect(lstatSync(target(data)).ino).toBe(before.ino);
  });

  it("points a link to another checkout (or a dangling one) here, saying where it pointed", () => {
    const data = foundryData();
    const other = builtDist(join(scratch, "other", "dist"));
    symlinkSync(other, target(data));
    expect(linkSystem(data, dist)).toEqual({ status: "relinked", target: target(data), dist, previous: other });
    expect(linkedTo(target(data))).toBe(realpathSync(dist));
    rmSync(other, { recursive: true });
    rmSync(target(data));
    symlinkSync(join(scratch, "gone"), target(data));
    expect(linkSystem(data, dist).status).toBe("relinked");
    expect(existsSync(other)).toBe(false);
  });

  it("never replaces a real systems/fray folder (a Fray installed from a zip), and changes nothing", () => {
    const data = foundryData();
    mkdirSync(target(data));
    writeFileSync(join(target(data), "system.json"), "installed from the zip");
    expect(() => linkSystem(data, dist)).toThrow(LinkError);
    expect(() => linkSystem(data, dist)).toThrow(/already exists and is not a link/);
    expect(lstatSync(target(data)).isDirectory()).toBe(true);
    expect(readFileSync(join(target(data), "system.json"), "utf8")).toBe("installed from the zip");
  });

  it.each([
    ["a folder that is not Foundry's", (root: string) => (mkdirSync(join(root, "Documents")), join(root, "Documents")), /does not look like a Foundry user data folder \(it has no Data\/ folder\)/],
    ["a folder named Data that Foundry never used", (root: string) => (mkdirSync(join(root, "Data")), join(root, "Data")), /does not look like a Foundry user data folder/],
    ["a path that does not exist", (root: string) => join(root, "nowhere"), /does not exist: give the folder Foundry shows as its User Data Path/],
    ["a file", (root: string) => (writeFileSync(join(root, "options.json"), "{}"), join(root, "options.json")), /is not a folder/],
  ])("refuses %s, saying what to give instead, and makes nothing", (_name, make, message) => {
    const given = make(scratch);
    const before = listing();
    expect(() => linkSystem(given, dist)).toThrow(message);
    expect(listing()).toEqual(before);
  });

  it("refuses while dist/ holds no built Fray", () => {
    const data = foundryData();
    expect(() => linkSystem(data, join(scratch, "unbuilt"))).toThrow(/no system.json\): run `npm run build` first/);
    expect(() => linkSystem(data, builtDist(join(scratch, "dnd"), "dnd5e"))).toThrow(/is the system "dnd5e", not "fray"/);
    expect(existsSync(target(data))).toBe(false);
  });

  it("as `npm run -s link -- <FoundryData>`: links this checkout's dist/, exit 0; a wrong folder is one line and exit 1", () => {
    if (!existsSync(join(DIST, "system.json"))) throw new Error("dist/ is not built: run `npm run build` first (`npm test` builds before testing)");
    const data = foundryData();
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
    const ok = spawnSync("npm", ["run", "-s", "link", "--", data], { encoding: "utf8", env });
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(`Linked ${target(data)} → ${DIST}`);
    expect(readlinkSync(target(data))).toBe(DIST);
    const wrong = spawnSync("npm", ["run", "-s", "link", "--", scratch], { encoding: "utf8", env });
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toBe("");
    expect(wrong.stderr.trimEnd().split("\n")).toEqual([expect.stringMatching(/^link: .* does not look like a Foundry user data folder/)]);
    const none = spawnSync("npm", ["run", "-s", "link"], { encoding: "utf8", env });
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^usage: npm run link -- <FoundryData>/);
  });
});

describe("the README", () => {
  const readme = readFileSync("README.md", "utf8");
  const section = (title: string) => readme.slice(readme.indexOf(`## ${title}\n`), readme.indexOf("\n## ", readme.indexOf(`## ${title}\n`) + 1));

  it("starts Install with what works today: the build, then the link this file tests; the manifest URL after", () => {
    const install = section("Install");
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(install)?.[1] ?? "";
    expect(firstBlock).toMatch(/^npm ci && npm run build\b/);
    expect(firstBlock).toMatch(/\nnpm run link -- "<FoundryData>"/);
    expect(install.indexOf("unzip `dist/fray.zip`")).toBeGreaterThan(install.indexOf("npm run link"));
    expect(install.indexOf("releases/latest/download/system.json")).toBeGreaterThan(install.indexOf("unzip `dist/fray.zip`"));
  });

  it("states the two commands that work on a fresh machine, and package.json has them", () => {
    const build = section("Build from source");
    expect(build).toContain("npm ci && npm run build");
    expect(build).toMatch(/\nnpm test\b/);
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(["build", "test", "link"]));
  });
});
