import { distancesFrom, sightBlockedBetween, sightSteps } from "./graph.js";
import type { AreaMap, Connection } from "./types.js";
import { requireArea } from "./validate.js";

/** Cover marks a path crosses on one connection, leaving out the marks into the looker's own area. */
function marksCounted(connection: Connection, looker: string): number {
  return Object.entries(connection.cover ?? {}).filter(([into]) => into !== looker).length;
}

/**
 * The fewest cover marks crossed on any shortest path from `from` to `to` (marks into `from` not
 * counted), or null when no path carries sight.
 */
export function fewestMarksOnShortestPaths(map: AreaMap, from: string, to: string): number | null {
  const distance = distancesFrom(from, (area) => sightSteps(map, area));
  const target = distance.get(to);
  // Stryker disable next-line ConditionalExpression: an area the walk never reached never gets a count, so the answer is null all the same
  if (target === undefined) return null;
  const fewest = new Map<string, number>([[from, 0]]);
  // distancesFrom lists the areas nearest first (its walk is breadth-first), so every area's nearer
  // neighbours have their counts before it is counted; areas beyond the target change nothing.
  for (const [area, d] of distance) {
    if (d === 0) continue;
    let best = Number.POSITIVE_INFINITY;
    for (const step of sightSteps(map, area)) {
      const before = fewest.get(step.to);
      // Stryker disable next-line ConditionalExpression: areas are taken nearest first, so a neighbour one step nearer always has its count
      if (before !== undefined && distance.get(step.to) === d - 1) best = Math.min(best, before + marksCounted(step.connection, from));
    }
    fewest.set(area, best);
  }
  return fewest.get(to) ?? null;
}

/**
 * Line of sight (house reading fixed by RULINGS.md): always within your own area; never across a
 * sight-blocked X; otherwise it holds unless every shortest path crosses two or more cover marks
 * (marks into your own area do not count).
 */
export function lineOfSight(map: AreaMap, from: string, to: string): boolean {
  requireArea(map, from);
  requireArea(map, to);
  // Stryker disable next-line ConditionalExpression: the general case gives the same answer (no X and no marks within one area); the rule is stated here
  if (from === to) return true;
  if (sightBlockedBetween(map, from, to)) return false;
  const fewest = fewestMarksOnShortestPaths(map, from, to);
  return fewest !== null && fewest < 2;
}

/** A mover between two areas is in sight when either area is. */
export function lineOfSightToMover(map: AreaMap, from: string, between: readonly [string, string]): boolean {
  return between.some((area) => lineOfSight(map, from, area));
}
