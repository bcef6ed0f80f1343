/**
 * The Personal Combat sheet, attack dialog and turn planner as a player clicks them, against the
 * harness, through to the cards they open: the sheet shows what the table needs, the attack goes at
 * the targeted token with the chosen weapon, the planner counts actions live and refuses a plan over
 * the cap with the reason, and a weapon's formula the rules cannot read is refused on its sheet.
 */
import { describe, expect, it } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { bootWorld } from "./world.js";
import { sheetDialogs } from "./sheet-dialogs.js";

const { harness, game } = bootWorld(
  "cavaliers",
  {
    templates: ["dialog/personal-attack.hbs", "dialog/personal-turn.hbs", "dialog/personal-turn-summary.hbs", "dialog/footer.hbs"], users: ["Ada"],
    actors: (u) => ({
      ines: {
        name: "Ines",
        type: "personalCharacter",
        ownership: { default: 1, [u.ada.id]: 3 },
        system: { resolve: { value: 9, max: 12 }, defense: 11, initiativeRank: 3, stamina: 2, control: 1, fatesIgnored: 1, fates: ["Shaken"], armor: [{ type: "physical", rating: 1 }, { type: "fire", rating: 2 }] },
        items: [
          { name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } },
          { name: "Crossbow", type: "personalWeapon", system: { attack: "1d20", damage: "1d10", damageType: "physical", piercing: true } },
          { name: "Mail", type: "personalArmour", system: { ratings: [{ type: "physical", rating: 2 }], worn: true } },
        ],
      },
      guard: { name: "Guard", type: "personalNpc", ownership: { default: 1 }, system: { resolve: { value: 12, max: 12 }, defense: 10 } },
    }),
  },
  (w) => {
    ({ ada } = w.users);
    ({ ines, guard } = w.actors);
  },
);
const { settle, dialog, openSheet, clickOpen, change } = sheetDialogs(harness);

let ada: User;
let ines: Actor;
let guard: Actor;

type Card = { kind: string; state: string; request: Record<string, unknown>; rules: Record<string, unknown> };
const lastCard = () => (game.messages.contents.at(-1) as unknown as { system: { toObject(): Card } } | undefined)?.system.toObject();
const itemNamed = (actor: Actor, name: string) => (actor as unknown as { items: { contents: { id: string; name: string; system: Record<string, unknown>; update(d: object): Promise<unknown> }[] } }).items.contents.find((i) => i.name === name)!;

async function submit(form: HTMLFormElement): Promise<void> {
  form.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
  await settle();
  for (let i = 0; i < 20; i++) await (await import("../../src/foundry/cards/index.js")).cardsIdle();
}

/** The Guard's token on a scene, targeted by the current user as a Token placeable (its actor and its document). */
async function targetGuard(): Promise<string> {
  const user = game.user as User;
  harness.switchUser(game.users.contents[0] as User);
  const Scene = (globalThis as unknown as { foundry: { documents: { Scene: { create(d: object): Promise<{ tokens: { contents: { uuid: string; id: string; name: string }[] } }> } } } }).foundry.documents.Scene;
  const scene = await Scene.create({ name: "Yard", tokens: [{ name: "Guard", actorId: guard.id, actorLink: true }] });
  const token = scene.tokens.contents[0]!;
  harness.switchUser(user);
  (game.user as unknown as { targets: Set<unknown> }).targets.add({ id: token.id, name: token.name, actor: guard, document: token });
  return token.uuid;
}

