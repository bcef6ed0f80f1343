import { type AreaMap, NIGHTCLUB, validateMap } from "../../core/areas/index.js";
import { locationById } from "../../core/tracks/locationBoxes.js";
import { withDefaults } from "../options.js";
import type { UnhexCharacter } from "./character.js";
import { UNHEX_OPTIONS, type UnhexOptions } from "./options.js";
import type { Roller } from "./roll.js";
import { HIT_LOCATIONS } from "./tables.js";
import type { MapRequest, RollerRequest } from "./schemas.js";

export function optionsOf(given: Partial<UnhexOptions> | undefined): UnhexOptions {
  return withDefaults(UNHEX_OPTIONS, given);
}

export function rollerOf(request: RollerRequest): Roller {
  return { name: request.name, level: request.level, maxLevel: request.maxLevel ?? request.level, pc: request.pc ?? false, ...(request.good ? { good: request.good } : {}) };
}

export function characterOf(request: RollerRequest & { wounds?: Record<string, number> }): UnhexCharacter {
  const roller = rollerOf(request);
  for (const id of Object.keys(request.wounds ?? {})) locationById(HIT_LOCATIONS, id);
  return { name: roller.name, level: roller.level, maxLevel: roller.maxLevel, pc: roller.pc, wounds: request.wounds ?? {} };
}

export function mapOf(request: MapRequest | undefined): AreaMap {
  return request === undefined || request === "nightclub" ? NIGHTCLUB : validateMap(request);
}
