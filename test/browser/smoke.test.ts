/**
 * Smoke test: the built system loads in Chromium with the harness, runs init/setup/ready with no
 * console or page errors, and the page can be photographed.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

describe.skipIf(!browserAvailable())("Fray in Chromium", () => {
  const fray = useFrayBrowser();
  let page: Page;

  it("boots the built system: init, setup and ready ran and game.system.id is fray", async () => {
    page = await fray.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await openFray(page, fray.server.url);
    const result = await page.evaluate(() => {
      const harness = window.harness;
      const g = (globalThis as unknown as { game: { system: { id: string }; ready: boolean } }).game;
      return { hooks: harness?.hooksCalled ?? [], id: g.system.id, ready: g.ready };
    });
    expect(result.hooks.filter((h) => ["init", "i18nInit", "setup", "ready"].includes(h))).toEqual(["init", "i18nInit", "setup", "ready"]);
    expect(result.id).toBe("fray");
    expect(result.ready).toBe(true);
    const stylesheets = await page.evaluate(() => Array.from(document.styleSheets).map((s) => s.href ?? ""));
    expect(stylesheets.some((href) => href.endsWith("/systems/fray/styles/fray.css"))).toBe(true);
    await screenshot(page, "smoke-booted");
    await page.close();
  });
});
