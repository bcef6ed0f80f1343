/**
 * The combat tracker from the built bundle in Chromium: three Cavaliers roll Initiative (dice from
 * a fixed sequence through CONFIG.Dice.randomUniform) and a fourth joins late; the tracker shows
 * each one's specialty, IP and buy buttons, the initiative the ruleset gave (as text), the late joiner's roll
 * button with its d20 and the statuses of Dying and Prone; clicking Seize moves Bel up for the
 * round. Photographed before and after.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

describe.skipIf(!browserAvailable())("combat tracker in Chromium", () => {
  const fray = useFrayBrowser();

  it("shows IP, buttons, each initiative, the roll icon and statuses, and a click on Seize moves the combatant up", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 900, height: 700 } });
    await openFray(page, fray.server.url);
    const id = await page.evaluate(async () => {
      type Doc = { id: string; name: string; createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]>; rollInitiative(ids: string[]): Promise<unknown>; startCombat(): Promise<unknown>; toggleStatusEffect(id: string, o: object): Promise<unknown> };
      const g = globalThis as unknown as { CONFIG: Record<string, { documentClass: { create(d: object): Promise<Doc> } } & Record<string, unknown>> & { Dice: { randomUniform: () => number } }; ui: { combat: { render(o: object): Promise<{ element: HTMLElement }> } } };
      // Faces: Ana d8 8, d6 5 (13/5); Bel d8 4, d6 3 (7/3); Cid d8 7, d6 2 (9/2).
      const sequence = [0.1, 0.3, 0.5, 0.5, 0.2, 0.7];
      let next = 0;
      g.CONFIG.Dice.randomUniform = () => sequence[next++ % sequence.length]!;
      const specialties = ["impulse", "vigilance", "timing"];
      window.harness!.onDialog((dialog) => dialog.answer("roll", { specialty: specialties.shift() ?? "impulse" }));
      const actors: Doc[] = [];
      for (const name of ["Ana", "Bel", "Cid", "Dov"]) {
        actors.push(await g.CONFIG.Actor!.documentClass.create({ name, type: "cavaliersCharacter", system: { attributes: { verve: 8, affinity: 8, guile: 8 }, competency: 6 } }));
      }
      const combat = await g.CONFIG.Combat!.documentClass.create({ active: true });
      const combatants = await combat.createEmbeddedDocuments("Combatant", actors.slice(0, 3).map((a) => ({ actorId: a.id, name: a.name })));
      await combat.rollInitiative(combatants.map((c) => c.id));
      await combat.startCombat();
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: actors[3]!.id, name: "Dov" }]);
      await actors[1]!.toggleStatusEffect("fray-dying", { active: true });
      await actors[1]!.toggleStatusEffect("prone", { active: true });
      const app = await g.ui.combat.render({ force: true });
      app.element.style.width = "360px";
      await window.harness!.flush();
      return app.element.id;
    });
    const tracker = page.locator(`[id="${id}"]`);
    const rows = tracker.locator("li.combatant");
    expect(await rows.locator(".name").allInnerTexts()).toEqual(["Ana", "Cid", "Bel", "Dov"]);
    const text = await tracker.innerText();
    for (const shown of ["Impulse", "IP 5", "Vigilance", "IP 3", "Timing", "IP 2", "Seize (1)", "Seize (3)", "Interpose (1)", "Reprise (1)", "Focus"]) expect(text).toContain(shown);
    expect(text).not.toMatch(/FRAY\./);
    expect(await rows.locator(".token-initiative").allInnerTexts()).toEqual(["13", "9", "7", ""]);
    expect(await rows.locator("input.initiative-input").count()).toBe(0);
    const roll = rows.nth(3).locator('[data-action="rollInitiative"]');
    expect(await roll.evaluate((button) => getComputedStyle(button).backgroundImage)).toMatch(/url\(".*\/icons\/svg\/d20\.svg"\)/);
    expect(await roll.boundingBox()).toMatchObject({ width: 24, height: 24 });
    const effects = rows.nth(2).locator("img.token-effect");
    expect(await effects.evaluateAll((imgs) => imgs.map((i) => [i.getAttribute("src"), (i as HTMLImageElement).naturalWidth > 0]))).toEqual([
      ["icons/svg/degen.svg", true],
      ["icons/svg/falling.svg", true],
    ]);
    expect(await effects.first().getAttribute("alt")).toBe("Dying");
    await screenshot(tracker, "combat-tracker");

    await rows.nth(2).locator('[data-fray-action="seize"]').click();
    await page.evaluate(() => window.harness!.flush());
    expect(await rows.locator(".name").allInnerTexts()).toEqual(["Ana", "Bel", "Cid", "Dov"]);
    expect(await rows.nth(1).innerText()).toContain("IP 0");
    await screenshot(tracker, "combat-tracker-seized");

    // Issue 38 item 7: the row keeps its shape at 300 px with the longest badges each ruleset writes
    // (the row and its styles are shared by every ruleset): the picture, the name with its badges
    // wrapped under it, and the initiative stay on one line.
    await page.evaluate(() => {
      const i18n = (globalThis as unknown as { game: { i18n: { format(k: string, d: object): string; localize(k: string): string } } }).game.i18n;
      const longest = [
        [i18n.localize("FRAY.Combat.Interpose.HeldFact"), i18n.format("FRAY.Combat.Waiting", { round: "12" })],
        [i18n.format("FRAY.Drama.Combat.MomentumOver", { names: "Bandit Swordsman, Fyrd 1" }), i18n.format("FRAY.Drama.Combat.Disadvantage.doubly", { rd: "7" })],
        [i18n.format("FRAY.Unhex.Combat.TeamTurn", { team: i18n.localize("FRAY.Unhex.Team.hostile"), n: "2" }), i18n.format("FRAY.Unhex.Combat.Owed", { n: "2" })],
        [i18n.format("FRAY.Personal.Tracker.Score", { score: "17", how: i18n.format("FRAY.Personal.Tracker.PcScore", { face: "6", rank: "11" }) })],
        [i18n.format("FRAY.Torchlight.Row.Queued", { amount: "12", target: "Bandit Swordsman" }), i18n.format("FRAY.Torchlight.Row.Owes.intimidation", { name: "Bandit Swordsman" }), i18n.format("FRAY.Torchlight.Row.Retreated", { round: "3" })],
      ];
      const rows = [...document.querySelectorAll<HTMLElement>("li.combatant")];
      for (const row of rows) {
        row.querySelector(".fray-combatant:not(.fray-combatant-buttons)")!.innerHTML = "";
        row.querySelector(".name")!.textContent = "Bandit Swordsman of the Hills";
      }
      // Five rulesets' badges on four rows: the first row carries two rulesets' at once.
      longest.forEach((badges, index) => {
        const facts = rows[index % rows.length]!.querySelector(".fray-combatant:not(.fray-combatant-buttons)")!;
        for (const text of badges) facts.insertAdjacentHTML("beforeend", `<span class="fray-fact">${text}</span>`);
      });
    });
    await tracker.evaluate((element: HTMLElement) => (element.style.width = "300px"));
    await page.evaluate(() => window.harness!.flush());
    const shapes = await rows.evaluateAll((all) =>
      all.map((row) => {
        const box = (selector: string) => row.querySelector(selector)!.getBoundingClientRect();
        const [image, name, initiative] = [box(".token-image"), box(".token-name"), box(".token-initiative")];
        return { beside: name.left >= image.right - 0.5 && name.top < image.bottom, initiativeOnTheLine: initiative.left >= name.right - 0.5 && initiative.top < name.bottom, facts: row.querySelectorAll(".fray-fact").length };
      }),
    );
    expect(shapes).toEqual(shapes.map((shape) => ({ ...shape, beside: true, initiativeOnTheLine: true })));
    expect(shapes.every((shape) => shape.facts > 0)).toBe(true);
    await screenshot(tracker, "combat-tracker-long-badges");
    await page.close();
  });
});
