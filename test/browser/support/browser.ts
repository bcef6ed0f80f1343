/**
 * Real Chromium for browser tests (playwright-core, the system's /usr/bin/chromium): launch, open
 * the Fray page (failing the test on any console error or page error), and save screenshots.
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Browser, type ElementHandle, type Locator, type Page } from "playwright-core";
import { onTestFinished } from "vitest";
import { REPO_ROOT } from "../../../playground/foundry/node.js";
import { watchCardWords } from "./card-words.js";
import { assertFits } from "./layout.js";

export const CHROMIUM = "/usr/bin/chromium";
export const SCREENSHOTS = join(REPO_ROOT, "test-results", "screenshots");

export function browserAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export async function launchBrowser(): Promise<Browser> {
  if (!browserAvailable()) throw new Error(`${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

export interface FrayPage {
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
  /** Throw if any console error or page error has been seen. */
  assertNoErrors(): void;
}

/**
 * Open the harness page at `url`, wait for init/setup/ready, and fail on any console error or
 * uncaught page error: at once if one happens while booting, and when the current test finishes
 * for any seen later (call inside a test; call assertNoErrors yourself from hooks). It then waits for
 * the world's ruleset's chunk, unless `waitForRuleset` is false. Every card the page draws from then
 * on is read in both themes, and the test fails when one shows the machine's words (support/card-words.ts).
 */
export async function openFray(page: Page, url: string, options: { waitForRuleset?: boolean } = {}): Promise<FrayPage> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.stack ?? error.message}`));
  const frayPage: FrayPage = {
    page,
    errors,
    assertNoErrors() {
      if (errors.length) throw new Error(`The page reported errors:\n${errors.join("\n")}`);
    },
  };
  try {
    onTestFinished(() => frayPage.assertNoErrors());
  } catch {
    // Not inside a test (e.g. beforeAll): the caller checks with assertNoErrors.
  }
  await page.goto(url);
  await page.waitForFunction(() => window.frayBoot !== undefined);
  try {
    await page.evaluate(() => window.frayBoot);
  } catch (err) {
    errors.push(`boot failed: ${(err as Error).message}`);
  }
  // The world's ruleset is a chunk Foundry does not wait for; tests start once it is here, unless they watch it arrive.
  if (options.waitForRuleset !== false) {
    await page.evaluate(() => {
      const g = globalThis as unknown as { CONFIG: { fray: { loadRuleset(id: unknown): Promise<unknown> } }; game: { settings: { get(ns: string, key: string): unknown } } };
      return g.CONFIG.fray.loadRuleset(g.game.settings.get("fray", "ruleset"));
    });
  }
  frayPage.assertNoErrors();
  const machineWordsSeen = await watchCardWords(page);
  try {
    onTestFinished(() => {
      const problems = [...new Set(machineWordsSeen())];
      if (problems.length) throw new Error(`A card showed the machine's words:\n${problems.join("\n")}`);
    });
  } catch {
    // Not inside a test: no card is drawn outside one.
  }
  return frayPage;
}

/**
 * Save a PNG of the page or of one element under test-results/screenshots/<name>.png; returns the
 * path. A Fray card, window or tracker is first measured (support/layout.ts) in both themes and
 * must fit, so every photograph a test takes is also a layout check; `layout: false` is for a
 * stand-in the test drew itself (a scene map), never for Fray's own elements.
 */
export async function screenshot(target: Page | Locator | ElementHandle, name: string, { layout = true }: { layout?: boolean } = {}): Promise<string> {
  if (layout && isLocator(target)) await assertFits(target, name);
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = name.replace(/[^\w.-]+/g, "-");
  const path = join(SCREENSHOTS, `${file}.png`);
  await target.screenshot({ path });
  // Every card is photographed in both of core's themes (issue 38 item 13): its twin is <name>-dark.png.
  if (layout && isLocator(target) && (await showsCard(target))) await inDarkTheme(target.page(), () => target.screenshot({ path: join(SCREENSHOTS, `${file}${DARK_TWIN}.png`) }));
  return path;
}

/** The suffix of a card photograph's twin in the dark theme (scripts/screenshots.mjs copies it beside its light one). */
export const DARK_TWIN = "-dark";

/** Whether the element is a chat card or a chat column holding one. */
async function showsCard(target: Locator): Promise<boolean> {
  return target.evaluate((element: Element) => element.matches(".fray-card") || !!element.closest("#chat-log, .chat-log") || !!element.querySelector(".fray-card"));
}

/** Runs `take` with the page's body under core's dark theme, then gives the page its theme back. */
async function inDarkTheme(page: Page, take: () => Promise<unknown>): Promise<void> {
  const original = await page.evaluate(() => (document.body.classList.contains("theme-dark") ? "theme-dark" : "theme-light"));
  const set = (theme: string) =>
    page.evaluate((theme) => {
      document.body.classList.remove("theme-light", "theme-dark");
      document.body.classList.add(theme);
    }, theme);
  await set("theme-dark");
  try {
    await take();
  } finally {
    await set(original);
  }
}

function isLocator(target: Page | Locator | ElementHandle): target is Locator {
  return "locator" in target && "page" in target && typeof (target as Locator).page === "function" && "evaluateAll" in target;
}
