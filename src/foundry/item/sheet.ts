import type { DeepPartial } from "fvtt-types/utils";
import { HandlebarsItemSheet } from "../sheet-base.js";
import { addRow, removeRow, rowTarget } from "../sheets/rows.js";
import { PARTIALS } from "../sheets/partials.js";
import { SYSTEM_ID } from "../system.js";

/** The context as a sheet shell gets it: its ruleset's builder, once that ruleset's chunk has arrived. */
export type ItemShellContext = (item: Item.Implementation) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** The item sheet every Fray item type uses: a form over its data that saves on change. */
export class FrayItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "sheet", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      addRow: FrayItemSheet.#onAddRow,
      removeRow: FrayItemSheet.#onRemoveRow,
    },
  };

  static async #onAddRow(this: FrayItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await addRow(this.item, rowTarget(target).path);
  }

  static async #onRemoveRow(this: FrayItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const { path, index } = rowTarget(target);
    await removeRow(this.item, path, index);
  }

  static extraContext: ItemShellContext = () => ({});

  protected override async _prepareContext(options: DeepPartial<foundry.applications.api.DocumentSheetV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const builder = (this.constructor as typeof FrayItemSheet).extraContext;
    const descriptionHTML = await itemDescriptionHTML(this.item);
    return Object.assign(context, { item: this.item, system: this.item.system, descriptionHTML }, await builder(this.item));
  }
}

/** The item's description as the sheet shows it: enriched (@Rule, @UUID links), secrets only for its owners. */
export async function itemDescriptionHTML(item: Item.Implementation): Promise<string> {
  const description = (item.system as { description?: unknown }).description;
  if (typeof description !== "string" || !description) return "";
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(description, { relativeTo: item, secrets: item.isOwner });
}

/** A sheet class for one item type, registered at `init` before its ruleset has arrived (see sheetClassFor). */
export function itemSheetClassFor(type: string, template: string, extraContext: ItemShellContext): typeof FrayItemSheet {
  const sheet = class extends FrayItemSheet {
    static override PARTS = { sheet: { template, templates: PARTIALS, scrollable: [""] } };
    static override extraContext = extraContext;
  };
  // DocumentSheetConfig ids sheets by class name, so each type's class is named after its type.
  Object.defineProperty(sheet, "name", { value: `FrayItemSheet_${type}` });
  return sheet;
}
