import { FrayActor } from "./actor/document.js";
import { registerCombat } from "./combat/index.js";
import { registerAreas } from "./areas/index.js";
import { cardsIdle, openCard, chooseOnCard, registerCards, requestOf } from "./cards/index.js";
import { registerRulesetRules } from "./cards/resolve.js";
import { registerRelay } from "./relay/index.js";
import { sheetClassFor } from "./actor/sheet.js";
import { FrayItem } from "./item/document.js";
import { itemSheetClassFor } from "./item/sheet.js";
import { registerMigrations } from "./migrations/index.js";
import { FOUNDRY_RULESETS } from "./rulesets/index.js";
import { activeRuleset, registerSettings } from "./settings.js";
import { PARTIALS } from "./sheets/partials.js";
import { registerStatuses } from "./statuses/index.js";
import { SYSTEM_ID } from "./system.js";


/** Never used in practice: test/foundry/v13.test.ts checks every type has its ruleset's context. */
const NO_CONTEXT = () => ({});

/**
 * Registers every ruleset's data models and sheets, whatever the world plays, so switching the
 * ruleset never leaves an actor without its model; the create dialog is what the setting narrows.
 */
function registerRulesets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  for (const ruleset of FOUNDRY_RULESETS) {
    for (const [type, definition] of Object.entries(ruleset.documents.actors)) {
      CONFIG.Actor.dataModels[type] = definition.model;
      CONFIG.Actor.trackableAttributes[type] = definition.trackable;
      DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, sheetClassFor(type, definition.template, ruleset.actorContexts[type] ?? NO_CONTEXT), {
        types: [type as Actor.SubType],
        makeDefault: true,
        label: `FRAY.Sheet.${type}`,
      });
    }
    for (const [type, definition] of Object.entries(ruleset.documents.items)) {
      CONFIG.Item.dataModels[type] = definition.model;
      DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, itemSheetClassFor(type, definition.template, ruleset.itemContexts[type] ?? NO_CONTEXT), {
        types: [type as Item.SubType],
        makeDefault: true,
        label: `FRAY.Sheet.${type}`,
      });
    }
  }
}

Hooks.once("init", () => {
  registerSettings();
  registerMigrations();
  CONFIG.Actor.documentClass = FrayActor;
  CONFIG.Item.documentClass = FrayItem;
  registerRulesets();
  registerStatuses();
  registerRelay();
  registerCombat();
  registerAreas();
  registerCards();
  // The card engine for macros and the browser tests, which reach the system only through globals.
  const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
  fray.cards = { openCard, chooseOnCard, cardsIdle, requestOf };
  for (const ruleset of FOUNDRY_RULESETS) {
    registerRulesetRules(ruleset.rules);
    ruleset.init?.();
  }
  void foundry.applications.handlebars.loadTemplates(PARTIALS);
});

Hooks.once("ready", () => {
  console.log(`Fray | ready, playing ${activeRuleset().id}`);
});
