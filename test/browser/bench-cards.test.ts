/**
 * The bench's chat-card rows (scripts/bench-cards.ts) still work, so `npm run bench` cannot measure a
 * card that no longer opens: every case's setup runs in one page, as the bench runs them, and one
 * `benchRender()` must draw the card it opened, its section and buttons, from the same HTML the
 * card engine wrote. Nothing here is timed.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CARD_CASES } from "../../scripts/bench-browser.js";
import { REPO_ROOT } from "../../playground/foundry/node.js";
import { browserAvailable, openFray, useFrayBrowser, type FrayPage } from "./support/index.js";

const RULESETS = join(REPO_ROOT, "src/foundry/rulesets");

interface Drawn {
  kind: string;
  written: string;
  rewritten: string;
  section: boolean;
  copyOnFace: number;
}

describe.skipIf(!browserAvailable())("the bench's card rows", () => {
  const fray = useFrayBrowser();
  let page: Page;
  let frayPage: FrayPage;

  beforeAll(async () => {
    page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The setups are handed to the page as source; a runner that keeps names adds `__name` calls to them.
    await page.addInitScript({ content: "globalThis.__name = (target) => target;" });
    frayPage = await openFray(page, fray.server.url);
    // The bench renders the sheets first, leaving world items behind (a Personal Combat band replaces the house range bands).
    await page.evaluate(async () => {
      const g = globalThis as unknown as { CONFIG: { Item: { documentClass: { create(d: object): Promise<unknown> } } } };
      for (const type of ["personalBand", "personalAction", "personalFate"]) await g.CONFIG.Item.documentClass.create({ name: `Bench ${type}`, type, system: {} });
    });
  });
  afterAll(async () => page.close());

  it("has a row for every card kind a ruleset declares", () => {
    const declared = readdirSync(RULESETS).flatMap((ruleset) => {
      const dir = join(RULESETS, ruleset, "cards");
      if (!existsSync(dir)) return [];
      return readdirSync(dir).flatMap((file) => [...readFileSync(join(dir, file), "utf8").matchAll(/^ {2}id: "([\w-]+\.[\w-]+)",$/gm)].map((match) => match[1]));
    });
    expect(new Set(declared.map((kind) => kind?.split(".")[0]))).toEqual(new Set(["cavaliers", "drama", "personal", "torchlight", "unhex"]));
    expect(CARD_CASES.map((c) => c.arg.kind).sort()).toEqual(declared.sort());
    expect(new Set(CARD_CASES.map((c) => c.row)).size).toBe(CARD_CASES.length);
  });

  it.each(CARD_CASES.map((c) => [c.row, c] as const))("%s: opens, and benchRender draws it as the engine wrote it", async (_row, renderCase) => {
    await page.evaluate(renderCase.setup, renderCase.arg);
    const drawn = await page.evaluate(async () => {
      type Message = { content: string; system: { toObject(): { kind: string } } };
      const g = globalThis as unknown as { game: { messages: { contents: Message[] } }; benchRender(): Promise<HTMLElement> };
      const message = g.game.messages.contents.at(-1)!;
      const written = message.content;
      const html = await g.benchRender();
      return {
        kind: message.system.toObject().kind,
        written,
        rewritten: message.content,
        section: html.querySelector(".message-content .fray-card") !== null,
        copyOnFace: html.querySelectorAll("[data-fray-action='copy']").length,
      } satisfies Drawn;
    });
    expect(drawn.kind).toBe(renderCase.arg.kind);
    expect(drawn.section).toBe(true);
    // Copy as request is in the message's context menu, never on the card's face.
    expect(drawn.copyOnFace).toBe(0);
    // The GM's HTML rendered again from the card's data and the message's dice is the HTML the engine wrote.
    expect(drawn.rewritten).toBe(drawn.written);
    frayPage.assertNoErrors();
  });
});
