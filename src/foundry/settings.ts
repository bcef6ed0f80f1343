import { optionSettings, RULESET_OPTIONS } from "../rules/rulesetOptions.js";
import { RULESET_IDS, type RulesetId } from "../rules/ruleset.js";
import { isRulesetId, loadRuleset, whenShown } from "./rulesets/loading.js";
import { houseRulesMenuFor } from "./settings-menu.js";
import { SYSTEM_ID } from "./system.js";

const DEFAULT_RULESET: RulesetId = "cavaliers";

/**
 * The world's ruleset, and every ruleset's house defaults as world settings
 * (`fray.<ruleset>.<option>`, defaults from the rules layer, labels from lang/en.json). The house
 * defaults stay off the main settings list: the world's ruleset gets one menu that edits its own,
 * and every other ruleset's values wait, unchanged, for the day the world switches back.
 */
export function registerSettings(): void {
  game.settings!.register(SYSTEM_ID, "ruleset", {
    name: "FRAY.Setting.ruleset.Name",
    hint: "FRAY.Setting.ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(RULESET_IDS.map((id) => [id, `FRAY.Setting.ruleset.Choices.${id}`])),
    default: DEFAULT_RULESET,
    requiresReload: true,
    // Foundry asks to reload; until then the new ruleset's chunk is fetched, so its tracker and cards work.
    onChange: (value) => {
      const id = rulesetIdOf(value);
      void loadRuleset(id).catch((error: unknown) => reportLoadFailure(id, error));
    },
  });
  for (const setting of optionSettings()) {
    const option = setting.definition;
    const base = { name: setting.name, hint: setting.hint, scope: "world", config: false };
    const config =
      option.kind === "boolean"
        ? { ...base, type: Boolean, default: option.default }
        : option.kind === "integer"
          ? { ...base, type: Number, default: option.default, range: { min: option.min, max: option.max, step: 1 } }
          : { ...base, type: String, default: option.default, choices: setting.choices };
    // The option keys are made at run time from the rules layer, so they are not in SettingConfig.
    game.settings!.register(SYSTEM_ID as never, setting.key as never, config as never);
  }
  registerHouseRulesMenu(activeRulesetId());
}

/** The menu key of a ruleset's house rules: `fray.<ruleset>.houseRules` in the settings menus. */
export const houseRulesMenuKey = (rulesetId: RulesetId) => `${rulesetId}.houseRules`;

function registerHouseRulesMenu(rulesetId: RulesetId): void {
  if (Object.keys(RULESET_OPTIONS[rulesetId] ?? {}).length === 0) return;
  game.settings!.registerMenu(SYSTEM_ID, houseRulesMenuKey(rulesetId), {
    name: "FRAY.HouseRules.MenuName",
    label: `FRAY.HouseRules.MenuLabel.${rulesetId}`,
    hint: "FRAY.HouseRules.MenuHint",
    icon: "fa-solid fa-scale-balanced",
    type: houseRulesMenuFor(rulesetId),
    restricted: true,
  });
}

function rulesetIdOf(value: unknown): RulesetId {
  return isRulesetId(value) ? value : DEFAULT_RULESET;
}

/** The ruleset this world plays; an unknown stored value falls back to the default. */
export function activeRulesetId(): RulesetId {
  return rulesetIdOf(game.settings!.get(SYSTEM_ID, "ruleset"));
}

/** A ruleset's chunk that could not be fetched: said to the user (once she can read it), who may reload to try again. */
export function reportLoadFailure(id: RulesetId, error: unknown): void {
  console.error(`Fray | loading the ruleset ${id}`, error);
  whenShown(() => {
    const i18n = game.i18n!;
    ui.notifications?.error(i18n.format("FRAY.Setting.ruleset.LoadFailed", { ruleset: i18n.localize(`FRAY.Setting.ruleset.Choices.${id}`), error: error instanceof Error ? error.message : String(error) }));
  });
}

/** The world's values for a ruleset's house defaults, ready to pass as a request's `options`. */
export function rulesetOptions(rulesetId: RulesetId): Record<string, unknown> {
  return Object.fromEntries(Object.keys(RULESET_OPTIONS[rulesetId] ?? {}).map((name) => [name, game.settings!.get(SYSTEM_ID as never, `${rulesetId}.${name}` as never)]));
}
