/**
 * scripts/bundle-graph.mjs reads the built module graph: what loads with the entry, what only
 * through import(), which chunk is a ruleset's, and what is missing (the build refuses that).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleWeights, moduleGraph, staticClosure } from "../scripts/bundle-graph.mjs";

let dist: string;
const files: Record<string, string> = {
  "fray.mjs": `import{a as b}from"./chunks/shared.js";const l={drama:()=>import("./chunks/drama.js"),unhex:()=>import("./chunks/unhex.js")};export{l};`,
  "chunks/shared.js": `export const a=1;${"x".repeat(300)}`,
  "chunks/drama.js": `import{a}from"./shared.js";export default a;${"d".repeat(900)}`,
  "chunks/drama.js.map": JSON.stringify({ sources: ["../../src/foundry/rulesets/drama/index.ts", "../../src/rules/drama/round.ts"] }),
  "chunks/unhex.js": `import"./missing.js";export default 2;`,
  "styles/fray.css": `.fray{color:red}`,
};
const gz = (name: string) => gzipSync(Buffer.from(files[name] as string)).length;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "fray-graph-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dist, name, ".."), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("the built module graph", () => {
  it("loads static imports with the entry, and chunks only through import()", () => {
    expect([...staticClosure(dist, "fray.mjs")].sort()).toEqual(["chunks/shared.js", "fray.mjs"]);
  });

  it("finds every reachable file and names an import of a file that is not there", () => {
    const graph = moduleGraph(dist, "fray.mjs");
    expect(graph.files).toEqual(["chunks/drama.js", "chunks/shared.js", "chunks/unhex.js", "fray.mjs"]);
    expect(graph.missing).toEqual(["chunks/missing.js (imported by chunks/unhex.js)"]);
  });

  it("weighs a world as the entry, the CSS, and its ruleset's chunk found by the source map", () => {
    const weights = bundleWeights(dist, "fray.mjs", ["styles/fray.css"], ["drama", "cavaliers"]);
    const entry = gz("fray.mjs") + gz("chunks/shared.js") + gz("styles/fray.css");
    expect(weights.entry.bytes).toBe(entry);
    expect(weights.perRuleset[0]).toMatchObject({ ruleset: "drama", chunk: "chunks/drama.js", bytes: entry + gz("chunks/drama.js") });
    // No chunk names cavaliers in its map: such a world downloads the entry alone, and the report says so.
    expect(weights.perRuleset[1]).toMatchObject({ ruleset: "cavaliers", chunk: null, bytes: entry });
  });
});
