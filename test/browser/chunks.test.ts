/**
 * The built system in Chromium, split by ruleset: a world fetches its own ruleset's chunk and no
 * other's, and a sheet opened before that chunk arrives (Foundry does not wait for it) draws whole
 * once it is here. The chunk's arrival is held back by intercepting its request.
 */
import { describe, expect, it } from "vitest";
import type { Route } from "playwright-core";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import { browserAvailable, openFray, useFrayBrowser } from "./support/index.js";

const CHUNK = /\/systems\/fray\/rulesets\/([a-z]+)-[\w-]+\.mjs$/;

describe.skipIf(!browserAvailable())("each world's ruleset chunk", () => {
  const fray = useFrayBrowser();

  it("a world of each ruleset fetches its own chunk and no other ruleset's", async () => {
    for (const ruleset of RULESET_IDS) {
      const page = await fray.browser.newPage();
      const chunks: string[] = [];
      page.on("request", (request) => {
        const match = CHUNK.exec(new URL(request.url()).pathname);
        if (match?.[1]) chunks.push(match[1]);
      });
      await openFray(page, `${fray.server.url}?world.fray.ruleset=${ruleset}`);
      const playing = await page.evaluate(() => (globalThis as unknown as { game: { settings: { get(ns: string, key: string): unknown } } }).game.settings.get("fray", "ruleset"));
      expect(playing).toBe(ruleset);
      expect(chunks, ruleset).toEqual([ruleset]);
      await page.close();
    }
  });

  it("a sheet opened before the chunk arrives waits for it, then draws with its ruleset's choices", async () => {
    const page = await fray.browser.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(CHUNK, async (route: Route) => {
      await released;
      await route.continue();
    });
    await openFray(page, fray.server.url, { waitForRuleset: false });
    await page.evaluate(async () => {
      const g = globalThis as unknown as { game: { ready: boolean }; CONFIG: { Actor: { documentClass: { create(d: object): Promise<{ sheet: { render(o: object): Promise<unknown> } }> } } } };
      const actor = await g.CONFIG.Actor.documentClass.create({ name: "Aurore", type: "cavaliersCharacter", system: { attributes: { verve: 8 } } });
      (window as unknown as { rendering: Promise<unknown> }).rendering = actor.sheet.render({ force: true });
    });
    const before = await page.evaluate(() => ({ ready: (globalThis as unknown as { game: { ready: boolean } }).game.ready, sheets: document.querySelectorAll(".fray.sheet.actor").length }));
    expect(before).toEqual({ ready: true, sheets: 0 });
    release();
    await page.evaluate(() => (window as unknown as { rendering: Promise<unknown> }).rendering);
    const verve = await page.evaluate(() => [...document.querySelectorAll<HTMLOptionElement>('.fray.sheet.actor select[name="system.attributes.verve"] option')].map((option) => option.value));
    expect(verve.length).toBeGreaterThan(1);
    expect(verve).toContain("8");
    await page.close();
  });
});
