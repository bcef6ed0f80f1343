#!/usr/bin/env node
/**
 * `npm run link -- <FoundryData>`: installs the built system into a Foundry user data folder by
 * linking dist/ as <FoundryData>/Data/systems/fray, so every later `npm run build` (or `npm run
 * watch`) updates the installed system in place.
 *
 * It checks before it touches anything: the folder must look like Foundry's user data folder (it has
 * Data/; the Data folder itself is accepted too), dist/ must hold a built system, and an existing
 * systems/fray that is a real folder (a Fray installed from a zip or by Foundry) is never replaced.
 * Run again, it leaves a link to this dist/ as it is; a link to anywhere else is pointed here.
 * On Windows the link is a directory junction, which needs no administrator rights.
 *
 * Exit codes: 0 linked (or already linked); 1 refused, with one line saying why; 2 a wrong command line.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, statSync, symlinkSync, unlinkSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DIST = join(ROOT, "dist");
const SYSTEM_ID = "fray";
/** What a Foundry Data folder holds once Foundry has run in it. */
const DATA_FOLDERS = ["systems", "modules", "worlds"];

export class LinkError extends Error {}

const isFolder = (path) => existsSync(path) && statSync(path).isDirectory();

/** A path as typed, `~` standing for the home folder (npm passes a quoted `~/…` unexpanded). */
function expand(path) {
  return path === "~" || path.startsWith("~/") ? join(homedir(), path.slice(1)) : path;
}

/** The Foundry Data folder a user data folder (or that Data folder itself) names, or why it is not one. */
export function dataFolder(given) {
  const path = resolve(expand(given));
  const hint = "give the folder Foundry shows as its User Data Path (Setup → Configuration), the one holding Config/, Data/ and Logs/";
  if (!existsSync(path)) throw new LinkError(`${path} does not exist: ${hint}`);
  if (!isFolder(path)) throw new LinkError(`${path} is not a folder: ${hint}`);
  if (isFolder(join(path, "Data"))) return join(path, "Data");
  if (basename(path) === "Data" && DATA_FOLDERS.some((name) => isFolder(join(path, name)))) return path;
  throw new LinkError(`${path} does not look like a Foundry user data folder (it has no Data/ folder): ${hint}`);
}

/** dist/, if it holds a built Fray. */
function builtSystem(dist) {
  const manifest = join(dist, "system.json");
  if (!existsSync(manifest)) throw new LinkError(`${dist} holds no built system (no system.json): run \`npm run build\` first`);
  let id;
  try {
    id = JSON.parse(readFileSync(manifest, "utf8")).id;
  } catch (error) {
    throw new LinkError(`${manifest} is not valid JSON (${error.message}): run \`npm run build\` again`);
  }
  if (id !== SYSTEM_ID) throw new LinkError(`${manifest} is the system "${id}", not "${SYSTEM_ID}"`);
  return resolve(dist);
}

/** Where an existing link points, resolved, or undefined for a link whose target is gone. */
function realTarget(link) {
  try {
    return realpathSync(link);
  } catch {
    return undefined;
  }
}

/**
 * Links `dist` as <Data>/systems/fray. Returns what it did: "linked", "already" (a link to the same
 * place was there) or "relinked" (a link to elsewhere, named in `previous`, now points here).
 */
export function linkSystem(given, dist = DIST) {
  const source = builtSystem(dist);
  const data = dataFolder(given);
  const target = join(data, "systems", SYSTEM_ID);
  let previous;
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing && !existing.isSymbolicLink()) {
    throw new LinkError(`${target} already exists and is not a link (a Fray installed from a zip or by Foundry?); it is left as it is: move it away or delete it, then run this again`);
  }
  if (existing) {
    const current = realTarget(target);
    if (current !== undefined && current === realpathSync(source)) return { status: "already", target, dist: source };
    previous = readlinkSync(target);
    unlinkSync(target);
  }
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(source, target, process.platform === "win32" ? "junction" : "dir");
  return previous === undefined ? { status: "linked", target, dist: source } : { status: "relinked", target, dist: source, previous };
}

const USAGE = "usage: npm run link -- <FoundryData>   (Foundry's User Data Path, the folder holding Config/, Data/ and Logs/)";

function main(args) {
  if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
    console.log(USAGE);
    return 0;
  }
  if (args.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  try {
    const done = linkSystem(args[0]);
    if (done.status === "already") console.log(`${done.target} already links to ${done.dist}; nothing to do.`);
    else {
      const was = done.status === "relinked" ? ` (it linked to ${done.previous})` : "";
      console.log(`Linked ${done.target} → ${done.dist}${was}.`);
      console.log("Restart Foundry (or go back to its Setup screen): Fray is under Game Systems. Each `npm run build` updates it in place.");
    }
    return 0;
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    console.error(`link: ${error.message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = main(process.argv.slice(2));
