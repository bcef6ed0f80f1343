/**
 * Does it fit? The one measuring helper every browser test uses on the cards, dialogs, sheets and
 * the tracker it opens. A chat card is measured in a 300 px chat column and the combat tracker at
 * 300 px (Foundry's sidebar width); a dialog must fit a 720 px-tall window. In each of core's two
 * themes it looks for:
 * - an element wider than the window or card it sits in;
 * - text cut off: an element whose content is wider than its box (scrollWidth > clientWidth), a
 *   select too narrow for its chosen option;
 * - two controls (buttons, inputs, selects) drawn over each other.
 * A dialog, and each tab of an actor or item sheet, must show all it holds within a 720 px-tall window.
 * Steps folded away in a closed <details> are not drawn and not measured: what the reader sees is.
 * Every card (issue 38 item 1), folded as a player first sees it, is at most 400 px tall and opens,
 * right under its title, with a line that tells what happened or what it waits for.
 */
import { appendFile } from "node:fs/promises";
import type { Locator } from "playwright-core";

/** Foundry's sidebar, where the chat log and the combat tracker live. */
export const SIDEBAR_WIDTH = 300;
/** The window height the issue names as the smallest a table plays in. */
export const WINDOW_HEIGHT = 720;
/** How tall a card may be with its steps folded (issue 38 item 1: a card fits 300 × 400 px). */
export const CARD_HEIGHT = 400;

export type LayoutKind = "card" | "tracker" | "window" | "sheet";

export interface LayoutReport {
  kind: LayoutKind;
  problems: string[];
}

