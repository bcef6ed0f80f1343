/**
 * What the playground's browser tests share: the page served as `npm start` serves it, in Chromium,
 * and the gestures a person makes there (Play as, a card played through, a prompt answered, a sheet
 * opened, a token dragged). Each ruleset's file (playground-<ruleset>.test.ts) plays its rounds with them.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { startPlayground } from "../../../playground/serve-playground.js";
import type { FrayServer } from "../../../playground/server.js";
import { launchBrowser, openFray } from "./index.js";
import { runCli } from "../../../src/cli/run.js";

// --- Gestures of the card's right-click menu (Undo, what a user is offered); kept here, at the start, for the Unhex, Personal Combat and Torchlight rounds. ---

/** The entries of a card's right-click menu as `who` is offered them (the menu closed again after). */
export async function menuOffers(page: Page, who: Player, id: string): Promise<string[]> {
  await playAs(page, who);
  const entries = await menuEntries(page, id);
  // A click elsewhere closes the menu.
  await page.locator("#pg-tabs [data-tab='combat']").click();
  return entries;
}

/**
 * `who` undoes the card `id` from its right-click menu, and the table is as it was before the card:
 * `read` (as `look` reads the fighters' data, their sheets and the tracker, or more) showed the card, and shows `before` again.
 */
export async function undoFromMenu<T>(page: Page, who: Player, id: string, read: () => Promise<T>, before: T): Promise<void> {
  expect(await read(), "the table does not show the card").not.toEqual(before);
  await playAs(page, who);
  await page.locator("#pg-tabs [data-tab='chat']").click();
  await page.locator(`#chat-log li[data-message-id="${id}"]`).click({ button: "right" });
  await page.locator("#context-menu .context-item", { hasText: "Undo" }).click();
  await settle(page);
  expect(await read(), who).toEqual(before);
}
// --- end of the right-click menu's gestures ---

/** The server and browser of the file running now (each test file is a module of its own). */
export const kit = { server: undefined as unknown as FrayServer, browser: undefined as unknown as Browser };

/** Serves the playground and launches Chromium for the file's tests, and closes both after them. */
export function usePlayground(): void {
  beforeAll(async () => {
    kit.server = await startPlayground();
    kit.browser = await launchBrowser();
  });
  afterAll(async () => {
    await kit.browser?.close();
    await kit.server?.close();
  });
}


/** Per ruleset: the foe Ada attacks, her character, the sheet's attack button, and a dice seed under which the attack lands (the page rolls at random otherwise). */
export const EXCHANGES = [
{ ruleset: "cavaliers", name: "The Queen's Cavaliers", character: "Ines", partner: "Aurore de Vaux", foe: "Hired Bravo", attack: "attack", seed: 2 },
{ ruleset: "drama", name: "Drama in History", character: "Ines", partner: "Berold", foe: "Fyrd", attack: "meleeRound", seed: 2 },
{ ruleset: "unhex", name: "Unhex", character: "Mara", partner: "Bea", foe: "Bouncer", attack: "unhexAttack", seed: 2 },
{ ruleset: "personal", name: "Personal Combat", character: "Ines", partner: "Bruno", foe: "Street Thug", attack: "attack", seed: 1 },
// The GM placed everyone on the Combat Grid, Elsa out of the swordsman's lane: she shoots.
{ ruleset: "torchlight", name: "Beyond the Torchlight", character: "Elsa", partner: "Riddic", foe: "Bandit Swordsman", attack: "torchlightAttack", seed: 2, weapon: "Hand Crossbow" },
] as const satisfies readonly { ruleset: string; name: string; character: string; partner: string; foe: string; attack: string; seed: number; weapon?: string }[];

export const SETTLED = ["applied", "closed"];
export type Player = "Ada (player)" | "Bob (player)" | "Gamemaster";

/** Picks "Play as" as a person at the page does, and waits for the page to draw that user's view. */
export async function playAs(page: Page, who: "Gamemaster" | "Ada (player)" | "Bob (player)"): Promise<void> {
  await page.locator("#pg-user").selectOption({ label: who });
  await settle(page);
}

/** Waits for Fray's cards and renders, and for the page's redraw of the sidebar. */
export const settle = (page: Page) => page.evaluate(async () => window.playground?.refresh());

