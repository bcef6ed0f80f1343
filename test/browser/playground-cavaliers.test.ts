/** The playground in Chromium, The Queen's Cavaliers: its rounds played by clicks and drags as the GM, Ada and Bob (helpers in support/playground.ts). */
import { describe, expect, it } from "vitest";
import { browserAvailable, screenshot } from "./support/index.js";
import { SETTLED, answerPrompt, areaCentre, cardOf, clickThrough, dragOnScene, lastCard, lastCardId, look, newestPrompt, noteCount, notesSince, openPlayground, openSheet, playAs, playCardThrough, playSheetActions, row, seedDice, settle, standing, undoRestores, usePlayground, openRound } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the playground in Chromium: The Queen's Cavaliers", () => {
  usePlayground();

  it("drags tokens in The Queen's Cavaliers' inn yard: a Move and a Run into another Area, and an Interpose from the next Area", async () => {
    const page = await openPlayground("cavaliers");
    await seedDice(page, 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    for (let i = 0; i < 6 && (await newestPrompt(page).count()); i += 1) await answerPrompt(page, "Roll Initiative");
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    const active = async () => (await page.locator("#pg-tracker li.combatant.active .name").innerText()).trim();
    expect(await active()).toBe("Aurore de Vaux");
    expect((await standing(page, "Aurore de Vaux")).area).toBe("Stable");

    // Out of her turn, Ada's drag of Ines is refused with the reason, and Ines slides back.
    await playAs(page, "Ada (player)");
    let notes = await noteCount(page);
    const inesAt = await standing(page, "Ines");
    await dragOnScene(page, "Ines", await areaCentre(page, "Street"));
    expect(await standing(page, "Ines")).toEqual(inesAt);
    expect((await notesSince(page, notes)).join("\n")).toMatch(/warning: .*Ines/);

    // The GM's Hired Bravo lunges at Ines in the yard; Bob's Aurore, in the stable next to it, interposes.
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Ines"]`).click();
    const bravo = await openSheet(page, "Hired Bravo");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, bravo.locator("[data-action='attack']").first())).toBe(true);
    await bravo.locator("[data-action='close']").click();
    const attack = lastCard(page);
    await playAs(page, "Bob (player)");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await row(page, "Aurore de Vaux").locator("[data-fray-action='interpose']").click();
    await settle(page);
    await answerPrompt(page, "Interpose", async (prompt) => expect(await prompt.innerText()).toContain("Take Hired Bravo's Lunge on Ines (a Move from the next Area"));
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await expect.poll(() => attack.innerText()).toContain("Aurore de Vaux interposed from the next Area");
    // She steps in: Bob drags her into the yard, her Move (a Move says nothing), and defends.
    notes = await noteCount(page);
    await dragOnScene(page, "Aurore de Vaux", await areaCentre(page, "Yard"));
    expect((await standing(page, "Aurore de Vaux")).area).toBe("Yard");
    expect(await notesSince(page, notes)).toEqual([]);
    const log = await playCardThrough(page, new Set(), ["Bob (player)", "Ada (player)", "Gamemaster"]);
    expect(SETTLED, log.join("\n")).toContain(await attack.getAttribute("data-state"));
    expect(await attack.innerText()).toContain("Aurore de Vaux · ");
    await playAs(page, "Bob (player)");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker nav button", { hasText: /^(End Turn|Next Turn)$/ }).first().click();
    await settle(page);
    expect(await active()).toBe("Watch Conscript");
    // The GM's Watch Conscript runs from the taproom to the stable, two Areas: a Run, and a note says so.
    await playAs(page, "Gamemaster");
    notes = await noteCount(page);
    await dragOnScene(page, "Watch Conscript", await areaCentre(page, "Stable"));
    expect((await standing(page, "Watch Conscript")).area).toBe("Stable");
    expect(await notesSince(page, notes)).toEqual(["info: Watch Conscript ran from Taproom to Stable (a Run: two Areas)."]);
    // Ines's turn: Ada drags her from the yard into the street, a Move.
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
    await settle(page);
    expect(await active()).toBe("Ines");
    await playAs(page, "Ada (player)");
    notes = await noteCount(page);
    await dragOnScene(page, "Ines", await areaCentre(page, "Street"));
    expect((await standing(page, "Ines")).area).toBe("Street");
    expect(await notesSince(page, notes)).toEqual([]);
    await screenshot(page, "playground-cavaliers-moves");
    await page.close();
  }, 180_000);

  it("spends The Queen's Cavaliers' Initiative Points from the rows by clicks: Ada's Seize and Focus, Bob's Reprise", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    for (let i = 0; i < 6 && (await newestPrompt(page).count()); i += 1) await answerPrompt(page, "Roll Initiative");
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    const ip = async (name: string) => Number((await row(page, name).innerText()).match(/IP (\d+)/)?.[1]);
    const order = async () => (await page.locator("#pg-tracker li.combatant .name").allInnerTexts()).map((name) => name.trim());
    const press = async (who: "Ada (player)" | "Bob (player)", name: string, action: string) => {
      await playAs(page, who);
      await row(page, name).locator(`[data-fray-action='${action}']`).click();
      await settle(page);
      if (await newestPrompt(page).count()) await answerPrompt(page, /./);
    };
    // Ines acts third: a Seize puts her right after whoever acts now, for this round.
    expect((await order()).indexOf("Ines")).toBe(2);
    let before = await ip("Ines");
    await press("Ada (player)", "Ines", "seize");
    expect(await order()).toEqual(["Aurore de Vaux", "Ines", "Watch Conscript", "Hired Bravo"]);
    expect(await ip("Ines")).toBeLessThan(before);
    // Ada's Focus rolls Ines's Initiative again: the new SP are added to her IP.
    before = await ip("Ines");
    await press("Ada (player)", "Ines", "focus");
    expect(await ip("Ines")).toBeGreaterThanOrEqual(before);
    // Aurore's attack just failed: Bob's Reprise takes its IP (3 for her Impulse).
    before = await ip("Aurore de Vaux");
    await press("Bob (player)", "Aurore de Vaux", "reprise");
    expect(await ip("Aurore de Vaux")).toBe(before - 3);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    // Every buy is announced in chat.
    expect(await page.locator("#chat-log").innerText()).toMatch(/Seize[\s\S]*Reprise/);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays a round of The Queen's Cavaliers by clicks: the initiative prompt's specialty and Surprised box, Competent in and ranks on the sheet, a specialty's roll, an attack the GM undoes, Wounds to Dying and the Survival roll, the fight ended", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    // Ada rolls Ines's Initiative on Timing, surprised; Bob rolls Aurore's as the prompt offers it; the GM rolls the rest.
    await playAs(page, "Ada (player)");
    await row(page, "Ines").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await answerPrompt(page, "Roll Initiative", async (prompt) => {
      await prompt.locator("select[name='specialty']").selectOption("timing");
      await prompt.locator("input[name='surprised']").check();
    });
    expect(await row(page, "Ines").innerText()).toContain("Timing");
    await playAs(page, "Bob (player)");
    await row(page, "Aurore de Vaux").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await answerPrompt(page, "Roll Initiative");
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    for (let i = 0; i < 4 && (await newestPrompt(page).count()); i += 1) await answerPrompt(page, "Roll Initiative");
    for (const name of ["Ines", "Aurore de Vaux", "Hired Bravo", "Watch Conscript"]) expect(await row(page, name).innerText(), name).toMatch(/IP \d/);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);

    // Ines's sheet: a Competent in button pressed and released, Parry's ranks typed, Parry rolled as a skill.
    await playAs(page, "Ada (player)");
    const sheet = await openSheet(page, "Ines");
    const chip = sheet.locator("[data-action='toggleCompetence']").first();
    const skill = (await chip.getAttribute("data-skill")) as string;
    const pressed = await chip.getAttribute("aria-pressed");
    const chipOf = () => sheet.locator(`[data-action='toggleCompetence'][data-skill="${skill}"]`);
    await chipOf().click();
    await settle(page);
    await expect.poll(() => chipOf().getAttribute("aria-pressed")).toBe(pressed === "true" ? "false" : "true");
    await chipOf().click();
    await settle(page);
    await expect.poll(() => chipOf().getAttribute("aria-pressed")).toBe(pressed);
    const ranks = sheet.locator("[data-item-field='system.ranks'][aria-label$='Parry']");
    await ranks.fill("3");
    await ranks.press("Tab");
    await settle(page);
    await expect.poll(() => sheet.locator("[data-item-field='system.ranks'][aria-label$='Parry']").inputValue()).toBe("3");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const rolled: string[] = [];
    const parry = sheet.locator("li.fray-item-row", { hasText: "Parry" }).locator("[data-action='rollSpecialty']");
    const cards = () => page.locator("#chat-log .fray-card").count();
    let count = await cards();
    expect(await clickThrough(page, parry)).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    // Won or lost against Moderate: on a win she buys Style Points with her SP (out of a fight's blows, Reduce Yield has no Yield to reduce).
    const check = lastCard(page);
    if (await check.locator("[data-fray-action='spend']").count()) {
      await check.locator("[data-entry='gain-style'] [data-fray-action='buy']").click();
      await settle(page);
      await check.locator("[data-fray-action='spend']").click();
      await settle(page);
      rolled.push("Ada (player): buy Gain 1 Style Point, Apply");
    }
    expect(SETTLED, `${rolled.join("\n")}\n${await check.innerText()}`).toContain(await check.getAttribute("data-state"));

    // Ada attacks the Hired Bravo; the card is played to its end, and the GM's Undo puts back what its Apply changed.
    const fighters = ["Ines", "Hired Bravo"];
    const before = await look(page, fighters);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Hired Bravo"]`).click();
    const attacker = await openSheet(page, "Ines");
    count = await cards();
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, attacker.locator("[data-action='attack']"))).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const attack = await lastCardId(page);
    const log = await playCardThrough(page, new Set());
    expect(await cardOf(page, attack).getAttribute("data-state"), log.join("\n")).toBe("applied");
    await undoRestores(page, attack, fighters, before);

    // Ada marks Ines's Wounds up to her Wound Limit: she is Dying, and her sheet offers the Survival roll.
    await playAs(page, "Ada (player)");
    const dying = await openSheet(page, "Ines");
    const limit = (await dying.locator("[data-derived='woundLimit'] output").innerText()).trim();
    await dying.locator("input[name='system.wounds.value']").fill(limit);
    await dying.locator("input[name='system.wounds.value']").press("Tab");
    await settle(page);
    await expect.poll(() => dying.locator("[data-action='survival']").count()).toBe(1);
    expect(await dying.locator("[data-action='attack']").count()).toBe(0);
    const survival = await playSheetActions(page, dying, "Ada (player)", ["survival"]);

    // The GM ends the fight: the card says it is over, and the tracker is empty.
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    count = await cards();
    await page.locator("#pg-tracker [data-action='endCombat']").click();
    await settle(page);
    await expect.poll(cards).toBe(count + 1);
    expect(await lastCard(page).innerText()).toContain("The fight is over");
    expect(await page.locator("#pg-tracker li.combatant").count()).toBe(0);
    expect(await warnings(), [...rolled, ...log, ...survival].join("\n")).toEqual([]);
    await page.close();
  }, 240_000);

  it("asks The Queen's Cavaliers' prompts in windows answered by clicks, each on the screen of the user who clicked: a row's own Initiative, Roll all, Interpose, Rest, a delete, and the skip-dialog key", async () => {
    const page = await openPlayground("cavaliers");
    await seedDice(page, 2);
    await page.locator("#pg-tabs [data-tab='combat']").click();

    // Ada rolls Ines's Initiative from her row: the prompt opens on her screen only, and asks the specialty.
    await playAs(page, "Ada (player)");
    await row(page, "Ines").locator("[data-action='rollInitiative']").click();
    await settle(page);
    const asked = newestPrompt(page);
    await asked.waitFor();
    expect(await asked.locator(".window-title").innerText()).toContain("Ines");
    const askedId = (await asked.getAttribute("id")) as string;
    await playAs(page, "Gamemaster");
    expect(await page.locator(`[id="${askedId}"]`).isVisible()).toBe(false);
    await playAs(page, "Ada (player)");
    expect(await page.locator(`[id="${askedId}"]`).isVisible()).toBe(true);
    await answerPrompt(page, "Roll Initiative", (prompt) => prompt.locator("select[name='specialty']").selectOption("vigilance").then(() => undefined));
    expect(await row(page, "Ines").innerText()).toContain("Vigilance");

    // Bob holds the skip-dialog key (Shift) as he clicks Aurore's roll: no prompt, his specialty at once.
    await playAs(page, "Bob (player)");
    await row(page, "Aurore de Vaux").locator("[data-action='rollInitiative']").click({ modifiers: ["Shift"] });
    await settle(page);
    expect(await newestPrompt(page).count()).toBe(0);
    expect(await row(page, "Aurore de Vaux").innerText()).toMatch(/IP \d/);

    // The GM rolls all: one prompt for each foe not yet rolled, answered in turn.
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    const answered = new Set<string>();
    for (let i = 0; i < 4 && (await newestPrompt(page).count()); i += 1) answered.add(await answerPrompt(page, "Roll Initiative"));
    expect(answered.size).toBe(2);
    for (const name of ["Hired Bravo", "Watch Conscript"]) expect(await row(page, name).innerText()).toMatch(/IP \d/);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);

    // Ada spends Initiative Points on an Interpose: its prompt offers whom she may hold.
    await playAs(page, "Ada (player)");
    const ipBefore = (await row(page, "Ines").innerText()).match(/IP (\d+)/)?.[1];
    await row(page, "Ines").locator("[data-fray-action='interpose']").click();
    await settle(page);
    await answerPrompt(page, "Interpose", async (prompt) => {
      expect(await prompt.locator("select[name='target'] option").count()).toBeGreaterThan(0);
    });
    expect((await row(page, "Ines").innerText()).match(/IP (\d+)/)?.[1], `${await row(page, "Ines").innerText()}\n${(await page.evaluate(() => window.harness!.notifications.map((n) => n.message))).join("\n")}`).not.toBe(ipBefore);

    // Ines's sheet: Rest asks the days; deleting an item asks first, and No keeps it.
    const sheet = await openSheet(page, "Ines");
    await sheet.locator("[data-action='rest']").click();
    await settle(page);
    await answerPrompt(page, "Rest", (prompt) => prompt.locator("input[name='days']").fill("2"));
    await expect.poll(() => page.evaluate(() => window.harness!.notifications.map((n) => n.message).join("\n"))).toContain("Ines");
    const items = () => sheet.locator("[data-action='deleteItem']").count();
    const itemsBefore = await items();
    expect(itemsBefore).toBeGreaterThan(0);
    await sheet.locator("[data-action='deleteItem']").first().click();
    await settle(page);
    await answerPrompt(page, "No");
    expect(await items()).toBe(itemsBefore);
    await sheet.locator("[data-action='deleteItem']").first().click();
    await settle(page);
    await answerPrompt(page, "Yes");
    await expect.poll(items).toBe(itemsBefore - 1);
    await page.close();
  }, 180_000);

});
