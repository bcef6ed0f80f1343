/**
 * The playground runs every user's client in one page: game.user is the user of the client whose
 * code runs now (the stand-in's ClientContext), and it must follow that client's code through every
 * await and timer, as AsyncLocalStorage does in Node, however the clients' work interleaves. The page
 * is served as `npm start` serves it (its bundle and the built system lowered, playground/server.ts).
 */
import { describe, expect, it } from "vitest";
import { browserAvailable } from "./support/index.js";
import { clickThrough, lastCard, openPlayground, openSheet, playAs, playCardThrough, seedDice, usePlayground, watchWarnings } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the acting user in the playground", () => {
  usePlayground();

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
    await openSheet(page, "Ines");
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
    const sheet = await openSheet(page, "Ines");
    await clickThrough(page, sheet.locator(`[data-action="meleeRound"]`).first());
    await page.locator("#pg-tabs [data-tab='chat']").click();
    // Each side makes the choice the card waits for, on her own screen, until it is applied.
    const log = await playCardThrough(page, new Set());
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
