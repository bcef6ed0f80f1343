/** The playground in Chromium, Unhex: its rounds played by clicks and drags as the GM, Ada and Bob (helpers in support/playground.ts). */
import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { browserAvailable, screenshot } from "./support/index.js";
import { SETTLED, areaCentre, cardOf, clickThrough, dragOnScene, lastCard, lastCardId, look, namePixels, noteCount, notesSince, openPlayground, openSheet, playAs, playCardThrough, playSheetActions, row, seedDice, settle, standing, tokenCentre, undoRestores, usePlayground, openRound } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the playground in Chromium: Unhex", () => {
  usePlayground();

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
      if (action !== "unhexItems") return;
      const hands = dialog.locator("select[name^='hands.']").first();
      const stowed = await hands.locator("option", { hasText: "Stowed" }).first().getAttribute("value");
      await hands.selectOption(stowed as string);
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

});
