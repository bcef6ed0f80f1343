/**
 * Foundry v13's ActorSheetV2 drag and drop, as later fvtt-types v13 releases declare it (13.345
 * leaves it out): _onRender binds ".draggable" rows and the whole sheet as a drop target;
 * _onDragStart puts an owned item's drag data ({type: "Item", uuid}) on the DataTransfer;
 * _onDrop reads it (TextEditor.getDragEventData), calls "dropActorSheetData" (false stops it),
 * resolves the document (fromDropData) and dispatches by type; _onDropItem copies an item from
 * elsewhere onto the actor (an owner only) and leaves the actor's own items alone (sorting is not
 * modelled). Also ClientDocument#toDragData and static fromDropData.
 */
import { ActorSheetV2, DocumentSheetV2, type RenderOptions } from "./applications.js";
import { ClientDocument, fromUuid, type DocumentClass } from "./documents.js";
import { Hooks } from "./hooks.js";
import { state } from "./state.js";
import type { AnyObject } from "./utils.js";

/** foundry.applications.ux.TextEditor, for drag data only. */
export class TextEditor {
  static get implementation(): typeof TextEditor {
    return TextEditor;
  }
  /** The JSON a drag carried as text/plain, or {} when there is none or it is not JSON. */
  static getDragEventData(event: DragEvent): AnyObject {
    if (!("dataTransfer" in event) || !event.dataTransfer) return {};
    try {
      return JSON.parse(event.dataTransfer.getData("text/plain")) as AnyObject;
    } catch {
      return {};
    }
  }
}

type Sheet = ActorSheetV2 & AnyObject & { actor: ClientDocument & { items: Map<string, ClientDocument>; isOwner: boolean } };

const sheetMethods = {
  _canDragStart(this: Sheet): boolean {
    return this.isEditable;
  },
  _canDragDrop(this: Sheet): boolean {
    return this.isEditable;
  },
  async _onDragStart(this: Sheet, event: DragEvent): Promise<void> {
    const row = event.currentTarget as HTMLElement;
    if ("link" in ((event.target as HTMLElement | null)?.dataset ?? {})) return;
    const id = row.dataset.itemId;
    const item = id ? this.actor.items.get(id) : undefined;
    if (!item || !event.dataTransfer) return;
    event.dataTransfer.setData("text/plain", JSON.stringify((item as unknown as { toDragData(): AnyObject }).toDragData()));
  },
  _onDragOver(): void {},
  async _onDrop(this: Sheet, event: DragEvent): Promise<void> {
    const data = TextEditor.getDragEventData(event);
    if (Hooks.call("dropActorSheetData", this.actor, this, data) === false) return;
    const cls = state.CONFIG[data.type as string]?.documentClass as (DocumentClass & { fromDropData(d: AnyObject): Promise<ClientDocument | null> }) | undefined;
    if (!cls) return;
    const document = await cls.fromDropData(data);
    if (document) await (this._onDropDocument as (e: DragEvent, d: ClientDocument) => Promise<unknown>).call(this, event, document);
  },
  async _onDropDocument(this: Sheet, event: DragEvent, document: ClientDocument): Promise<unknown> {
    if (document.documentName === "Item") return (this._onDropItem as (e: DragEvent, d: ClientDocument) => Promise<unknown>).call(this, event, document);
    return null;
  },
  async _onDropItem(this: Sheet, _event: DragEvent, item: ClientDocument): Promise<ClientDocument | null> {
    if (!this.actor.isOwner) return null;
    if (item.parent === this.actor) return null;
    const keepId = !this.actor.items.has(item.id as string);
    const cls = state.CONFIG.Item?.documentClass as DocumentClass;
    const created = await cls.create(item.toObject(), { parent: this.actor, keepId });
    return (created as ClientDocument | undefined) ?? null;
  },
};

/** Bind the drag and drop of every render, as v13's ActorSheetV2#_onRender does. */
type DragSheet = Sheet & {
  _canDragStart(selector: string): boolean;
  _canDragDrop(selector: string | null): boolean;
  _onDragStart(event: DragEvent): Promise<void>;
  _onDragOver(event: Event): void;
  _onDrop(event: DragEvent): Promise<void>;
};

function bindDragDrop(sheet: DragSheet): void {
  const element = sheet.element;
  for (const row of element.querySelectorAll<HTMLElement>(".draggable")) {
    row.draggable = true;
    row.addEventListener("dragstart", (event) => {
      if (sheet._canDragStart(".draggable")) void sheet._onDragStart(event as DragEvent);
    });
  }
  if (element.dataset.frayDropBound) return;
  element.dataset.frayDropBound = "true";
  element.addEventListener("dragover", (event) => sheet._onDragOver(event));
  element.addEventListener("drop", (event) => {
    event.preventDefault();
    if (sheet._canDragDrop(null)) state.renders.add(trackDrop(sheet._onDrop(event as DragEvent)));
  });
}

function trackDrop(promise: Promise<void>): Promise<void> {
  const tracked: Promise<void> = promise.then(
    () => void state.renders.delete(tracked),
    (err: unknown) => {
      state.renders.delete(tracked);
      state.renderErrors.push(err);
    },
  );
  return tracked;
}

export function installDragDrop(ux: AnyObject): void {
  ux.TextEditor = TextEditor;
  const proto = ActorSheetV2.prototype as unknown as AnyObject;
  Object.assign(proto, sheetMethods);
  const inherited = (DocumentSheetV2.prototype as unknown as { _onRender(c: AnyObject, o: RenderOptions): unknown })._onRender;
  proto._onRender = function (this: DragSheet, context: AnyObject, options: RenderOptions) {
    const result = inherited.call(this, context, options);
    bindDragDrop(this);
    return result;
  };
  const doc = ClientDocument as unknown as AnyObject;
  (ClientDocument.prototype as unknown as AnyObject).toDragData = function (this: ClientDocument): AnyObject {
    return { type: this.documentName, uuid: this.uuid };
  };
  doc.fromDropData = async function (this: DocumentClass, data: AnyObject): Promise<ClientDocument | null> {
    if (data.uuid) return fromUuid(data.uuid as string);
    return data.data ? new this(data.data as AnyObject) : null;
  };
}
