import { keepUnmigratable } from "./keep.js";
import { modelFor } from "./model.js";

/** Source data only: a document instance handed to a constructor is copied by Foundry, never changed. */
const isObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * Called by FrayActor and FrayItem as Foundry builds a document from stored data, before it cleans
 * it: whatever the current schema cannot hold moves to `flags.fray.unmigrated` instead of being
 * dropped. An actor does this for its embedded items too, since Foundry cleans them with the actor
 * before the items themselves are built.
 */
export function keepOnLoad(documentName: "Actor" | "Item", data: unknown): void {
  if (!isObject(data)) return;
  keepUnmigratable(data, modelFor(documentName, data.type));
  if (documentName !== "Actor" || !Array.isArray(data.items)) return;
  for (const item of data.items) if (isObject(item)) keepUnmigratable(item, modelFor("Item", item.type));
}
