/**
 * The combined actions a roll dialog offers (attack, Use a Skill, Flourish) and what stops them:
 * the round's Drop 4 cap and two Areas (seed 000 §Combined Actions), counted with what she took
 * earlier this round, and an opponent's Interpose holding her in her Area.
 */
import { areasMoved, combinedActionDrop } from "../../../../rules/cavaliers/combined.js";
import { COMBINED_ACTIONS, COMBINED_CAP, MAX_AREAS_PER_TURN } from "../../../../rules/cavaliers/tables.js";

const i18n = () => game.i18n!;

export interface CombinedPlan {
  /** The chosen ids that are combined actions. */
  combined: string[];
  /** Their Drop on this roll. */
  combinedDrop: number;
  /** Areas this turn's Move or Run covers. */
  moved: number;
  overCap: boolean;
  problems: string[];
}

/** What the chosen combined actions come to, and the refusals the rules would give. */
export function planCombined(chosen: readonly string[], earlier: readonly string[] = [], heldInArea = false): CombinedPlan {
  const combined = chosen.filter((id) => Object.hasOwn(COMBINED_ACTIONS, id));
  const combinedDrop = combinedActionDrop(combined);
  const capCount = combinedDrop + combinedActionDrop(earlier);
  const overCap = capCount > COMBINED_CAP;
  const problems: string[] = [];
  if (overCap) problems.push(i18n().format(earlier.length ? "FRAY.Ui.OverCapRound" : "FRAY.Ui.OverCap", { drop: String(capCount), cap: String(COMBINED_CAP) }));
  const moved = areasMoved(combined);
  if (moved + areasMoved(earlier) > MAX_AREAS_PER_TURN) problems.push(i18n().format("FRAY.Ui.TooFar", { areas: String(MAX_AREAS_PER_TURN) }));
  if (moved > 0 && heldInArea) problems.push(i18n().localize("FRAY.Ui.HeldInArea"));
  return { combined, combinedDrop, moved, overCap, problems };
}

/** The checkboxes of `parts/cavaliers-combined.hbs`, ticked as chosen. */
export function combinedOptions(chosen: readonly string[]): { id: string; drop: number; label: string; checked: boolean }[] {
  return Object.entries(COMBINED_ACTIONS).map(([id, drop]) => ({ id, drop, label: i18n().localize(`FRAY.Ui.Combined.${id}`), checked: chosen.includes(id) }));
}

/** The ticked combined actions of a form's `combined.<id>` checkboxes. */
export function readCombined(raw: unknown): string[] {
  return Object.entries((raw ?? {}) as Record<string, boolean>).filter(([, on]) => on).map(([id]) => id);
}
