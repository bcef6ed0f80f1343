/**
 * Where a token stands, read from the scene's Regions: the one question both the Area service and the
 * whole-move judge (whole-moves.ts) ask, kept apart so neither imports the other for it.
 */
import { AreaBehaviorModel } from "./model.js";

/** Where a token is, or would be: its top-left corner, and its size in grid squares when it is not the token's own. */
export interface TokenPlace {
  x: number;
  y: number;
  width?: number;
  height?: number;
}

/**
 * The Area whose Region holds a token's centre when the token stands at `place`, if any: where it
 * stands, measured against the scene's Regions, never what any client wrote about it.
 */
export function areaAt(token: TokenDocument.Implementation, place: TokenPlace): string | null {
  const scene = token.parent;
  if (!scene) return null;
  const size = scene.grid.size;
  const centre = { x: place.x + ((place.width ?? token.width ?? 1) * size) / 2, y: place.y + ((place.height ?? token.height ?? 1) * size) / 2, elevation: token.elevation ?? 0 };
  for (const region of scene.regions) {
    if (!region.testPoint(centre)) continue;
    for (const behavior of region.behaviors) if (!behavior.disabled && behavior.system instanceof AreaBehaviorModel) return behavior.system.areaKey;
  }
  return null;
}
