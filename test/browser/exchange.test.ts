/**
 * The cavaliers attack card from the built bundle in Chromium with the compiled CSS: each state
 * (awaiting the defence, awaiting the spend, applied, undone) rendered as the chat log renders it,
 * its buttons clicked as a user clicks them, and photographed.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

describe.skipIf(!browserAvailable())("cavaliers exchange card in Chromium", () => {
  const fray = useFrayBrowser();

  /** Sets up two fighters, posts a Lunge with given faces, and shows the card in a chat column. */
  async function postLunge(page: Page): Promise<string> {
    return page.evaluate(async () => {
      type Doc = { id: string; uuid: string; items: { contents: { id: string; type: string }[] } };
      const g = globalThis as unknown as {
        CONFIG: { Actor: { documentClass: { create(d: object): Promise<Doc> } }; Dice: { randomUniform: () => number }; fray: { cavaliers: { postAttack(r: object): Promise<{ id: string }> } } };
      };
      const faces: [number, number][] = [];
      // Foundry draws a face as ceil((1 - randomUniform()) * sides): feed the middle of each face's slice.
      g.CONFIG.Dice.randomUniform = () => {
        const [face, sides] = faces.shift() ?? [1, 6];
        return 1 - (face - 0.5) / sides;
      };
      (window as unknown as { queueFaces(f: [number, number][]): void }).queueFaces = (f) => faces.push(...f);
      const duellist = await g.CONFIG.Actor.documentClass.create({
        name: "Isabeau",
        type: "cavaliersCharacter",
        system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8 },
        items: [
          { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 1, action: "lunge" } },
          { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, melee: true } },
        ],
      });
      const guard = await g.CONFIG.Actor.documentClass.create({
        name: "Palace Guard",
        type: "cavaliersNpc",
        system: { npcType: "stock", attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6 },
        items: [{ name: "Sabre", type: "cavaliersWeapon", system: { itemDie: 6, melee: true } }],
      });
      faces.push([7, 8], [6, 8], [2, 8], [1, 8]);
      const weapon = duellist.items.contents.find((i) => i.type === "cavaliersWeapon")!.id;
      const message = await g.CONFIG.fray.cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weapon, combined: [], useAdvantage: false, assists: [] });
      const sidebar = document.createElement("section");
      sidebar.id = "sidebar";
      sidebar.className = "sidebar-tab chat-sidebar";
      sidebar.style.cssText = "width: 300px; padding: 8px; background: #f7f3ea;";
      sidebar.innerHTML = `<ol id="chat-log" class="chat-log" style="list-style:none;margin:0;padding:0"></ol>`;
      document.body.append(sidebar);
      return message.id;
    });
  }

  /** Re-renders the card into the chat column (as the chat log does after an update). */
  async function show(page: Page, id: string): Promise<void> {
    await page.evaluate(async (messageId) => {
      const g = globalThis as unknown as { game: { messages: { get(id: string): { renderHTML(): Promise<HTMLElement> } } }; CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } };
      await g.CONFIG.fray.cards.cardsIdle();
      await window.harness?.flush();
      const html = await g.game.messages.get(messageId).renderHTML();
      const log = document.getElementById("chat-log")!;
      log.replaceChildren(html);
    }, id);
  }

  const cardState = (page: Page) => page.locator(".fray-card").getAttribute("data-state");

  it("walks a Lunge through defence, spend, apply and undo, photographing each state", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 900, height: 900 } });
    await openFray(page, fray.server.url);
    const id = await postLunge(page);
    await show(page, id);
    const chat = page.locator("#sidebar");
    expect(await cardState(page)).toBe("open");
    // The GM chooses for the Palace Guard, whom no player owns: the card addresses her as the chooser (issue 38 item 2).
    expect(await chat.innerText()).toContain("Your choice: Palace Guard's defence.");
    expect(await page.locator("[data-fray-action='choose'][data-fray-choice='defence']").allInnerTexts()).toEqual(["Parry", "Block", "Dodge"]);
    // Issue 35: no die before the defence; issue 38 item 3: each defence's chance, worked out in the browser.
    expect(await page.locator(".fray-die").count()).toBe(0);
    expect(await chat.innerText()).toContain("Declared: no die is rolled until the defence is chosen.");
    expect(await page.locator("[data-fray-defence-odds] li").allInnerTexts()).toEqual([expect.stringMatching(/^Parry: Palace Guard wins \d+%$/), expect.stringMatching(/^Block: Palace Guard wins \d+%$/), expect.stringMatching(/^Dodge: Palace Guard wins \d+%$/)]);
    expect(await chat.innerText()).not.toMatch(/FRAY\./);
    await screenshot(chat, "card-cavaliers-awaiting-defence");

    await page.evaluate(() => (window as unknown as { queueFaces(f: [number, number][]): void }).queueFaces([[3, 6], [2, 6], [1, 6]]));
    await page.locator("[data-fray-action='choose'][data-fray-value='parry']").click();
    await show(page, id);
    expect(await cardState(page)).toBe("open");
    expect(await chat.innerText()).toContain("Isabeau wins.");
    const buy = (entry: string) => page.locator(`[data-entry='${entry}'] [data-fray-action='buy']`).click();
    await buy("inflict-yield");
    await buy("inflict-yield");
    await buy("inflict-wound");
    await page.evaluate(() => (globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } }).CONFIG.fray.cards.cardsIdle());
    expect(await page.locator("[data-spend-total]").innerText()).toBe("6 / 6 SP");
    expect(await page.locator("[data-entry='gain-style'] [data-fray-action='buy']").isDisabled()).toBe(true);
    // The winner's purchase table does not fit 400 px yet (issue 38 item 1, left to do): the rest of the card is checked.
    await screenshot(chat, "card-cavaliers-awaiting-spend");

    await page.locator("[data-fray-action='spend']").click();
    await show(page, id);
    expect(await cardState(page)).toBe("applied");
    const applied = await chat.innerText();
    expect(applied).toContain("Palace Guard: Yield 0 → 2");
    expect(applied).toContain("Palace Guard: Wounds 0 → 1");
    await screenshot(chat, "card-cavaliers-applied");

    await page.locator("[data-fray-action='undo']").click();
    await show(page, id);
    expect(await cardState(page)).toBe("undone");
    expect(await page.locator("[data-fray-action]").count()).toBe(0);
    const guard = await page.evaluate(() => {
      const g = globalThis as unknown as { game: { actors: { getName(n: string): { system: { yield: { value: number }; wounds: { value: number } } } } } };
      const system = g.game.actors.getName("Palace Guard").system;
      return { yield: system.yield.value, wounds: system.wounds.value };
    });
    expect(guard).toEqual({ yield: 0, wounds: 0 });
    await screenshot(chat, "card-cavaliers-undone");
    await page.close();
  });

  /** Posts a check as the GM (a skill roll, a Flourish or a Survival roll) with these faces, and returns its message id. */
  async function postCheck(page: Page, actorName: string, kind: string, opposition: string, faces: [number, number][]): Promise<string> {
    return page.evaluate(
      async ({ actorName, kind, opposition, faces }) => {
        const g = globalThis as unknown as { game: { actors: { getName(n: string): { uuid: string } } }; CONFIG: { fray: { cavaliers: { postCheck(r: object): Promise<{ id: string }> } } } };
        (window as unknown as { queueFaces(f: [number, number][]): void }).queueFaces(faces);
        const message = await g.CONFIG.fray.cavaliers.postCheck({ actorUuid: g.game.actors.getName(actorName).uuid, kind, opposition, combined: [], assists: [] });
        return message.id;
      },
      { actorName, kind, opposition, faces },
    );
  }

  it("photographs the other cards of a fight in both themes: a skill roll, a Flourish, a Survival roll and the end of the fight (issue 38 item 13)", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 900, height: 900 } });
    await openFray(page, fray.server.url);
    await postLunge(page);
    // The Lunge waits declared, with no die rolled: the four faces it queued are drawn off first.
    await page.evaluate(() => {
      for (let i = 0; i < 4; i += 1) (globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice.randomUniform();
    });
    const chat = page.locator("#sidebar");
    // Isabeau's d8 Verve and d8 competency, then the Standard Opposition's dice: Moderate 3d8, Easy 3d6.
    const skill = await postCheck(page, "Isabeau", "skill", "moderate", [[7, 8], [6, 8], [1, 8], [2, 8], [3, 8]]);
    await show(page, skill);
    expect(await chat.innerText()).toContain("Your choice: spend");
    await screenshot(chat, "card-cavaliers-skill");
    const flourish = await postCheck(page, "Isabeau", "flourish", "easy", [[6, 8], [8, 8], [1, 6], [2, 6], [3, 6]]);
    await show(page, flourish);
    expect(await page.locator(".fray-card-picker").count()).toBe(1);
    await screenshot(chat, "card-cavaliers-flourish");

    // Hélène lies Dying at 4 Wounds: her owner rolls Survival (d6 Verve, d6 competency, Moderate 3d8).
    await page.evaluate(async () => {
      const g = globalThis as unknown as { CONFIG: { Actor: { documentClass: { create(d: object): Promise<unknown> } } } };
      await g.CONFIG.Actor.documentClass.create({ name: "Hélène", type: "cavaliersCharacter", system: { attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6, wounds: { value: 4 } } });
      await g.CONFIG.Actor.documentClass.create({ name: "Bravo", type: "cavaliersNpc", system: { npcType: "minor", competency: 6, wounds: { value: 4 }, yield: { value: 5 } } });
    });
    const survival = await postCheck(page, "Hélène", "survival", "moderate", [[6, 6], [5, 6], [1, 8], [2, 8], [3, 8]]);
    await show(page, survival);
    expect(await page.locator("[data-entry='heal-wound']").count()).toBe(1);
    await screenshot(chat, "card-cavaliers-survival");

    // The GM ends a fight of Isabeau, the Guard and Bravo, who lies Dying: the card waits for Bravo's fate.
    const end = await page.evaluate(async () => {
      type Doc = { id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]>; delete(): Promise<unknown> };
      const g = globalThis as unknown as {
        game: { actors: { getName(n: string): { id: string; name: string } }; messages: { size: number; contents: { id: string }[] } };
        CONFIG: { Combat: { documentClass: { create(d: object): Promise<Doc> } }; fray: { cards: { cardsIdle(): Promise<void> } } };
      };
      const combat = await g.CONFIG.Combat.documentClass.create({ active: true });
      await combat.createEmbeddedDocuments("Combatant", ["Isabeau", "Palace Guard", "Bravo"].map((name) => ({ actorId: g.game.actors.getName(name).id, name })));
      const before = g.game.messages.size;
      await combat.delete();
      for (let i = 0; i < 100 && g.game.messages.size === before; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      await g.CONFIG.fray.cards.cardsIdle();
      return g.game.messages.contents.at(-1)!.id;
    });
    await show(page, end);
    expect(await page.locator("[data-fray-action='choose']").allInnerTexts()).toEqual(["Saved with Medicine", "Not saved"]);
    await screenshot(chat, "card-cavaliers-end-awaiting-medicine");
    await page.locator("[data-fray-action='choose'][data-fray-value='saved']").click();
    await show(page, end);
    expect(await page.locator(".fray-card").getAttribute("data-state")).toBe("applied");
    await screenshot(chat, "card-cavaliers-end-applied");
    await page.close();
  });

  /** Presses Tab until the focused element matches, as a keyboard-only player moves through the page. */
  async function tabTo(page: Page, selector: string): Promise<void> {
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  it("plays the card by keyboard alone: Tab to a defence, Enter; Space to buy; Enter to apply; the card says each step aloud", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 900, height: 900 } });
    await openFray(page, fray.server.url);
    const id = await postLunge(page);
    await show(page, id);
    expect(await page.locator(".fray-card").getAttribute("aria-live")).toBe("polite");
    await page.evaluate(() => (window as unknown as { queueFaces(f: [number, number][]): void }).queueFaces([[3, 6], [2, 6], [1, 6]]));
    await tabTo(page, "[data-fray-action='choose'][data-fray-value='parry']");
    await page.keyboard.press("Enter");
    await show(page, id);
    expect(await page.locator("#sidebar").innerText()).toContain("Isabeau wins.");
    await tabTo(page, "[data-entry='inflict-yield'] [data-fray-action='buy']");
    await page.keyboard.press("Space");
    await page.keyboard.press("Space");
    await page.evaluate(() => (globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } }).CONFIG.fray.cards.cardsIdle());
    expect(await page.locator("[data-spend-total]").innerText()).toBe("2 / 6 SP");
    await tabTo(page, "[data-fray-action='spend']");
    await page.keyboard.press("Enter");
    await show(page, id);
    expect(await cardState(page)).toBe("applied");
    expect(await page.locator("#sidebar").innerText()).toContain("Palace Guard: Yield 0 → 2");
    await page.close();
  });
});
