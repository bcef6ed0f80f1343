import { migrateSystem, type SystemSource } from "./steps.js";

type ModelClass = foundry.abstract.DataModel.AnyConstructor;

const registered = new WeakMap<ModelClass, string | null>();

/** The actor or item type a model class is registered for in CONFIG, looked up once. */
function typeOf(model: ModelClass): string | null {
  if (!registered.has(model)) {
    const models = [CONFIG.Actor.dataModels, CONFIG.Item.dataModels] as Record<string, unknown>[];
    const type = models.flatMap((byType) => Object.entries(byType)).find(([, candidate]) => candidate === model)?.[0] ?? null;
    // Only a found type is remembered: a model asked before its registration may be asked again.
    if (type === null) return null;
    registered.set(model, type);
  }
  return registered.get(model) ?? null;
}

/**
 * A Fray model's migrateData: the migration steps for its own type, on the system source Foundry
 * hands it before cleaning (on every load, create and update, so the steps are idempotent).
 */
export function migrateModelSource(model: ModelClass, source: SystemSource): void {
  const type = typeOf(model);
  if (type) migrateSystem(type, source, model.schema as foundry.data.fields.SchemaField.Any);
}

/** The data model CONFIG has for a document type. */
export function modelFor(documentName: "Actor" | "Item", type: unknown): ModelClass | undefined {
  if (typeof type !== "string") return undefined;
  return (CONFIG[documentName].dataModels as Record<string, ModelClass | undefined>)[type];
}
