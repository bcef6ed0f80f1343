/**
 * A sheet and its dialogs driven in a Foundry test as a player drives them: the sheet rendered, a
 * button clicked whose handler opens a dialog (not awaited, as in Foundry) and the dialog waited
 * for, a field changed as her input changes it.
 */
import type { FoundryHarness } from "../../playground/foundry/index.js";

export function sheetDialogs(harness: Pick<FoundryHarness, "flush">) {
  /** A dialog renders in steps (timers, then documents): a few rounds of both. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await harness.flush();
    }
  };
  const dialog = (cls: string) => document.querySelector(`.${cls}`) as HTMLFormElement | null;

  async function openSheet(actor: { sheet: unknown }): Promise<HTMLElement> {
    const sheet = actor.sheet as { render(o: object): Promise<{ element: HTMLElement }> };
    const app = await sheet.render({ force: true });
    await harness.flush();
    return app.element;
  }

  async function clickOpen(button: Element | null, cls: string): Promise<HTMLFormElement> {
    if (!button) throw new Error("no such button");
    (button as HTMLElement).click();
    for (let i = 0; i < 200 && !dialog(cls); i++) await new Promise((r) => setTimeout(r, 5));
    await settle();
    const found = dialog(cls);
    if (!found) throw new Error(`no .${cls} opened`);
    return found;
  }

  function change(el: Element | null, apply: (el: HTMLInputElement & HTMLSelectElement) => void): void {
    if (!el) throw new Error("no such field");
    apply(el as HTMLInputElement & HTMLSelectElement);
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }

  return { settle, dialog, openSheet, clickOpen, change };
}
