/**
 * The rules compendium (system.json pack "rules", built from docs/rules/*.md) as a term index,
 * loaded once per client: five journal entries, a few dozen pages.
 */
import { RULESET_IDS } from "../../rules/ruleset.js";
import { activeRulesetId } from "../settings.js";
import { SYSTEM_ID } from "../system.js";
import { buildRulesIndex, findRule, type RuleLink, type RulesEntryData, type RulesIndex } from "./terms.js";

export const RULES_PACK_ID = `${SYSTEM_ID}.rules`;

let loading: Promise<RulesIndex> | null = null;

/** What the build wrote in a page's flags.fray.terms; anything else there is ignored. */
function termsOf(flags: unknown): RulesEntryData["pages"][number]["terms"] {
  const terms = (flags as { fray?: { terms?: unknown } } | undefined)?.fray?.terms;
  if (!Array.isArray(terms)) return [];
  return terms.filter((t): t is { term: string; anchor: string | null } => typeof t?.term === "string" && (typeof t.anchor === "string" || t.anchor === null));
}

async function readRulesPack(): Promise<RulesIndex> {
  const pack = game.packs?.get(RULES_PACK_ID);
  if (!pack) {
    console.warn(`Fray | the rules compendium ${RULES_PACK_ID} is missing; rules links show as plain words`);
    return new Map();
  }
  const documents = (await pack.getDocuments()) as JournalEntry.Implementation[];
  const entries: RulesEntryData[] = documents.map((entry) => ({
    ruleset: String((entry.flags as { fray?: { ruleset?: unknown } }).fray?.ruleset ?? ""),
    pages: [...entry.pages].sort((a, b) => a.sort - b.sort).map((page) => ({ uuid: page.uuid, name: page.name, terms: termsOf(page.flags) })),
  }));
  entries.sort((a, b) => RULESET_IDS.indexOf(a.ruleset as never) - RULESET_IDS.indexOf(b.ruleset as never));
  return buildRulesIndex(entries);
}

/** The index, read from the pack the first time it is asked for; a pack that cannot be read gives an empty index (and a console warning), never an error. */
export function rulesIndex(): Promise<RulesIndex> {
  loading ??= readRulesPack().catch((error: unknown) => {
    console.warn("Fray | the rules compendium could not be read; rules links show as plain words", error);
    return new Map();
  });
  return loading;
}

/** Forget the index (a test that installs another pack, or a world that rebuilt it). */
export function forgetRulesIndex(): void {
  loading = null;
}

/** The page a term links to in this world (its ruleset's first), or null. */
export async function lookUpRule(query: string): Promise<RuleLink | null> {
  return findRule(await rulesIndex(), query, activeRulesetId(), RULESET_IDS);
}
