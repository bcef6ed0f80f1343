/**
 * The Area behaviour's config sheet, rendered from the built bundle in Chromium: it lists the
 * scene's other Areas to connect to, a connection is added and edited the way a GM does it (pick
 * the Area, the line, the cover), the behaviour stores it, and the sheet is photographed.
 */
import { describe, expect, it } from "vitest";
import { NIGHTCLUB } from "../../src/core/areas/index.js";
import { areaSceneData } from "../../playground/foundry/scene.js";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

describe.skipIf(!browserAvailable())("the Area config sheet in Chromium", () => {
  const fray = useFrayBrowser();

  it("shows the Area's connections, adds and edits one, and saves it", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, fray.server.url);
    const { id, uuid } = await page.evaluate(async (data) => {
      type Behavior = { uuid: string; sheet: { render(o: object): Promise<{ element: HTMLElement }> } };
      type Scene = { regions: { contents: { name: string; behaviors: { contents: Behavior[] } }[] } };
      const g = globalThis as unknown as { Scene: { create(d: object): Promise<Scene> } };
      const scene = await g.Scene.create(data);
      const bar = scene.regions.contents.find((r) => r.name === "Bar")!;
      const behavior = bar.behaviors.contents[0]!;
      const app = await behavior.sheet.render({ force: true });
      await window.harness?.flush();
      return { id: app.element.id, uuid: behavior.uuid };
    }, areaSceneData(NIGHTCLUB));
    const root = page.locator(`[id="${id}"]`);
    const text = await root.innerText();
    for (const shown of ["Area id", "Shown to players as", "Connections", "To Area", "Cover into this Area", "Add connection"]) expect(text).toContain(shown);
    expect(text).not.toMatch(/FRAY\./);
    // The bar lists its cover behind the kitchen counter and against the dance floor, and its line to the pool tables.
    const rows = root.locator("tr.fray-area-connection");
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).locator("select[name$='.to']").inputValue()).toBe("kitchen");
    expect(await rows.nth(0).locator("select[name$='.cover']").inputValue()).toBe("1");
    expect(await rows.nth(2).locator("select[name$='.to']").inputValue()).toBe("pool-tables");

    await root.locator('[data-action="addConnection"]').click();
    await page.evaluate(() => window.harness?.flush());
    expect(await rows.count()).toBe(4);
    await rows.nth(3).locator("select[name$='.to']").selectOption("entrance");
    await page.evaluate(() => window.harness?.flush());
    await rows.nth(3).locator("select[name$='.kind']").selectOption("door");
    await page.evaluate(() => window.harness?.flush());
    await rows.nth(3).locator("select[name$='.cover']").selectOption("2");
    await page.evaluate(() => window.harness?.flush());
    await rows.nth(3).locator("input[name$='.open']").check();
    const stored = await page.evaluate(async (uuid) => {
      await window.harness?.flush();
      const g = globalThis as unknown as { fromUuidSync(uuid: string): { toObject(): { system: { connections: unknown[] } } } };
      return g.fromUuidSync(uuid).toObject().system.connections;
    }, uuid);
    expect(stored).toEqual([
      { to: "kitchen", kind: "two-way", open: false, transparent: false, cover: 1 },
      { to: "dance-floor", kind: "two-way", open: false, transparent: false, cover: 1 },
      { to: "pool-tables", kind: "two-way", open: false, transparent: false, cover: 0 },
      { to: "entrance", kind: "door", open: true, transparent: false, cover: 2 },
    ]);
    await screenshot(root, "area-config");

    await rows.nth(3).locator('[data-action="removeConnection"]').click();
    await page.evaluate(() => window.harness?.flush());
    expect(await rows.count()).toBe(3);
    await page.close();
  });
});
