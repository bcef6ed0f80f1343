/**
 * Finding a rules term (`@Rule[Yield]`, a status's name) among the rules compendium's pages. Each
 * page lists the terms it explains (scripts/rules-pack.mjs puts them in flags.fray.terms when it
 * builds the pack from docs/rules); this module only reads that list, so it needs no Foundry global.
 */

/** Where a term is explained: a page, and the heading inside it when the term has one of its own. */
export interface RuleLink {
  ruleset: string;
  /** The JournalEntryPage's UUID. */
  uuid: string;
  pageName: string;
  /** The heading's anchor on the page (v13 scrolls there), or null for the page's top. */
  anchor: string | null;
}

/** One page as the index reads it from the pack. */
export interface RulesPageData {
  uuid: string;
  name: string;
  terms: readonly { term: string; anchor: string | null }[];
}

export interface RulesEntryData {
  ruleset: string;
  pages: readonly RulesPageData[];
}

/** Term (normalised) → its links, one per ruleset that explains it, in the compendium's order. */
export type RulesIndex = ReadonlyMap<string, readonly RuleLink[]>;

/** Case, spacing and hyphens do not matter: "yielded-out" finds "Yielded out". */
export function normaliseTerm(term: string): string {
  return term.toLowerCase().replace(/[-_\s]+/g, " ").trim();
}

export function buildRulesIndex(entries: readonly RulesEntryData[]): RulesIndex {
  const index = new Map<string, RuleLink[]>();
  for (const entry of entries) {
    for (const page of entry.pages) {
      for (const { term, anchor } of page.terms) {
        const key = normaliseTerm(term);
        if (!key) continue;
        const links = index.get(key) ?? [];
        // The first page of a ruleset to name a term is its home; later mentions do not move it.
        if (links.some((link) => link.ruleset === entry.ruleset)) continue;
        links.push({ ruleset: entry.ruleset, uuid: page.uuid, pageName: page.name, anchor });
        index.set(key, links);
      }
    }
  }
  return index;
}

/** A term as written in a link: "Momentum", or "drama: Momentum" to name the ruleset. */
export function parseTermQuery(query: string, rulesets: readonly string[]): { ruleset: string | null; term: string } {
  const match = /^\s*([a-z]+)\s*:\s*(.+)$/i.exec(query);
  if (match && rulesets.includes(match[1]!.toLowerCase())) return { ruleset: match[1]!.toLowerCase(), term: match[2]!.trim() };
  return { ruleset: null, term: query.trim() };
}

/**
 * The page a term links to: in the named ruleset only, when the link names one; else the world's
 * ruleset first, then the first other ruleset that explains it. Null when none does.
 */
export function findRule(index: RulesIndex, query: string, worldRuleset: string, rulesets: readonly string[]): RuleLink | null {
  const { ruleset, term } = parseTermQuery(query, rulesets);
  const links = index.get(normaliseTerm(term)) ?? [];
  if (ruleset) return links.find((link) => link.ruleset === ruleset) ?? null;
  return links.find((link) => link.ruleset === worldRuleset) ?? links[0] ?? null;
}
