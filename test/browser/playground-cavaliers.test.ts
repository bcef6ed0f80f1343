/** The playground in Chromium, The Queen's Cavaliers: its rounds played by clicks and drags as the GM, Ada and Bob (helpers in support/playground.ts). */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browserAvailable, screenshot } from "./support/index.js";
import { SETTLED, answerPrompt, copyReplays, tokenAtRest, menuEntries, styleOrClosed, reveal, undoByMenu, windowIds, areaCentre, cardOf, clickThrough, dragOnScene, lastCard, lastCardId, look, newestPrompt, noteCount, notesSince, openPlayground, openSheet, playAs, playCardThrough, playSheetActions, row, seedDice, settle, standing, undoRestores, usePlayground, openRound, rollAllAndBegin, type Player } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the playground in Chromium: The Queen's Cavaliers", () => {
  usePlayground();

  /** Ada attacks from her open sheet until a card `lands` (at most `tries` attacks), each card played through by whoever it waits on: its id ("" if none did) and who did what. */
  async function attackUntil(page: Page, sheet: Locator, tries: number, lands: (card: Locator) => Promise<boolean>): Promise<{ id: string; log: string[] }> {
    const log: string[] = [];
    for (let attempt = 0; attempt < tries; attempt += 1) {
      await playAs(page, "Ada (player)");
      expect(await clickThrough(page, sheet.locator("[data-action='attack']"))).toBe(true);
      const id = await lastCardId(page);
      log.push(...(await playCardThrough(page, new Set())));
      if (await lands(cardOf(page, id))) return { id, log };
    }
    return { id: "", log };
  }

  it("drags tokens in The Queen's Cavaliers' inn yard: a Move and a Run into another Area, and an Interpose from the next Area", async () => {
    const page = await openPlayground("cavaliers");
    await seedDice(page, 2);
    await rollAllAndBegin(page);
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
    await rollAllAndBegin(page);
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
    // Won or lost against Moderate: on a win she buys Style Points with her SP (she has taken no Yield, so Reduce Yield Taken is not offered).
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

  it("rolls The Queen's Cavaliers' Advantage and Assist dice by clicks: Ada's attack dialog refuses combined actions past Drop 4 and a bad Assist, then rolls with her Advantage die and 1d8 + 1d6; the die steps down; on the GM's attack she ticks it again beside her defence", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    // Ada gives Ines a d8 Advantage die on her sheet.
    await playAs(page, "Ada (player)");
    const sheet = await openSheet(page, "Ines");
    const advantage = () => sheet.locator("select[name='system.advantage']");
    await reveal(sheet, advantage());
    await advantage().selectOption("8");
    await settle(page);
    await expect.poll(() => advantage().inputValue()).toBe("8");
    // Her attack on the Hired Bravo: a helper's "2d7" is refused with the reason, and nothing rolls.
    await page.locator(`#pg-scene [aria-label="Target Hired Bravo"]`).click();
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    const before = new Set(await windowIds(page));
    await sheet.locator("[data-action='attack']").click();
    await settle(page);
    const dialog = page.locator(`[id="${(await windowIds(page)).filter((id) => !before.has(id)).at(-1)}"]`);
    expect(await dialog.innerText()).toContain("Use the Advantage die (d8; it steps down)");
    // Combined actions past Drop 4 (Draw weapon 1 and Reload musket 3, then Stand up 1) are refused, and the roll button with them; taken back, it rolls.
    await dialog.locator("details.fray-fold summary").first().click();
    for (const action of ["draw-weapon", "reload-musket", "stand-up"]) await dialog.locator(`input[name='combined.${action}']`).check();
    await settle(page);
    await expect.poll(() => dialog.innerText()).toContain("Combined actions come to Drop 5; at most Drop 4 may be taken.");
    expect(await dialog.locator("button[type='submit']").last().isDisabled()).toBe(true);
    for (const action of ["draw-weapon", "reload-musket", "stand-up"]) await dialog.locator(`input[name='combined.${action}']`).uncheck();
    await settle(page);
    await expect.poll(() => dialog.innerText()).not.toContain("at most Drop 4");
    await dialog.locator("input[name='useAdvantage']").check();
    await dialog.locator("input[name='assists.0']").fill("2d7");
    await dialog.locator("input[name='assists.0']").press("Tab");
    await settle(page);
    await expect.poll(() => dialog.innerText()).toContain('Helper 1\'s Assist "2d7" is not dice like 2d8 or 1d6.');
    expect(await dialog.locator("button[type='submit']").last().isDisabled()).toBe(true);
    // Enter in the field, which rolls a good form, rolls nothing.
    await dialog.locator("input[name='assists.0']").press("Enter");
    await settle(page);
    expect(await cards()).toBe(count);
    // "1d8 + 1d6" is read: the card declares her pool with the Advantage die and both Assist dice.
    await dialog.locator("input[name='assists.0']").fill("1d8 + 1d6");
    await dialog.locator("input[name='assists.0']").press("Tab");
    await settle(page);
    expect(await dialog.innerText()).not.toContain("is not dice");
    await dialog.locator("button[type='submit']").last().click();
    await settle(page);
    await expect.poll(cards).toBe(count + 1);
    const attack = cardOf(page, await lastCardId(page));
    const pool = async (card: typeof attack, name: string) => (await card.innerText()).split("\n")[(await card.innerText()).split("\n").indexOf(name) + 1];
    // Her pool as declared: its d8s, then the Advantage d8 and the helper's d8 and d6 last.
    expect(await pool(attack, "Ines")).toMatch(/^(d8 )+d8 d8 d6$/);
    const log = await playCardThrough(page, new Set(), ["Gamemaster", "Ada (player)"]);
    expect(await attack.getAttribute("data-state"), log.join("\n")).toBe("applied");
    // Rolled, her Advantage die steps down, on the card and on her sheet.
    expect(await attack.innerText()).toContain("Ines: Advantage 8 → 6");
    const stepped = async () => {
      await playAs(page, "Ada (player)");
      const ines = await openSheet(page, "Ines");
      await reveal(ines, ines.locator("select[name='system.advantage']"));
      return ines.locator("select[name='system.advantage']").inputValue();
    };
    expect(await stepped()).toBe("6");

    // The GM's Hired Bravo attacks Ines: beside her defence Ada ticks her Advantage die and types a helper's 1d6.
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Ines"]`).click();
    const bravo = await openSheet(page, "Hired Bravo");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, bravo.locator("[data-action='attack']").first())).toBe(true);
    await bravo.locator("[data-action='close']").click();
    const lunge = cardOf(page, await lastCardId(page));
    await playAs(page, "Ada (player)");
    expect(await lunge.innerText()).toContain("Add the Advantage die (d6): it steps down once rolled");
    await lunge.locator("[data-fray-defence-advantage]").check();
    await lunge.locator("[data-fray-defence-assist]").first().fill("1d6");
    await lunge.locator("[data-fray-action='choose'][data-fray-choice='defence']").first().click();
    await settle(page);
    // Her defence pool: the Advantage d6 and the helper's d6 last.
    expect(await pool(lunge, "Ines · Parry")).toMatch(/^(d8 )+d6 d6$/);
    const rest = await playCardThrough(page, new Set(), ["Ada (player)", "Gamemaster"]);
    expect(await lunge.getAttribute("data-state"), rest.join("\n")).toBe("applied");
    expect(await lunge.innerText()).toContain("Ines: Advantage 6 → 0");
    expect(await stepped()).toBe("0");
    expect(await warnings(), [...log, ...rest].join("\n")).toEqual([]);
    await page.close();
  }, 180_000);

  it("rolls The Queen's Cavaliers' difficulty picker by clicks: Parry as a Flourish (always Easy, its SP buy Style only) that Ada undoes from the card's right-click menu, then as Use a Skill on Hard; her attack on the Hired Bravo offers her no Undo there, and the GM undoes it from the menu", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    await playAs(page, "Ada (player)");
    const sheet = await openSheet(page, "Ines");
    const parry = sheet.locator("li.fray-item-row", { hasText: "Parry" }).locator("[data-action='rollSpecialty']");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    // Flourish: the difficulty is fixed at Easy; what she buys is Style.
    const before = await look(page, ["Ines"]);
    await playAs(page, "Ada (player)");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    let count = await cards();
    expect(
      await clickThrough(page, parry, async (dialog) => {
        await dialog.locator("select[name='kind']").selectOption("flourish");
        await settle(page);
        expect(await dialog.locator("select[name='opposition']").isDisabled()).toBe(true);
        expect(await dialog.innerText()).toContain("A Flourish is always against Easy; its Success Points only buy Style.");
      }),
    ).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const flourishId = await lastCardId(page);
    const flourish = cardOf(page, flourishId);
    // Against Easy's three d6; its purchases are Style alone.
    expect(await flourish.locator("[data-side='opposition']").innerText()).toMatch(/^Easy \(3d6\)\nd6 d6 d6/);
    expect((await flourish.locator("[data-entry]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-entry")))).sort()).toEqual(["gain-style"]);
    const flourishLog = await playCardThrough(page, new Set(), ["Ada (player)", "Gamemaster"]);
    expect(await flourish.innerText()).toContain("Ines: Style 0 → 1");
    expect(await flourish.getAttribute("data-state"), flourishLog.join("\n")).toBe("applied");
    // Her menu copies it as a request the command line resolves to the same outcome.
    await copyReplays(page, flourishId, "Ada (player)");
    await undoRestores(page, flourishId, ["Ines"], before, undoByMenu("Ada (player)"));

    // Use a Skill: Ada picks Hard.
    await playAs(page, "Ada (player)");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    count = await cards();
    expect(
      await clickThrough(page, parry, async (dialog) => {
        await dialog.locator("select[name='kind']").selectOption("skill");
        await dialog.locator("select[name='opposition']").selectOption("hard");
      }),
    ).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const skill = cardOf(page, await lastCardId(page));
    // Against three d10s; won, she buys Style with her SP, lost, the card closes.
    expect(await skill.locator("[data-side='opposition']").innerText()).toMatch(/^Hard \(3d10\)\nd10 d10 d10/);
    await styleOrClosed(page, skill);

    // Ada's attack on the Hired Bravo: hers to roll, the GM's to undo.
    const fighters = ["Ines", "Hired Bravo"];
    const beforeAttack = await look(page, fighters);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Hired Bravo"]`).click();
    const attacker = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    // She attacks until a blow lands (a parried one changes nothing, and has nothing to undo).
    const { id: attack, log: attackLog } = await attackUntil(page, attacker, 4, async (card) => (await card.getAttribute("data-state")) === "applied");
    expect(attack, attackLog.join("\n")).not.toBe("");
    await playAs(page, "Ada (player)");
    expect(await menuEntries(page, attack)).not.toContain("Undo");
    await undoRestores(page, attack, fighters, beforeAttack, undoByMenu("Gamemaster"));
    expect(await warnings(), [...flourishLog, ...attackLog].join("\n")).toEqual([]);
    await page.close();
  }, 180_000);
  it("holds an opponent with The Queen's Cavaliers' Interpose by clicks: Ada holds the Hired Bravo in the yard from Ines's row; his row says so, the GM's attack dialog refuses his combined Move, and his drag to the street slides back; the GM's Alt-drop puts him there", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    await rollAllAndBegin(page);
    // Ada's Interpose on Ines's row offers to hold the bravo, in her Area on the other side; she picks it.
    await playAs(page, "Ada (player)");
    const ip = async () => Number((await row(page, "Ines").innerText()).match(/IP (\d+)/)?.[1]);
    const before = await ip();
    await row(page, "Ines").locator("[data-fray-action='interpose']").click();
    await settle(page);
    await answerPrompt(page, "Interpose", async (prompt) => {
      const hold = prompt.locator("select[name='target'] option", { hasText: "Hold Hired Bravo in the Area" });
      expect(await hold.count(), await prompt.innerText()).toBe(1);
      await prompt.locator("select[name='target']").selectOption({ label: "Hold Hired Bravo in the Area" });
    });
    expect(await ip()).toBeLessThan(before);
    expect(await row(page, "Hired Bravo").innerText()).toContain("held in the Area");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await page.locator("#chat-log").innerText()).toContain("She holds Hired Bravo in the Area: no Move or Run out of it this round.");

    // The GM's attack dialog for the bravo says he may not Move, and will not roll with one.
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Aurore de Vaux"]`).click();
    const bravo = await openSheet(page, "Hired Bravo");
    const windows = new Set(await windowIds(page));
    await bravo.locator("[data-action='attack']").first().click();
    await settle(page);
    const dialog = page.locator(`[id="${(await windowIds(page)).filter((id) => !windows.has(id)).at(-1)}"]`);
    await dialog.locator("details.fray-fold summary").first().click();
    await dialog.locator("input[name='combined.move']").check();
    await settle(page);
    await expect.poll(() => dialog.innerText()).toContain("An Interpose holds her in her Area this round: no Move or Run.");
    expect(await dialog.locator("button[type='submit']").last().isDisabled()).toBe(true);
    await dialog.locator("[data-action='close']").click();
    await bravo.locator("[data-action='close']").click();

    // A drag of the bravo to the street is refused with the reason, and he slides back.
    const at = await standing(page, "Hired Bravo");
    const notes = await noteCount(page);
    await dragOnScene(page, "Hired Bravo", await areaCentre(page, "Street"));
    expect(await standing(page, "Hired Bravo")).toEqual(at);
    expect(await notesSince(page, notes)).toEqual([expect.stringContaining("An Interpose holds Hired Bravo in Yard this round: she cannot Move to Street.")]);
    // The GM's word overrides it: holding Alt, she drops him in the street, not counted and not refused.
    await tokenAtRest(page, "Hired Bravo");
    const placed = await noteCount(page);
    await page.keyboard.down("Alt");
    await dragOnScene(page, "Hired Bravo", await areaCentre(page, "Street"));
    await page.keyboard.up("Alt");
    expect((await standing(page, "Hired Bravo")).area).toBe("Street");
    expect(await notesSince(page, placed)).toEqual([]);
    const seen = await warnings();
    expect(seen.filter((line) => !line.includes("An Interpose holds Hired Bravo in Yard"))).toEqual([]);
    await page.close();
  }, 180_000);
  it("makes The Queen's Cavaliers' hotbar macros by drags: Ada drags Parry's row from Ines's sheet to her hotbar, and the macro rolls it as the dice button does (the difficulty picker, or at once with Shift); the Rest button and the Rapier's row make theirs too; Bob's hotbar stays empty", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    await playAs(page, "Ada (player)");
    const sheet = await openSheet(page, "Ines");
    const slot = (n: number) => page.locator(`#hotbar .slot[data-slot="${n}"]`);
    expect(await page.locator("#hotbar .slot").count()).toBe(10);
    expect(await slot(1).getAttribute("aria-label")).toBe("Empty Slot");
    await sheet.locator("li.fray-item-row", { hasText: "Parry" }).dragTo(slot(1));
    await settle(page);
    await expect.poll(() => slot(1).getAttribute("aria-label")).toBe("Ines: Parry");
    // Dragged again, the same macro is reused.
    await sheet.locator("li.fray-item-row", { hasText: "Parry" }).dragTo(slot(2));
    await settle(page);
    await expect.poll(() => slot(2).getAttribute("aria-label")).toBe("Ines: Parry");
    expect(await page.evaluate(() => (globalThis as unknown as { game: { macros: { size: number } } }).game.macros.size)).toBe(1);
    // The dice button's difficulty picker, and the macro's: the same window.
    await sheet.locator("[data-action='close']").click();
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    let count = await cards();
    expect(await clickThrough(page, slot(1), async (dialog) => expect(await dialog.locator(".window-title").innerText()).toBe("Ines: Parry"))).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    expect(await lastCard(page).innerText()).toContain("Moderate (3d8)");
    await styleOrClosed(page, lastCard(page));
    // With Shift, the macro rolls at once with the picker's defaults.
    count = await cards();
    await playAs(page, "Ada (player)");
    const windows = (await windowIds(page)).length;
    await slot(2).click({ modifiers: ["Shift"] });
    await settle(page);
    await expect.poll(cards).toBe(count + 1);
    expect((await windowIds(page)).length).toBe(windows);
    expect(await lastCard(page).innerText()).toContain("Moderate (3d8)");
    // The sheet's Rest button makes a macro that asks the days, as the button does; the Rapier's row one that opens the attack dialog.
    const again = await openSheet(page, "Ines");
    await again.locator("[data-action='rest']").dragTo(slot(3));
    await settle(page);
    await expect.poll(() => slot(3).getAttribute("aria-label")).toBe("Ines: Rest");
    await reveal(again, again.locator("li.fray-item-row", { hasText: "Rapier" }));
    await again.locator("li.fray-item-row", { hasText: "Rapier" }).dragTo(slot(4));
    await settle(page);
    await expect.poll(() => slot(4).getAttribute("aria-label")).toBe("Ines: Rapier");
    await again.locator("[data-action='close']").click();
    await slot(3).click();
    await settle(page);
    const rested = await noteCount(page);
    await answerPrompt(page, "Rest", (prompt) => prompt.locator("input[name='days']").fill("1"));
    await expect.poll(async () => (await notesSince(page, rested)).join("\n")).toContain("Ines");
    await page.locator(`#pg-scene [aria-label="Target Hired Bravo"]`).click();
    const before = new Set(await windowIds(page));
    await slot(4).click();
    await settle(page);
    const attack = page.locator(`[id="${(await windowIds(page)).filter((w) => !before.has(w)).at(-1)}"]`);
    expect(await attack.locator(".window-title").innerText()).toBe("Ines attacks Hired Bravo");
    expect(await attack.locator("select[name='weapon'] option:checked").innerText()).toBe("Rapier (d8)");
    await attack.locator("[data-action='close']").click();
    // The hotbar is Ada's: Bob's slots are empty.
    await playAs(page, "Bob (player)");
    expect(await page.locator("#hotbar .slot.full").count()).toBe(0);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);
  it("takes The Queen's Cavaliers' NPC out at his Yield Limit by clicks: the GM sets the Hired Bravo one short of it on his sheet, Ada's blow lands, the GM (not Ada) is offered Surrenders and Knocked out and picks Surrenders; Ada's next attack on him is refused with the reason", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    await playAs(page, "Gamemaster");
    const bravo = await openSheet(page, "Hired Bravo");
    const limit = Number((await bravo.locator("[data-derived='yieldLimit'] output").innerText()).trim());
    await bravo.locator("input[name='system.yield.value']").fill(String(limit - 1));
    await bravo.locator("input[name='system.yield.value']").press("Tab");
    await settle(page);
    await bravo.locator("[data-action='close']").click();
    // Ada attacks until a blow lands (a parried one changes nothing).
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Hired Bravo"]`).click();
    const ines = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const { id: landed, log } = await attackUntil(page, ines, 5, async (card) => (await card.innerText()).includes("Hired Bravo: Yield"));
    expect(landed, log.join("\n")).not.toBe("");
    const card = cardOf(page, landed);
    const out = card.locator("[data-fray-action='follow'][data-fray-step='out']");
    await playAs(page, "Ada (player)");
    expect(await out.count()).toBe(0);
    await playAs(page, "Gamemaster");
    expect(await out.allInnerTexts()).toEqual(["Surrenders", "Knocked out"]);
    await out.filter({ hasText: "Surrenders" }).click();
    await settle(page);
    expect(await card.innerText()).toContain("Surrender");
    expect(await out.count()).toBe(0);
    // He takes no part now: Ada's attack on him is refused, with the reason, and no card is posted.
    await playAs(page, "Ada (player)");
    const cards = await page.locator("#chat-log .fray-card").count();
    const notes = await noteCount(page);
    await ines.locator("[data-action='attack']").click();
    await settle(page);
    const dialog = page.locator(`[id="${(await windowIds(page)).at(-1)}"]`);
    await dialog.locator("button[type='submit']").last().click();
    await settle(page);
    const refusal = "warning: Hired Bravo is at her Yield Limit: she has surrendered or is knocked out, and makes no defence.";
    expect(await notesSince(page, notes)).toEqual([refusal]);
    expect(await page.locator("#chat-log .fray-card").count()).toBe(cards);
    expect(await warnings(), log.join("\n")).toEqual([refusal]);
    await page.close();
  }, 180_000);
  it("rolls The Queen's Cavaliers' Feint as a private roll by clicks: Bob never sees the card (only that Ada rolled privately), the GM is offered Parry or Dodge only, and the winner's − takes back a purchase her + made before she applies", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Hired Bravo"]`).click();
    const ines = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(
      await clickThrough(page, ines.locator("[data-action='attack']"), async (dialog) => {
        await dialog.locator("select[name='specialty']").selectOption({ label: "Feint (no specialty ranks)" });
        await dialog.locator("select[name='rollMode']").selectOption({ label: "Private: GM, me and whoever must answer" });
      }),
    ).toBe(true);
    const id = await lastCardId(page);
    const card = cardOf(page, id);
    expect(await card.locator("h3").innerText()).toBe("Feint");
    await playAs(page, "Bob (player)");
    expect(await cardOf(page, id).count()).toBe(0);
    await playAs(page, "Gamemaster");
    const defences = card.locator("[data-fray-action='choose'][data-fray-choice='defence']");
    expect(await defences.allInnerTexts()).toEqual(["Parry", "Dodge"]);
    await defences.first().click();
    await settle(page);
    // The winner buys one of the first thing she may, and takes it back.
    let spender: Player | null = null;
    for (const who of ["Ada (player)", "Gamemaster"] as const) {
      await playAs(page, who);
      if (await card.locator("[data-fray-action='buy']:not([disabled])").count()) spender = who;
      if (spender) break;
    }
    expect(spender, await card.innerText()).not.toBeNull();
    const entry = card.locator("tr[data-entry]", { has: page.locator("[data-fray-action='buy']:not([disabled])") }).first();
    const name = (await entry.getAttribute("data-entry")) as string;
    const row = () => card.locator(`tr[data-entry="${name}"]`);
    await row().locator("[data-fray-action='buy']").click();
    await settle(page);
    expect(await row().locator("[data-count]").innerText()).toBe("1");
    await row().locator("[data-fray-action='unbuy']").click();
    await settle(page);
    expect(await row().locator("[data-count]").innerText()).toBe("0");
    const log = await playCardThrough(page, new Set(), [spender!, "Gamemaster"]);
    expect(SETTLED, log.join("\n")).toContain(await card.getAttribute("data-state"));
    // Rolled, Bob sees only that Ada rolled privately, as Foundry shows another's private roll.
    await playAs(page, "Bob (player)");
    expect(await cardOf(page, id).count()).toBe(0);
    expect(await page.locator(`#chat-log [data-message-id="${id}"]`).innerText()).toContain("Ada rolled privately.");
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 120_000);
  it("earns and makes The Queen's Cavaliers' Riposte by clicks: Ada's Ines wins her Parry against the GM's Lunge and buys Execute a Riposte; her attack dialog then accepts a Riposte, answered by Block or Dodge only; made once, the dialog refuses another", async () => {
    const { page, warnings } = await openRound("cavaliers", 2);
    // Without the right, the dialog refuses a Riposte with a message.
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Hired Bravo"]`).click();
    const ines = await openSheet(page, "Ines");
    const riposteDialog = async () => {
      const before = new Set(await windowIds(page));
      await ines.locator("[data-action='attack']").click();
      await settle(page);
      const dialog = page.locator(`[id="${(await windowIds(page)).filter((w) => !before.has(w)).at(-1)}"]`);
      await dialog.locator("select[name='specialty']").selectOption({ label: "Riposte (no specialty ranks)" });
      await settle(page);
      return dialog;
    };
    let dialog = await riposteDialog();
    expect(await dialog.innerText()).toContain("A Riposte follows a won Parry or Feint that bought it; there is none to make now.");
    await dialog.locator("[data-action='close']").click();
    // The GM's bravo lunges at Ines; Ada parries.
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Ines"]`).click();
    const bravo = await openSheet(page, "Hired Bravo");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    expect(await clickThrough(page, bravo.locator("[data-action='attack']").first())).toBe(true);
    await bravo.locator("[data-action='close']").click();
    const lunge = cardOf(page, await lastCardId(page));
    await playAs(page, "Ada (player)");
    await lunge.locator("[data-fray-action='choose'][data-fray-value='parry']").click();
    await settle(page);
    // She wins it, and buys Negate and Execute a Riposte.
    expect(await lunge.innerText()).toContain("Ines wins.");
    for (const entry of ["negate", "riposte"]) await lunge.locator(`tr[data-entry*="${entry}"] [data-fray-action='buy']`).click();
    await settle(page);
    await lunge.locator("[data-fray-action='spend']").click();
    await settle(page);
    expect(await lunge.getAttribute("data-state")).toBe("applied");
    // Her dialog now takes the Riposte: the GM may answer it by Block or Dodge only.
    await playAs(page, "Ada (player)");
    dialog = await riposteDialog();
    expect(await dialog.innerText()).not.toContain("A Riposte follows a won Parry or Feint that bought it; there is none to make now.");
    await dialog.locator("button[type='submit']").last().click();
    await settle(page);
    const riposte = cardOf(page, await lastCardId(page));
    expect(await riposte.locator("h3").innerText()).toBe("Riposte");
    await playAs(page, "Gamemaster");
    expect(await riposte.locator("[data-fray-action='choose'][data-fray-choice='defence']").allInnerTexts()).toEqual(["Block", "Dodge"]);
    const log = await playCardThrough(page, new Set(), ["Gamemaster", "Ada (player)"]);
    expect(SETTLED, log.join("\n")).toContain(await riposte.getAttribute("data-state"));
    // Made once: the dialog refuses another.
    await playAs(page, "Ada (player)");
    dialog = await riposteDialog();
    expect(await dialog.innerText()).toContain("A Riposte follows a won Parry or Feint that bought it; there is none to make now.");
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 120_000);
});
