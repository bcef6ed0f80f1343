/**
 * The Chromium part of `npm run bench`: the built bundle in Debian's Chromium on the browser tests'
 * harness (test/browser/support), timing what the table pays for Fray's UI, always against a
 * baseline of the same run:
 *   - each actor and item sheet's render, relative to rendering an empty ApplicationV2;
 *   - ordering a running combat (round 1) of 200 Cavaliers combatants (setupTurns through the active
 *     ruleset's rules, places in the Combat's flags as the tracker keeps them, each in effect), relative
 *     to ordering 20.
 *   - each chat card kind's render, relative to the same empty ApplicationV2 (CARD_CASES).
 * Every render row is a RenderCase: setup code run in the page that leaves `benchRender()` behind.
 * A card's setup (scripts/bench-cards.ts) opens a real card through the card engine, and its
 * `benchRender()` re-renders it the way the engine does at each step: the GM's HTML from the card's
 * data, shown through ChatMessage#renderHTML. Nothing here asserts on time.
 */
import type { Page } from "playwright-core";
import { bundleWeights, type BundleWeights } from "./bundle-graph.mjs";
import { CARD_KINDS, cardArg, cardSetup, type CardAreas } from "./bench-cards.js";
import { browserAvailable, launchBrowser, openFray } from "../test/browser/support/browser.js";
import { startFrayServer } from "../test/browser/support/server.js";

/** What a setup is handed (as JSON): the document to make for a sheet, the kind of card to open. */
export interface RenderArg {
  documentName?: string;
  type?: string;
  kind?: string;
  areas?: CardAreas;
}

/** One row of the render table: `setup` runs in the page and installs `window.benchRender`. */
export interface RenderCase {
  row: string;
  setup: (arg: RenderArg) => Promise<void>;
  arg: RenderArg;
}

interface BenchGlobals {
  benchRender?: () => Promise<unknown>;
  harness?: { flush(): Promise<void> };
}

/** An ApplicationV2 that renders nothing: the cost of the application machinery itself. */
const EMPTY_APP: RenderCase = {
  row: "empty ApplicationV2",
  arg: {},
  async setup() {
    const g = globalThis as unknown as BenchGlobals & { foundry: { applications: { api: { ApplicationV2: new () => { render(o: object): Promise<unknown> } } } } };
    const Base = g.foundry.applications.api.ApplicationV2 as unknown as new () => { render(o: object): Promise<unknown> };
    class Empty extends Base {
      async _renderHTML() {
        return "";
      }
      _replaceHTML(_result: unknown, content: HTMLElement) {
        content.replaceChildren();
      }
    }
    const app = new Empty();
    g.benchRender = () => app.render({ force: true });
  },
};

/** A document of the type, created empty, and its sheet rendered again and again. */
async function sheetSetup({ documentName, type }: RenderArg): Promise<void> {
  type Doc = { sheet: { render(o: object): Promise<unknown> } };
  const g = globalThis as unknown as BenchGlobals & { CONFIG: Record<string, { documentClass: { create(d: object): Promise<Doc> } }> };
  const document = await g.CONFIG[documentName as string]!.documentClass.create({ name: `Bench ${type}`, type, system: {} });
  g.benchRender = () => document.sheet.render({ force: true });
}

/** One row per card kind: the card as it stands once opened (open for a choice, or applied). */
export const CARD_CASES: RenderCase[] = CARD_KINDS.map((kind) => ({ row: `card ${kind}`, arg: cardArg(kind), setup: cardSetup }));

/** Milliseconds per render: renders in batches of at least 100 ms (the page's clock is coarse), best of five. */
async function timeRenders(page: Page, renderCase: RenderCase): Promise<number> {
  await page.evaluate(renderCase.setup, renderCase.arg);
  return page.evaluate(async () => {
    const g = globalThis as unknown as BenchGlobals;
    const render = g.benchRender as () => Promise<unknown>;
    for (let i = 0; i < 5; i += 1) await render();
    await g.harness?.flush();
    let best = Infinity;
    for (let batch = 0; batch < 5; batch += 1) {
      const started = performance.now();
      let count = 0;
      while (performance.now() - started < 100) {
        for (let i = 0; i < 10; i += 1) await render();
        count += 10;
      }
      await g.harness?.flush();
      best = Math.min(best, (performance.now() - started) / count);
    }
    return best;
  });
}

/** Pairs of timings (20 combatants, then 200) the ordering row takes; its ratio is their median. */
const ORDERING_PAIRS = 60;

/**
 * Ordering a running combat (round 1) of 20 and of 200 Cavaliers combatants (placed in shuffled
 * order, every place in effect this round), timed in short batches taken in turn: the ratio of each
 * pair, 20 then 200, sees the same load of a shared machine, and the row is the median pair, so a
 * pause during a few batches spoils a few pairs, not the row (two runs agree within 20%).
 */
