/** The playground in Chromium, Drama in History: its rounds played by clicks and drags as the GM, Ada and Bob (helpers in support/playground.ts). */
import { describe, expect, it } from "vitest";
import { browserAvailable } from "./support/index.js";
import { SETTLED, actOnCard, cardOf, clickThrough, lastCard, lastCardId, look, openPlayground, openSheet, playAs, playCardThrough, playSheetActions, reveal, row, rowInitiative, seedDice, settle, undoRestores, watchWarnings, usePlayground, type Player, openRound, rollAllAndBegin, menuEntries, undoByMenu, copyReplays } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the playground in Chromium: Drama in History", () => {
  usePlayground();

  it("plays Drama in History's round buttons by clicks: each owner declares her stance on her row in turn, Ada's ranged shot and her courage test", async () => {
    const { page, warnings } = await openRound("drama", 2);
    await rollAllAndBegin(page);
    // The stances go in rank order: whoever's button is live declares, on her own screen.
    const declared: string[] = [];
    for (let step = 0; step < 12 && declared.length < 4; step += 1) {
      let acted = false;
      for (const who of ["Ada (player)", "Bob (player)", "Gamemaster"] as const) {
        await playAs(page, who);
        const live = page.locator("#pg-tracker li.combatant [data-fray-action='stance']:not([disabled])", { hasText: "Declare stance" }).first();
        if (!(await live.count())) continue;
        const name = (await live.locator("xpath=ancestor::li[contains(@class,'combatant')]").locator(".name").innerText()).trim();
        expect(await clickThrough(page, live), name).toBe(true);
        declared.push(`${who}: ${name}`);
        acted = true;
        break;
      }
      if (!acted) break;
    }
    expect(declared.length, declared.join("\n")).toBe(4);

    // Ada shoots the Fyrd with her crossbow, then tests her courage, each card played to its end.
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    const sheet = await openSheet(page, "Ines");
    const log = await playSheetActions(page, sheet, "Ada (player)", ["rangedShot", "courageTest"]);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays a round of Drama in History by clicks: Ada asks for a Dramatic stance and the GM sets its modifiers on her row, Ada's melee round against the Fyrd, undone by the GM", async () => {
    const { page, warnings } = await openRound("drama", 2);
    await rollAllAndBegin(page);
    // The stances in rank order; when Ines's turn to declare comes, Ada picks Dramatic, which asks the GM for its modifiers.
    const declared: string[] = [];
    let momentum = 0;
    for (let step = 0; step < 12 && declared.length < 4; step += 1) {
      let acted = false;
      for (const who of ["Ada (player)", "Bob (player)", "Gamemaster"] as const) {
        await playAs(page, who);
        const live = page.locator("#pg-tracker li.combatant [data-fray-action='stance']:not([disabled])", { hasText: "Declare stance" }).first();
        if (!(await live.count())) continue;
        const name = (await live.locator("xpath=ancestor::li[contains(@class,'combatant')]").locator(".name").innerText()).trim();
        if (name !== "Ines") {
          expect(await clickThrough(page, live), name).toBe(true);
        } else {
          // Ada's dialog has no fields for the modifiers: it says the GM sets them.
          expect(
            await clickThrough(page, live, async (dialog) => {
              await dialog.locator("input[name='stance'][value='dramatic']").check();
              await settle(page);
              expect(await dialog.locator("input[name^='dramatic.']").count()).toBe(0);
              expect(await dialog.innerText()).toContain("The GM sets a Dramatic stance's modifiers");
            }),
          ).toBe(true);
          expect(await row(page, "Ines").innerText()).toContain("Dramatic");
          // The GM declares it for her with the modifiers: Momentum +2 moves her round-one score by 2.
          await playAs(page, "Gamemaster");
          momentum = await rowInitiative(page, "Ines");
          const change = row(page, "Ines").locator("[data-fray-action='stance']:not([disabled])");
          expect(
            await clickThrough(page, change, async (dialog) => {
              await dialog.locator("input[name='dramatic.momentum']").fill("2");
              await dialog.locator("input[name='dramatic.base']").fill("1");
            }),
          ).toBe(true);
          await expect.poll(() => rowInitiative(page, "Ines")).toBe(momentum + 2);
        }
        declared.push(`${who}: ${name}`);
        acted = true;
        break;
      }
      if (!acted) break;
    }
    expect(declared.length, declared.join("\n")).toBe(4);
    expect(declared, declared.join("\n")).toContain("Ada (player): Ines");

    // Ada engages the Fyrd: the card takes the stances from the tracker, each side builds her pool, it applies; the GM undoes it.
    const fighters = ["Ines", "Fyrd"];
    const before = await look(page, fighters);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    const sheet = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    expect(await clickThrough(page, sheet.locator("[data-action='meleeRound']"))).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const melee = await lastCardId(page);
    const log = await playCardThrough(page, new Set());
    expect(await cardOf(page, melee).getAttribute("data-state"), log.join("\n")).toBe("applied");
    await undoRestores(page, melee, fighters, before);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 240_000);

  it("declares Drama in History's Dramatic stance with the card's own button, asked of the fighter attacked: Ada's for Ines (her dialog has no modifier fields), the GM's for the Fyrd with Momentum +1, each melee round played to its end", async () => {
    const { page, warnings } = await openRound("drama", 2);
    const cards = () => page.locator("#chat-log .fray-card").count();
    /** `who` targets `foe` and opens a melee round from `character`'s sheet (her stance is in her dialog); the fighter attacked declares hers on the card with its Dramatic button, as `declarer`; the card is played to its end. */
    const melee = async (who: Player, character: string, foe: string, declarer: Player) => {
      await playAs(page, who);
      await page.locator(`#pg-scene [aria-label="Target ${foe}"]`).click();
      const sheet = await openSheet(page, character);
      await page.locator("#pg-tabs [data-tab='chat']").click();
      const count = await cards();
      expect(await clickThrough(page, sheet.locator("[data-action='meleeRound']"))).toBe(true);
      await sheet.locator("[data-action='close']").click();
      await expect.poll(cards).toBe(count + 1);
      const id = await lastCardId(page);
      const card = cardOf(page, id);
      const dramatic = card.locator("[data-fray-action='dramatic']:not([disabled])");
      const log: string[] = [];
      // The declarer looks first each time: when the card asks her fighter's stance she presses Dramatic; anything else is played as it comes.
      for (let step = 0; step < 12 && !SETTLED.includes((await card.getAttribute("data-state")) ?? ""); step += 1) {
        let acted: string | null = null;
        for (const player of [declarer, declarer === "Gamemaster" ? who : "Gamemaster"] as const) {
          await playAs(page, player);
          if (player === declarer && !log.includes(`${player}: dramatic`) && (await dramatic.count())) {
            expect(
              await clickThrough(page, dramatic, async (dialog) => {
                // Only the GM sets a Dramatic stance's modifiers.
                expect(await dialog.locator("input[name^='dramatic.']").count(), declarer).toBe(declarer === "Gamemaster" ? 5 : 0);
                if (declarer === "Gamemaster") await dialog.locator("input[name='dramatic.momentum']").fill("1");
              }),
            ).toBe(true);
            acted = "dramatic";
          } else acted = await actOnCard(page, new Set());
          if (acted) {
            log.push(`${player}: ${acted}`);
            break;
          }
        }
        if (!acted) throw new Error(`No one can act on the card:\n${await card.innerText()}\n${log.join("\n")}`);
      }
      expect(log, log.join("\n")).toContain(`${declarer}: dramatic`);
      expect(await card.getAttribute("data-state"), log.join("\n")).toBe("applied");
      // The stance the card recorded for the fighter attacked (its steps, as the command line would print them).
      const steps = await page.evaluate(
        (message) => (globalThis as unknown as { game: { messages: { get(id: string): { system: { toObject(): { outcome: { steps: { rule: string; who: string; stance?: string; dramatic?: Record<string, number> }[] } } } } } } }).game.messages.get(message).system.toObject().outcome.steps,
        id,
      );
      return steps.find((step) => step.rule === "stance" && step.who === foe);
    };
    expect(await melee("Gamemaster", "Man-at-arms", "Ines", "Ada (player)")).toMatchObject({ stance: "dramatic" });
    expect(await melee("Bob (player)", "Berold", "Fyrd", "Gamemaster")).toMatchObject({ stance: "dramatic", dramatic: { momentum: 1 } });
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays Drama in History's Skirmish round by clicks: the GM opens it from the tracker's first row, Ines and Berold both fight the Fyrd, who splits his pool, every result applied together", async () => {
    const { page, warnings } = await openRound("drama", 2);
    await rollAllAndBegin(page);
    // Only the GM is offered it, on the first row.
    await playAs(page, "Ada (player)");
    expect(await page.locator("#pg-tracker [data-fray-action='skirmish']").count()).toBe(0);
    await playAs(page, "Gamemaster");
    const skirmish = page.locator("#pg-tracker li.combatant").first().locator("[data-fray-action='skirmish']");
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    expect(
      await clickThrough(page, skirmish, async (dialog) => {
        for (const pair of await dialog.locator("[data-pair]").all()) {
          const label = await pair.innerText();
          if (label.includes("Fyrd") && /Ines|Berold/.test(label)) await pair.locator("select").selectOption("fight");
        }
      }),
    ).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const id = await lastCardId(page);
    const log = await playCardThrough(page, new Set(), ["Ada (player)", "Bob (player)", "Gamemaster"]);
    expect(await cardOf(page, id).getAttribute("data-state"), log.join("\n")).toBe("applied");
    // Each side built a pool: Ada's Ines, Bob's Berold and the GM's Fyrd.
    for (const who of ["Ada (player)", "Bob (player)", "Gamemaster"]) expect(log.some((line) => line.startsWith(`${who}: pool`)), log.join("\n")).toBe(true);
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays Drama in History's shot the target answers by clicks: the GM marks the Fyrd's first weapon Ranged on its sheet, Ada shoots with The target shoots back, and each shooter's Shoot button opens her own shot", async () => {
    const page = await openPlayground("drama");
    // Under these dice Ada's shot leaves the Fyrd standing, so he shoots back.
    await seedDice(page, 3);
    const warnings = watchWarnings(page);
    // The GM marks the Fyrd's first weapon Ranged on its own sheet, opened from the Fyrd's.
    await playAs(page, "Gamemaster");
    const fyrd = await openSheet(page, "Fyrd");
    const edit = fyrd.locator("[data-action='editItem']").first();
    await reveal(fyrd, edit);
    const weapon = ((await edit.getAttribute("aria-label")) ?? "").replace(/^\S+ /, "");
    await edit.click();
    await settle(page);
    const item = page.locator("body > .application:not(.pg-elsewhere):not(dialog)").filter({ has: page.locator(".window-title", { hasText: weapon }) }).last();
    await item.locator("input[name='system.ranged']").check();
    await settle(page);
    await item.locator("[data-action='close']").click();
    await fyrd.locator("[data-action='close']").click();
    // Ada shoots the Fyrd, who shoots back this round: the card says who shoots first.
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    const ines = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    expect(await clickThrough(page, ines.locator("[data-action='rangedShot']"), (dialog) => dialog.locator("input[name='shootsBack']").check())).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const first = cardOf(page, await lastCardId(page));
    expect(await first.locator("li[data-shooter]").count(), await first.innerText()).toBe(2);
    // Each shooter's owner presses her Shoot button (the order the card gives); her shot is a card of its own, played to its end.
    const shot: string[] = [];
    for (let step = 0; step < 4 && shot.length < 2; step += 1) {
      for (const who of ["Ada (player)", "Gamemaster"] as const) {
        await playAs(page, who);
        const button = first.locator("[data-fray-action='shoot']:not([disabled])").first();
        if (!(await button.count())) continue;
        const before = await cards();
        expect(await clickThrough(page, button)).toBe(true);
        await expect.poll(cards, { message: `${who}: ${(await page.evaluate(() => window.harness!.notifications.map((n) => n.message))).join("\n")}\n${shot.join(",")}` }).toBe(before + 1);
        const log = await playCardThrough(page, new Set(), [who, who === "Gamemaster" ? "Ada (player)" : "Gamemaster"]);
        expect(SETTLED, log.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
        shot.push(who);
        break;
      }
    }
    expect(shot.sort()).toEqual(["Ada (player)", "Gamemaster"]);
    expect(((await first.innerText()).match(/has shot/g) ?? []).length, await first.innerText()).toBe(2);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("spends Drama in History's Drama Point at a Waver by clicks: Ada's courage test from Ines's sheet nets 1, Bob is offered no choice, Ada spends the point and Ines fights on; Ada undoes it from the card's right-click menu (Bob's has no Undo); the GM undoes Ada's shot at the Fyrd from his; under the same dice again she falls", async () => {
    // Under these dice Ines's test of courage nets 1: she wavers.
    const { page, warnings } = await openRound("drama", 14);
    const before = await look(page, ["Ines"]);
    await playAs(page, "Ada (player)");
    const sheet = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const courage = sheet.locator("[data-action='courageTest']").first();
    await reveal(sheet, courage);
    expect(await clickThrough(page, courage)).toBe(true);
    const id = await lastCardId(page);
    const card = cardOf(page, id);
    expect(await card.innerText()).toContain("Your choice");
    expect(await card.innerText()).toContain("Drama Points: 2.");
    // The choice is Ada's: Bob sees neither button.
    await playAs(page, "Bob (player)");
    expect(await card.locator("[data-fray-value='spend'], [data-fray-value='fall']").count()).toBe(0);
    expect(await card.innerText()).toContain("Ines wavers: spend a Drama Point to stay in the fight?");
    await playAs(page, "Ada (player)");
    await card.locator("[data-fray-action='choose'][data-fray-value='spend']").click();
    await settle(page);
    expect(await card.getAttribute("data-state")).toBe("applied");
    expect(await card.innerText()).toContain("Wavers, spends a Drama Point and fights on.");
    const spent = await look(page, ["Ines"]);
    expect(JSON.parse(spent.data)[0]).toMatchObject({ dramaPoints: 1, roundsOut: 0 });
    // Ada's menu copies it as a request the command line resolves to the same outcome.
    await copyReplays(page, id, "Ada (player)");
    // Bob may not undo Ada's test; Ada may, from the menu, and Ines has her point back.
    await playAs(page, "Bob (player)");
    expect(await menuEntries(page, id)).not.toContain("Undo");
    await undoRestores(page, id, ["Ines"], before, undoByMenu("Ada (player)"));
    // Ada's shot at the Fyrd is the GM's to undo (a wound on someone else's fighter): her menu has no Undo, his has.
    const fighters = ["Ines", "Fyrd"];
    const beforeShot = await look(page, fighters);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    const ines = await openSheet(page, "Ines");
    // She shoots until a bolt lands (a miss changes nothing, and has nothing to undo).
    let shot = "";
    const log: string[] = [];
    for (let tries = 0; tries < 4 && !shot; tries += 1) {
      log.push(...(await playSheetActions(page, ines, "Ada (player)", ["rangedShot"])));
      const id = await lastCardId(page);
      if ((await cardOf(page, id).getAttribute("data-state")) === "applied") shot = id;
    }
    expect(shot, log.join("\n")).not.toBe("");
    await playAs(page, "Ada (player)");
    expect(await menuEntries(page, shot)).not.toContain("Undo");
    await undoRestores(page, shot, fighters, beforeShot, undoByMenu("Gamemaster"));
    // The same dice again, and this time she falls: out for rounds, Unconscious, her point kept.
    await seedDice(page, 14);
    await ines.locator("[data-action='close']").click();
    await playAs(page, "Ada (player)");
    const retest = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await reveal(retest, retest.locator("[data-action='courageTest']").first());
    expect(await clickThrough(page, retest.locator("[data-action='courageTest']").first())).toBe(true);
    const again = cardOf(page, await lastCardId(page));
    await again.locator("[data-fray-action='choose'][data-fray-value='fall']").click();
    await settle(page);
    expect(await again.getAttribute("data-state")).toBe("applied");
    const fallen = JSON.parse((await look(page, ["Ines"])).data)[0];
    expect(fallen).toMatchObject({ dramaPoints: 2 });
    expect(fallen.roundsOut).toBeGreaterThan(0);
    expect(await again.innerText()).toContain("Unconscious");
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 180_000);
  it("plays Drama in History's melee round against several opponents by clicks: Ada targets the Fyrd and the Man-at-arms, her dialog offers each to leave unopposed, and one card plays both fights to their end, Ines's pool split between them", async () => {
    const { page, warnings } = await openRound("drama", 2);
    await playAs(page, "Ada (player)");
    await page.locator(`#pg-scene [aria-label="Target Fyrd"]`).click();
    await page.locator(`#pg-scene [aria-label="Target Man-at-arms"]`).click({ modifiers: ["Shift"] });
    expect(await page.locator("#pg-targets").innerText()).toContain("Fyrd, Man-at-arms");
    const sheet = await openSheet(page, "Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const count = await cards();
    expect(
      await clickThrough(page, sheet.locator("[data-action='meleeRound']"), async (dialog) => {
        // One box for each opponent; leaving one unopposed changes the odds shown, and she takes it back.
        expect(await dialog.locator("input[name^='unopposed.']").count()).toBe(2);
        const odds = await dialog.innerText();
        expect(odds).toMatch(/Man-at-arms beats Ines\n\d+%/);
        await dialog.locator("input[name='unopposed.1']").check();
        await settle(page);
        await expect.poll(() => dialog.innerText()).not.toBe(odds);
        await dialog.locator("input[name='unopposed.1']").uncheck();
        await settle(page);
        await expect.poll(() => dialog.innerText()).toBe(odds);
      }),
    ).toBe(true);
    await expect.poll(cards).toBe(count + 1);
    const id = await lastCardId(page);
    const log = await playCardThrough(page, new Set());
    expect(await cardOf(page, id).getAttribute("data-state"), log.join("\n")).toBe("applied");
    // Her own pool built once, split: a fight of hers against each.
    expect(log.filter((line) => line.startsWith("Ada (player): pool"))).toHaveLength(1);
    const text = await cardOf(page, id).innerText();
    expect(text).toContain("Melee round: Ines against 2");
    expect(text).toContain("Ines against Fyrd");
    expect(text).toContain("Ines against Man-at-arms");
    expect(await warnings(), log.join("\n")).toEqual([]);
    await page.close();
  }, 180_000);
});
