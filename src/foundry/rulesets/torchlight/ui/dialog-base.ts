import { HandlebarsDialog } from "../../../sheet-base.js";

/** Every dialog's base (sheet-base.ts): a redrawn footer keeps its buttons, so a click that blurred a typed field lands. */
export const TorchlightDialogBase = HandlebarsDialog;

/** A form's values by input name (Foundry's FormDataExtended, expanded). */
export function valuesOf(form: HTMLFormElement): Record<string, unknown> {
  return foundry.utils.expandObject(new foundry.applications.ux.FormDataExtended(form).object) as Record<string, unknown>;
}
