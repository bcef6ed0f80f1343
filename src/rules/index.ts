import { cavaliersRules } from "./cavaliers/index.js";
import { dramaRules } from "./drama/index.js";
import { personalRules } from "./personal/index.js";
import type { RulesetRules } from "./ruleset.js";
import { torchlightRules } from "./torchlight/index.js";
import { unhexRules } from "./unhex/index.js";

/** Every ruleset Fray plays, in the order worlds are offered them. */
export const RULESETS: readonly RulesetRules[] = [cavaliersRules, dramaRules, unhexRules, personalRules, torchlightRules];

export function rulesetById(id: string): RulesetRules | undefined {
  return RULESETS.find((ruleset) => ruleset.id === id);
}