describe("personal sheet", () => {
  it("shows Initiative rank, Defense, Armor Rating per damage type, Resolve, Wounded, Stamina, Control, fates, ignores and weapons", async () => {
    const sheet = await openSheet(ines);
    const value = (name: string) => (sheet.querySelector(`[name="${name}"]`) as HTMLInputElement).value;
    expect([value("system.initiativeRank"), value("system.defense"), value("system.stamina"), value("system.control"), value("system.resolve.value"), value("system.resolve.max")]).toEqual(["3", "11", "2", "1", "9", "12"]);
    expect((sheet.querySelector('[name="system.wounded"]') as HTMLInputElement).checked).toBe(false);
    expect(value("system.fates.0")).toBe("Shaken");
    expect(sheet.querySelector('[data-derived="ignoresLeft"]')?.textContent).toContain("1 of 2");
    // Natural 1 + worn Mail 2 against physical; fire 2, natural only.
    const totals = [...sheet.querySelectorAll(".fray-armor-totals tr[data-damage-type]")].map((row) => [...row.children].map((cell) => cell.textContent!.trim()).filter(Boolean).join(" "));
    expect(totals).toEqual(["physical 3 2 from worn armour", "fire 2"]);
    const weapons = [...sheet.querySelectorAll('[data-list="weapons"] .fray-item-row')].map((row) => row.textContent!.replace(/\s+/g, " ").trim());
    expect(weapons).toEqual(["Crossbow Attack 1d20 · Damage 1d10 physical · Piercing", "Sabre Attack 1d20+2 · Damage 2d6 physical"]);
    const actions = [...sheet.querySelectorAll(".fray-actions [data-action]")].map((b) => (b as HTMLElement).dataset.action);
    expect(actions).toEqual(["attack", "planTurn", "rest"]);
    expect(sheet.textContent).not.toMatch(/FRAY\./);
    await ines.update({ "system.wounded": true });
    const wounded = await openSheet(ines);
    expect(wounded.querySelector('.fray-actions [data-action="fallenFate"]')).not.toBeNull();
  });

  it("takes weapons and armour from a drop and refuses another ruleset's item", async () => {
    const sheet = await openSheet(ines);
    expect(sheet.querySelector('[data-list="armour"]')?.textContent).toContain("Mail");
    const cls = harness.CONFIG.Item.documentClass as unknown as { create(d: object): Promise<unknown> };
    const rapier = await cls.create({ name: "Rapier", type: "cavaliersWeapon" });
    const drop = (ines.sheet as unknown as { _onDropItem(e: unknown, item: unknown): Promise<unknown> })._onDropItem({}, rapier);
    expect(await drop).toBeNull();
    expect(harness.notifications.at(-1)?.message).toContain("Rapier");
  });

  it("a weapon formula the rules cannot read is refused with the reason; the weapon keeps its formula", async () => {
    const sabre = itemNamed(ines, "Sabre");
    expect(await sabre.update({ "system.damage": "2x6" })).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toMatch(/Damage Roll: formula "2x6"/);
    expect(itemNamed(ines, "Sabre").system.damage).toBe("2d6");
  });

  it("Attack: without a target it says so; with one, the dialog's weapon is the one the card rolls", async () => {
    harness.switchUser(ada);
    const sheet = await openSheet(ines);
    (sheet.querySelector('[data-action="attack"]') as HTMLElement).click();
    await settle();
    expect(harness.notifications.at(-1)?.message).toContain("Target one token");
    const tokenUuid = await targetGuard();
    const form = await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-personal-attack");
    expect(form.textContent).toContain("Guard");
    const options = [...form.querySelectorAll('select[name="weapon"] option')].map((o) => o.textContent);
    expect(options).toEqual(["Crossbow", "Sabre"]);
    change(form.querySelector('select[name="weapon"]'), (el) => (el.value = itemNamed(ines, "Sabre").id));
    await settle();
    expect(dialog("fray-personal-attack")!.querySelector(".fray-weapon-facts")?.textContent).toContain("1d20+2");
    queueFaces(3);
    await submit(dialog("fray-personal-attack")!);
    const card = lastCard()!;
    expect(card).toMatchObject({ kind: "personal.attack", request: { weapon: itemNamed(ines, "Sabre").id } });
    expect((game.messages.contents.at(-1) as unknown as { system: { toObject(): { refs: { target: { token: string } } } } }).system.toObject().refs.target.token).toBe(tokenUuid);
  });

  it("shows the exact odds of the chosen weapon, follows a change of weapon, and posts the card in the chosen roll mode", async () => {
    harness.switchUser(ada);
    await targetGuard();
    const sheet = await openSheet(ines);
    const form = await clickOpen(sheet.querySelector('[data-action="attack"]'), "fray-personal-attack");
    const odds = () => Object.fromEntries([...dialog("fray-personal-attack")!.querySelectorAll<HTMLElement>("dd[data-odds]")].map((d) => [d.dataset.odds, d.textContent]));
    // Crossbow 1d20 against the Guard's Defense 10: a hit on 10 to 20, 11 faces of 20; 1d10 damage, no Armor: 5.5 on a hit.
    expect((form.querySelector('select[name="weapon"]') as HTMLSelectElement).value).toBe(itemNamed(ines, "Crossbow").id);
    expect(odds()).toMatchObject({ Hit: "55%", "Damage after Armor": "5.5 on a hit, on average" });
    // Sabre 1d20+2: a hit on a natural 8 or more, 13 of 20; 2d6 averages 7.
    change(form.querySelector('select[name="weapon"]'), (el) => (el.value = itemNamed(ines, "Sabre").id));
    await settle();
    expect(odds()).toMatchObject({ Hit: "65%", "Damage after Armor": "7.0 on a hit, on average" });
    // Only a hit with double six takes all 12 of the Guard's Resolve: 13/20 × 1/36 = 1.8%.
    expect(odds()["Leaves the target Wounded"]).toBe("2%");
    const modes = [...dialog("fray-personal-attack")!.querySelectorAll('select[name="rollMode"] option')].map((o) => (o as HTMLOptionElement).value);
    expect(modes).toEqual(["publicroll", "gmroll", "blindroll", "selfroll"]);
    change(dialog("fray-personal-attack")!.querySelector('select[name="rollMode"]'), (el) => (el.value = "gmroll"));
    await settle();
    queueFaces(3);
    await submit(dialog("fray-personal-attack")!);
    const message = game.messages.contents.at(-1) as unknown as { whisper: string[]; blind: boolean; system: { toObject(): Card } };
    expect(message.system.toObject()).toMatchObject({ kind: "personal.attack", request: { weapon: itemNamed(ines, "Sabre").id } });
    expect(message.whisper).toContain(ada.id);
    expect(message.whisper).toContain(game.users.contents.find((u) => (u as unknown as { isGM: boolean }).isGM)!.id);
    expect(message.blind).toBe(false);
  });

  it("a weapon's own attack button picks that weapon", async () => {
    harness.switchUser(ada);
    await targetGuard();
    const sheet = await openSheet(ines);
    const row = sheet.querySelector(`[data-item-id="${itemNamed(ines, "Crossbow").id}"]`)!;
    const form = await clickOpen(row.querySelector('[data-action="attackWith"]'), "fray-personal-attack");
    expect((form.querySelector('select[name="weapon"]') as HTMLSelectElement).value).toBe(itemNamed(ines, "Crossbow").id);
    queueFaces(2);
    await submit(form);
    expect(lastCard()).toMatchObject({ kind: "personal.attack", request: { weapon: itemNamed(ines, "Crossbow").id }, state: "closed" });
  });

  it("Rest opens a Rest card that gives the ignores back", async () => {
    harness.switchUser(ada);
    const sheet = await openSheet(ines);
    (sheet.querySelector('[data-action="rest"]') as HTMLElement).click();
    await settle();
    await (await import("../../src/foundry/cards/index.js")).cardsIdle();
    expect(lastCard()).toMatchObject({ kind: "personal.rest", state: "applied" });
    expect((ines.system as unknown as { fatesIgnored: number }).fatesIgnored).toBe(0);
  });
});

