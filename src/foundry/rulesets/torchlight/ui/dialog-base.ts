import type { HandlebarsStatics } from "../../../sheet-base.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;

// As in sheet-base.ts: fvtt-types 13.345 overflows TypeScript's instantiation depth when a subclass
// of a mixed Handlebars application overrides a render hook; the runtime class is the real mixin.
export const TorchlightDialogBase = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2 & HandlebarsStatics;

/** A form's values by input name (Foundry's FormDataExtended, expanded). */
export function valuesOf(form: HTMLFormElement): Record<string, unknown> {
  return foundry.utils.expandObject(new foundry.applications.ux.FormDataExtended(form).object) as Record<string, unknown>;
}
