/**
 * The combat tracker from the built bundle in Chromium: three Cavaliers roll Initiative (dice from
 * a fixed sequence through CONFIG.Dice.randomUniform), the tracker shows each one's specialty, IP
 * and buy buttons, and clicking Seize moves Bel up for the round. Photographed before and after.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

describe.skipIf(!browserAvailable())("combat tracker in Chromium", () => {
  const fray = useFrayBrowser();

  it("shows IP and buttons, and a click on Seize moves the combatant up", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 900, height: 700 } });
    await openFray(page, fray.server.url);
    const id = await page.evaluate(async () => {
      type Doc = { id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]>; rollInitiative(ids: string[]): Promise<unknown>; startCombat(): Promise<unknown> };
      const g = globalThis as unknown as { CONFIG: Record<string, { documentClass: { create(d: object): Promise<Doc> } } & Record<string, unknown>> & { Dice: { randomUniform: () => number }; ui: { combat: new () => { render(o: object): Promise<{ element: HTMLElement }> } } } };
      // Faces: Ana d8 8, d6 5 (13/5); Bel d8 4, d6 3 (7/3); Cid d8 7, d6 2 (9/2).
      const sequence = [0.1, 0.3, 0.5, 0.5, 0.2, 0.7];
      let next = 0;
      g.CONFIG.Dice.randomUniform = () => sequence[next++ % sequence.length]!;
      const specialties = ["impulse", "vigilance", "timing"];
      window.harness!.onDialog((dialog) => dialog.answer("roll", { specialty: specialties.shift() ?? "impulse" }));
      const actors = [];
      for (const name of ["Ana", "Bel", "Cid"]) {
        actors.push(await g.CONFIG.Actor!.documentClass.create({ name, type: "cavaliersCharacter", system: { attributes: { verve: 8, affinity: 8, guile: 8 }, competency: 6 } }));
      }
      const combat = await g.CONFIG.Combat!.documentClass.create({ active: true });
      const combatants = await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id, name: (a as unknown as { name: string }).name })));
      await combat.rollInitiative(combatants.map((c) => c.id));
      await combat.startCombat();
      const app = await new g.CONFIG.ui.combat().render({ force: true });
      app.element.style.width = "320px";
      await window.harness!.flush();
      return app.element.id;
    });
    const tracker = page.locator(`[id="${id}"]`);
    const rows = tracker.locator("li.combatant");
    expect(await rows.locator(".name").allInnerTexts()).toEqual(["Ana", "Cid", "Bel"]);
    const text = await tracker.innerText();
    for (const shown of ["Impulse", "IP 5", "Vigilance", "IP 3", "Timing", "IP 2", "Seize (1)", "Seize (3)", "Interpose (1)", "Reprise (1)", "Focus"]) expect(text).toContain(shown);
    expect(text).not.toMatch(/FRAY\./);
    await screenshot(tracker, "combat-tracker");

    await rows.nth(2).locator('[data-fray-action="seize"]').click();
    await page.evaluate(() => window.harness!.flush());
    expect(await rows.locator(".name").allInnerTexts()).toEqual(["Ana", "Bel", "Cid"]);
    expect(await rows.nth(1).innerText()).toContain("IP 0");
    await screenshot(tracker, "combat-tracker-seized");
    await page.close();
  });
});
