import type { RulesetId } from "../../rules/ruleset.js";
import { cavaliersDocuments } from "./cavaliers/documents.js";
import { dramaDocuments } from "./drama/documents.js";
import type { RulesetLoader } from "./loading.js";
import { personalDocuments } from "./personal/documents.js";
import { torchlightDocuments } from "./torchlight/documents.js";
import type { RulesetDocuments } from "./types.js";
import { unhexDocuments } from "./unhex/documents.js";

/**
 * Where each ruleset's Foundry code comes from: a chunk of the build, fetched only by a world that
 * needs it (rulesets/loading.ts). Adding a ruleset adds one line here and one to RULESET_DOCUMENTS.
 */
export const RULESET_LOADERS: Record<RulesetId, RulesetLoader> = {
  cavaliers: async () => (await import("./cavaliers/index.js")).cavaliersFoundry,
  drama: async () => (await import("./drama/index.js")).dramaFoundry,
  unhex: async () => (await import("./unhex/index.js")).unhexFoundry,
  personal: async () => (await import("./personal/index.js")).personalFoundry,
  torchlight: async () => (await import("./torchlight/index.js")).torchlightFoundry,
};

/**
 * Every ruleset's document types: what any world registers at `init`, whatever it plays, so no
 * ruleset's data is ever dropped. They stay in the entry; the rest of a ruleset is its chunk.
 */
export const RULESET_DOCUMENTS: readonly RulesetDocuments[] = [cavaliersDocuments, dramaDocuments, unhexDocuments, personalDocuments, torchlightDocuments];

/** A ruleset's document types. */
export function documentsOf(id: RulesetId): RulesetDocuments {
  return RULESET_DOCUMENTS.find((documents) => documents.id === id) ?? (RULESET_DOCUMENTS[0] as RulesetDocuments);
}

/** Which ruleset's documents an actor or item type belongs to. */
export function documentsOfType(type: string): RulesetDocuments | undefined {
  return RULESET_DOCUMENTS.find((ruleset) => type in ruleset.actors || type in ruleset.items);
}
