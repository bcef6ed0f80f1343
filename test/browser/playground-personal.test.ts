/** The playground in Chromium, Personal Combat: its rounds played by clicks and drags as the GM, Ada and Bob (helpers in support/playground.ts). */
import { describe, expect, it } from "vitest";
import { browserAvailable } from "./support/index.js";
import { SETTLED, answerPrompt, lastCard, lastCardId, newestPrompt, openPlayground, openSheet, playAs, playButton, playCardThrough, reveal, row, seedDice, settle, watchWarnings, woundedAndHurt, usePlayground, type Player, openRound, rollAllAndBegin, look, menuOffers, undoFromMenu, copyReplays, menuEntries } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the playground in Chromium: Personal Combat", () => {
  usePlayground();

  it("asks Personal Combat's Delay and Fallen Fate, and Beyond the Torchlight's days of recovery, in windows answered by clicks", async () => {
    const page = await openPlayground("personal");
    await rollAllAndBegin(page);
    // The GM delays whoever acts first until after the last: the prompt lists everyone after her.
    const first = page.locator("#pg-tracker li.combatant.active");
    const mover = await first.locator(".name").innerText();
    await first.locator("[data-fray-action='delay']").click();
    await settle(page);
    await answerPrompt(page, "Delay", async (prompt) => {
      const options = prompt.locator("select[name='after'] option");
      await prompt.locator("select[name='after']").selectOption((await options.last().getAttribute("value")) as string);
    });
    expect(await page.locator("#pg-tracker li.combatant.active .name").innerText()).not.toBe(mover);

    // Ada marks Ines Wounded on her sheet; Fallen Fate asks the damage and opens its card.
    await playAs(page, "Ada (player)");
    await woundedAndHurt(page, await openSheet(page, "Ines"));
    await page.close();

    const torchlight = await openPlayground("torchlight");
    // Recovery waits for the encounter to end (issue 34): the GM ends the page's combat first.
    await playAs(torchlight, "Gamemaster");
    await torchlight.evaluate(async () => {
      const combats = (window as unknown as { game: { combats: { contents: { delete(): Promise<unknown> }[] } } }).game.combats.contents;
      for (const combat of [...combats]) await combat.delete();
    });
    await settle(torchlight);
    await playAs(torchlight, "Ada (player)");
    const elsa = await openSheet(torchlight, "Elsa");
    const torchCards = () => torchlight.locator("#chat-log .fray-card").count();
    await torchlight.locator("#pg-tabs [data-tab='chat']").click();
    await elsa.locator("nav [data-tab='characteristics']").click();
    await elsa.locator("[data-action='torchlightRecover']").click();
    await settle(torchlight);
    await answerPrompt(torchlight, "Roll", (prompt) => prompt.locator("input[name='n']").fill("3"));
    await expect.poll(torchCards).toBe(1);
    // Bob holds the skip-dialog key: Riddic's recovery rolls at once.
    await playAs(torchlight, "Bob (player)");
    const riddic = await openSheet(torchlight, "Riddic");
    await torchlight.locator("#pg-tabs [data-tab='chat']").click();
    await riddic.locator("nav [data-tab='characteristics']").click();
    await riddic.locator("[data-action='torchlightRecover']").click({ modifiers: ["Shift"] });
    await settle(torchlight);
    expect(await newestPrompt(torchlight).count()).toBe(0);
    await expect.poll(torchCards).toBe(2);
    await torchlight.close();
  }, 180_000);
  it("plays a round of Personal Combat by clicks as the GM, Ada and Bob: Initiative from the rows and Roll all, Go before, Plan the turn, a weapon's attack, End Turn, a Delay, the GM's attack, then Damage while Wounded with its Fallen Fate and a Rest", async () => {
    const page = await openPlayground("personal");
    // Under these dice Ines and Bruno tie on 8: the players decide who goes first.
    await seedDice(page, 12);
    const warnings = watchWarnings(page);
    const acting = async () => (await page.locator("#pg-tracker li.combatant.active .name").innerText()).trim();
    const order = async () => (await page.locator("#pg-tracker li.combatant .name").allInnerTexts()).map((name) => name.trim());
    const endTurn = async (who: Player, label: "End Turn" | "Next Turn") => {
      await playAs(page, who);
      await page.locator("#pg-tracker nav button", { hasText: label }).click();
      await settle(page);
    };
    /** `who` targets `foe` on the scene and attacks from `character`'s sheet with `button`; the card is played to its end. */
    const attack = async (who: Player, character: string, foe: string, button: string, answering: readonly Player[]) => {
      await playAs(page, who);
      await page.locator(`#pg-scene [aria-label="Target ${foe}"]`).click();
      const sheet = await openSheet(page, character);
      await reveal(sheet, sheet.locator(`[data-action='${button}']`).first());
      const text = await playButton(page, who, () => sheet.locator(`[data-action='${button}']`).first(), { players: answering });
      await sheet.locator("[data-action='close']").click();
      return text;
    };
    await page.locator("#pg-tabs [data-tab='combat']").click();

    // Initiative: each player rolls her own character's from her row; the GM's Roll all gives the NPCs theirs.
    for (const [who, name] of [["Ada (player)", "Ines"], ["Bob (player)", "Bruno"]] as const) {
      await playAs(page, who);
      await row(page, name).locator("[data-action='rollInitiative']").click();
      await settle(page);
      expect(await row(page, name).innerText()).toMatch(/Initiative 8 \(die \d \+ rank \d\)/);
    }
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    await page.locator("#pg-tracker button", { hasText: "Begin" }).click();
    await settle(page);
    expect(await order()).toEqual(["Ines", "Bruno", "Veteran Sergeant", "Street Thug"]);
    // Bob's Bruno goes before Ines: the turn is his.
    await playAs(page, "Bob (player)");
    await row(page, "Bruno").locator("[data-fray-action='goBefore']").click();
    await settle(page);
    expect(await order()).toEqual(["Bruno", "Ines", "Veteran Sergeant", "Street Thug"]);
    expect(await acting()).toBe("Bruno");

    // Bruno's turn: Bob plans it from the row (an Attack and a free action), shoots the Street Thug with his bow's own button, and ends his turn.
    const plan = await playButton(page, "Bob (player)", () => row(page, "Bruno").locator("[data-fray-action='planTurn']"), {
      fill: async (planner) => {
        await planner.locator("select[name='action']").selectOption("Attack");
        await settle(page);
        await planner.locator("input[name='free.0']").fill("Draw a weapon");
      },
    });
    expect(plan).toContain("Bruno: Action: Attack");
    expect(await attack("Bob (player)", "Bruno", "Street Thug", "attackWith", ["Bob (player)", "Gamemaster"])).toContain("Bruno attacks Street Thug with Bow");
    await endTurn("Bob (player)", "End Turn");
    expect(await acting()).toBe("Ines");

    // Ines's turn: Ada Delays until after the Street Thug; the Veteran Sergeant acts.
    await playAs(page, "Ada (player)");
    await row(page, "Ines").locator("[data-fray-action='delay']").click();
    await settle(page);
    await answerPrompt(page, "Delay", (prompt) => prompt.locator("select[name='after']").selectOption({ label: "Street Thug" }).then(() => undefined));
    expect(await order()).toEqual(["Bruno", "Veteran Sergeant", "Street Thug", "Ines"]);
    expect(await acting()).toBe("Veteran Sergeant");

    // The GM's Sergeant shoots Ines from his sheet, and the GM moves the turn on past the Thug.
    expect(await attack("Gamemaster", "Veteran Sergeant", "Ines", "attack", ["Ada (player)", "Gamemaster"])).toContain("Veteran Sergeant attacks Ines");
    await endTurn("Gamemaster", "Next Turn");
    await endTurn("Gamemaster", "Next Turn");
    expect(await acting()).toBe("Ines");
    // Ines acts last: Ada attacks the Sergeant with Attack the target, and her End Turn ends the round.
    expect(await attack("Ada (player)", "Ines", "Veteran Sergeant", "attack", ["Ada (player)", "Gamemaster"])).toContain("Ines attacks Veteran Sergeant");
    await endTurn("Ada (player)", "End Turn");
    await playAs(page, "Gamemaster");
    expect(await page.locator("#pg-tracker .encounter-title").innerText()).toContain("2");

    // Between rounds: the GM marks Ines Wounded and deals her a fall's damage (Damage while Wounded); Ada chooses her Fallen Fate on the card.
    await woundedAndHurt(page, await openSheet(page, "Ines"));
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const fate = await playCardThrough(page, new Set(), ["Ada (player)", "Gamemaster"]);
    expect(fate[0], fate.join("\n")).toMatch(/^Ada \(player\): choose /);
    expect(SETTLED, fate.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
    // Ada rests Ines from her sheet: the ignores come back.
    await playAs(page, "Ada (player)");
    const hers = await openSheet(page, "Ines");
    expect(await playButton(page, "Ada (player)", () => hers.locator("[data-action='rest']"))).toContain("Ines");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 240_000);

  it("copies a Personal Combat card as a request by a right-click, for Ada and the GM (Bob is offered nothing on the card naming Ines), and the command line replays it", async () => {
    const { page, warnings } = await openRound("personal", 1);
    // The GM's Veteran Sergeant shoots Ines from his sheet: the card names Ines, Ada's.
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Ines"]`).click();
    const sergeant = await openSheet(page, "Veteran Sergeant");
    await reveal(sergeant, sergeant.locator("[data-action='attack']").first());
    expect(await playButton(page, "Gamemaster", () => sergeant.locator("[data-action='attack']").first(), { players: ["Ada (player)", "Gamemaster"] })).toContain("Veteran Sergeant attacks Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const id = await lastCardId(page);
    for (const who of ["Ada (player)", "Gamemaster"] as const) await copyReplays(page, id, who);
    await playAs(page, "Bob (player)");
    expect(await menuEntries(page, id)).toEqual([]);
    // A click elsewhere closes the menu (the GM's, left open).
    await playAs(page, "Gamemaster");
    expect(await menuEntries(page, id)).toContain("Copy as request");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    expect(await page.locator("#context-menu .context-item").count()).toBe(0);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("plans a turn with Gain Momentum by clicks: Ada's plan of a Move, an item swapped, an Attack and two free actions is over the cap of two and cannot be declared, until she ticks Gain Momentum (the cap is three)", async () => {
    const { page, warnings } = await openRound("personal", 12);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    for (const [who, name] of [["Ada (player)", "Ines"], ["Bob (player)", "Bruno"]] as const) {
      await playAs(page, who);
      await row(page, name).locator("[data-action='rollInitiative']").click();
      await settle(page);
    }
    await playAs(page, "Gamemaster");
    await rollAllAndBegin(page);
    expect((await page.locator("#pg-tracker li.combatant.active .name").innerText()).trim()).toBe("Ines");
    const plan = await playButton(page, "Ada (player)", () => row(page, "Ines").locator("[data-fray-action='planTurn']"), {
      fill: async (planner) => {
        // A Move from the first range band to the next, which counts as no action.
        const bands = await planner.locator("select[name='from'] option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
        await planner.locator("select[name='from']").selectOption(bands[0]!);
        await planner.locator("select[name='to']").selectOption(bands[1]!);
        await planner.locator("select[name='action']").selectOption("Attack");
        await settle(page);
        await planner.locator("input[name='free.0']").fill("Draw a weapon");
        await planner.locator("input[name='free.1']").fill("Shout a warning");
        // Swapping the item she holds, once, is no action either.
        await planner.locator("input[name='itemInteraction']").check();
        await planner.locator("input[name='free.1']").press("Tab");
        await settle(page);
        // Three actions against a cap of two: the planner says so and will not declare it.
        const submit = planner.locator("button[type='submit']").last();
        await expect.poll(() => submit.isDisabled()).toBe(true);
        await planner.locator("input[name='gainMomentum']").check();
        await settle(page);
        await expect.poll(() => submit.isEnabled()).toBe(true);
      },
    });
    expect(plan).toContain("3 of 3 actions (2 free), with Gain Momentum.");
    expect(plan).toMatch(/Move: \S.* → \S/);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("undoes Personal Combat cards from the right-click menu: the Sergeant's hit on Ines by the GM (Ada, who took it, is offered no Undo), and Ada's own Rest by Ada (Bob is offered nothing on it)", async () => {
    const { page, warnings } = await openRound("personal", 8);
    const fighters = ["Ines", "Veteran Sergeant"];
    const before = await look(page, fighters);
    await playAs(page, "Gamemaster");
    await page.locator(`#pg-scene [aria-label="Target Ines"]`).click();
    const sergeant = await openSheet(page, "Veteran Sergeant");
    await reveal(sergeant, sergeant.locator("[data-action='attack']").first());
    // Under these dice he hits: the card is applied (a miss closes with nothing to undo).
    expect(await playButton(page, "Gamemaster", () => sergeant.locator("[data-action='attack']").first(), { players: ["Ada (player)", "Gamemaster"] })).toMatch(/Hit by \d+/);
    await sergeant.locator("[data-action='close']").click();
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const hit = await lastCardId(page);
    expect(await menuOffers(page, "Ada (player)", hit)).toEqual(["Copy as request"]);
    expect(await menuOffers(page, "Gamemaster", hit)).toEqual(["Copy as request", "Undo"]);
    await undoFromMenu(page, "Gamemaster", hit, () => look(page, fighters), before);

    // Ines, Wounded, takes a fall's damage and Ada ignores the fate (one ignore spent); her Rest gives it back.
    await playAs(page, "Ada (player)");
    const ines = await openSheet(page, "Ines");
    await woundedAndHurt(page, ines);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await lastCard(page).locator("[data-fray-action='choose']", { hasText: "Ignore it" }).click();
    await settle(page);
    expect(await lastCard(page).getAttribute("data-state")).toBe("applied");
    const spent = await look(page, ["Ines"]);
    await playAs(page, "Ada (player)");
    expect(await playButton(page, "Ada (player)", () => ines.locator("[data-action='rest']"))).toContain("Ines");
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const rest = await lastCardId(page);
    expect(await menuOffers(page, "Bob (player)", rest)).toEqual([]);
    expect(await menuOffers(page, "Ada (player)", rest)).toEqual(["Copy as request", "Undo"]);
    await undoFromMenu(page, "Ada (player)", rest, () => look(page, ["Ines"]), spent);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("clears Personal Combat's Initiative from the tracker's menus by clicks: the GM's Clear Initiative on Ines's row (Ada rolls again), and Reset Initiative from the encounter's menu; a player's right-click offers nothing", async () => {
    const { page, warnings } = await openRound("personal", 12);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    const roll = (name: string) => row(page, name).locator("[data-action='rollInitiative']");
    const menu = page.locator("#context-menu .context-item");
    for (const [who, name] of [["Ada (player)", "Ines"], ["Bob (player)", "Bruno"]] as const) {
      await playAs(page, who);
      await roll(name).click();
      await settle(page);
    }
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
    expect(await row(page, "Ines").innerText()).toMatch(/Initiative 8/);
    // Ada's right-click on her row: Foundry's row menu is the GM's.
    await playAs(page, "Ada (player)");
    expect(await roll("Ines").count()).toBe(0);
    await row(page, "Ines").click({ button: "right" });
    expect(await menu.count()).toBe(0);
    // The GM clears Ines's score from her row's menu: her row has no score, and Ada's d20 is back.
    await playAs(page, "Gamemaster");
    await row(page, "Ines").click({ button: "right" });
    expect((await menu.allInnerTexts()).map((entry) => entry.trim())).toContain("Clear Initiative");
    await menu.filter({ hasText: "Clear Initiative" }).click();
    await settle(page);
    expect(await row(page, "Ines").innerText()).not.toMatch(/Initiative \d/);
    await playAs(page, "Ada (player)");
    await roll("Ines").click();
    await settle(page);
    expect(await row(page, "Ines").innerText()).toMatch(/Initiative \d+ \(die \d \+ rank \d\)/);
    // Reset Initiative, from the encounter's menu: everyone rolls again.
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker .encounter-context-menu").click();
    await menu.filter({ hasText: "Reset Initiative" }).click();
    await settle(page);
    for (const name of ["Ines", "Bruno", "Veteran Sergeant", "Street Thug"]) {
      expect(await row(page, name).innerText(), name).not.toMatch(/Initiative \d/);
      expect(await roll(name).count(), name).toBe(1);
    }
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

});
