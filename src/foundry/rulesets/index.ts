import { cavaliersDocuments } from "./cavaliers/documents.js";
import { cavaliersFoundry } from "./cavaliers/index.js";
import { dramaDocuments } from "./drama/documents.js";
import { dramaFoundry } from "./drama/index.js";
import { personalDocuments } from "./personal/documents.js";
import { personalFoundry } from "./personal/index.js";
import { torchlightDocuments } from "./torchlight/documents.js";
import { torchlightFoundry } from "./torchlight/index.js";
import type { FoundryRuleset, RulesetDocuments } from "./types.js";
import { unhexDocuments } from "./unhex/documents.js";
import { unhexFoundry } from "./unhex/index.js";

/** Every ruleset's Foundry pieces. All are registered in every world, so no ruleset's data is ever dropped. */
export const FOUNDRY_RULESETS: readonly FoundryRuleset[] = [cavaliersFoundry, dramaFoundry, unhexFoundry, personalFoundry, torchlightFoundry];

/** Every ruleset's document types, in the same order: what any world registers at `init`. */
export const RULESET_DOCUMENTS: readonly RulesetDocuments[] = [cavaliersDocuments, dramaDocuments, unhexDocuments, personalDocuments, torchlightDocuments];

/** Which ruleset's documents an actor or item type belongs to. */
export function documentsOfType(type: string): RulesetDocuments | undefined {
  return RULESET_DOCUMENTS.find((ruleset) => type in ruleset.actors || type in ruleset.items);
}
