/**
 * The rules inside Foundry: the `rules` compendium's pages (built from docs/rules), the @Rule
 * enricher that links a term to them, and each status's link to the page that explains it.
 */
import { registerRuleEnricher } from "./enricher.js";
import { linkHudStatuses, linkStatusesToRules } from "./statuses.js";

export { RULE_PATTERN, enrichRule } from "./enricher.js";
export { lookUpRule, rulesIndex, RULES_PACK_ID } from "./pack.js";
export { statusRuleLink, STATUS_RULE_TERMS } from "./statuses.js";

let statusesLinked: Promise<void> = Promise.resolve();

/** Settles once every status points at its rules page (at ready; the pack is read once). */
export function rulesLinked(): Promise<void> {
  return statusesLinked;
}

/** At init: the enricher now; the status links once the world (and its compendium index) is ready. */
export function registerRulesJournal(): void {
  registerRuleEnricher();
  Hooks.once("ready", () => {
    statusesLinked = linkStatusesToRules();
  });
  Hooks.on("renderTokenHUD", (_hud: unknown, html: HTMLElement) => linkHudStatuses(html));
}
