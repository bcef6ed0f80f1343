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
import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { browserAvailable, openFray, screenshot } from "./support/index.js";
import { EXCHANGES, SETTLED, actOnCard, answerPrompt, clickThrough, lastCard, look, newestPrompt, openPlayground, openSheet, playAs, playCardThrough, row, seedDice, settle, watchWarnings, kit, usePlayground } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the playground in Chromium", () => {
  usePlayground();

  it("loads Foundry's core stylesheets as the tests' page does: Font Awesome's font is loaded and the tracker's icons are glyphs", async () => {
    const page = await kit.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.setDefaultTimeout(30_000);
    await openFray(page, `${kit.server.url}?ruleset=cavaliers`);
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
    const page = await kit.browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(30_000);
    await openFray(page, `${kit.server.url}?ruleset=drama`);
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

  it("shows a newcomer a first round of each ruleset from the scene's 'New here?': a few steps, whose sheet button and tracker buttons are the page's own", async () => {
    for (const ruleset of ["cavaliers", "drama", "unhex", "personal", "torchlight"]) {
      const page = await openPlayground(ruleset);
      await page.locator("#pg-new-here button", { hasText: "Help" }).click();
      const name = await page.locator("#pg-ruleset option:checked").innerText();
      expect(await page.locator("#pg-first-round-title").innerText()).toBe(`A first round of ${name}`);
      const steps = page.locator("#pg-first-round li");
      expect(await steps.count(), ruleset).toBeGreaterThanOrEqual(3);
      expect(await steps.count(), ruleset).toBeLessThanOrEqual(6);
      // The step that opens a character's sheet names the sheet's own attack button.
      const opening = (await steps.allInnerTexts()).find((step) => step.includes(" from Actors"));
      const [, character, button] = opening?.match(/open (\w+) from Actors(?:,| and) press ([A-Z][\w ]+?)(?: to| and|;|\.|$)/) ?? [];
      expect(character, `${ruleset}: ${opening}`).toBeTruthy();
      await page.locator("#pg-help-toggle").click();
      await playAs(page, "Ada (player)");
      const sheet = await openSheet(page, character as string);
      expect(await sheet.locator("button", { hasText: new RegExp(`^\\s*${button}\\s*$`) }).count(), `${ruleset}: ${button} on ${character}'s sheet`).toBeGreaterThan(0);
      // The GM's tracker has the buttons the first step names.
      await playAs(page, "Gamemaster");
      await page.locator("#pg-tabs [data-tab='combat']").click();
      const first = await steps.first().innerText();
      for (const label of ["Roll all", "Begin"]) if (first.includes(label)) expect(await page.locator("#pg-tracker button", { hasText: label }).count(), `${ruleset}: ${label}`).toBeGreaterThan(0);
      await page.close();
    }
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
      const page = await kit.browser.newPage({ viewport: { width: 1600, height: 1000 } });
      // A step that cannot happen fails in good time instead of waiting for the test's end.
      page.setDefaultTimeout(30_000);
      const warnings = watchWarnings(page);
      // Start on another ruleset and pick this one from the menu, as a newcomer does.
      const other = exchange.ruleset === "cavaliers" ? "drama" : "cavaliers";
      await openFray(page, `${kit.server.url}?ruleset=${other}`);
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
