import { cavaliersFoundry } from "./cavaliers/index.js";
import { dramaFoundry } from "./drama/index.js";
import { personalFoundry } from "./personal/index.js";
import { torchlightFoundry } from "./torchlight/index.js";
import type { FoundryRuleset } from "./types.js";
import { unhexFoundry } from "./unhex/index.js";

/** Every ruleset's Foundry pieces. All are registered in every world, so no ruleset's data is ever dropped. */
export const FOUNDRY_RULESETS: readonly FoundryRuleset[] = [cavaliersFoundry, dramaFoundry, unhexFoundry, personalFoundry, torchlightFoundry];

/** Which ruleset an actor or item type belongs to. */
export function rulesetOfType(type: string): FoundryRuleset | undefined {
  return FOUNDRY_RULESETS.find((ruleset) => type in ruleset.actors || type in ruleset.items);
}
