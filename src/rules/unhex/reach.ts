import { type AreaMap, coverAgainst, type CoverReading, lineOfSight, lineOfSightToMover, rangeBetween, rangeToMover } from "../../core/areas/index.js";
import { WEAPON_REACH, type WeaponKind } from "./tables.js";

/** Where the target stands: in an area, or moving between two (then it can be intercepted). */
export type TargetPlace = { area: string } | { moving: readonly [string, string] };

export interface Reach {
  range: number | null;
  lineOfSight: boolean;
  cover: CoverReading;
  allowed: boolean;
  reason?: string;
}

/**
 * Whether an attack can be made: melee at range 0; a one-handed ranged weapon at 0–1 in sight; a
 * two-handed ranged weapon at 1 or more in sight. A mover is at the smaller range, in sight if either
 * area is, and gets no cover from either area.
 */
export function attackReach(map: AreaMap, from: string, target: TargetPlace, weapon: WeaponKind): Reach {
  const moving = "moving" in target;
  const range = moving ? rangeToMover(map, from, target.moving) : rangeBetween(map, from, target.area);
  const sight = moving ? lineOfSightToMover(map, from, target.moving) : lineOfSight(map, from, target.area);
  const cover = moving ? { cover: false, value: 0 } : coverAgainst(map, from, target.area);
  const reach = WEAPON_REACH[weapon];
  let reason: string | undefined;
  if (range === null) reason = "no path joins the two areas";
  else if (range < reach.min) reason = `a ${weapon} attack cannot be made at range ${range}`;
  else if (reach.max !== null && range > reach.max) reason = `range ${range} is beyond a ${weapon} attack's ${reach.max}`;
  else if (reach.ranged && !sight) reason = "no line of sight";
  return reason === undefined ? { range, lineOfSight: sight, cover, allowed: true } : { range, lineOfSight: sight, cover, allowed: false, reason };
}
