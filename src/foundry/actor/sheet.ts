import { addRow, removeRow, rowTarget } from "../sheets/rows.js";
import { PARTIALS } from "../sheets/partials.js";
import { baseSync, keepTyping, type PartState, restoreTyping } from "../sheets/typing.js";
import { SYSTEM_ID } from "../system.js";

import type { DeepPartial } from "fvtt-types/utils";
import { HandlebarsActorSheet } from "../sheet-base.js";
import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

/** The Actors directory's entries a ruleset may fill with one of its sheet buttons (the sheet extension's `directoryActions`, read by api/directory.ts). */
export const DIRECTORY_ENTRIES = ["attack", "recover"] as const;
export type DirectoryEntry = (typeof DIRECTORY_ENTRIES)[number];

/** A button a ruleset adds to its sheets: `data-action="<name>"` in the template. */
export type SheetAction = (sheet: FrayActorSheet, event: PointerEvent, target: HTMLElement) => unknown;

/** What a ruleset adds to one actor type's sheet beyond its template and context. */
export interface SheetExtension {
  actions?: Record<string, SheetAction>;
  /** Item types a drop onto the sheet may add; any other is refused with a message. */
  itemTypes?: readonly string[];
  /**
   * The actions a player may drag to the hotbar (rolls, dialogs), which `game.fray.rollAction` takes;
   * the rest (marking a box, equipping) stay on the sheet.
   */
  macroActions?: readonly string[];
  /** The action an owned item rolls when it is dragged to the hotbar or used from `game.fray.useItem` (none: its sheet opens). */
  itemAction?(item: Item.Implementation): string | null;
  /** Which of `macroActions` the Actors directory's context menu offers as Attack and as Rest (api/directory.ts). */
  directoryActions?: Partial<Record<DirectoryEntry, string>>;
}

const EXTENSIONS = new Map<string, SheetExtension>();

/** Add buttons and drop rules to an actor type's sheet (a ruleset calls this at init). */
export function registerSheetExtension(actorType: string, extension: SheetExtension): void {
  const known = EXTENSIONS.get(actorType) ?? {};
  EXTENSIONS.set(actorType, {
    actions: { ...known.actions, ...extension.actions },
    itemTypes: extension.itemTypes ?? known.itemTypes,
    macroActions: [...new Set([...(known.macroActions ?? []), ...(extension.macroActions ?? [])])],
    directoryActions: { ...known.directoryActions, ...extension.directoryActions },
    ...((extension.itemAction ?? known.itemAction) ? { itemAction: extension.itemAction ?? known.itemAction } : {}),
  });
}

/** What a ruleset registered for an actor type's sheet (once its chunk has arrived). */
export function sheetExtensionOf(actorType: string): SheetExtension | undefined {
  return EXTENSIONS.get(actorType);
}

/** The drag data of a sheet button dragged to the hotbar (api/hotbar.ts turns it into a macro). */
export const ACTION_DRAG_TYPE = "fray.SheetAction";

export interface ActionDragData {
  type: typeof ACTION_DRAG_TYPE;
  actorUuid: string;
  action: string;
  /** The button's data attributes and its rows' (`data-item-id`, `data-characteristic`...), which the action reads. */
  data: Record<string, string>;
  /** The button's name in the player's words, for the macro. */
  label: string;
}

/** Data attributes that place a button in the sheet's layout, never what its action reads. */
const LAYOUT_DATA = new Set(["action", "applicationPart", "tab", "group", "tooltip", "tooltipDirection", "tooltipClass"]);

/** The data attributes an action may read through `closest(...)`: the button's, then each enclosing element's up to the sheet. */
function actionData(button: HTMLElement, root: HTMLElement): Record<string, string> {
  const data: Record<string, string> = {};
  for (let at: HTMLElement | null = button; at && at !== root; at = at.parentElement) {
    for (const [key, value] of Object.entries(at.dataset)) if (!LAYOUT_DATA.has(key) && value !== undefined && !(key in data)) data[key] = value;
  }
  return data;
}

