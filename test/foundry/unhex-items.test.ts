/**
 * Seed 002 §Use or manage items at the table: the card a player opens from her sheet's dialog. Ada
 * holds her knife and carries a pistol; in the fight, stowing the knife and drawing the pistol is
 * her action; dropping is free; pulling a lever fixed to her Area is her action; Apply sets the In
 * hand boxes and spends the action; Undo puts both back. The hostile half: another player's items,
 * an item not hers, a choice the game does not have, a use out of her hands, no action left: each
 * refused, nothing changed.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import type { FoundryHarness } from "../../playground/foundry/index.js";
import { runCli } from "../../src/cli/run.js";
import { card, itemId, type Message, type UnhexTable, useUnhexTable } from "./unhex-fixtures.js";
import { headlineOf } from "./card-words.js";

let harness: FoundryHarness;
let unhex: typeof import("../../src/foundry/rulesets/unhex/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");
let t: UnhexTable;

useUnhexTable((session) => ({ harness, t } = session));
beforeAll(async () => {
  unhex = await import("../../src/foundry/rulesets/unhex/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
});
beforeEach(() => {
  for (const dialog of document.querySelectorAll(".fray-dialog")) dialog.remove();
});

const budget = (name: string) => {
  const id = recordKey(t.combatants.find((c) => c.name === name)!);
  return ((t.combat as unknown as { flags: { fray?: { unhex?: Record<string, { available: number; owed: number }> } } }).flags.fray?.unhex ?? {})[id];
};
const held = (actor: typeof t.ada) => Object.fromEntries((actor as unknown as { items: { contents: { name: string; system: { held?: boolean } }[] } }).items.contents.map((item) => [item.name, item.system.held === true]));
const messages = () => harness.game.messages.contents.length;
const notice = () => harness.notifications.at(-1)?.message ?? "";

async function items(user: typeof t.gm, actor: typeof t.ada, token: { uuid: string } | null, hands: Record<string, string>, use?: Record<string, string>): Promise<Message | undefined> {
  harness.switchUser(user);
  const message = await unhex.postUnhexItems({ actor: actor.uuid, token: token?.uuid ?? null, hands: hands as never, ...(use ? { use: use as never } : {}) });
  await cards.cardsIdle();
  await harness.flush();
  return message as unknown as Message | undefined;
}

function replays(message: Message): void {
  const cli = runCli(["resolve"], () => JSON.stringify(cards.requestOf(card(message) as never, message as never)));
  expect(cli.code, cli.stderr).toBe(0);
  const printed = JSON.parse(cli.stdout) as { result: unknown; steps: unknown };
  expect(printed.result).toEqual(JSON.parse(JSON.stringify(card(message).outcome.result)));
  expect(printed.steps).toEqual(JSON.parse(JSON.stringify((card(message).outcome as unknown as { steps: unknown }).steps)));
}

describe("seed 002 §Use or manage items: the card", () => {
  it("Ada stows her knife and draws her pistol: one action; Apply ticks the boxes; Undo puts them back", async () => {
    expect(held(t.ada)).toEqual({ Knife: true, Pistol: false });
    const message = (await items(t.users.ada, t.ada, t.tokens.ada, { [itemId(t.ada, "Knife")]: "stow", [itemId(t.ada, "Pistol")]: "hand" }))!;
    expect(card(message)).toMatchObject({ kind: "unhex.items", state: "applied" });
    expect(card(message).outcome.result).toMatchObject({ action: true, held: [{ name: "Pistol", hands: 1 }] });
    expect(held(t.ada)).toEqual({ Knife: false, Pistol: true });
    expect(budget("Ada")).toMatchObject({ available: 0, owed: 0 });
    const text = (await message.renderHTML()).textContent ?? "";
    // Issue 38 item 1: the first line says what she did with her items and what it cost.
    expect(headlineOf(await message.renderHTML())).toBe("Ada rearranges her hands: takes Pistol, stows Knife (one action). Her action is spent.");
    expect(text).not.toMatch(/FRAY\./);
    replays(message);
    harness.switchUser(t.gm);
    const { ask } = await import("../../src/foundry/relay/index.js");
    expect(await ask("card.undo", { message: message.id })).toMatchObject({ ok: true });
    await harness.flush();
    expect(held(t.ada)).toEqual({ Knife: true, Pistol: false });
    expect(budget("Ada")?.available).toBeUndefined();
  });

  it("dropping the knife costs no action; the next rearrangement then has her action to spend", async () => {
    const message = (await items(t.users.ada, t.ada, t.tokens.ada, { [itemId(t.ada, "Knife")]: "drop" }))!;
    expect(card(message).outcome.result).toEqual({ action: false, held: [] });
    expect(held(t.ada)).toEqual({ Knife: false, Pistol: false });
    expect(budget("Ada")).toBeUndefined();
    expect((await message.renderHTML()).textContent).toContain("Ada drops Knife (no action).");
    await items(t.users.ada, t.ada, t.tokens.ada, { [itemId(t.ada, "Pistol")]: "hand" });
    expect(budget("Ada")).toMatchObject({ available: 0 });
    // With no action left, a further rearrangement is refused and changes nothing.
    const before = messages();
    expect(await items(t.users.ada, t.ada, t.tokens.ada, { [itemId(t.ada, "Pistol")]: "stow" })).toBeUndefined();
    expect(notice()).toContain("no action left this round");
    expect(messages()).toBe(before);
    expect(held(t.ada)).toEqual({ Knife: false, Pistol: true });
  });

  it("Ada pulls the lever fixed to the bar, where she stands: her action; the knife in her hand is used the same way", async () => {
    const lever = (await items(t.users.ada, t.ada, t.tokens.ada, {}, { fixed: "lever" }))!;
    expect(card(lever).outcome.result).toEqual({ action: true, held: [{ name: "Knife", hands: 1, id: itemId(t.ada, "Knife") }], used: { item: "lever", fixedIn: "bar" } });
    expect((await lever.renderHTML()).textContent).toContain("Ada uses the lever in Bar.");
    expect(budget("Ada")).toMatchObject({ available: 0 });
    const bea = (await items(t.users.bob, t.bea, t.tokens.bea, {}, { item: itemId(t.bea, "Rifle") }))!;
    expect(card(bea).outcome.result).toMatchObject({ action: true, used: { item: "Rifle" } });
    expect((await bea.renderHTML()).textContent).toContain("Bea uses the Rifle in her hands.");
  });
});

describe("seed 002 §Use or manage items: what a player cannot do", () => {
  it("Bob cannot work Ada's items; nobody names another's item, a choice the game lacks, or uses what is not in hand", async () => {
    const before = messages();
    const heldBefore = held(t.ada);
    expect(await items(t.users.bob, t.ada, t.tokens.ada, { [itemId(t.ada, "Pistol")]: "hand" })).toBeUndefined();
    expect(await items(t.users.ada, t.ada, t.tokens.ada, { [itemId(t.guard, "Club")]: "hand" })).toBeUndefined();
    expect(notice()).toContain("Ada has no such item she could hold");
    expect(await items(t.users.ada, t.ada, t.tokens.ada, { [itemId(t.ada, "Pistol")]: "throw" })).toBeUndefined();
    expect(await items(t.users.ada, t.ada, t.tokens.ada, {}, { item: itemId(t.ada, "Pistol") })).toBeUndefined();
    expect(notice()).toContain('has no "');
    expect(await items(t.users.ada, t.ada, t.tokens.ada, {}, { fixed: "   " })).toBeUndefined();
    expect(notice()).toContain("Name the thing she uses");
    expect(await items(t.users.ada, t.ada, t.tokens.ada, { [itemId(t.ada, "Knife")]: "hand" })).toBeUndefined();
    expect(notice()).toContain("say what she does");
    // A forged request straight to the GM, with Bob asking for Ada: refused the same.
    harness.switchUser(t.users.bob);
    const { ask } = await import("../../src/foundry/relay/index.js");
    expect(await ask("card.open", { kind: "unhex.items", refs: { actor: { actor: t.ada.uuid } }, request: { hands: { [itemId(t.ada, "Pistol")]: "hand" } }, roll: null })).toMatchObject({ ok: false });
    expect(messages()).toBe(before);
    expect(held(t.ada)).toEqual(heldBefore);
  });
});

describe("the sheet's Use or manage items button", () => {
  it("opens the dialog with each item where it is; choosing and taking the action opens the card", async () => {
    harness.switchUser(t.users.ada);
    const sheet = t.ada.sheet as unknown as { render(o: object): Promise<{ element: HTMLElement }> };
    const app = await sheet.render({ force: true });
    await harness.flush();
    const button = app.element.querySelector<HTMLElement>("[data-action='unhexItems']");
    expect(button?.textContent).toContain("Use or manage items");
    button!.click();
    let form: HTMLFormElement | null = null;
    for (let i = 0; i < 200 && !form; i++) {
      await new Promise((r) => setTimeout(r, 5));
      form = document.querySelector<HTMLFormElement>(".fray-unhex-items-dialog");
    }
    await harness.flush();
    expect(form).toBeTruthy();
    const knife = form!.querySelector<HTMLSelectElement>(`select[name='hands.${itemId(t.ada, "Knife")}']`)!;
    const pistol = form!.querySelector<HTMLSelectElement>(`select[name='hands.${itemId(t.ada, "Pistol")}']`)!;
    expect([knife.value, pistol.value]).toEqual(["hand", "stow"]);
    knife.value = "stow";
    knife.dispatchEvent(new Event("change", { bubbles: true }));
    pistol.value = "hand";
    pistol.dispatchEvent(new Event("change", { bubbles: true }));
    const before = messages();
    form!.querySelector<HTMLButtonElement>("button[type='submit']")!.click();
    for (let i = 0; i < 200 && messages() === before; i++) await new Promise((r) => setTimeout(r, 5));
    await cards.cardsIdle();
    await harness.flush();
    const message = harness.game.messages.contents.at(-1) as unknown as Message;
    expect(card(message)).toMatchObject({ kind: "unhex.items", state: "applied" });
    expect(held(t.ada)).toEqual({ Knife: false, Pistol: true });
  });
});