async function timeOrdering(page: Page): Promise<{ small: number; large: number; relative: number }> {
  return page.evaluate(async (pairs) => {
    type CombatDoc = { createEmbeddedDocuments(n: string, d: object[]): Promise<Array<{ id: string }>>; update(d: object): Promise<unknown>; setupTurns(): unknown[] };
    const g = globalThis as unknown as BenchGlobals & { CONFIG: Record<string, { documentClass: { create(d: object): Promise<CombatDoc> } }> };
    const running = async (count: number): Promise<CombatDoc> => {
      // Round 1: the places count from round 1, so each combatant's own place orders it (in round 0 all would wait alike).
      const combat = await g.CONFIG.Combat!.documentClass.create({ active: true, round: 1 });
      const places = Array.from({ length: count }, (_, i) => i + 1).sort((a, b) => ((a * 7919) % 101) - ((b * 7919) % 101));
      const specialties = ["impulse", "vigilance", "timing"];
      const combatants = await combat.createEmbeddedDocuments(
        "Combatant",
        places.map((place, i) => ({ name: `C${i}`, initiative: 20 - (place % 20) })),
      );
      // The tracker keeps each combatant's place in the Combat's flags (flags.fray.cavaliers.<id>).
      const states = Object.fromEntries(
        combatants.map((c, i) => {
          const place = places[i] as number;
          return [c.id, { specialty: specialties[i % 3], total: 20 - (place % 20), successPoints: place % 7, place, fromRound: 1, spent: { round: 0, spends: [] }, nextPlace: null, seized: null, group: null }];
        }),
      );
      await combat.update({ flags: { fray: { cavaliers: states } } });
      for (let i = 0; i < 20; i += 1) combat.setupTurns();
      return combat;
    };
    const batch = (combat: CombatDoc): number => {
      const started = performance.now();
      let orderings = 0;
      while (performance.now() - started < 20) {
        for (let i = 0; i < 10; i += 1) combat.setupTurns();
        orderings += 10;
      }
      return (performance.now() - started) / orderings;
    };
    const small = await running(20);
    const large = await running(200);
    const timed = Array.from({ length: pairs }, () => {
      const s = batch(small);
      const l = batch(large);
      return { s, l, r: l / s };
    });
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    return { small: median(timed.map((t) => t.s)), large: median(timed.map((t) => t.l)), relative: median(timed.map((t) => t.r)) };
  }, ORDERING_PAIRS);
}

export interface BrowserBench {
  renders: Array<{ row: string; ms: number; relative: number }>;
  ordering: { small: number; large: number; relative: number };
}

/** Runs `run` on a page of the built Fray in Chromium, or says why it cannot (no Chromium). */
async function inChromium<T>(run: (page: Page) => Promise<T>): Promise<T | string> {
  if (!browserAvailable()) return "Chromium is missing (/usr/bin/chromium): the browser rows were skipped";
  const server = await startFrayServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with an `__name(fn, "name")` helper; the functions this script hands
    // to page.evaluate carry those calls into the page, which needs the helper too.
    await page.addInitScript({ content: "globalThis.__name = (target) => target;" });
    const fray = await openFray(page, server.url);
    const result = await run(page);
    fray.assertNoErrors();
    return result;
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Runs the Chromium bench, or says why it cannot (no Chromium, no dist/). */
export function benchBrowser(documentTypes: Record<string, string[]>): Promise<BrowserBench | string> {
  return inChromium(async (page) => {
    const baseline = await timeRenders(page, EMPTY_APP);
    const cases: RenderCase[] = [
      ...Object.entries(documentTypes)
        .filter(([documentName]) => documentName === "Actor" || documentName === "Item")
        .flatMap(([documentName, types]) => types.map((type): RenderCase => ({ row: `sheet ${type}`, arg: { documentName, type }, setup: sheetSetup }))),
      ...CARD_CASES,
    ];
    const rows = [{ row: EMPTY_APP.row, ms: baseline, relative: 1 }];
    for (const renderCase of cases) {
      const ms = await timeRenders(page, renderCase);
      rows.push({ row: renderCase.row, ms, relative: ms / baseline });
    }
    return { renders: rows, ordering: await orderingRow(page) };
  });
}

/** The ordering row: a warm-up run, then the timed one. */
async function orderingRow(page: Page): Promise<BrowserBench["ordering"]> {
  await timeOrdering(page);
  return timeOrdering(page);
}

/** The ordering row alone (`npm run bench -- ordering`), or why it cannot run. */
export function benchOrdering(): Promise<BrowserBench["ordering"] | string> {
  return inChromium(orderingRow);
}

/** The gzipped download budget of a world: what it loads for Fray before it can play. */
export const BUNDLE_BUDGET_KB = 150;

/**
 * What a world downloads, gzipped file by file at zlib's default level (as a compressing server
 * sends them): the entry with its static imports and the CSS; and per ruleset that plus its own
 * chunk (found by its source map) and the chunk's static imports. A ruleset without a chunk of its
 * own downloads everything the entry holds, which is what it does while the bundle is one file.
 */
export function bundleReport(dist: string, styles: string[], rulesetIds: readonly string[]): { weights: BundleWeights; lines: string[] } {
  const weights = bundleWeights(dist, "fray.mjs", styles, rulesetIds);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const share = (bytes: number) => `${((bytes / 1024 / BUNDLE_BUDGET_KB) * 100).toFixed(0)}%`;
  const rows = [
    ["entry + CSS", kb(weights.entry.bytes), share(weights.entry.bytes), weights.entry.files.join(" ")],
    ...weights.perRuleset.map((row) => [`a ${row.ruleset} world`, kb(row.bytes), share(row.bytes), row.chunk ? `+ ${row.files.filter((file) => !weights.entry.files.includes(file)).join(" ")}` : "(no chunk of its own: all of the entry)"]),
    ["every file", kb(weights.all.bytes), share(weights.all.bytes), `${weights.all.files.length} files`],
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return {
    weights,
    lines: [
      `Gzipped download (CSS ${kb(weights.entry.css)} included) against the ${BUNDLE_BUDGET_KB} KB budget`,
      ...rows.map((row) => `  ${(row[0] ?? "").padEnd(widths[0] ?? 0)}  ${(row[1] ?? "").padStart(widths[1] ?? 0)}  ${(row[2] ?? "").padStart(widths[2] ?? 0)}  ${row[3] ?? ""}`),
    ],
  };
}