describe("the turn planner", () => {
  it("counts the actions as they are chosen, refuses a plan over the cap with the reason, and declares a valid one", async () => {
    harness.switchUser(ada);
    const sheet = await openSheet(ines);
    const form = await clickOpen(sheet.querySelector('[data-action="planTurn"]'), "fray-personal-turn");
    const bands = [...form.querySelectorAll('select[name="from"] option')].map((o) => o.textContent);
    expect(bands).toEqual(["No Move", "Engaged", "Near", "Far", "Distant"]);
    // Issue 38 item 6: the free-action fields offer the free actions (the house default list: the chapter names none).
    expect([...form.querySelectorAll("datalist#fray-free-actions option")].map((o) => o.getAttribute("value"))).toEqual(["Draw a weapon", "Sheathe a weapon", "Drop an item", "Shout a warning"]);
    const planner = () => dialog("fray-personal-turn")!;
    change(planner().querySelector('select[name="action"]'), (el) => (el.value = "Attack"));
    await settle();
    // Issue 37: a typed free action's change comes on the mousedown of the Declare click; the button stays the same, so the click lands.
    const declare = planner().querySelector<HTMLButtonElement>('button[type="submit"]')!;
    change(planner().querySelector('input[name="free.0"]'), (el) => (el.value = "Draw dagger"));
    await settle();
    expect(planner().querySelector("[data-count]")?.textContent).toBe("2 of 2 actions, free ones included");
    expect(declare.isConnected).toBe(true);
    change(planner().querySelector('input[name="free.1"]'), (el) => (el.value = "Shout"));
    await settle();
    expect(planner().querySelector(".fray-problems")?.textContent).toContain("3 actions, free ones included, is over the cap of 2.");
    // Never "3 of 2 actions".
    expect(planner().querySelector("[data-count]")?.textContent).toBe("3 actions, free ones included: 1 over the limit of 2");
    expect((planner().querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(true);
    change(planner().querySelector('select[name="from"]'), (el) => (el.value = "Engaged"));
    await settle();
    change(planner().querySelector('select[name="to"]'), (el) => (el.value = "Far"));
    await settle();
    expect(planner().querySelector(".fray-problems")?.textContent).toContain("A Move goes to the next range band: Engaged to Far is 2 bands.");
    change(planner().querySelector('select[name="to"]'), (el) => (el.value = "Near"));
    change(planner().querySelector('input[name="gainMomentum"]'), (el) => (el.checked = true));
    await settle();
    expect(planner().querySelector("[data-count]")?.textContent).toBe("3 of 3 actions, free ones included");
    expect(planner().querySelector(".fray-problems")).toBeNull();
    await submit(planner());
    expect(lastCard()).toMatchObject({
      kind: "personal.turn",
      state: "closed",
      request: { move: { from: "Engaged", to: "Near" }, actions: [{ name: "Attack", free: false }, { name: "Draw dagger", free: true }, { name: "Shout", free: true }], gainMomentum: true },
    });
    expect(dialog("fray-personal-turn")).toBeNull();
  });
});
