/** The playground in Chromium, Unhex: its rounds played by clicks and drags as the GM, Ada and Bob (helpers in support/playground.ts). */
import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { browserAvailable, screenshot } from "./support/index.js";
import { SETTLED, actOnCard, areaCentre, cardOf, clickThrough, dragOnScene, lastCard, lastCardId, look, namePixels, noteCount, notesSince, openPlayground, openSheet, playAs, playCardThrough, playSheetActions, row, seedDice, settle, standing, tokenCentre, undoFromMenu, undoRestores, usePlayground, openRound, menuOffers, type Player } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the playground in Chromium: Unhex", () => {
  usePlayground();

  /** In the Use or manage items dialog: the first item in hand (Bea's rifle) goes to Stowed. */
  const stowFirst = async (dialog: Locator) => {
    const hands = dialog.locator("select[name^='hands.']").first();
    await hands.selectOption((await hands.locator("option", { hasText: "Stowed" }).first().getAttribute("value")) as string);
  };

  it("drags tokens on the Nightclub: names readable, a player only her own token, a refused move slid back, a Move and its Intercept, a shut door, the GM's Alt, the scene panned and zoomed", async () => {
    const page = await openPlayground("unhex");
    await seedDice(page, 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();

    // Every token's name is drawn at least 11 px tall at the default zoom (the whole club in view).
    const sizes = await namePixels(page);
    expect(sizes.length).toBe(4);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(11);

    // Bob may drag Bea but not Mara: a drag of Mara leaves her where she stands.
    await playAs(page, "Bob (player)");
    expect(await page.locator(`#pg-scene [aria-label="Target Bea"]`).getAttribute("class")).toContain("pg-draggable");
    expect(await page.locator(`#pg-scene [aria-label="Target Mara"]`).getAttribute("class")).not.toContain("pg-draggable");
    const maraAt = await standing(page, "Mara");
    expect(maraAt.area).toBe("Bar");
    const drawnAt = await tokenCentre(page, "Mara");
    await dragOnScene(page, "Mara", await areaCentre(page, "Dance floor"));
    expect(await standing(page, "Mara")).toEqual(maraAt);

    // Ada drags Mara two Areas away, to the Entrance: refused before the token goes, with the reason; the drawing slides back.
    await playAs(page, "Ada (player)");
    let notes = await noteCount(page);
    await dragOnScene(page, "Mara", await areaCentre(page, "Entrance"));
    expect(await standing(page, "Mara")).toEqual(maraAt);
    expect((await notesSince(page, notes)).join("\n")).toMatch(/warning: .*Mara.*Bar.*Entrance/);
    await expect.poll(async () => Math.round((await tokenCentre(page, "Mara")).y)).toBe(Math.round(drawnAt.y));

    // Into the next Area, the Dance floor: the GM's client posts the move card, her action spent, an Intercept offered.
    const cards = () => page.locator("#chat-log .fray-card").count();
    const before = await cards();
    await dragOnScene(page, "Mara", await areaCentre(page, "Dance floor"));
    expect((await standing(page, "Mara")).area).toBe("Dance floor");
    await expect.poll(cards).toBe(before + 1);
    const move = lastCard(page);
    expect(await move.innerText()).toContain("Mara moves from Bar to Dance floor");
    // The Bouncer intercepts, on the GM's screen: his attack is a card of its own, played to its end.
    await playAs(page, "Gamemaster");
    const intercept = move.locator(".fray-unhex-intercept", { hasText: "Bouncer" }).locator("[data-fray-action='intercept']").first();
    await clickThrough(page, intercept);
    await expect.poll(cards).toBe(before + 2);
    const log = await playCardThrough(page, new Set<string>());
    expect(SETTLED, `${log.join("\n")}\n${await lastCard(page).innerText()}`).toContain(await lastCard(page).getAttribute("data-state"));
    expect(await lastCard(page).innerText()).toContain("Bouncer");

    // Bea at the Entrance: the line to the Alley is a shut door, so Bob's drag is refused; her sheet's door button opens it.
    await playAs(page, "Bob (player)");
    const beaAt = await standing(page, "Bea");
    notes = await noteCount(page);
    await dragOnScene(page, "Bea", await areaCentre(page, "Alley"));
    expect(await standing(page, "Bea")).toEqual(beaAt);
    expect((await notesSince(page, notes)).join("\n")).toMatch(/warning: .*Bea/);
    const sheet = await openSheet(page, "Bea");
    const door = sheet.locator("[data-action='unhexDoor']");
    expect(await door.count()).toBe(1);
    await clickThrough(page, door);
    await expect.poll(async () => lastCard(page).innerText()).toContain("Bea opens the door between Entrance and Alley");
    await sheet.locator("[data-action='close']").click();
    // Her action went on the door: the GM holds Alt as she drops Bea in the Alley, her word, charged to nobody.
    await playAs(page, "Gamemaster");
    const cardsBefore = await cards();
    await page.keyboard.down("Alt");
    await dragOnScene(page, "Bea", await areaCentre(page, "Alley"));
    await page.keyboard.up("Alt");
    expect((await standing(page, "Bea")).area).toBe("Alley");
    expect(await cards()).toBe(cardsBefore);

    // The scene zooms about the pointer with the wheel, and pans when the empty ground is dragged.
    const svg = (await page.locator("#pg-scene svg").boundingBox())!;
    const middle = { x: svg.x + svg.width / 2, y: svg.y + svg.height / 2 };
    const sizeBefore = (await namePixels(page))[0]!;
    const bodyWidth = async () => (await page.locator(`#pg-scene [aria-label="Target Bouncer"] .pg-body`).boundingBox())!.width;
    const widthBefore = await bodyWidth();
    await page.mouse.move(middle.x, middle.y);
    for (let notch = 0; notch < 6; notch += 1) await page.mouse.wheel(0, -100);
    await expect.poll(bodyWidth).toBeGreaterThan(widthBefore * 2.5);
    expect((await namePixels(page))[0]).toBeGreaterThan(sizeBefore);
    const bouncer = await tokenCentre(page, "Bouncer");
    const ground = { x: svg.x + 6, y: svg.y + 6 };
    await page.mouse.move(ground.x, ground.y);
    await page.mouse.down();
    await page.mouse.move(ground.x + 60, ground.y + 40, { steps: 5 });
    await page.mouse.up();
    const panned = await tokenCentre(page, "Bouncer");
    expect(Math.round(panned.x - bouncer.x)).toBe(60);
    expect(Math.round(panned.y - bouncer.y)).toBe(40);
    await screenshot(page, "playground-unhex-moves");
    await page.close();
  }, 180_000);

  it("plays Unhex's sheet buttons by clicks, as Bob: a check, an opposed roll against the Catwalk Sniper, and Use or manage items (the rifle stowed)", async () => {
    const { page, warnings } = await openRound("unhex", 3);
    await playAs(page, "Bob (player)");
    await page.locator(`#pg-scene [aria-label="Target Catwalk Sniper"]`).click();
    const sheet = await openSheet(page, "Bea");
    // Use or manage items: she stows the rifle she holds.
    const stow = async (dialog: Locator, action: string) => {
      if (action === "unhexItems") await stowFirst(dialog);
    };
    const log = await playSheetActions(page, sheet, "Bob (player)", ["unhexCheck", "unhexOpposed", "unhexItems"], { fill: stow, players: ["Bob (player)", "Gamemaster"] });
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays a round of Unhex by clicks: the GM's Team button, Bea's wound boxes, her door opened (the button follows) and undone by the GM, the initiative card from Mara's row, Use action, the fight ended on an objective", async () => {
    const { page, warnings } = await openRound("unhex", 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);

    // The GM's Team button moves the Catwalk Sniper to the next team each click, round the four and back.
    const team = () => row(page, "Catwalk Sniper").locator(".fray-fact").first().innerText();
    expect(await team()).toBe("Hostile team");
    for (const next of ["Neutral team", "Secret team", "Friendly team", "Hostile team"]) {
      await row(page, "Catwalk Sniper").locator("[data-fray-action='team']").click();
      await settle(page);
      expect(await team()).toBe(next);
    }
    await playAs(page, "Bob (player)");
    expect(await row(page, "Bea").locator("[data-fray-action='team']").count()).toBe(0);

    // Bob marks two boxes of Bea's torso with one click, and clears them one by one.
    const sheet = await openSheet(page, "Bea");
    const box = (n: number) => sheet.locator("[data-action='markBox'][data-location='torso']").nth(n);
    expect(await box(0).getAttribute("aria-pressed")).toBe("false");
    await box(1).click();
    await settle(page);
    await expect.poll(() => box(1).getAttribute("aria-pressed")).toBe("true");
    expect(await box(0).getAttribute("aria-pressed")).toBe("true");
    await box(1).click();
    await settle(page);
    await expect.poll(() => box(1).getAttribute("aria-pressed")).toBe("false");
    expect(await box(0).getAttribute("aria-pressed")).toBe("true");
    await box(0).click();
    await settle(page);
    await expect.poll(() => box(0).getAttribute("aria-pressed")).toBe("false");

    // Bea opens the door to the Alley with her action: the open sheet's button says shut at once, her row's action is spent.
    const fighters = ["Bea"];
    const before = await look(page, fighters);
    await playAs(page, "Bob (player)");
    const door = sheet.locator("[data-action='unhexDoor']");
    expect((await door.innerText()).trim()).toBe("Open the door to Alley");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await door.click();
    await settle(page);
    await expect.poll(async () => lastCard(page).innerText()).toContain("Bea opens the door between Entrance and Alley");
    const opened = await lastCardId(page);
    await expect.poll(async () => (await door.innerText()).trim()).toBe("Shut the door to Alley");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await row(page, "Bea").innerText()).toContain("Action spent");
    // The GM's Undo shuts it again and gives the action back; Bob's sheet follows without being opened again.
    await undoRestores(page, opened, fighters, before);
    await playAs(page, "Bob (player)");
    await expect.poll(async () => (await door.innerText()).trim()).toBe("Open the door to Alley");
    expect(await row(page, "Bea").innerText()).toContain("1 action");

    // Ada clicks the d20 on Mara's row: the round's initiative card, each team's roller on her own screen, the winner's order.
    await playAs(page, "Ada (player)");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    let count = await cards();
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await row(page, "Mara").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await expect.poll(cards).toBe(count + 1);
    const initiative = await lastCardId(page);
    const log = await playCardThrough(page, new Set(), ["Ada (player)", "Bob (player)", "Gamemaster"]);
    expect(SETTLED, log.join("\n")).toContain(await cardOf(page, initiative).getAttribute("data-state"));
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await page.locator("#pg-tracker").innerText()).toMatch(/Friendly team: turn [12]/);

    // Ada uses Mara's action on something no card records.
    await playAs(page, "Ada (player)");
    const use = row(page, "Mara").locator("[data-fray-action='spend']");
    expect(await use.innerText()).toContain("Use action");
    await use.click();
    await settle(page);
    await expect.poll(() => row(page, "Mara").innerText()).toContain("Action spent");

    // The GM's objective is met: the first row's button ends the fight with a card.
    await playAs(page, "Gamemaster");
    count = await cards();
    await page.locator("#pg-tracker li.combatant").first().locator("[data-fray-action='objective']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await expect.poll(cards).toBe(count + 1);
    expect(await lastCard(page).innerText()).toContain("The fight is over: the GM's objective is met.");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await page.locator("#pg-tracker li.combatant").count()).toBe(0);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 240_000);

  it("plays Unhex's Counterattack by clicks: the GM's Bouncer attacks Mara, Ada hits back with her knife; Ada is offered no Undo on the card, the GM undoes it from the card's right-click menu; then Ada Defends against his next", async () => {
    const { page, warnings } = await openRound("unhex", 2);
    const fighters = ["Mara", "Bouncer"];
    const before = await look(page, fighters);
    // The GM targets Mara on the scene and declares the Bouncer's attack from his sheet.
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Mara"]`).click();
    const sheet = await openSheet(page, "Bouncer");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, sheet.locator("[data-action='unhexAttack']"))).toBe(true);
    await sheet.locator("[data-action='close']").click();
    const id = await lastCardId(page);
    // Mara's reaction is Ada's: her Counterattack button says both fighters' odds.
    await playAs(page, "Ada (player)");
    const counter = cardOf(page, id).locator("[data-fray-action='choose'][data-fray-value='counterattack']");
    expect(await counter.innerText()).toMatch(/Bouncer hits \d+%; Mara hits back \d+%/);
    await counter.click();
    await settle(page);
    const log = await playCardThrough(page, new Set(), ["Ada (player)", "Gamemaster"]);
    const text = await cardOf(page, id).innerText();
    expect(SETTLED, `${log.join("\n")}\n${text}`).toContain(await cardOf(page, id).getAttribute("data-state"));
    expect(text).toMatch(/The counterattack (hits|misses)\./);
    // The card changed the Bouncer too: Ada may not undo it, and her menu offers no Undo; the GM's does, and the table is as before.
    expect(await menuOffers(page, "Ada (player)", id)).toEqual(["Copy as request"]);
    await undoFromMenu(page, "Gamemaster", id, () => look(page, fighters), before);

    // Her action back, the Bouncer attacks again and Ada Defends: her button's odds are lower than No reaction's, her roll made as she declares it.
    await playAs(page, "Gamemaster");
    const again = await openSheet(page, "Bouncer");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, again.locator("[data-action='unhexAttack']"))).toBe(true);
    await again.locator("[data-action='close']").click();
    const second = await lastCardId(page);
    await playAs(page, "Ada (player)");
    const odds = async (value: string) => Number((await cardOf(page, second).locator(`[data-fray-action='choose'][data-fray-value='${value}']`).innerText()).match(/Bouncer hits (\d+)%/)?.[1]);
    expect(await odds("defend")).toBeLessThan(await odds("none"));
    await cardOf(page, second).locator("[data-fray-action='choose'][data-fray-value='defend']").click();
    await settle(page);
    const defended = await playCardThrough(page, new Set(), ["Ada (player)", "Gamemaster"]);
    expect(SETTLED, defended.join("\n")).toContain(await cardOf(page, second).getAttribute("data-state"));
    expect(await cardOf(page, second).innerText()).toMatch(/Mara · defend/i);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 180_000);

  it("undoes Bea's stowed rifle from the card's right-click menu as Bob, whose card it is: Ada is offered nothing on it, and the sheet holds the rifle again", async () => {
    const { page, warnings } = await openRound("unhex", 2);
    // What Bea holds is her items', as the GM reads them, beside her data, sheet and row.
    const read = async () => ({ table: await look(page, ["Bea"]), held: await page.evaluate(() => (globalThis as unknown as { game: { actors: { getName(n: string): { items: { contents: { name: string; system: { held?: boolean } }[] } } } } }).game.actors.getName("Bea").items.contents.map((item) => `${item.name}: ${item.system.held}`)) });
    const before = await read();
    expect(before.held).toContain("Rifle: true");
    // Before the fight begins, Bob stows the rifle from Bea's sheet (Use or manage items): no action is spent, the card changed only Bea.
    await playAs(page, "Bob (player)");
    const sheet = await openSheet(page, "Bea");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(
      await clickThrough(page, sheet.locator("[data-action='unhexItems']"), stowFirst),
    ).toBe(true);
    await sheet.locator("[data-action='close']").click();
    const id = await lastCardId(page);
    const log = await playCardThrough(page, new Set(), ["Bob (player)", "Gamemaster"]);
    expect(await cardOf(page, id).getAttribute("data-state"), log.join("\n")).toBe("applied");
    expect(await menuOffers(page, "Ada (player)", id)).toEqual([]);
    expect(await menuOffers(page, "Bob (player)", id)).toEqual(["Copy as request", "Undo"]);
    expect((await read()).held).toContain("Rifle: false");
    await undoFromMenu(page, "Bob (player)", id, read, before);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 120_000);

  it("lets the GM alone act out of turn in Unhex: in the Hostile team's turn her Use or manage items for Bea and Attack target for Mara offer Out of turn (GM ruling), ticked the card records it, Bob's and Ada's dialogs have no such box, and Mara's Move is refused on the map unless the GM holds Alt", async () => {
    const { page, warnings } = await openRound("unhex", 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    // The initiative card from Mara's row: whoever wins lets the Hostile team act first.
    await playAs(page, "Ada (player)");
    await row(page, "Mara").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const initiative = await lastCardId(page);
    const log: string[] = [];
    for (let step = 0; step < 12 && !SETTLED.includes((await cardOf(page, initiative).getAttribute("data-state")) ?? ""); step += 1) {
      let acted = false;
      for (const who of ["Ada (player)", "Bob (player)", "Gamemaster"] as const) {
        await playAs(page, who);
        const hostileFirst = cardOf(page, initiative).locator("[data-fray-action='choose'][data-fray-value='hostile,friendly']:not([disabled])");
        if (await hostileFirst.count()) {
          await hostileFirst.click();
          await settle(page);
          log.push(`${who}: Hostile team first`);
          acted = true;
        } else {
          const done = await actOnCard(page, new Set());
          if (done) log.push(`${who}: ${done}`);
          acted = !!done;
        }
        if (acted) break;
      }
      if (!acted) throw new Error(`No one can act on the card:\n${await cardOf(page, initiative).innerText()}\n${log.join("\n")}`);
    }
    expect(await cardOf(page, initiative).innerText(), log.join("\n")).toContain("team turns: Hostile team → Friendly team");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await page.locator("#pg-tracker").innerText()).toMatch(/Hostile team: turn/);

    // Bob's dialog for Bea (of the Friendly team) has no box: a player never overrides the turn.
    await playAs(page, "Bob (player)");
    let sheet = await openSheet(page, "Bea");
    const windows = () => page.locator("body > .application:not(.pg-elsewhere)");
    await sheet.locator("[data-action='unhexItems']").click();
    await settle(page);
    const dialog = windows().filter({ has: page.locator("select[name^='hands.']") }).last();
    await dialog.waitFor();
    expect(await dialog.locator("[data-fray-out-of-turn]").count()).toBe(0);
    await dialog.locator("[data-action='close']").first().click();
    await sheet.locator("[data-action='close']").click();
    await settle(page);

    // The GM's dialog for Bea says why she may only react now; ticked, the card opens and records the override.
    await playAs(page, "Gamemaster");
    sheet = await openSheet(page, "Bea");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    expect(
      await clickThrough(page, sheet.locator("[data-action='unhexItems']"), async (opened) => {
        const box = opened.locator("[data-fray-out-of-turn]");
        expect(await box.innerText()).toContain("Out of turn (GM ruling)");
        expect(await box.innerText()).toMatch(/It is the Hostile team's turn: Bea of the Friendly team may only react now/);
        await box.locator("input[name='outOfTurn']").check();
        await stowFirst(opened);
      }),
    ).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    await playCardThrough(page, new Set(), ["Bob (player)", "Gamemaster"]);
    expect(await lastCard(page).innerText()).toContain("GM's override: the Friendly team acts in the Hostile team's turn.");
    await sheet.locator("[data-action='close']").click();

    // The Attack target dialog offers the box the same way: on the GM's screen for Mara, not on Ada's (each closed unsent).
    for (const who of ["Gamemaster", "Ada (player)"] as const) {
      await playAs(page, who);
      await page.locator(`#pg-scene [aria-label="Target Bouncer"]`).click();
      const mara = await openSheet(page, "Mara");
      await mara.locator("[data-action='unhexAttack']").click();
      await settle(page);
      const attack = windows().filter({ has: page.locator("select[name='rollMode']") }).last();
      await attack.waitFor();
      const box = attack.locator("[data-fray-out-of-turn]");
      if (who === "Gamemaster") expect(await box.innerText()).toMatch(/Out of turn \(GM ruling\)[\s\S]*It is the Hostile team's turn: Mara of the Friendly team may only react now/);
      else expect(await box.count()).toBe(0);
      await attack.locator("[data-action='close']").first().click();
      await mara.locator("[data-action='close']").click();
      await settle(page);
    }

    // Mara's Move to the Dance floor in the Hostile team's turn: refused on the map for Ada and for the GM, until the GM holds Alt as she drops.
    const maraAt = await standing(page, "Mara");
    const drawnAt = await tokenCentre(page, "Mara");
    const refusals: string[] = [];
    for (const who of ["Ada (player)", "Gamemaster"] as const) {
      await playAs(page, who);
      const notes = await noteCount(page);
      await dragOnScene(page, "Mara", await areaCentre(page, "Dance floor"));
      expect(await standing(page, "Mara"), who).toEqual(maraAt);
      const said = await notesSince(page, notes);
      expect(said.join("\n"), who).toMatch(/warning: .*Hostile team's turn/);
      refusals.push(...said);
      // The drawing slides back before the next drag.
      await expect.poll(async () => Math.round((await tokenCentre(page, "Mara")).y)).toBe(Math.round(drawnAt.y));
    }
    await page.keyboard.down("Alt");
    await dragOnScene(page, "Mara", await areaCentre(page, "Dance floor"));
    await page.keyboard.up("Alt");
    expect((await standing(page, "Mara")).area).toBe("Dance floor");
    // The only warnings of the round are the two refused moves.
    expect(await warnings(), log.join("\n")).toEqual(refusals);
    await page.close();
  }, 180_000);

  it("plays an Unhex fight into its second round and to its end by clicks: the GM's Next Turn through both teams' turns, Roll initiative (round 2) on the Friendly team roller's row, the GM's defeated marks on the Bouncer and the Catwalk Sniper, and End the fight", async () => {
    const { page, warnings } = await openRound("unhex", 2);
    const cards = () => page.locator("#chat-log .fray-card").count();
    const round = async () => Number((await page.locator("#pg-tracker .encounter-title").innerText()).match(/\d+/)?.[0] ?? 0);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    /** `who` clicks `button` on the tracker: the round's initiative card, played to its end by each team's roller and the winner. */
    const initiative = async (who: Player, button: Locator) => {
      await playAs(page, who);
      const count = await cards();
      await button.click();
      await settle(page);
      await page.locator("#pg-tabs [data-tab='chat']").click();
      await expect.poll(cards).toBe(count + 1);
      const log = await playCardThrough(page, new Set(), ["Ada (player)", "Bob (player)", "Gamemaster"]);
      expect(SETTLED, log.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
      await page.locator("#pg-tabs [data-tab='combat']").click();
      return log;
    };
    const log = await initiative("Ada (player)", row(page, "Mara").locator("[data-action='rollInitiative']"));
    expect(await round()).toBe(1);
    // The GM passes the turn team by team until the round is over.
    await playAs(page, "Gamemaster");
    for (let step = 0; step < 8 && (await round()) < 2; step += 1) {
      await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
      await settle(page);
    }
    expect(await round()).toBe(2);
    // Every row keeps last round's place: the Friendly team's roller has the round's roll on her row, the other player not.
    await playAs(page, "Ada (player)");
    const roller = (await row(page, "Mara").locator("[data-fray-action='roundInitiative']").count()) ? "Mara" : "Bea";
    const who: Player = roller === "Mara" ? "Ada (player)" : "Bob (player)";
    await playAs(page, who);
    const roll = row(page, roller).locator("[data-fray-action='roundInitiative']");
    expect((await roll.innerText()).trim()).toBe("Roll initiative (round 2)");
    expect(await row(page, roller === "Mara" ? "Bea" : "Mara").locator("[data-fray-action='roundInitiative']").count()).toBe(0);
    log.push(...(await initiative(who, roll)));
    expect(await lastCard(page).innerText()).toContain("Initiative, round 2");
    expect(await page.locator("#pg-tracker").innerText()).toMatch(/Friendly team: turn [12]/);

    // The GM's word that both foes are out (the tracker's defeated toggle): the first row ends the fight, with a card.
    await playAs(page, "Gamemaster");
    for (const name of ["Bouncer", "Catwalk Sniper"]) {
      await row(page, name).locator("[data-action='toggleDefeated']").click();
      await settle(page);
    }
    const end = page.locator("#pg-tracker li.combatant").first().locator("[data-fray-action='end']");
    expect((await end.innerText()).trim()).toBe("End the fight");
    const count = await cards();
    await end.click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await expect.poll(cards).toBe(count + 1);
    expect(await lastCard(page).innerText()).toContain("The fight is over: the Friendly team is left standing.");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await page.locator("#pg-tracker li.combatant").count()).toBe(0);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays Unhex's Attack target under a blind roll by clicks: Ada declares Mara's knife attack on the Bouncer blind and reads her declaration, then only, under Mara's name, that she rolled blind; the GM sees the dice and makes every choice", async () => {
    const { page, warnings } = await openRound("unhex", 2);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Bouncer"]`).click();
    const sheet = await openSheet(page, "Mara");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, sheet.locator("[data-action='unhexAttack']"), (dialog) => dialog.locator("select[name='rollMode']").selectOption("blindroll").then(() => undefined))).toBe(true);
    await sheet.locator("[data-action='close']").click();
    const id = await lastCardId(page);
    // No die is rolled until the Bouncer's reaction (the GM's): Ada reads her declaration.
    expect(await cardOf(page, id).innerText()).toContain("Bouncer");
    // The reaction is the GM's, and so is every choice of Mara's once the dice are down, unseen by Ada.
    const log = await playCardThrough(page, new Set(), ["Gamemaster"]);
    expect(SETTLED, log.join("\n")).toContain(await cardOf(page, id).getAttribute("data-state"));
    expect(await cardOf(page, id).innerText()).toMatch(/\d+ \/ \d+/);
    // Ada's chat log says only that she rolled blind: none of the card's dice.
    await playAs(page, "Ada (player)");
    const hers = await page.locator(`#chat-log li[data-message-id="${id}"]`).innerText();
    expect(hers).toMatch(/^Mara\nAda rolled blind: only the GM sees the dice./);
    expect(hers).not.toMatch(/\d+ \/ \d+/);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 120_000);

});
