import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DARK_TWIN, DOCS, documentedScreenshots, screenshotSources } from "../scripts/screenshots.mjs";

/**
 * The committed photographs stay honest: each one in docs/screenshots/ is taken by a browser test
 * that still exists (so `npm run screenshots` renews it), and each one the README or docs/ shows is
 * committed.
 */
describe("docs/screenshots", () => {
  const committed = readdirSync(DOCS).filter((f) => f.endsWith(".png")).map((f) => f.slice(0, -4));
  const sources = screenshotSources();

  it("finds the browser tests' screenshot names, template literals included", () => {
    expect(sources.some((s) => s.name === "drama-card-multiple" && s.file === "drama-round.test.ts")).toBe(true);
    expect(sources.find((s) => s.name === "sheet-${sheet.type}")?.pattern.test("sheet-dramaCharacter")).toBe(true);
  });

  it("counts a card photograph's dark twin (issue 38 item 13) as taken by the test that takes the card, and nothing else", () => {
    expect(DARK_TWIN).toBe("-dark");
    expect(sources.some((s) => s.pattern.test("drama-card-multiple-dark"))).toBe(true);
    expect(sources.find((s) => s.name === "sheet-${sheet.type}")?.pattern.test("sheet-dramaCharacter-dark")).toBe(true);
    expect(sources.some((s) => s.pattern.test("drama-card-multiple-darker"))).toBe(false);
  });

  it("every committed screenshot has a browser test that takes it", () => {
    const orphans = committed.filter((name) => !sources.some((s) => s.pattern.test(name)));
    expect(orphans, "docs/screenshots/ holds photographs no browser test takes: delete them or restore their tests").toEqual([]);
  });

  it("every screenshot the README and docs/ show is committed", () => {
    const missing = [...documentedScreenshots()].filter((name) => !committed.includes(name));
    expect(missing).toEqual([]);
  });
});
