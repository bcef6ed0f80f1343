/**
 * `@Rule[term]` and `@Rule[term]{label}` in any journal, item or chat text: a link to the rules
 * page that explains the term (in the world's ruleset first; `@Rule[drama: Momentum]` names one).
 * A term no page explains is shown as its words, with a tooltip saying so; enriching never throws.
 */
import { RULESET_IDS } from "../../rules/ruleset.js";
import { lookUpRule } from "./pack.js";
import { parseTermQuery, type RuleLink } from "./terms.js";

/** Global, as v13's TextEditor requires of an enricher's pattern. */
export const RULE_PATTERN = /@Rule\[([^\]]+)\](?:\{([^}]+)\})?/g;

/** A content link as v13 draws one for a document (ClientDocumentMixin#toAnchor), so clicking and dragging it work as for @UUID. */
export function ruleAnchor(link: RuleLink, label: string): HTMLAnchorElement {
  const dataset: Record<string, string> = {
    link: "",
    uuid: link.uuid,
    type: "JournalEntryPage",
    tooltip: game.i18n!.format("FRAY.Rules.LinkTooltip", { page: link.pageName }),
  };
  if (link.anchor) dataset.hash = link.anchor;
  return foundry.applications.ux.TextEditor.implementation.createAnchor({
    classes: ["content-link", "fray-rule"],
    attrs: { draggable: "true" },
    dataset,
    name: label,
    icon: "fa-solid fa-book-open",
  });
}

/**
 * The words of a term no page explains, marked so a reader sees it is not a link and why. The term
 * is whatever the writer typed (markup too): its tooltip is text, never HTML (v13's TooltipManager
 * draws `data-tooltip` as HTML, `data-tooltip-text` as text), so a description the GM opens shows
 * her markup as words.
 */
export function unknownRule(term: string, label: string): HTMLElement {
  const span = document.createElement("span");
  span.classList.add("fray-rule", "fray-rule-unknown");
  span.dataset.tooltipText = game.i18n!.format("FRAY.Rules.UnknownTerm", { term });
  span.textContent = label;
  return span;
}

export async function enrichRule(match: RegExpMatchArray): Promise<HTMLElement> {
  const term = (match[1] ?? "").trim();
  const label = (match[2] ?? "").trim() || parseTermQuery(term, RULESET_IDS).term;
  try {
    const link = await lookUpRule(term);
    return link ? ruleAnchor(link, label) : unknownRule(term, label);
  } catch (error) {
    console.warn(`Fray | could not link the rules term "${term}"`, error);
    return unknownRule(term, label);
  }
}

export function registerRuleEnricher(): void {
  CONFIG.TextEditor.enrichers.push({ pattern: RULE_PATTERN, enricher: enrichRule });
}
