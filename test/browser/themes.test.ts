/**
 * Both of Foundry's themes, in Chromium with the built CSS: a cavaliers sheet and the house rules
 * menu under .theme-light and .theme-dark. The harness page has no Foundry CSS; it loads a stand-in
 * for core's theme variables (test/browser/support/core-stand-in.css: the handful Fray reads, with
 * values of our own choosing in the light and dark spirit of core's); Fray's colours must follow them and read
 * well: every text colour checked here clears WCAG's 4.5:1 against its window's background.
 * Every actor and item sheet of every ruleset is then checked the same way, each text against what is
 * behind it. Screenshots: test-results/screenshots/theme-<light|dark>-<sheet|house-rules|type>.png.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";


type Rgb = [number, number, number, number];
function parse(color: string): Rgb {
  const parts = color.match(/[\d.]+/g)?.map(Number) ?? [];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}
function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
/** WCAG contrast of a text colour over an opaque background (a translucent text colour is blended first). */
function contrast(text: string, background: string): number {
  const bg = parse(background);
  const fg = parse(text);
  const blended: Rgb = [0, 1, 2].map((i) => fg[i]! * fg[3] + bg[i]! * (1 - fg[3])) as Rgb;
  const [a, b] = [luminance(blended), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

/** The Fray page under one of core's themes, with the stand-in for core's theme variables. */
async function themed(page: Page, url: string, theme: string): Promise<void> {
  await openFray(page, url);
  await page.evaluate((theme) => document.body.classList.replace("theme-light", `theme-${theme}`), theme);
}

async function openBoth(page: Page): Promise<{ sheet: string; menu: string }> {
  return page.evaluate(async () => {
    type App = { element: HTMLElement; render(o: object): Promise<App> };
    const g = globalThis as unknown as {
      CONFIG: Record<string, { documentClass: { create(d: object): Promise<{ sheet: App; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }> } }>;
      game: { settings: { menus: Map<string, { type: new () => App }> } };
    };
    const actor = await g.CONFIG.Actor!.documentClass.create({ name: "Isabeau", type: "cavaliersCharacter", system: { competency: 8, yield: { value: 2 }, wounds: { value: 1 }, style: 1 } });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 2, action: "lunge" } },
      { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } },
    ]);
    const sheet = await actor.sheet.render({ force: true });
    const Menu = g.game.settings.menus.get("fray.cavaliers.houseRules")!.type;
    const menu = await new Menu().render({ force: true });
    await window.harness?.flush();
    return { sheet: sheet.element.id, menu: menu.element.id };
  });
}

/** Text and background colours of the elements that carry Fray's colours, as the page computes them. */
async function colours(page: Page, ids: { sheet: string; menu: string }) {
  return page.evaluate((ids) => {
    const style = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector}`);
      return getComputedStyle(element);
    };
    const window = (id: string) => style(`[id="${id}"]`).backgroundColor;
    return {
      sheetBackground: window(ids.sheet),
      menuBackground: window(ids.menu),
      sheetText: style(`[id="${ids.sheet}"] .fray-sheet`).color,
      legend: style(`[id="${ids.sheet}"] .fray-block legend`).color,
      muted: style(`[id="${ids.sheet}"] .fray-type`).color,
      hint: style(`[id="${ids.menu}"] .fray-house-rule .hint`).color,
      label: style(`[id="${ids.menu}"] .fray-house-rule label`).color,
    };
  }, ids);
}

describe.skipIf(!browserAvailable())("themes in Chromium", () => {
  const fray = useFrayBrowser();

  it.each(["light", "dark"] as const)("the %s theme colours Fray from core's variables and every text reads at 4.5:1 or better", async (theme) => {
    const page = await fray.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await themed(page, fray.server.url, theme);
    const ids = await openBoth(page);
    const seen = await colours(page, ids);

    expect(parse(seen.sheetText).slice(0, 3)).toEqual(parse(theme === "light" ? "rgb(35, 33, 29)" : "rgb(233, 228, 218)").slice(0, 3));
    for (const [what, text, background] of [
      ["sheet text", seen.sheetText, seen.sheetBackground],
      ["section titles (Fray's accent)", seen.legend, seen.sheetBackground],
      ["secondary text", seen.muted, seen.sheetBackground],
      ["house rule label", seen.label, seen.menuBackground],
      ["house rule hint", seen.hint, seen.menuBackground],
    ] as const) {
      expect(contrast(text, background), `${theme}: ${what} ${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    await screenshot(page.locator(`[id="${ids.sheet}"]`), `theme-${theme}-sheet`);
    await screenshot(page.locator(`[id="${ids.menu}"]`), `theme-${theme}-house-rules`);
    await page.close();
  });

  it("the two themes differ where Fray sets its own colour", async () => {
    const accents: string[] = [];
    for (const theme of ["light", "dark"]) {
      const page = await fray.browser.newPage();
      await themed(page, fray.server.url, theme);
      accents.push((await colours(page, await openBoth(page))).legend);
      await page.close();
    }
    expect(accents[0]).not.toBe(accents[1]);
  });
});

