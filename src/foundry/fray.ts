import { FrayActor } from "./actor/document.js";
import { FrayActiveEffect } from "./actor/effect.js";
import { registerApi } from "./api/register.js";
import { registerCombat, registerRulesetCombat } from "./combat/index.js";
import { requestAction } from "./combat/requests.js";
import { movesIdle, registerAreas } from "./areas/index.js";
import { cardsIdle, openCard, chooseOnCard, registerCards, requestOf } from "./cards/index.js";
import { renderCardContent } from "./cards/render.js";
import { registerRulesetRules } from "./cards/resolve.js";
import { registerRelay } from "./relay/index.js";
import { sheetClassFor } from "./actor/sheet.js";
import { FrayItem } from "./item/document.js";
import { itemSheetClassFor } from "./item/sheet.js";
import { registerMigrations } from "./migrations/index.js";
import { cavaliersDocuments } from "./rulesets/cavaliers/documents.js";
import { dramaDocuments } from "./rulesets/drama/documents.js";
import { loadRuleset, provideRulesetLoaders, type RulesetLoader, whenRulesetArrives } from "./rulesets/loading.js";
import { personalDocuments } from "./rulesets/personal/documents.js";
import { documentsOfType, provideRulesetDocuments, rulesetDocuments } from "./rulesets/registry.js";
import { torchlightDocuments } from "./rulesets/torchlight/documents.js";
import { unhexDocuments } from "./rulesets/unhex/documents.js";
import type { FoundryRuleset } from "./rulesets/types.js";
import { activeRulesetId, registerSettings, reportLoadFailure } from "./settings.js";
import { PARTIALS } from "./sheets/partials.js";
import { registerStatuses } from "./statuses/index.js";
import { registerRulesJournal, rulesLinked } from "./rules-journal/index.js";
import { limitStatusHud } from "./statuses/hud.js";
import { SYSTEM_ID } from "./system.js";
import type { RulesetId } from "../rules/ruleset.js";

/**
 * The one place that names the rulesets. Each brings its document types, which stay in the entry
 * (any world registers every type, whatever it plays), and a loader of the rest of it: a chunk of the
 * build fetched only by a world that needs it (rulesets/loading.ts). Adding a ruleset adds one line
 * to each list; the shared layer reads them through rulesets/registry.ts and rulesets/loading.ts.
 */
provideRulesetDocuments([cavaliersDocuments, dramaDocuments, unhexDocuments, personalDocuments, torchlightDocuments]);
provideRulesetLoaders({
  cavaliers: async () => (await import("./rulesets/cavaliers/index.js")).cavaliersFoundry,
  drama: async () => (await import("./rulesets/drama/index.js")).dramaFoundry,
  unhex: async () => (await import("./rulesets/unhex/index.js")).unhexFoundry,
  personal: async () => (await import("./rulesets/personal/index.js")).personalFoundry,
  torchlight: async () => (await import("./rulesets/torchlight/index.js")).torchlightFoundry,
} satisfies Record<RulesetId, RulesetLoader>);

/** A ruleset's pieces, or null (said to the user) when its chunk cannot be fetched. */
async function rulesetOrNull(id: RulesetId): Promise<FoundryRuleset | null> {
  try {
    return await loadRuleset(id);
  } catch (error) {
    reportLoadFailure(id, error);
    return null;
  }
}

/**
 * Registers every ruleset's data models and sheets, whatever the world plays, so switching the
 * ruleset never leaves an actor without its model; the create dialog is what the setting narrows.
 * The sheets are shells: each waits for its ruleset's chunk before it draws, so a sheet opened
 * before the chunk has arrived (or one of another ruleset's actor) still renders whole.
 */
function registerRulesetDocuments(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  for (const documents of rulesetDocuments()) {
    for (const [type, definition] of Object.entries(documents.actors)) {
      CONFIG.Actor.dataModels[type] = definition.model;
      CONFIG.Actor.trackableAttributes[type] = definition.trackable;
      const context = async (actor: Actor.Implementation) => (await rulesetOrNull(documents.id))?.actorContexts[type]?.(actor) ?? {};
      DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, sheetClassFor(type, definition.template, context, definition.tabs), {
        types: [type as Actor.SubType],
        makeDefault: true,
        label: `FRAY.Sheet.${type}`,
      });
    }
    for (const [type, definition] of Object.entries(documents.items)) {
      CONFIG.Item.dataModels[type] = definition.model;
      const context = async (item: Item.Implementation) => (await rulesetOrNull(documents.id))?.itemContexts[type]?.(item) ?? {};
      DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, itemSheetClassFor(type, definition.template, context), {
        types: [type as Item.SubType],
        makeDefault: true,
        label: `FRAY.Sheet.${type}`,
      });
    }
  }
}

/** What a ruleset's chunk brings, registered the moment it arrives, before anyone waiting on it goes on. */
function registerArrivedRuleset(ruleset: FoundryRuleset): void {
  registerRulesetRules(ruleset.rules);
  registerRulesetCombat(ruleset);
  ruleset.init?.();
}

/**
 * The rulesets of the world's actors beyond its own (actors kept from before a switch): their
 * chunks too, so their hooks keep those actors' data as they would in their own world.
 */
function rulesetsOfWorldActors(): RulesetId[] {
  const ids = new Set<RulesetId>();
  for (const actor of game.actors ?? []) {
    const documents = documentsOfType(actor.type);
    if (documents) ids.add(documents.id);
  }
  return [...ids];
}

Hooks.once("init", () => {
  registerSettings();
  registerMigrations();
  CONFIG.Actor.documentClass = FrayActor;
  CONFIG.Item.documentClass = FrayItem;
  CONFIG.ActiveEffect.documentClass = FrayActiveEffect;
  registerRulesetDocuments();
  registerStatuses();
  registerRulesJournal();
  limitStatusHud();
  registerRelay();
  registerCombat();
  registerAreas();
  registerCards();
  registerApi();
  whenRulesetArrives(registerArrivedRuleset);
  // The world's ruleset is fetched now; Foundry does not wait for it, and what is drawn before it arrives is drawn again then.
  void rulesetOrNull(activeRulesetId());
  // The card engine for macros and the browser tests, which reach the system only through globals.
  const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
  fray.cards = { openCard, chooseOnCard, cardsIdle, requestOf, renderCardContent };
  fray.loadRuleset = loadRuleset;
  fray.rulesLinked = rulesLinked;
  fray.areas = { movesIdle };
  // A tracker row's control (the GM's End the fight), as its button asks it: the bench opens the cards only the tracker posts.
  fray.combat = { requestAction };
  void foundry.applications.handlebars.loadTemplates(PARTIALS);
});

Hooks.once("ready", () => {
  for (const id of rulesetsOfWorldActors()) void rulesetOrNull(id);
  console.log(`Fray | ready, playing ${activeRulesetId()}`);
});
