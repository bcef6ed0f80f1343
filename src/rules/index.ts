import { cavaliersRules } from "./cavaliers/index.js";
import { dramaRules } from "./drama/index.js";
import type { OptionDefinition } from "./options.js";
import { personalRules } from "./personal/index.js";
import type { RulesetId, RulesetRules } from "./ruleset.js";
import { torchlightRules } from "./torchlight/index.js";
import { unhexRules } from "./unhex/index.js";

export { RuleError } from "../core/ruleError.js";
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

/** One ruleset option as the Foundry layer registers it: a world setting under the system's namespace. */
export interface OptionSetting {
  ruleset: RulesetId;
  option: string;
  /** The setting key under the system's namespace: `<ruleset>.<option>` (so `fray.<ruleset>.<option>`). */
  key: string;
  definition: OptionDefinition;
  /** lang/en.json keys of its label and hint (and of each choice's label, for choice options). */
  name: string;
  hint: string;
  choices?: Record<string, string>;
}

/** Every ruleset option the Foundry layer registers as a world setting, with its labels' keys. */
export function optionSettings(rulesets: readonly RulesetRules[] = RULESETS): OptionSetting[] {
  return rulesets.flatMap((ruleset) =>
    Object.entries(ruleset.options).map(([option, definition]) => {
      const base = `FRAY.Setting.${ruleset.id}.${option}`;
      const setting: OptionSetting = { ruleset: ruleset.id, option, key: `${ruleset.id}.${option}`, definition, name: `${base}.Name`, hint: `${base}.Hint` };
      if (definition.kind === "choice") setting.choices = Object.fromEntries(definition.choices.map((choice) => [choice, `${base}.Choices.${choice}`]));
      return setting;
    }),
  );
}
