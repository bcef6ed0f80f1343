/**
 * Every ruleset's document types, as src/foundry/fray.ts registers them at module load: what any
 * world needs at `init`, whatever it plays, so no ruleset's data is ever dropped. The shared layer
 * (actors, items, the hotbar, the token HUD) reads them here and never imports a ruleset's folder;
 * fray.ts is the one place that names the rulesets (docs/architecture.md, "Layers and registries").
 */
import type { RulesetId } from "../../rules/ruleset.js";
import type { RulesetDocuments } from "./types.js";

let registered: readonly RulesetDocuments[] = [];

/** Every ruleset's documents, in the order the rulesets are listed (fray.ts, once, at module load). */
export function provideRulesetDocuments(list: readonly RulesetDocuments[]): void {
  registered = list;
}

/** Every registered ruleset's documents. */
export function rulesetDocuments(): readonly RulesetDocuments[] {
  return registered;
}

/** A ruleset's document types (the first registered ruleset's for an id none registered). */
export function documentsOf(id: RulesetId): RulesetDocuments {
  const found = registered.find((documents) => documents.id === id) ?? registered[0];
  if (!found) throw new Error("Fray | no ruleset's documents are registered yet");
  return found;
}

/** Which ruleset's documents an actor or item type belongs to. */
export function documentsOfType(type: string): RulesetDocuments | undefined {
  return registered.find((ruleset) => type in ruleset.actors || type in ruleset.items);
}
