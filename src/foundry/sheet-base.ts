import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;
import ItemSheetV2 = foundry.applications.sheets.ItemSheetV2;
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;

/** The static side the Handlebars mixin adds to a sheet class. */
export interface HandlebarsStatics {
  PARTS: Record<string, HandlebarsApplicationMixin.HandlebarsTemplatePart>;
}

// fvtt-types 13.345 overflows TypeScript's instantiation depth (TS2589) as soon as a subclass of a
// HandlebarsApplicationMixin class overrides a render hook; the runtime classes are the real
// mixins, typed as their base sheets plus the PARTS the mixin adds.
export const HandlebarsActorSheet = HandlebarsApplicationMixin(ActorSheetV2) as unknown as typeof ActorSheetV2 & HandlebarsStatics;
export const HandlebarsItemSheet = HandlebarsApplicationMixin(ItemSheetV2) as unknown as typeof ItemSheetV2 & HandlebarsStatics;
// The same cast for dialogs: an ApplicationV2 with the Handlebars mixin.
export const HandlebarsDialog = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2 & HandlebarsStatics;

/** A form's values as an object keyed by input names (Foundry's FormDataExtended). */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  return foundry.utils.expandObject(new foundry.applications.ux.FormDataExtended(form).object) as Record<string, unknown>;
}
