/**
 * One whole round of Personal Combat from the built bundle in Chromium, with a GM client and two
 * player clients (Ada plays Ines, Bob plays Bruno): Initiative rolled from the tracker (a tie the
 * players settle), a Delay, a turn planned and one refused over the cap, attacks that hit (Undo
 * included), miss and wound, a Fallen Fate chosen on the card by the Wounded character's player, a
 * fate ignored after a fall, and a Rest. Every card state, the sheet, the dialogs and the tracker
 * are photographed for docs/play/personal.md.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browserAvailable, openFray, readCard, screenshot, useFrayBrowser } from "./support/index.js";

type Who = "GM" | "Ada" | "Bob";

describe.skipIf(!browserAvailable())("a round of Personal Combat in Chromium", () => {
  const fray = useFrayBrowser();

  /** The world: the ruleset, two players, four fighters with tokens on a scene, a combat, a chat column. */
  async function setUp(page: Page): Promise<void> {
    await page.evaluate(async () => {
      type Doc = { id: string; uuid: string; name: string; [key: string]: unknown };
      const g = globalThis as unknown as {
        CONFIG: Record<string, { documentClass: { create(d: object): Promise<Doc> } }> & { Dice: { randomUniform: () => number } };
        game: { settings: { set(s: string, k: string, v: unknown): Promise<unknown> }; users: { contents: Doc[] } };
        foundry: { documents: { Scene: { create(d: object): Promise<{ tokens: { contents: Doc[] } }> } } };
      };
      const harness = window.harness!;
      await g.game.settings.set("fray", "ruleset", "personal");
      // Foundry reloads the page for a new ruleset, which fetches its chunk at init; the test switches in place and waits for it.
      await (globalThis as unknown as { CONFIG: { fray: { loadRuleset(id: string): Promise<unknown> } } }).CONFIG.fray.loadRuleset("personal");
      const gm = g.game.users.contents[0]!;
      const ada = harness.createUser({ name: "Ada", role: "PLAYER" });
      const bob = harness.createUser({ name: "Bob", role: "PLAYER" });
      const faces: [number, number][] = [];
      // Foundry draws a face as ceil((1 - randomUniform()) * sides): feed the middle of each face's slice.
      g.CONFIG.Dice.randomUniform = () => {
        const [face, sides] = faces.shift() ?? [1, 20];
        return 1 - (face - 0.5) / sides;
      };
      const weapon = (name: string, attack: string, damage: string, piercing = false) => ({ name, type: "personalWeapon", img: "icons/svg/sword.svg", system: { attack, damage, damageType: "physical", piercing } });
      const armour = (name: string, rating: number) => ({ name, type: "personalArmour", img: "icons/svg/shield.svg", system: { ratings: [{ type: "physical", rating }], worn: true } });
      const Actor = g.CONFIG.Actor!.documentClass;
      const ines = await Actor.create({ name: "Ines", type: "personalCharacter", ownership: { default: 1, [ada.id]: 3 }, system: { resolve: { value: 3, max: 10 }, defense: 11, initiativeRank: 3, stamina: 2, control: 1 }, items: [weapon("Sword", "1d20+1", "1d8"), armour("Leather Armour", 2)] });
      const bruno = await Actor.create({ name: "Bruno", type: "personalCharacter", ownership: { default: 1, [bob.id]: 3 }, system: { resolve: { value: 10, max: 10 }, defense: 10, initiativeRank: 2, stamina: 1, control: 2 }, items: [weapon("Bow", "1d20+1", "1d8", true)] });
      const sergeant = await Actor.create({ name: "Veteran Sergeant", type: "personalNpc", ownership: { default: 1 }, system: { resolve: { value: 12, max: 12 }, defense: 12, initiativeRank: 3, stamina: 2, control: 2, significant: true }, items: [weapon("Sword", "1d20+1", "1d8"), armour("Mail", 3), armour("Shield", 1)] });
      const thug = await Actor.create({ name: "Street Thug", type: "personalNpc", ownership: { default: 1 }, system: { resolve: { value: 6, max: 6 }, defense: 9, initiativeRank: 1, stamina: 1, control: 0, significant: false }, items: [weapon("Club", "1d20", "1d6")] });
      const actors = [ines, bruno, sergeant, thug];
      const scene = await g.foundry.documents.Scene.create({ name: "The Mill Yard", tokens: actors.map((a) => ({ name: a.name, actorId: a.id, actorLink: true })) });
      const combat = (await g.CONFIG.Combat!.documentClass.create({ active: true })) as Doc & { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> };
      await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id, name: a.name })));
      const chat = document.createElement("section");
      chat.id = "chat-column";
      chat.style.cssText = "position: absolute; right: 8px; top: 8px; width: 320px; padding: 8px; background: #f7f3ea;";
      chat.innerHTML = `<ol class="chat-log" style="list-style:none;margin:0;padding:0"></ol>`;
      document.body.append(chat);
      const users: Record<string, Doc> = { GM: gm, Ada: ada as unknown as Doc, Bob: bob as unknown as Doc };
      const byName = (name: string) => actors.find((a) => a.name === name)!;
      const tokenOf = (name: string) => scene.tokens.contents.find((t) => t.name === name)!;
      Object.assign(window, {
        round: {
          faces: (...queued: [number, number][]) => faces.push(...queued),
          as: (who: string) => harness.switchUser(users[who] as never),
          target: (name: string) => {
            const targets = (harness.game.user as unknown as { targets: Set<unknown> }).targets;
            targets.clear();
            targets.add({ id: tokenOf(name).id, name, actor: byName(name), document: tokenOf(name) });
          },
          actor: byName,
          combat,
        },
      });
    });
  }

  const as = (page: Page, who: Who) => page.evaluate((name) => (window as unknown as { round: { as(n: string): void } }).round.as(name), who);
  const faces = (page: Page, ...queued: [number, number][]) => page.evaluate((f) => (window as unknown as { round: { faces(...q: [number, number][]): void } }).round.faces(...f), queued);
  const settle = (page: Page) =>
    page.evaluate(async () => {
      const g = globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } };
      for (let i = 0; i < 3; i += 1) {
        await g.CONFIG.fray.cards.cardsIdle();
        await window.harness!.flush();
      }
    });

  /** The last chat card, rendered as the current user sees it, alone in the chat column. */
  async function lastCard(page: Page): Promise<Locator> {
    await settle(page);
    await page.evaluate(async () => {
      const g = globalThis as unknown as { game: { messages: { contents: { renderHTML(): Promise<HTMLElement> }[] } } };
      const html = await g.game.messages.contents.at(-1)!.renderHTML();
      document.querySelector("#chat-column .chat-log")!.replaceChildren(html);
    });
    return page.locator("#chat-column");
  }

  /** The tracker as the current user sees it. */
  async function tracker(page: Page): Promise<Locator> {
    await settle(page);
    const id = await page.evaluate(async () => {
      const g = globalThis as unknown as { ui: { combat: { render(o: object): Promise<{ element: HTMLElement }> } } };
      const app = await g.ui.combat.render({ force: true });
      app.element.style.cssText += "; width: 340px; position: absolute; left: 8px; top: 8px; background: #f7f3ea;";
      await window.harness!.flush();
      return app.element.id;
    });
    return page.locator(`[id="${id}"]`);
  }

  const row = (track: Locator, name: string) => track.locator("li.combatant").filter({ has: track.page().locator(".name", { hasText: name }) });
  const order = async (track: Locator) => track.locator("li.combatant .name").allInnerTexts();

  /** Opens an actor's sheet as the current user; returns its element. */
  async function sheet(page: Page, name: string): Promise<Locator> {
    const id = await page.evaluate(async (actorName) => {
      const round = (window as unknown as { round: { actor(n: string): { sheet: { render(o: object): Promise<{ element: HTMLElement }> } } } }).round;
      const app = await round.actor(actorName).sheet.render({ force: true });
      app.element.style.cssText += "; position: absolute; left: 360px; top: 8px; width: 560px; background: #f7f3ea;";
      await window.harness!.flush();
      return app.element.id;
    }, name);
    return page.locator(`[id="${id}"]`);
  }

  /** A dialog once it opened, moved beside the sheet (the harness page has no window manager). */
  async function opened(page: Page, cls: string): Promise<Locator> {
    const dialog = page.locator(`.${cls}`);
    await dialog.waitFor();
    await dialog.evaluate((element) => (element.style.cssText += "; position: absolute; left: 930px; top: 8px; z-index: 10; background: #f7f3ea;"));
    return dialog;
  }

  const target = (page: Page, name: string) => page.evaluate((n) => (window as unknown as { round: { target(n: string): void } }).round.target(n), name);

  /** From the attacker's sheet, at the target: the attack dialog's roll with these faces; returns the card. */
  async function attack(page: Page, attacker: string, at: string, dice: [number, number][], button = '[data-action="attack"]', shot?: string): Promise<Locator> {
    await target(page, at);
    const open = await sheet(page, attacker);
    // A weapon's own Attack button is on the Gear tab: the player opens that tab first.
    const tab = await open.locator(button).first().evaluate((element) => element.closest(".tab[data-tab]")?.getAttribute("data-tab") ?? null);
    if (tab) await open.locator(`.fray-tabs [data-tab="${tab}"]`).click();
    await open.locator(button).first().click();
    const dialog = await opened(page, "fray-personal-attack");
    if (shot) await screenshot(dialog, shot);
    await faces(page, ...dice);
    await dialog.locator('button[type="submit"]').click();
    await closeSheets(page);
    return lastCard(page);
  }

  async function closeSheets(page: Page): Promise<void> {
    await page.evaluate(async () => {
      const round = (window as unknown as { round: { actor(n: string): { sheet: { close(): Promise<unknown> } } } }).round;
      for (const name of ["Ines", "Bruno", "Veteran Sergeant", "Street Thug"]) await round.actor(name).sheet.close();
      await window.harness!.flush();
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

  it("by keyboard alone: the sheet's Attack, the dialog's weapon and odds, the roll, and Undo on the card", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await openFray(page, fray.server.url);
    await setUp(page);
    await as(page, "Ada");
    await target(page, "Street Thug");
    await sheet(page, "Ines");
    await tabTo(page, '[data-action="attack"]');
    await page.keyboard.press("Enter");
    const dialog = await opened(page, "fray-personal-attack");
    // Sword 1d20+1 against Defense 9: a hit on a natural 8 or more, 13 faces of 20.
    expect(await dialog.locator('dd[data-odds="Hit"]').innerText()).toBe("65%");
    await tabTo(page, ".fray-personal-attack select[name='rollMode']");
    await tabTo(page, ".fray-personal-attack button[type='submit']");
    await faces(page, [15, 20], [5, 8]);
    await page.keyboard.press("Enter");
    await closeSheets(page);
    const card = await lastCard(page);
    expect(await readCard(card)).toContain("Street Thug");
    expect(await card.locator(".fray-card").getAttribute("aria-live")).toBe("polite");
    // Her blow changed the Street Thug, whom she does not own: only the GM may take it back.
    await as(page, "GM");
    await lastCard(page);
    await tabTo(page, "#chat-column [data-fray-action='undo']");
    await page.keyboard.press("Enter");
    expect(await readCard(await lastCard(page))).toContain("Undone");
    const resolve = await page.evaluate(() => (window as unknown as { round: { actor(n: string): { system: { resolve: { value: number } } } } }).round.actor("Street Thug").system.resolve.value);
    expect(resolve).toBe(6);
    await page.close();
  });

  it("plays a round: initiative, a tie, Delay, a planned turn, attacks, a Fallen Fate, a fall and a Rest", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await openFray(page, fray.server.url);
    await setUp(page);

    // Initiative: each player rolls for her own PC from the tracker; the GM rolls for the NPCs (no dice).
    await as(page, "Ada");
    await faces(page, [4, 6]);
    await row(await tracker(page), "Ines").locator('[data-action="rollInitiative"]').click();
    await as(page, "Bob");
    let track = await tracker(page);
    expect(await row(track, "Ines").locator('[data-action="rollInitiative"]').count()).toBe(0);
    await faces(page, [5, 6]);
    await row(track, "Bruno").locator('[data-action="rollInitiative"]').click();
    await as(page, "GM");
    await (await tracker(page)).locator('[data-action="rollAll"]').click();
    track = await tracker(page);
    expect(await order(track)).toEqual(["Ines", "Bruno", "Veteran Sergeant", "Street Thug"]);
    const initiative = await lastCard(page);
    expect(await readCard(initiative)).toContain("Veteran Sergeant: Initiative rank 3 + 3 = 6, without a roll.");
    await screenshot(initiative, "personal-card-initiative");

    // Ines and Bruno tie on 7: Bob puts Bruno first.
    await as(page, "Bob");
    track = await tracker(page);
    await row(track, "Bruno").locator('[data-fray-action="goBefore"]').click();
    track = await tracker(page);
    expect(await order(track)).toEqual(["Bruno", "Ines", "Veteran Sergeant", "Street Thug"]);
    expect(await track.innerText()).toContain("Initiative 7 (die 5 + rank 2)");
    await screenshot(track, "personal-tracker-initiative");

    // The round begins with Bruno, who Delays until after the Sergeant.
    await as(page, "GM");
    await (await tracker(page)).locator('[data-action="startCombat"]').click();
    await as(page, "Bob");
    await page.evaluate(() => {
      const combat = (window as unknown as { round: { combat: { combatants: { contents: { id: string; name: string }[] } } } }).round.combat;
      const sergeant = combat.combatants.contents.find((c) => c.name === "Veteran Sergeant")!;
      window.harness!.onDialog((dialog) => dialog.answer("ok", { after: sergeant.id }));
    });
    await row(await tracker(page), "Bruno").locator('[data-fray-action="delay"]').click();
    track = await tracker(page);
    expect(await order(track)).toEqual(["Ines", "Veteran Sergeant", "Bruno", "Street Thug"]);
    const delayed = await lastCard(page);
    expect(await readCard(delayed)).toContain("Bruno waits: she acts just after Veteran Sergeant from now on.");
    await screenshot(delayed, "personal-card-delay");

    // Ines's turn: Ada plans it from her row; a second free action is over the cap and refused.
    await as(page, "Ada");
    track = await tracker(page);
    expect(await row(track, "Ines").locator("[data-fray-action]").evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.frayAction))).toEqual(["planTurn", "delay"]);
    await row(track, "Ines").locator('[data-fray-action="planTurn"]').click();
    const planner = await opened(page, "fray-personal-turn");
    await planner.locator('select[name="from"]').selectOption("Near");
    await planner.locator('select[name="to"]').selectOption("Engaged");
    await planner.locator('select[name="action"]').selectOption("Attack");
    await planner.locator('input[name="free.0"]').fill("Draw dagger");
    await planner.locator('input[name="free.0"]').press("Tab");
    await planner.locator('input[name="free.1"]').fill("Shout a warning");
    await planner.locator('input[name="free.1"]').press("Tab");
    await settle(page);
    expect(await planner.locator(".fray-problems").innerText()).toContain("3 actions, free ones included, is over the cap of 2.");
    expect(await planner.locator('button[type="submit"]').isDisabled()).toBe(true);
    await screenshot(planner, "personal-turn-planner-refused");
    await planner.locator('input[name="free.1"]').fill("");
    await planner.locator('input[name="free.1"]').press("Tab");
    await settle(page);
    expect(await planner.locator("[data-count]").innerText()).toBe("2 of 2 actions, free ones included");
    await planner.locator('button[type="submit"]').click();
    const turn = await lastCard(page);
    expect(await readCard(turn)).toContain("Move: Near → Engaged");
    await screenshot(turn, "personal-card-turn");

    // Her attack: first at the wrong token (the card is applied, then Undone), then at the Sergeant.
    await screenshot(await sheet(page, "Ines"), "personal-sheet");
    let card = await attack(page, "Ines", "Street Thug", [[12, 20], [5, 8]]);
    expect(await card.locator(".fray-card").getAttribute("data-state")).toBe("applied");
    // The card changed the Street Thug, whom Ada does not own: the GM takes it back.
    await as(page, "GM");
    card = await lastCard(page);
    await card.locator('[data-fray-action="undo"]').click();
    card = await lastCard(page);
    expect(await card.locator(".fray-card").getAttribute("data-state")).toBe("undone");
    await screenshot(card, "personal-card-attack-undone");
    await as(page, "Ada");
    // 19 against Defense 12: by 7, so Mail + Shield 4 halves to 2; 6 − 2 = 4.
    card = await attack(page, "Ines", "Veteran Sergeant", [[18, 20], [6, 8]], '[data-action="attack"]', "personal-attack-dialog");
    const hit = await readCard(card);
    for (const line of ["Attack Roll 19 against Defense 12: a hit, by 7.", "Armor Rating against physical 4, halved to 2", "Damage 6 − Armor Rating 2 = 4.", "Veteran Sergeant: Resolve 12 → 8"]) expect(hit).toContain(line);
    await screenshot(card, "personal-card-attack-applied");

    // The Sergeant's turn: the GM attacks Ines (15 against 11; 5 − Leather 2 = 3: Resolve 3 → 0) and she is Wounded.
    await as(page, "GM");
    await (await tracker(page)).locator('[data-action="nextTurn"]').click();
    card = await attack(page, "Veteran Sergeant", "Ines", [[14, 20], [5, 8]]);
    // Said once, in the change list; no step line beside it repeats it.
    const wounded = await readCard(card);
    expect(wounded).toContain("Ines: Resolve 3 → 0");
    expect(wounded).toContain("Ines is Wounded");
    // The headline tells the outcome first (issue 38 item 1); the steps under it do not say it again.
    const headline = await card.locator(".fray-card-headline").innerText();
    expect(headline).toBe("Hit by 4: 3 damage, Ines is Wounded.");
    expect(wounded.replace(headline, "")).not.toMatch(/Ines's Resolve 3 → 0|Ines is Wounded\./);
    await screenshot(card, "personal-card-attack-wounded");

    // Bruno's turn: Bob shoots at the Thug with his Bow and misses.
    await (await tracker(page)).locator('[data-action="nextTurn"]').click();
    await as(page, "Bob");
    card = await attack(page, "Bruno", "Street Thug", [[3, 20]], '[data-action="attackWith"]');
    expect(await card.locator(".fray-card").getAttribute("data-state")).toBe("closed");
    expect(await readCard(card)).toContain("Attack Roll 4 against Defense 9: a miss.");
    await screenshot(card, "personal-card-attack-miss");

    // The Thug's turn: he hits Wounded Ines; the card waits for Ada's Fallen Fate.
    await as(page, "GM");
    await (await tracker(page)).locator('[data-action="nextTurn"]').click();
    await attack(page, "Street Thug", "Ines", [[15, 20], [4, 6]]); // 15 against 11; 4 − 2 = 2, at most half her 10: she may ignore it
    await as(page, "Bob");
    card = await lastCard(page);
    expect(await card.locator(".fray-card").getAttribute("data-state")).toBe("open");
    expect(await card.locator("[data-fray-action='choose']").count()).toBe(0);
    expect(await readCard(card)).toContain("Waiting for Ines's owner to choose a Fallen Fate");
    await screenshot(card, "personal-card-fate-awaiting-other-player");
    await as(page, "Ada");
    card = await lastCard(page);
    expect(await card.locator("[data-fray-action='choose']").allInnerTexts()).toEqual(["Knocked Out (out of the fight)", "Maimed", "Broken Gear", "Captured (out of the fight)", "Shaken", "Slain (out of the fight)", "Ignore it"]);
    await screenshot(card, "personal-card-fate-awaiting");
    await card.locator("[data-fray-value='Shaken']").click();
    card = await lastCard(page);
    expect(await readCard(card)).toContain("Ines is Shaken");
    // The headline says the outcome first; the steps under it do not repeat the change line.
    const fateLine = await card.locator(".fray-card-headline").innerText();
    expect(fateLine).toMatch(/^Hit by \d+: \d+ damage, Ines takes the Fallen Fate Shaken\.$/);
    expect((await readCard(card)).replace(fateLine, "")).not.toContain("Ines takes the Fallen Fate Shaken.");
    await screenshot(card, "personal-card-fate-taken");

    // The end of the round: Ines slips on the mill steps (3 damage while Wounded); she ignores the fate.
    await as(page, "GM");
    await page.evaluate(() => window.harness!.onDialog((d) => d.answer("ok", { damage: "3" })));
    await (await sheet(page, "Ines")).locator('[data-action="fallenFate"]').click();
    await closeSheets(page);
    await as(page, "Ada");
    card = await lastCard(page);
    await card.locator("[data-fray-value='ignore']").click();
    card = await lastCard(page);
    expect(await readCard(card)).toContain("Ines ignores the Fallen Fate (1 ignores left until she Rests).");
    await screenshot(card, "personal-card-fate-ignored");

    // The round's tracker, with Ines's statuses on her row.
    track = await tracker(page);
    expect(await row(track, "Ines").locator("img.token-effect").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))).toEqual(["Wounded", "Shaken"]);
    await screenshot(track, "personal-tracker-round");

    // After the fight: Ines Rests and her ignores come back.
    let ines = await sheet(page, "Ines");
    expect(await ines.locator('[data-derived="ignoresLeft"]').innerText()).toContain("1 of 2");
    await ines.locator('[data-action="rest"]').click();
    card = await lastCard(page);
    expect(await readCard(card)).toContain("Ines Rests: her Fallen Fate ignores come back to 2");
    await screenshot(card, "personal-card-rest");
    await closeSheets(page);
    ines = await sheet(page, "Ines");
    expect(await ines.innerText()).not.toMatch(/FRAY\.|TYPES\./);
    await screenshot(ines, "personal-sheet-after");
    await page.close();
  });
});
