import { ownValue } from "../ownKey.js";
import { distancesFrom, sightSteps } from "./graph.js";
import type { AreaMap } from "./types.js";
import { requireArea } from "./validate.js";

export interface CoverReading {
  cover: boolean;
  /** The highest mark value into the target's area on a shortest path (0 without cover). */
  value: number;
}

/**
 * Cover of a target against an attacker: only from another area, and only when at least one
 * shortest path reaches the target's area over a connection with a cover mark into that area. The
 * attacker's own area's marks never matter.
 */
export function coverAgainst(map: AreaMap, attacker: string, target: string): CoverReading {
  requireArea(map, attacker);
  requireArea(map, target);
  // Stryker disable next-line ConditionalExpression: at range 0 no step is one nearer, so the general case gives no cover too; the rule is stated here
  if (attacker === target) return { cover: false, value: 0 };
  const distance = distancesFrom(attacker, (area) => sightSteps(map, area));
  const range = distance.get(target);
  // Stryker disable next-line ConditionalExpression: out of sight no step matches range - 1 (NaN), so the general case gives no cover too
  if (range === undefined) return { cover: false, value: 0 };
  let value = 0;
  for (const step of sightSteps(map, target)) {
    if (distance.get(step.to) === range - 1) value = Math.max(value, ownValue(step.connection.cover ?? {}, target) ?? 0);
  }
  return { cover: value > 0, value };
}
