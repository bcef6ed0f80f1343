/** The playground in Chromium, Beyond the Torchlight: its rounds played by clicks and drags as the GM, Ada and Bob (helpers in support/playground.ts). */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browserAvailable } from "./support/index.js";
import { SETTLED, answerPrompt, clickThrough, lastCard, openPlayground, openSheet, playAs, playButton, playCardThrough, playSheetActions, row, settle, watchWarnings, usePlayground, openRound, lastCardId, look, menuOffers, undoFromMenu, reveal, type Player } from "./support/playground.js";

describe.skipIf(!browserAvailable())("the playground in Chromium: Beyond the Torchlight", () => {
  usePlayground();

  /** The Combat Grid window on the screen of the user playing now, a chip's cell and a lane's row. */
  const gridOf = (page: Page) => {
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    return { grid, cellOf: (name: string) => grid.locator(".fray-tl-chip", { hasText: name }).locator("xpath=ancestor::td"), lane: (n: number) => grid.locator(`tr.fray-tl-lane[data-lane='${n}']`) };
  };
  /**
   * `who` opens the Combat Grid from `name`'s row and moves her chip to the party's `stance` in `lane`
   * (a lane's number, the lane of another's chip, or else her own), and waits until the grid shows it there.
   */
  async function moveOnGrid(page: Page, who: Player, name: string, stance: string, lane?: string | { of: string }): Promise<void> {
    await playAs(page, who);
    await row(page, name).locator("[data-fray-action='grid']").click();
    await settle(page);
    const { grid, cellOf } = gridOf(page);
    const to = typeof lane === "string" ? lane : ((await cellOf(lane?.of ?? name).getAttribute("data-lane")) as string);
    await grid.locator(".fray-tl-chip", { hasText: name }).click();
    await settle(page);
    await grid.locator(`td[data-action='cell'][data-lane='${to}'][data-stance='${stance}'][data-side='party']`).click();
    await expect.poll(() => cellOf(name).getAttribute("data-lane")).toBe(to);
    await expect.poll(() => cellOf(name).getAttribute("data-stance")).toBe(stance);
  }
  /** A Torchlight round at its start under seed 1: the Combat tab open, every Dex save of initiative rolled. */
  async function savedRound() {
    const { page, warnings } = await openRound("torchlight", 1);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await rollDexSaves(page);
    return { page, warnings, ...gridOf(page) };
  }
  /** Initiative: each player rolls her own character's Dex save from her row, then the GM's Roll all the rest. */
  async function rollDexSaves(page: Page): Promise<void> {
    for (const [who, name] of [["Ada (player)", "Elsa"], ["Bob (player)", "Riddic"]] as const) {
      await playAs(page, who);
      await row(page, name).locator("[data-action='rollInitiative']").click();
      await settle(page);
    }
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker [data-action='rollAll']").click();
    await settle(page);
  }

  /** The GM ends the encounter; Elsa fell in it: Ada marks her Dying, 2 Str lost this encounter, on her sheet (left open on the Characteristics tab). */
  async function endWithElsaFallen(page: Page): Promise<Locator> {
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-tracker nav button", { hasText: "End Encounter" }).click();
    await settle(page);
    expect(await page.locator("#pg-tracker li.combatant").count()).toBe(0);
    await playAs(page, "Ada (player)");
    const elsa = await openSheet(page, "Elsa");
    await elsa.locator("input[name='system.dying']").check();
    await settle(page);
    await elsa.locator("nav [data-tab='characteristics']").click();
    await elsa.locator("input[name='system.encounter.str']").fill("2");
    await elsa.locator("input[name='system.encounter.str']").press("Tab");
    await settle(page);
    return elsa;
  }

  it("moves Elsa on Beyond the Torchlight's Combat Grid by clicks, as Ada: she selects her chip and clicks the next lane's cell", async () => {
    const page = await openPlayground("torchlight");
    const warnings = watchWarnings(page);
    await playAs(page, "Ada (player)");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await page.locator("#pg-combat-extra button", { hasText: "Combat Grid" }).click();
    await settle(page);
    const grid = page.locator("body > .fray-tl-grid-app:not(.pg-elsewhere)");
    const elsa = () => grid.locator(".fray-tl-chip", { hasText: "Elsa" });
    // Riddic's chip is not hers to move; Elsa's is.
    expect(await grid.locator(".fray-tl-chip[data-foreign]", { hasText: "Riddic" }).count()).toBe(1);
    expect(await grid.locator(".fray-tl-chip:not([data-foreign])", { hasText: "Elsa" }).count()).toBe(1);
    await elsa().click();
    await settle(page);
    expect(await grid.locator(".fray-tl-selected").innerText()).toContain("Elsa");
    const cell = elsa().locator("xpath=ancestor::td");
    const [lane, stance, side] = await Promise.all(["data-lane", "data-stance", "data-side"].map((name) => cell.getAttribute(name)));
    const next = Number(lane) === 1 ? 2 : Number(lane) - 1;
    await grid.locator(`td[data-action='cell'][data-lane='${next}'][data-stance='${stance}'][data-side='${side}']`).click();
    await settle(page);
    await expect.poll(async () => elsa().locator("xpath=ancestor::td").getAttribute("data-lane")).toBe(String(next));
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("rolls from the sheet by clicks, as Ada: Beyond the Torchlight's check and save, each card to its end", async () => {
    for (const [ruleset, character, actions] of [["torchlight", "Elsa", ["torchlightCheck", "torchlightSave"]]] as const) {
      const { page, warnings } = await openRound(ruleset, 2);
      await playAs(page, "Ada (player)");
      const sheet = await openSheet(page, character);
      const log = await playSheetActions(page, sheet, "Ada (player)", actions, { dialog: false });
      expect(await warnings(), log.join("\n")).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it("plays a round of Beyond the Torchlight by clicks as the GM, Ada and Bob: Dex saves, the GM's grid tools, Maneuvers, a move, a declared attack the GM rolls, the hold, End Turn, a stance ability, a Retreat and the end of the round", async () => {
    const { page, warnings } = await openRound("torchlight", 1);
    const { grid, lane } = gridOf(page);
    const pick = (name: string, value: string) => async (dialog: Locator) => {
      await dialog.locator(`select[name='${name}']`).selectOption(value);
    };
    await page.locator("#pg-tabs [data-tab='combat']").click();

    // Initiative: each player rolls her own character's Dex save from her row, the GM rolls all the rest.
    await rollDexSaves(page);
    for (const name of ["Elsa", "Riddic", "Bandit Swordsman"]) expect(await row(page, name).innerText()).not.toContain("Waits");
    expect(await row(page, "Bandit Archer").innerText()).toContain("Waits until round 2");

    // The GM's lane tools on the Combat Grid: lane 2 raised and lowered, the foes' Squad named and unnamed.
    await grid.locator("[data-action='lane'][data-lane='2']").click();
    await settle(page);
    const tools = grid.locator(".fray-tl-lane-tools");
    await tools.locator("[data-action='level'][data-step='1']").click();
    await expect.poll(() => lane(2).getAttribute("data-level")).toBe("1");
    expect(await lane(2).innerText()).toContain("level 1");
    await tools.locator("[data-action='level'][data-step='-1']").click();
    await expect.poll(() => lane(2).getAttribute("data-level")).toBe("0");
    await tools.locator("[data-action='squad'][data-side='foes']").click();
    await expect.poll(() => lane(2).innerText()).toContain("Foes' Squad");
    await tools.locator("[data-action='squad'][data-side='foes']").click();
    await expect.poll(() => lane(2).innerText()).not.toContain("Foes' Squad");
    // Place everyone leaves no one off the grid; Post to chat says who may Retreat.
    await grid.locator("[data-action='placeAll']").click();
    await settle(page);
    expect(await grid.locator(".fray-tl-unplaced").count()).toBe(0);
    expect(await playButton(page, "Gamemaster", () => grid.locator("[data-action='engagement']"))).toContain("Bandit Archer is not Engaged. May Retreat.");

    // Bob: Riddic Evades for 1 Breath (his row's Maneuver), moves into the Swordsman's lane on the grid, and declares an attack with a Grapple.
    await playButton(page, "Bob (player)", () => row(page, "Riddic").locator("[data-fray-action='maneuver']"), { fill: pick("maneuver", "evade") });
    expect(await row(page, "Riddic").innerText()).toContain("Evading");
    await moveOnGrid(page, "Bob (player)", "Riddic", "aggressive", "5");
    expect(await clickThrough(page, row(page, "Riddic").locator("[data-fray-action='attack']"), pick("maneuver", "grapple"))).toBe(true);
    expect(await row(page, "Riddic").innerText()).toContain("Declared: attack on Bandit Swordsman");
    // Elsa has not declared: the GM closes the declarations from the grid, and the card plays to its end.
    await playAs(page, "Gamemaster");
    expect(await grid.locator(".fray-tl-declared").innerText()).toContain("Riddic → Bandit Swordsman");
    await grid.locator("[data-action='rollDeclared']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const attack = await playCardThrough(page, new Set(), ["Bob (player)", "Gamemaster"]);
    expect(SETTLED, attack.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
    expect(await lastCard(page).innerText()).toContain("Bandit Swordsman is Grappled");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    // Bob holds the grapple from Riddic's row: a Str save.
    expect(await playButton(page, "Bob (player)", () => row(page, "Riddic").locator("[data-fray-action='hold']"))).toMatch(/Str save \d+ against ST \d+/);
    for (const name of ["Riddic", "Bandit Swordsman"]) expect(await row(page, name).innerText()).not.toContain("cannot be read");

    // Ada: Elsa Distracts the Swordsman for 1 Breath from her sheet, then says she is done with End Turn.
    await playAs(page, "Ada (player)");
    const elsa = await openSheet(page, "Elsa");
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await playButton(page, "Ada (player)", () => elsa.locator("[data-action='torchlightManeuver']"), {
      fill: async (dialog) => {
        await pick("maneuver", "distract")(dialog);
        await settle(page);
        await dialog.locator("select[name='target']").selectOption({ label: "Bandit Swordsman" });
      },
    });
    expect(await row(page, "Bandit Swordsman").innerText()).toContain("Distracted");
    await page.locator("#pg-tracker nav button", { hasText: "End Turn" }).click();
    await settle(page);
    await expect.poll(() => row(page, "Elsa").innerText()).toContain("Declared: done this turn");

    // The GM's turn: the Swordsman's stance ability (Rally) from his row, the Archer's Retreat from his.
    await playAs(page, "Gamemaster");
    await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
    await settle(page);
    expect(await grid.locator(".fray-tl-grid-round").innerText()).toContain("GM");
    expect(await playButton(page, "Gamemaster", () => row(page, "Bandit Swordsman").locator("[data-fray-action='ability']"))).toContain("Rally");
    await playButton(page, "Gamemaster", () => row(page, "Bandit Archer").locator("[data-fray-action='retreat']"));
    expect(await row(page, "Bandit Archer").innerText()).toContain("Retreated");

    // The environment's turn, then the end-of-round card: each owes her saves, rolled by her owner.
    await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
    await settle(page);
    const round = async () => Number((await page.locator("#pg-tracker .encounter-title").innerText()).match(/\d+/)?.[0] ?? 0);
    expect(await round()).toBe(1);
    await playButton(page, "Gamemaster", () => page.locator("#pg-tracker nav button", { hasText: "Next Turn" }), { players: ["Ada (player)", "Bob (player)", "Gamemaster"] });
    expect(await round()).toBe(2);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 240_000);

  it("plays Beyond the Torchlight's stance abilities from the rows by clicks: Bob's Riddic Intimidates from the Aggressive stance, Ada's Elsa prepares a Called Shot from the Rearguard", async () => {
    const { page, warnings } = await savedRound();
    // Bob moves Riddic into the Swordsman's lane, Aggressive, on the grid, and Intimidates from his row.
    await moveOnGrid(page, "Bob (player)", "Riddic", "aggressive", "5");
    expect(await playButton(page, "Bob (player)", () => row(page, "Riddic").locator("[data-fray-action='ability']"), { players: ["Bob (player)", "Gamemaster"] })).toContain("Intimidation");
    // Ada steps Elsa back into the Rearguard of her lane on the grid, and prepares a Called Shot.
    await moveOnGrid(page, "Ada (player)", "Elsa", "rearguard");
    expect(
      await playButton(page, "Ada (player)", () => row(page, "Elsa").locator("[data-fray-action='ability']"), {
        players: ["Ada (player)", "Gamemaster"],
        fill: async (dialog) => {
          await dialog.locator("select[name='target']").selectOption({ label: "Bandit Swordsman" });
        },
      }),
    ).toContain("Called Shot");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays Beyond the Torchlight's Protect Companion from the row by clicks: Bob moves Riddic On Guard into Elsa's lane and protects her", async () => {
    const { page, warnings } = await openRound("torchlight", 1);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    await moveOnGrid(page, "Bob (player)", "Riddic", "on-guard", { of: "Elsa" });
    expect(
      await playButton(page, "Bob (player)", () => row(page, "Riddic").locator("[data-fray-action='ability']"), {
        fill: async (dialog) => {
          await dialog.locator("select[name='target']").selectOption({ label: "Elsa" });
        },
      }),
    ).toContain("Protect Companion");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays Beyond the Torchlight's Precision Strike by clicks under dice that roll their highest face: Bob's Riddic, in the Swordsman's lane, takes a Push instead of the extra die and chooses where to", async () => {
    const page = await openPlayground("torchlight");
    const warnings = watchWarnings(page);
    const { grid } = gridOf(page);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    // Bob moves Riddic into the Swordsman's lane and declares a melee attack on him from his row.
    await moveOnGrid(page, "Bob (player)", "Riddic", "aggressive", "5");
    expect(await clickThrough(page, row(page, "Riddic").locator("[data-fray-action='attack']"))).toBe(true);
    // Every die now shows its highest face (v13 DiceTerm#mapRandomFace: ceil((1 - u) × faces)): the GM rolls the declared attacks.
    await page.evaluate(() => ((globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice.randomUniform = () => 0.000001));
    await playAs(page, "Gamemaster");
    await grid.locator("[data-action='rollDeclared']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await playAs(page, "Bob (player)");
    expect(await lastCard(page).innerText()).toContain("Precision Strike");
    const push = lastCard(page).locator("[data-fray-action='choose'][data-fray-value='push']:not([disabled])");
    expect(await push.count(), await lastCard(page).innerText()).toBe(1);
    await push.click();
    await settle(page);
    // Where to: Bob picks the first way the card offers.
    const direction = lastCard(page).locator("[data-fray-action='choose']:not([disabled])").first();
    const where = (await direction.innerText()).trim();
    await direction.click();
    await settle(page);
    const log = await playCardThrough(page, new Set(), ["Bob (player)", "Gamemaster"]);
    expect(SETTLED, log.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
    expect(await lastCard(page).innerText(), where).toContain("Push");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays Beyond the Torchlight's Retreat and Re-enter the fight by clicks: Ada's Elsa retreats in round 1, her row's Re-enter waits for round 3, where she re-enters", async () => {
    const { page, warnings } = await openRound("torchlight", 1);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    const round = async () => Number((await page.locator("#pg-tracker .encounter-title").innerText()).match(/\d+/)?.[0] ?? 0);
    // Elsa stands in the Rearguard, not Engaged: Ada retreats her from her row.
    await playAs(page, "Ada (player)");
    await row(page, "Elsa").locator("[data-fray-action='grid']").click();
    await settle(page);
    const { grid, cellOf } = gridOf(page);
    const lane = (await cellOf("Elsa").getAttribute("data-lane")) as string;
    await grid.locator(".fray-tl-chip", { hasText: "Elsa" }).click();
    await settle(page);
    await grid.locator(`td[data-action='cell'][data-lane='${lane}'][data-stance='rearguard'][data-side='party']`).click();
    await expect.poll(() => cellOf("Elsa").getAttribute("data-stance")).toBe("rearguard");
    await playButton(page, "Ada (player)", () => row(page, "Elsa").locator("[data-fray-action='retreat']"));
    expect(await row(page, "Elsa").innerText()).toContain("Retreated");
    const rejoin = row(page, "Elsa").locator("[data-fray-action='rejoin']");
    expect(await rejoin.isDisabled()).toBe(true);
    // The GM moves the turns on to round 3, every card on the way played by whoever it waits on.
    const cards = () => page.locator("#chat-log .fray-card").count();
    for (let step = 0; step < 20 && (await round()) < 3; step += 1) {
      await playAs(page, "Gamemaster");
      const before = await cards();
      await page.locator("#pg-tracker nav button", { hasText: "Next Turn" }).click();
      await settle(page);
      if ((await cards()) > before) {
        await page.locator("#pg-tabs [data-tab='chat']").click();
        await playCardThrough(page, new Set(), ["Ada (player)", "Bob (player)", "Gamemaster"]);
        await page.locator("#pg-tabs [data-tab='combat']").click();
      }
    }
    expect(await round()).toBe(3);
    await playAs(page, "Ada (player)");
    expect(await rejoin.isEnabled()).toBe(true);
    await clickThrough(page, rejoin);
    await settle(page);
    await expect.poll(() => row(page, "Elsa").innerText()).not.toContain("Retreated");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("asks Beyond the Torchlight's hours of Dying saves in a window once the GM ends the encounter: Ada's Elsa, fallen, saves on what she lost", async () => {
    const { page, warnings } = await openRound("torchlight", 1);
    const elsa = await endWithElsaFallen(page);
    const dying = elsa.locator("[data-action='torchlightDying']");
    await expect.poll(() => dying.isEnabled()).toBe(true);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    await dying.click();
    await settle(page);
    await answerPrompt(page, "Roll", (prompt) => prompt.locator("input[name='n']").fill("4"));
    await expect.poll(cards).toBe(1);
    const log = await playCardThrough(page, new Set());
    expect(SETTLED, log.join("\n")).toContain(await lastCard(page).getAttribute("data-state"));
    expect(await lastCard(page).innerText()).toMatch(/Str/);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);
  it("undoes Beyond the Torchlight cards from the right-click menu: the Dex saves of initiative are the GM's to undo (Ada, who rolled Elsa's, is offered no Undo), Elsa's hours of Dying saves are Ada's (Bob is offered nothing)", async () => {
    const { page, warnings } = await openRound("torchlight", 1);
    await page.locator("#pg-tabs [data-tab='combat']").click();
    const cards = () => page.locator("#chat-log .fray-card").count();
    const fighters = ["Elsa"];
    const before = await look(page, fighters);
    // Ada rolls Elsa's Dex save from her row: the initiative card.
    await playAs(page, "Ada (player)");
    await row(page, "Elsa").locator("[data-action='rollInitiative']").click();
    await settle(page);
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await expect.poll(cards).toBe(1);
    const log = await playCardThrough(page, new Set(), ["Ada (player)", "Gamemaster"]);
    const saves = await lastCardId(page);
    expect(await lastCard(page).getAttribute("data-state"), log.join("\n")).toBe("applied");
    expect(await menuOffers(page, "Ada (player)", saves)).toEqual(["Copy as request"]);
    await undoFromMenu(page, "Gamemaster", saves, () => look(page, fighters), before);

    const elsa = await endWithElsaFallen(page);
    const fallen = await look(page, fighters);
    await playAs(page, "Ada (player)");
    const count = await cards();
    await page.locator("#pg-tabs [data-tab='chat']").click();
    await elsa.locator("[data-action='torchlightDying']").click();
    await settle(page);
    await answerPrompt(page, "Roll", (prompt) => prompt.locator("input[name='n']").fill("4"));
    await expect.poll(cards).toBe(count + 1);
    const dying = await lastCardId(page);
    const hours = await playCardThrough(page, new Set());
    expect(await lastCard(page).getAttribute("data-state"), hours.join("\n")).toBe("applied");
    expect(await menuOffers(page, "Bob (player)", dying)).toEqual([]);
    expect(await menuOffers(page, "Ada (player)", dying)).toEqual(["Copy as request", "Undo"]);
    await undoFromMenu(page, "Ada (player)", dying, () => look(page, fighters), fallen);
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 180_000);

  it("plays Beyond the Torchlight's sheet buttons Combat Grid and the stance ability by clicks, as Ada: the grid opens from Elsa's sheet, she steps into the Rearguard, and the sheet's stance button prepares a Called Shot", async () => {
    const { page, warnings, grid, cellOf } = await savedRound();
    await playAs(page, "Ada (player)");
    const elsa = await openSheet(page, "Elsa");
    const open = elsa.locator("[data-action='torchlightGrid']");
    await reveal(elsa, open);
    // The grid is not on Ada's screen until her sheet's button opens it, above the sheet.
    expect(await grid.count()).toBe(0);
    await open.click();
    await settle(page);
    await grid.waitFor();
    const lane = (await cellOf("Elsa").getAttribute("data-lane")) as string;
    await grid.locator(".fray-tl-chip", { hasText: "Elsa" }).click();
    await settle(page);
    await grid.locator(`td[data-action='cell'][data-lane='${lane}'][data-stance='rearguard'][data-side='party']`).click();
    await expect.poll(() => cellOf("Elsa").getAttribute("data-stance")).toBe("rearguard");
    // She closes the grid, back to her sheet.
    await grid.locator("[data-action='close']").first().click();
    await settle(page);
    const ability = elsa.locator("[data-action='torchlightAbility']");
    await reveal(elsa, ability);
    const text = await playButton(page, "Ada (player)", () => ability, {
      players: ["Ada (player)", "Gamemaster"],
      fill: async (dialog) => {
        await dialog.locator("select[name='target']").selectOption({ label: "Bandit Swordsman" });
      },
    });
    expect(text).toContain("Called Shot");
    expect(await warnings()).toEqual([]);
    await page.close();
  }, 120_000);

});
