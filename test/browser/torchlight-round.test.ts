/**
 * One whole round of Beyond the Torchlight from the built bundle in Chromium, with the GM's client
 * and two players' (Ada plays Elsa, Bob plays Riddic) and dice from a fixed sequence: Dex saves from
 * the tracker, the Combat Grid, Elsa's sheet and attack dialog, a Precision Strike spent on a Push,
 * a check and a save, Riddic's Intimidation and Goad, the Swordsman's attack with its Feint offered
 * and its Grapple and hold, the bandits' turn, a Retreat, the
 * grid's reading, the end-of-round card asking each owner for her saves, Undo and the round again;
 * then, the fight over, Elsa's Dying saves and her Recovery. Every card state, the sheet, the dialog,
 * the grid and the tracker are photographed (test-results/screenshots/, copied to docs/screenshots/).
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browserAvailable, openFray, readCard, screenshot, useFrayBrowser, wordsSplit } from "./support/index.js";

type Pair = [face: number, sides: number];

describe.skipIf(!browserAvailable())("a Beyond the Torchlight round in Chromium", () => {
  const fray = useFrayBrowser();

  /** The world: users, actors with their weapons, a started Combat, the sidebar's chat and tracker columns. */
  async function setUp(page: Page): Promise<void> {
    await page.evaluate(async () => {
      type Doc = { id: string; uuid: string; name: string; createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]>; startCombat(): Promise<unknown> };
      const g = globalThis as unknown as {
        CONFIG: Record<string, { documentClass: { create(d: object): Promise<Doc> } }> & { Dice: { randomUniform: () => number } };
        game: { settings: { set(s: string, k: string, v: unknown): Promise<unknown> } };
      };
      const faces: [number, number][] = [];
      // Foundry draws a face as ceil((1 - randomUniform()) * sides): feed the middle of each face's slice.
      g.CONFIG.Dice.randomUniform = () => {
        const [face, sides] = faces.shift() ?? [1, 20];
        return 1 - (face - 0.5) / sides;
      };
      const w = window as unknown as Record<string, unknown>;
      w.queueFaces = (pairs: [number, number][]) => faces.push(...pairs);
      w.facesLeft = () => faces.length;
      await g.game.settings.set("fray", "ruleset", "torchlight");
      // Foundry reloads the page for a new ruleset, which fetches its chunk at init; the test switches in place and waits for it.
      await (globalThis as unknown as { CONFIG: { fray: { loadRuleset(id: string): Promise<unknown> } } }).CONFIG.fray.loadRuleset("torchlight");
      const harness = window.harness!;
      const ada = harness.createUser({ name: "Ada", role: "PLAYER" });
      const bob = harness.createUser({ name: "Bob", role: "PLAYER" });
      w.users = { gm: harness.game.user, ada, bob };
      const scores = (dcs: Record<string, number>) => Object.fromEntries(["str", "dex", "wil", "san", "luck"].map((c) => [c, { dc: dcs[c] ?? 10, max: dcs[c] ?? 10 }]));
      const weapon = (name: string, die: number, kind: string, damageType = "slashing") => ({ name, type: "torchlightWeapon", system: { die, kind, damageType } });
      const make = (name: string, type: string, owner: { id: string } | null, system: object, items: object[]) =>
        g.CONFIG.Actor!.documentClass.create({ name, type, ownership: { default: 1, ...(owner ? { [owner.id]: 3 } : {}) }, system, items });
      const elsa = await make("Elsa", "torchlightCharacter", ada, { breath: { value: 1, max: 3 }, characteristics: scores({ str: 11, dex: 13, wil: 5 }), proficiencies: 1, lane: 3, stance: "steadied" }, [weapon("Sword", 10, "melee"), weapon("Hand Crossbow", 6, "ranged", "piercing")]);
      const riddic = await make("Riddic", "torchlightCharacter", bob, { breath: { value: 5, max: 5 }, characteristics: scores({ str: 12, dex: 12 }), lane: 3, stance: "aggressive" }, [weapon("Battle Axe", 10, "melee")]);
      const bandit = await make("Bandit Swordsman", "torchlightNpc", null, { breath: { value: 2, max: 2 }, characteristics: scores({}), lane: 3, stance: "steadied" }, [weapon("Sword", 10, "melee")]);
      const archer = await make("Bandit Archer", "torchlightNpc", null, { breath: { value: 2, max: 2 }, characteristics: scores({}), lane: 5, stance: "rearguard" }, [weapon("Shortbow", 6, "ranged", "piercing")]);
      w.actors = { elsa, riddic, bandit, archer };
      const combat = await g.CONFIG.Combat!.documentClass.create({ active: true });
      await combat.createEmbeddedDocuments("Combatant", [elsa, riddic, bandit, archer].map((a) => ({ actorId: a.id, name: a.name })));
      await combat.startCombat();
      w.combat = combat;
      const column = (id: string, left: number, width: number) => {
        const section = document.createElement("section");
        section.id = id;
        section.style.cssText = `position:absolute; top:0; left:${left}px; width:${width}px; padding:8px; background:#f7f3ea;`;
        document.body.append(section);
        return section;
      };
      column("chat-column", 0, 340).innerHTML = `<ol id="chat-log" class="chat-log" style="list-style:none;margin:0;padding:0"></ol>`;
      column("tracker-column", 360, 360);
    });
  }

  const as = (page: Page, user: "gm" | "ada" | "bob") => page.evaluate((name) => window.harness!.switchUser((window as unknown as { users: Record<string, { id: string }> }).users[name]!.id), user);
  const faces = (page: Page, ...pairs: Pair[]) => page.evaluate((p) => (window as unknown as { queueFaces(p: Pair[]): void }).queueFaces(p), pairs);
  const idle = (page: Page) =>
    page.evaluate(async () => {
      const g = globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } };
      for (let i = 0; i < 3; i++) {
        await g.CONFIG.fray.cards.cardsIdle();
        await window.harness!.flush();
      }
    });

  /** Shows the latest card (or the one given) in the chat column as the acting user sees it; returns its id. */
  async function show(page: Page, id?: string): Promise<string> {
    await idle(page);
    return page.evaluate(async (wanted) => {
      const g = globalThis as unknown as { game: { messages: { contents: { id: string; renderHTML(): Promise<HTMLElement> }[]; get(id: string): { id: string; renderHTML(): Promise<HTMLElement> } } } };
      const message = wanted ? g.game.messages.get(wanted) : g.game.messages.contents.at(-1)!;
      document.getElementById("chat-log")!.replaceChildren(await message.renderHTML());
      return message.id;
    }, id);
  }

  const card = (page: Page) => page.locator("#chat-log .fray-card");
  const cardState = (page: Page) => card(page).getAttribute("data-state");
  const cardData = (page: Page, id: string) =>
    page.evaluate((m) => (globalThis as unknown as { game: { messages: { get(id: string): { system: { toObject(): Record<string, unknown> } } } } }).game.messages.get(m).system.toObject(), id) as Promise<{
      kind: string;
      state: string;
      outcome: { awaiting?: { choice: string; by: string }; result: Record<string, unknown> };
    }>;

  async function tracker(page: Page): Promise<Locator> {
    const id = await page.evaluate(async () => {
      const g = globalThis as unknown as { ui: { combat: { render(o: object): Promise<{ element: HTMLElement }> } } };
      const app = await g.ui.combat.render({ force: true });
      document.getElementById("tracker-column")!.replaceChildren(app.element);
      await window.harness!.flush();
      return app.element.id;
    });
    return page.locator(`[id="${id}"]`);
  }

  async function sheetOf(page: Page, actor: string): Promise<Locator> {
    const id = await page.evaluate(async (name) => {
      const doc = (window as unknown as { actors: Record<string, { sheet: { render(o: object): Promise<{ element: HTMLElement }> } }> }).actors[name]!;
      const app = await doc.sheet.render({ force: true });
      await window.harness!.flush();
      // A sheet taken off the page earlier comes back on it.
      if (!app.element.isConnected) document.body.append(app.element);
      app.element.style.cssText += "position:absolute; top:0; left:740px; width:620px;";
      return app.element.id;
    }, actor);
    return page.locator(`[id="${id}"]`);
  }

  const closeSheet = (page: Page, sheet: Locator) => sheet.evaluate((element) => element.remove());

  const flags = (page: Page) => page.evaluate(() => (window as unknown as { combat: { flags: { fray: { torchlight: Record<string, Record<string, unknown>> } } } }).combat.flags.fray.torchlight);

  /** Presses Tab until the focused element matches, as a keyboard-only player moves through the page. */
  async function tabTo(page: Page, selector: string): Promise<void> {
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  it("by keyboard alone: the tracker's initiative, the sheet's Attack, the dialog, and the Precision Strike chosen on the card", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openFray(page, fray.server.url);
    await setUp(page);
    await as(page, "gm");
    await tracker(page);
    await faces(page, [15, 20], [14, 20], [12, 20], [4, 20]);
    await tabTo(page, '#tracker-column [data-action="rollAll"]');
    await page.keyboard.press("Enter");
    await show(page);
    expect(await readCard(card(page))).toContain("Bandit Archer: Dex save 4 against ST 10, waits a round.");

    await as(page, "ada");
    await sheetOf(page, "elsa");
    await tabTo(page, '[data-action="torchlightAttack"]');
    await page.keyboard.press("Enter");
    const dialog = page.locator(".fray-tl-attack-dialog");
    await dialog.waitFor({ state: "attached" });
    expect(await dialog.locator("dd[data-odds='Precision Strike']").innerText()).toBe("10%");
    await tabTo(page, ".fray-tl-attack-dialog button[type='submit']");
    expect(await page.locator(".fray-tl-attack-dialog button[type='submit']").innerText()).toContain("Declare the attack");
    await page.keyboard.press("Enter");
    const attack = await show(page);
    expect((await cardData(page, attack)).outcome.awaiting).toMatchObject({ choice: "held" });
    // Riddic has still to declare: the GM rolls the declared attacks from the tracker.
    await as(page, "gm");
    await tracker(page);
    await faces(page, [10, 10]);
    await tabTo(page, '#tracker-column [data-fray-action="roll-declared"]');
    await page.keyboard.press("Enter");
    await idle(page);
    await as(page, "ada");
    await show(page, attack);
    expect((await cardData(page, attack)).outcome.awaiting).toMatchObject({ choice: "precision", by: "attacker" });
    await page.evaluate(() => document.querySelectorAll(".fray-tl-attack-dialog, .fray-sheet").forEach((element) => element.remove()));
    await faces(page, [6, 10]);
    await tabTo(page, "#chat-log [data-fray-value='extra-die']");
    await page.keyboard.press("Enter");
    await show(page, attack);
    expect(await cardState(page)).toBe("applied");
    expect(await readCard(card(page))).toContain("Queued for the end of round 1");
    await page.close();
  });

  it("plays a round with the GM and two players, and photographs every card state, the sheet, the grid and the tracker", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openFray(page, fray.server.url);
    await setUp(page);

    // The GM rolls everyone's Dex save from the tracker: Elsa 15, Riddic 14, the Swordsman 12 act; the Archer's 4 waits.
    await as(page, "gm");
    let column = await tracker(page);
    await faces(page, [15, 20], [14, 20], [12, 20], [4, 20]);
    await column.locator('[data-action="rollAll"]').click();
    const initiative = await show(page);
    expect((await cardData(page, initiative)).state).toBe("applied");
    expect(await readCard(card(page))).toContain("Bandit Archer: Dex save 4 against ST 10, waits a round.");
    await screenshot(page.locator("#chat-column"), "card-torchlight-initiative");
    column = await tracker(page);
    expect(await column.locator("li.fray-phase").evaluateAll((phases) => phases.map((p) => (p as HTMLElement).dataset.phase))).toEqual(["players", "gm", "environment"]);
    expect(await column.locator("li.fray-phase.active").getAttribute("data-phase")).toBe("players");
    expect(await column.innerText()).not.toMatch(/FRAY\./);
    await screenshot(column, "torchlight-tracker");

    // The Combat Grid, as the GM placed everyone from their wished cells.
    const grid = await page.evaluate(async () => {
      const app = await (globalThis as unknown as { CONFIG: { fray: { torchlight: { openCombatGrid(): Promise<{ element: HTMLElement }> } } } }).CONFIG.fray.torchlight.openCombatGrid();
      await window.harness!.flush();
      app.element.style.cssText += "position:absolute; top:0; left:360px;";
      return app.element.id;
    });
    const gridApp = page.locator(`[id="${grid}"]`);
    await gridApp.locator(".fray-tl-chip", { hasText: "Riddic" }).first().click();
    await idle(page);
    expect(await gridApp.locator("[data-reach='melee']").innerText()).toBe("May melee: Bandit Swordsman.");
    expect(await gridApp.locator(".fray-tl-chip", { hasText: "Riddic" }).locator("[data-mark='engaged']").count()).toBe(1);
    // One set of lane tools, for the selected token's lane, not a set on every lane.
    expect(await gridApp.locator("[data-action='level']").count()).toBe(2);
    expect(await gridApp.locator(".fray-tl-lane-tools").getAttribute("data-lane")).toBe(await gridApp.locator(".fray-tl-lane", { has: page.locator(".fray-tl-chip", { hasText: "Riddic" }) }).getAttribute("data-lane"));
    expect(await gridApp.innerText()).not.toMatch(/FRAY\./);
    // At its 600 px every header keeps its words whole ("Reargua|rd" was the fault); a shortened stance names itself whole in its tooltip.
    expect(await gridApp.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(600);
    expect(await wordsSplit(gridApp.locator("thead th, .fray-tl-lane-head"))).toEqual([]);
    expect(await gridApp.locator("thead th.fray-tl-party").first().getAttribute("data-tooltip")).toBe("Party: Rearguard");
        await screenshot(gridApp, "torchlight-grid");
    await gridApp.evaluate((element) => element.remove());

    // Ada: Elsa's sheet, her attack dialog, and a 10 on her sword: a Precision Strike waiting for Ada.
    await as(page, "ada");
    let sheet = await sheetOf(page, "elsa");
    expect(await sheet.innerText()).not.toMatch(/FRAY\.|TYPES\./);
    expect(await sheet.locator("[data-placement]").innerText()).toBe("On the Combat Grid: lane 3, Steadied");
    await screenshot(sheet, "torchlight-sheet");
    await sheet.locator('[data-action="torchlightAttack"]').click();
    const dialog = page.locator(".fray-tl-attack-dialog");
    await dialog.waitFor({ state: "attached" });
    await closeSheet(page, sheet);
    // The harness page has no window manager: put the dialog beside the columns.
    await dialog.evaluate((element) => (element.style.cssText += "position:absolute; top:0; left:740px; width:480px; z-index:10; background:#f7f3ea; padding:8px;"));
    expect(await dialog.locator("[data-preview]").innerText()).toContain("d10 + 1");
    await screenshot(dialog, "torchlight-attack-dialog");
    await dialog.locator('button[type="submit"]').click();
    // Declared, not rolled: Riddic has still to declare. The tracker says so, and the GM rolls it.
    const attack = await show(page);
    expect((await cardData(page, attack)).outcome.awaiting).toMatchObject({ choice: "held" });
    expect(await readCard(card(page))).toContain("Declared: Elsa's attack rolls when every action of the side is declared");
    await as(page, "gm");
    column = await tracker(page);
    expect(await column.innerText()).toContain("Declared: attack on Bandit Swordsman (rolls when declarations close)");
    // Bob: Riddic Intimidates the Swordsman, declared before any attack rolls (seed 004, Actions); his
    // ability takes his attack's place, so the side has declared and Elsa's attack rolls.
    await as(page, "bob");
    const t = (fn: string, arg: Record<string, unknown>) =>
      page.evaluate(
        async ([name, a]) => {
          const w = window as unknown as { actors: Record<string, { uuid: string }>; combat: { id: string }; CONFIG: { fray: { torchlight: Record<string, (o: unknown) => Promise<unknown>> } } };
          const who = (key: string) => ({ actor: w.actors[key]!.uuid });
          const input = { combat: w.combat.id, ...(a as Record<string, unknown>) } as Record<string, unknown>;
          for (const role of ["actor", "target"]) if (typeof input[role] === "string") input[role] = who(input[role] as string);
          await (globalThis as unknown as typeof w).CONFIG.fray.torchlight[name as string]!(input);
        },
        [fn, arg] as const,
      );
    await faces(page, [10, 10]);
    await t("postTorchlightAbility", { actor: "riddic" });
    await idle(page);
    await show(page);
    expect(await readCard(card(page))).toContain("Bandit Swordsman must attack this round, Impaired (Riddic's Intimidation).");
    await screenshot(page.locator("#chat-column"), "card-torchlight-ability");
    await as(page, "ada");
    await show(page, attack);
    expect((await cardData(page, attack)).outcome.awaiting).toMatchObject({ choice: "precision", by: "attacker" });
    expect(await readCard(card(page))).toContain("Precision Strike!");
    await screenshot(page.locator("#chat-column"), "card-torchlight-precision");
    await as(page, "bob");
    await show(page, attack);
    expect(await card(page).locator("[data-fray-action='choose']").count()).toBe(0);
    await as(page, "ada");
    await show(page, attack);
    await card(page).locator("[data-fray-value='push']").click();
    await show(page, attack);
    expect((await cardData(page, attack)).outcome.awaiting).toMatchObject({ choice: "push" });
    await screenshot(page.locator("#chat-column"), "card-torchlight-push");
    await card(page).locator("[data-fray-value='back']").click();
    await show(page, attack);
    expect(await cardState(page)).toBe("applied");
    expect(await readCard(card(page))).toContain("Queued for the end of round 1: 11 Slashing damage on Bandit Swordsman.");
    await screenshot(page.locator("#chat-column"), "card-torchlight-attack-queued");

    // A check and a save from her sheet.
    sheet = await sheetOf(page, "elsa");
    await faces(page, [12, 20]);
    await sheet.locator(".fray-tabs [data-tab='characteristics']").click();
    await sheet.locator("tr[data-characteristic='dex'] [data-action='torchlightCheck']").click();
    await show(page);
    expect(await readCard(card(page))).toContain("d20 12 against DC 13.");
    await screenshot(page.locator("#chat-column"), "card-torchlight-check");
    await faces(page, [16, 20]);
    await sheet.locator("tr[data-characteristic='wil'] [data-action='torchlightSave']").click();
    await show(page);
    expect(await readCard(card(page))).toContain("d20 16 against ST 15.");
    await screenshot(page.locator("#chat-column"), "card-torchlight-save");
    await closeSheet(page, sheet);

    // Bob: Riddic Goads the Swordsman for 1 Breath: the card says what the Swordsman owes.
    await as(page, "bob");
    await t("postTorchlightManeuver", { actor: "riddic", target: "bandit", maneuver: "goad", weapon: "" });
    await show(page);
    expect(await readCard(card(page))).toContain("Bandit Swordsman must attack Riddic next round (Goad).");
    await screenshot(page.locator("#chat-column"), "card-torchlight-maneuver");

    // The GM's turn: the Swordsman, Intimidated, attacks Elsa Impaired (two d10, keep the lower: 6 and 5, 5) with a Grapple for 1 Breath.
    await as(page, "gm");
    column = await tracker(page);
    await column.locator('[data-action="nextTurn"]').click();
    await idle(page);
    column = await tracker(page);
    expect(await column.locator("li.fray-phase.active").getAttribute("data-phase")).toBe("gm");
    expect(await column.innerText()).toContain("Must attack this round, Impaired (Intimidated by Riddic)");
    await faces(page, [6, 10], [5, 10]);
    await page.evaluate(async () => {
      const w = window as unknown as { actors: Record<string, { uuid: string; items: { contents: { id: string }[] } }>; combat: { id: string }; CONFIG: { fray: { torchlight: Record<string, (o: unknown) => Promise<unknown>> } } };
      await w.CONFIG.fray.torchlight.postTorchlightAttack!({ combat: w.combat.id, attacker: { actor: w.actors.bandit!.uuid }, target: { actor: w.actors.elsa!.uuid }, weapon: w.actors.bandit!.items.contents[0]!.id, maneuver: "grapple" });
    });
    // The die seen, the card offers him the Feint; he keeps his 5, and the Grapple's Dex check (9 against 10) holds Elsa.
    const gmAttack = await show(page);
    expect((await cardData(page, gmAttack)).outcome.awaiting).toMatchObject({ choice: "feint", by: "attacker" });
    expect(await readCard(card(page))).toContain("Bandit Swordsman's die shows 5 on a d10: Feint for 1 Breath (reroll it, keep the higher), or keep it?");
    await screenshot(page.locator("#chat-column"), "card-torchlight-feint");
    await faces(page, [9, 20]);
    await card(page).locator("[data-fray-value='keep']").click();
    await show(page, gmAttack);
    expect(await cardState(page)).toBe("applied");
    expect(await readCard(card(page))).toContain("Impaired: Intimidated.");
    expect(await readCard(card(page))).toContain("Grapple: Dex check 9 against DC 10: held.");
    await screenshot(page.locator("#chat-column"), "card-torchlight-gm-attack");
    await faces(page, [12, 20]);
    await t("postTorchlightGrappleHold", { actor: "bandit", target: "elsa" });
    await show(page);
    expect(await readCard(card(page))).toContain("Str save 12 against ST 10: keeps the hold.");
    await screenshot(page.locator("#chat-column"), "card-torchlight-hold");
    // The Archer, waiting and unengaged in the Rearguard, Retreats; the GM posts the grid's reading.
    await t("postTorchlightRetreat", { actor: "archer" });
    await show(page);
    expect(await readCard(card(page))).toContain("Bandit Archer Retreats in round 1; may come back from round 3");
    await screenshot(page.locator("#chat-column"), "card-torchlight-retreat");
    await page.evaluate(async () => {
      const w = window as unknown as { combat: unknown; CONFIG: { fray: { torchlight: Record<string, (o: unknown) => Promise<unknown>> } } };
      await w.CONFIG.fray.torchlight.postTorchlightEngagement!(w.combat);
    });
    await show(page);
    expect(await readCard(card(page))).toContain("Riddic is Engaged.");
    await screenshot(page.locator("#chat-column"), "card-torchlight-engagement");

    // The environment's turn, then the end of the round: Elsa owes a Str save (ST 13), the Swordsman one (ST 18).
    column = await tracker(page);
    await column.locator('[data-action="nextTurn"]').click();
    await idle(page);
    column = await tracker(page);
    await column.locator('[data-action="nextTurn"]').click();
    const round = await show(page);
    expect((await cardData(page, round)).outcome.awaiting).toMatchObject({ choice: "saves.c0" });
    await as(page, "ada");
    await show(page, round);
    expect(await readCard(card(page))).toContain("Elsa must save: Strength (ST 13).");
    await screenshot(page.locator("#chat-column"), "card-torchlight-round-saves");
    await faces(page, [9, 20]);
    await card(page).locator("[data-fray-action='saves']").click();
    await as(page, "gm");
    await show(page, round);
    await faces(page, [20, 20]);
    await card(page).locator("[data-fray-action='saves']").click();
    await show(page, round);
    expect(await cardState(page)).toBe("applied");
    const applied = await readCard(card(page));
    expect(applied).toContain("Elsa saves Strength: 9 against ST 13, Incapacitated.");
    expect(applied).toContain("Elsa loses 4 Strength (DC Check now 7)");
    await screenshot(page.locator("#chat-column"), "card-torchlight-round-applied");
    column = await tracker(page);
    expect(await column.innerText()).toContain("Round 2");
    await screenshot(column, "torchlight-tracker-round-2");
    await card(page).locator("[data-fray-action='undo']").click();
    await show(page, round);
    expect(await cardState(page)).toBe("undone");
    await screenshot(page.locator("#chat-column"), "card-torchlight-round-undone");
    // Undone, the round is back in its environment's turn, every hit still queued.
    expect((await flags(page)).phase).toBe("environment");

    // The round again, to its end.
    await page.evaluate(async () => {
      const w = window as unknown as { combat: unknown; CONFIG: { fray: { torchlight: Record<string, (o: unknown) => Promise<unknown>> } } };
      await w.CONFIG.fray.torchlight.postTorchlightRound!(w.combat);
    });
    const again = await show(page);
    await as(page, "ada");
    await show(page, again);
    await faces(page, [9, 20]);
    await card(page).locator("[data-fray-action='saves']").click();
    await as(page, "gm");
    await show(page, again);
    await faces(page, [20, 20]);
    await card(page).locator("[data-fray-action='saves']").click();
    await show(page, again);
    expect(await cardState(page)).toBe("applied");

    // The fight ends; Elsa, Incapacitated, is Dying: four hours of saves on her Str (DC 7, ST 13), each failing, then Recovery and a day's rest.
    await page.evaluate(async () => (window as unknown as { combat: { delete(): Promise<unknown> } }).combat.delete());
    await idle(page);
    await as(page, "ada");
    sheet = await sheetOf(page, "elsa");
    await page.evaluate(() => window.harness!.onDialog((d) => d.answer("ok", { n: "2" })));
    await faces(page, [5, 20], [1, 4], [6, 20], [1, 4], [7, 20], [1, 4], [8, 20], [1, 4]);
    await sheet.locator(".fray-tabs [data-tab='characteristics']").click();
    await sheet.locator('[data-action="torchlightDying"]').click();
    await show(page);
    const dying = await readCard(card(page));
    expect(dying).toContain("Hour 4");
    expect(dying).toContain("Strength: 8 against ST 16, fails: loses 1 (DC now 3).");
    await screenshot(page.locator("#chat-column"), "card-torchlight-dying");
    await page.evaluate(() => window.harness!.onDialog((d) => d.answer("ok", { n: "1" })));
    await faces(page, [4, 4]);
    sheet = await sheetOf(page, "elsa");
    await sheet.locator(".fray-tabs [data-tab='characteristics']").click();
    await sheet.locator('[data-action="torchlightRecover"]').click();
    await show(page);
    expect(await readCard(card(page))).toContain("Recovers: Breath 3.");
    await screenshot(page.locator("#chat-column"), "card-torchlight-recover");
    expect(await page.evaluate(() => (window as unknown as { facesLeft(): number }).facesLeft())).toBe(0);
    await page.close();
  });
});
