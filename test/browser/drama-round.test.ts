/**
 * One round of Drama in History from the built bundle in Chromium with the compiled CSS, played by a
 * GM (Odo and two fyrd) and two players (Ada plays Ines, Bob plays Berold), each acting as herself:
 * the tracker's Momentum order and its ranking card; Ines's melee round against Odo from her sheet,
 * stances, pools (Odo builds first; Ines, holding Momentum, builds second seeing his allocation and
 * no die, and only then is every pool rolled) and the courage test and its Drama Point on the card
 * (one of them by keyboard alone), applied and undone; Berold against both fyrd with his pool split; Ines's shot at Odo from
 * the ranged dialog; who shoots first; a courage test from the sheet. Each card state, the dialogs,
 * the sheet and the tracker are photographed.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browserAvailable, openFray, readCard, screenshot, stepsFolded, useFrayBrowser } from "./support/index.js";

type Faces = [number, number][];
const d6 = (...faces: number[]): Faces => faces.map((f) => [f, 6]);

describe.skipIf(!browserAvailable())("a Drama in History round in Chromium", () => {
  const fray = useFrayBrowser();

  /** The world: users, fighters with tokens on a scene, a combat of them; dice from queued faces. */
  async function setUp(page: Page): Promise<void> {
    await page.evaluate(async () => {
      type Doc = { id: string; uuid: string; name: string; items: { contents: { id: string; name: string }[] } };
      const g = globalThis as unknown as {
        CONFIG: { Actor: { documentClass: { create(d: object): Promise<Doc> } }; Combat: { documentClass: { create(d: object): Promise<Doc & { createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]> }> } }; Dice: { randomUniform: () => number } };
        game: { settings: { set(s: string, k: string, v: unknown): Promise<unknown> } };
        foundry: { documents: { Scene: { create(d: object): Promise<{ tokens: { contents: { id: string; uuid: string; name: string }[] } }> } } };
      };
      const faces: [number, number][] = [];
      // Foundry draws a face as ceil((1 - randomUniform()) * sides): feed the middle of each face's slice.
      g.CONFIG.Dice.randomUniform = () => {
        const [face, sides] = faces.shift() ?? [3, 6];
        return 1 - (face - 0.5) / sides;
      };
      const w = window as unknown as Record<string, unknown>;
      w.queueFaces = (f: [number, number][]) => faces.push(...f);
      w.facesLeft = () => faces.length;
      await g.game.settings.set("fray", "ruleset", "drama");
      // Foundry reloads the page for a new ruleset, which fetches its chunk at init; the test switches in place and waits for it.
      await (globalThis as unknown as { CONFIG: { fray: { loadRuleset(id: string): Promise<unknown> } } }).CONFIG.fray.loadRuleset("drama");
      const harness = window.harness!;
      w.gmId = (globalThis as unknown as { game: { user: { id: string } } }).game.user.id;
      const ada = harness.createUser({ name: "Ada", role: "PLAYER" }) as unknown as { id: string };
      const bob = harness.createUser({ name: "Bob", role: "PLAYER" }) as unknown as { id: string };
      const make = (data: object) => g.CONFIG.Actor.documentClass.create(data);
      const ines = await make({
        name: "Ines",
        type: "dramaCharacter",
        ownership: { default: 1, [ada.id]: 3 },
        system: { level: 2, attributes: { physical: 3, agility: 2 }, skill: 1, grit: { value: 4, max: 4 }, flesh: { value: 6, max: 6 }, dramaPoints: 2, weaponClass: "unarmed" },
        items: [
          { name: "Arming sword", type: "dramaWeapon", system: { weaponClass: "large", ranged: false } },
          { name: "Crossbow", type: "dramaWeapon", system: { weaponClass: "large", ranged: true } },
          { name: "Leather jack", type: "dramaArmour", system: { kind: "harness", dice: 2 } },
          { name: "Love of her brother", type: "dramaAdvantage", system: { kind: "passion", dice: 1, cost: 0 } },
        ],
      });
      const berold = await make({ name: "Berold", type: "dramaCharacter", ownership: { default: 1, [bob.id]: 3 }, system: { attributes: { physical: 3, agility: 3 }, skill: 3, grit: { value: 6, max: 6 }, flesh: { value: 7, max: 7 }, weaponClass: "medium", armourDice: 2, militaryTraining: 2, dramaPoints: 1 } });
      const odo = await make({ name: "Odo", type: "dramaNpc", ownership: { default: 1 }, system: { attributes: { physical: 2, agility: 1 }, skill: 1, grit: { value: 2, max: 2 }, flesh: { value: 6, max: 6 }, weaponClass: "small", dramaPoints: 1 } });
      // The fyrd tie on Grit and Agility; the first is a year or two longer in the levy (level), which breaks it.
      const fyrd = (name: string, level: number) => make({ name, type: "dramaNpc", ownership: { default: 1 }, system: { level, attributes: { physical: 2, agility: 3 }, skill: 2, grit: { value: 3, max: 3 }, flesh: { value: 7, max: 7 }, weaponClass: "medium" } });
      const fyrd1 = await fyrd("Fyrd 1", 2);
      const fyrd2 = await fyrd("Fyrd 2", 1);
      const fighters = [ines, berold, odo, fyrd1, fyrd2];
      const scene = await g.foundry.documents.Scene.create({ name: "The ford", tokens: fighters.map((a, i) => ({ name: a.name, actorId: a.id, actorLink: true, x: 100 * i, y: 100, disposition: i < 2 ? 1 : -1 })) });
      const tokens = Object.fromEntries(scene.tokens.contents.map((t) => [t.name, t]));
      const combat = await g.CONFIG.Combat.documentClass.create({ active: true });
      await combat.createEmbeddedDocuments(
        "Combatant",
        fighters.map((a) => ({ actorId: a.id, tokenId: tokens[a.name]!.id, sceneId: (scene as unknown as { id: string }).id, name: a.name })),
      );
      w.drama = { actors: Object.fromEntries(fighters.map((a) => [a.name, a])), tokens, combat };
      const sidebar = document.createElement("section");
      sidebar.id = "sidebar";
      sidebar.className = "sidebar-tab chat-sidebar";
      sidebar.style.cssText = "position:absolute; right:0; top:0; width: 320px; padding: 8px; background: #f7f3ea;";
      sidebar.innerHTML = `<ol id="chat-log" class="chat-log" style="list-style:none;margin:0;padding:0"></ol>`;
      document.body.append(sidebar);
    });
  }

  const queue = (page: Page, faces: Faces) => page.evaluate((f) => (window as unknown as { queueFaces(f: [number, number][]): void }).queueFaces(f), faces);

  /** Makes `user` the one acting in the page (each player's client, one at a time). */
  const as = (page: Page, user: string) => page.evaluate((name) => void window.harness!.switchUser(name === "GM" ? String((window as unknown as { gmId: string }).gmId) : name), user);

  /** Waits for the engine, then renders the card into the chat column for the user acting now. */
  async function show(page: Page, id: string): Promise<Locator> {
    await page.evaluate(async (messageId) => {
      const g = globalThis as unknown as { game: { messages: { get(id: string): { renderHTML(): Promise<HTMLElement> } } }; CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } };
      await g.CONFIG.fray.cards.cardsIdle();
      await window.harness?.flush();
      const html = await g.game.messages.get(messageId).renderHTML();
      document.getElementById("chat-log")!.replaceChildren(html);
    }, id);
    return page.locator("#chat-log");
  }

  /** The newest chat message's id. */
  const lastMessage = (page: Page) => page.evaluate(() => (globalThis as unknown as { game: { messages: { contents: { id: string }[] } } }).game.messages.contents.at(-1)!.id);
  const messageCount = (page: Page) => page.evaluate(() => (globalThis as unknown as { game: { messages: { size: number } } }).game.messages.size);
  const cardOf = (page: Page, id: string) =>
    page.evaluate((messageId) => {
      const m = (globalThis as unknown as { game: { messages: { get(id: string): { system: { toObject(): { state: string; outcome: { awaiting?: { choice: string }; result: Record<string, unknown> } } } } } } }).game.messages.get(messageId);
      const card = m.system.toObject();
      return { state: card.state, awaiting: card.outcome.awaiting?.choice ?? null, result: card.outcome.result };
    }, id);

  /** Clicks a button that opens a dialog and waits for the dialog. */
  async function openDialog(page: Page, button: Locator, cls: string): Promise<Locator> {
    await button.click();
    const dialog = page.locator(`.${cls}`).last();
    await dialog.waitFor();
    // Issue 38 item 5: every Drama dialog spells out its dice as a line of text, not a tooltip (each
    // dialog photographed below is also measured within a 720 px window with this line shown).
    const legend = dialog.locator("[data-jargon]");
    expect(await legend.isVisible()).toBe(true);
    expect(await legend.innerText()).toBe("Dice: Bd Base · Rd Resistance · Dd Drama · Ad Armour");
    expect(await dialog.locator("[data-jargon-tooltip]").count()).toBe(0);
    return dialog;
  }

  /** Submits a dialog and waits for the card engine to settle. */
  async function submit(page: Page, dialog: Locator): Promise<void> {
    await dialog.locator("button[type='submit']").click();
    await page.evaluate(async () => {
      const g = globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } };
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 20));
        await g.CONFIG.fray.cards.cardsIdle();
        await window.harness?.flush();
      }
    });
  }

  /** Presses Tab until the focused element matches, as a keyboard-only player moves through the page. */
  async function tabTo(page: Page, selector: string): Promise<void> {
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  /** Opens an actor's sheet as the user acting now, targeting the named tokens. */
  async function sheetOf(page: Page, actor: string, targets: string[] = []): Promise<Locator> {
    const id = await page.evaluate(
      async ({ name, targetNames }) => {
        const w = window as unknown as { drama: { actors: Record<string, { sheet: { render(o: object): Promise<{ element: HTMLElement }> } }>; tokens: Record<string, { id: string; name: string }> } };
        const g = globalThis as unknown as { game: { user: { targets: Set<unknown> } } };
        g.game.user.targets.clear();
        for (const name of targetNames) {
          const token = w.drama.tokens[name]!;
          g.game.user.targets.add({ id: token.id, name: token.name, actor: w.drama.actors[name], document: token });
        }
        const app = await w.drama.actors[name]!.sheet.render({ force: true });
        await window.harness?.flush();
        return app.element.id;
      },
      { name: actor, targetNames: targets },
    );
    return page.locator(`[id="${id}"]`);
  }

  /** Closes the sheets and the tracker, so each photograph shows one window. */
  const closeWindows = (page: Page) =>
    page.evaluate(async () => {
      const w = window as unknown as { drama: { actors: Record<string, { sheet: { rendered: boolean; close(): Promise<unknown> } }> } };
      const g = globalThis as unknown as { ui: { combat: { rendered: boolean; close(): Promise<unknown> } } };
      for (const actor of Object.values(w.drama.actors)) if (actor.sheet.rendered) await actor.sheet.close();
      if (g.ui.combat.rendered) await g.ui.combat.close();
      await window.harness?.flush();
    });

  // A whole round in one page: room for a machine shared under load (each step keeps its own waits).
  it("plays a whole round: tracker, melee, several opponents, a shot, who shoots first, courage", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await openFray(page, fray.server.url);
    await setUp(page);

    // The GM works out round-one Momentum on the tracker: Grit, then Agility, level, player actors.
    const trackerId = await page.evaluate(async () => {
      const w = window as unknown as { drama: { combat: { combatants: { contents: { id: string }[] }; rollInitiative(ids: string[]): Promise<unknown> } } };
      const combat = w.drama.combat;
      await combat.rollInitiative(combat.combatants.contents.map((c) => c.id));
      const g = globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } }; ui: { combat: { render(o: object): Promise<{ element: HTMLElement }> } } };
      await g.CONFIG.fray.cards.cardsIdle();
      const app = await g.ui.combat.render({ force: true });
      app.element.style.width = "380px";
      await window.harness!.flush();
      return app.element.id;
    });
    const tracker = page.locator(`[id="${trackerId}"]`);
    expect(await tracker.locator("li.combatant .name").allInnerTexts()).toEqual(["Berold", "Ines", "Fyrd 1", "Fyrd 2", "Odo"]);
    const trackerText = await tracker.innerText();
    expect(trackerText).toContain("Holds Momentum");
    expect(trackerText).not.toMatch(/FRAY\./);
    await screenshot(tracker, "drama-tracker");
    const ranking = await lastMessage(page);
    expect((await cardOf(page, ranking)).result).toMatchObject({ order: ["Berold", "Ines", "Fyrd 1", "Fyrd 2", "Odo"] });
    await screenshot(await show(page, ranking), "drama-card-momentum");
    // The GM's stance dialog at its tallest, a dramatic stance with its five modifiers, fits 720 px with
    // the dice legend shown; closed unanswered, it declares nothing.
    const odoRow = tracker.locator("li.combatant").filter({ has: page.locator(".name", { hasText: "Odo" }) });
    const stanceDialog = await openDialog(page, odoRow.locator("[data-fray-action='stance']"), "fray-drama-stance");
    await stanceDialog.locator("[name='stance'][value='dramatic']").check();
    await stanceDialog.locator("[name='dramatic.base']").waitFor();
    await screenshot(stanceDialog, "drama-stance-dialog");
    await stanceDialog.locator("[data-action='close']").first().click();
    await closeWindows(page);

    // Ada opens Ines's sheet, targets Odo and engages him with her sword.
    await as(page, "Ada");
    const sheet = await sheetOf(page, "Ines", ["Odo"]);
    const sheetText = await sheet.innerText();
    for (const shown of ["Grit", "Flesh", "Melee round", "Ranged shot", "Courage test"]) expect(sheetText).toContain(shown);
    expect(sheetText).not.toMatch(/FRAY\.|TYPES\./);
    // Her gear is on its own tab; the actions stay above the tabs.
    await sheet.locator('.fray-tabs [data-tab="gear"]').click();
    const gearText = await sheet.innerText();
    for (const shown of ["Arming sword", "Crossbow", "Leather jack", "Love of her brother", "Melee round"]) expect(gearText).toContain(shown);
    await screenshot(sheet, "drama-sheet-gear");
    await sheet.locator('.fray-tabs [data-tab="character"]').click();
    // The whole sheet in one picture: the window grows to its content instead of scrolling.
    await sheet.evaluate((element) => {
      element.style.height = "auto";
      element.style.maxHeight = "none";
      for (const scroller of element.querySelectorAll<HTMLElement>(".window-content, .fray-sheet-body")) scroller.style.overflow = "visible";
    });
    await screenshot(sheet, "drama-sheet");
    const meleeDialog = await openDialog(page, sheet.locator("[data-action='meleeRound']"), "fray-drama-melee");
    expect(await meleeDialog.locator(".fray-drama-odds").innerText()).toMatch(/Ines wins\s+\d+%/);
    await screenshot(meleeDialog, "drama-melee-dialog");
    let count = await messageCount(page);
    await submit(page, meleeDialog);
    await expect.poll(() => messageCount(page)).toBe(count + 1);
    const melee = await lastMessage(page);
    await closeWindows(page);

    // Odo declares first (Ines is ahead on Grit): only the GM sees his stances.
    let chat = await show(page, melee);
    expect(await chat.locator("[data-fray-action='choose']").count()).toBe(0);
    await as(page, "GM");
    chat = await show(page, melee);
    expect(await readCard(chat)).not.toMatch(/FRAY\./);
    await screenshot(chat, "drama-card-stance");
    await chat.locator("[data-fray-action='choose'][data-fray-value='stand']").click();

    // Ada declares Press by keyboard alone, having seen Odo's stance.
    await as(page, "Ada");
    chat = await show(page, melee);
    expect(await readCard(chat)).toContain("Odo declares Stand.");
    await tabTo(page, "#chat-log [data-fray-action='choose'][data-fray-value='press']");
    await page.keyboard.press("Enter");
    chat = await show(page, melee);
    expect((await cardOf(page, melee)).awaiting).toBe("bPool");

    // Odo builds his pool first, in the pool dialog: a defensive space, and no die is rolled.
    await as(page, "GM");
    chat = await show(page, melee);
    await screenshot(chat, "drama-card-pool");
    let dialog = await openDialog(page, chat.locator("[data-fray-action='pool']"), "fray-drama-pool");
    await dialog.locator("[name='situations.defensiveSpace']").check();
    const rolled = () => page.evaluate((id) => (globalThis as unknown as { game: { messages: { get(id: string): { rolls: unknown[] } } } }).game.messages.get(id).rolls.length, melee);
    await submit(page, dialog);
    expect((await cardOf(page, melee)).awaiting).toBe("aPool");
    expect(await rolled()).toBe(0);

    // Ines, holding Momentum, builds second: the card and her dialog show what Odo allocated, and no die of his.
    await as(page, "Ada");
    chat = await show(page, melee);
    expect(await chat.locator(".fray-die").count()).toBe(0);
    const seenOnCard = await chat.locator(".fray-drama-seen").innerText();
    expect(seenOnCard).toContain("Odo (Stand) built 5Bd (0 military), 0Rd, 0Dd; armour 1Ad (0 military); Defensive space.");
    expect(await readCard(chat)).toContain("Built: rolled once every pool is built.");
    await screenshot(chat, "drama-card-holder-builds");
    dialog = await openDialog(page, chat.locator("[data-fray-action='pool']"), "fray-drama-pool");
    expect(await dialog.locator(".fray-drama-seen").innerText()).toContain("Odo (Stand) built 5Bd");
    expect(await dialog.locator(".fray-die").count()).toBe(0);
    // She fights from higher ground: the odds follow the tick; then every pool is rolled: his dice, hers, and his armour.
    const odds = dialog.locator(".fray-drama-odds");
    const before = await odds.innerText();
    await dialog.locator("[name='situations.heightAdvantage']").check();
    await expect.poll(() => odds.innerText()).not.toBe(before);
    await screenshot(dialog, "drama-pool-dialog");
    await queue(page, [...d6(4, 2, 1, 3, 3), ...d6(6, 5, 5, 1, 3, 2, 4), ...d6(1)]);
    await submit(page, dialog);
    expect((await cardOf(page, melee)).awaiting).toBe("bCourage");
    expect(await rolled()).toBe(1);

    // A 5F critical wound: Odo tests courage (the GM's to take), wavers, and spends his Drama Point.
    await as(page, "GM");
    chat = await show(page, melee);
    await screenshot(chat, "drama-card-courage");
    dialog = await openDialog(page, chat.locator("[data-fray-action='courage']"), "fray-drama-courage");
    await queue(page, d6(5, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3));
    await submit(page, dialog);
    expect((await cardOf(page, melee)).awaiting).toBe("bWaver");
    chat = await show(page, melee);
    await screenshot(chat, "drama-card-waver");
    await chat.locator("[data-fray-action='choose'][data-fray-value='spend']").click();
    chat = await show(page, melee);
    expect((await cardOf(page, melee)).state).toBe("applied");
    const applied = await readCard(chat);
    for (const line of ["Ines wins by 4 levels of success.", "Ines holds Momentum next round."]) expect(applied).toContain(line);
    expect(applied).not.toMatch(/FRAY\./);
    await screenshot(chat, "drama-card-applied");
    const odo = () => page.evaluate(() => {
      const a = (window as unknown as { drama: { actors: Record<string, { system: { grit: { value: number }; flesh: { value: number }; wounds: unknown[] }; statuses: Set<string> }> } }).drama.actors.Odo!;
      return { grit: a.system.grit.value, flesh: a.system.flesh.value, wounds: a.system.wounds.length, statuses: [...a.statuses].sort() };
    });
    expect(await odo()).toEqual({ grit: 0, flesh: 1, wounds: 1, statuses: ["bleeding", "fray-blown", "fray-doubly-disadvantaged", "prone"] });
    await chat.locator("[data-fray-action='undo']").click();
    chat = await show(page, melee);
    expect((await cardOf(page, melee)).state).toBe("undone");
    expect(await odo()).toEqual({ grit: 2, flesh: 6, wounds: 0, statuses: [] });
    await screenshot(chat, "drama-card-undone");

    // Bob's Berold takes on both fyrd. Opening stances go in Actor rank order: Fyrd 2 (level 1, as Berold, but
    // a cameo) declares, then Berold (he presses), then Fyrd 1 (level 2). Holding Momentum over both, Berold
    // builds last, splitting his pool, and only then does every pool roll.
    await as(page, "Bob");
    await sheetOf(page, "Berold", ["Fyrd 1", "Fyrd 2"]);
    const beroldSheet = page.locator(".application").last();
    dialog = await openDialog(page, beroldSheet.locator("[data-action='meleeRound']"), "fray-drama-melee");
    count = await messageCount(page);
    await submit(page, dialog);
    await expect.poll(() => messageCount(page)).toBe(count + 1);
    const multiple = await lastMessage(page);
    await closeWindows(page);
    await as(page, "GM");
    chat = await show(page, multiple);
    expect((await cardOf(page, multiple)).awaiting).toBe("opponent2Stance");
    await chat.locator("[data-fray-action='choose'][data-fray-value='stand']").click();
    await as(page, "Bob");
    chat = await show(page, multiple);
    await chat.locator("[data-fray-action='choose'][data-fray-value='press']").click();
    await as(page, "GM");
    chat = await show(page, multiple);
    await chat.locator("[data-fray-action='choose'][data-fray-value='stand']").click();
    for (let i = 0; i < 2; i += 1) {
      chat = await show(page, multiple);
      dialog = await openDialog(page, chat.locator("[data-fray-action='pool']"), "fray-drama-pool");
      await submit(page, dialog);
    }
    await as(page, "Bob");
    chat = await show(page, multiple);
    dialog = await openDialog(page, chat.locator("[data-fray-action='pool']"), "fray-drama-pool");
    expect(await dialog.innerText()).toContain("Fyrd 1");
    expect(await dialog.locator(".fray-drama-seen li").count()).toBe(2);
    await screenshot(dialog, "drama-split-dialog");
    await queue(page, [...d6(4, 3, 3, 1), ...d6(6, 2, 1, 1), ...d6(6, 3, 2, 5, 4, 2, 1, 4, 3, 1, 5, 4, 4, 3, 2, 3, 3, 3)]);
    await submit(page, dialog);
    chat = await show(page, multiple);
    expect((await cardOf(page, multiple)).state).toBe("applied");
    expect(await readCard(chat)).not.toMatch(/FRAY\./);
    // Bob reads the outcome first: the many steps are folded behind their summary for a player, open for the GM.
    expect(await stepsFolded(chat)).toBe(true);
    expect(await chat.locator(".fray-card-fold:not(.fray-card-changes-fold) > summary").innerText()).toMatch(/How it went \(\d+ steps\)/);
    // Issue 38 item 1: she reads the result first, in one line, with the pools' dice under it.
    expect(await chat.locator(".fray-card-headline").innerText()).toMatch(/^(Berold|Fyrd \d) wins/);
    expect(await chat.locator(".fray-card-headline-dice .fray-die").count()).toBeGreaterThan(0);
    expect(await readCard(chat)).toContain("Fyrd 1");
    await screenshot(chat, "drama-card-multiple");
    await as(page, "GM");
    chat = await show(page, multiple);
    expect(await stepsFolded(chat)).toBe(false);
    await screenshot(chat, "drama-card-multiple-gm");

    // Ada's Ines shoots Odo from the ranged dialog; Odo tests his courage.
    await as(page, "Ada");
    const inesSheet = await sheetOf(page, "Ines", ["Odo"]);
    dialog = await openDialog(page, inesSheet.locator("[data-action='rangedShot']"), "fray-drama-ranged");
    await dialog.locator("[name='situation.range']").selectOption("close");
    await dialog.locator("[name='bonuses.aiming']").check();
    expect(await dialog.locator(".fray-drama-odds").innerText()).toMatch(/Hit\s+\d+%/);
    await screenshot(dialog, "drama-ranged-dialog");
    count = await messageCount(page);
    await queue(page, [...d6(6, 6, 5, 5, 5, 3, 3), ...d6(2)]);
    await submit(page, dialog);
    await expect.poll(() => messageCount(page)).toBe(count + 1);
    const shot = await lastMessage(page);
    await closeWindows(page);
    expect((await cardOf(page, shot)).awaiting).toBe("targetCourage");
    await as(page, "GM");
    chat = await show(page, shot);
    dialog = await openDialog(page, chat.locator("[data-fray-action='courage']"), "fray-drama-courage");
    await queue(page, d6(6, 5, 4, 3, 3, 3, 3, 3, 3, 3));
    await submit(page, dialog);
    chat = await show(page, shot);
    expect((await cardOf(page, shot)).state).toBe("applied");
    expect(await readCard(chat)).toContain("Odo tests courage");
    await screenshot(chat, "drama-card-ranged");

    // Both sides mean to shoot: who shoots first, each shooter's button her owner's.
    await as(page, "Ada");
    count = await messageCount(page);
    await page.evaluate(async () => {
      const w = window as unknown as { drama: { actors: Record<string, unknown>; tokens: Record<string, { uuid: string }> } };
      const g = globalThis as unknown as { CONFIG: { fray: { drama: { postShootFirst(a: unknown, t: object): Promise<unknown> } } } };
      await g.CONFIG.fray.drama.postShootFirst(w.drama.actors.Ines, { actor: w.drama.actors.Berold, uuid: w.drama.tokens.Berold!.uuid });
    });
    await expect.poll(() => messageCount(page)).toBe(count + 1);
    const first = await lastMessage(page);
    chat = await show(page, first);
    expect(await chat.locator("[data-fray-action='shoot']").count()).toBe(1);
    await screenshot(chat, "drama-card-shoot-first");
    // Ada shoots from Ines's line (every die a 3): her line then says she has shot, and offers no button.
    count = await messageCount(page);
    dialog = await openDialog(page, chat.locator("[data-fray-action='shoot']"), "fray-drama-ranged");
    await submit(page, dialog);
    await expect.poll(() => messageCount(page)).toBe(count + 1);
    await closeWindows(page);
    chat = await show(page, first);
    expect(await chat.locator("[data-fray-action='shoot']").count()).toBe(0);
    expect(await chat.locator(".fray-drama-shooters > li", { hasText: "Ines" }).locator("[data-shot]").innerText()).toMatch(/^has shot: a (hit|marginal hit|miss)$/);
    await screenshot(chat, "drama-card-shoot-first-shot");
    // The GM still sees Berold's button: he has not shot.
    await as(page, "GM");
    chat = await show(page, first);
    expect(await chat.locator(".fray-drama-shooters > li", { hasText: "Berold" }).locator("[data-fray-action='shoot']").count()).toBe(1);
    await as(page, "Ada");

    // A courage test from the sheet, for the wound Ines carries.
    await page.evaluate(async () => {
      const w = window as unknown as { drama: { actors: Record<string, { update(d: object): Promise<unknown> }> } };
      await w.drama.actors.Ines!.update({ "system.wounds": [{ flesh: 3, serious: true, critical: false, bleeding: false, note: "" }] });
    });
    const woundedSheet = await sheetOf(page, "Ines");
    dialog = await openDialog(page, woundedSheet.locator("[data-action='courageTest']"), "fray-drama-courage");
    expect(await dialog.locator(".fray-drama-odds").innerText()).toMatch(/Stands firm\s+\d+%/);
    await screenshot(dialog, "drama-courage-dialog");
    count = await messageCount(page);
    await queue(page, d6(6, 5, 3, 3, 3, 3, 6, 3, 3));
    // By keyboard alone: Tab to the wound, pick it with the arrows, Tab on to Roll, Enter.
    await tabTo(page, ".fray-drama-courage [name='wound']");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await tabTo(page, ".fray-drama-courage button[type='submit']");
    await page.keyboard.press("Enter");
    await page.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 20));
      await (globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } }).CONFIG.fray.cards.cardsIdle();
      await window.harness?.flush();
    });
    await expect.poll(() => messageCount(page)).toBe(count + 1);
    const courage = await lastMessage(page);
    await closeWindows(page);
    chat = await show(page, courage);
    // Her Base dice beat the wound's Resistance by 2 or more: she stands firm, nothing changes and the card closes.
    expect(await cardOf(page, courage)).toMatchObject({ state: "closed", result: { result: "passed" } });
    expect(await readCard(chat)).not.toMatch(/FRAY\./);
    await screenshot(chat, "drama-card-courage-test");
    await page.close();
  }, 180_000);
});
