/**
 * The rules inside Foundry, from the built system in Chromium: the `rules` compendium (dist/packs/rules,
 * read as the server reads it), a status's reference opened from the token HUD's tooltip, and a
 * @Rule link in an item's description followed to its page.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

type Page = { name: string; text: { content: string } };

type Journal = { name: string; sort: number; pages: { contents: (Page & { sort: number })[] } };

describe.skipIf(!browserAvailable())("the rules in Foundry (Chromium)", () => {
  const fray = useFrayBrowser();

  it("finds the rules compendium: one journal per ruleset, a page per section", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, fray.server.url);
    const journals = await page.evaluate(async () => {
      const g = globalThis as unknown as { game: { packs: Map<string, { title: string; documentName: string; getDocuments(): Promise<Journal[]> }> } };
      const pack = g.game.packs.get("fray.rules");
      if (!pack) return null;
      const docs = await pack.getDocuments();
      // A compendium lists its documents by sort (the pack's LevelDB keeps them by id).
      const bySort = <T extends { sort: number }>(list: T[]) => [...list].sort((a, b) => a.sort - b.sort);
      return { title: pack.title, type: pack.documentName, journals: bySort(docs).map((d) => ({ name: d.name, pages: bySort(d.pages.contents).map((p) => p.name) })) };
    });
    expect(journals?.type).toBe("JournalEntry");
    expect(journals?.journals.map((j) => j.name)).toEqual(["The Queen's Cavaliers", "Drama in History", "Unhex in Fray", "Personal Combat", "Beyond the Torchlight"]);
    expect(journals?.journals[0]?.pages).toContain("Yield, Wounds and actor types");
    await page.close();
  });

  it("opens a status's reference from the token HUD's tooltip at its rules page", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, fray.server.url);
    const reference = await page.evaluate(async () => {
      const g = globalThis as unknown as { CONFIG: { fray: { rulesLinked(): Promise<void> }; statusEffects: { id: string; reference?: string }[] }; Hooks: { callAll(h: string, ...a: unknown[]): void } };
      await g.CONFIG.fray.rulesLinked();
      // The token HUD's status palette as v13 draws it (templates/hud/token-hud.hbs), handed to the render hook.
      const hud = document.createElement("div");
      hud.id = "token-hud";
      hud.innerHTML = `<div class="palette status-effects"><img class="effect-control" src="icons/svg/degen.svg" data-action="effect" data-tooltip-text="Dying" data-status-id="fray-dying"></div>`;
      document.body.append(hud);
      g.Hooks.callAll("renderTokenHUD", {}, hud, {});
      // What v13's TooltipManager shows (and pins on a middle click): the icon's data-tooltip-html.
      const tooltip = document.createElement("aside");
      tooltip.id = "tooltip";
      tooltip.className = "locked-tooltip active";
      tooltip.innerHTML = hud.querySelector<HTMLElement>("[data-status-id=fray-dying]")!.dataset.tooltipHtml ?? "";
      document.body.append(tooltip);
      return g.CONFIG.statusEffects.find((s) => s.id === "fray-dying")?.reference ?? null;
    });
    expect(reference).toMatch(/^Compendium\.fray\.rules\.JournalEntry\.\w+\.JournalEntryPage\.\w+$/);
    await page.locator("#tooltip a.content-link").click();
    const sheet = page.locator(".journal-sheet");
    await sheet.waitFor();
    expect(await sheet.locator("article header h1").innerText()).toBe("Yield, Wounds and actor types");
    expect(await sheet.locator("article").innerText()).toContain("Dying");
    const opened = await page.evaluate(async (uuid) => {
      const g = globalThis as unknown as { fromUuid(u: string): Promise<{ id: string } | null> };
      return (await g.fromUuid(uuid))?.id ?? null;
    }, reference!);
    expect(await sheet.locator("article").getAttribute("data-page-id")).toBe(opened);
    await screenshot(sheet, "rules-status-reference");
    await page.close();
  });

  it("follows a @Rule link in an item's description to its page, and shows an unknown term as words", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, fray.server.url);
    const id = await page.evaluate(async () => {
      const g = globalThis as unknown as { Item: { create(d: object): Promise<{ sheet: { render(o: object): Promise<{ element: HTMLElement }> } }> } };
      const item = await g.Item.create({ name: "Court sword", type: "cavaliersWeapon", system: { description: "<p>A light blade for a @Rule[Parry] or a @Rule[Lunge]{quick lunge}; no @Rule[Flumph].</p>" } });
      const app = await item.sheet.render({ force: true });
      await window.harness?.flush();
      return app.element.id;
    });
    const description = page.locator(`[id="${id}"] .fray-description`);
    expect(await description.innerText()).toContain("A light blade for a Parry or a quick lunge; no Flumph.");
    expect(await description.locator(".fray-rule-unknown").getAttribute("data-tooltip-text")).toContain("Flumph");
    await screenshot(page.locator(`[id="${id}"]`), "rules-item-description");
    await description.locator("a.fray-rule", { hasText: "Parry" }).click();
    const sheet = page.locator(".journal-sheet");
    await sheet.waitFor();
    expect(await sheet.locator("article header h1").innerText()).toBe("Attacks and defences");
    expect(await sheet.locator("article").innerText()).toContain("Riposte");
    await page.close();
  });
});
