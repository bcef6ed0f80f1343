import type { AreaMap } from "./types.js";
import { RuleError } from "../ruleError.js";

export class AreaMapError extends RuleError {
  override name = "AreaMapError";
}

const KINDS = new Set(["two-way", "sight", "one-way", "door", "sight-blocked"]);

/** Every problem with a map, as plain sentences; an empty list means the map is sound. */
export function mapProblems(map: AreaMap): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const area of map.areas) {
    if (typeof area.id !== "string" || area.id === "") problems.push("an area has no id");
    else if (ids.has(area.id)) problems.push(`area id "${area.id}" is used twice`);
    ids.add(area.id);
  }
  const pairs = new Set<string>();
  map.connections.forEach((connection, index) => {
    const where = `connection #${index + 1} (${connection.from} – ${connection.to})`;
    for (const end of [connection.from, connection.to]) {
      if (!ids.has(end)) problems.push(`${where} names unknown area "${end}"`);
    }
    if (connection.from === connection.to) problems.push(`${where} joins an area to itself`);
    if (!KINDS.has(connection.kind)) problems.push(`${where} has unknown kind "${String(connection.kind)}"`);
    if (connection.kind !== "door" && (connection.open !== undefined || connection.transparent !== undefined)) {
      problems.push(`${where} is not a door, so it cannot be open, closed or transparent`);
    }
    const pair = [connection.from, connection.to].sort().join("\u0000");
    if (pairs.has(pair)) problems.push(`${where}: those two areas are already connected; draw one connection per pair`);
    pairs.add(pair);
    for (const [into, value] of Object.entries(connection.cover ?? {})) {
      if (connection.kind === "sight-blocked") problems.push(`${where} blocks sight, so it cannot carry cover`);
      if (into !== connection.from && into !== connection.to) problems.push(`${where} has cover into "${into}", which is not one of its ends`);
      if (value !== 1 && value !== 2) problems.push(`${where} has cover ${value} into "${into}"; cover is 1 or 2`);
    }
  });
  return problems;
}

/** Throws one AreaMapError listing every problem, or returns the map unchanged. */
export function validateMap(map: AreaMap): AreaMap {
  const problems = mapProblems(map);
  if (problems.length > 0) throw new AreaMapError(`invalid map${map.name ? ` "${map.name}"` : ""}: ${problems.join("; ")}`);
  return map;
}

/** Throws unless `id` is an area of the map. */
export function requireArea(map: AreaMap, id: string): void {
  if (!map.areas.some((area) => area.id === id)) {
    throw new AreaMapError(`unknown area "${id}"${map.name ? ` on map "${map.name}"` : ""}; areas are ${map.areas.map((a) => a.id).join(", ")}`);
  }
}