function buttonLabel(button: HTMLElement): string {
  const named = button.dataset.tooltip ?? button.getAttribute("aria-label") ?? button.getAttribute("title") ?? "";
  const text = named ? game.i18n!.localize(named) : (button.textContent ?? "").trim();
  return text.replace(/\s+/g, " ").slice(0, 60);
}

/** Makes the hotbar actions of a sheet draggable, each carrying what `game.fray.rollAction` needs to take it again. */
function wireActionDrags(sheet: FrayActorSheet): void {
  const actions = EXTENSIONS.get(sheet.actor.type)?.macroActions ?? [];
  if (!actions.length || !sheet.actor.isOwner) return;
  for (const button of sheet.element.querySelectorAll<HTMLElement>("[data-action]")) {
    const action = button.dataset.action ?? "";
    if (!actions.includes(action)) continue;
    button.draggable = true;
    button.addEventListener("dragstart", (event) => {
      // The row around the button may be draggable itself (an item); the button's own drag wins.
      event.stopPropagation();
      const drag: ActionDragData = { type: ACTION_DRAG_TYPE, actorUuid: sheet.actor.uuid, action, data: actionData(button, sheet.element), label: buttonLabel(button) };
      event.dataTransfer?.setData("text/plain", JSON.stringify(drag));
    });
  }
}

/** v13's ActorSheetV2 drop handling, which fvtt-types 13.345 does not declare (later releases do). */
interface ActorSheetDrops {
  _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null>;
}

/** The owned item a list row stands for (`data-item-id` on the row or the button). */
function rowItem(actor: Actor.Implementation, target: HTMLElement): Item.Implementation | null {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return (id && actor.items.get(id)) || null;
}

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
      editItem: FrayActorSheet.#onEditItem,
      deleteItem: FrayActorSheet.#onDeleteItem,
    },
  };

  static async #onEditItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await rowItem(this.actor, target)?.sheet?.render(true);
  }

  /** Deleting asks first: an item's edited success table is lost with it. */
  static async #onDeleteItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = rowItem(this.actor, target);
    if (!item || !this.isEditable) return;
    const i18n = game.i18n!;
    const confirmed = await foundry.applications.api.DialogV2.confirm({
      window: { title: i18n.localize("FRAY.Ui.DeleteItem") },
      content: `<p>${i18n.format("FRAY.Ui.DeleteItemConfirm", { name: Handlebars.escapeExpression(item.name) })}</p>`,
    });
    if (confirmed === true) await item.delete();
  }

  /** Buttons a ruleset registered for this actor type. */
  protected override _onClickAction(event: PointerEvent, target: foundry.applications.api.ApplicationV2.ActionTarget): void {
    const action = target.dataset.action;
    const handler = action ? EXTENSIONS.get(this.actor.type)?.actions?.[action] : undefined;
    if (handler) void Promise.resolve(handler(this, event, target)).catch((err: unknown) => ui.notifications?.error(err instanceof Error ? err.message : String(err)));
    else super._onClickAction(event, target);
  }

  /**
   * A field of an owned item shown in a list row (`data-item-field="system.ranks"` inside a
   * `data-item-id` row) saves to that item, not to the actor.
   */
  protected override _onChangeForm(formConfig: foundry.applications.api.ApplicationV2.FormConfiguration, event: Event): void {
    const input = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement ? event.target : null;
    const field = input?.dataset.itemField;
    if (!input || !field) return super._onChangeForm(formConfig, event);
    const item = rowItem(this.actor, input);
    if (!item || !this.isEditable) return;
    const value = input.type === "checkbox" ? (input as HTMLInputElement).checked : input.type === "number" ? Number(input.value) : input.value;
    void item.update({ [field]: value }).catch((err: unknown) => {
      ui.notifications?.error(err instanceof Error ? err.message : String(err));
      void this.render();
    });
  }

  /** A dropped item of another ruleset is refused; the rest is Foundry's own handling (it copies the item onto the actor). */
  protected async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null> {
    const accepted = EXTENSIONS.get(this.actor.type)?.itemTypes;
    if (accepted && !accepted.includes(item.type)) {
      ui.notifications?.warn(game.i18n!.format("FRAY.Ui.ItemRefused", { item: item.name, type: game.i18n!.localize(`TYPES.Item.${item.type}`) }));
      return null;
    }
    // Declared above: the method exists on v13's ActorSheetV2 but not in fvtt-types 13.345.
    const base = (ActorSheetV2.prototype as unknown as ActorSheetDrops)._onDropItem;
    return base.call(this, event, item);
  }

  /** Set by `sheetClassFor`; the base class has no template of its own. */
  static async #onAddRow(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await addRow(this.actor, rowTarget(target).path);
  }

  static async #onRemoveRow(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const { path, index } = rowTarget(target);
    await removeRow(this.actor, path, index);
  }

  static extraContext: SheetShellContext = () => ({});

  protected override async _onRender(context: DeepPartial<ActorSheetV2.RenderContext>, options: DeepPartial<ActorSheetV2.RenderOptions>): Promise<void> {
    await super._onRender(context, options);
    wireActionDrags(this);
  }

  /** Keeps the text she is typing across a re-render (sheets/typing.ts). */
  protected _preSyncPartState(partId: string, newElement: HTMLElement, priorElement: HTMLElement, state: PartState): void {
    baseSync(HandlebarsActorSheet.prototype).pre.call(this, partId, newElement, priorElement, state);
    keepTyping(priorElement, state);
  }

  protected _syncPartState(partId: string, newElement: HTMLElement, priorElement: HTMLElement, state: PartState): void {
    restoreTyping(newElement, state);
    baseSync(HandlebarsActorSheet.prototype).sync.call(this, partId, newElement, priorElement, state);
  }

  protected override async _prepareContext(options: DeepPartial<ActorSheetV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const builder = (this.constructor as typeof FrayActorSheet).extraContext;
    return Object.assign(context, { actor: this.actor, system: this.actor.system }, await builder(this.actor));
  }
}

