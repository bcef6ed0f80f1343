import { AreaMapError } from "../../../core/areas/index.js";
import { PercentileError } from "../../../core/dice/percentile.js";
import type { DiceTray } from "../../../core/dice/source.js";
import { InitiativeError } from "../../../core/initiative/teamOpposed.js";
import type { Outcome } from "../../../core/outcome.js";
import { LocationError } from "../../../core/tracks/locationBoxes.js";

/**
 * A request that passes its schema can still break the rules (an unknown area, an illegal dice
 * setting...). Such a request resolves to a refusal naming the rule, with whatever dice were rolled,
 * rather than a crash.
 */
export function refusing(tray: DiceTray, resolve: () => Outcome): Outcome {
  try {
    return resolve();
  } catch (error) {
    if (error instanceof AreaMapError || error instanceof PercentileError || error instanceof InitiativeError || error instanceof LocationError) {
      return { dice: tray.rolled, steps: [], result: { refused: error.message }, effects: [] };
    }
    throw error;
  }
}
