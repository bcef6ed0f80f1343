/**
 * One whole round of Unhex from the built bundle in Chromium, with a GM and two players (Ada's
 * player and Bob, who plays Bea), each clicking on her own screen: team initiative from the
 * tracker (Ada, good at it and rolling first, decides her reroll before the Guard rolls), the
 * Guard's attack on Ada with her Defend, the Sniper's opposed roll against Bea, Bea's
 * check with a critical's extra action, the door she opens, and her move the Sniper intercepts. The
 * attack dialog, the check dialog and a card's choice are worked by keyboard alone.
 * Every card state, the sheet, the dialogs, the tracker and a sketch of the map are photographed
 * (the harness has no canvas: the sketch draws the scene's Areas and tokens from their documents).
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { NIGHTCLUB } from "../../src/core/areas/index.js";
import { areaSceneData } from "../../playground/foundry/scene.js";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

/** The nightclub with a shut door between the entrance and the alley (the GM drew it so). */
const CLUB = { ...NIGHTCLUB, connections: NIGHTCLUB.connections.map((c) => (c.from === "entrance" && c.to === "alley" ? { ...c, kind: "door" as const, open: false } : c)) };
/** Where each Area is drawn (column, row), roughly as on the game's picture, so the sketch's lines do not cross rooms. */
const LAYOUT: Record<string, [number, number]> = { alley: [0, 0], kitchen: [1, 0], bar: [2, 0], catwalk: [3, 0], entrance: [0, 1], "dance-floor": [1, 1], "pool-tables": [2, 1], "dj-booth": [3, 2] };
const rectangle = (id: string) => ({ type: "rectangle", x: LAYOUT[id]![0] * 400, y: LAYOUT[id]![1] * 400, width: 300, height: 300, rotation: 0, hole: false });
const at = (id: string) => ({ x: LAYOUT[id]![0] * 400 + 100, y: LAYOUT[id]![1] * 400 + 100 });
const sceneData = () => {
  const data = areaSceneData(CLUB) as { regions: { shapes: unknown[] }[] };
  data.regions.forEach((region, index) => (region.shapes = [rectangle(CLUB.areas[index]!.id)]));
  return data;
};

type Ids = { scene: string; combat: string; actors: Record<string, string>; tokens: Record<string, string> };

