/**
 * Every card a browser test's page draws is read as its reader sees it, and none may show the
 * machine's words (test/support/machine-words.ts, the table the foundry project reads with). A
 * watcher in the page reads each card each time it is drawn or redrawn (a new state, a choice, an
 * Undo), with its folded steps opened as a reader who clicks "How it went" would, in core's light and
 * dark themes, and hands the text to the test; openFray checks what it gathered when the test ends.
 */
import type { Page } from "playwright-core";
import { machineWords } from "../../support/machine-words.js";

const REPORT = "frayCardTextSeen";

/** What each page's cards said; the page's binding outlives a navigation, so a page opened again (openFray twice) keeps its list. */
const SEEN = new WeakMap<Page, Set<string>>();

/** Start watching the page's cards; the returned function lists the machine's words they showed so far. */
export async function watchCardWords(page: Page): Promise<() => string[]> {
  let seen = SEEN.get(page);
  if (!seen) {
    const texts = new Set<string>();
    SEEN.set(page, (seen = texts));
    await page.exposeFunction(REPORT, (text: string) => void texts.add(text));
  }
  await page.evaluate((report) => {
    const send = (globalThis as unknown as Record<string, (text: string) => void>)[report]!;
    const read = (card: HTMLElement) => {
      const folded = [...card.querySelectorAll<HTMLDetailsElement>("details:not([open])")];
      for (const fold of folded) fold.open = true;
      const body = document.body.classList;
      const original = body.contains("theme-dark") ? "theme-dark" : "theme-light";
      for (const theme of ["theme-light", "theme-dark"]) {
        body.remove("theme-light", "theme-dark");
        body.add(theme);
        send(`${theme}: ${card.innerText}`);
      }
      body.remove("theme-light", "theme-dark");
      body.add(original);
      for (const fold of folded) fold.open = false;
    };
    new MutationObserver((records) => {
      const cards = new Set<HTMLElement>();
      for (const record of records) {
        const at = record.target instanceof Element ? record.target : record.target.parentElement;
        const around = at?.closest<HTMLElement>(".fray-card");
        if (around) cards.add(around);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(".fray-card")) cards.add(node as HTMLElement);
          for (const card of node.querySelectorAll<HTMLElement>(".fray-card")) cards.add(card);
        }
      }
      for (const card of cards) if (card.isConnected) read(card);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, REPORT);
  const texts = seen;
  return () => [...texts].flatMap((text) => machineWords(text.slice(text.indexOf(": ") + 2)).map((problem) => `${text.slice(0, text.indexOf(":"))} card: ${problem}`));
}
