/**
 * The cavaliers sheet and dialogs a player clicks, against the harness: the sheet lists and rolls
 * specialties, the attack dialog sums Drop and refuses over the cap, the requests handed to the
 * roll flow are exactly what the form says, rest heals by the rules, dropped items join the actor,
 * and a specialty dropped on the hotbar becomes a macro that rolls it.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor, Item } from "../../playground/foundry/index.js";
import type { Actor as HarnessActor, Item as HarnessItem } from "../../playground/foundry/documents.js";
import { dropOnHotbar, hotbarOf, placeToken, type HarnessToken, type Macro } from "../../playground/foundry/ui.js";
import type { AttackRequest, CheckRequest } from "../../src/foundry/rulesets/cavaliers/requests.js";
import { bootWorld } from "./world.js";
import { sheetDialogs } from "./sheet-dialogs.js";

let ui: typeof import("../../src/foundry/rulesets/cavaliers/ui/index.js");

const attacks: AttackRequest[] = [];
const checks: CheckRequest[] = [];

const { harness, game, CONFIG } = bootWorld("cavaliers", { templates: ["dialog/cavaliers-attack.hbs", "dialog/cavaliers-attack-summary.hbs", "dialog/cavaliers-check.hbs", "dialog/problems.hbs", "dialog/footer.hbs"] });
const { settle, dialog, openSheet, clickOpen, change } = sheetDialogs(harness);
beforeAll(async () => {
  ui = await import("../../src/foundry/rulesets/cavaliers/ui/index.js");
});
beforeEach(() => {
  attacks.length = 0;
  checks.length = 0;
  ui.setRollFlow({ postAttack: async (r) => attacks.push(r), postCheck: async (r) => checks.push(r) });
  ui.setAreaLookup(null);
});

const specialty = (name: string, action: string, ranks: number, skill = "Dueling") => ({ name, type: "cavaliersSpecialty", system: { skill, attribute: "verve", ranks, action } });
const GEAR = [
  specialty("Lunge", "lunge", 2),
  specialty("Feint", "feint", 1),
  specialty("Aim", "aim", 1, "Military"),
  specialty("Etiquette", "skill", 3, "Society"),
  { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } },
  { name: "Pistol", type: "cavaliersWeapon", system: { itemDie: 6, specialty: "aim", melee: false, rangeDrops: { close: 0, short: 0, medium: 2, long: null } } },
  { name: "Buckler", type: "cavaliersArmour", system: { itemDie: 6, kind: "shield" } },
];

async function makeActor(name = "Aurore", system: Record<string, unknown> = {}, items = GEAR, type = "cavaliersCharacter"): Promise<Actor> {
  const cls = CONFIG.Actor.documentClass as typeof HarnessActor;
  return (await cls.create({ name, type, system: { attributes: { verve: 8 }, competency: 8, ...system }, items })) as unknown as Actor;
}

const itemNamed = (actor: Actor, name: string) => (actor as unknown as HarnessActor).items.find((i) => i.name === name) as HarnessItem;
const rowOf = (sheet: HTMLElement, actor: Actor, name: string) => sheet.querySelector(`[data-item-id="${itemNamed(actor, name).id}"]`) as HTMLElement;

function target(...actors: Actor[]): HarnessToken[] {
  const tokens = actors.map((a) => placeToken(a as never));
  tokens.forEach((t, i) => t.setTarget(true, { releaseOthers: i === 0 }));
  return tokens;
}

async function submit(form: HTMLFormElement): Promise<void> {
  form.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
  await settle();
}

describe("cavaliers sheet", () => {
  it("lists specialties with editable ranks and a roll button each, then weapons and armour", async () => {
    const actor = await makeActor();
    const sheet = await openSheet(actor);
    const names = [...sheet.querySelectorAll('[data-list="specialties"] .fray-item-name')].map((e) => e.textContent);
    expect(names).toEqual(["Aim", "Etiquette", "Feint", "Lunge"]);
    const lunge = rowOf(sheet, actor, "Lunge");
    expect((lunge.querySelector('[data-item-field="system.ranks"]') as HTMLInputElement).value).toBe("2");
    expect(lunge.querySelector('[data-action="rollSpecialty"]')).not.toBeNull();
    expect(lunge.classList.contains("draggable")).toBe(true);
    const gear = sheet.querySelector('[data-list="gear"]')!.textContent!;
    expect(gear).toContain("Rapier");
    expect(gear).toContain("d8 · melee");
    expect(gear).toContain("Pistol");
    expect(gear).toContain("Shield");
    expect(sheet.querySelector('[data-action="attack"]')).not.toBeNull();
    expect(sheet.querySelector('[data-action="survival"]')).toBeNull();
    expect(sheet.textContent).not.toMatch(/FRAY\./);
  });

  it("issue 38 item 12: the wound track says what its boxes are: the Drop at each number of Wounds, then Dying", async () => {
    const sheet = await openSheet(await makeActor());
    const track = sheet.querySelector<HTMLElement>(".fray-wound-track-field")!;
    expect(track.querySelector("span")!.textContent).toBe("Wound track: the Drop at 1, 2, 3… Wounds");
    const boxes = [...track.querySelectorAll<HTMLInputElement>("input[name^='system.wounds.track.']")];
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(box.getAttribute("aria-label")).toBe("The Drop at this many Wounds");
  });

  it("records the competency die and the skills she is competent in: the Combat chapter's four by default, then her specialties'", async () => {
    const actor = await makeActor();
    let sheet = await openSheet(actor);
    expect((sheet.querySelector('[name="system.competency"]') as HTMLSelectElement).value).toBe("8");
    const chips = () => [...sheet.querySelectorAll<HTMLElement>('[data-action="toggleCompetence"]')].map((b) => `${b.dataset.skill}:${b.getAttribute("aria-pressed")}`);
    expect(chips()).toEqual(["Defense:true", "Dueling:true", "Military:true", "Initiative:true", "Society:false"]);
    (sheet.querySelector('[data-skill="Society"]') as HTMLElement).click();
    await settle();
    (sheet.querySelector('[data-skill="Military"]') as HTMLElement).click();
    await settle();
    sheet = await openSheet(actor);
    expect((actor.system as unknown as { competentSkills: string[] }).competentSkills).toEqual(["Defense", "Dueling", "Initiative", "Society"]);
    expect(chips()).toEqual(["Defense:true", "Dueling:true", "Military:false", "Initiative:true", "Society:true"]);
    // The Yield Limit reads the die whatever she is competent in: 3 + 8.
    expect(sheet.querySelector('[data-derived="yieldLimit"] output')?.textContent).toBe("11");
  });

  it("saves a rank typed into the list on the specialty item, within the rules' bounds", async () => {
    const actor = await makeActor();
    const sheet = await openSheet(actor);
    change(rowOf(sheet, actor, "Feint").querySelector('[data-item-field="system.ranks"]'), (el) => (el.value = "3"));
    await settle();
    expect((itemNamed(actor, "Feint").system as { ranks: number }).ranks).toBe(3);
    change(rowOf(sheet, actor, "Feint").querySelector('[data-item-field="system.ranks"]'), (el) => (el.value = "40"));
    await settle();
    expect((itemNamed(actor, "Feint").system as { ranks: number }).ranks).toBeLessThanOrEqual(6);
  });

  it("shows Dying with only a Survival button, which opens the Moderate picker: no attack and no roll of a specialty", async () => {
    const actor = await makeActor("Dying Dan", { wounds: { value: 4 } });
    const sheet = await openSheet(actor);
    expect(sheet.querySelector(".fray-status-dying")?.textContent).toBe("Dying");
    expect(sheet.querySelector('[data-action="attack"]')).toBeNull();
    expect(sheet.querySelector('[data-action="rollSpecialty"]')).toBeNull();
    // A macro or a stale button is told why, and opens nothing.
    const ui = await import("../../src/foundry/rulesets/cavaliers/ui/sheet-actions.js");
    expect(await ui.rollSpecialty(actor as never, itemNamed(actor, "Lunge").id!)).toBeNull();
    expect(harness.notifications.at(-1)?.message).toContain("Dying Dan is Dying");
    const form = await clickOpen(sheet.querySelector('[data-action="survival"]'), "fray-check-dialog");
    expect((form.querySelector('[name="opposition"]') as HTMLSelectElement).value).toBe("moderate");
    expect((form.querySelector('[name="opposition"]') as HTMLSelectElement).disabled).toBe(true);
    await submit(form);
    expect(checks).toEqual([{ actorUuid: actor.uuid, kind: "survival", opposition: "moderate", combined: [], assists: [], rollMode: "publicroll" }]);
  });

  it("rolls a non-attack specialty through the difficulty picker, which offers no Advantage die", async () => {
    const actor = await makeActor("Aurore", { advantage: 8 });
    const sheet = await openSheet(actor);
    let form = await clickOpen(rowOf(sheet, actor, "Etiquette").querySelector('[data-action="rollSpecialty"]'), "fray-check-dialog");
    expect(form.querySelector('[name="useAdvantage"]')).toBeNull();
    expect(form.textContent).toContain("The Advantage die goes on attack and defence rolls only.");
    // Issue 38 item 12: an empty Assist field says it is empty; its placeholder does not look like dice she rolled.
    expect([...form.querySelectorAll<HTMLInputElement>('[name^="assists."]')].map((input) => input.placeholder)).toEqual(["No helper (dice such as 2d8)", "No helper (dice such as 2d8)"]);
    change(form.querySelector('[name="opposition"]'), (el) => (el.value = "very-hard"));
    await settle();
    form = dialog("fray-check-dialog")!;
    change(form.querySelector('[name="assists.0"]'), (el) => (el.value = "1d6"));
    await settle();
    await submit(dialog("fray-check-dialog")!);
    expect(checks).toEqual([{ actorUuid: actor.uuid, kind: "skill", specialtyItemId: itemNamed(actor, "Etiquette").id, opposition: "very-hard", combined: [], assists: [[6]], rollMode: "publicroll" }]);
    expect(dialog("fray-check-dialog")).toBeNull();
  });

  it("makes a Flourish always Easy", async () => {
    const actor = await makeActor();
    const sheet = await openSheet(actor);
    await clickOpen(rowOf(sheet, actor, "Etiquette").querySelector('[data-action="rollSpecialty"]'), "fray-check-dialog");
    change(dialog("fray-check-dialog")!.querySelector('[name="opposition"]'), (el) => (el.value = "hard"));
    await settle();
    change(dialog("fray-check-dialog")!.querySelector('[name="kind"]'), (el) => (el.value = "flourish"));
    await settle();
    expect((dialog("fray-check-dialog")!.querySelector('[name="opposition"]') as HTMLSelectElement).value).toBe("easy");
    await submit(dialog("fray-check-dialog")!);
    expect(checks[0]).toMatchObject({ kind: "flourish", opposition: "easy" });
  });

  it("rests: asks the days, 2 days heal one Wound, 6 all; a bad answer changes nothing", async () => {
    const actor = await makeActor("Aurore", { wounds: { value: 3 } });
    const sheet = await openSheet(actor);
    const wounds = () => (actor.system as unknown as { wounds: { value: number } }).wounds.value;
    harness.onDialog((d) => d.answer("ok", { days: "2" }));
    (sheet.querySelector('[data-action="rest"]') as HTMLElement).click();
    await settle();
    expect(wounds()).toBe(2);
    harness.onDialog((d) => d.answer("ok", { days: "-1" }));
    (sheet.querySelector('[data-action="rest"]') as HTMLElement).click();
    await settle();
    expect(wounds()).toBe(2);
    expect(harness.notifications.at(-1)?.message).toContain("whole days");
    harness.onDialog((d) => d.answer("ok", { days: "6" }));
    (sheet.querySelector('[data-action="rest"]') as HTMLElement).click();
    await settle();
    expect(wounds()).toBe(0);
    harness.onDialog(undefined);
  });

  it("adds an item dropped on the sheet (Foundry's own ActorSheetV2 drop) and deletes one after asking", async () => {
    const actor = await makeActor("Aurore", {}, []);
    const sheet = await openSheet(actor);
    const cls = CONFIG.Item.documentClass as typeof HarnessItem;
    const sabre = (await cls.create({ name: "Sabre", type: "cavaliersWeapon", system: { itemDie: 8 } })) as HarnessItem;
    const payload = JSON.stringify({ type: "Item", uuid: sabre.uuid });
    const transfer = { getData: (format: string) => (format === "text/plain" ? payload : "") };
    const drop = Object.assign(new Event("drop", { bubbles: true, cancelable: true }), { dataTransfer: transfer });
    sheet.dispatchEvent(drop);
    await settle();
    expect((actor as unknown as HarnessActor).items.map((i) => i.name)).toEqual(["Sabre"]);
    const rendered = (actor.sheet as unknown as { element: HTMLElement }).element;
    expect(rendered.querySelector('[data-list="gear"]')!.textContent).toContain("Sabre");

    harness.onDialog((d) => d.answer("no"));
    (rendered.querySelector('[data-action="deleteItem"]') as HTMLElement).click();
    await settle();
    expect((actor as unknown as HarnessActor).items.size).toBe(1);
    harness.onDialog((d) => d.answer("yes"));
    (rendered.querySelector('[data-action="deleteItem"]') as HTMLElement).click();
    await settle();
    expect((actor as unknown as HarnessActor).items.size).toBe(0);
    harness.onDialog(undefined);
  });

  it("refuses a dropped item that is not a cavaliers item, and changes nothing", async () => {
    const actor = await makeActor("Aurore", {}, []);
    const sheet = await openSheet(actor);
    const cls = CONFIG.Item.documentClass as typeof HarnessItem;
    const stranger = (await cls.create({ name: "Stranger", type: "base" })) as HarnessItem;
    const payload = JSON.stringify({ type: "Item", uuid: stranger.uuid });
    sheet.dispatchEvent(Object.assign(new Event("drop", { bubbles: true, cancelable: true }), { dataTransfer: { getData: () => payload } }));
    await settle();
    expect((actor as unknown as HarnessActor).items.size).toBe(0);
    expect(harness.notifications.at(-1)).toMatchObject({ type: "warning", message: expect.stringContaining("Stranger") });
  });

  it("opens an owned item's sheet from its row", async () => {
    const actor = await makeActor();
    const sheet = await openSheet(actor);
    (rowOf(sheet, actor, "Rapier").querySelector('[data-action="editItem"]') as HTMLElement).click();
    await settle();
    expect((itemNamed(actor, "Rapier").sheet as { rendered: boolean }).rendered).toBe(true);
  });
});

describe("attack dialog", () => {
  it("shows the exact chance to beat each defence the target may choose, and updates it with the Drop (issue 13)", async () => {
    const actor = await makeActor();
    const foe = await makeActor("Foe", {}, []);
    target(foe);
    const sheet = await openSheet(actor);
    await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-attack-dialog");
    const shown = () => Object.fromEntries([...dialog("fray-attack-dialog")!.querySelectorAll<HTMLElement>("[data-odds]")].map((dd) => [dd.dataset.odds, dd.textContent]));
    const { cavaliersRules } = await import("../../src/rules/index.js");
    const { percent } = await import("../../src/foundry/cards/odds.js");
    // What the rules say for Aurore's Lunge (d8 Verve, d8 competency, two d8 ranks, the Rapier's d8) against the Foe's plain pools.
    const expected = (defence: string, combined: string[]) => {
      const attacker = { name: "Aurore", type: "pc", yield: 0, wounds: 0, advantage: 0, style: 0, attribute: 8, competency: 8, ranks: 2, item: 8, ...(combined.length ? { combined } : {}) };
      const defender = { name: "Foe", type: "pc", yield: 0, wounds: 0, advantage: 0, style: 0, attribute: 8, competency: 8, ranks: 0 };
      const odds = cavaliersRules.actions.attack!.odds!.exact({ attack: "lunge", attacker, defence, defender, options: { keepOneDie: true, seizeOncePerRound: true } });
      return percent(odds.chances.attackerWins!);
    };
    expect(Object.keys(shown())).toEqual(["Parry", "Block", "Dodge"]);
    // It says who wins: the attacker, by name.
    expect(shown().Parry).toContain(`Aurore wins ${expected("parry", [])}`);
    change(dialog("fray-attack-dialog")!.querySelector('[name="combined.draw-weapon"]'), (el) => (el.checked = true));
    await settle();
    expect(shown().Parry).toContain(`wins ${expected("parry", ["draw-weapon"])}`);
    expect(expected("parry", ["draw-weapon"])).not.toBe(expected("parry", []));
  });

  it("refuses with a clear message without exactly one target", async () => {
    const actor = await makeActor();
    const sheet = await openSheet(actor);
    (sheet.querySelector('[data-action="attack"]') as HTMLElement).click();
    await settle();
    expect(dialog("fray-attack-dialog")).toBeNull();
    expect(harness.notifications.at(-1)).toMatchObject({ type: "warning", message: expect.stringContaining("Target one token") });
    target(await makeActor("Foe 1", {}, []), await makeActor("Foe 2", {}, []));
    (sheet.querySelector('[data-action="attack"]') as HTMLElement).click();
    await settle();
    expect(dialog("fray-attack-dialog")).toBeNull();
    expect(harness.notifications.at(-1)?.message).toContain("2 tokens");
  });

  it("sums the combined actions' Drop with the Wound Drop and refuses more than the cap", async () => {
    const actor = await makeActor("Aurore", { wounds: { value: 1 } });
    const foe = await makeActor("Foe", {}, []);
    target(foe);
    const sheet = await openSheet(actor);
    await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-attack-dialog");
    const drop = (which: string) => dialog("fray-attack-dialog")!.querySelector(`[data-drop="${which}"]`)!.textContent;
    expect(drop("wound")).toBe("1");
    change(dialog("fray-attack-dialog")!.querySelector('[name="combined.draw-weapon"]'), (el) => (el.checked = true));
    await settle();
    change(dialog("fray-attack-dialog")!.querySelector('[name="combined.reload-musket"]'), (el) => (el.checked = true));
    await settle();
    expect(drop("combined")).toBe("4");
    expect(drop("total")).toBe("5");
    expect((dialog("fray-attack-dialog")!.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(false);
    change(dialog("fray-attack-dialog")!.querySelector('[name="combined.move"]'), (el) => (el.checked = true));
    await settle();
    const form = dialog("fray-attack-dialog")!;
    expect(drop("combined")).toBe("5");
    expect((form.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(true);
    expect(form.querySelector(".fray-problems")!.textContent).toContain("Drop 5; at most Drop 4");
    await submit(form);
    expect(attacks).toEqual([]);
    expect(dialog("fray-attack-dialog")).not.toBeNull();
  });

  it("builds the AttackRequest from the form: specialty, weapon, combined, Advantage, Assists, range and cover by hand", async () => {
    const actor = await makeActor("Aurore", { advantage: 6 });
    const foe = await makeActor("Foe", {}, []);
    const [foeToken] = target(foe);
    const sheet = await openSheet(actor);
    await clickOpen(rowOf(sheet, actor, "Aim").querySelector('[data-action="rollSpecialty"]'), "fray-attack-dialog");
    const form = () => dialog("fray-attack-dialog")!;
    expect((form().querySelector('[name="weapon"]') as HTMLSelectElement).value).toBe(itemNamed(actor, "Pistol").id);
    change(form().querySelector('[name="combined.reload-pistol"]'), (el) => (el.checked = true));
    await settle();
    change(form().querySelector('[name="useAdvantage"]'), (el) => (el.checked = true));
    await settle();
    change(form().querySelector('[name="assists.0"]'), (el) => (el.value = "2d8"));
    await settle();
    change(form().querySelector('[name="assists.1"]'), (el) => (el.value = "d6"));
    await settle();
    change(form().querySelector('[name="range"]'), (el) => (el.value = "3"));
    await settle();
    change(form().querySelector('[name="cover"]'), (el) => (el.value = "1"));
    await settle();
    expect(form().querySelector('[data-drop="range"]')!.textContent).toBe("2");
    expect(form().querySelector('[data-drop="total"]')!.textContent).toBe("5");
    await submit(form());
    expect(attacks).toEqual([
      {
        attackerUuid: actor.uuid,
        targetUuid: foe.uuid,
        targetTokenUuid: foeToken!.document.uuid,
        attack: "aim",
        specialtyItemId: itemNamed(actor, "Aim").id,
        weaponItemId: itemNamed(actor, "Pistol").id,
        combined: ["reload-pistol"],
        useAdvantage: true,
        assists: [[8, 8], [6]],
        range: 3,
        cover: 1,
        rollMode: "publicroll",
      },
    ]);
    expect(dialog("fray-attack-dialog")).toBeNull();
  });

  it("redraws only the summary after typing an Assist, so the next field keeps its place", async () => {
    const actor = await makeActor();
    target(await makeActor("Foe", {}, []));
    const sheet = await openSheet(actor);
    const form = await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-attack-dialog");
    const helper2 = form.querySelector('[name="assists.1"]');
    change(form.querySelector('[name="assists.0"]'), (el) => (el.value = "3d7"));
    await settle();
    expect(form.querySelector('[name="assists.1"]')).toBe(helper2);
    expect(form.querySelector(".fray-problems")!.textContent).toContain("Helper 1's Assist \"3d7\" is not dice");
    expect((form.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it("lets a combined Move close one Area before a Lunge; the request carries the range before the Move, which the rules close", async () => {
    const actor = await makeActor();
    target(await makeActor("Foe", {}, []));
    ui.setAreaLookup(() => ({ range: 1, cover: 0 }));
    placeToken(actor as never);
    const sheet = await openSheet(actor);
    const form = () => dialog("fray-attack-dialog")!;
    await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-attack-dialog");
    expect(form().querySelector(".fray-problems")!.textContent).toContain("need the target's Area");
    change(form().querySelector('[name="combined.move"]'), (el) => (el.checked = true));
    await settle();
    expect(form().querySelector(".fray-problems")).toBeNull();
    await submit(form());
    expect(attacks[0]).toMatchObject({ attack: "lunge", combined: ["move"], range: 1 });
  });

  it("takes range and cover from the Areas when a lookup is installed, and disables Advantage without a die", async () => {
    const actor = await makeActor();
    const mine = placeToken(actor as never);
    const foe = await makeActor("Foe", {}, []);
    const [foeToken] = target(foe);
    const seen: unknown[] = [];
    ui.setAreaLookup((a, b) => {
      seen.push([a, b]);
      return { range: 6, cover: 2 };
    });
    const sheet = await openSheet(actor);
    await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-attack-dialog");
    expect(seen[0]).toEqual([mine, foeToken]);
    const form = () => dialog("fray-attack-dialog")!;
    expect((form().querySelector('[name="range"]') as HTMLSelectElement).disabled).toBe(true);
    expect((form().querySelector('[name="range"]') as HTMLSelectElement).value).toBe("5");
    expect((form().querySelector('[name="useAdvantage"]') as HTMLInputElement).disabled).toBe(true);
    // Lunge comes first (the rules' order): it needs the target's Area, and six Areas away it is refused.
    expect((form().querySelector('[name="specialty"]') as HTMLSelectElement).value).toBe(itemNamed(actor, "Lunge").id);
    expect(form().querySelector(".fray-problems")!.textContent).toContain("need the target's Area");
    change(form().querySelector('[name="specialty"]'), (el) => (el.value = itemNamed(actor, "Aim").id!));
    await settle();
    change(form().querySelector('[name="weapon"]'), (el) => (el.value = itemNamed(actor, "Pistol").id!));
    await settle();
    expect(form().querySelector(".fray-problems")!.textContent).toContain("Pistol cannot reach Long range");
    change(form().querySelector('[name="weapon"]'), (el) => (el.value = ""));
    await settle();
    expect(form().querySelector(".fray-problems")).toBeNull();
    await submit(dialog("fray-attack-dialog")!);
    expect(attacks[0]).toMatchObject({ attack: "aim", attackerTokenUuid: mine.document.uuid, range: 6, cover: 2, useAdvantage: false });
    expect(attacks[0]!.weaponItemId).toBeUndefined();
  });

  it("refuses an aimed attack when the Areas block the line of sight (seed 002 §Line of Sight, as cavaliers reads it)", async () => {
    const actor = await makeActor();
    placeToken(actor as never);
    target(await makeActor("Foe", {}, []));
    ui.setAreaLookup(() => ({ range: 2, cover: 0, lineOfSight: false }));
    const sheet = await openSheet(actor);
    await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-attack-dialog");
    const form = () => dialog("fray-attack-dialog")!;
    change(form().querySelector('[name="specialty"]'), (el) => (el.value = itemNamed(actor, "Aim").id!));
    await settle();
    expect(form().querySelector(".fray-problems")!.textContent).toContain("needs line of sight");
    expect((form().querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it("refuses a Riposte the attacker has not earned with a won Parry or Feint (RULINGS.md, cavaliers)", async () => {
    const { planAttack } = await import("../../src/foundry/rulesets/cavaliers/ui/attack-plan.js");
    const values = { specialty: ":riposte", weapon: "", combined: [], useAdvantage: false, assists: ["", ""], range: 0, cover: 0, rollMode: "publicroll" };
    const context = { attackerUuid: "Actor.a", targetUuid: "Actor.b", specialties: {}, weapons: [], woundDrop: 0, advantage: 0 };
    expect(planAttack(values, context).problems.join(" ")).toContain("A Riposte follows a won Parry or Feint");
    expect(planAttack(values, { ...context, riposteReady: true }).problems).toEqual([]);
  });

  it("says so when no roll flow is installed", async () => {
    ui.setRollFlow(null);
    const actor = await makeActor();
    target(await makeActor("Foe", {}, []));
    const sheet = await openSheet(actor);
    await submit(await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-attack-dialog"));
    expect(harness.notifications.at(-1)?.message).toBe("The roll flow is not available: nothing was rolled.");
  });
});

describe("hotbar macro", () => {
  it("turns a specialty dropped on the hotbar into a script macro that rolls it", async () => {
    const actor = await makeActor();
    const etiquette = itemNamed(actor, "Etiquette");
    const taken = dropOnHotbar({ type: "Item", uuid: etiquette.uuid }, 3);
    expect(taken).toBe(false);
    await settle();
    const macros = (game as unknown as { macros: Map<string, Macro> }).macros;
    const [macro] = [...macros.values()];
    expect(macro).toMatchObject({ name: "Aurore: Etiquette", type: "script", command: `game.fray.useItem(${JSON.stringify(etiquette.uuid)});` });
    expect(hotbarOf(game.user as never)[3]).toBe(macro!.id);
    // The same specialty again reuses its macro.
    dropOnHotbar({ type: "Item", uuid: etiquette.uuid }, 4);
    await settle();
    expect(macros.size).toBe(1);
    expect(hotbarOf(game.user as never)[4]).toBe(macro!.id);

    await (game as unknown as { fray: { useItem(uuid: string): Promise<unknown> } }).fray.useItem(etiquette.uuid);
    await settle();
    expect(dialog("fray-check-dialog")).not.toBeNull();
  });

  it("keeps macros made before useItem working: game.fray.rollSpecialty rolls the specialty", async () => {
    const actor = await makeActor();
    await (game as unknown as { fray: { rollSpecialty(uuid: string): Promise<unknown> } }).fray.rollSpecialty(itemNamed(actor, "Etiquette").uuid);
    await settle();
    expect(dialog("fray-check-dialog")).not.toBeNull();
  });

  it("makes a weapon's macro open the attack dialog, and leaves armour, actors and world items to Foundry", async () => {
    const actor = await makeActor();
    const rapier = itemNamed(actor, "Rapier");
    expect(dropOnHotbar({ type: "Item", uuid: rapier.uuid }, 1)).toBe(false);
    await settle();
    const macros = (game as unknown as { macros: Map<string, Macro> }).macros;
    expect([...macros.values()].map((m) => m.command)).toEqual([`game.fray.useItem(${JSON.stringify(rapier.uuid)});`]);
    expect(dropOnHotbar({ type: "Actor", uuid: actor.uuid }, 1)).toBe(true);
    expect(dropOnHotbar({ type: "Item", uuid: itemNamed(actor, "Buckler").uuid }, 2)).toBe(true);
  });
});

// Keep the Item type import used for readers of the shapes above.
export type { Item };
