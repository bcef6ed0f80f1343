/**
 * A move across the nightclub as the pack ships it (rooms with gaps between them), from the built
 * bundle in Chromium, in an Unhex fight: Ada's player drags her token from the bar to the pool
 * tables, across two Area borders, so Foundry sends the drag in three pieces. The GM's client sees
 * one move: one move card, Ada's one action spent, an Intercept offered to the Guard and the Sniper.
 * The Guard intercepts and stops her in the bar: the put-back lands where she set out, in one
 * piece, and opens no second card.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { middleOfArea, shippedNightclub } from "../fixtures/nightclub.js";
import { browserAvailable, openFray, screenshot, useFrayBrowser } from "./support/index.js";

type Ids = { combat: string; actors: Record<string, string>; tokens: Record<string, string> };

describe.skipIf(!browserAvailable())("a move across the nightclub's gaps in Chromium", () => {
  const fray = useFrayBrowser();
  const club = shippedNightclub();
  const places = Object.fromEntries(["bar", "catwalk", "entrance", "pool-tables"].map((area) => [area, middleOfArea(club, area)]));

  /** Three users, Ada and Bea against the Guard and the Sniper on the shipped nightclub, a started combat, a chat column. */
  const setUp = (page: Page): Promise<Ids> =>
    page.evaluate(
      async ({ club, places }) => {
        type Doc = { id: string; uuid: string; name: string; createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]>; startCombat(): Promise<unknown> };
        const h = window.harness!;
        const g = globalThis as unknown as {
          CONFIG: { Actor: { documentClass: { create(d: object): Promise<Doc> } }; Combat: { documentClass: { create(d: object): Promise<Doc> } }; Dice: { randomUniform: () => number }; fray: { loadRuleset(id: string): Promise<unknown> } };
          Scene: { create(d: object): Promise<Doc> };
          game: { settings: { set(s: string, k: string, v: unknown): Promise<unknown> } };
        };
        const faces: number[] = [];
        g.CONFIG.Dice.randomUniform = () => 1 - ((faces.shift() ?? 5) - 0.5) / 10;
        (window as unknown as { queueFaces(...f: number[]): void }).queueFaces = (...f) => faces.push(...f);
        const ada = h.createUser({ name: "Ada's player", role: "PLAYER" });
        const bob = h.createUser({ name: "Bob", role: "PLAYER" });
        await g.game.settings.set("fray", "ruleset", "unhex");
        await g.CONFIG.fray.loadRuleset("unhex");
        const make = (data: object) => g.CONFIG.Actor.documentClass.create(data);
        const actors = {
          ada: await make({ name: "Ada", type: "unhexCharacter", ownership: { default: 1, [ada.id]: 3 }, system: { level: { value: 50, max: 55 }, wounds: { rightLeg: 8 } }, items: [{ name: "Knife", type: "unhexWeapon", system: { kind: "melee", held: true } }] }),
          bea: await make({ name: "Bea", type: "unhexCharacter", ownership: { default: 1, [bob.id]: 3 }, system: { level: { value: 45, max: 50 } }, items: [{ name: "Rifle", type: "unhexWeapon", system: { kind: "two-handed-ranged", held: true } }] }),
          guard: await make({ name: "Guard", type: "unhexNpc", ownership: { default: 1 }, system: { level: { value: 50, max: 50 } }, items: [{ name: "Club", type: "unhexWeapon", system: { kind: "melee", held: true } }] }),
          sniper: await make({ name: "Sniper", type: "unhexNpc", ownership: { default: 1 }, system: { level: { value: 40, max: 40 } }, items: [{ name: "Long rifle", type: "unhexWeapon", system: { kind: "two-handed-ranged", held: true } }] }),
        };
        const scene = await g.Scene.create({ ...club, active: true });
        const where = { ada: ["bar", 1], bea: ["entrance", 1], guard: ["bar", -1], sniper: ["catwalk", -1] } as const;
        const tokens: Record<string, Doc> = {};
        for (const [key, [area, disposition]] of Object.entries(where)) {
          const actor = actors[key as keyof typeof actors];
          tokens[key] = (await scene.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: true, disposition, ...places[area]! }]))[0]!;
          window.placeToken!(actor as never, { document: tokens[key] as never });
        }
        const combat = await g.CONFIG.Combat.documentClass.create({ active: true, scene: scene.id });
        await combat.createEmbeddedDocuments("Combatant", Object.entries(tokens).map(([key, token]) => ({ actorId: actors[key as keyof typeof actors].id, tokenId: token.id, sceneId: scene.id, name: token.name })));
        await combat.startCombat();
        const chat = document.createElement("section");
        chat.id = "sidebar";
        chat.style.cssText = "position: absolute; right: 0; top: 0; width: 320px; padding: 8px; background: #f7f3ea;";
        chat.innerHTML = `<ol id="chat-log" class="chat-log" style="list-style:none;margin:0;padding:0"></ol>`;
        document.body.append(chat);
        await h.flush();
        return {
          combat: combat.id,
          actors: Object.fromEntries(Object.entries(actors).map(([k, a]) => [k, a.uuid])),
          tokens: Object.fromEntries(Object.entries(tokens).map(([k, t]) => [k, t.uuid])),
        };
      },
      { club, places },
    );

  /** Makes the named user the one at the keyboard. */
  const as = (page: Page, name: string) => page.evaluate((who) => void window.harness!.switchUser(who), name);

  /** Every piece sent, every check the GM's client makes and every card step, done. */
  const idle = (page: Page) =>
    page.evaluate(async () => {
      const fray = (globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> }; areas: { movesIdle(): Promise<void> } } } }).CONFIG.fray;
      for (let i = 0; i < 3; i += 1) {
        await window.harness!.flush();
        await fray.areas.movesIdle();
        await fray.cards.cardsIdle();
      }
    });

  /** The move and attack cards in the chat, in order: kind, state, request and result. */
  const cards = (page: Page) =>
    page.evaluate(() => {
      type Card = { id: string; type: string; system: { kind: string; state: string; request: Record<string, unknown>; outcome: { result: Record<string, unknown>; awaiting?: { choice: string } } } };
      const g = globalThis as unknown as { game: { messages: { contents: Card[] } } };
      return g.game.messages.contents.filter((m) => m.type === "card").map((m) => ({ id: m.id, kind: m.system.kind, state: m.system.state, request: m.system.request, result: m.system.outcome.result, awaiting: m.system.outcome.awaiting?.choice }));
    });

  const placeOf = (page: Page, uuid: string) =>
    page.evaluate((token) => {
      const doc = (globalThis as unknown as { fromUuidSync(u: string): { x: number; y: number } }).fromUuidSync(token);
      return { x: doc.x, y: doc.y };
    }, uuid);

  /** The places the GM's client saw a token updated to, from now on. */
  const watchPieces = (page: Page, uuid: string) =>
    page.evaluate((token) => {
      const g = globalThis as unknown as { Hooks: { on(h: string, fn: (...a: unknown[]) => void): number }; game: { user: { isGM: boolean } } };
      const seen: { x: number; y: number }[] = [];
      (window as unknown as { pieces: typeof seen }).pieces = seen;
      g.Hooks.on("updateToken", (doc, changed) => {
        const d = doc as { uuid: string; x: number; y: number };
        if (d.uuid === token && g.game.user.isGM && ("x" in (changed as object) || "y" in (changed as object))) seen.push({ x: d.x, y: d.y });
      });
    }, uuid);
  const pieces = (page: Page) => page.evaluate(() => (window as unknown as { pieces: { x: number; y: number }[] }).pieces.splice(0));

  /** Shows a card as the current user's chat log draws it. */
  const show = (page: Page, id: string) =>
    page.evaluate(async (messageId) => {
      const g = globalThis as unknown as { game: { messages: { get(id: string): { renderHTML(): Promise<HTMLElement> } } } };
      document.getElementById("chat-log")!.replaceChildren(await g.game.messages.get(messageId).renderHTML());
    }, id);

  it("Ada's player drags her across two borders: one move card, her action spent, an Intercept offered; the Guard's put-back lands where she set out", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, fray.server.url, { waitForRuleset: false });
    const ids = await setUp(page);
    const ada = ids.tokens.ada!;
    const from = await placeOf(page, ada);
    await watchPieces(page, ada);

    await as(page, "Ada's player");
    await page.evaluate(async ({ token, to }) => {
      const doc = (globalThis as unknown as { fromUuidSync(u: string): never }).fromUuidSync(token);
      await window.dragToken!(doc, to);
    }, { token: ada, to: places["pool-tables"]! });
    await idle(page);
    expect(await pieces(page)).toHaveLength(3);
    expect(await placeOf(page, ada)).toEqual(places["pool-tables"]);
    const moves = (await cards(page)).filter((c) => c.kind === "unhex.move");
    expect(moves).toHaveLength(1);
    const move = moves[0]!;
    expect(move).toMatchObject({ state: "applied", request: { from: "bar", to: "pool-tables", origin: from } });
    expect((move.result.interceptors as { name: string }[]).map((i) => i.name)).toEqual(["Guard", "Sniper"]);

    // The GM sees the card with both Intercepts; the tracker shows Ada's action spent.
    await as(page, "Gamemaster");
    await show(page, move.id);
    expect(await page.locator("#chat-log [data-fray-action='intercept']").allInnerTexts()).toEqual(["Club", "Long rifle"]);
    await screenshot(page.locator("#sidebar"), "card-unhex-move-across-gaps");
    const spent = await page.evaluate(async () => {
      const g = globalThis as unknown as { ui: { combat: { render(o: object): Promise<{ element: HTMLElement }> } } };
      const app = await g.ui.combat.render({ force: true });
      await window.harness!.flush();
      const text = app.element.innerText;
      app.element.style.display = "none";
      return text.match(/Action spent/g)?.length ?? 0;
    });
    expect(spent).toBe(1);

    // The Guard intercepts (2, 4: a hit, her right leg fills) and stops her in the bar: she is put back, in one piece.
    await page.evaluate(() => (window as unknown as { queueFaces(...f: number[]): void }).queueFaces(2, 4));
    await page.locator(`#chat-log [data-fray-action='intercept']`).first().click();
    await idle(page);
    const intercept = (await cards(page)).at(-1)!;
    expect(intercept).toMatchObject({ kind: "unhex.attack", awaiting: "damageDie" });
    for (const [name, value] of [["damageDie", "units"], ["stopIn", "bar"]] as const) {
      await show(page, intercept.id);
      await page.locator(`#chat-log [data-fray-action='choose'][data-fray-choice='${name}'][data-fray-value='${value}']`).click();
      await idle(page);
    }
    expect((await cards(page)).at(-1)).toMatchObject({ id: intercept.id, state: "applied", result: { stopsIn: "bar" } });
    expect(await placeOf(page, ada)).toEqual(from);
    expect(await pieces(page)).toEqual([from]);
    expect((await cards(page)).filter((c) => c.kind === "unhex.move")).toHaveLength(1);
    const warnings = await page.evaluate(() => window.harness!.notifications.filter((n) => n.type !== "info").map((n) => n.message));
    expect(warnings).toEqual([]);
    await page.close();
  });
});
