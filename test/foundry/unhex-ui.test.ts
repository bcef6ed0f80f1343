/**
 * Unhex's dialogs in the harness, opened from the sheet as a player opens them: the attack dialog
 * shows the exact chance to hit for each reaction the target may still declare and follows the
 * weapon chosen; the check dialog's chance follows the "good at this" box; both pass the roll mode
 * chosen to the card.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { unhexRules } from "../../src/rules/unhex/index.js";
import { bootUnhex, t, card, type Message } from "./unhex-fixtures.js";
import { sheetDialogs } from "./sheet-dialogs.js";

let percent: (p: number) => string;
const { harness, fx } = bootUnhex();
const { settle, dialog, openSheet, clickOpen, change } = sheetDialogs(harness);
beforeAll(async () => {
  ({ percent } = await import("../../src/foundry/cards/index.js"));
});

beforeEach(() => {
  for (const dialog of document.querySelectorAll(".fray-dialog")) dialog.remove();
});

const shown = (cls: string) => Object.fromEntries([...dialog(cls)!.querySelectorAll<HTMLElement>("[data-odds]")].map((dd) => [dd.dataset.odds, dd.textContent]));
const targetToken = (token: unknown) => (token as { object: { setTarget(on: boolean): void } }).object.setTarget(true);
const lastMessage = () => harness.game.messages.contents.at(-1) as unknown as Message;

describe("the Unhex attack dialog", () => {
  it("shows the exact chance to hit for each reaction the Guard may declare, and drops Defend when Ada takes her pistol (no cover in the bar)", async () => {
    const pistol = (t.ada as unknown as { items: { contents: { name: string; update(d: object): Promise<unknown> }[] } }).items.contents.find((i) => i.name === "Pistol")!;
    await pistol.update({ "system.held": true });
    harness.switchUser(t.users.ada);
    targetToken(t.tokens.guard);
    const sheet = await openSheet(t.ada);
    await clickOpen(sheet.querySelector('[data-action="unhexAttack"]'), "fray-unhex-attack-dialog");
    const odds = unhexRules.actions.attack!.odds!;
    // Ada (50, a PC) against the Guard (50) in the bar, as the rules count it.
    const expected = (weapon: string, reaction: string) =>
      odds.exact({ attacker: { name: "Ada", level: 50, pc: true, area: "bar", weapon }, target: { name: "Guard", level: 50, area: "bar" }, reaction, roll: true });
    const knife = shown("fray-unhex-attack-dialog");
    expect(Object.keys(knife)).toEqual(["No reaction", "If she Defends", "If she Counterattacks"]);
    expect(knife["No reaction"]).toBe(`hits ${percent(expected("melee", "none").chances.hit!)}`);
    expect(knife["If she Defends"]).toBe(`hits ${percent(expected("melee", "defend").chances.hit!)}`);
    const counter = expected("melee", "counterattack");
    expect(knife["If she Counterattacks"]).toBe(`hits ${percent(counter.chances.hit!)}; hit back ${percent(counter.chances.counterHit!)}`);
    expect(expected("melee", "defend").chances.hit).toBeLessThan(expected("melee", "none").chances.hit!);

    // The pistol in hand too: a shot at a target without cover cannot be Defended.
    const form = dialog("fray-unhex-attack-dialog")!;
    const select = form.querySelector<HTMLSelectElement>('[name="weapon"]')!;
    const pistolId = [...select.options].find((o) => o.textContent!.includes("Pistol"))!.value;
    change(select, (el) => (el.value = pistolId));
    await settle();
    expect(Object.keys(shown("fray-unhex-attack-dialog"))).toEqual(["No reaction", "If she Counterattacks"]);
  });

  it("RULINGS.md §unhex (a full arm drops what it holds): Bea's sheet and attack dialog say why her two-handed rifle cannot fire with one usable arm", async () => {
    harness.switchUser(t.gm);
    await (t.bea as unknown as { update(d: object): Promise<unknown> }).update({ "system.wounds.rightArm": 5 });
    harness.switchUser(t.users.bob);
    targetToken(t.tokens.guard);
    const sheet = await openSheet(t.bea);
    expect(sheet.textContent).toContain("Bea has one usable arm: Rifle takes two hands");
    const form = await clickOpen(sheet.querySelector('[data-action="unhexAttack"]'), "fray-unhex-attack-dialog");
    expect([...form.querySelectorAll(".fray-problems li")].map((li) => li.textContent)).toEqual(["Rifle: Bea has one usable arm: Rifle takes two hands"]);
    expect(form.querySelector<HTMLButtonElement>("button[type='submit']")?.disabled).toBe(true);
  });

  it("does not open for a token that stands between Areas, and says why", async () => {
    // The GM sets Ada down in the gap below the bar.
    await t.tokens.ada.update({ y: t.at("bar").y + 200 }, { fray: { ruling: true } });
    await harness.flush();
    harness.switchUser(t.users.ada);
    targetToken(t.tokens.guard);
    const sheet = await openSheet(t.ada);
    (sheet.querySelector('[data-action="unhexAttack"]') as HTMLElement).click();
    await settle();
    expect(dialog("fray-unhex-attack-dialog")).toBeNull();
    expect(harness.notifications.at(-1)?.message).toBe("Ada stands between Areas: move the token into one first.");
  });

  it("seed 002 §Maps (issue 36 item 10): without Areas a player's range and cover ask the GM, who rules on the card; the odds are those of the ruling asked for", async () => {
    harness.switchUser(t.gm);
    const regions = (t.scene as unknown as { regions: { contents: { id: string }[] } }).regions.contents.map((r) => r.id);
    await (t.scene as unknown as { deleteEmbeddedDocuments(n: string, ids: string[]): Promise<unknown> }).deleteEmbeddedDocuments("Region", regions);
    const pistol = (t.ada as unknown as { items: { contents: { name: string; update(d: object): Promise<unknown> }[] } }).items.contents.find((i) => i.name === "Pistol")!;
    await pistol.update({ "system.held": true });
    harness.switchUser(t.users.ada);
    targetToken(t.tokens.guard);
    const sheet = await openSheet(t.ada);
    const form = await clickOpen(sheet.querySelector('[data-action="unhexAttack"]'), "fray-unhex-attack-dialog");
    expect(form.querySelector("[data-fray-ruling]")?.textContent).toContain("The GM rules the range and cover");
    change(form.querySelector('[name="range"]'), (el) => (el.value = "1"));
    await settle();
    change(dialog("fray-unhex-attack-dialog")!.querySelector('[name="cover"]'), (el) => (el.checked = true));
    await settle();
    const odds = unhexRules.actions.attack!.odds!;
    const inCover = odds.exact({ attacker: { name: "Ada", level: 50, pc: true, area: "here", weapon: "one-handed-ranged" }, target: { name: "Guard", level: 50, area: "there" }, ruling: { range: 1, cover: true }, reaction: "defend", roll: true });
    // In cover the Guard may Defend against her shot: the line is there, at the rules' odds.
    expect(shown("fray-unhex-attack-dialog")["If she Defends"]).toBe(`hits ${percent(inCover.chances.hit!)}`);
    dialog("fray-unhex-attack-dialog")!.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
    await settle();
    const message = lastMessage();
    expect(card(message).request).toMatchObject({ asked: { range: 1, cover: true } });
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "ruling", by: "gm" });
    // The GM's own dialog says hers is the ruling.
    harness.switchUser(t.gm);
    const guardSheet = await openSheet(t.guard);
    targetToken(t.tokens.ada);
    const gmForm = await clickOpen(guardSheet.querySelector('[data-action="unhexAttack"]'), "fray-unhex-attack-dialog");
    expect(gmForm.querySelector("[data-fray-ruling]")?.textContent).toContain("your range and cover are the ruling");
  });

  it("opens the card with the roll mode chosen", async () => {
    harness.switchUser(t.users.ada);
    targetToken(t.tokens.guard);
    const sheet = await openSheet(t.ada);
    const form = await clickOpen(sheet.querySelector('[data-action="unhexAttack"]'), "fray-unhex-attack-dialog");
    change(form.querySelector('[name="rollMode"]'), (el) => (el.value = "gmroll"));
    await settle();
    dialog("fray-unhex-attack-dialog")!.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
    await settle();
    const message = lastMessage();
    expect(card(message).kind).toBe("unhex.attack");
    expect(message.whisper.length).toBeGreaterThan(0);
  });
});

describe("the GM's out-of-turn override on an act's dialog (seed 002 §Rounds, issue 36 item 8)", () => {
  /** Round 1's initiative: Ada wins and puts the Hostile team first, so the Friendly team may only react. */
  async function hostileFirst(): Promise<void> {
    harness.switchUser(t.users.ada);
    const combatant = t.combatants.find((c) => c.name === "Ada")!;
    await (t.combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([combatant.id!]);
    await harness.flush();
    const message = lastMessage();
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 3, 2);
    await fx.choose(t.gm, message, "rolls.hostile", "true", 7, 1);
    await fx.choose(t.users.ada, message, "order", "hostile,friendly");
  }
  const flags = () => JSON.stringify((t.combat as unknown as { flags: unknown }).flags);

  it("the GM's attack dialog for Ada in the Hostile team's turn offers \"Out of turn (GM ruling)\" with the reason; ticked, the card records her override; Ada's own dialog never offers it", async () => {
    await hostileFirst();
    harness.switchUser(t.users.ada);
    targetToken(t.tokens.guard);
    let form = await clickOpen((await openSheet(t.ada)).querySelector('[data-action="unhexAttack"]'), "fray-unhex-attack-dialog");
    expect(form.querySelector('[name="outOfTurn"]')).toBeNull();
    form.remove();
    harness.switchUser(t.gm);
    targetToken(t.tokens.guard);
    form = await clickOpen((await openSheet(t.ada)).querySelector('[data-action="unhexAttack"]'), "fray-unhex-attack-dialog");
    expect(form.querySelector("[data-fray-out-of-turn]")?.textContent).toContain("Out of turn (GM ruling)");
    expect(form.querySelector("[data-fray-out-of-turn]")?.textContent).toContain("It is the Hostile team's turn: Ada of the Friendly team may only react now");
    // Unticked, the card is refused as any act out of turn; ticked, it opens with the override on it.
    const count = harness.game.messages.contents.length;
    form.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
    await settle();
    expect(harness.game.messages.contents.length).toBe(count);
    expect(harness.notifications.at(-1)?.message).toContain("may only react now");
    form = await clickOpen((await openSheet(t.ada)).querySelector('[data-action="unhexAttack"]'), "fray-unhex-attack-dialog");
    change(form.querySelector('[name="outOfTurn"]'), (el) => (el.checked = true));
    await settle();
    dialog("fray-unhex-attack-dialog")!.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
    await settle();
    const message = lastMessage();
    expect(card(message)).toMatchObject({ kind: "unhex.attack", request: { outOfTurn: { team: "friendly", turn: "hostile" } } });
    expect((await message.renderHTML()).textContent).toContain("GM's override: the Friendly team acts in the Hostile team's turn.");
  });

  it("the items dialog offers it to the GM alone too; a player's request naming an override is refused, in her team's turn or not, and changes nothing", async () => {
    await hostileFirst();
    harness.switchUser(t.gm);
    let form = await clickOpen((await openSheet(t.ada)).querySelector('[data-action="unhexItems"]'), "fray-unhex-items-dialog");
    expect(form.querySelector('[name="outOfTurn"]')).not.toBeNull();
    form.remove();
    harness.switchUser(t.users.ada);
    form = await clickOpen((await openSheet(t.ada)).querySelector('[data-action="unhexItems"]'), "fray-unhex-items-dialog");
    expect(form.querySelector('[name="outOfTurn"]')).toBeNull();
    form.remove();
    const { ask } = await import("../../src/foundry/relay/index.js");
    const knife = (t.ada as unknown as { items: { contents: { id: string; name: string }[] } }).items.contents.find((i) => i.name === "Knife")!.id;
    const refs = { attacker: { actor: t.ada.uuid, token: t.tokens.ada.uuid }, target: { actor: t.guard.uuid, token: t.tokens.guard.uuid } };
    const before = flags();
    const count = harness.game.messages.contents.length;
    const refused = "Only the GM may let a character act outside her team's turn; nothing changed.";
    expect(await ask("card.open", { kind: "unhex.attack", refs, request: { weapon: knife, outOfTurn: true }, roll: null })).toMatchObject({ ok: false, reason: refused });
    expect(await ask("card.open", { kind: "unhex.items", refs: { actor: refs.attacker }, request: { hands: {}, outOfTurn: true }, roll: null })).toMatchObject({ ok: false, reason: refused });
    // In her own team's turn the box is still the GM's: the GM passes the turn to the Friendly team.
    harness.switchUser(t.gm);
    for (let i = 0; i < 2; i++) await (t.combat as unknown as { nextTurn(): Promise<unknown> }).nextTurn();
    await harness.flush();
    harness.switchUser(t.users.ada);
    expect(await ask("card.open", { kind: "unhex.attack", refs, request: { weapon: knife, outOfTurn: false }, roll: null })).toMatchObject({ ok: false, reason: refused });
    expect(harness.game.messages.contents.length).toBe(count);
    // The turn passed; nothing else moved.
    expect(JSON.parse(flags()).fray.unhex).toEqual(JSON.parse(before).fray.unhex);
    expect(await ask("card.open", { kind: "unhex.attack", refs, request: { weapon: knife }, roll: null })).toMatchObject({ ok: true });
  });
});

