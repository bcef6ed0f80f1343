/** What every compendium source script shares: stable ids, file names, item documents and writing a pack folder. */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withPackStats } from "../pack-stats.mjs";

export type Json = Record<string, unknown>;

export const ROOT = join(import.meta.dirname, "..", "..");
export const OWNERSHIP = { default: 0 };

/** A stable 16-character id: a prefix plus the name's letters, padded with zeros. */
export function makeId(prefix: string, name: string): string {
  const id = (prefix + name.replace(/[^A-Za-z0-9]/g, "")).slice(0, 16).padEnd(16, "0");
  if (!/^[A-Za-z0-9]{16}$/.test(id)) throw new Error(`bad id ${id}`);
  return id;
}

export function fileName(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.json`;
}

export function fail(message: string): never {
  throw new Error(message);
}

/** An Item document as the Foundry CLI stores it (`_key` names its place in the pack). */
export function item(id: string, key: string, name: string, type: string, img: string, system: Json, sort = 0): Json {
  return { _id: id, _key: key, name, type, img, system, effects: [], folder: null, sort, ownership: { ...OWNERSHIP }, flags: {} };
}

/** An Actor document with its embedded items, as the Foundry CLI stores it. */
export function actorSource(id: string, name: string, type: string, system: Json, items: Json[], prototypeToken?: Json): Json {
  return { _id: id, _key: `!actors!${id}`, name, type, img: "icons/svg/mystery-man.svg", system, ...(prototypeToken ? { prototypeToken } : {}), items, effects: [], folder: null, sort: 0, ownership: { ...OWNERSHIP }, flags: {} };
}

/**
 * An NPC's prototype token: unlinked, as Foundry v13 makes every token unless told (each token
 * dragged onto a scene fights with its own tracks), and numbered ("Bandit (1)", "Bandit (2)") so
 * three of them can be told apart; hostile. `extra` adds the token's bars.
 */
export function npcToken(name: string, extra: Json = {}): Json {
  return { name, actorLink: false, appendNumber: true, disposition: -1, ...extra };
}

/** A player character's prototype token: linked, so her sheet in the Actors directory is the one that takes her wounds; friendly. */
export function characterToken(name: string, extra: Json = {}): Json {
  return { name, actorLink: true, disposition: 1, ...extra };
}

/** Replaces the generated files of a pack folder, leaving the files the script does not own (`keep`); each document carries v13's `_stats` (scripts/pack-stats.mjs). */
export function writePack(pack: string, docs: Json[], keep: readonly string[] = []): void {
  const dir = join(ROOT, "packs", pack);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) if (file.endsWith(".json") && !keep.includes(file)) rmSync(join(dir, file));
  // A kept file is written by hand, but carries v13's `_stats` like the rest.
  for (const file of keep) writeFileSync(join(dir, file), `${JSON.stringify(withPackStats(JSON.parse(readFileSync(join(dir, file), "utf8")) as Json), null, 2)}\n`);
  const seen = new Set<string>();
  for (const doc of docs) {
    const file = fileName(String(doc.name));
    if (keep.includes(file) || seen.has(file)) fail(`${pack}/${file}: file name clash`);
    seen.add(file);
    writeFileSync(join(dir, file), `${JSON.stringify(withPackStats(doc), null, 2)}\n`);
  }
}

/**
 * An item's description as its HTMLField stores it: one paragraph per argument (blank ones left out),
 * each in Fray's own words. `@Rule[term]` in one links the rules page that explains the term.
 */
export function descriptionHtml(...paragraphs: (string | false | undefined)[]): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return paragraphs
    .filter((p): p is string => typeof p === "string" && p.trim() !== "")
    .map((p) => `<p>${escape(p.trim())}</p>`)
    .join("");
}
