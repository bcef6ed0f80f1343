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
const DialogBase = HandlebarsApplicationMixin(ApplicationV2);

/**
 * A dialog redraws its summary and footer as the fields change, and a typed field's change fires as
 * it loses focus: on the press of the footer's button. A browser sends no click to a button taken out
 * of the page between the press and the release, so the first click on Roll or Declare after typing
 * did nothing. A redrawn footer that holds the same buttons is not put in: its buttons' labels and
 * states are copied onto the ones on the page.
 */
class FooterKeepingDialog extends (DialogBase as unknown as typeof ApplicationV2) {
  protected override _replaceHTML(result: unknown, content: HTMLElement, options: ApplicationV2.RenderOptions): void {
    const parts = result as Record<string, HTMLElement>;
    const prior = content.querySelector<HTMLElement>('[data-application-part="footer"]');
    if (parts.footer && prior && updateButtonsInPlace(parts.footer, prior)) {
      const { footer: _kept, ...others } = parts;
      return super._replaceHTML(others, content, options);
    }
    super._replaceHTML(result, content, options);
  }
}

/** Copies the redrawn part's buttons onto the prior part's, when the two differ in nothing else; false when they do. */
export function updateButtonsInPlace(redrawn: HTMLElement, prior: HTMLElement): boolean {
  const fresh = [...redrawn.querySelectorAll("button")];
  const kept = [...prior.querySelectorAll("button")];
  const withoutButtons = (part: HTMLElement) => {
    const copy = part.cloneNode(true) as HTMLElement;
    for (const button of copy.querySelectorAll("button")) button.remove();
    return copy.innerHTML;
  };
  if (fresh.length !== kept.length || fresh.some((b, i) => b.type !== kept[i]!.type || b.name !== kept[i]!.name) || withoutButtons(redrawn) !== withoutButtons(prior)) return false;
  fresh.forEach((button, i) => {
    const old = kept[i]!;
    for (const { name } of [...old.attributes]) if (!button.hasAttribute(name)) old.removeAttribute(name);
    for (const { name, value } of [...button.attributes]) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    if (old.innerHTML !== button.innerHTML) old.replaceChildren(...button.childNodes);
  });
  return true;
}

// The same cast for dialogs: an ApplicationV2 with the Handlebars mixin.
export const HandlebarsDialog = FooterKeepingDialog as unknown as typeof ApplicationV2 & HandlebarsStatics;

/** A form's values as an object keyed by input names (Foundry's FormDataExtended). */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  return foundry.utils.expandObject(new foundry.applications.ux.FormDataExtended(form).object) as Record<string, unknown>;
}
