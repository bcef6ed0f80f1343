/**
 * The playground runs every user's client in one page: game.user is the user of the client whose
 * code runs now (the stand-in's ClientContext), and it must follow that client's code through every
 * await and timer, as AsyncLocalStorage does in Node, however the clients' work interleaves. The page
 * is served as `npm start` serves it (its bundle and the built system lowered, playground/server.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { startPlayground } from "../../playground/serve-playground.js";
import type { FrayServer } from "../../playground/server.js";
import { browserAvailable, launchBrowser, openFray } from "./support/index.js";

type Player = "Gamemaster" | "Ada (player)" | "Bob (player)";

describe.skipIf(!browserAvailable())("the acting user in the playground", () => {
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

  const settle = (page: Page) => page.evaluate(async () => window.playground?.refresh());
  async function playAs(page: Page, who: Player): Promise<void> {
    await page.locator("#pg-user").selectOption({ label: who });
    await settle(page);
  }
  const lastCard = (page: Page): Locator => page.locator("#chat-log .fray-card").last();

  async function openPlayground(ruleset: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.setDefaultTimeout(30_000);
    await openFray(page, `${server.url}?ruleset=${ruleset}`);
    await settle(page);
    return page;
  }

  /** Every console warning and error, and every warning or error notification the page showed. */
  function watchWarnings(page: Page): () => Promise<string[]> {
    const seen: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") seen.push(`console.${message.type()}: ${message.text()}`);
    });
    const notified = () => page.evaluate(() => window.harness!.notifications.filter((n) => n.type === "warning" || n.type === "error").map((n) => `${n.type}: ${n.message}`));
    return async () => [...seen, ...(await notified())];
  }

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

  /** Clicks `target`; when that opens a dialog, submits it as it stands. */
  async function clickThrough(page: Page, target: Locator): Promise<void> {
    const windows = () => page.locator("body > .application:not(.pg-elsewhere)").evaluateAll((elements) => elements.map((e) => e.id));
    const before = new Set(await windows());
    await target.click();
    await settle(page);
    const opened = (await windows()).filter((id) => !before.has(id)).at(-1);
    const submit = opened ? page.locator(`[id="${opened}"] button[type='submit']`).last() : null;
    if (!submit || !(await submit.count())) return;
    await submit.click();
    await settle(page);
  }

  it("keeps each client's user through awaits and timers while two clients' queries overlap, in any interleaving", async () => {
    const page = await openPlayground("drama");
    const seen = await page.evaluate(async () => {
      const g = globalThis as unknown as {
        CONFIG: { queries: Record<string, (data: { steps: number; delay: number }) => Promise<string[]>> };
        game: { user: { name: string }; users: { get(id: string): { query(name: string, data: unknown): Promise<string[]> } } };
      };
      // Each step goes on by another road (a then, a timer, a microtask, a frame), reading who runs after each.
      g.CONFIG.queries["test.whoRuns"] = ({ steps, delay }) => {
        const names: string[] = [g.game.user.name];
        const roads = [
          () => new Promise<void>((resolve) => setTimeout(resolve, delay)),
          () => new Promise<void>((resolve) => queueMicrotask(resolve)),
          () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())),
          () => Promise.resolve(),
        ];
        let chain = Promise.resolve();
        for (let step = 0; step < steps; step += 1)
          chain = chain.then(roads[step % roads.length]).then(() => {
            names.push(g.game.user.name);
          });
        // A timer's own callback too, set while the client's code runs.
        return chain.then(() => new Promise<string[]>((resolve) => setTimeout(() => resolve([...names, g.game.user.name]), delay)));
      };
      const { gm, ada, bob } = window.playground!.users;
      const rounds: Record<string, string[]>[] = [];
      for (const [first, second, third] of [[3, 7, 5], [7, 3, 1], [1, 1, 1]]) {
        const [asGM, asAda, asBob] = await Promise.all([
          g.game.users.get(gm).query("test.whoRuns", { steps: 8, delay: first }),
          g.game.users.get(ada).query("test.whoRuns", { steps: 8, delay: second }),
          g.game.users.get(bob).query("test.whoRuns", { steps: 8, delay: third }),
        ]);
        rounds.push({ asGM, asAda, asBob, after: [g.game.user.name] });
      }
      return rounds;
    });
    for (const round of seen) {
      expect(new Set(round.asGM)).toEqual(new Set(["Gamemaster"]));
      expect(new Set(round.asAda)).toEqual(new Set(["Ada"]));
      expect(new Set(round.asBob)).toEqual(new Set(["Bob"]));
      // Outside every client, the user the page is drawn for (the GM, who opened it).
      expect(round.after).toEqual(["Gamemaster"]);
    }
    await page.close();
  });

  it("draws a window on Ada's screen for Ada again after the GM's client redrew it (his write to her character)", async () => {
    const page = await openPlayground("drama");
    await playAs(page, "Ada (player)");
    await page.locator("#pg-tabs [data-tab='actors']").click();
    await page.locator(`#pg-actors [aria-label="Open Ines's sheet"]`).click();
    await settle(page);
    const drawnFor = await page.evaluate(async () => {
      const g = globalThis as unknown as {
        CONFIG: { queries: Record<string, () => Promise<unknown>> };
        Hooks: { on(name: string, fn: (app: { id: string }) => void): void };
        game: { user: { name: string }; actors: { getName(name: string): { sheet: { id: string }; update(data: object): Promise<unknown> } }; users: { get(id: string): { query(name: string, data: unknown): Promise<unknown> } } };
      };
      const ines = g.game.actors.getName("Ines");
      const drawn: string[] = [];
      g.Hooks.on("renderApplicationV2", (app) => {
        if (app.id === ines.sheet.id) drawn.push(g.game.user.name);
      });
      // The GM's client writes to Ines (a flag): her sheet is drawn again, first by his client's code.
      g.CONFIG.queries["test.markInes"] = () => ines.update({ "flags.world.marked": true });
      await g.game.users.get(window.playground!.users.gm).query("test.markInes", {});
      await window.playground!.refresh();
      return drawn;
    });
    expect(drawnFor[0]).toBe("Gamemaster");
    expect(drawnFor.at(-1)).toBe("Ada");
    await page.close();
  });

  it("runs the GM's side of Ada's melee round as the GM: the cards are his, and the statuses he gives Ines are the ones the fight records for her", async () => {
    const page = await openPlayground("drama");
    await seedDice(page, 4);
    const warnings = watchWarnings(page);
    // Ada targets the Fyrd on the scene and plays Ines's melee round from her sheet.
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    await page.locator("#pg-tabs [data-tab='actors']").click();
    await page.locator(`#pg-actors [aria-label="Open Ines's sheet"]`).click();
    await settle(page);
    await clickThrough(page, page.locator(`body > .application:not(.pg-elsewhere) [data-action="meleeRound"]`).first());
    await page.locator("#pg-tabs [data-tab='chat']").click();
    // Each side makes the choice the card waits for, on her own screen, until the GM applies it.
    const log: string[] = [];
    for (let step = 0; step < 12 && !["applied", "closed"].includes((await lastCard(page).getAttribute("data-state")) ?? ""); step += 1) {
      let acted = false;
      for (const who of ["Ada (player)", "Gamemaster"] as const) {
        await playAs(page, who);
        for (const action of ["choose", "pool", "courage", "setDice", "apply"]) {
          const button = lastCard(page).locator(`[data-fray-action='${action}']:not([disabled])`).first();
          if (!(await button.count())) continue;
          log.push(`${who}: ${action}`);
          await clickThrough(page, button);
          acted = true;
          break;
        }
        if (acted) break;
      }
      if (!acted) break;
    }
    expect(await lastCard(page).getAttribute("data-state"), log.join("\n")).toBe("applied");
    const after = await page.evaluate(() => {
      const g = globalThis as unknown as {
        game: {
          messages: { contents: { author: { name: string } | null }[] };
          combat: { flags: { fray?: { roster?: Record<string, { statuses?: string[] }> } }; combatants: { contents: { name: string; tokenId: string; hasPlayerOwner: boolean; actor: { statuses: Set<string> } }[] } };
        };
      };
      const roster = g.game.combat.flags.fray?.roster ?? {};
      return {
        authors: g.game.messages.contents.map((message) => message.author?.name),
        // A player's fighter's statuses, as the rules read them: the fight's record of what the GM gave her (combat/roster.ts statusesOf).
        statuses: g.game.combat.combatants.contents
          .filter((combatant) => combatant.hasPlayerOwner)
          .map((combatant) => ({ name: combatant.name, actor: [...combatant.actor.statuses].sort(), recorded: roster[`Token:${combatant.tokenId}`]?.statuses ?? [] })),
      };
    });
    expect(after.authors.length).toBeGreaterThan(0);
    expect(new Set(after.authors)).toEqual(new Set(["Gamemaster"]));
    // Under these dice the round leaves Ines with statuses the GM gave her: the test can fail.
    expect(after.statuses.find((fighter) => fighter.name === "Ines")?.actor.length, log.join("\n")).toBeGreaterThan(0);
    for (const fighter of after.statuses) expect(fighter.recorded, fighter.name).toEqual(fighter.actor);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);
});
