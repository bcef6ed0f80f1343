import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { moduleGraph, staticClosure } from "../scripts/bundle-graph.mjs";
import { RULESET_IDS } from "../src/rules/ruleset.js";

/**
 * The tracker's odds (issue 40) run their fights in a Web Worker the build writes as a file of its
 * own: the fights, and every ruleset's rules with them, are fetched when a GM asks, never with a
 * world (its 150 KB budget, `npm run bench`). Run `npm run build` first when running this file alone.
 */
const DIST = "dist";
const sourcesOf = (file: string): string[] => (JSON.parse(readFileSync(join(DIST, `${file}.map`), "utf8")) as { sources: string[] }).sources;

describe.skipIf(!existsSync(join(DIST, "fray.mjs")))("the odds' Web Worker in dist/", () => {
  it("is one self-contained ES module under workers/ holding the fights of every ruleset", () => {
    const workers = readdirSync(join(DIST, "workers")).filter((file) => file.endsWith(".mjs"));
    expect(workers).toHaveLength(1);
    const file = `workers/${workers[0]}`;
    expect(readFileSync(join(DIST, file), "utf8")).not.toMatch(/\bimport\s*[({"']/);
    const sources = sourcesOf(file).map((source) => source.replace(/\\/g, "/"));
    expect(sources.some((source) => source.endsWith("src/foundry/combat/odds/worker.ts"))).toBe(true);
    for (const id of RULESET_IDS) expect(sources.some((source) => source.endsWith(`src/rules/${id}/fight.ts`)), id).toBe(true);
  });

  it("is not in any world's download: nothing the entry loads, or imports at all, holds the fights", () => {
    // The runtime helper has no source map, and no source.
    const loaded = moduleGraph(DIST, "fray.mjs").files.filter((file) => file.endsWith(".mjs") && existsSync(join(DIST, `${file}.map`)));
    expect(loaded).toEqual(expect.arrayContaining([...staticClosure(DIST, "fray.mjs")].filter((file) => existsSync(join(DIST, `${file}.map`)))));
    for (const file of loaded) expect(sourcesOf(file).some((source) => source.replace(/\\/g, "/").endsWith("src/foundry/combat/odds/simulate.ts")), file).toBe(false);
  });
});
