import type { ConnectionKind } from "../../core/areas/index.js";

/**
 * The RegionBehavior sub-type an Area is. A system's sub-types are not prefixed (only a module's
 * are, as `${moduleId}.${name}`), so system.json's documentTypes.RegionBehavior.area makes the type
 * "area"; the "fray.area" is that type, provided by the fray system.
 */
export const AREA_BEHAVIOR_TYPE = "area";

/** Connection kinds as the GM picks them, in the core's words. */
export const CONNECTION_KINDS: readonly ConnectionKind[] = ["two-way", "sight", "one-way", "door", "sight-blocked"];

/** Cover into an Area across one connection: none, Drop 1 or Drop 2. */
export const COVER_VALUES = [0, 1, 2] as const;
