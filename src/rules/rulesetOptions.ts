import { cavaliersOptions } from "./cavaliers/options.js";
import { DRAMA_OPTIONS } from "./drama/options.js";
import type { OptionDefinition } from "./options.js";
import { personalOptions } from "./personal/options.js";
import { RULESET_IDS, type RulesetId } from "./ruleset.js";
import { torchlightOptions } from "./torchlight/options.js";
import { UNHEX_OPTIONS } from "./unhex/options.js";

/**
 * Every ruleset's house defaults, without its rules: the Foundry layer registers them as settings
 * in every world, and this keeps a world from loading every ruleset's rules to do it. The same
 * objects as each ruleset's `options` (src/rules/<id>/index.ts).
 */
export const RULESET_OPTIONS: Readonly<Record<RulesetId, Readonly<Record<string, OptionDefinition>>>> = {
  cavaliers: cavaliersOptions,
  drama: DRAMA_OPTIONS,
  unhex: UNHEX_OPTIONS,
  personal: personalOptions,
  torchlight: torchlightOptions,
};

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

type WithOptions = { id: RulesetId; options: Readonly<Record<string, OptionDefinition>> };

const EVERY_RULESET: readonly WithOptions[] = RULESET_IDS.map((id) => ({ id, options: RULESET_OPTIONS[id] }));

/** Every ruleset option the Foundry layer registers as a world setting, with its labels' keys. */
export function optionSettings(rulesets: readonly WithOptions[] = EVERY_RULESET): OptionSetting[] {
  return rulesets.flatMap((ruleset) =>
    Object.entries(ruleset.options).map(([option, definition]) => {
      const base = `FRAY.Setting.${ruleset.id}.${option}`;
      const setting: OptionSetting = { ruleset: ruleset.id, option, key: `${ruleset.id}.${option}`, definition, name: `${base}.Name`, hint: `${base}.Hint` };
      if (definition.kind === "choice") setting.choices = Object.fromEntries(definition.choices.map((choice) => [choice, `${base}.Choices.${choice}`]));
      return setting;
    }),
  );
}