describe.skipIf(!browserAvailable())("a round of Unhex in Chromium", () => {
  const fray = useFrayBrowser();

  /** The table: three users, the four fighters, the club with their tokens, a started combat, a chat column. */
  async function setUp(page: Page): Promise<Ids> {
    return page.evaluate(
      async ({ sceneData, places }) => {
        type Doc = { id: string; uuid: string; name: string; createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]>; startCombat(): Promise<unknown> };
        const h = window.harness!;
        const g = globalThis as unknown as {
          CONFIG: { Actor: { documentClass: { create(d: object): Promise<Doc> } }; Combat: { documentClass: { create(d: object): Promise<Doc> } }; Dice: { randomUniform: () => number } };
          Scene: { create(d: object): Promise<Doc & { tokens: { contents: Doc[] } }> };
          game: { settings: { set(s: string, k: string, v: unknown): Promise<unknown> } };
        };
        const placeToken = window.placeToken!;
        const faces: number[] = [];
        // Foundry draws a face as ceil((1 - randomUniform()) * sides): feed the middle of each d10 face's slice.
        g.CONFIG.Dice.randomUniform = () => 1 - ((faces.shift() ?? 5) - 0.5) / 10;
        (window as unknown as { queueFaces(...f: number[]): void }).queueFaces = (...f) => faces.push(...f);
        const ada = h.createUser({ name: "Ada's player", role: "PLAYER" });
        const bob = h.createUser({ name: "Bob", role: "PLAYER" });
        await g.game.settings.set("fray", "ruleset", "unhex");
        // Foundry reloads the page for a new ruleset, which fetches its chunk at init; the test switches in place and waits for it.
        await (globalThis as unknown as { CONFIG: { fray: { loadRuleset(id: string): Promise<unknown> } } }).CONFIG.fray.loadRuleset("unhex");
        const make = (data: object) => g.CONFIG.Actor.documentClass.create(data);
        const actors = {
          ada: await make({
            name: "Ada",
            type: "unhexCharacter",
            ownership: { default: 1, [ada.id]: 3 },
            system: { level: { value: 50, max: 55 }, good: { defend: true, initiative: true } },
            items: [
              { name: "Knife", type: "unhexWeapon", system: { kind: "melee", held: true } },
              { name: "Pistol", type: "unhexWeapon", system: { kind: "one-handed-ranged", held: false } },
            ],
          }),
          bea: await make({ name: "Bea", type: "unhexCharacter", ownership: { default: 1, [bob.id]: 3 }, system: { level: { value: 45, max: 50 }, wounds: { rightLeg: 6 } }, items: [{ name: "Rifle", type: "unhexWeapon", system: { kind: "two-handed-ranged", held: true } }] }),
          guard: await make({ name: "Guard", type: "unhexNpc", ownership: { default: 1 }, system: { level: { value: 50, max: 50 } }, items: [{ name: "Club", type: "unhexWeapon", system: { kind: "melee", held: true } }] }),
          sniper: await make({ name: "Sniper", type: "unhexNpc", ownership: { default: 1 }, system: { level: { value: 40, max: 40 }, good: { twoHandedAttack: true } }, items: [{ name: "Long rifle", type: "unhexWeapon", system: { kind: "two-handed-ranged", held: true } }] }),
        };
        const scene = await g.Scene.create({ ...sceneData, active: true });
        const where = { ada: ["bar", 1], bea: ["entrance", 1], guard: ["bar", -1], sniper: ["catwalk", -1] } as const;
        const tokens: Record<string, Doc> = {};
        for (const [key, [area, disposition]] of Object.entries(where)) {
          const actor = actors[key as keyof typeof actors];
          tokens[key] = (await scene.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: true, disposition, ...places[area]! }]))[0]!;
          placeToken(actor as never, { document: tokens[key] as never });
        }
        const combat = await g.CONFIG.Combat.documentClass.create({ active: true, scene: scene.id });
        await combat.createEmbeddedDocuments("Combatant", Object.entries(tokens).map(([key, token]) => ({ actorId: actors[key as keyof typeof actors].id, tokenId: token.id, sceneId: scene.id, name: token.name })));
        await combat.startCombat();
        const chat = document.createElement("section");
        chat.id = "sidebar";
        chat.className = "sidebar-tab chat-sidebar";
        chat.style.cssText = "position: absolute; right: 0; top: 0; width: 320px; padding: 8px; background: #f7f3ea;";
        chat.innerHTML = `<ol id="chat-log" class="chat-log" style="list-style:none;margin:0;padding:0"></ol>`;
        document.body.append(chat);
        await h.flush();
        return {
          scene: scene.id,
          combat: combat.id,
          actors: Object.fromEntries(Object.entries(actors).map(([k, a]) => [k, a.uuid])),
          tokens: Object.fromEntries(Object.entries(tokens).map(([k, t]) => [k, t.uuid])),
        };
      },
      { sceneData: sceneData(), places: Object.fromEntries(CLUB.areas.map((a) => [a.id, at(a.id)])) },
    );
  }

  /** Makes the named user the one at the keyboard. */
  const as = (page: Page, name: string) =>
    page.evaluate((who) => {
      const h = window.harness!;
      h.switchUser(h.game.users.contents.find((u) => (u as { name: string }).name === who)! as never);
    }, name);

  const idle = (page: Page) =>
    page.evaluate(async () => {
      const g = globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } };
      await g.CONFIG.fray.cards.cardsIdle();
      await window.harness!.flush();
    });

  const faces = (page: Page, ...f: number[]) => page.evaluate((list) => (window as unknown as { queueFaces(...f: number[]): void }).queueFaces(...list), f);

  /** The last chat card's id. */
  const lastCard = (page: Page) =>
    page.evaluate(() => {
      const g = globalThis as unknown as { game: { messages: { contents: { id: string; type: string }[] } } };
      return g.game.messages.contents.filter((m) => m.type === "card").at(-1)!.id;
    });

  /** The card posted after `previous` (a dialog posts it once its roll is made). */
  async function nextCard(page: Page, previous: string): Promise<string> {
    const said = () => page.evaluate(() => JSON.stringify(window.harness!.notifications.slice(-3)));
    await expect.poll(() => lastCard(page), { message: "no new card" }).not.toBe(previous).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; notifications: ${await said()}`);
    });
    await idle(page);
    return lastCard(page);
  }

  /** The card as the current user's chat log shows it (the chooser's buttons only for her and the GM). */
  async function show(page: Page, id: string): Promise<void> {
    await idle(page);
    await page.evaluate(async (messageId) => {
      const g = globalThis as unknown as { game: { messages: { get(id: string): { renderHTML(): Promise<HTMLElement> } } } };
      document.getElementById("chat-log")!.replaceChildren(await g.game.messages.get(messageId).renderHTML());
    }, id);
  }

  const cardOf = (page: Page, id: string) =>
    page.evaluate((messageId) => {
      const g = globalThis as unknown as { game: { messages: { get(id: string): { system: { state: string; outcome: { awaiting?: { choice: string; by: string }; result: Record<string, unknown> } } } } } };
      const { state, outcome } = g.game.messages.get(messageId).system;
      return { state, awaiting: outcome.awaiting?.choice, by: outcome.awaiting?.by, result: outcome.result };
    }, id);

  /** The current user clicks a button on the card, then everything it started settles. */
  async function press(page: Page, id: string, selector: string): Promise<void> {
    await show(page, id);
    await page.locator(`#chat-log ${selector}`).click();
    await idle(page);
    await show(page, id);
  }

  const choice = (name: string, value: string) => `[data-fray-action='choose'][data-fray-choice='${name}'][data-fray-value='${value}']`;
  const chat = (page: Page) => page.locator("#sidebar");

  /** The tracker as the current user sees it. */
  async function tracker(page: Page) {
    const id = await page.evaluate(async () => {
      const g = globalThis as unknown as { ui: { combat: { render(o: object): Promise<{ element: HTMLElement }> } } };
      const app = await g.ui.combat.render({ force: true });
      app.element.style.cssText += "position: absolute; left: 0; top: 0; width: 380px; display: block;";
      await window.harness!.flush();
      return app.element.id;
    });
    return page.locator(`[id="${id}"]`);
  }

  /** The current user targets a token (as a click on it with T held). */
  const target = (page: Page, uuid: string) =>
    page.evaluate((token) => {
      const g = globalThis as unknown as { fromUuidSync(u: string): { object: { setTarget(on: boolean): void } } };
      g.fromUuidSync(token).object.setTarget(true);
    }, uuid);

  /** The name on the tracker's acting row (the one Foundry marks active). */
  const actingName = async (page: Page) => (await (await tracker(page)).locator("li.combatant.active .name").innerText()).trim();

  /** Puts the tracker away, so it covers no sheet or dialog. */
  const hideTracker = (page: Page) => page.evaluate(() => document.querySelector<HTMLElement>(".combat-sidebar")?.style.setProperty("display", "none"));

  /** Opens an actor's sheet as the current user; returns its element's id. */
  const openSheet = (page: Page, uuid: string) =>
    page.evaluate(async (actor) => {
      const g = globalThis as unknown as { fromUuidSync(u: string): { sheet: { render(o: object): Promise<{ element: HTMLElement }> } } };
      const app = await g.fromUuidSync(actor).sheet.render({ force: true });
      app.element.style.cssText += "position: absolute; left: 0; top: 0;";
      await window.harness!.flush();
      return app.element.id;
    }, uuid);

  const closeSheet = (page: Page, uuid: string) =>
    page.evaluate(async (actor) => {
      const g = globalThis as unknown as { fromUuidSync(u: string): { sheet: { close(): Promise<unknown> } } };
      await g.fromUuidSync(actor).sheet.close();
      await window.harness!.flush();
    }, uuid);

  /** Presses Tab until the focused element matches, as a keyboard-only player moves through the page. */
  async function tabTo(page: Page, selector: string): Promise<void> {
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  /**
   * A sketch of the scene as the GM sees it (the harness draws no canvas): each Area's Region with
   * its name, each connection its Area behaviour lists (solid, dashed for sight only, a door shut in
   * red or open in green), and each token by name, in the Area its document stands in.
   */
  const sketchMap = (page: Page, sceneId: string) =>
    page.evaluate((id) => {
      type Shape = { x: number; y: number; width: number; height: number };
      type Line = { to: string; kind: string; open: boolean };
      type Region = { name: string; shapes: Shape[]; behaviors: { contents: { system: { areaId: string; connections: Line[] } }[] } };
      const g = globalThis as unknown as { game: { scenes: { get(id: string): { regions: { contents: Region[] }; tokens: { contents: { name: string; x: number; y: number }[] } } } } };
      const scene = g.game.scenes.get(id);
      document.getElementById("fray-map-sketch")?.remove();
      const scale = 0.3;
      const map = document.createElement("div");
      map.id = "fray-map-sketch";
      map.style.cssText = "position: absolute; left: 0; top: 0; width: 480px; height: 360px; background: #2b2b2b; z-index: 50; font: 11px sans-serif;";
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("width", "480");
      svg.setAttribute("height", "360");
      svg.style.cssText = "position: absolute; left: 0; top: 0;";
      const centre = new Map<string, [number, number]>();
      for (const region of scene.regions.contents) {
        const r = region.shapes[0]!;
        centre.set(region.behaviors.contents[0]!.system.areaId, [(r.x + r.width / 2) * scale, (r.y + r.height / 2) * scale]);
        const area = document.createElement("div");
        area.style.cssText = `position: absolute; left: ${r.x * scale}px; top: ${r.y * scale}px; width: ${r.width * scale}px; height: ${r.height * scale}px; border: 1px solid #9bc; background: rgba(120,160,200,0.2); color: #dde; padding: 2px; box-sizing: border-box;`;
        area.textContent = region.name;
        map.append(area);
      }
      for (const region of scene.regions.contents) {
        const from = centre.get(region.behaviors.contents[0]!.system.areaId)!;
        for (const line of region.behaviors.contents[0]!.system.connections) {
          const to = centre.get(line.to);
          if (!to) continue;
          const path = document.createElementNS("http://www.w3.org/2000/svg", "line");
          const colour = line.kind === "door" ? (line.open ? "#6c6" : "#e55") : "#ccc";
          Object.entries({ x1: from[0], y1: from[1], x2: to[0], y2: to[1], stroke: colour, "stroke-width": line.kind === "door" ? 3 : 1.5, "stroke-dasharray": line.kind === "sight" ? "5 4" : "" }).forEach(([k, v]) => path.setAttribute(k, String(v)));
          svg.append(path);
        }
      }
      map.prepend(svg);
      const stacked = new Map<string, number>();
      for (const token of scene.tokens.contents) {
        const key = `${token.x},${token.y}`;
        const n = stacked.get(key) ?? 0;
        stacked.set(key, n + 1);
        const dot = document.createElement("div");
        dot.style.cssText = `position: absolute; left: ${token.x * scale - 10}px; top: ${token.y * scale + 4 + n * 18}px; padding: 1px 4px; border-radius: 8px; background: #e8c55a; color: #222;`;
        dot.textContent = token.name;
        map.append(dot);
      }
      document.body.append(map);
    }, sceneId);

  // A whole round in one page: room for a machine shared under load (each step keeps its own waits).
  it("plays a round: initiative, an attack with Defend, an opposed roll, the GM passing the turn, a check, a door and a move the Sniper intercepts", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await openFray(page, fray.server.url);
    const ids = await setUp(page);

    // --- Initiative: Ada's player rolls from her row; the GM's client opens the round's card.
    await as(page, "Ada's player");
    let rows = (await tracker(page)).locator("li.combatant");
    expect(await rows.count()).toBe(4);
    await screenshot(await tracker(page), "unhex-tracker-start");
    await (await tracker(page)).locator('li.combatant:has-text("Ada") [data-action="rollInitiative"]').click();
    await idle(page);
    const initiative = await lastCard(page);
    expect(await cardOf(page, initiative)).toMatchObject({ state: "open", awaiting: "rolls.friendly", by: "friendly" });
    await show(page, initiative);
    await screenshot(chat(page), "card-unhex-initiative-awaiting-roll");
    await faces(page, 3, 2);
    await press(page, initiative, choice("rolls.friendly", "true"));
    // Ada is good at initiative and rolls first: she decides her reroll on her 32 before the Guard's dice
    // exist (rerolls are decided in rolling order). The card shows her roll alone.
    expect(await cardOf(page, initiative)).toMatchObject({ state: "open", awaiting: "rerolls.friendly", by: "friendly" });
    expect(await page.locator("#chat-log .fray-unhex-roll").count()).toBe(1);
    expect(await page.locator("#chat-log .fray-unhex-roll").innerText()).toContain("Ada");
    await screenshot(chat(page), "card-unhex-initiative-awaiting-reroll");
    // The GM's screen offers no roll for the Guard yet, only Ada's choice.
    await as(page, "Gamemaster");
    await show(page, initiative);
    expect(await page.locator(`#chat-log ${choice("rolls.hostile", "true")}`).count()).toBe(0);
    await as(page, "Ada's player");
    await press(page, initiative, choice("rerolls.friendly", "none"));
    expect(await cardOf(page, initiative)).toMatchObject({ awaiting: "rolls.hostile", by: "hostile" });
    await as(page, "Gamemaster");
    await faces(page, 7, 1);
    await press(page, initiative, choice("rolls.hostile", "true"));
    // Once the Guard's 71 is down, Ada's reroll is no longer on offer anywhere.
    expect(await page.locator("#chat-log [data-fray-choice='rerolls.friendly']").count()).toBe(0);
    expect(await cardOf(page, initiative)).toMatchObject({ awaiting: "order", by: "friendly" });
    await as(page, "Ada's player");
    await show(page, initiative);
    await screenshot(chat(page), "card-unhex-initiative-awaiting-order");
    // Ada wins and lets the hostile team go first, keeping her action to react.
    await press(page, initiative, choice("order", "hostile,friendly"));
    expect(await cardOf(page, initiative)).toMatchObject({ state: "applied", result: { winner: "friendly", order: ["hostile", "friendly"] } });
    await screenshot(chat(page), "card-unhex-initiative-applied");
    await as(page, "Gamemaster");
    rows = (await tracker(page)).locator("li.combatant");
    expect((await rows.locator(".name").allInnerTexts()).slice(0, 2).sort()).toEqual(["Guard", "Sniper"]);
    expect(await rows.first().innerText()).toContain("Hostile team: turn 1");
    await screenshot(await tracker(page), "unhex-tracker-initiative");
    await hideTracker(page);

    // --- The hostile team's turn. The GM targets Ada and attacks from the Guard's sheet; the dialog shows the odds.
    await target(page, ids.tokens.ada!);
    let sheet = await openSheet(page, ids.actors.guard!);
    await page.locator(`[id="${sheet}"] [data-action="unhexAttack"]`).click();
    const dialog = page.locator(".fray-unhex-attack-dialog");
    await dialog.waitFor();
    await page.evaluate(() => window.harness!.flush());
    expect(await dialog.locator("[data-odds]").count()).toBe(3);
    expect(await dialog.innerText()).not.toMatch(/FRAY\./);
    await page.locator(`[id="${sheet}"]`).evaluate((el) => (el.style.visibility = "hidden"));
    await screenshot(dialog, "unhex-attack-dialog");
    // By keyboard: Tab through the dialog to Declare, Enter.
    await tabTo(page, '.fray-unhex-attack-dialog [name="weapon"]');
    await tabTo(page, '.fray-unhex-attack-dialog button[type="submit"]');
    await page.keyboard.press("Enter");
    await idle(page);
    await closeSheet(page, ids.actors.guard!);
    const attack = await nextCard(page, initiative);
    expect(await cardOf(page, attack)).toMatchObject({ state: "open", awaiting: "reaction", by: "target" });
    // Only Ada's player (and the GM) sees her reaction buttons; Bob sees none.
    await as(page, "Bob");
    await show(page, attack);
    expect(await page.locator("#chat-log [data-fray-choice='reaction']").count()).toBe(0);
    await as(page, "Ada's player");
    await show(page, attack);
    await screenshot(chat(page), "card-unhex-attack-awaiting-reaction");
    await faces(page, 3, 10);
    await press(page, attack, choice("reaction", "defend"));
    // Ada is good at Defend, and her Defend is rolled first: she decides her reroll before the Guard rolls; she keeps her 30.
    expect(await cardOf(page, attack)).toMatchObject({ awaiting: "rerolls.target", by: "target" });
    await screenshot(chat(page), "card-unhex-attack-awaiting-reroll");
    await press(page, attack, choice("rerolls.target", "none"));
    expect(await cardOf(page, attack)).toMatchObject({ awaiting: "roll", by: "attacker" });
    await as(page, "Gamemaster");
    await show(page, attack);
    await screenshot(chat(page), "card-unhex-attack-awaiting-roll");
    await faces(page, 4, 7);
    await press(page, attack, choice("roll", "true"));
    expect(await cardOf(page, attack)).toMatchObject({ awaiting: "damageDie", by: "attacker" });
    await as(page, "Gamemaster");
    await show(page, attack);
    await screenshot(chat(page), "card-unhex-attack-awaiting-split");
    await press(page, attack, choice("damageDie", "units"));
    expect(await cardOf(page, attack)).toMatchObject({ state: "applied", result: { hit: true, damage: 7, location: "torso" } });
    expect(await chat(page).innerText()).toContain("Ada: ");
    await screenshot(chat(page), "card-unhex-attack-applied");

    // The Sniper's opposed roll against Bea, who rolls her own dice on Bob's screen.
    await target(page, ids.tokens.bea!);
    sheet = await openSheet(page, ids.actors.sniper!);
    await page.locator(`[id="${sheet}"] [data-action="unhexOpposed"]`).click();
    const rollDialog = page.locator(".fray-unhex-roll-dialog");
    await rollDialog.waitFor();
    await rollDialog.locator('[name="what"]').fill("spot her in the crowd");
    await page.locator(`[id="${sheet}"]`).evaluate((el) => (el.style.visibility = "hidden"));
    await screenshot(rollDialog, "unhex-opposed-dialog");
    await faces(page, 1, 5);
    await rollDialog.locator('button[type="submit"]').click();
    await idle(page);
    await closeSheet(page, ids.actors.sniper!);
    const opposed = await nextCard(page, attack);
    expect(await cardOf(page, opposed)).toMatchObject({ awaiting: "roll", by: "b" });
    await as(page, "Bob");
    await show(page, opposed);
    await screenshot(chat(page), "card-unhex-opposed-awaiting");
    await faces(page, 2, 9);
    await press(page, opposed, choice("roll", "true"));
    expect(await cardOf(page, opposed)).toMatchObject({ state: "closed", result: { winner: "Bea" } });
    await screenshot(chat(page), "card-unhex-opposed-applied");

    // --- The hostile team is done: the GM passes the turn (Next Turn) until a friendly fighter acts, as a
    // GM at the table would; before that, Bea's door would be refused (seed 002 §Rounds: each team acts in its own turn).
    await as(page, "Gamemaster");
    expect(["Guard", "Sniper"]).toContain(await actingName(page));
    for (let pass = 0; pass < 2 && ["Guard", "Sniper"].includes(await actingName(page)); pass += 1) {
      await (await tracker(page)).locator('[data-action="nextTurn"]').click();
      await idle(page);
    }
    expect(["Ada", "Bea"]).toContain(await actingName(page));
    expect(await (await tracker(page)).locator("li.combatant.active").innerText()).toContain("Friendly team: turn 2");
    await hideTracker(page);
    await as(page, "Bob");

    // --- The friendly team's turn. Bob, by keyboard alone: Bea's sheet, a check, a critical's extra action.
    sheet = await openSheet(page, ids.actors.bea!);
    await tabTo(page, `[id="${sheet}"] [data-action="unhexCheck"]`);
    await page.keyboard.press("Enter");
    const check = page.locator(".fray-unhex-roll-dialog");
    await check.waitFor();
    await tabTo(page, '.fray-unhex-roll-dialog [name="what"]');
    await page.keyboard.type("vault the rope line");
    await tabTo(page, '.fray-unhex-roll-dialog button[type="submit"]');
    await faces(page, 2, 2);
    await page.keyboard.press("Enter");
    const checkCard = await nextCard(page, opposed);
    expect(await cardOf(page, checkCard)).toMatchObject({ awaiting: "critical", by: "character" });
    await show(page, checkCard);
    await screenshot(chat(page), "card-unhex-check-awaiting-critical");
    await tabTo(page, `#chat-log ${choice("critical", "extra-action")}`);
    await page.keyboard.press("Enter");
    await idle(page);
    await show(page, checkCard);
    expect(await cardOf(page, checkCard)).toMatchObject({ state: "applied", result: { success: true } });
    await screenshot(chat(page), "card-unhex-check-applied");

    // Bea, beside the shut door to the alley, opens it with one of her two actions.
    await page.evaluate(() => window.harness!.flush());
    const door = page.locator(`[id="${sheet}"] [data-action="unhexDoor"]`);
    expect(await door.innerText()).toContain("Open the door to Alley");
    await screenshot(page.locator(`[id="${sheet}"]`), "unhex-sheet-bea");
    await door.click();
    const doorCard = await nextCard(page, checkCard);
    await show(page, doorCard);
    expect(await cardOf(page, doorCard)).toMatchObject({ state: "applied" });
    await screenshot(chat(page), "card-unhex-door-applied");
    await closeSheet(page, ids.actors.bea!);

    // With the other, Bob drags her onto the dance floor; the move card offers the Sniper an Intercept.
    await as(page, "Gamemaster");
    await sketchMap(page, ids.scene);
    await screenshot(page.locator("#fray-map-sketch"), "unhex-map-before-move", { layout: false });
    await as(page, "Bob");
    await page.evaluate(async ({ token, to }) => {
      const g = globalThis as unknown as { fromUuidSync(u: string): { update(d: object): Promise<unknown> } };
      await g.fromUuidSync(token).update(to);
      await window.harness!.flush();
    }, { token: ids.tokens.bea!, to: at("dance-floor") });
    const move = await nextCard(page, doorCard);
    expect(await cardOf(page, move)).toMatchObject({ state: "applied" });
    await as(page, "Gamemaster");
    await sketchMap(page, ids.scene);
    await screenshot(page.locator("#fray-map-sketch"), "unhex-map-moved", { layout: false });
    await show(page, move);
    expect(await page.locator("#chat-log [data-fray-action='intercept']").allInnerTexts()).toEqual(["Long rifle"]);
    await screenshot(chat(page), "card-unhex-move-intercept-offered");
    await faces(page, 2, 5);
    await page.locator("#chat-log [data-fray-action='intercept']").click();
    const intercept = await nextCard(page, move);
    // Bea cannot react to a reaction: the Sniper rolls at once, 25 against 40, a hit. He takes the 5 as damage and
    // the 2 as the location: her right leg fills, so she is stopped, and he says where.
    expect(await cardOf(page, intercept)).toMatchObject({ awaiting: "damageDie", by: "attacker" });
    await show(page, intercept);
    await press(page, intercept, choice("damageDie", "units"));
    expect(await cardOf(page, intercept)).toMatchObject({ awaiting: "stopIn", by: "attacker" });
    await screenshot(chat(page), "card-unhex-intercept-awaiting-stop");
    await press(page, intercept, choice("stopIn", "entrance"));
    expect(await cardOf(page, intercept)).toMatchObject({ state: "applied", result: { hit: true, stopsIn: "entrance" } });
    await screenshot(chat(page), "card-unhex-intercept-applied");
    await sketchMap(page, ids.scene);
    await screenshot(page.locator("#fray-map-sketch"), "unhex-map-after-intercept", { layout: false });
    await page.evaluate(() => document.getElementById("fray-map-sketch")?.remove());

    // The end of the round: every action spent, Bea's extra one too.
    const end = await tracker(page);
    const text = await end.innerText();
    expect(text.match(/Action spent/g)?.length).toBe(4);
    expect(text).not.toMatch(/FRAY\./);
    await screenshot(end, "unhex-tracker-end-of-round");
    await hideTracker(page);

    // Ada's sheet as her player sees it: seven boxes of the torso marked.
    await as(page, "Ada's player");
    sheet = await openSheet(page, ids.actors.ada!);
    expect(await page.locator(`[id="${sheet}"] .fray-box.fray-marked`).count()).toBe(7);
    await screenshot(page.locator(`[id="${sheet}"]`), "unhex-sheet-ada");
    // Use or manage items, from her sheet: the knife to stow, the pistol to draw (her action is spent this round, so it is only shown).
    await page.locator(`[id="${sheet}"] [data-action="unhexItems"]`).click();
    const itemsDialog = page.locator(".fray-unhex-items-dialog");
    await itemsDialog.waitFor();
    await page.evaluate(() => window.harness!.flush());
    expect(await itemsDialog.locator("select").count()).toBe(3);
    expect(await itemsDialog.innerText()).not.toMatch(/FRAY\./);
    await page.locator(`[id="${sheet}"]`).evaluate((el) => (el.style.visibility = "hidden"));
    await screenshot(itemsDialog, "unhex-items-dialog");
    await page.close();
  }, 180_000);
});
