import { addRow, removeRow, rowTarget } from "../sheets/rows.js";
import { PARTIALS } from "../sheets/partials.js";
import { SYSTEM_ID } from "../system.js";

import type { DeepPartial } from "fvtt-types/utils";
import { HandlebarsActorSheet } from "../sheet-base.js";
import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

/** What a ruleset adds to every sheet's render context: choices for selects, derived numbers. */
export type SheetContextBuilder = (actor: Actor.Implementation) => Record<string, unknown>;

/**
 * The one actor sheet class every Fray actor type uses: a form over the actor's tracks that saves
 * on change. Each type brings its own template and its own extra context.
 */
export class FrayActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "sheet", "actor"],
    position: { width: 600, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      addRow: FrayActorSheet.#onAddRow,
      removeRow: FrayActorSheet.#onRemoveRow,
    },
  };

  /** Set by `sheetClassFor`; the base class has no template of its own. */
  static async #onAddRow(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await addRow(this.actor, rowTarget(target).path);
  }

  static async #onRemoveRow(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const { path, index } = rowTarget(target);
    await removeRow(this.actor, path, index);
  }

  static extraContext: SheetContextBuilder = () => ({});

  protected override async _prepareContext(options: DeepPartial<ActorSheetV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const builder = (this.constructor as typeof FrayActorSheet).extraContext;
    return Object.assign(context, { actor: this.actor, system: this.actor.system }, builder(this.actor));
  }
}

/** A sheet class for one actor type: its template and its context. */
export function sheetClassFor(type: string, template: string, extraContext: SheetContextBuilder): typeof FrayActorSheet {
  const sheet = class extends FrayActorSheet {
    static override PARTS = { sheet: { template, templates: PARTIALS, scrollable: [""] } };
    static override extraContext = extraContext;
  };
  // DocumentSheetConfig ids sheets by class name, so each type's class is named after its type.
  Object.defineProperty(sheet, "name", { value: `FrayActorSheet_${type}` });
  return sheet;
}
