/**
 * The playground (`npm start`) in Chromium, served as `npm start` serves it: for each ruleset the
 * page is picked from the ruleset menu, and one exchange is played by clicks alone, switching
 * "Play as" as the table would take turns: Ada targets a foe's token on the scene, opens her
 * character's sheet from the Actors directory and attacks from it; the dialog is submitted; the card
 * in the chat log then waits for each side's choice (the GM's for the foe, Ada's for her own), each
 * made by the user the card names, until the card is applied. The foe's sheet and the tracker show the result,
 * and each ruleset's table is photographed for docs/playground.md. Fray's prompts (DialogV2) are
 * answered the same way: each opens as a window on the screen of the user who clicked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { runCli } from "../../src/cli/run.js";
import { startPlayground } from "../../playground/serve-playground.js";
import type { FrayServer } from "../../playground/server.js";
import { browserAvailable, launchBrowser, openFray, screenshot } from "./support/index.js";

/** Per ruleset: the foe Ada attacks, her character, the sheet's attack button, and a dice seed under which the attack lands (the page rolls at random otherwise). */
const EXCHANGES = [
  { ruleset: "cavaliers", name: "The Queen's Cavaliers", character: "Ines", partner: "Aurore de Vaux", foe: "Hired Bravo", attack: "attack", seed: 2 },
  { ruleset: "drama", name: "Drama in History", character: "Ines", partner: "Berold", foe: "Fyrd", attack: "meleeRound", seed: 2 },
  { ruleset: "unhex", name: "Unhex", character: "Mara", partner: "Bea", foe: "Bouncer", attack: "unhexAttack", seed: 2 },
  { ruleset: "personal", name: "Personal Combat", character: "Ines", partner: "Bruno", foe: "Street Thug", attack: "attack", seed: 1 },
  // The GM placed everyone on the Combat Grid, Elsa out of the swordsman's lane: she shoots.
  { ruleset: "torchlight", name: "Beyond the Torchlight", character: "Elsa", partner: "Riddic", foe: "Bandit Swordsman", attack: "torchlightAttack", seed: 2, weapon: "Hand Crossbow" },
] as const satisfies readonly { ruleset: string; name: string; character: string; partner: string; foe: string; attack: string; seed: number; weapon?: string }[];

const SETTLED = ["applied", "closed"];
type Player = "Ada (player)" | "Bob (player)" | "Gamemaster";

