// The mixed dialog class and the form reader are shared by every ruleset's dialogs.
export { HandlebarsDialog, formValues } from "../sheet-base.js";

/** Parts that show what follows from the inputs, re-rendered while the inputs stay put. */
export const SUMMARY_PARTS = ["summary", "footer"];

/**
 * After typing in a text field only the summary is redrawn, so the field the player tabs to keeps
 * its focus; a checkbox or select may change other inputs (a Flourish fixes the difficulty).
 */
export function partsToRedraw(event: Event): string[] | undefined {
  const target = event.target;
  return target instanceof HTMLInputElement && target.type === "text" ? SUMMARY_PARTS : undefined;
}
