import { optionSettings, RULESET_OPTIONS, type OptionSetting } from "../rules/rulesetOptions.js";
import type { RulesetId } from "../rules/ruleset.js";
import type { HandlebarsStatics } from "./sheet-base.js";
import { SYSTEM_ID, templatePath } from "./system.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;

// As in sheet-base.ts: fvtt-types 13.345 overflows TypeScript's instantiation depth when a subclass
// of a mixed Handlebars application overrides a render hook; the runtime class is the real mixin.
const HandlebarsForm = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2 & HandlebarsStatics;

/** One house rule as the form shows it. */
interface HouseRuleRow {
  name: string;
  label: string;
  hint: string;
  kind: OptionSetting["definition"]["kind"];
  value: unknown;
  defaultLabel: string;
  min?: number;
  max?: number;
  choices?: Record<string, string>;
}

/** The world's stored value of one house rule (its key, `fray.<ruleset>.<option>`, is unchanged from older versions). */
function storedValue(setting: OptionSetting): unknown {
  // The option keys are made at run time from the rules layer, so they are not in SettingConfig.
  return game.settings!.get(SYSTEM_ID as never, setting.key as never);
}

/**
 * Reads the submitted form against the rules layer's definitions: every value the right kind and
 * within its bounds, or the list of what is wrong (and then nothing is saved).
 */
export function readHouseRules(settings: readonly OptionSetting[], values: Record<string, unknown>): { values: Map<OptionSetting, unknown>; problems: string[] } {
  const i18n = game.i18n!;
  const read = new Map<OptionSetting, unknown>();
  const problems: string[] = [];
  for (const setting of settings) {
    const option = setting.definition;
    const raw = values[setting.option];
    const label = i18n.localize(setting.name);
    if (option.kind === "boolean") read.set(setting, raw === true);
    else if (option.kind === "integer") {
      const value = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
      if (!Number.isInteger(value) || value < option.min || value > option.max) problems.push(i18n.format("FRAY.HouseRules.Invalid.Integer", { label, min: String(option.min), max: String(option.max) }));
      else read.set(setting, value);
    } else if (typeof raw !== "string" || !option.choices.includes(raw)) problems.push(i18n.format("FRAY.HouseRules.Invalid.Choice", { label }));
    else read.set(setting, raw);
  }
  return { values: read, problems };
}

/**
 * The house rules of one ruleset, as one settings menu. Only the world's ruleset registers its menu
 * (the ruleset setting reloads the world), so the settings list shows one short entry and this form
 * shows only the rules that ruleset plays by. The values stay world settings under their old keys.
 */
export class HouseRulesConfig extends HandlebarsForm {
  /** Set by houseRulesMenuFor: each ruleset's menu is its own subclass. */
  declare static readonly rulesetId: RulesetId;

  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-house-rules"],
    tag: "form",
    window: { title: "FRAY.HouseRules.Title", icon: "fa-solid fa-scale-balanced" },
    position: { width: 520 },
    form: { handler: HouseRulesConfig.#onSubmit, submitOnChange: false, closeOnSubmit: true },
    actions: { resetDefaults: HouseRulesConfig.#onResetDefaults },
  };

  static override PARTS = { form: { template: templatePath("settings/house-rules.hbs") }, footer: { template: templatePath("settings/house-rules-footer.hbs") } };

  get rulesetId(): RulesetId {
    return (this.constructor as typeof HouseRulesConfig).rulesetId;
  }

  /** This ruleset's house rules, in the rules layer's order. */
  get houseRules(): OptionSetting[] {
    const options = RULESET_OPTIONS[this.rulesetId];
    return options ? optionSettings([{ id: this.rulesetId, options }]) : [];
  }

  override get title(): string {
    const i18n = game.i18n!;
    return i18n.format("FRAY.HouseRules.TitleFor", { ruleset: i18n.localize(`FRAY.Setting.ruleset.Choices.${this.rulesetId}`) });
  }

  protected override async _prepareContext(options: Parameters<ApplicationV2["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const i18n = game.i18n!;
    const rows: HouseRuleRow[] = this.houseRules.map((setting) => {
      const option = setting.definition;
      const defaultLabel = option.kind === "boolean" ? i18n.localize(option.default ? "FRAY.HouseRules.On" : "FRAY.HouseRules.Off") : option.kind === "choice" ? i18n.localize(setting.choices?.[option.default] ?? option.default) : String(option.default);
      return {
        name: setting.option,
        label: setting.name,
        hint: setting.hint,
        kind: option.kind,
        value: storedValue(setting),
        defaultLabel,
        ...(option.kind === "integer" ? { min: option.min, max: option.max } : {}),
        ...(setting.choices ? { choices: setting.choices } : {}),
      };
    });
    return Object.assign(context, { rows, ruleset: this.rulesetId });
  }

  static async #onSubmit(this: HouseRulesConfig, _event: Event | SubmitEvent, _form: HTMLFormElement, formData: foundry.applications.ux.FormDataExtended): Promise<void> {
    const { values, problems } = readHouseRules(this.houseRules, formData.object as Record<string, unknown>);
    // Thrown, the form stays open and Foundry shows the message; nothing was saved.
    if (problems.length) throw new Error(problems.join(" "));
    for (const [setting, value] of values) {
      if (storedValue(setting) !== value) await game.settings!.set(SYSTEM_ID as never, setting.key as never, value as never);
    }
  }

  /** Puts the house defaults back into the form; saving still takes the Save button. */
  static #onResetDefaults(this: HouseRulesConfig): void {
    const form = this.form;
    if (!form) return;
    for (const setting of this.houseRules) {
      const input = form.elements.namedItem(setting.option);
      const option = setting.definition;
      if (input instanceof HTMLInputElement && input.type === "checkbox") input.checked = option.default === true;
      else if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) input.value = String(option.default);
    }
  }
}

/** The menu class of one ruleset (Foundry constructs a menu's class with no arguments). */
export function houseRulesMenuFor(rulesetId: RulesetId): typeof HouseRulesConfig {
  return class extends HouseRulesConfig {
    static override readonly rulesetId = rulesetId;
  };
}
