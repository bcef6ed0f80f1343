/**
 * Every actor and item sheet, rendered from the built bundle in Chromium with the compiled CSS:
 * its labels come from en.json, it shows the document's values, and an edit made the way a user
 * makes it (type, leave the field) updates the document. Each sheet is photographed. Every actor and
 * item sheet of the five rulesets, each of its tabs, fits a 720 px-tall window in both themes.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, layoutProblems, openFray, screenshot, useFrayBrowser } from "./support/index.js";

interface SheetCase {
  documentName: "Actor" | "Item";
  type: string;
  system: Record<string, unknown>;
  /** Text the sheet must show (labels from en.json, values from the data). */
  shows: string[];
  /** An input to edit, the value to type, and where the document must then hold it. */
  edit: { name: string; value: string; path: string; expected: unknown };
}

const CASES: SheetCase[] = [
  { documentName: "Actor", type: "cavaliersCharacter", system: { competency: 8, wounds: { value: 1 } }, shows: ["Verve", "Yield Limit", "Wound Limit", "Advantage die", "Style Points", "Initiative Points"], edit: { name: "system.yield.value", value: "3", path: "system.yield.value", expected: 3 } },
  { documentName: "Actor", type: "cavaliersNpc", system: { npcType: "minor" }, shows: ["NPC type", "Minor", "Yield Limit"], edit: { name: "system.style", value: "1", path: "system.style", expected: 1 } },
  { documentName: "Actor", type: "dramaCharacter", system: { wounds: [{ flesh: 3, serious: true, critical: false, bleeding: true, note: "axe" }] }, shows: ["Grit", "Flesh", "Persistent penalty dice", "Flesh wounds", "Serious"], edit: { name: "system.grit.value", value: "4", path: "system.grit.value", expected: 4 } },
  { documentName: "Actor", type: "dramaNpc", system: {}, shows: ["Grit", "Weapon class", "No wounds."], edit: { name: "system.penaltyDice", value: "2", path: "system.penaltyDice", expected: 2 } },
  { documentName: "Actor", type: "unhexCharacter", system: { wounds: { torso: 2 } }, shows: ["Level", "Wound boxes", "Head", "Torso", "2/15"], edit: { name: "system.level.value", value: "44", path: "system.level.value", expected: 44 } },
  // Unhex wound boxes are buttons a click fills (test/foundry/unhex-*); the text field here is what else the character is good at.
  { documentName: "Actor", type: "unhexNpc", system: {}, shows: ["Level", "Left leg", "Good at"], edit: { name: "system.good.other", value: "Driving", path: "system.good.other", expected: "Driving" } },
  { documentName: "Actor", type: "personalCharacter", system: { fates: ["Shaken"] }, shows: ["Resolve", "Defense", "Armor Rating by damage type", "Fallen Fates taken"], edit: { name: "system.defense", value: "13", path: "system.defense", expected: 13 } },
  { documentName: "Actor", type: "personalNpc", system: {}, shows: ["Resolve", "Major NPC (+6 initiative)"], edit: { name: "system.initiativeRank", value: "3", path: "system.initiativeRank", expected: 3 } },
  { documentName: "Actor", type: "torchlightCharacter", system: { characteristics: { str: { dc: 8, max: 11 } } }, shows: ["Breath", "Strength", "DC (check)", "ST (save)", "12"], edit: { name: "system.characteristics.dex.dc", value: "7", path: "system.characteristics.dex.dc", expected: 7 } },
  { documentName: "Actor", type: "torchlightNpc", system: {}, shows: ["Breath", "Stance", "Steadied"], edit: { name: "system.breath.value", value: "1", path: "system.breath.value", expected: 1 } },
  { documentName: "Item", type: "cavaliersSpecialty", system: { table: [{ id: "inflict-yield", name: "Inflict 1 Yield", cost: 1, repeatable: true, effect: "inflict-yield", amount: 1, status: "", on: "opponent", condition: "" }] }, shows: ["Success table", "Inflict Yield", "Repeatable"], edit: { name: "system.ranks", value: "2", path: "system.ranks", expected: 2 } },
  { documentName: "Item", type: "cavaliersWeapon", system: {}, shows: ["Item die", "Reload Drop", "Long"], edit: { name: "system.reloadDrop", value: "2", path: "system.reloadDrop", expected: 2 } },
  { documentName: "Item", type: "cavaliersArmour", system: {}, shows: ["Item die", "Kind"], edit: { name: "system.itemDie", value: "8", path: "system.itemDie", expected: 8 } },
];

/** Each sheet's document under a name a player would give it, so the README gallery shows a character, not "Test torchlightCharacter" (issue 38). */
const NAMES: Record<string, string> = {
  cavaliersCharacter: "Aurore de Vaux",
  cavaliersNpc: "Palace Guard",
  dramaCharacter: "Ines",
  dramaNpc: "Fyrd",
  unhexCharacter: "Ada",
  unhexNpc: "Bouncer",
  personalCharacter: "Ines",
  personalNpc: "Guard",
  torchlightCharacter: "Elsa",
  torchlightNpc: "Bandit Swordsman",
  cavaliersSpecialty: "Dueling",
  cavaliersWeapon: "Rapier",
  cavaliersArmour: "Buff coat",
};
const nameOf = (sheet: SheetCase) => NAMES[sheet.type] ?? sheet.type;