describe("the Unhex check dialog", () => {
  it("shows the chance of success, which rises when Ada says she is good at it; the card says so", async () => {
    harness.switchUser(t.users.ada);
    const sheet = await openSheet(t.ada);
    await clickOpen(sheet.querySelector('[data-action="unhexCheck"]'), "fray-unhex-roll-dialog");
    const odds = unhexRules.actions.check!.odds!;
    const chance = (good: boolean) => percent(odds.exact({ character: { name: "Ada", level: 50, pc: true, ...(good ? { good: true } : {}) } }).chances.success!);
    expect(shown("fray-unhex-roll-dialog")).toEqual({ "Chance of success": chance(false) });
    change(dialog("fray-unhex-roll-dialog")!.querySelector('[name="good"]'), (el) => (el.checked = true));
    await settle();
    expect(shown("fray-unhex-roll-dialog")).toEqual({ "Chance of success": chance(true) });
    expect(chance(true)).not.toBe(chance(false));
    dialog("fray-unhex-roll-dialog")!.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
    await settle();
    expect(card(lastMessage())).toMatchObject({ kind: "unhex.check", request: { good: true } });
  });

  it("an opposed roll against the one target shows the chance to win", async () => {
    harness.switchUser(t.users.ada);
    targetToken(t.tokens.guard);
    const sheet = await openSheet(t.ada);
    await clickOpen(sheet.querySelector('[data-action="unhexOpposed"]'), "fray-unhex-roll-dialog");
    const odds = unhexRules.actions.opposed!.odds!.exact({ a: { name: "Ada", level: 50, pc: true }, b: { name: "Guard", level: 50 } });
    expect(shown("fray-unhex-roll-dialog")).toEqual({ "Chance to win": `${percent(odds.chances.aWins!)} (tie ${percent(odds.chances.tie!)})` });
  });
});
