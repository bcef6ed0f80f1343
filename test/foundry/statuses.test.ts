/**
 * The one status table (src/foundry/statuses/table.ts): every status word any ruleset's outcomes
 * carry is in it, as a status, a status it ends, or a one-off event; Foundry's own statuses are
 * reused where they mean the same; Fray's ids and icons are unique and every name is translated.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORE_STATUS, FRAY_STATUS, RULES_STATUSES } from "../../src/foundry/statuses/table.js";
import { HIT_LOCATIONS, LOCATION_EFFECTS } from "../../src/rules/unhex/tables.js";
import { MANEUVERS } from "../../src/rules/torchlight/tables.js";
import { FALLEN_FATES } from "../../src/rules/personal/lists.js";
import { REPO_ROOT } from "../../playground/foundry/node.js";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/**
 * The quoted words a rules file puts into a list of statuses or conditions: what follows
 * `statuses.push(`, `statuses = `, `statuses: ` or `conditions.push(`, less the words it only
 * compares against or replaces.
 */
function statusWordsInRules(): Set<string> {
  const words = new Set<string>();
  for (const file of sources(join(REPO_ROOT, "src/rules"))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:statuses|conditions)(?:\.push\(|\s*=\s*|:\s*)([^;]*)/g)) {
      const listed = (match[1] ?? "").replace(/[!=]==\s*"[^"]*"/g, "").replace(/replace\("[^"]*"/g, "");
      for (const word of listed.matchAll(/"([^"]+)"/g)) words.add(word[1]!);
    }
  }
  return words;
}

/** Words built from the rules' tables rather than written out. */
const TABLE_WORDS = [
  // Unhex: a full arm is useless and drops what it holds (src/rules/unhex/character.ts, damage.ts).
  ...HIT_LOCATIONS.locations.filter((l) => LOCATION_EFFECTS[l.id] === "drop-held-item").flatMap((l) => [`${l.id}-useless`, `dropped-${l.id.replace("-arm", "")}-hand-item`]),
  "moves-only-with-both-hands",
  "cannot-move",
  // Torchlight: what a Maneuver leaves on its target or its maker (src/rules/torchlight/tables.ts).
  ...Object.values(MANEUVERS).flatMap((m) => [m.targetStatus, m.selfStatus].filter((s): s is string => s !== undefined)),
  // Personal Combat: the house Fallen Fates, by name (src/rules/personal/lists.ts).
  ...FALLEN_FATES.map((fate) => fate.name),
  // Cavaliers: yieldStatus (src/rules/cavaliers/actors.ts) and the card's out choices.
  "yielded-out",
  "yielded-out-fights-on",
  "surrender",
  "knocked-out",
];

describe("the status table", () => {
  it("has every status word the rules of any ruleset emit", () => {
    const found = statusWordsInRules();
    expect(found.size).toBeGreaterThan(20);
    const missing = [...found, ...TABLE_WORDS].filter((word) => !Object.hasOwn(RULES_STATUSES, word));
    expect(missing).toEqual([]);
  });

  it("names the statuses of the issue: Dying, Surrendered, Knocked Out, Prone, Bleeding, Incapacitated, Stabilised", () => {
    const set = (word: string) => {
      const entry = RULES_STATUSES[word];
      return entry && "set" in entry ? entry.set : undefined;
    };
    expect([set("dying"), set("surrender"), set("knocked-out"), set("prone"), set("bleeding"), set("incapacitated"), set("stabilized")]).toEqual([
      "fray-dying",
      "fray-surrender",
      "unconscious",
      "prone",
      "bleeding",
      "fray-incapacitated",
      "fray-stabilised",
    ]);
  });

  it("points only at statuses it defines, and ends only statuses it defines", () => {
    const known = new Set([...Object.values(CORE_STATUS), ...Object.values(FRAY_STATUS)].map((s) => s.id));
    for (const [word, entry] of Object.entries(RULES_STATUSES)) {
      if ("set" in entry) expect(known.has(entry.set), word).toBe(true);
      if ("clears" in entry) for (const id of entry.clears ?? []) expect(known.has(id), word).toBe(true);
    }
  });

  it("gives Fray's statuses unique ids under fray-, one icon each from Foundry's icons/svg, and a name in lang/en.json", () => {
    const lang = JSON.parse(readFileSync(join(REPO_ROOT, "lang/en.json"), "utf8")) as { FRAY: { Status: Record<string, string> } };
    const own = Object.values(FRAY_STATUS);
    expect(new Set(own.map((s) => s.id)).size).toBe(own.length);
    for (const status of own) {
      expect(status.id).toMatch(/^fray-[a-z-]+$/);
      expect(status.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      expect(lang.FRAY.Status[status.name.replace("FRAY.Status.", "")], status.name).toBeTruthy();
    }
  });

  it("reuses Foundry's own statuses where the rules mean the same thing", () => {
    expect(Object.values(CORE_STATUS).map((s) => s.id)).toEqual(["dead", "unconscious", "prone", "bleeding"]);
    for (const word of ["knocked-out", "passed-out", "Knocked Out", "unconscious"]) expect(RULES_STATUSES[word]).toMatchObject({ set: "unconscious" });
    for (const word of ["dead", "Slain", "Defeated"]) expect(RULES_STATUSES[word]).toMatchObject({ set: "dead" });
  });
});