/** Measure the element under the page's current theme; a card column or tracker is first set to the sidebar's width. */
export async function measureLayout(target: Locator): Promise<LayoutReport> {
  return target.evaluate(
    (root: HTMLElement, { sidebar, windowHeight, cardHeight }) => {
      const describe = (element: Element): string => {
        const classes = [...element.classList].slice(0, 3).join(".");
        const action = element.getAttribute("data-action") ?? element.getAttribute("data-fray-action") ?? element.getAttribute("name");
        const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()}${classes ? "." + classes : ""}${action ? ` ${action}` : ""}>${text ? ` "${text}"` : ""}`;
      };
      const chat = root.closest<HTMLElement>("#chat-log, .chat-log") ?? root.querySelector<HTMLElement>("#chat-log, .chat-log");
      const kind: LayoutKind = chat || root.matches(".chat-message, .fray-card")
        ? "card"
        : root.matches("#combat, .combat-sidebar")
          ? "tracker"
          : root.matches(".sheet")
            ? "sheet"
            : "window";
      if (kind === "card" && chat) {
        chat.style.width = `${sidebar}px`;
        // A test's own sidebar around the column grows to hold it rather than squeezing it.
        for (let up = chat.parentElement; up && up !== document.body; up = up.parentElement) if (up.style.width) up.style.width = "auto";
      }
      if (kind === "tracker") root.style.width = `${sidebar}px`;
      const problems: string[] = [];
      const box = root.getBoundingClientRect();
      // Drawn at all: not display:none, not hidden, not inside a closed <details> (whose content Chromium skips).
      const shown = (element: Element): boolean => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) return false;
        return element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
      };
      const elements = [root, ...root.querySelectorAll<HTMLElement>("*")].filter((e) => !(e instanceof SVGElement) && shown(e));

      // Once an element is reported, what it holds is not: the outermost misfit names the fault.
      const reported: Element[] = [];
      const report = (element: Element, problem: string) => {
        reported.push(element);
        problems.push(problem);
      };
      for (const element of elements) {
        if (reported.some((r) => r.contains(element))) continue;
        const rect = element.getBoundingClientRect();
        if (element !== root && (rect.right > box.right + 0.5 || rect.left < box.left - 0.5)) {
          report(element, `${describe(element)} spans ${Math.round(rect.left - box.left)}..${Math.round(rect.right - box.left)} px of a ${Math.round(box.width)} px ${kind}`);
          continue;
        }
        const parent = element.parentElement;
        if (element !== root && parent && parent !== root) {
          const outer = parent.getBoundingClientRect();
          if (outer.width > 0 && (rect.right > outer.right + 0.5 || rect.left < outer.left - 0.5)) {
            report(element, `${describe(element)} is ${Math.round(rect.width)} px wide, out of its ${Math.round(outer.width)} px ${describe(parent).split(" ")[0]}`);
            continue;
          }
        }
        if (element instanceof HTMLImageElement || element instanceof HTMLCanvasElement) continue;
        // Text for screen readers only is clipped to a pixel on purpose.
        if (element.classList.contains("fray-visually-hidden")) continue;
        if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
          // Its own text is cut off, unless something inside reaches past its edge: then the outermost
          // such element is reported, as wider than its container, when the walk gets to it.
          const edge = element.getBoundingClientRect().right + 0.5;
          const inside = [...element.querySelectorAll("*")].some((inner) => inner.getBoundingClientRect().right > edge && shown(inner));
          if (!inside) {
            report(element, `${describe(element)} is cut off: its content is ${element.scrollWidth} px wide in ${element.clientWidth} px`);
            continue;
          }
        }
        if (element instanceof HTMLSelectElement && element.selectedOptions[0]) {
          const style = getComputedStyle(element);
          const context = document.createElement("canvas").getContext("2d")!;
          context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const needed = context.measureText(element.selectedOptions[0].text).width;
          // Chromium's drop-down arrow takes about 20 px of the box.
          const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          if (needed > room + 1) problems.push(`${describe(element)} shows "${element.selectedOptions[0].text}" (${Math.round(needed)} px) in ${Math.round(room)} px`);
        }
      }

      // What of an element its scrolling ancestors let show: a control scrolled out of a window's content is not under its header.
      const visibleRect = (element: Element) => {
        const r = element.getBoundingClientRect();
        let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
        for (let up = element.parentElement; up && root.contains(up); up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const c = up.getBoundingClientRect();
          [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top), Math.min(right, c.right), Math.min(bottom, c.bottom)];
        }
        return { left, top, right, bottom };
      };
      const controls = elements.filter((e) => e.matches("button, a[data-action], input:not([type=hidden]), select, textarea"));
      for (let i = 0; i < controls.length; i += 1) {
        const a = visibleRect(controls[i]!);
        for (let j = i + 1; j < controls.length; j += 1) {
          if (controls[i]!.contains(controls[j]!) || controls[j]!.contains(controls[i]!)) continue;
          const b = visibleRect(controls[j]!);
          const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (overlapX > 1 && overlapY > 1) problems.push(`${describe(controls[i]!)} and ${describe(controls[j]!)} overlap`);
        }
      }

      // A dialog shows everything without scrolling: the height it needs is its box plus what its
      // content hides below.
      if (kind === "window") {
        const content = root.querySelector<HTMLElement>(".window-content");
        const needed = box.height + (content ? content.scrollHeight - content.clientHeight : 0);
        if (needed > windowHeight) problems.push(`${describe(root.querySelector(".window-title") ?? root)} needs ${Math.round(needed)} px of height; a window is ${windowHeight} px`);
      }
      // A sheet is measured one tab at a time (its other tabs are not drawn). Text may scroll in its
      // body (a journal's page), but every control of the tab must be in reach within a 720 px
      // window without scrolling: a sheet that long gets more tabs or a denser layout. Where a
      // control would sit unscrolled is its place now plus how far each box around it is scrolled.
      if (kind === "sheet") {
        const scrolled = (element: Element) => {
          let offset = 0;
          for (let up = element.parentElement; up && root.contains(up); up = up.parentElement) offset += up.scrollTop;
          return offset;
        };
        const content = root.querySelector<HTMLElement>(".window-content");
        const padding = content ? parseFloat(getComputedStyle(content).paddingBottom) || 0 : 0;
        let lowest: { element: Element; bottom: number } | null = null;
        for (const control of elements.filter((e) => e.matches("button, a[data-action], input:not([type=hidden]), select, textarea"))) {
          const bottom = control.getBoundingClientRect().bottom + scrolled(control) - box.top + padding;
          if (!lowest || bottom > lowest.bottom) lowest = { element: control, bottom };
        }
        if (lowest && lowest.bottom > windowHeight) problems.push(`${describe(root.querySelector(".window-title") ?? root)} needs ${Math.round(lowest.bottom)} px of height to reach ${describe(lowest.element)}; a window is ${windowHeight} px`);
      }
      // Each card, folded as a player first sees it (its steps and all-dice tooltip closed), fits the
      // card's height and opens with its headline; the folds are put back as they were.
      if (kind === "card") {
        const cards = root.matches(".fray-card") ? [root] : [...root.querySelectorAll<HTMLElement>(".fray-card")];
        for (const card of cards.filter(shown)) {
          const open = [...card.querySelectorAll<HTMLDetailsElement>("details[open]")];
          for (const fold of open) fold.open = false;
          const height = card.getBoundingClientRect().height;
          const title = (card.querySelector("header h3")?.textContent ?? "").trim();
          if (height > cardHeight + 0.5) problems.push(`the card "${title}" is ${Math.round(height)} px tall with its steps folded; a card is ${cardHeight} px`);
          const first = card.querySelector(":scope > header")?.nextElementSibling;
          const line = first?.matches(".fray-card-headline") ? (first.textContent ?? "").trim() : "";
          if (!line) problems.push(`the card "${title}" does not open with a line that tells what happened`);
          for (const fold of open) fold.open = true;
        }
      }
      return { kind, problems };
    },
    { sidebar: SIDEBAR_WIDTH, windowHeight: WINDOW_HEIGHT, cardHeight: CARD_HEIGHT },
  );
}

/** Measure under both of core's themes (the page's body carries theme-light or theme-dark), leaving the page's theme as it was. */
export async function layoutProblems(target: Locator): Promise<string[]> {
  const page = target.page();
  const original = await page.evaluate(() => (document.body.classList.contains("theme-dark") ? "dark" : "light"));
  const problems: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((theme) => {
      document.body.classList.remove("theme-light", "theme-dark");
      document.body.classList.add(`theme-${theme}`);
    }, theme);
    for (const problem of (await measureLayout(target)).problems) problems.push(`${theme}: ${problem}`);
  }
  await page.evaluate((theme) => {
    document.body.classList.remove("theme-light", "theme-dark");
    document.body.classList.add(`theme-${theme}`);
  }, original);
  return problems;
}

/** Throws, naming each problem, when the element does not fit; the caller's screenshot then shows it at the measured width. */
export async function assertFits(target: Locator, name: string): Promise<void> {
  const problems = await layoutProblems(target);
  // FRAY_LAYOUT_REPORT=<file>: list every misfit in the file and go on, to survey a whole run at once.
  const report = process.env.FRAY_LAYOUT_REPORT;
  if (report && problems.length) return appendFile(report, `${name}\n  ${[...new Set(problems)].join("\n  ")}\n`);
  if (problems.length) throw new Error(`${name} does not fit:\n  ${[...new Set(problems)].join("\n  ")}`);
}

/**
 * Words broken across lines in the matched elements ("Reargua|rd"): each word of their text is a
 * range, and a word drawn on two lines has boxes at two heights. A break at a space is not one.
 */
export async function wordsSplit(targets: Locator): Promise<string[]> {
  return targets.evaluateAll((elements: Element[]) => {
    const split: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(`"${word[0]}" is broken across ${lines.size} lines in <${element.tagName.toLowerCase()}> "${(element.textContent ?? "").replace(/\s+/g, " ").trim()}"`);
        }
      }
    }
    return split;
  });
}