describe.skipIf(!browserAvailable())("sheets in Chromium", () => {
  const fray = useFrayBrowser();

  async function openSheet(page: Page, sheet: SheetCase, name = nameOf(sheet)): Promise<{ id: string; uuid: string }> {
    return page.evaluate(async ({ documentName, type, system, name }) => {
      type Doc = { uuid: string; sheet: { render(o: object): Promise<{ element: HTMLElement }> } };
      const g = globalThis as unknown as { CONFIG: Record<string, { documentClass: { create(d: object): Promise<Doc> } }> };
      const document = await g.CONFIG[documentName]!.documentClass.create({ name, type, system });
      const app = await document.sheet.render({ force: true });
      await window.harness?.flush();
      return { id: app.element.id, uuid: document.uuid };
    }, { ...sheet, name });
  }

  it.each(CASES.map((sheet) => [sheet.type, sheet] as const))("%s: shows its tracks, saves an edit, and is photographed", async (_type, sheet) => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, fray.server.url);
    const { id, uuid } = await openSheet(page, sheet);
    const root = page.locator(`[id="${id}"]`);
    // An actor sheet shows one tab at a time: read each, as a player clicking through them would.
    let text = await root.innerText();
    const tabs = root.locator(".fray-tabs [data-tab]");
    for (const tab of await tabs.all()) {
      await tab.click();
      text += `\n${await root.innerText()}`;
    }
    if ((await tabs.count()) > 0) await tabs.first().click();
    for (const shown of sheet.shows) expect(text, `${sheet.type} shows "${shown}"`).toContain(shown);
    expect(text).not.toMatch(/FRAY\.|TYPES\./);
    expect(await root.locator('input[name="name"]').inputValue()).toBe(nameOf(sheet));
    await screenshot(root, `sheet-${sheet.type}`);

    const field = root.locator(`[name="${sheet.edit.name}"]`);
    // The field's tab first, as a player would open it.
    const tab = await field.evaluate((element) => element.closest("section.tab[data-tab]")?.getAttribute("data-tab"));
    if (tab) await root.locator(`.fray-tabs [data-tab="${tab}"]`).click();
    if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(sheet.edit.value);
    else {
      await field.fill(sheet.edit.value);
      await field.press("Tab");
    }
    const stored = await page.evaluate(async ({ uuid, path }) => {
      await window.harness?.flush();
      const g = globalThis as unknown as { fromUuidSync(uuid: string): { toObject(): Record<string, unknown> }; foundry: { utils: { getProperty(o: object, p: string): unknown } } };
      return g.foundry.utils.getProperty(g.fromUuidSync(uuid).toObject(), path);
    }, { uuid, path: sheet.edit.path });
    expect(stored).toEqual(sheet.edit.expected);
    // The sheet re-rendered from the updated document.
    expect(await page.locator(`[id="${id}"] [name="${sheet.edit.name}"]`).inputValue()).toBe(sheet.edit.value);
    await page.close();
  });

  // Every sheet type of system.json, with the cases' data where a case fills its lists.
  const EVERY_SHEET: Pick<SheetCase, "documentName" | "type" | "system">[] = [
    ...["cavaliersCharacter", "cavaliersNpc", "dramaCharacter", "dramaNpc", "unhexCharacter", "unhexNpc", "personalCharacter", "personalNpc", "torchlightCharacter", "torchlightNpc"].map((type) => ({ documentName: "Actor" as const, type, system: {} })),
    ...["cavaliersSpecialty", "cavaliersWeapon", "cavaliersArmour", "personalWeapon", "personalArmour", "personalBand", "personalAction", "personalFate", "torchlightWeapon", "torchlightGear", "unhexWeapon", "unhexShield", "unhexArmour", "unhexGear", "dramaWeapon", "dramaArmour", "dramaAdvantage"].map((type) => ({ documentName: "Item" as const, type, system: {} })),
  ].map((sheet) => CASES.find((c) => c.type === sheet.type) ?? sheet);

  it("every actor and item sheet, each of its tabs, fits a 720 px window, light and dark", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, fray.server.url);
    const problems: string[] = [];
    for (const sheet of EVERY_SHEET) {
      // A name as short as most: the window title (Foundry's, cut to one line) holds the sheet's type and the name.
      const { id } = await openSheet(page, sheet as SheetCase, "Ines");
      const root = page.locator(`[id="${id}"]`);
      const tabs = await root.locator(".fray-tabs [data-tab]").all();
      if (!tabs.length) problems.push(...(await layoutProblems(root)).map((problem) => `${sheet.type}: ${problem}`));
      for (const tab of tabs) {
        await tab.click();
        const name = (await tab.innerText()).trim();
        problems.push(...(await layoutProblems(root)).map((problem) => `${sheet.type}, ${name} tab: ${problem}`));
      }
      await root.evaluate((element) => element.remove());
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("adds and removes a row of a list (drama wounds)", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, fray.server.url);
    const { id, uuid } = await openSheet(page, CASES.find((sheet) => sheet.type === "dramaNpc") as SheetCase);
    const count = () => page.evaluate(async (uuid) => {
      await window.harness?.flush();
      const g = globalThis as unknown as { fromUuidSync(uuid: string): { toObject(): { system: { wounds: unknown[] } } } };
      return g.fromUuidSync(uuid).toObject().system.wounds.length;
    }, uuid);
    await page.locator(`[id="${id}"] [data-action="addRow"][data-path="wounds"]`).click();
    expect(await count()).toBe(1);
    await page.locator(`[id="${id}"] [data-action="removeRow"][data-path="wounds"]`).click();
    expect(await count()).toBe(0);
    await page.close();
  });
});
