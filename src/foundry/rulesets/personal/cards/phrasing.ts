/**
 * Personal Combat's changes in the game's words: Resolve and the Fallen Fates by their sheet names,
 * Wounded said once with its status ("Ines is Wounded"), and the Combat's bookkeeping left to the
 * tracker.
 */
import type { RulesetPhrasing } from "../../../cards/phrasing.js";

export const PERSONAL_PHRASING: RulesetPhrasing = {
  rows: [
    { key: /.*/, on: "Combat", say: () => null },
    { key: /.*/, on: "Combatant", say: () => null },
  ],
};
