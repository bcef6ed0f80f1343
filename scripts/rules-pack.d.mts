/** Types of scripts/rules-pack.mjs for the TypeScript tests that import it. */
import type { PackStats } from "./pack-stats.mjs";
export interface RulesTerm {
  term: string;
  anchor: string | null;
}
export interface RulesPageSource {
  _id: string;
  _key: string;
  name: string;
  type: "text";
  title: { show: boolean; level: number };
  text: { format: number; content: string };
  sort: number;
  ownership: Record<string, number>;
  flags: { fray: { ruleset: string; terms: RulesTerm[] } };
  _stats: PackStats;
}
export interface RulesEntrySource {
  _id: string;
  _key: string;
  name: string;
  pages: RulesPageSource[];
  folder: null;
  sort: number;
  ownership: Record<string, number>;
  flags: { fray: { ruleset: string } };
  _stats: PackStats;
}
export declare const RULES_ORDER: string[];
export declare const RULES_PACK: string;
export declare function stableId(key: string): string;
export declare function slugify(text: string): string;
export declare function plainHeading(markdown: string): string;
export declare function entryName(title: string): string;
export declare function sectionHtml(markdown: string): string;
export declare function splitRulesPage(markdown: string): { title: string; sections: { heading: string | null; lines: string[]; terms: RulesTerm[] }[] };
export declare function rulesEntry(ruleset: string, markdown: string, sort?: number): RulesEntrySource;
export declare function rulesPackSources(rulesDir: string): Promise<RulesEntrySource[]>;
