import { cavaliersRules } from "./cavaliers/index.js";
import { dramaRules } from "./drama/index.js";
import { personalRules } from "./personal/index.js";
import type { RulesetRules } from "./ruleset.js";
import { torchlightRules } from "./torchlight/index.js";
import { unhexRules } from "./unhex/index.js";

export { RuleError } from "../core/ruleError.js";
export { type OptionSetting, optionSettings, RULESET_OPTIONS } from "./rulesetOptions.js";
export { type OptionDefinition, type OptionValue, type OptionValues, optionsSchema, withDefaults } from "./options.js";
export { type DuelResult, type DuelRules, RULESET_IDS, type RulesetAction, type RulesetId, type RulesetRules } from "./ruleset.js";
export { cavaliersRules, dramaRules, personalRules, torchlightRules, unhexRules };
// Each ruleset's pure functions, tables and types, for the interactive flow in Foundry.
export * as cavaliers from "./cavaliers/api.js";
export * as drama from "./drama/api.js";
export * as unhex from "./unhex/api.js";
export * as personal from "./personal/api.js";
export * as torchlight from "./torchlight/api.js";

/** Every ruleset Fray plays, in the order worlds are offered them. */
export const RULESETS: readonly RulesetRules[] = [cavaliersRules, dramaRules, unhexRules, personalRules, torchlightRules];

export function rulesetById(id: string): RulesetRules | undefined {
  return RULESETS.find((ruleset) => ruleset.id === id);
}
