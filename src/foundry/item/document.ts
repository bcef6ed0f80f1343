import { keepOnLoad } from "../migrations/document.js";

/** Fray's Item: keeps, rather than drops, stored values its schema cannot hold (see migrations/). */
export class FrayItem extends Item {
  protected override _initializeSource(...args: Parameters<Item["_initializeSource"]>) {
    keepOnLoad("Item", args[0]);
    return super._initializeSource(...args);
  }
}