describe.skipIf(!browserAvailable())("the playground in Chromium", () => {
  let server: FrayServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startPlayground();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Picks "Play as" as a person at the page does, and waits for the page to draw that user's view. */
  async function playAs(page: Page, who: "Gamemaster" | "Ada (player)" | "Bob (player)"): Promise<void> {
    await page.locator("#pg-user").selectOption({ label: who });
    await settle(page);
  }

  /** Waits for Fray's cards and renders, and for the page's redraw of the sidebar. */
  const settle = (page: Page) => page.evaluate(async () => window.playground?.refresh());

  /** The newest card in the chat log as the user playing now sees it. */
  const lastCard = (page: Page): Locator => page.locator("#chat-log .fray-card").last();

  /** Seeds Foundry's random source so the exchange plays the same way each run (mulberry32). */
  const seedDice = (page: Page, seed: number) =>
    page.evaluate((start) => {
      let state = start >>> 0;
      (globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice.randomUniform = () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    }, seed);

  /** The ids of the windows on the screen of the user playing now. */
  const windowIds = (page: Page) => page.locator("body > .application:not(.pg-elsewhere)").evaluateAll((elements) => elements.map((e) => e.id));

  /** Clicks `target`; when that opens a dialog, submits it as it stands (each dialog opens on sound defaults). */
  async function clickThrough(page: Page, target: Locator, fill?: (dialog: Locator) => Promise<void>): Promise<boolean> {
    const before = new Set(await windowIds(page));
    await target.click();
    await settle(page);
    const opened = (await windowIds(page)).filter((id) => !before.has(id));
    const dialog = opened.length ? page.locator(`[id="${opened.at(-1)}"]`) : null;
    if (!dialog || !(await dialog.locator("button[type='submit']").count())) return false;
    await fill?.(dialog);
    await settle(page);
    const submit = dialog.locator("button[type='submit']").last();
    if (await submit.isDisabled()) throw new Error(`The dialog refuses to submit:\n${await dialog.innerText()}`);
    await submit.click();
    await settle(page);
    return true;
  }

  /**
   * What a player does with the card when it waits on her: she makes the choice it offers, builds and
   * rolls what it asks for, and, holding points to spend, buys the first thing she may and applies.
   */
  const PREFERENCE = ["spend", "choose", "pool", "courage", "saves", "survival", "setDice", "shoot"];
  async function actOnCard(page: Page, bought: Set<string>): Promise<string | null> {
    const card = lastCard(page);
    const enabled = (action: string) => card.locator(`[data-fray-action='${action}']:not([disabled])`);
    for (const action of PREFERENCE) {
      const button = enabled(action).first();
      if (!(await button.count())) continue;
      const id = (await card.getAttribute("data-message-id")) ?? "card";
      if (action === "spend" && !bought.has(id) && (await enabled("buy").count())) {
        bought.add(id);
        await enabled("buy").first().click();
        await settle(page);
      }
      const label = `${action} ${(await button.innerText()).trim()}`;
      await clickThrough(page, button);
      return label;
    }
    return null;
  }

  /**
   * The newest card played to its end: the players first (Ada unless told), then the GM, each makes the choice it waits for on
   * her own screen (the GM may act for anyone, but a player's choice is hers to make). The log of who did what.
   */
  async function playCardThrough(page: Page, bought: Set<string>, players: readonly Player[] = ["Ada (player)", "Gamemaster"]): Promise<string[]> {
    const log: string[] = [];
    const state = async () => (await lastCard(page).getAttribute("data-state")) ?? "";
    for (let step = 0; step < 12 && !SETTLED.includes(await state()); step += 1) {
      let acted: string | null = null;
      for (const who of players) {
        await playAs(page, who);
        acted = await actOnCard(page, bought);
        if (acted) {
          log.push(`${who}: ${acted}`);
          break;
        }
      }
      if (!acted) throw new Error(`No one can act on the card:\n${await lastCard(page).innerText()}\n${log.join("\n")}`);
    }
    return log;
  }

  /** As the GM: the fighters' data, their sheets' text (opened from the directory) and the tracker's, to compare before and after. */
  async function look(page: Page, names: string[]): Promise<{ data: string; sheets: Record<string, string>; tracker: string }> {
    await playAs(page, "Gamemaster");
    const data = await page.evaluate(
      (wanted) => JSON.stringify(wanted.map((name) => (globalThis as unknown as { game: { actors: { getName(n: string): { system: { toObject?(): unknown } } } } }).game.actors.getName(name).system)),
      names,
    );
    const sheets: Record<string, string> = {};
    await page.locator("#pg-tabs [data-tab='actors']").click();
    for (const name of names) {
      await page.locator(`#pg-actors [aria-label="Open ${name}'s sheet"]`).click();
      await settle(page);
      // What the sheet shows: its text and the values in its fields.
      sheets[name] = await page
        .locator("body > .application:not(.pg-elsewhere)")
        .filter({ hasText: name })
        .last()
        .evaluate((sheet) => [(sheet as HTMLElement).innerText, ...[...sheet.querySelectorAll("input, select, textarea")].map((field) => (field as HTMLInputElement).value)].join("\n"));
    }
    await page.locator("#pg-tabs [data-tab='combat']").click();
    const tracker = await page.locator("#pg-tracker").innerText();
    return { data, sheets, tracker };
  }

  /** Every console warning and error, and every warning or error notification the page showed (openFray fails on console errors already). */
  function watchWarnings(page: Page): () => Promise<string[]> {
    const seen: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") seen.push(`console.${message.type()}: ${message.text()}`);
    });
    const notified = () => page.evaluate(() => window.harness!.notifications.filter((n) => n.type === "warning" || n.type === "error").map((n) => `${n.type}: ${n.message}`));
    return async () => [...seen, ...(await notified())];
  }

  /** A fresh page of the playground at 1280×800 on `ruleset`, booted and drawn. */
  async function openPlayground(ruleset: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(30_000);
    await openFray(page, `${server.url}?ruleset=${ruleset}`);
    await settle(page);
    return page;
  }

  /** The newest prompt (a DialogV2 window) on the screen of the user playing now. */
  const newestPrompt = (page: Page): Locator => page.locator("body > dialog.application:not(.pg-elsewhere)").last();
  /** A combatant's row in the tracker. */
  const row = (page: Page, name: string): Locator => page.locator("#pg-tracker li.combatant", { has: page.locator(".name", { hasText: name }) });

  /**
   * Waits for the prompt a click opened on this user's screen, makes its choices and presses the
   * button labelled `press`; returns the prompt's id, and checks the window is gone once answered.
   */
  async function answerPrompt(page: Page, press: string | RegExp, fill?: (prompt: Locator) => Promise<void>): Promise<string> {
    const prompt = newestPrompt(page);
    await prompt.waitFor();
    const id = (await prompt.getAttribute("id")) as string;
    const window = page.locator(`[id="${id}"]`);
    await fill?.(window);
    await window.locator("footer button", { hasText: press }).click();
    await settle(page);
    expect(await window.count()).toBe(0);
    return id;
  }

  /** Opens a character's sheet from the Actors directory as the user playing now. */
  async function openSheet(page: Page, name: string): Promise<Locator> {
    await page.locator("#pg-tabs [data-tab='actors']").click();
    await page.locator(`#pg-actors [aria-label="Open ${name}'s sheet"]`).click();
    await settle(page);
    return page.locator("body > .application:not(.pg-elsewhere):not(dialog)").filter({ has: page.locator(".window-title", { hasText: name }) }).last();
  }

  it("loads Foundry's core stylesheets as the tests' page does: Font Awesome's font is loaded and the tracker's icons are glyphs", async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.setDefaultTimeout(30_000);
    await openFray(page, `${server.url}?ruleset=cavaliers`);
    await settle(page);
    const { CORE_STYLESHEETS } = await import("../../playground/server.js");
    const linked = await page.locator("link[rel='stylesheet']").evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(linked.slice(0, CORE_STYLESHEETS.length)).toEqual([...CORE_STYLESHEETS]);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    const icon = page.locator("#pg-tracker .fa-skull").first();
    await icon.waitFor();
    const drawn = await icon.evaluate(async (element) => {
      await document.fonts.ready;
      const before = getComputedStyle(element, "::before");
      // A font is loaded only once a glyph is drawn with it (document.fonts.check would also pass with no such font at all).
      const loaded = [...(document.fonts as unknown as Iterable<FontFace>)].some((face) => face.family.replace(/"/g, "") === "Font Awesome 6 Free" && face.status === "loaded");
      return { loaded, family: getComputedStyle(element).fontFamily, glyph: before.content, width: element.getBoundingClientRect().width };
    });
    // An icon with no stylesheet is an empty <i> of no width; with the stylesheet but no font it is a box for an unknown character.
    expect(drawn.loaded).toBe(true);
    expect(drawn.family).toContain("Font Awesome 6 Free");
    expect(drawn.glyph).not.toMatch(/^(none|normal|)$/);
    expect(drawn.width).toBeGreaterThan(0);
    await page.close();
  });

  it("shows none of the stand-in: Foundry's own words instead of its keys, every icon a glyph, item, status and initiative icons pictures", async () => {
    const page = await openPlayground("cavaliers");
    await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    // A prompt's window too: its close control is Foundry's.
    await row(page, "Hired Bravo").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await newestPrompt(page).waitFor();
    const shown = await page.evaluate(() => {
      const words = [document.body.innerText];
      for (const element of document.querySelectorAll("[aria-label], [title], [data-tooltip], [alt], [placeholder]"))
        for (const name of ["aria-label", "title", "data-tooltip", "alt", "placeholder"]) words.push(element.getAttribute(name) ?? "");
      return words.join("\n");
    });
    expect(shown.match(/\b(APPLICATION|COMBAT|EFFECT|TOKEN|SIDEBAR|DOCUMENT|CONTROLS|FRAY|TYPES)\.[A-Za-z.]+/g) ?? []).toEqual([]);
    expect(shown).toContain("Ping Token");
    // Every Font Awesome icon on the page draws a glyph (Foundry's Pro-only ones have free stand-ins).
    const blank = await page.locator("#pg-tracker i.fa-solid, #pg-tracker button.fa-solid, body > .application .fa-solid").evaluateAll((icons) =>
      icons.filter((icon) => !(icon as HTMLElement).closest(".hidden") && /^(none|normal|""|)$/.test(getComputedStyle(icon, "::before").content)).map((icon) => icon.className),
    );
    expect(blank).toEqual([]);
    // Item, status and initiative icons are pictures (a glyph drawn as an image), not letters.
    for (const icon of ["d20", "sword", "shield", "skull", "target", "unconscious", "falling"]) {
      const svg = await page.evaluate(async (name) => (await fetch(`/icons/svg/${name}.svg`)).text(), icon);
      expect(svg, icon).toContain("<path");
      expect(svg, icon).not.toContain("<text");
    }
    const images = await page.locator("#pg-tracker img, body > .application img").evaluateAll((all) => all.map((img) => ({ src: (img as HTMLImageElement).src, width: (img as HTMLImageElement).naturalWidth })));
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((img) => img.width === 0)).toEqual([]);
    await page.close();
  });

  it("keeps Foundry's proportions at 1280×800: a 300 px sidebar, a light and a dark theme, windows moved by their title bar, nothing needed covered", async () => {
    const page = await openPlayground("cavaliers");
    expect((await page.locator("#sidebar").boundingBox())?.width).toBe(300);
    const sheet = await openSheet(page, "Ines");
    // What is needed stays in reach: the bar's controls, the sidebar's tabs, the sheet's buttons, each the top element at its centre.
    const covered = async () =>
      page.evaluate(() => {
        const needed = [...document.querySelectorAll<HTMLElement>("#pg-bar select, #pg-bar button, #pg-bar a, #pg-tabs button, body > .application:not(.pg-elsewhere) button")];
        return needed
          .filter((element) => {
            const box = element.getBoundingClientRect();
            if (!box.width || element.closest(".tab:not(.active)")) return false;
            const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
            const top = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
            return !top || !(element === top || element.contains(top));
          })
          .map((element) => element.outerHTML.slice(0, 120));
      });
    expect(await covered()).toEqual([]);
    const box = (await sheet.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280 - 300);
    expect(box.y + box.height).toBeLessThanOrEqual(800);

    // The sheet is moved by its title bar.
    const title = sheet.locator(".window-title");
    const grip = (await title.boundingBox())!;
    await page.mouse.move(grip.x + 20, grip.y + 10);
    await page.mouse.down();
    await page.mouse.move(grip.x - 80, grip.y + 70, { steps: 5 });
    await page.mouse.up();
    const moved = (await sheet.boundingBox())!;
    expect(Math.round(moved.x - box.x)).toBe(-100);
    expect(Math.round(moved.y - box.y)).toBe(60);

    // The theme switch: Foundry's body class, and the sidebar takes the dark theme's colours.
    const background = () => page.locator("#sidebar").evaluate((element) => getComputedStyle(element).backgroundColor);
    const light = await background();
    await page.locator("#pg-theme").selectOption("dark");
    expect(await page.locator("body").getAttribute("class")).toContain("theme-dark");
    expect(await background()).not.toBe(light);
    await page.close();
  });

  it("shows the way in: the help says in a few lines what the playground leaves out, and the install link opens a readable install section", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(30_000);
    await openFray(page, `${server.url}?ruleset=drama`);
    await page.locator("#pg-help-toggle").click();
    const leftOut = page.locator("#pg-help #pg-left-out");
    expect(await leftOut.isVisible()).toBe(true);
    const lines = await leftOut.evaluate((heading) => {
      const said: string[] = [];
      for (let next = heading.nextElementSibling; next && next.tagName !== "H2"; next = next.nextElementSibling) said.push(...(next.tagName === "UL" ? [...next.children].map((li) => li.textContent ?? "") : [next.textContent ?? ""]));
      return said;
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(5);
    const [install] = await Promise.all([page.waitForEvent("popup"), page.locator("#pg-bar a", { hasText: "install Fray in Foundry" }).click()]);
    await install.waitForLoadState();
    expect(await install.locator("h2").first().innerText()).toBe("Install");
    expect(await install.locator("body").innerText()).toContain("npm run link");
    expect(await install.locator("pre").count()).toBeGreaterThan(0);
    await install.close();
    await page.close();
  });

  it("opens the rules from the Journal tab, a status's reference and an item's @Rule link, each at its page", async () => {
    const page = await openPlayground("cavaliers");
    await page.locator("#pg-tabs [data-tab='journal']").click();
    await page.locator(`#pg-journal [aria-label="Open the rules of The Queen's Cavaliers"]`).click();
    await settle(page);
    const journal = page.locator("body > .journal-sheet:not(.pg-elsewhere)");
    expect(await journal.locator(".window-title").innerText()).toBe("The Queen's Cavaliers");
    // Its table of contents shows each page.
    await journal.locator(".pages-list li", { hasText: "Initiative" }).first().click();
    await settle(page);
    expect(await journal.locator("article header h1").innerText()).toBe("Initiative");
    // A status's reference, as the token HUD's tooltip gives it.
    await page.locator("#pg-statuses li", { hasText: "Dying" }).first().locator("a.content-link").click();
    await settle(page);
    expect(await journal.locator("article header h1").innerText()).toBe("Yield, Wounds and actor types");
    await journal.locator("[data-action='close']").click();
    expect(await journal.count()).toBe(0);

    // An item's description links its rules (@Rule): the GM follows one from the Hired Bravo's first item.
    const sheet = await openSheet(page, "Hired Bravo");
    await sheet.locator("[data-action='editItem']").first().click();
    await settle(page);
    const link = page.locator("body > .application.item:not(.pg-elsewhere) .fray-description a.content-link").first();
    const term = (await link.innerText()).trim();
    expect(term.length).toBeGreaterThan(0);
    await link.click();
    await settle(page);
    expect((await journal.locator("article").innerText()).toLowerCase()).toContain(term.toLowerCase());
    await page.close();
  });

  /** The centre on the page of a token's drawing, or of an Area's. */
  const tokenCentre = async (page: Page, name: string) => centre(page.locator(`#pg-scene [aria-label="Target ${name}"] .pg-body`));
  const areaCentre = async (page: Page, area: string) => centre(page.locator(`#pg-scene .pg-region[data-area="${area}"] rect`).first());
  async function centre(locator: Locator): Promise<{ x: number; y: number }> {
    const box = (await locator.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  /** Drags a token on the scene with the mouse, as a person does: press on it, move, let go. */
  async function dragOnScene(page: Page, name: string, to: { x: number; y: number }): Promise<void> {
    const from = await tokenCentre(page, name);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await settle(page);
  }
  /** Where a token's document stands and the Area it is in, as the scene's documents say. */
  const standing = (page: Page, name: string) =>
    page.evaluate((wanted) => {
      const token = window.playground!.scene.tokens.contents.find((t) => t.name === wanted)!;
      const region = window.playground!.scene.regions.contents.find((r) => r.shapes.some((s) => token.x + 50 >= s.x && token.x + 50 < s.x + s.width && token.y + 50 >= s.y && token.y + 50 < s.y + s.height));
      return { x: token.x, y: token.y, area: region?.name ?? null };
    }, name);

  /** How large a token's name is drawn on the screen, in pixels: its font size times the scene's zoom. */
  const namePixels = (page: Page) =>
    page.locator("#pg-scene .pg-token .pg-name").evaluateAll((names) =>
      names.map((name) => Number(name.getAttribute("font-size")) * ((name as SVGGraphicsElement).ownerSVGElement!.getScreenCTM()?.a ?? 0)),
    );
  /** The new notifications since `from`, as the page showed them. */
  const notesSince = (page: Page, from: number) => page.evaluate((n) => window.harness!.notifications.slice(n).map((note) => `${note.type}: ${note.message}`), from);
  const noteCount = (page: Page) => page.evaluate(() => window.harness!.notifications.length);

  it("drags tokens on the Nightclub: names readable, a player only her own token, a refused move slid back, a Move and its Intercept, a shut door, the GM's Alt, the scene panned and zoomed", async () => {
    const page = await openPlayground("unhex");
    await seedDice(page, 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();

    // Every token's name is drawn at least 11 px tall at the default zoom (the whole club in view).
    const sizes = await namePixels(page);
    expect(sizes.length).toBe(4);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(11);

    // Bob may drag Bea but not Mara: a drag of Mara leaves her where she stands.
    await playAs(page, "Bob (player)");
    expect(await page.locator(`#pg-scene [aria-label="Target Bea"]`).getAttribute("class")).toContain("pg-draggable");
    expect(await page.locator(`#pg-scene [aria-label="Target Mara"]`).getAttribute("class")).not.toContain("pg-draggable");
    const maraAt = await standing(page, "Mara");
    expect(maraAt.area).toBe("Bar");
    const drawnAt = await tokenCentre(page, "Mara");
    await dragOnScene(page, "Mara", await areaCentre(page, "Dance floor"));
    expect(await standing(page, "Mara")).toEqual(maraAt);

    // Ada drags Mara two Areas away, to the Entrance: refused before the token goes, with the reason; the drawing slides back.
    await playAs(page, "Ada (player)");
    let notes = await noteCount(page);
    await dragOnScene(page, "Mara", await areaCentre(page, "Entrance"));
    expect(await standing(page, "Mara")).toEqual(maraAt);
    expect((await notesSince(page, notes)).join("\n")).toMatch(/warning: .*Mara.*Bar.*Entrance/);
    await expect.poll(async () => Math.round((await tokenCentre(page, "Mara")).y)).toBe(Math.round(drawnAt.y));

    // Into the next Area, the Dance floor: the GM's client posts the move card, her action spent, an Intercept offered.
    const cards = () => page.locator("#chat-log .fray-card").count();
    const before = await cards();
    await dragOnScene(page, "Mara", await areaCentre(page, "Dance floor"));
    expect((await standing(page, "Mara")).area).toBe("Dance floor");
    await expect.poll(cards).toBe(before + 1);
    const move = lastCard(page);
    expect(await move.innerText()).toContain("Mara moves from Bar to Dance floor");
    // The Bouncer intercepts, on the GM's screen: his attack is a card of its own, played to its end.
    await playAs(page, "Gamemaster");
    const intercept = move.locator(".fray-unhex-intercept", { hasText: "Bouncer" }).locator("[data-fray-action='intercept']").first();
    await clickThrough(page, intercept);
    await expect.poll(cards).toBe(before + 2);
    const log = await playCardThrough(page, new Set<string>());
    expect(SETTLED, `${log.join("\n")}\n${await lastCard(page).innerText()}`).toContain(await lastCard(page).getAttribute("data-state"));
    expect(await lastCard(page).innerText()).toContain("Bouncer");

    // Bea at the Entrance: the line to the Alley is a shut door, so Bob's drag is refused; her sheet's door button opens it.
    await playAs(page, "Bob (player)");
    const beaAt = await standing(page, "Bea");
    notes = await noteCount(page);
    await dragOnScene(page, "Bea", await areaCentre(page, "Alley"));
    expect(await standing(page, "Bea")).toEqual(beaAt);
    expect((await notesSince(page, notes)).join("\n")).toMatch(/warning: .*Bea/);
    const sheet = await openSheet(page, "Bea");
    const door = sheet.locator("[data-action='unhexDoor']");
    expect(await door.count()).toBe(1);
    await clickThrough(page, door);
    await expect.poll(async () => lastCard(page).innerText()).toContain("Bea opens the door between Entrance and Alley");
    await sheet.locator("[data-action='close']").click();
    // Her action went on the door: the GM holds Alt as she drops Bea in the Alley, her word, charged to nobody.
    await playAs(page, "Gamemaster");
    const cardsBefore = await cards();
    await page.keyboard.down("Alt");
    await dragOnScene(page, "Bea", await areaCentre(page, "Alley"));
    await page.keyboard.up("Alt");
    expect((await standing(page, "Bea")).area).toBe("Alley");
    expect(await cards()).toBe(cardsBefore);

    // The scene zooms about the pointer with the wheel, and pans when the empty ground is dragged.
    const svg = (await page.locator("#pg-scene svg").boundingBox())!;
    const middle = { x: svg.x + svg.width / 2, y: svg.y + svg.height / 2 };
    const sizeBefore = (await namePixels(page))[0]!;
    const bodyWidth = async () => (await page.locator(`#pg-scene [aria-label="Target Bouncer"] .pg-body`).boundingBox())!.width;
    const widthBefore = await bodyWidth();
    await page.mouse.move(middle.x, middle.y);
    for (let notch = 0; notch < 6; notch += 1) await page.mouse.wheel(0, -100);
    await expect.poll(bodyWidth).toBeGreaterThan(widthBefore * 2.5);
    expect((await namePixels(page))[0]).toBeGreaterThan(sizeBefore);
    const bouncer = await tokenCentre(page, "Bouncer");
    const ground = { x: svg.x + 6, y: svg.y + 6 };
    await page.mouse.move(ground.x, ground.y);
    await page.mouse.down();
    await page.mouse.move(ground.x + 60, ground.y + 40, { steps: 5 });
    await page.mouse.up();
    const panned = await tokenCentre(page, "Bouncer");
    expect(Math.round(panned.x - bouncer.x)).toBe(60);
    expect(Math.round(panned.y - bouncer.y)).toBe(40);
    await screenshot(page, "playground-unhex-moves");
    await page.close();
  }, 180_000);

  it("drags tokens in The Queen's Cavaliers' inn yard: a Move and a Run into another Area, and an Interpose from the next Area", async () => {
    const page = await openPlayground("cavaliers");
    await seedDice(page, 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    for (let i = 0; i < 6 && (await newestPrompt(page).count()); i += 1) await answerPrompt(page, "Roll Initiative");
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    const active = async () => (await page.locator("#pg-tracker li.combatant.active .name").innerText()).trim();
    expect(await active()).toBe("Aurore de Vaux");
    expect((await standing(page, "Aurore de Vaux")).area).toBe("Stable");

    // Out of her turn, Ada's drag of Ines is refused with the reason, and Ines slides back.
    await playAs(page, "Ada (player)");
    let notes = await noteCount(page);
    const inesAt = await standing(page, "Ines");
    await dragOnScene(page, "Ines", await areaCentre(page, "Street"));
    expect(await standing(page, "Ines")).toEqual(inesAt);
    expect((await notesSince(page, notes)).join("\n")).toMatch(/warning: .*Ines/);

    // The GM's Hired Bravo lunges at Ines in the yard; Bob's Aurore, in the stable next to it, interposes.
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Ines"]`).click();
    const bravo = await openSheet(page, "Hired Bravo");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, bravo.locator("[data-action='attack']").first())).toBe(true);
    await bravo.locator("[data-action='close']").click();
    const attack = lastCard(page);
    await playAs(page, "Bob (player)");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await row(page, "Aurore de Vaux").locator("[data-fray-action='interpose']").click();
    await settle(page);
    await answerPrompt(page, "Interpose", async (prompt) => expect(await prompt.innerText()).toContain("Take Hired Bravo's Lunge on Ines (a Move from the next Area"));
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await expect.poll(() => attack.innerText()).toContain("Aurore de Vaux interposed from the next Area");
    // She steps in: Bob drags her into the yard, her Move (a Move says nothing), and defends.
    notes = await noteCount(page);
    await dragOnScene(page, "Aurore de Vaux", await areaCentre(page, "Yard"));
    expect((await standing(page, "Aurore de Vaux")).area).toBe("Yard");
    expect(await notesSince(page, notes)).toEqual([]);
    const log = await playCardThrough(page, new Set(), ["Bob (player)", "Ada (player)", "Gamemaster"]);
    expect(SETTLED, log.join("\n")).toContain(await attack.getAttribute("data-state"));
    expect(await attack.innerText()).toContain("Aurore de Vaux · ");
    await playAs(page, "Bob (player)");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker nav button", { hasText: /^(End Turn|Next Turn)$/ }).first().click();
    await settle(page);
    expect(await active()).toBe("Watch Conscript");
    // The GM's Watch Conscript runs from the taproom to the stable, two Areas: a Run, and a note says so.
    await playAs(page, "Gamemaster");
    notes = await noteCount(page);
    await dragOnScene(page, "Watch Conscript", await areaCentre(page, "Stable"));
    expect((await standing(page, "Watch Conscript")).area).toBe("Stable");
    expect(await notesSince(page, notes)).toEqual(["info: Watch Conscript ran from Taproom to Stable (a Run: two Areas)."]);
    // Ines's turn: Ada drags her from the yard into the street, a Move.
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
    await settle(page);
    expect(await active()).toBe("Ines");
    await playAs(page, "Ada (player)");
    notes = await noteCount(page);
    await dragOnScene(page, "Ines", await areaCentre(page, "Street"));
    expect((await standing(page, "Ines")).area).toBe("Street");
    expect(await notesSince(page, notes)).toEqual([]);
    await screenshot(page, "playground-cavaliers-moves");
    await page.close();
  }, 180_000);

  it("moves Elsa on Beyond the Torchlight's Combat Grid by clicks, as Ada: she selects her chip and clicks the next lane's cell", async () => {
    const page = await openPlayground("torchlight");
    const warnings = watchWarnings(page);
    await playAs(page, "Ada (player)");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-combat-extra button", { hasText: "Combat Grid" }).click();
    await settle(page);
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    const elsa = () => grid.locator(".fray-tl-chip", { hasText: "Elsa" });
    // Riddic's chip is not hers to move; Elsa's is.
    expect(await grid.locator(".fray-tl-chip[data-foreign]", { hasText: "Riddic" }).count()).toBe(1);
    expect(await grid.locator(".fray-tl-chip:not([data-foreign])", { hasText: "Elsa" }).count()).toBe(1);
    await elsa().click();
    await settle(page);
    expect(await grid.locator(".fray-tl-selected").innerText()).toContain("Elsa");
    const cell = elsa().locator("xpath=ancestor::td");
    const [lane, stance, side] = await Promise.all(["data-lane", "data-stance", "data-side"].map((name) => cell.getAttribute(name)));
    const next = Number(lane) === 1 ? 2 : Number(lane) - 1;
    await grid.locator(`td[data-action='cell'][data-lane='${next}'][data-stance='${stance}'][data-side='${side}']`).click();
    await settle(page);
    await expect.poll(async () => elsa().locator("xpath=ancestor::td").getAttribute("data-lane")).toBe(String(next));
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays Unhex's sheet buttons by clicks, as Bob: a check, an opposed roll against the Catwalk Sniper, and Use or manage items (the rifle stowed)", async () => {
    const page = await openPlayground("unhex");
    await seedDice(page, 3);
    const warnings = watchWarnings(page);
    await playAs(page, "Bob (player)");
    await page.locator(`#pg-scene [aria-label="Target Catwalk Sniper"]`).click();
    const sheet = await openSheet(page, "Bea");
    // Use or manage items: she stows the rifle she holds.
    const stow = async (dialog: Locator, action: string) => {
      if (action !== "unhexItems") return;
      const hands = dialog.locator("select[name^='hands.']").first();
      const stowed = await hands.locator("option", { hasText: "Stowed" }).first().getAttribute("value");
      await hands.selectOption(stowed as string);
    };
    const log = await playSheetActions(page, sheet, "Bob (player)", ["unhexCheck", "unhexOpposed", "unhexItems"], { fill: stow, players: ["Bob (player)", "Gamemaster"] });
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays Drama in History's round buttons by clicks: each owner declares her stance on her row in turn, Ada's ranged shot and her courage test", async () => {
    const page = await openPlayground("drama");
    await seedDice(page, 2);
    const warnings = watchWarnings(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    // The stances go in rank order: whoever's button is live declares, on her own screen.
    const declared: string[] = [];
    for (let step = 0; step < 12 && declared.length < 4; step += 1) {
      let acted = false;
      for (const who of ["Ada (player)", "Bob (player)", "Gamemaster"] as const) {
        await playAs(page, who);
        const live = page.locator("#pg-tracker li.combatant [data-fray-action='stance']:not([disabled])", { hasText: "Declare stance" }).first();
        if (!(await live.count())) continue;
        const name = (await live.locator("xpath=ancestor::li[contains(@class,'combatant')]").locator(".name").innerText()).trim();
        expect(await clickThrough(page, live), name).toBe(true);
        declared.push(`${who}: ${name}`);
        acted = true;
        break;
      }
      if (!acted) break;
    }
    expect(declared.length, declared.join("\n")).toBe(4);

    // Ada shoots the Fyrd with her crossbow, then tests her courage, each card played to its end.
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    const sheet = await openSheet(page, "Ines");
    const log = await playSheetActions(page, sheet, "Ada (player)", ["rangedShot", "courageTest"]);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 120_000);

  it("spends The Queen's Cavaliers' Initiative Points from the rows by clicks: Ada's Seize and Focus, Bob's Reprise", async () => {
    const page = await openPlayground("cavaliers");
    await seedDice(page, 2);
    const warnings = watchWarnings(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    for (let i = 0; i < 6 && (await newestPrompt(page).count()); i += 1) await answerPrompt(page, "Roll Initiative");
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    const ip = async (name: string) => Number((await row(page, name).innerText()).match(/IP (\d+)/)?.[1]);
    const order = async () => (await page.locator("#pg-tracker li.combatant .name").allInnerTexts()).map((name) => name.trim());
    const press = async (who: "Ada (player)" | "Bob (player)", name: string, action: string) => {
      await playAs(page, who);
      await row(page, name).locator(`[data-fray-action='${action}']`).click();
      await settle(page);
      if (await newestPrompt(page).count()) await answerPrompt(page, /./);
    };
    // Ines acts third: a Seize puts her right after whoever acts now, for this round.
    expect((await order()).indexOf("Ines")).toBe(2);
    let before = await ip("Ines");
    await press("Ada (player)", "Ines", "seize");
    expect(await order()).toEqual(["Aurore de Vaux", "Ines", "Watch Conscript", "Hired Bravo"]);
    expect(await ip("Ines")).toBeLessThan(before);
    // Ada's Focus rolls Ines's Initiative again: the new SP are added to her IP.
    before = await ip("Ines");
    await press("Ada (player)", "Ines", "focus");
    expect(await ip("Ines")).toBeGreaterThanOrEqual(before);
    // Aurore's attack just failed: Bob's Reprise takes its IP (3 for her Impulse).
    before = await ip("Aurore de Vaux");
    await press("Bob (player)", "Aurore de Vaux", "reprise");
    expect(await ip("Aurore de Vaux")).toBe(before - 3);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    // Every buy is announced in chat.
    expect(await page.locator("#chat-log").innerText()).toMatch(/Seize[\s\S]*Reprise/);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  /** A card of the chat log by its message's id, as the user playing now sees it. */
  const cardOf = (page: Page, id: string): Locator => page.locator(`#chat-log [data-message-id="${id}"] .fray-card`);
  /** The id of the chat message of the newest card in the chat log. */
  const lastCardId = async (page: Page): Promise<string> => (await lastCard(page).locator("xpath=ancestor::*[@data-message-id][1]").getAttribute("data-message-id")) as string;
  /** A combatant's Initiative as her row in the tracker shows it (the GM's field or the players' number). */
  const rowInitiative = (page: Page, name: string) =>
    row(page, name).evaluate((li) => {
      const shown = li.querySelector(".token-initiative");
      return Number(shown?.querySelector("input")?.value ?? shown?.textContent?.trim() ?? NaN);
    });

  /**
   * The GM presses Undo on the card `id` (applied earlier) and the table is as it was before the
   * card: the fighters' data, what their sheets show and the tracker, as `look` reads them.
   */
  async function undoRestores(page: Page, id: string, names: string[], before: Awaited<ReturnType<typeof look>>): Promise<void> {
    const applied = await look(page, names);
    const changed = [applied.data !== before.data, ...names.map((name) => applied.sheets[name] !== before.sheets[name]), applied.tracker !== before.tracker];
    expect(changed.some(Boolean), "neither the fighters, their sheets nor the tracker show the card").toBe(true);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await cardOf(page, id).locator("[data-fray-action='undo']").click();
    await settle(page);
    const undone = await look(page, names);
    expect(undone.data).toBe(before.data);
    for (const name of names) expect(undone.sheets[name], name).toBe(before.sheets[name]);
    expect(undone.tracker).toBe(before.tracker);
  }

  it("plays a round of The Queen's Cavaliers by clicks: the initiative prompt's specialty and Surprised box, Competent in and ranks on the sheet, a specialty's roll, an attack the GM undoes, Wounds to Dying and the Survival roll, the fight ended", async () => {
    const page = await openPlayground("cavaliers");
    await seedDice(page, 2);
    const warnings = watchWarnings(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    // Ada rolls Ines's Initiative on Timing, surprised; Bob rolls Aurore's as the prompt offers it; the GM rolls the rest.
    await playAs(page, "Ada (player)");
    await row(page, "Ines").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await answerPrompt(page, "Roll Initiative", async (prompt) => {
      await prompt.locator("select[name='specialty']").selectOption("timing");
      await prompt.locator("input[name='surprised']").check();
    });
    expect(await row(page, "Ines").innerText()).toContain("Timing");
    await playAs(page, "Bob (player)");
    await row(page, "Aurore de Vaux").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await answerPrompt(page, "Roll Initiative");
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    for (let i = 0; i < 4 && (await newestPrompt(page).count()); i += 1) await answerPrompt(page, "Roll Initiative");
    for (const name of ["Ines", "Aurore de Vaux", "Hired Bravo", "Watch Conscript"]) expect(await row(page, name).innerText(), name).toMatch(/IP \d/);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);

    // Ines's sheet: a Competent in button pressed and released, Parry's ranks typed, Parry rolled as a skill.
    await playAs(page, "Ada (player)");
    const sheet = await openSheet(page, "Ines");
    const chip = sheet.locator("[data-action='toggleCompetence']").first();
    const skill = (await chip.getAttribute("data-skill")) as string;
    const pressed = await chip.getAttribute("aria-pressed");
    const chipOf = () => sheet.locator(`[data-action='toggleCompetence'][data-skill="${skill}"]`);
    await chipOf().click();
    await settle(page);
    await expect.poll(() => chipOf().getAttribute("aria-pressed")).toBe(pressed === "true" ? "false" : "true");
    await chipOf().click();
    await settle(page);
    await expect.poll(() => chipOf().getAttribute("aria-pressed")).toBe(pressed);
    const ranks = sheet.locator("[data-item-field='system.ranks'][aria-label$='Parry']");
    await ranks.fill("3");
    await ranks.press("Tab");
    await settle(page);
    await expect.poll(() => sheet.locator("[data-item-field='system.ranks'][aria-label$='Parry']").inputValue()).toBe("3");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const rolled: string[] = [];
    const parry = sheet.locator("li.fray-item-row", { hasText: "Parry" }).locator("[data-action='rollSpecialty']");
    const cards = () => page.locator("#chat-log .fray-card").count();
    let count = await cards();
    expect(await clickThrough(page, parry)).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    // Won or lost against Moderate: on a win she buys Style Points with her SP (out of a fight's blows, Reduce Yield has no Yield to reduce).
    const check = lastCard(page);
    if (await check.locator("[data-fray-action='spend']").count()) {
      await check.locator("[data-entry='gain-style'] [data-fray-action='buy']").click();
      await settle(page);
      await check.locator("[data-fray-action='spend']").click();
      await settle(page);
      rolled.push("Ada (player): buy Gain 1 Style Point, Apply");
    }
    expect(SETTLED, `${rolled.join("\n")}\n${await check.innerText()}`).toContain(await check.getAttribute("data-state"));

    // Ada attacks the Hired Bravo; the card is played to its end, and the GM's Undo puts back what its Apply changed.
    const fighters = ["Ines", "Hired Bravo"];
    const before = await look(page, fighters);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Hired Bravo"]`).click();
    const attacker = await openSheet(page, "Ines");
    count = await cards();
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, attacker.locator("[data-action='attack']"))).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const attack = await lastCardId(page);
    const log = await playCardThrough(page, new Set());
    expect(await cardOf(page, attack).getAttribute("data-state"), log.join("\n")).toBe("applied");
    await undoRestores(page, attack, fighters, before);

    // Ada marks Ines's Wounds up to her Wound Limit: she is Dying, and her sheet offers the Survival roll.
    await playAs(page, "Ada (player)");
    const dying = await openSheet(page, "Ines");
    const limit = (await dying.locator("[data-derived='woundLimit'] output").innerText()).trim();
    await dying.locator("input[name='system.wounds.value']").fill(limit);
    await dying.locator("input[name='system.wounds.value']").press("Tab");
    await settle(page);
    await expect.poll(() => dying.locator("[data-action='survival']").count()).toBe(1);
    expect(await dying.locator("[data-action='attack']").count()).toBe(0);
    const survival = await playSheetActions(page, dying, "Ada (player)", ["survival"]);

    // The GM ends the fight: the card says it is over, and the tracker is empty.
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    count = await cards();
    await page.locator("#pg-tracker [data-action='endCombat']").click();
    await settle(page);
    await expect.poll(cards).toBe(count + 1);
    expect(await lastCard(page).innerText()).toContain("The fight is over");
    expect(await page.locator("#pg-tracker li.combatant").count()).toBe(0);
    expect(await warnings(), [...rolled, ...log, ...survival].join("\n")).toEqual([]);
    await page.close();
  }, 240_000);

  it("plays a round of Drama in History by clicks: Ada asks for a Dramatic stance and the GM sets its modifiers on her row, Ada's melee round against the Fyrd, undone by the GM", async () => {
    const page = await openPlayground("drama");
    await seedDice(page, 2);
    const warnings = watchWarnings(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    // The stances in rank order; when Ines's turn to declare comes, Ada picks Dramatic, which asks the GM for its modifiers.
    const declared: string[] = [];
    let momentum = 0;
    for (let step = 0; step < 12 && declared.length < 4; step += 1) {
      let acted = false;
      for (const who of ["Ada (player)", "Bob (player)", "Gamemaster"] as const) {
        await playAs(page, who);
        const live = page.locator("#pg-tracker li.combatant [data-fray-action='stance']:not([disabled])", { hasText: "Declare stance" }).first();
        if (!(await live.count())) continue;
        const name = (await live.locator("xpath=ancestor::li[contains(@class,'combatant')]").locator(".name").innerText()).trim();
        if (name !== "Ines") {
          expect(await clickThrough(page, live), name).toBe(true);
        } else {
          // Ada's dialog has no fields for the modifiers: it says the GM sets them.
          expect(
            await clickThrough(page, live, async (dialog) => {
              await dialog.locator("input[name='stance'][value='dramatic']").check();
              await settle(page);
              expect(await dialog.locator("input[name^='dramatic.']").count()).toBe(0);
              expect(await dialog.innerText()).toContain("The GM sets a Dramatic stance's modifiers");
            }),
          ).toBe(true);
          expect(await row(page, "Ines").innerText()).toContain("Dramatic");
          // The GM declares it for her with the modifiers: Momentum +2 moves her round-one score by 2.
          await playAs(page, "Gamemaster");
          momentum = await rowInitiative(page, "Ines");
          const change = row(page, "Ines").locator("[data-fray-action='stance']:not([disabled])");
          expect(
            await clickThrough(page, change, async (dialog) => {
              await dialog.locator("input[name='dramatic.momentum']").fill("2");
              await dialog.locator("input[name='dramatic.base']").fill("1");
            }),
          ).toBe(true);
          await expect.poll(() => rowInitiative(page, "Ines")).toBe(momentum + 2);
        }
        declared.push(`${who}: ${name}`);
        acted = true;
        break;
      }
      if (!acted) break;
    }
    expect(declared.length, declared.join("\n")).toBe(4);
    expect(declared, declared.join("\n")).toContain("Ada (player): Ines");

    // Ada engages the Fyrd: the card takes the stances from the tracker, each side builds her pool, it applies; the GM undoes it.
    const fighters = ["Ines", "Fyrd"];
    const before = await look(page, fighters);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    const sheet = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    expect(await clickThrough(page, sheet.locator("[data-action='meleeRound']"))).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const melee = await lastCardId(page);
    const log = await playCardThrough(page, new Set());
    expect(await cardOf(page, melee).getAttribute("data-state"), log.join("\n")).toBe("applied");
    await undoRestores(page, melee, fighters, before);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 240_000);

  it("declares Drama in History's Dramatic stance with the card's own button, asked of the fighter attacked: Ada's for Ines (her dialog has no modifier fields), the GM's for the Fyrd with Momentum +1, each melee round played to its end", async () => {
    const page = await openPlayground("drama");
    await seedDice(page, 2);
    const warnings = watchWarnings(page);
    const cards = () => page.locator("#chat-log .fray-card").count();
    /** `who` targets `foe` and opens a melee round from `character`'s sheet (her stance is in her dialog); the fighter attacked declares hers on the card with its Dramatic button, as `declarer`; the card is played to its end. */
    const melee = async (who: Player, character: string, foe: string, declarer: Player) => {
      await playAs(page, who);
      await page.locator(`#pg-scene [aria-label="Target ${foe}"]`).click();
      const sheet = await openSheet(page, character);
      await page.locator("#pg-tabs [data-tab='chat']").click();
      const count = await cards();
      expect(await clickThrough(page, sheet.locator("[data-action='meleeRound']"))).toBe(true);
      await sheet.locator("[data-action='close']").click();
      await expect.poll(cards).toBe(count + 1);
      const id = await lastCardId(page);
      const card = cardOf(page, id);
      const dramatic = card.locator("[data-fray-action='dramatic']:not([disabled])");
      const log: string[] = [];
      // The declarer looks first each time: when the card asks her fighter's stance she presses Dramatic; anything else is played as it comes.
      for (let step = 0; step < 12 && !SETTLED.includes((await card.getAttribute("data-state")) ?? ""); step += 1) {
        let acted: string | null = null;
        for (const player of [declarer, declarer === "Gamemaster" ? who : "Gamemaster"] as const) {
          await playAs(page, player);
          if (player === declarer && !log.includes(`${player}: dramatic`) && (await dramatic.count())) {
            expect(
              await clickThrough(page, dramatic, async (dialog) => {
                // Only the GM sets a Dramatic stance's modifiers.
                expect(await dialog.locator("input[name^='dramatic.']").count(), declarer).toBe(declarer === "Gamemaster" ? 5 : 0);
                if (declarer === "Gamemaster") await dialog.locator("input[name='dramatic.momentum']").fill("1");
              }),
            ).toBe(true);
            acted = "dramatic";
          } else acted = await actOnCard(page, new Set());
          if (acted) {
            log.push(`${player}: ${acted}`);
            break;
          }
        }
        if (!acted) throw new Error(`No one can act on the card:\n${await card.innerText()}\n${log.join("\n")}`);
      }
      expect(log, log.join("\n")).toContain(`${declarer}: dramatic`);
      expect(await card.getAttribute("data-state"), log.join("\n")).toBe("applied");
      // The stance the card recorded for the fighter attacked (its steps, as the command line would print them).
      const steps = await page.evaluate(
        (message) => (globalThis as unknown as { game: { messages: { get(id: string): { system: { toObject(): { outcome: { steps: { rule: string; who: string; stance?: string; dramatic?: Record<string, number> }[] } } } } } } }).game.messages.get(message).system.toObject().outcome.steps,
        id,
      );
      return steps.find((step) => step.rule === "stance" && step.who === foe);
    };
    expect(await melee("Gamemaster", "Man-at-arms", "Ines", "Ada (player)")).toMatchObject({ stance: "dramatic" });
    expect(await melee("Bob (player)", "Berold", "Fyrd", "Gamemaster")).toMatchObject({ stance: "dramatic", dramatic: { momentum: 1 } });
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays Drama in History's Skirmish round by clicks: the GM opens it from the tracker's first row, Ines and Berold both fight the Fyrd, who splits his pool, every result applied together", async () => {
    const page = await openPlayground("drama");
    await seedDice(page, 2);
    const warnings = watchWarnings(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    // Only the GM is offered it, on the first row.
    await playAs(page, "Ada (player)");
    expect(await page.locator("#pg-tracker [data-fray-action='skirmish']").count()).toBe(0);
    await playAs(page, "Gamemaster");
    const skirmish = page.locator("#pg-tracker li.combatant").first().locator("[data-fray-action='skirmish']");
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    expect(
      await clickThrough(page, skirmish, async (dialog) => {
        for (const pair of await dialog.locator("[data-pair]").all()) {
          const label = await pair.innerText();
          if (label.includes("Fyrd") && /Ines|Berold/.test(label)) await pair.locator("select").selectOption("fight");
        }
      }),
    ).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const id = await lastCardId(page);
    const log = await playCardThrough(page, new Set(), ["Ada (player)", "Bob (player)", "Gamemaster"]);
    expect(await cardOf(page, id).getAttribute("data-state"), log.join("\n")).toBe("applied");
    // Each side built a pool: Ada's Ines, Bob's Berold and the GM's Fyrd.
    for (const who of ["Ada (player)", "Bob (player)", "Gamemaster"]) expect(log.some((line) => line.startsWith(`${who}: pool`)), log.join("\n")).toBe(true);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays Drama in History's shot the target answers by clicks: the GM marks the Fyrd's first weapon Ranged on its sheet, Ada shoots with The target shoots back, and each shooter's Shoot button opens her own shot", async () => {
    const page = await openPlayground("drama");
    // Under these dice Ada's shot leaves the Fyrd standing, so he shoots back.
    await seedDice(page, 3);
    const warnings = watchWarnings(page);
    // The GM marks the Fyrd's first weapon Ranged on its own sheet, opened from the Fyrd's.
    await playAs(page, "Gamemaster");
    const fyrd = await openSheet(page, "Fyrd");
    const edit = fyrd.locator("[data-action='editItem']").first();
    await reveal(fyrd, edit);
    const weapon = ((await edit.getAttribute("aria-label")) ?? "").replace(/^\S+ /, "");
    await edit.click();
    await settle(page);
    const item = page.locator("body > .application:not(.pg-elsewhere):not(dialog)").filter({ has: page.locator(".window-title", { hasText: weapon }) }).last();
    await item.locator("input[name='system.ranged']").check();
    await settle(page);
    await item.locator("[data-action='close']").click();
    await fyrd.locator("[data-action='close']").click();
    // Ada shoots the Fyrd, who shoots back this round: the card says who shoots first.
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    const ines = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    expect(await clickThrough(page, ines.locator("[data-action='rangedShot']"), (dialog) => dialog.locator("input[name='shootsBack']").check())).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const first = cardOf(page, await lastCardId(page));
    expect(await first.locator("li[data-shooter]").count(), await first.innerText()).toBe(2);
    // Each shooter's owner presses her Shoot button (the order the card gives); her shot is a card of its own, played to its end.
    const shot: string[] = [];
    for (let step = 0; step < 4 && shot.length < 2; step += 1) {
      for (const who of ["Ada (player)", "Gamemaster"] as const) {
        await playAs(page, who);
        const button = first.locator("[data-fray-action='shoot']:not([disabled])").first();
        if (!(await button.count())) continue;
        const before = await cards();
        expect(await clickThrough(page, button)).toBe(true);
        await expect.poll(cards, { message: `${who}: ${(await page.evaluate(() => window.harness!.notifications.map((n) => n.message))).join("\n")}\n${shot.join(",")}` }).toBe(before + 1);
        const log = await playCardThrough(page, new Set(), [who, who === "Gamemaster" ? "Ada (player)" : "Gamemaster"]);
        expect(SETTLED, log.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
        shot.push(who);
        break;
      }
    }
    expect(shot.sort()).toEqual(["Ada (player)", "Gamemaster"]);
    expect(((await first.innerText()).match(/has shot/g) ?? []).length, await first.innerText()).toBe(2);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays a round of Unhex by clicks: the GM's Team button, Bea's wound boxes, her door opened (the button follows) and undone by the GM, the initiative card from Mara's row, Use action, the fight ended on an objective", async () => {
    const page = await openPlayground("unhex");
    await seedDice(page, 2);
    const warnings = watchWarnings(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);

    // The GM's Team button moves the Catwalk Sniper to the next team each click, round the four and back.
    const team = () => row(page, "Catwalk Sniper").locator(".fray-fact").first().innerText();
    expect(await team()).toBe("Hostile team");
    for (const next of ["Neutral team", "Secret team", "Friendly team", "Hostile team"]) {
      await row(page, "Catwalk Sniper").locator("[data-fray-action='team']").click();
      await settle(page);
      expect(await team()).toBe(next);
    }
    await playAs(page, "Bob (player)");
    expect(await row(page, "Bea").locator("[data-fray-action='team']").count()).toBe(0);

    // Bob marks two boxes of Bea's torso with one click, and clears them one by one.
    const sheet = await openSheet(page, "Bea");
    const box = (n: number) => sheet.locator("[data-action='markBox'][data-location='torso']").nth(n);
    expect(await box(0).getAttribute("aria-pressed")).toBe("false");
    await box(1).click();
    await settle(page);
    await expect.poll(() => box(1).getAttribute("aria-pressed")).toBe("true");
    expect(await box(0).getAttribute("aria-pressed")).toBe("true");
    await box(1).click();
    await settle(page);
    await expect.poll(() => box(1).getAttribute("aria-pressed")).toBe("false");
    expect(await box(0).getAttribute("aria-pressed")).toBe("true");
    await box(0).click();
    await settle(page);
    await expect.poll(() => box(0).getAttribute("aria-pressed")).toBe("false");

    // Bea opens the door to the Alley with her action: the open sheet's button says shut at once, her row's action is spent.
    const fighters = ["Bea"];
    const before = await look(page, fighters);
    await playAs(page, "Bob (player)");
    const door = sheet.locator("[data-action='unhexDoor']");
    expect((await door.innerText()).trim()).toBe("Open the door to Alley");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await door.click();
    await settle(page);
    await expect.poll(async () => lastCard(page).innerText()).toContain("Bea opens the door between Entrance and Alley");
    const opened = await lastCardId(page);
    await expect.poll(async () => (await door.innerText()).trim()).toBe("Shut the door to Alley");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await row(page, "Bea").innerText()).toContain("Action spent");
    // The GM's Undo shuts it again and gives the action back; Bob's sheet follows without being opened again.
    await undoRestores(page, opened, fighters, before);
    await playAs(page, "Bob (player)");
    await expect.poll(async () => (await door.innerText()).trim()).toBe("Open the door to Alley");
    expect(await row(page, "Bea").innerText()).toContain("1 action");

    // Ada clicks the d20 on Mara's row: the round's initiative card, each team's roller on her own screen, the winner's order.
    await playAs(page, "Ada (player)");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    let count = await cards();
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await row(page, "Mara").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await expect.poll(cards).toBe(count + 1);
    const initiative = await lastCardId(page);
    const log = await playCardThrough(page, new Set(), ["Ada (player)", "Bob (player)", "Gamemaster"]);
    expect(SETTLED, log.join("\n")).toContain(await cardOf(page, initiative).getAttribute("data-state"));
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await page.locator("#pg-tracker").innerText()).toMatch(/Friendly team: turn [12]/);

    // Ada uses Mara's action on something no card records.
    await playAs(page, "Ada (player)");
    const use = row(page, "Mara").locator("[data-fray-action='spend']");
    expect(await use.innerText()).toContain("Use action");
    await use.click();
    await settle(page);
    await expect.poll(() => row(page, "Mara").innerText()).toContain("Action spent");

    // The GM's objective is met: the first row's button ends the fight with a card.
    await playAs(page, "Gamemaster");
    count = await cards();
    await page.locator("#pg-tracker li.combatant").first().locator("[data-fray-action='objective']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await expect.poll(cards).toBe(count + 1);
    expect(await lastCard(page).innerText()).toContain("The fight is over: the GM's objective is met.");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await page.locator("#pg-tracker li.combatant").count()).toBe(0);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 240_000);

  /**
   * Plays each of `actions` from `sheet` as `player`, each card to its end with `players` answering:
   * every click opens one new card, which settles (applied or closed), through a dialog unless
   * `dialog` is false (a roll straight from the sheet). Returns what was played.
   */
  async function playSheetActions(page: Page, sheet: Locator, player: Player, actions: readonly string[], { fill, players, dialog = true }: { fill?: (dialog: Locator, action: string) => Promise<void>; players?: readonly Player[]; dialog?: boolean } = {}): Promise<string[]> {
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const log: string[] = [];
    for (const action of actions) {
      const before = await cards();
      await playAs(page, player);
      const button = sheet.locator(`[data-action='${action}']`).first();
      await reveal(sheet, button);
      const answered = await clickThrough(page, button, fill && ((opened) => fill(opened, action)));
      if (dialog) expect(answered, action).toBe(true);
      await expect.poll(cards, { message: action }).toBe(before + 1);
      log.push(action, ...(await playCardThrough(page, new Set(), players)));
      expect(SETTLED, `${log.join("\n")}\n${await lastCard(page).innerText()}`).toContain(await lastCard(page).getAttribute("data-state"));
    }
    return log;
  }

  /** Shows the sheet's tab that holds `target` (a sheet keeps its sections on tabs), by clicking through them. */
  async function reveal(sheet: Locator, target: Locator): Promise<void> {
    const tabs = sheet.locator("nav [data-action='tab']");
    for (let i = 0; i < (await tabs.count()) && !(await target.isVisible()); i += 1) await tabs.nth(i).click();
  }

  it("rolls from the sheet by clicks, as Ada: Beyond the Torchlight's check and save, each card to its end", async () => {
    for (const [ruleset, character, actions] of [["torchlight", "Elsa", ["torchlightCheck", "torchlightSave"]]] as const) {
      const page = await openPlayground(ruleset);
      await seedDice(page, 2);
      const warnings = watchWarnings(page);
      await playAs(page, "Ada (player)");
      const sheet = await openSheet(page, character);
      const log = await playSheetActions(page, sheet, "Ada (player)", actions, { dialog: false });
      expect(await warnings(), log.join("\n")).toEqual([]);
      await page.close();
    }
  }, 120_000);

  for (const ruleset of ["cavaliers", "drama", "unhex", "personal", "torchlight"]) {
    it(`runs the GM's upkeep as the GM while the page shows Ada, a round with no error or warning: ${ruleset}`, async () => {
      const page = await openPlayground(ruleset);
      const warnings = watchWarnings(page);
      await page.locator("#pg-tabs [data-tab='combat']").click();
      // The GM clicks, and the page switches to Ada in the same moment, before the GM's client has done what the click started.
      const quickly = async (target: Locator) => {
        await target.evaluate((button) => {
          (button as HTMLElement).click();
          const who = document.querySelector<HTMLSelectElement>("#pg-user")!;
          who.selectedIndex = 1;
          who.dispatchEvent(new Event("change"));
        });
        await settle(page);
        await playAs(page, "Gamemaster");
      };
      const rollAll = page.locator("#pg-tracker [data-action='rollAll']");
      if (ruleset !== "unhex" && (await rollAll.count())) {
        await rollAll.click({ modifiers: ["Shift"] });
        await settle(page);
        for (let i = 0; i < 6 && (await newestPrompt(page).count()); i += 1) await answerPrompt(page, /Roll/);
      }
      const begin = page.locator("#pg-tracker button", { hasText: "Begin" });
      if (await begin.count()) await quickly(begin);
      const round = async () => Number((await page.locator("#pg-tracker .encounter-title").innerText()).match(/\d+/)?.[0] ?? 0);
      const first = await round();
      // A defeated mark, each turn of the round and the next round, each switched away from at once.
      const last = page.locator("#pg-tracker li.combatant").last();
      await quickly(last.locator("[data-action='toggleDefeated']"));
      await expect.poll(async () => (await last.getAttribute("class")) ?? "").toContain("defeated");
      for (let i = 0; i < 5 && (await round()) === first; i += 1) await quickly(page.locator("#pg-tracker nav button", { hasText: /^(End Turn|Next Turn)$/ }).first());
      if ((await round()) === first) await quickly(page.locator("#pg-tracker nav button", { hasText: "Next Round" }).first());
      expect(await round()).toBe(first + 1);
      expect(await warnings()).toEqual([]);
      await page.close();
    }, 120_000);
  }

  for (const exchange of EXCHANGES) {
    it(`plays an exchange of ${exchange.name} by clicks, as the GM and a player`, async () => {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      // A step that cannot happen fails in good time instead of waiting for the test's end.
      page.setDefaultTimeout(30_000);
      const warnings = watchWarnings(page);
      // Start on another ruleset and pick this one from the menu, as a newcomer does.
      const other = exchange.ruleset === "cavaliers" ? "drama" : "cavaliers";
      await openFray(page, `${server.url}?ruleset=${other}`);
      await page.locator("#pg-ruleset").selectOption(exchange.ruleset);
      await page.waitForURL(`**/?ruleset=${exchange.ruleset}`);
      await openFray(page, page.url());
      await seedDice(page, exchange.seed);
      await settle(page);
      expect(await page.locator("#pg-bar").innerText()).toContain("not Foundry");
      expect(await page.locator("#pg-tracker li.combatant").count()).toBe(4);

      const fighters = [exchange.foe, exchange.character];
      const before = await look(page, fighters);
      expect(before.tracker).toContain(exchange.foe);

      // Ada targets the foe on the scene and attacks from her character's sheet.
      await playAs(page, "Ada (player)");
      await page.locator(`#pg-scene [aria-label="Target ${exchange.foe}"]`).click();
      expect(await page.locator("#pg-targets").innerText()).toContain(exchange.foe);
      await page.locator("#pg-tabs [data-tab='actors']").click();
      await page.locator(`#pg-actors [aria-label="Open ${exchange.character}'s sheet"]`).click();
      const sheet = page.locator(`body > .application:has([data-action="${exchange.attack}"])`).last();
      const notes = () => page.evaluate(() => window.harness!.notifications.map((n) => n.message));
      const weapon = "weapon" in exchange ? exchange.weapon : undefined;
      const chooseWeapon = async (dialog: Locator) => {
        if (!weapon) return;
        const select = dialog.locator("select", { has: page.locator("option", { hasText: weapon }) }).first();
        const value = await select.locator("option", { hasText: weapon }).first().getAttribute("value");
        await select.selectOption(value ?? weapon);
      };
      expect(await clickThrough(page, sheet.locator(`[data-action="${exchange.attack}"]`).first(), chooseWeapon), (await notes()).join("\n")).toBe(true);
      await page.locator("#pg-tabs [data-tab='chat']").click();
      await expect.poll(() => lastCard(page).count()).toBe(1);
      if (exchange.ruleset === "torchlight") {
        // Declared, not rolled: Riddic has still to declare, so the GM rolls the declared attacks from the tracker.
        expect(await lastCard(page).innerText()).toContain("Declared: Elsa's attack rolls when");
        await playAs(page, "Gamemaster");
        await page.locator("#pg-tabs [data-tab='combat']").click();
        await page.locator("#pg-tracker [data-fray-action='roll-declared']").first().click();
        await settle(page);
        await page.locator("#pg-tabs [data-tab='chat']").click();
      }

      // Each side makes the choice the card waits for, on her own screen, until it is applied.
      const bought = new Set<string>();
      const log = await playCardThrough(page, bought);
      expect(SETTLED, log.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));

      const after = await look(page, fighters);
      // The exchange changed a fighter (the foe when the attack lands, else the attacker) and her sheet
      // shows it; Beyond the Torchlight queues damage for the round's end, which the tracker shows.
      const changed = [...fighters.filter((name) => after.sheets[name] !== before.sheets[name]), ...(after.tracker !== before.tracker ? ["the tracker"] : [])];
      expect(changed.length, `neither sheet nor the tracker shows the exchange; the card: ${await lastCard(page).innerText()}`).toBeGreaterThan(0);
      if (after.data !== before.data) expect(changed.filter((name) => name !== "the tracker").length).toBeGreaterThan(0);
      for (const name of fighters) expect(after.tracker).toContain(name);
      expect(after.sheets[exchange.foe]).not.toMatch(/FRAY\.|TYPES\./);
      await page.locator("#pg-tabs [data-tab='chat']").click();
      await screenshot(page, `playground-${exchange.ruleset}`);

      // The round goes on to its end: each player ends her own turn, the GM the foes' (in Beyond the
      // Torchlight the GM moves its three turns and applies the end-of-round card).
      await page.locator("#pg-tabs [data-tab='combat']").click();
      const round = async () => Number((await page.locator("#pg-tracker .encounter-title").innerText()).match(/\d+/)?.[0] ?? 0);
      await playAs(page, "Gamemaster");
      const begin = page.locator("#pg-tracker button", { hasText: "Begin" });
      if (await begin.count()) {
        await begin.click();
        await settle(page);
      }
      const first = await round();
      const turns: string[] = [];
      for (let step = 0; step < 12 && (await round()) === first; step += 1) {
        await playAs(page, "Gamemaster");
        const active = page.locator("#pg-tracker li.combatant.active .name").first();
        const acting = (await active.count()) ? (await active.innerText()).trim() : "";
        const who = exchange.ruleset === "torchlight" ? "Gamemaster" : acting === exchange.character ? "Ada (player)" : acting === exchange.partner ? "Bob (player)" : "Gamemaster";
        await playAs(page, who);
        const next = page.locator("#pg-tracker nav button", { hasText: /^(End Turn|Next Turn)$/ }).first();
        turns.push(`${who}: ${await next.innerText()} (${acting})`);
        await next.click();
        await settle(page);
        for (let card = 0; card < 6 && exchange.ruleset === "torchlight" && (await round()) === first; card += 1) {
          await page.locator("#pg-tabs [data-tab='chat']").click();
          const closing = lastCard(page);
          if (SETTLED.includes((await closing.getAttribute("data-state")) ?? "")) break;
          const acted = await actOnCard(page, bought);
          if (!acted) break;
          turns.push(`Gamemaster: ${acted}`);
          await page.locator("#pg-tabs [data-tab='combat']").click();
        }
        await page.locator("#pg-tabs [data-tab='combat']").click();
      }
      expect(await round(), turns.join("\n")).toBe(first + 1);
      // Through the exchange and the round, played by three users on one page, nothing went wrong.
      expect(await warnings(), turns.join("\n")).toEqual([]);
      await page.close();
    }, 240_000);
  }
  it("asks The Queen's Cavaliers' prompts in windows answered by clicks, each on the screen of the user who clicked: a row's own Initiative, Roll all, Interpose, Rest, a delete, and the skip-dialog key", async () => {
    const page = await openPlayground("cavaliers");
    await seedDice(page, 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();

    // Ada rolls Ines's Initiative from her row: the prompt opens on her screen only, and asks the specialty.
    await playAs(page, "Ada (player)");
    await row(page, "Ines").locator("[data-action='rollInitiative']").click();
    await settle(page);
    const asked = newestPrompt(page);
    await asked.waitFor();
    expect(await asked.locator(".window-title").innerText()).toContain("Ines");
    const askedId = (await asked.getAttribute("id")) as string;
    await playAs(page, "Gamemaster");
    expect(await page.locator(`[id="${askedId}"]`).isVisible()).toBe(false);
    await playAs(page, "Ada (player)");
    expect(await page.locator(`[id="${askedId}"]`).isVisible()).toBe(true);
    await answerPrompt(page, "Roll Initiative", (prompt) => prompt.locator("select[name='specialty']").selectOption("vigilance").then(() => undefined));
    expect(await row(page, "Ines").innerText()).toContain("Vigilance");

    // Bob holds the skip-dialog key (Shift) as he clicks Aurore's roll: no prompt, his specialty at once.
    await playAs(page, "Bob (player)");
    await row(page, "Aurore de Vaux").locator("[data-action='rollInitiative']").click({ modifiers: ["Shift"] });
    await settle(page);
    expect(await newestPrompt(page).count()).toBe(0);
    expect(await row(page, "Aurore de Vaux").innerText()).toMatch(/IP \d/);

    // The GM rolls all: one prompt for each foe not yet rolled, answered in turn.
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    const answered = new Set<string>();
    for (let i = 0; i < 4 && (await newestPrompt(page).count()); i += 1) answered.add(await answerPrompt(page, "Roll Initiative"));
    expect(answered.size).toBe(2);
    for (const name of ["Hired Bravo", "Watch Conscript"]) expect(await row(page, name).innerText()).toMatch(/IP \d/);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);

    // Ada spends Initiative Points on an Interpose: its prompt offers whom she may hold.
    await playAs(page, "Ada (player)");
    const ipBefore = (await row(page, "Ines").innerText()).match(/IP (\d+)/)?.[1];
    await row(page, "Ines").locator("[data-fray-action='interpose']").click();
    await settle(page);
    await answerPrompt(page, "Interpose", async (prompt) => {
      expect(await prompt.locator("select[name='target'] option").count()).toBeGreaterThan(0);
    });
    expect((await row(page, "Ines").innerText()).match(/IP (\d+)/)?.[1], `${await row(page, "Ines").innerText()}\n${(await page.evaluate(() => window.harness!.notifications.map((n) => n.message))).join("\n")}`).not.toBe(ipBefore);

    // Ines's sheet: Rest asks the days; deleting an item asks first, and No keeps it.
    const sheet = await openSheet(page, "Ines");
    await sheet.locator("[data-action='rest']").click();
    await settle(page);
    await answerPrompt(page, "Rest", (prompt) => prompt.locator("input[name='days']").fill("2"));
    await expect.poll(() => page.evaluate(() => window.harness!.notifications.map((n) => n.message).join("\n"))).toContain("Ines");
    const items = () => sheet.locator("[data-action='deleteItem']").count();
    const itemsBefore = await items();
    expect(itemsBefore).toBeGreaterThan(0);
    await sheet.locator("[data-action='deleteItem']").first().click();
    await settle(page);
    await answerPrompt(page, "No");
    expect(await items()).toBe(itemsBefore);
    await sheet.locator("[data-action='deleteItem']").first().click();
    await settle(page);
    await answerPrompt(page, "Yes");
    await expect.poll(items).toBe(itemsBefore - 1);
    await page.close();
  }, 180_000);

  it("asks Personal Combat's Delay and Fallen Fate, and Beyond the Torchlight's days of recovery, in windows answered by clicks", async () => {
    const page = await openPlayground("personal");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    // The GM delays whoever acts first until after the last: the prompt lists everyone after her.
    const first = page.locator("#pg-tracker li.combatant.active");
    const mover = await first.locator(".name").innerText();
    await first.locator("[data-fray-action='delay']").click();
    await settle(page);
    await answerPrompt(page, "Delay", async (prompt) => {
      const options = prompt.locator("select[name='after'] option");
      await prompt.locator("select[name='after']").selectOption((await options.last().getAttribute("value")) as string);
    });
    expect(await page.locator("#pg-tracker li.combatant.active .name").innerText()).not.toBe(mover);

    // Ada marks Ines Wounded on her sheet; Fallen Fate asks the damage and opens its card.
    await playAs(page, "Ada (player)");
    await woundedAndHurt(page, await openSheet(page, "Ines"));
    await page.close();

    const torchlight = await openPlayground("torchlight");
    // Recovery waits for the encounter to end (issue 34): the GM ends the page's combat first.
    await playAs(torchlight, "Gamemaster");
    await torchlight.evaluate(async () => {
      const combats = (window as unknown as { game: { combats: { contents: { delete(): Promise<unknown> }[] } } }).game.combats.contents;
      for (const combat of [...combats]) await combat.delete();
    });
    await settle(torchlight);
    await playAs(torchlight, "Ada (player)");
    const elsa = await openSheet(torchlight, "Elsa");
    const torchCards = () => torchlight.locator("#chat-log .fray-card").count();
    await torchlight.locator("#pg-tabs [data-tab='chat']").click();
    await elsa.locator("nav [data-tab='characteristics']").click();
    await elsa.locator("[data-action='torchlightRecover']").click();
    await settle(torchlight);
    await answerPrompt(torchlight, "Roll", (prompt) => prompt.locator("input[name='n']").fill("3"));
    await expect.poll(torchCards).toBe(1);
    // Bob holds the skip-dialog key: Riddic's recovery rolls at once.
    await playAs(torchlight, "Bob (player)");
    const riddic = await openSheet(torchlight, "Riddic");
    await torchlight.locator("#pg-tabs [data-tab='chat']").click();
    await riddic.locator("nav [data-tab='characteristics']").click();
    await riddic.locator("[data-action='torchlightRecover']").click({ modifiers: ["Shift"] });
    await settle(torchlight);
    expect(await newestPrompt(torchlight).count()).toBe(0);
    await expect.poll(torchCards).toBe(2);
    await torchlight.close();
  }, 180_000);
  /** On a Personal Combat sheet: Wounded ticked, then *Damage while Wounded* asks the damage (3) in a window, and its card opens. */
  async function woundedAndHurt(page: Page, sheet: Locator): Promise<void> {
    await sheet.locator("input[name='system.wounded']").check();
    await settle(page);
    const cards = () => page.locator("#chat-log .fray-card").count();
    const before = await cards();
    await sheet.locator("[data-action='fallenFate']").click();
    await settle(page);
    await answerPrompt(page, /Fate/, (prompt) => prompt.locator("input[name='damage']").fill("3"));
    await expect.poll(cards).toBe(before + 1);
  }

  /**
   * `who` clicks the button `target` gives (a row's, the Combat Grid's or a sheet's), submits the
   * dialog it opens, if any (filled by `fill`), and the one new card is played to its end by
   * `players`; returns the card's text.
   */
  async function playButton(page: Page, who: Player, target: () => Locator, { fill, players = [who, "Gamemaster"] }: { fill?: (dialog: Locator) => Promise<void>; players?: readonly Player[] } = {}): Promise<string> {
    await playAs(page, who);
    const cards = () => page.locator("#chat-log .fray-card").count();
    const before = await cards();
    await clickThrough(page, target(), fill);
    await expect.poll(cards, { message: (await page.evaluate(() => window.harness!.notifications.map((n) => n.message))).join("\n") }).toBe(before + 1);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const log = await playCardThrough(page, new Set(), players);
    expect(SETTLED, `${log.join("\n")}\n${await lastCard(page).innerText()}`).toContain(await lastCard(page).getAttribute("data-state"));
    const text = await lastCard(page).innerText();
    await page.locator("#pg-tabs [data-tab='combat']").click();
    return text;
  }

  it("plays a round of Beyond the Torchlight by clicks as the GM, Ada and Bob: Dex saves, the GM's grid tools, Maneuvers, a move, a declared attack the GM rolls, the hold, End Turn, a stance ability, a Retreat and the end of the round", async () => {
    const page = await openPlayground("torchlight");
    await seedDice(page, 1);
    const warnings = watchWarnings(page);
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    const cellOf = (name: string) => grid.locator(".fray-tl-chip", { hasText: name }).locator("xpath=ancestor::td");
    const lane = (n: number) => grid.locator(`tr.fray-tl-lane[data-lane='${n}']`);
    const pick = (name: string, value: string) => async (dialog: Locator) => {
      await dialog.locator(`select[name='${name}']`).selectOption(value);
    };
    await page.locator("#pg-tabs [data-tab='combat']").click();

    // Initiative: each player rolls her own character's Dex save from her row, the GM rolls all the rest.
    for (const [who, name] of [["Ada (player)", "Elsa"], ["Bob (player)", "Riddic"]] as const) {
      await playAs(page, who);
      await row(page, name).locator("[data-action='rollInitiative']").click();
      await settle(page);
    }
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    for (const name of ["Elsa", "Riddic", "Bandit Swordsman"]) expect(await row(page, name).innerText()).not.toContain("Waits");
    expect(await row(page, "Bandit Archer").innerText()).toContain("Waits until round 2");

    // The GM's lane tools on the Combat Grid: lane 2 raised and lowered, the foes' Squad named and unnamed.
    await grid.locator("[data-action='lane'][data-lane='2']").click();
    await settle(page);
    const tools = grid.locator(".fray-tl-lane-tools");
    await tools.locator("[data-action='level'][data-step='1']").click();
    await expect.poll(() => lane(2).getAttribute("data-level")).toBe("1");
    expect(await lane(2).innerText()).toContain("level 1");
    await tools.locator("[data-action='level'][data-step='-1']").click();
    await expect.poll(() => lane(2).getAttribute("data-level")).toBe("0");
    await tools.locator("[data-action='squad'][data-side='foes']").click();
    await expect.poll(() => lane(2).innerText()).toContain("Foes' Squad");
    await tools.locator("[data-action='squad'][data-side='foes']").click();
    await expect.poll(() => lane(2).innerText()).not.toContain("Foes' Squad");
    // Place everyone leaves no one off the grid; Post to chat says who may Retreat.
    await grid.locator("[data-action='placeAll']").click();
    await settle(page);
    expect(await grid.locator(".fray-tl-unplaced").count()).toBe(0);
    expect(await playButton(page, "Gamemaster", () => grid.locator("[data-action='engagement']"))).toContain("Bandit Archer is not Engaged. May Retreat.");

    // Bob: Riddic Evades for 1 Breath (his row's Maneuver), moves into the Swordsman's lane on the grid, and declares an attack with a Grapple.
    await playButton(page, "Bob (player)", () => row(page, "Riddic").locator("[data-fray-action='maneuver']"), { fill: pick("maneuver", "evade") });
    expect(await row(page, "Riddic").innerText()).toContain("Evading");
    await row(page, "Riddic").locator("[data-fray-action='grid']").click();
    await settle(page);
    await grid.locator(".fray-tl-chip", { hasText: "Riddic" }).click();
    await settle(page);
    await grid.locator("td[data-action='cell'][data-lane='5'][data-stance='aggressive'][data-side='party']").click();
    await expect.poll(() => cellOf("Riddic").getAttribute("data-lane")).toBe("5");
    expect(await clickThrough(page, row(page, "Riddic").locator("[data-fray-action='attack']"), pick("maneuver", "grapple"))).toBe(true);
    expect(await row(page, "Riddic").innerText()).toContain("Declared: attack on Bandit Swordsman");
    // Elsa has not declared: the GM closes the declarations from the grid, and the card plays to its end.
    await playAs(page, "Gamemaster");
    expect(await grid.locator(".fray-tl-declared").innerText()).toContain("Riddic → Bandit Swordsman");
    await grid.locator("[data-action='rollDeclared']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const attack = await playCardThrough(page, new Set(), ["Bob (player)", "Gamemaster"]);
    expect(SETTLED, attack.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
    expect(await lastCard(page).innerText()).toContain("Bandit Swordsman is Grappled");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    // Bob holds the grapple from Riddic's row: a Str save.
    expect(await playButton(page, "Bob (player)", () => row(page, "Riddic").locator("[data-fray-action='hold']"))).toMatch(/Str save \d+ against ST \d+/);
    for (const name of ["Riddic", "Bandit Swordsman"]) expect(await row(page, name).innerText()).not.toContain("cannot be read");

    // Ada: Elsa Distracts the Swordsman for 1 Breath from her sheet, then says she is done with End Turn.
    await playAs(page, "Ada (player)");
    const elsa = await openSheet(page, "Elsa");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await playButton(page, "Ada (player)", () => elsa.locator("[data-action='torchlightManeuver']"), {
      fill: async (dialog) => {
        await pick("maneuver", "distract")(dialog);
        await settle(page);
        await dialog.locator("select[name='target']").selectOption({ label: "Bandit Swordsman" });
      },
    });
    expect(await row(page, "Bandit Swordsman").innerText()).toContain("Distracted");
    await page.locator("#pg-tracker nav button", { hasText: "End Turn" }).click();
    await settle(page);
    await expect.poll(() => row(page, "Elsa").innerText()).toContain("Declared: done this turn");

    // The GM's turn: the Swordsman's stance ability (Rally) from his row, the Archer's Retreat from his.
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
    await settle(page);
    expect(await grid.locator(".fray-tl-grid-round").innerText()).toContain("GM");
    expect(await playButton(page, "Gamemaster", () => row(page, "Bandit Swordsman").locator("[data-fray-action='ability']"))).toContain("Rally");
    await playButton(page, "Gamemaster", () => row(page, "Bandit Archer").locator("[data-fray-action='retreat']"));
    expect(await row(page, "Bandit Archer").innerText()).toContain("Retreated");

    // The environment's turn, then the end-of-round card: each owes her saves, rolled by her owner.
    await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
    await settle(page);
    const round = async () => Number((await page.locator("#pg-tracker .encounter-title").innerText()).match(/\d+/)?.[0] ?? 0);
    expect(await round()).toBe(1);
    await playButton(page, "Gamemaster", () => page.locator("#pg-tracker nav button", { hasText: "Next Turn" }), { players: ["Ada (player)", "Bob (player)", "Gamemaster"] });
    expect(await round()).toBe(2);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 240_000);

  it("plays Beyond the Torchlight's stance abilities from the rows by clicks: Bob's Riddic Intimidates from the Aggressive stance, Ada's Elsa prepares a Called Shot from the Rearguard", async () => {
    const page = await openPlayground("torchlight");
    await seedDice(page, 1);
    const warnings = watchWarnings(page);
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    const cellOf = (name: string) => grid.locator(".fray-tl-chip", { hasText: name }).locator("xpath=ancestor::td");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    for (const [who, name] of [["Ada (player)", "Elsa"], ["Bob (player)", "Riddic"]] as const) {
      await playAs(page, who);
      await row(page, name).locator("[data-action='rollInitiative']").click();
      await settle(page);
    }
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    // Bob moves Riddic into the Swordsman's lane, Aggressive, on the grid, and Intimidates from his row.
    await playAs(page, "Bob (player)");
    await row(page, "Riddic").locator("[data-fray-action='grid']").click();
    await settle(page);
    await grid.locator(".fray-tl-chip", { hasText: "Riddic" }).click();
    await settle(page);
    await grid.locator("td[data-action='cell'][data-lane='5'][data-stance='aggressive'][data-side='party']").click();
    await expect.poll(() => cellOf("Riddic").getAttribute("data-lane")).toBe("5");
    expect(await playButton(page, "Bob (player)", () => row(page, "Riddic").locator("[data-fray-action='ability']"), { players: ["Bob (player)", "Gamemaster"] })).toContain("Intimidation");
    // Ada steps Elsa back into the Rearguard of her lane on the grid, and prepares a Called Shot.
    await playAs(page, "Ada (player)");
    await row(page, "Elsa").locator("[data-fray-action='grid']").click();
    await settle(page);
    const lane = (await cellOf("Elsa").getAttribute("data-lane")) as string;
    await grid.locator(".fray-tl-chip", { hasText: "Elsa" }).click();
    await settle(page);
    await grid.locator(`td[data-action='cell'][data-lane='${lane}'][data-stance='rearguard'][data-side='party']`).click();
    await expect.poll(() => cellOf("Elsa").getAttribute("data-stance")).toBe("rearguard");
    expect(
      await playButton(page, "Ada (player)", () => row(page, "Elsa").locator("[data-fray-action='ability']"), {
        players: ["Ada (player)", "Gamemaster"],
        fill: async (dialog) => {
          await dialog.locator("select[name='target']").selectOption({ label: "Bandit Swordsman" });
        },
      }),
    ).toContain("Called Shot");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays Beyond the Torchlight's Protect Companion from the row by clicks: Bob moves Riddic On Guard into Elsa's lane and protects her", async () => {
    const page = await openPlayground("torchlight");
    await seedDice(page, 1);
    const warnings = watchWarnings(page);
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    const cellOf = (name: string) => grid.locator(".fray-tl-chip", { hasText: name }).locator("xpath=ancestor::td");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await playAs(page, "Bob (player)");
    await row(page, "Riddic").locator("[data-fray-action='grid']").click();
    await settle(page);
    const lane = (await cellOf("Elsa").getAttribute("data-lane")) as string;
    await grid.locator(".fray-tl-chip", { hasText: "Riddic" }).click();
    await settle(page);
    await grid.locator(`td[data-action='cell'][data-lane='${lane}'][data-stance='on-guard'][data-side='party']`).click();
    await expect.poll(() => cellOf("Riddic").getAttribute("data-stance")).toBe("on-guard");
    expect(
      await playButton(page, "Bob (player)", () => row(page, "Riddic").locator("[data-fray-action='ability']"), {
        fill: async (dialog) => {
          await dialog.locator("select[name='target']").selectOption({ label: "Elsa" });
        },
      }),
    ).toContain("Protect Companion");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays Beyond the Torchlight's Precision Strike by clicks under dice that roll their highest face: Bob's Riddic, in the Swordsman's lane, takes a Push instead of the extra die and chooses where to", async () => {
    const page = await openPlayground("torchlight");
    const warnings = watchWarnings(page);
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    const cellOf = (name: string) => grid.locator(".fray-tl-chip", { hasText: name }).locator("xpath=ancestor::td");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    // Bob moves Riddic into the Swordsman's lane and declares a melee attack on him from his row.
    await playAs(page, "Bob (player)");
    await row(page, "Riddic").locator("[data-fray-action='grid']").click();
    await settle(page);
    await grid.locator(".fray-tl-chip", { hasText: "Riddic" }).click();
    await settle(page);
    await grid.locator("td[data-action='cell'][data-lane='5'][data-stance='aggressive'][data-side='party']").click();
    await expect.poll(() => cellOf("Riddic").getAttribute("data-lane")).toBe("5");
    expect(await clickThrough(page, row(page, "Riddic").locator("[data-fray-action='attack']"))).toBe(true);
    // Every die now shows its highest face (v13 DiceTerm#mapRandomFace: ceil((1 - u) × faces)): the GM rolls the declared attacks.
    await page.evaluate(() => ((globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice.randomUniform = () => 0.000001));
    await playAs(page, "Gamemaster");
    await grid.locator("[data-action='rollDeclared']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await playAs(page, "Bob (player)");
    expect(await lastCard(page).innerText()).toContain("Precision Strike");
    const push = lastCard(page).locator("[data-fray-action='choose'][data-fray-value='push']:not([disabled])");
    expect(await push.count(), await lastCard(page).innerText()).toBe(1);
    await push.click();
    await settle(page);
    // Where to: Bob picks the first way the card offers.
    const direction = lastCard(page).locator("[data-fray-action='choose']:not([disabled])").first();
    const where = (await direction.innerText()).trim();
    await direction.click();
    await settle(page);
    const log = await playCardThrough(page, new Set(), ["Bob (player)", "Gamemaster"]);
    expect(SETTLED, log.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
    expect(await lastCard(page).innerText(), where).toContain("Push");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays Beyond the Torchlight's Retreat and Re-enter the fight by clicks: Ada's Elsa retreats in round 1, her row's Re-enter waits for round 3, where she re-enters", async () => {
    const page = await openPlayground("torchlight");
    await seedDice(page, 1);
    const warnings = watchWarnings(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    const round = async () => Number((await page.locator("#pg-tracker .encounter-title").innerText()).match(/\d+/)?.[0] ?? 0);
    // Elsa stands in the Rearguard, not Engaged: Ada retreats her from her row.
    await playAs(page, "Ada (player)");
    await row(page, "Elsa").locator("[data-fray-action='grid']").click();
    await settle(page);
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    const cellOf = (name: string) => grid.locator(".fray-tl-chip", { hasText: name }).locator("xpath=ancestor::td");
    const lane = (await cellOf("Elsa").getAttribute("data-lane")) as string;
    await grid.locator(".fray-tl-chip", { hasText: "Elsa" }).click();
    await settle(page);
    await grid.locator(`td[data-action='cell'][data-lane='${lane}'][data-stance='rearguard'][data-side='party']`).click();
    await expect.poll(() => cellOf("Elsa").getAttribute("data-stance")).toBe("rearguard");
    await playButton(page, "Ada (player)", () => row(page, "Elsa").locator("[data-fray-action='retreat']"));
    expect(await row(page, "Elsa").innerText()).toContain("Retreated");
    const rejoin = row(page, "Elsa").locator("[data-fray-action='rejoin']");
    expect(await rejoin.isDisabled()).toBe(true);
    // The GM moves the turns on to round 3, every card on the way played by whoever it waits on.
    const cards = () => page.locator("#chat-log .fray-card").count();
    for (let step = 0; step < 20 && (await round()) < 3; step += 1) {
      await playAs(page, "Gamemaster");
      const before = await cards();
      await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
      await settle(page);
      if ((await cards()) > before) {
        await page.locator("#pg-tabs [data-tab='chat']").click();
        await playCardThrough(page, new Set(), ["Ada (player)", "Bob (player)", "Gamemaster"]);
        await page.locator("#pg-tabs [data-tab='combat']").click();
      }
    }
    expect(await round()).toBe(3);
    await playAs(page, "Ada (player)");
    expect(await rejoin.isEnabled()).toBe(true);
    await clickThrough(page, rejoin);
    await settle(page);
    await expect.poll(() => row(page, "Elsa").innerText()).not.toContain("Retreated");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("asks Beyond the Torchlight's hours of Dying saves in a window once the GM ends the encounter: Ada's Elsa, fallen, saves on what she lost", async () => {
    const page = await openPlayground("torchlight");
    await seedDice(page, 1);
    const warnings = watchWarnings(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker nav button", { hasText: "End Encounter" }).click();
    await settle(page);
    expect(await page.locator("#pg-tracker li.combatant").count()).toBe(0);
    // Elsa fell in the fight: Dying, 2 Str lost this encounter (her sheet, as the GM or Ada fills it in).
    await playAs(page, "Ada (player)");
    const elsa = await openSheet(page, "Elsa");
    await elsa.locator("input[name='system.dying']").check();
    await settle(page);
    await elsa.locator("nav [data-tab='characteristics']").click();
    await elsa.locator("input[name='system.encounter.str']").fill("2");
    await elsa.locator("input[name='system.encounter.str']").press("Tab");
    await settle(page);
    const dying = elsa.locator("[data-action='torchlightDying']");
    await expect.poll(() => dying.isEnabled()).toBe(true);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    await dying.click();
    await settle(page);
    await answerPrompt(page, "Roll", (prompt) => prompt.locator("input[name='n']").fill("4"));
    await expect.poll(cards).toBe(1);
    const log = await playCardThrough(page, new Set());
    expect(SETTLED, log.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
    expect(await lastCard(page).innerText()).toMatch(/Str/);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);
  it("plays a round of Personal Combat by clicks as the GM, Ada and Bob: Initiative from the rows and Roll all, Go before, Plan the turn, a weapon's attack, End Turn, a Delay, the GM's attack, then Damage while Wounded with its Fallen Fate and a Rest", async () => {
    const page = await openPlayground("personal");
    // Under these dice Ines and Bruno tie on 8: the players decide who goes first.
    await seedDice(page, 12);
    const warnings = watchWarnings(page);
    const acting = async () => (await page.locator("#pg-tracker li.combatant.active .name").innerText()).trim();
    const order = async () => (await page.locator("#pg-tracker li.combatant .name").allInnerTexts()).map((name) => name.trim());
    const endTurn = async (who: Player, label: "End Turn" | "Next Turn") => {
      await playAs(page, who);
      await page.locator("#pg-tracker nav button", { hasText: label }).click();
      await settle(page);
    };
    /** `who` targets `foe` on the scene and attacks from `character`'s sheet with `button`; the card is played to its end. */
    const attack = async (who: Player, character: string, foe: string, button: string, answering: readonly Player[]) => {
      await playAs(page, who);
      await page.locator(`#pg-scene [aria-label="Target ${foe}"]`).click();
      const sheet = await openSheet(page, character);
      await reveal(sheet, sheet.locator(`[data-action='${button}']`).first());
      const text = await playButton(page, who, () => sheet.locator(`[data-action='${button}']`).first(), { players: answering });
      await sheet.locator("[data-action='close']").click();
      return text;
    };
    await page.locator("#pg-tabs [data-tab='combat']").click();

    // Initiative: each player rolls her own character's from her row; the GM's Roll all gives the NPCs theirs.
    for (const [who, name] of [["Ada (player)", "Ines"], ["Bob (player)", "Bruno"]] as const) {
      await playAs(page, who);
      await row(page, name).locator("[data-action='rollInitiative']").click();
      await settle(page);
      expect(await row(page, name).innerText()).toMatch(/Initiative 8 \(die \d \+ rank \d\)/);
    }
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    expect(await order()).toEqual(["Ines", "Bruno", "Veteran Sergeant", "Street Thug"]);
    // Bob's Bruno goes before Ines: the turn is his.
    await playAs(page, "Bob (player)");
    await row(page, "Bruno").locator("[data-fray-action='goBefore']").click();
    await settle(page);
    expect(await order()).toEqual(["Bruno", "Ines", "Veteran Sergeant", "Street Thug"]);
    expect(await acting()).toBe("Bruno");

    // Bruno's turn: Bob plans it from the row (an Attack and a free action), shoots the Street Thug with his bow's own button, and ends his turn.
    const plan = await playButton(page, "Bob (player)", () => row(page, "Bruno").locator("[data-fray-action='planTurn']"), {
      fill: async (planner) => {
        await planner.locator("select[name='action']").selectOption("Attack");
        await settle(page);
        await planner.locator("input[name='free.0']").fill("Draw a weapon");
      },
    });
    expect(plan).toContain("Bruno: Action: Attack");
    expect(await attack("Bob (player)", "Bruno", "Street Thug", "attackWith", ["Bob (player)", "Gamemaster"])).toContain("Bruno attacks Street Thug with Bow");
    await endTurn("Bob (player)", "End Turn");
    expect(await acting()).toBe("Ines");

    // Ines's turn: Ada Delays until after the Street Thug; the Veteran Sergeant acts.
    await playAs(page, "Ada (player)");
    await row(page, "Ines").locator("[data-fray-action='delay']").click();
    await settle(page);
    await answerPrompt(page, "Delay", (prompt) => prompt.locator("select[name='after']").selectOption({ label: "Street Thug" }).then(() => undefined));
    expect(await order()).toEqual(["Bruno", "Veteran Sergeant", "Street Thug", "Ines"]);
    expect(await acting()).toBe("Veteran Sergeant");

    // The GM's Sergeant shoots Ines from his sheet, and the GM moves the turn on past the Thug.
    expect(await attack("Gamemaster", "Veteran Sergeant", "Ines", "attack", ["Ada (player)", "Gamemaster"])).toContain("Veteran Sergeant attacks Ines");
    await endTurn("Gamemaster", "Next Turn");
    await endTurn("Gamemaster", "Next Turn");
    expect(await acting()).toBe("Ines");
    // Ines acts last: Ada attacks the Sergeant with Attack the target, and her End Turn ends the round.
    expect(await attack("Ada (player)", "Ines", "Veteran Sergeant", "attack", ["Ada (player)", "Gamemaster"])).toContain("Ines attacks Veteran Sergeant");
    await endTurn("Ada (player)", "End Turn");
    await playAs(page, "Gamemaster");
    expect(await page.locator("#pg-tracker .encounter-title").innerText()).toContain("2");

    // Between rounds: the GM marks Ines Wounded and deals her a fall's damage (Damage while Wounded); Ada chooses her Fallen Fate on the card.
    await woundedAndHurt(page, await openSheet(page, "Ines"));
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const fate = await playCardThrough(page, new Set(), ["Ada (player)", "Gamemaster"]);
    expect(fate[0], fate.join("\n")).toMatch(/^Ada \(player\): choose /);
    expect(SETTLED, fate.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
    // Ada rests Ines from her sheet: the ignores come back.
    await playAs(page, "Ada (player)");
    const hers = await openSheet(page, "Ines");
    expect(await playButton(page, "Ada (player)", () => hers.locator("[data-action='rest']"))).toContain("Ines");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 240_000);

  it("copies a Personal Combat card as a request by a right-click, for Ada and the GM (Bob is offered nothing on the card naming Ines), and the command line replays it", async () => {
    const page = await openPlayground("personal");
    await seedDice(page, 1);
    const warnings = watchWarnings(page);
    // The GM's Veteran Sergeant shoots Ines from his sheet: the card names Ines, Ada's.
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Ines"]`).click();
    const sergeant = await openSheet(page, "Veteran Sergeant");
    await reveal(sergeant, sergeant.locator("[data-action='attack']").first());
    expect(await playButton(page, "Gamemaster", () => sergeant.locator("[data-action='attack']").first(), { players: ["Ada (player)", "Gamemaster"] })).toContain("Veteran Sergeant attacks Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const id = await lastCardId(page);
    const card = page.locator(`#chat-log li[data-message-id="${id}"]`);
    const menu = page.locator("#context-menu .context-item");
    const offered = async (who: Player) => {
      await playAs(page, who);
      await card.click({ button: "right" });
      return (await menu.allInnerTexts()).map((entry) => entry.trim());
    };
    const clipboard = () => page.evaluate(() => (globalThis as unknown as { game: { clipboard: { text: string } } }).game.clipboard.text);
    const outcome = await page.evaluate((message) => JSON.stringify((globalThis as unknown as { game: { messages: { get(id: string): { system: { toObject(): { outcome: unknown } } } } } }).game.messages.get(message).system.toObject().outcome), id);
    for (const who of ["Ada (player)", "Gamemaster"] as const) {
      expect(await offered(who), who).toContain("Copy as request");
      await page.evaluate(() => ((globalThis as unknown as { game: { clipboard: { text: string } } }).game.clipboard.text = ""));
      await menu.filter({ hasText: "Copy as request" }).click();
      await settle(page);
      const copied = await clipboard();
      const replayed = runCli(["resolve"], () => copied);
      expect(replayed.stderr, who).toBe("");
      const { ruleset: _ruleset, action: _action, seed: _seed, ...rest } = JSON.parse(replayed.stdout) as Record<string, unknown>;
      expect(rest, who).toEqual(JSON.parse(outcome));
    }
    expect(await offered("Bob (player)")).toEqual([]);
    // A click elsewhere closes the menu.
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await menu.count()).toBe(0);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("opens each window a user may open on her own screen, drawn for whoever plays now: a player's Combat Grid, a sheet two users opened, closed by one", async () => {
    const page = await openPlayground("torchlight");
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    // The GM's grid opened with the page; Ada has none until she opens hers, drawn for her (no GM tools).
    expect(await grid.locator("[data-action='placeAll']").count()).toBe(1);
    await playAs(page, "Ada (player)");
    expect(await grid.count()).toBe(0);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-combat-extra button", { hasText: "Combat Grid" }).click();
    await settle(page);
    expect(await grid.count()).toBe(1);
    expect(await grid.locator("[data-action='placeAll']").count()).toBe(0);
    await playAs(page, "Gamemaster");
    expect(await grid.locator("[data-action='placeAll']").count()).toBe(1);

    // Bob opens Riddic's sheet, Ada (an observer) opens it too: each sees it as hers to edit or not.
    await playAs(page, "Bob (player)");
    const bobs = await openSheet(page, "Riddic");
    expect(await bobs.locator("input[name='name']").isEnabled()).toBe(true);
    await playAs(page, "Ada (player)");
    const adas = await openSheet(page, "Riddic");
    expect(await adas.locator("input[name='name']").isDisabled()).toBe(true);
    await playAs(page, "Bob (player)");
    expect(await bobs.locator("input[name='name']").isEnabled()).toBe(true);
    // Ada closes it on her screen; Bob's stays open.
    await playAs(page, "Ada (player)");
    await adas.locator("[data-action='close']").click();
    await settle(page);
    expect(await page.locator("body > .application:not(.pg-elsewhere)").filter({ has: page.locator(".window-title", { hasText: "Riddic" }) }).count()).toBe(0);
    await playAs(page, "Bob (player)");
    expect(await bobs.isVisible()).toBe(true);
    await page.close();
  }, 120_000);
});