/** The newest card in the chat log as the user playing now sees it. */
export const lastCard = (page: Page): Locator => page.locator("#chat-log .fray-card").last();

/** Seeds Foundry's random source so the exchange plays the same way each run (mulberry32). */
export const seedDice = (page: Page, seed: number) =>
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
export const windowIds = (page: Page) => page.locator("body > .application:not(.pg-elsewhere)").evaluateAll((elements) => elements.map((e) => e.id));

/** Clicks `target`; when that opens a dialog, submits it as it stands (each dialog opens on sound defaults). */
export async function clickThrough(page: Page, target: Locator, fill?: (dialog: Locator) => Promise<void>): Promise<boolean> {
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
export const PREFERENCE = ["spend", "choose", "pool", "courage", "saves", "survival", "setDice", "shoot"];
export async function actOnCard(page: Page, bought: Set<string>): Promise<string | null> {
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
export async function playCardThrough(page: Page, bought: Set<string>, players: readonly Player[] = ["Ada (player)", "Gamemaster"]): Promise<string[]> {
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
export async function look(page: Page, names: string[]): Promise<{ data: string; sheets: Record<string, string>; tracker: string }> {
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
export function watchWarnings(page: Page): () => Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") seen.push(`console.${message.type()}: ${message.text()}`);
  });
  const notified = () => page.evaluate(() => window.harness!.notifications.filter((n) => n.type === "warning" || n.type === "error").map((n) => `${n.type}: ${n.message}`));
  return async () => [...seen, ...(await notified())];
}

/** A fresh page of the playground at 1280×800 on `ruleset`, booted and drawn. */
export async function openPlayground(ruleset: string): Promise<Page> {
  const page = await kit.browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(30_000);
  await openFray(page, `${kit.server.url}?ruleset=${ruleset}`);
  await settle(page);
  return page;
}

/** The newest prompt (a DialogV2 window) on the screen of the user playing now. */
export const newestPrompt = (page: Page): Locator => page.locator("body > dialog.application:not(.pg-elsewhere)").last();
/** A combatant's row in the tracker. */
export const row = (page: Page, name: string): Locator => page.locator("#pg-tracker li.combatant", { has: page.locator(".name", { hasText: name }) });

/**
 * Waits for the prompt a click opened on this user's screen, makes its choices and presses the
 * button labelled `press`; returns the prompt's id, and checks the window is gone once answered.
 */
export async function answerPrompt(page: Page, press: string | RegExp, fill?: (prompt: Locator) => Promise<void>): Promise<string> {
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
export async function openSheet(page: Page, name: string): Promise<Locator> {
  await page.locator("#pg-tabs [data-tab='actors']").click();
  await page.locator(`#pg-actors [aria-label="Open ${name}'s sheet"]`).click();
  await settle(page);
  return page.locator("body > .application:not(.pg-elsewhere):not(dialog)").filter({ has: page.locator(".window-title", { hasText: name }) }).last();
}

/** The centre on the page of a token's drawing, or of an Area's. */
export const tokenCentre = async (page: Page, name: string) => centre(page.locator(`#pg-scene [aria-label="Target ${name}"] .pg-body`));
export const areaCentre = async (page: Page, area: string) => centre(page.locator(`#pg-scene .pg-region[data-area="${area}"] rect`).first());
export async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
/** Drags a token on the scene with the mouse, as a person does: press on it, move, let go. */
export async function dragOnScene(page: Page, name: string, to: { x: number; y: number }): Promise<void> {
  const from = await tokenCentre(page, name);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await settle(page);
}
/** Where a token's document stands and the Area it is in, as the scene's documents say. */
export const standing = (page: Page, name: string) =>
  page.evaluate((wanted) => {
    const token = window.playground!.scene.tokens.contents.find((t) => t.name === wanted)!;
    const region = window.playground!.scene.regions.contents.find((r) => r.shapes.some((s) => token.x + 50 >= s.x && token.x + 50 < s.x + s.width && token.y + 50 >= s.y && token.y + 50 < s.y + s.height));
    return { x: token.x, y: token.y, area: region?.name ?? null };
  }, name);

/** How large a token's name is drawn on the screen, in pixels: its font size times the scene's zoom. */
export const namePixels = (page: Page) =>
  page.locator("#pg-scene .pg-token .pg-name").evaluateAll((names) =>
    names.map((name) => Number(name.getAttribute("font-size")) * ((name as SVGGraphicsElement).ownerSVGElement!.getScreenCTM()?.a ?? 0)),
  );
/** The new notifications since `from`, as the page showed them. */
export const notesSince = (page: Page, from: number) => page.evaluate((n) => window.harness!.notifications.slice(n).map((note) => `${note.type}: ${note.message}`), from);
export const noteCount = (page: Page) => page.evaluate(() => window.harness!.notifications.length);

/** A card of the chat log by its message's id, as the user playing now sees it. */
export const cardOf = (page: Page, id: string): Locator => page.locator(`#chat-log [data-message-id="${id}"] .fray-card`);
/** The id of the chat message of the newest card in the chat log. */
export const lastCardId = async (page: Page): Promise<string> => (await lastCard(page).locator("xpath=ancestor::*[@data-message-id][1]").getAttribute("data-message-id")) as string;
/** A combatant's Initiative as her row in the tracker shows it (the GM's field or the players' number). */
export const rowInitiative = (page: Page, name: string) =>
  row(page, name).evaluate((li) => {
    const shown = li.querySelector(".token-initiative");
    return Number(shown?.querySelector("input")?.value ?? shown?.textContent?.trim() ?? NaN);
  });

/**
 * The GM presses Undo on the card `id` (applied earlier) and the table is as it was before the
 * card: the fighters' data, what their sheets show and the tracker, as `look` reads them.
 */
export async function undoRestores(page: Page, id: string, names: string[], before: Awaited<ReturnType<typeof look>>, press: (page: Page, id: string) => Promise<void> = pressUndo): Promise<void> {
  const applied = await look(page, names);
  const changed = [applied.data !== before.data, ...names.map((name) => applied.sheets[name] !== before.sheets[name]), applied.tracker !== before.tracker];
  expect(changed.some(Boolean), "neither the fighters, their sheets nor the tracker show the card").toBe(true);
  await press(page, id);
  const undone = await look(page, names);
  expect(undone.data).toBe(before.data);
  for (const name of names) expect(undone.sheets[name], name).toBe(before.sheets[name]);
  expect(undone.tracker).toBe(before.tracker);
}

/**
 * Plays each of `actions` from `sheet` as `player`, each card to its end with `players` answering:
 * every click opens one new card, which settles (applied or closed), through a dialog unless
 * `dialog` is false (a roll straight from the sheet). Returns what was played.
 */
export async function playSheetActions(page: Page, sheet: Locator, player: Player, actions: readonly string[], { fill, players, dialog = true }: { fill?: (dialog: Locator, action: string) => Promise<void>; players?: readonly Player[]; dialog?: boolean } = {}): Promise<string[]> {
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
export async function reveal(sheet: Locator, target: Locator): Promise<void> {
  const tabs = sheet.locator("nav [data-action='tab']");
  for (let i = 0; i < (await tabs.count()) && !(await target.isVisible()); i += 1) await tabs.nth(i).click();
}

/** On a Personal Combat sheet: Wounded ticked, then *Damage while Wounded* asks the damage (3) in a window, and its card opens. */
export async function woundedAndHurt(page: Page, sheet: Locator): Promise<void> {
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
export async function playButton(page: Page, who: Player, target: () => Locator, { fill, players = [who, "Gamemaster"] }: { fill?: (dialog: Locator) => Promise<void>; players?: readonly Player[] } = {}): Promise<string> {
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


/** A round's opening: the playground on `ruleset`, its dice seeded, and its warnings watched from the first click. */
export async function openRound(ruleset: string, seed: number): Promise<{ page: Page; warnings: () => Promise<string[]> }> {
  const page = await openPlayground(ruleset);
  await seedDice(page, seed);
  return { page, warnings: watchWarnings(page) };
}

/** The GM's start of a fight from the tracker: Roll all (each initiative prompt it opens answered as it stands), then Begin. */
export async function rollAllAndBegin(page: Page): Promise<void> {
  await page.locator("#pg-tabs [data-tab='combat']").click();
  await page.locator("#pg-tracker [data-action='rollAll']").click();
  await settle(page);
  for (let i = 0; i < 6 && (await newestPrompt(page).count()); i += 1) await answerPrompt(page, "Roll Initiative");
  await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
  await settle(page);
}

// ---- Cavaliers and Drama gestures (issue 37: the guides' buttons, the card's menu) ----

/** The GM presses the card's own Undo button. */
export async function pressUndo(page: Page, id: string): Promise<void> {
  await page.locator("#pg-tabs [data-tab='chat']").click();
  await cardOf(page, id).locator("[data-fray-action='undo']").click();
  await settle(page);
}

/** The entries of a card's right-click menu, as the user playing now is offered them (the menu is left open). */
export async function menuEntries(page: Page, id: string): Promise<string[]> {
  await page.locator("#pg-tabs [data-tab='chat']").click();
  await cardOf(page, id).click({ button: "right", position: { x: 20, y: 10 } });
  const menu = page.locator("#context-menu .context-item");
  return (await menu.allInnerTexts()).map((entry) => entry.trim());
}

/** `who` picks Undo from the card's right-click menu (Undo by the menu, for undoRestores). */
export const undoByMenu =
  (who: Player) =>
  async (page: Page, id: string): Promise<void> => {
    await playAs(page, who);
    expect(await menuEntries(page, id)).toContain("Undo");
    await page.locator("#context-menu .context-item", { hasText: /^\s*Undo$/ }).click();
    await settle(page);
  };

/**
 * A Cavaliers check of Ines, who has taken no Yield, played to its end by its roller: won, she is not
 * offered Reduce Yield Taken (nothing to reduce) and buys a Style Point and applies; lost, the card has
 * closed. Whether it was won.
 */
export async function styleOrClosed(page: Page, card: Locator): Promise<boolean> {
  if (!(await card.locator("[data-fray-action='spend']").count())) {
    expect(await card.getAttribute("data-state")).toBe("closed");
    expect(await card.innerText()).toContain("Failed:");
    return false;
  }
  expect(await card.locator("[data-entry='reduce-yield']").count()).toBe(0);
  await card.locator("[data-entry='gain-style'] [data-fray-action='buy']").click();
  await settle(page);
  await card.locator("[data-fray-action='spend']").click();
  await settle(page);
  expect(await card.getAttribute("data-state")).toBe("applied");
  expect(await card.innerText()).toMatch(/Ines: Style \d+ → \d+/);
  return true;
}

/**
 * `who` picks Copy as request from the card's right-click menu, and `fray resolve` on what it copied
 * prints the card's own outcome (the command line's one resolver, fed the card's request and dice).
 */
export async function copyReplays(page: Page, id: string, who: Player): Promise<void> {
  await playAs(page, who);
  await page.evaluate(() => ((globalThis as unknown as { game: { clipboard: { text: string } } }).game.clipboard.text = ""));
  expect(await menuEntries(page, id)).toContain("Copy as request");
  await page.locator("#context-menu .context-item", { hasText: "Copy as request" }).click();
  await settle(page);
  const copied = await page.evaluate(() => (globalThis as unknown as { game: { clipboard: { text: string } } }).game.clipboard.text);
  const outcome = await page.evaluate((message) => (globalThis as unknown as { game: { messages: { get(id: string): { system: { toObject(): { outcome: unknown } } } } } }).game.messages.get(message).system.toObject().outcome, id);
  const replayed = runCli(["resolve"], () => copied);
  expect(replayed.stderr, who).toBe("");
  const { ruleset: _ruleset, action: _action, seed: _seed, ...rest } = JSON.parse(replayed.stdout) as Record<string, unknown>;
  expect(rest, who).toEqual(outcome);
}

/** Waits for a token's drawing to come to rest (a refused move slides back over 0.35 s): a drag pressed mid-slide misses it and pans. */
export async function tokenAtRest(page: Page, name: string): Promise<void> {
  await expect
    .poll(async () => {
      const first = await tokenCentre(page, name);
      await page.waitForTimeout(100);
      const second = await tokenCentre(page, name);
      return first.x === second.x && first.y === second.y;
    })
    .toBe(true);
}
