/** Types of scripts/bundle-graph.mjs for the TypeScript scripts and tests that import it. */
export declare function importsOf(dist: string, file: string): { static: string[]; dynamic: string[] };
export declare function staticClosure(dist: string, start: string): Set<string>;
export declare function moduleGraph(dist: string, entry: string): { files: string[]; missing: string[] };
export declare function rulesetOfChunk(dist: string, file: string): string | undefined;
export declare function gzipped(dist: string, file: string): number;
export interface BundleWeights {
  entry: { files: string[]; bytes: number; css: number };
  perRuleset: Array<{ ruleset: string; chunk: string | null; files: string[]; bytes: number }>;
  all: { files: string[]; bytes: number };
}
export declare function bundleWeights(dist: string, entry: string, styles: string[], rulesetIds: readonly string[]): BundleWeights;