/**
 * An actor sheet's tabs, as v13's ApplicationV2 TABS: the character (tracks, actions, what she
 * rolls), any tabs her ruleset adds where one would not fit a 720 px window (torchlight's
 * characteristics, drama's skills), her gear, her notes. One shows at a time; the header and its name
 * stay above them.
 */
export function actorTabs(extra: readonly { id: string; icon: string }[] = []): Record<string, foundry.applications.api.ApplicationV2.TabsConfiguration> {
  return {
    sheet: {
      tabs: [
        { id: "character", icon: "fa-solid fa-user", cssClass: "" },
        ...extra.map(({ id, icon }) => ({ id, icon, cssClass: "" })),
        { id: "gear", icon: "fa-solid fa-suitcase", cssClass: "" },
        { id: "notes", icon: "fa-solid fa-book", cssClass: "" },
      ],
      initial: "character",
      labelPrefix: "FRAY.Sheet.Tab",
    },
  };
}

/** The context as a sheet shell gets it: its ruleset's builder, once that ruleset's chunk has arrived. */
export type SheetShellContext = (actor: Actor.Implementation) => Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * A sheet class for one actor type: its template and its context. Registered at `init` for every
 * type, before the type's ruleset has arrived, so the context may have to wait for it.
 */
export function sheetClassFor(type: string, template: string, extraContext: SheetShellContext, tabs?: readonly { id: string; icon: string }[]): typeof FrayActorSheet {
  const sheet = class extends FrayActorSheet {
    static override PARTS = { sheet: { template, templates: PARTIALS, scrollable: [""] } };
    static override TABS = actorTabs(tabs);
    static override extraContext = extraContext;
  };
  // DocumentSheetConfig ids sheets by class name, so each type's class is named after its type.
  Object.defineProperty(sheet, "name", { value: `FrayActorSheet_${type}` });
  return sheet;
}