/** How many texts the open sheet shows, and each whose colour does not clear 4.5:1 over what is behind it. */
async function lowContrast(page: Page, id: string): Promise<{ checked: number; failures: string[] }> {
  const found = await page.evaluate((id) => {
    const root = document.querySelector(`[id="${id}"]`);
    if (!root) throw new Error(`no sheet ${id}`);
    const opaque = (color: string) => !/rgba\([^)]*,\s*0\)$/.test(color) && color !== "transparent";
    const behind = (element: Element): string => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const background = getComputedStyle(at).backgroundColor;
        if (opaque(background)) return background;
        if (at === root) break;
      }
      return getComputedStyle(root).backgroundColor;
    };
    const texts: { what: string; color: string; background: string }[] = [];
    for (const element of root.querySelectorAll<HTMLElement>("*")) {
      if (!element.getClientRects().length || getComputedStyle(element).visibility === "hidden") continue;
      const field = element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
      if (field && (element as HTMLInputElement).type !== "checkbox" && (element as HTMLInputElement).type !== "hidden") {
        texts.push({ what: `${element.tagName.toLowerCase()}[name=${element.getAttribute("name")}]`, color: getComputedStyle(element).color, background: behind(element) });
        continue;
      }
      const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (own) texts.push({ what: `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${element.textContent?.trim().slice(0, 30)}"`, color: getComputedStyle(element).color, background: behind(element) });
    }
    return texts;
  }, id);
  const failures = found.filter((text) => contrast(text.color, text.background) < 4.5).map((text) => `${text.what}: ${text.color} on ${text.background} (${contrast(text.color, text.background).toFixed(2)}:1)`);
  return { checked: found.length, failures };
}

describe.skipIf(!browserAvailable())("every sheet in both themes", () => {
  const fray = useFrayBrowser();

  it.each(["light", "dark"] as const)("in the %s theme, every text of every actor and item sheet reads at 4.5:1 or better", async (theme) => {
    const page = await fray.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await themed(page, fray.server.url, theme);
    const types = await page.evaluate(() => {
      const declared = (globalThis as unknown as { game: { system: { documentTypes: Record<string, Record<string, unknown>> } } }).game.system.documentTypes;
      return (["Actor", "Item"] as const).flatMap((documentName) => Object.keys(declared[documentName] ?? {}).map((type) => ({ documentName, type })));
    });
    expect(types.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const { documentName, type } of types) {
      const id = await page.evaluate(
        async ({ documentName, type }) => {
          type App = { element: HTMLElement; render(o: object): Promise<App>; close(): Promise<unknown> };
          const g = globalThis as unknown as { CONFIG: Record<string, { documentClass: { create(d: object): Promise<{ sheet: App }> } }> };
          for (const open of document.querySelectorAll(".fray.sheet")) open.remove();
          const document_ = await g.CONFIG[documentName]!.documentClass.create({ name: `A ${type}`, type });
          const sheet = await document_.sheet.render({ force: true });
          await window.harness?.flush();
          return sheet.element.id;
        },
        { documentName, type },
      );
      const { checked, failures: low } = await lowContrast(page, id);
      // Every sheet shows its name, labels and fields: a sheet with next to nothing read means the check missed it.
      expect(checked, type).toBeGreaterThan(4);
      failures.push(...low.map((failure) => `${type}: ${failure}`));
      await screenshot(page.locator(`[id="${id}"]`), `theme-${theme}-${type}`);
    }
    expect(failures).toEqual([]);
    await page.close();
  });
});
