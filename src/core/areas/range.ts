import { distancesFrom, sightSteps } from "./graph.js";
import type { AreaMap } from "./types.js";
import { requireArea } from "./validate.js";

/**
 * Range: the number of connections on the shortest path between two areas, counting every
 * connection sight passes along (solid, dashed, one-way either way, open or transparent doors).
 * Range is about reaching a target with an attack, and the seed counts the dashed catwalk–dance
 * floor line as a connection, so sight-only lines count too. Null when no such path exists.
 */
export function rangeBetween(map: AreaMap, from: string, to: string): number | null {
  requireArea(map, from);
  requireArea(map, to);
  return distancesFrom(from, (area) => sightSteps(map, area)).get(to) ?? null;
}

/** A character moving between two areas is at the smaller of the two ranges. */
export function rangeToMover(map: AreaMap, from: string, between: readonly [string, string]): number | null {
  const ranges = between.map((area) => rangeBetween(map, from, area)).filter((range): range is number => range !== null);
  return ranges.length === 0 ? null : Math.min(...ranges);
}
