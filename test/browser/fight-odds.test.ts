/**
 * The tracker's "Odds of this fight" from the built bundle in Chromium (issue 40): a Cavaliers party
 * of three against three Guards, begun; the GM clicks the control, the fights run in the Web
 * Worker the build made (dist/workers/), and the answer appears under the rows while the page
 * stays usable. Photographed in the light and the dark theme for docs/play/fight-odds.md.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

describe.skipIf(!browserAvailable())("the odds of a fight in Chromium", () => {
  const fray = useFrayBrowser();

  it("the GM's click runs the fights in a Web Worker and shows who wins, in about how many rounds, and who drops", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 900, height: 760 } });
    await openFray(page, fray.server.url);
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    const id = await page.evaluate(async () => {
      type Doc = { id: string; name: string; createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]>; startCombat(): Promise<unknown> };
      const g = globalThis as unknown as {
        CONFIG: Record<string, { documentClass: { create(d: object): Promise<Doc> } }>;
        Scene: { create(d: object): Promise<Doc> };
        ui: { combat: { render(o: object): Promise<{ element: HTMLElement }> } };
      };
      const h = window.harness!;
      const rapier = { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, melee: true } };
      const lunge = { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "guile", ranks: 2, action: "lunge" } };
      const party = [
        { name: "Ana", system: { attributes: { verve: 8, affinity: 6, guile: 10 }, competency: 8 } },
        { name: "Bel", system: { attributes: { verve: 10, affinity: 8, guile: 6 }, competency: 6, wounds: { value: 1 } } },
        { name: "Cid", system: { attributes: { verve: 6, affinity: 10, guile: 8 }, competency: 6 } },
      ];
      const scene = await g.Scene.create({ name: "Courtyard", active: true });
      const tokens: Doc[] = [];
      for (const [i, hero] of party.entries()) {
        const actor = await g.CONFIG.Actor!.documentClass.create({ ...hero, type: "cavaliersCharacter", items: [rapier, lunge] });
        tokens.push((await scene.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: true, disposition: 1, x: 100, y: 100 + i * 100 }]))[0]!);
      }
      const guard = await g.CONFIG.Actor!.documentClass.create({ name: "Guard", type: "cavaliersNpc", system: { npcType: "minor", attributes: { verve: 10, affinity: 8, guile: 10 }, competency: 8 }, items: [rapier] });
      for (const i of [0, 1, 2]) tokens.push((await scene.createEmbeddedDocuments("Token", [{ name: i ? `Guard ${i + 1}` : "Guard", actorId: guard.id, actorLink: false, disposition: -1, x: 500, y: 100 + i * 100 }]))[0]!);
      const combat = await g.CONFIG.Combat!.documentClass.create({ active: true, scene: scene.id });
      await combat.createEmbeddedDocuments("Combatant", tokens.map((t) => ({ tokenId: t.id, sceneId: scene.id, name: t.name })));
      await combat.startCombat();
      await h.flush();
      const app = await g.ui.combat.render({ force: true });
      app.element.style.width = "300px";
      await h.flush();
      return app.element.id;
    });
    const tracker = page.locator(`[id="${id}"]`);
    const control = tracker.locator('[data-action="frayOdds"]');
    expect(await control.innerText()).toContain("Odds of this fight");
    const started = Date.now();
    await control.click();
    const headline = tracker.locator(".fray-fight-odds-headline");
    await headline.waitFor({ timeout: 15_000 });
    const waited = Date.now() - started;
    expect(await headline.innerText()).toMatch(/^The party wins \d+% \(±\d+%\), about (\d+ rounds|1 round)$/);
    const answer = await tracker.locator(".fray-fight-odds-answer").innerText();
    expect(answer).toMatch(/Most likely to drop (in the party|among the foes): /);
    expect(answer).toMatch(/Weighed at round 1: \d+ fights of 3 against 3 in \d+\.\d s/);
    expect(answer).not.toMatch(/FRAY\./);
    // The fights ran off the main thread, in the worker the build wrote under workers/.
    expect(workers.some((url) => /\/workers\/worker-[\w-]+\.mjs$/.test(url))).toBe(true);
    // The GM waits about 2 s (a loaded two-core machine may take longer; the budget is 1.5 s of fights).
    expect(waited).toBeLessThan(10_000);
    await screenshot(tracker, "fight-odds");
    await page.evaluate(() => {
      document.body.classList.remove("theme-light");
      document.body.classList.add("theme-dark");
    });
    await screenshot(tracker, "fight-odds-dark");
  });
});
