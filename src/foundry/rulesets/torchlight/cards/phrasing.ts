/**
 * Torchlight's changes in the game's words: Breath, the characteristics' DCs and what an encounter
 * cost by their sheet names (FRAY.Torchlight.Field), Incapacitated and Dying said once with their
 * statuses. The Combat's bookkeeping (queued hits, marks, the grid, each save's reading) is said on
 * the card in its own lines, so the change list leaves it out.
 */
import type { RulesetPhrasing } from "../../../cards/phrasing.js";

export const TORCHLIGHT_PHRASING: RulesetPhrasing = {
  fieldNames: "FRAY.Torchlight.Field",
  rows: [
    { key: /.*/, on: "Combat", say: () => null },
    { key: /.*/, on: "Combatant", say: () => null },
  ],
};
