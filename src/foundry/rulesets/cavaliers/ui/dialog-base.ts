import type { HandlebarsStatics } from "../../../sheet-base.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;

// As in sheet-base.ts: fvtt-types 13.345 overflows TypeScript's instantiation depth when a subclass
// of a mixed Handlebars application overrides a render hook; the runtime class is the real mixin.
export const HandlebarsDialog = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2 & HandlebarsStatics;

/** The form's values as an object keyed by input names (Foundry's FormDataExtended). */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  return foundry.utils.expandObject(new foundry.applications.ux.FormDataExtended(form).object) as Record<string, unknown>;
}

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
