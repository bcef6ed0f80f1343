/**
 * The cavaliers cards on the card engine, in the harness, from given faces: attack → defend →
 * spend → apply → undo, checks against Standard Opposition, Survival, the GM's pick for an NPC at
 * her limit, roll modes, and who may do what. Players act on their own clients; the GM's client
 * serves their requests (every active user has a client in the harness).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces, Roll } from "../../playground/foundry/dice.js";
import { diceShown, headlineOf } from "./card-words.js";
import { menuOffers, pickFromMenu } from "./card-menu.js";
import { bootWorld } from "./world.js";

let cavaliers: typeof import("../../src/foundry/rulesets/cavaliers/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");

const { harness, game } = bootWorld("cavaliers", { users: ["Ada", "Bob"], cardsInWords: true }, (w) => ({ gm, ada, bob } = w.users));
beforeAll(async () => {
  cavaliers = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
});

let gm: User;
let ada: User;
let bob: User;
let duellist: Actor;
let guard: Actor;

type Message = { id: string; system: { toObject(): Record<string, unknown> }; whisper: string[]; blind: boolean; _source: { rolls: unknown[] }; renderHTML(): Promise<HTMLElement> };
interface CardData {
  kind: string;
  state: string;
  request: Record<string, unknown>;
  rules: Record<string, unknown>;
  outcome: { result: Record<string, unknown>; awaiting?: { choice: string; by: string; offer: { defences?: string[]; sp?: number; entries?: { id: string }[] } }; dice: { label: string; sides: number; face: number }[] };
  applied: { uuid: string; name: string; key: string; kind: string; before: unknown; after: unknown }[];
  notes: Record<string, unknown>;
}
const card = (m: Message) => m.system.toObject() as unknown as CardData;
const sys = (a: Actor) => a.system as unknown as { yield: { value: number }; wounds: { value: number }; advantage: number; style: number };
const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);
const statuses = (a: Actor) => [...(a as unknown as { statuses: Set<string> }).statuses];
const diceOf = (m: Message, label: string) => card(m).outcome.dice.filter((d) => d.label === label);

beforeEach(async () => {
  const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
  duellist = (await ActorClass.create({
    name: "Duellist",
    type: "cavaliersCharacter",
    ownership: { default: 0, [ada.id]: 3 },
    system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8, advantage: 6 },
    items: [
      { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 1, action: "lunge" } },
      { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } },
    ],
  })) as Actor;
  // Players see the Guard (limited), as they would see his token on the scene.
  guard = (await ActorClass.create({
    name: "Guard",
    type: "cavaliersNpc",
    ownership: { default: 1 },
    system: { npcType: "stock", attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6 },
    items: [{ name: "Sabre", type: "cavaliersWeapon", system: { itemDie: 6, melee: true } }],
  })) as Actor;
});

function weaponId(actor: Actor): string {
  return (actor as unknown as { items: { contents: { id: string; type: string }[] } }).items.contents.find((i) => i.type === "cavaliersWeapon")!.id;
}

async function attackAsAda(extra: Record<string, unknown> = {}): Promise<Message> {
  harness.switchUser(ada);
  queueFaces(7, 6, 2, 1); // d8 verve, d8 competency, d8 rank, d8 rapier: total 13, 6 SP
  const message = await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [], ...extra });
  expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
  return message as unknown as Message;
}

async function click(message: Message, selector: string): Promise<void> {
  const html = await message.renderHTML();
  const button = html.querySelector<HTMLElement>(selector);
  if (!button) throw new Error(`no button ${selector} for ${String(game.user?.name)} in state ${card(message).state}`);
  button.click();
  await cards.cardsIdle();
}

async function buttons(message: Message): Promise<string[]> {
  const html = await message.renderHTML();
  return [...html.querySelectorAll<HTMLElement>("[data-fray-action]")].map((b) => `${b.dataset.frayAction}${b.dataset.frayValue ? `:${b.dataset.frayValue}` : ""}`).filter((b) => b !== "copy");
}

async function defendAsGm(message: Message): Promise<void> {
  harness.switchUser(gm);
  queueFaces(3, 2, 1); // d6 verve, d6 competency, d6 sabre: total 5, 2 SP
  await click(message, "[data-fray-action='choose'][data-fray-value='parry']");
}

/** The awaited choice, made from the user's client through the card engine (as the picker's Apply does). */
async function choose(message: Message, choice: string, value: unknown) {
  return cards.chooseOnCard(message as never, choice, value);
}

describe("cavaliers attack card", () => {
  it("attack → defend → spend → apply → undo, from given faces, restores every value exactly", async () => {
    const message = await attackAsAda();
    const posted = card(message);
    expect(posted).toMatchObject({ kind: "cavaliers.attack", state: "open" });
    expect(posted.outcome.awaiting).toMatchObject({ choice: "defence", by: "defender", offer: { defences: ["parry", "block", "dodge"] } });
    // Seed 000 §Attack, RULINGS (Order of an attack): the attack is declared, not rolled, until the Guard chooses.
    expect(posted.outcome.dice).toEqual([]);
    expect(message._source.rolls).toEqual([]);
    expect(posted.outcome.result).toEqual({ attacker: { declared: true, dice: 4, drop: 0 } });
    harness.switchUser(gm);
    const declared = await message.renderHTML();
    expect(declared.querySelector("[data-side='attacker'] .fray-card-pool")?.textContent).toBe("d8 d8 d8 d8");
    expect(declared.querySelector("[data-side='attacker'] .fray-card-reading")?.textContent).toBe("Declared: no die is rolled until the defence is chosen.");
    expect(declared.querySelectorAll(".fray-die")).toHaveLength(0);
    harness.switchUser(ada);
    // The GM authors every card; the speaker is the attacker.
    expect((message as unknown as { author: { id: string } }).author.id).toBe(gm.id);
    // Ada sees no defence buttons (she does not own the Guard); the GM does.
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(gm);
    expect(await buttons(message)).toEqual(["choose:parry", "choose:block", "choose:dodge"]);
    // Issue 38 item 1: the first line says what the card waits for, to the GM who chooses for the Guard as his own.
    expect(headlineOf(await message.renderHTML())).toBe("Your choice: Guard's defence.");
    harness.switchUser(ada);
    expect(headlineOf(await message.renderHTML())).toBe("Guard chooses a defence, knowing only the attack as declared: no die is rolled yet.");
    harness.switchUser(gm);

    await defendAsGm(message);
    const read = card(message);
    expect(read.state).toBe("open");
    // Then the GM rolls both pools, the attack first, in one Roll (the queue held the attack's faces since the opening).
    expect(diceOf(message, "attack pool").map((d) => [d.sides, d.face])).toEqual([[8, 7], [8, 6], [8, 2], [8, 1]]);
    expect(diceOf(message, "defence pool").map((d) => [d.sides, d.face])).toEqual([[6, 3], [6, 2], [6, 1]]);
    expect(message._source.rolls).toHaveLength(1);
    expect(read.outcome.result).toMatchObject({ winner: "attacker", attacker: { total: 13, successPoints: 6 }, defender: { total: 5, successPoints: 2 } });
    expect(read.outcome.awaiting).toMatchObject({ choice: "spend", by: "attacker", offer: { sp: 6 } });
    expect(read.outcome.awaiting!.offer.entries!.map((e) => e.id)).toEqual(["inflict-yield", "increase-advantage", "gain-style", "inflict-wound", "break-weapon"]);

    const before = { duellist: structuredClone(sys(duellist)), guard: structuredClone(sys(guard)) };
    // Issue 38 item 2: the one who chooses is addressed as herself and her card is marked; the others see whom they wait for.
    harness.switchUser(bob);
    expect((await message.renderHTML()).querySelector("[data-fray-chooser]")?.textContent).toBe("Waiting for Duellist's owner to choose.");
    harness.switchUser(gm);
    expect((await message.renderHTML()).querySelector(".fray-card-for-you")).toBeNull();
    harness.switchUser(ada);
    const html = await message.renderHTML();
    expect(html.querySelector("[data-fray-chooser]")?.textContent).toBe("Your choice: spend 6 SP.");
    expect(html.querySelector(".fray-card-for-you")).not.toBeNull();
    // A second copy on screen, as v13's chat notifications pane shows a new message beside the log's.
    const copy = document.body.appendChild(document.createElement("div"));
    copy.dataset.messageId = message.id!;
    copy.append(await message.renderHTML());
    const buy = (id: string) => html.querySelector<HTMLElement>(`[data-entry='${id}'] [data-fray-action='buy']`)!.click();
    buy("inflict-yield");
    await cards.cardsIdle();
    buy("inflict-yield");
    await cards.cardsIdle();
    buy("inflict-wound");
    await cards.cardsIdle();
    expect(html.querySelector("[data-spend-total]")?.textContent).toBe("6 / 6 SP");
    expect((html.querySelector("[data-entry='gain-style'] [data-fray-action='buy']") as HTMLButtonElement).disabled).toBe(true);
    // Issue 38 item 6: every "+" she cannot pay for is disabled at 0 SP left, "+1 Yield" too.
    expect([...html.querySelectorAll<HTMLButtonElement>("[data-fray-action='buy']")].map((b) => b.disabled)).toEqual([true, true, true, true, true]);
    expect(copy.querySelector("[data-spend-total]")?.textContent).toBe("6 / 6 SP");
    expect([...copy.querySelectorAll<HTMLButtonElement>("[data-fray-action='buy']")].map((b) => b.disabled)).toEqual([true, true, true, true, true]);
    copy.remove();
    html.querySelector<HTMLElement>("[data-fray-action='spend']")!.click();
    await cards.cardsIdle();

    const applied = card(message);
    expect(applied.state).toBe("applied");
    expect(applied.request.spend).toEqual(["inflict-yield", "inflict-yield", "inflict-wound"]);
    expect(sys(guard).yield.value).toBe(2);
    expect(sys(guard).wounds.value).toBe(1);
    expect(applied.applied).toEqual([
      { uuid: guard.uuid, name: "Guard", key: "system.yield.value", kind: "field", before: 0, after: 2 },
      { uuid: guard.uuid, name: "Guard", key: "system.wounds.value", kind: "field", before: 0, after: 1 },
    ]);
    expect((await message.renderHTML()).querySelector(".fray-card-changes")?.textContent).toContain("Guard: Yield 0 → 2");
    // Issue 38 item 1: the result first, from the card's resolved result: who won, by what, and what she bought.
    expect(headlineOf(await message.renderHTML())).toBe("Duellist wins, 13 to 5: Inflict 1 Yield ×2, Inflict 1 Wound.");

    // The card changed the Guard, whom Ada does not own: only the GM may take it back.
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(gm);
    await click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect(sys(guard)).toEqual(before.guard);
    expect(sys(duellist)).toEqual(before.duellist);
    expect(await buttons(message)).toEqual([]);
  });

  it("keeps Copy as request and Undo in the message's context menu, each for whom it is (Undo as on the card's face); a card a player wrote offers neither", async () => {
    const message = await attackAsAda();
    await defendAsGm(message);
    harness.switchUser(ada);
    expect(await choose(message, "spend", ["inflict-yield"])).toMatchObject({ ok: true });
    await cards.cardsIdle();
    expect(card(message).state).toBe("applied");
    // Nobody sees Copy on the card's face.
    for (const user of [gm, ada, bob]) {
      harness.switchUser(user);
      expect((await message.renderHTML()).querySelector("[data-fray-action='copy']")).toBeNull();
    }
    harness.switchUser(bob);
    expect(menuOffers(message)).toEqual([]);
    await expect(pickFromMenu(message, "FRAY.Card.Undo")).rejects.toThrow("the menu offers no FRAY.Card.Undo");
    expect(card(message).state).toBe("applied");
    // Ada may copy her card; its Undo is not hers (it changed the Guard, whom she does not own), as on its face.
    harness.switchUser(ada);
    expect(menuOffers(message)).toEqual(["FRAY.Card.Copy"]);
    await expect(pickFromMenu(message, "FRAY.Card.Undo")).rejects.toThrow("the menu offers no FRAY.Card.Undo");
    await pickFromMenu(message, "FRAY.Card.Copy");
    expect(JSON.parse((game as unknown as { clipboard: { text: string } }).clipboard.text)).toMatchObject({ ruleset: "cavaliers", action: "attack", faces: [7, 6, 2, 1, 3, 2, 1] });
    harness.switchUser(gm);
    expect(menuOffers(message)).toEqual(["FRAY.Card.Copy", "FRAY.Card.Undo"]);
    await pickFromMenu(message, "FRAY.Card.Undo");
    await cards.cardsIdle();
    expect(card(message).state).toBe("undone");
    expect(sys(guard).yield.value).toBe(0);
    expect(menuOffers(message)).toEqual(["FRAY.Card.Copy"]);

    harness.switchUser(ada);
    const forged = (await (harness.CONFIG.ChatMessage.documentClass as unknown as { create(d: object): Promise<Message> }).create({
      type: "card",
      content: "<section class='fray-card'></section>",
      system: { kind: "cavaliers.attack", state: "applied", refs: { attacker: { actor: duellist.uuid } }, applied: [], history: [{ choice: "spend", by: "attacker", user: ada.id }] },
    })) as Message;
    expect(menuOffers(forged)).toEqual([]);
  });

  it("marks the two dice each pool keeps (the rest not kept), each with a tooltip, and says so in a legend", async () => {
    const message = await attackAsAda();
    await defendAsGm(message);
    const html = await message.renderHTML();
    expect(diceShown(html)).toEqual(["7 kept", "6 kept", "2 dropped", "1 dropped", "3 kept", "2 kept", "1 dropped"]);
    expect(html.querySelector(".fray-die-kept")?.getAttribute("data-tooltip")).toBe("Kept: one of the two highest dice, counted in the total");
    expect([...html.querySelectorAll(".fray-dice-legend .fray-die-key")].map((key) => key.textContent)).toEqual(["Kept", "Not kept"]);
  });

  it("shows Foundry's own tooltip of every die on the card", async () => {
    const message = await attackAsAda();
    await defendAsGm(message);
    const tooltip = (await message.renderHTML()).querySelector(".fray-card-dice .dice-tooltip");
    expect([...tooltip!.querySelectorAll("li.roll.die")].map((li) => `${li.className.match(/d\d+/)![0]}:${li.textContent}`)).toEqual(["d8:7", "d8:6", "d8:2", "d8:1", "d6:3", "d6:2", "d6:1"]);
  });

  it("keeps the Rolls on the message and shows a private card to everyone who must choose on it", async () => {
    const message = await attackAsAda({ rollMode: "gmroll" });
    // The GM, the roller and the Guard's owners (only the GM here) see it; Bob does not.
    expect(new Set(message.whisper)).toEqual(new Set([gm.id, ada.id]));
    expect(message.blind).toBe(false);
    // Nothing is rolled until the Guard has chosen his defence (seed 000 §Attack).
    expect(message._source.rolls).toEqual([]);
    harness.switchUser(bob);
    const hidden = await message.renderHTML();
    expect(hidden.querySelector(".fray-card")).toBeNull();
    expect(hidden.textContent).toContain("rolled privately");
    await defendAsGm(message);
    const rolls = message._source.rolls.map((r) => Roll.fromJSON(String(r)));
    expect(rolls.map((r) => r.formula)).toEqual(["1d8 + 1d8 + 1d8 + 1d8 + 1d6 + 1d6 + 1d6"]);
    expect(rolls[0]!.dice.map((d) => d.results[0]!.result)).toEqual([7, 6, 2, 1, 3, 2, 1]);
    // Blind: Ada reads her declaration (no die on it yet: nothing to hide, issue 38 item 11); once the dice are rolled, only the GM does.
    const blind = await attackAsAda({ rollMode: "blindroll" });
    expect(blind.blind).toBe(true);
    expect(new Set(blind.whisper)).toEqual(new Set([gm.id, ada.id]));
    await defendAsGm(blind);
    expect(blind.whisper).toEqual([gm.id]);
  });

  it("issue 38 item 11: blind, Ada's spend after a roll she has not seen is the GM's: her card is credited to the Duellist and to her, her spend is refused, the GM's card says the spend is his", async () => {
    const message = await attackAsAda({ rollMode: "blindroll" });
    await defendAsGm(message);
    expect(card(message).outcome.awaiting).toMatchObject({ by: "attacker" });
    harness.switchUser(ada);
    const hidden = await message.renderHTML();
    expect(hidden.querySelector(".fray-card")).toBeNull();
    expect(hidden.querySelector(".message-sender")?.textContent).toBe("Duellist");
    expect(hidden.querySelector(".flavor-text")?.textContent).toBe("Ada rolled blind: only the GM sees the dice.");
    expect(hidden.querySelector(".fray-card-blind")?.textContent).toBe("The GM makes Duellist's choice: the dice are hidden from you.");
    const waiting = JSON.stringify(card(message));
    const choice = card(message).outcome.awaiting!.choice;
    expect(await choose(message, choice, [])).toMatchObject({ ok: false, reason: expect.stringContaining("Your roll is blind") });
    expect(JSON.stringify(card(message))).toBe(waiting);
    harness.switchUser(gm);
    expect((await message.renderHTML()).querySelector(".fray-card-blind")?.textContent).toBe("Rolled blind by Ada, who cannot see the dice: Duellist's choice is yours.");
    expect(await choose(message, choice, [])).toMatchObject({ ok: true });
  });

  it("Dice So Nice shows the attack and defence roll, rolled by the GM, as privately as its card (issue 8, finding 10)", async () => {
    const shown: unknown[][] = [];
    (game as unknown as { dice3d?: unknown }).dice3d = { showForRoll: async (...args: unknown[]) => (shown.push(args), true) };
    try {
      const message = await attackAsAda({ rollMode: "blindroll" });
      await defendAsGm(message);
      expect(shown).toHaveLength(1);
      const [roll, user, synchronize, whisper, blind] = shown[0]!;
      expect((roll as { formula: string }).formula).toBe("1d8 + 1d8 + 1d8 + 1d8 + 1d6 + 1d6 + 1d6");
      expect((user as { id: string }).id).toBe(gm.id);
      expect(synchronize).toBe(true);
      expect(whisper).toEqual(message.whisper);
      expect(blind).toBe(true);
    } finally {
      delete (game as unknown as { dice3d?: unknown }).dice3d;
    }
  });

  it("issue 38 item 3: the defender reads each defence's exact chance before any die, with her Advantage and Assist dice as she adds them, and sends them with her defence", async () => {
    harness.switchUser(gm);
    const message = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    const html = await message.renderHTML();
    const odds = () => [...html.querySelectorAll<HTMLElement>("[data-fray-defence-odds] li")].map((li) => li.textContent);
    // The rules' own odds for the Guard's Lunge (d6 Verve, d6 competency, d6 Sabre) against each of Ada's pools.
    const { attackOdds } = await import("../../src/rules/cavaliers/odds.js");
    const guardPool = { name: "Guard", type: "stock", attribute: 6, competency: 6, item: 6 };
    const ines = (extra: Record<string, unknown>) => ({ name: "Duellist", attribute: 8, competency: 8, advantage: 6, ...extra });
    const chance = (defence: string, defender: Record<string, unknown>) => cards.percent(attackOdds.exact({ attack: "lunge", defence, attacker: guardPool, defender } as never).chances.defenderWins!);
    expect(odds()).toEqual([
      `Parry: Duellist wins ${chance("parry", ines({ item: 8 }))}`,
      `Block: Duellist wins ${chance("block", ines({}))}`,
      `Dodge: Duellist wins ${chance("dodge", ines({}))}`,
    ]);
    const tick = html.querySelector<HTMLInputElement>("[data-fray-defence-advantage]")!;
    expect(tick.parentElement?.textContent?.trim()).toBe("Add the Advantage die (d6): it steps down once rolled");
    tick.checked = true;
    const assist = html.querySelector<HTMLInputElement>("[data-fray-defence-assist]")!;
    assist.value = "2d8";
    assist.dispatchEvent(new Event("change", { bubbles: true }));
    expect(odds()).toEqual([
      `Parry: Duellist wins ${chance("parry", ines({ item: 8, useAdvantage: true, assists: [[8, 8]] }))}`,
      `Block: Duellist wins ${chance("block", ines({ useAdvantage: true, assists: [[8, 8]] }))}`,
      `Dodge: Duellist wins ${chance("dodge", ines({ useAdvantage: true, assists: [[8, 8]] }))}`,
    ]);
    expect(odds()[0]).not.toBe(`Parry: Duellist wins ${chance("parry", ines({ item: 8 }))}`);
    // Her Parry goes with the die and the dice she added; the GM then rolls both pools (3 d6, then 6 dice).
    queueFaces(1, 1, 1, 8, 8, 6, 1, 1, 1);
    html.querySelector<HTMLElement>("[data-fray-action='choose'][data-fray-value='parry']")!.click();
    await cards.cardsIdle();
    expect(card(message).request.defence).toEqual({ skill: "parry", useAdvantage: true, assists: [[8, 8]] });
    expect(card(message).rules.defender).toMatchObject({ item: 8, useAdvantage: true, assists: [[8, 8]] });
    expect(card(message).outcome.result).toMatchObject({ winner: "defender" });
    // An unreadable Assist is said, and nothing is sent.
    harness.switchUser(gm);
    const other = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    const page = await other.renderHTML();
    page.querySelector<HTMLInputElement>("[data-fray-defence-assist]")!.value = "lots";
    page.querySelector<HTMLElement>("[data-fray-action='choose'][data-fray-value='dodge']")!.click();
    await cards.cardsIdle();
    expect(card(other).outcome.awaiting?.choice).toBe("defence");
    expect(warnings().at(-1)).toContain("lots");
  });

  it("a private attack on a player's character is whispered to her, so she sees the Defend buttons", async () => {
    const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
    const heroine = (await ActorClass.create({ name: "Heroine", type: "cavaliersCharacter", ownership: { default: 0, [bob.id]: 3 }, system: { attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6 } })) as Actor;
    harness.switchUser(gm);
    queueFaces(2, 1, 1);
    const message = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: heroine.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [], rollMode: "gmroll" })) as unknown as Message;
    expect(message.whisper).toContain(bob.id);
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual(["choose:parry", "choose:block", "choose:dodge"]);
    harness.switchUser(ada);
    expect((await message.renderHTML()).textContent).toContain("rolled privately");
  });

  it("Advantage joins the pool; a Drop that removes it leaves it unspent, rolled it steps down at Apply; a bad turn posts nothing", async () => {
    harness.switchUser(ada);
    queueFaces(5, 5, 5);
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: ["move"], useAdvantage: true, assists: [], extraDrop: 1 })) as unknown as Message;
    expect(card(message).rules.attacker).toMatchObject({ advantage: 6, useAdvantage: true, combined: ["move"], drop: 1 });
    // Issue 38 item 12: the Drop names the combined action that put it there, not "combined actions 1".
    const drops = (await message.renderHTML()).textContent!.replace(/\s+/g, " ");
    expect(drops).toContain("Move 1");
    expect(drops).not.toContain("combined actions");
    await defendAsGm(message);
    // Drop 2 takes the two smallest: the Advantage d6 first, then a d8. A die Drop removed was not used (RULINGS).
    expect(diceOf(message, "attack pool").map((d) => d.sides)).toEqual([8, 8, 8]);
    harness.switchUser(ada);
    expect((await choose(message, "spend", [])).ok).toBe(true);
    expect(sys(duellist).advantage).toBe(6);
    queueFaces(5, 5, 5, 5, 5);
    const rolled = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: true, assists: [] })) as unknown as Message;
    await defendAsGm(rolled);
    expect(diceOf(rolled, "attack pool").map((d) => d.sides)).toEqual([8, 8, 8, 8, 6]);
    harness.switchUser(ada);
    expect((await choose(rolled, "spend", [])).ok).toBe(true);
    expect(sys(duellist).advantage).toBe(0);
    const count = game.messages.size;
    const none = await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", combined: ["run", "move"], useAdvantage: false, assists: [] });
    expect(none).toBeUndefined();
    expect(game.messages.size).toBe(count);
    expect(harness.notifications.at(-1)?.type).toBe("warning");
  });

  it("refuses a choice from the wrong user, for overspent SP and at the wrong step", async () => {
    const message = await attackAsAda();
    harness.switchUser(ada);
    // Ada does not own the Guard: she cannot choose its defence.
    const wrongDefender = await choose(message, "defence", "parry");
    expect(wrongDefender).toMatchObject({ ok: false, reason: expect.stringContaining("Guard") });
    expect(card(message).outcome.awaiting?.choice).toBe("defence");
    // Nothing to spend yet.
    expect(await choose(message, "spend", ["inflict-yield"])).toMatchObject({ ok: false });
    await defendAsGm(message);
    harness.switchUser(bob);
    const wrongUser = await choose(message, "spend", ["inflict-yield"]);
    expect(wrongUser).toMatchObject({ ok: false, reason: expect.stringContaining("Duellist") });
    harness.switchUser(ada);
    const overspent = await choose(message, "spend", ["inflict-wound", "inflict-wound"]);
    expect(overspent).toMatchObject({ ok: false, reason: expect.stringContaining("SP") });
    expect(card(message).state).toBe("open");
    expect(sys(guard).yield.value).toBe(0);
    expect(warnings().length).toBeGreaterThanOrEqual(3);
  });

  it("applies once when Apply is pressed twice at the same time", async () => {
    const message = await attackAsAda();
    await defendAsGm(message);
    harness.switchUser(ada);
    const results = await Promise.all([choose(message, "spend", ["inflict-yield"]), choose(message, "spend", ["inflict-yield"])]);
    // The second press asks for the very request still on its way: the relay sends it once, and both hear its answer.
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(card(message).applied).toHaveLength(1);
    expect(sys(guard).yield.value).toBe(1);
    // And again later: the stored state refuses it.
    expect(await choose(message, "spend", ["inflict-yield"])).toMatchObject({ ok: false });
    expect(sys(guard).yield.value).toBe(1);
  });

  it("without an active GM the card says so and nothing changes", async () => {
    const message = await attackAsAda();
    await defendAsGm(message);
    (gm as unknown as { active: boolean }).active = false;
    try {
      harness.switchUser(ada);
      const html = await message.renderHTML();
      expect(html.querySelector(".fray-card-nogm")?.textContent).toContain("No GM");
      const result = await choose(message, "spend", ["inflict-yield"]);
      expect(result).toMatchObject({ ok: false });
      expect(warnings().at(-1)).toContain("No GM");
      expect(card(message).state).toBe("open");
      expect(sys(guard).yield.value).toBe(0);
    } finally {
      (gm as unknown as { active: boolean }).active = true;
    }
  });

  it("an NPC at her Yield Limit: the GM picks surrender or knocked out, and Undo clears it too", async () => {
    await guard.update({ system: { yield: { value: 4 } } });
    const message = await attackAsAda();
    await defendAsGm(message);
    harness.switchUser(ada);
    expect((await choose(message, "spend", ["inflict-yield", "inflict-yield"])).ok).toBe(true);
    expect(card(message).notes.outCandidate).toBe("defender");
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(gm);
    expect(await buttons(message)).toEqual(["follow:surrender", "follow:knocked-out", "undo"]);
    await click(message, "[data-fray-action='follow'][data-fray-value='surrender']");
    expect(statuses(guard)).toContain("fray-surrender");
    await click(message, "[data-fray-action='undo']");
    expect(statuses(guard)).not.toContain("fray-surrender");
    expect(sys(guard).yield.value).toBe(4);
  });

  it("a PC at her Yield Limit fights on: the Yielded-out Wound is offered, she falls Dying and her owner rolls Survival from the card", async () => {
    const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
    const heroine = (await ActorClass.create({
      name: "Heroine",
      type: "cavaliersCharacter",
      ownership: { default: 1, [bob.id]: 3 },
      system: { attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6, yield: { value: 6 }, wounds: { value: 3 } },
    })) as Actor;
    harness.switchUser(ada);
    queueFaces(7, 6, 2, 1);
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: heroine.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual(["choose:parry", "choose:block", "choose:dodge"]);
    queueFaces(1); // d6 + d6 with Wound Drop 4: one die is kept
    await click(message, "[data-fray-action='choose'][data-fray-value='dodge']");
    expect(diceOf(message, "defence pool").map((d) => [d.sides, d.face])).toEqual([[6, 1]]);
    expect(card(message).outcome.awaiting!.offer.entries!.map((e) => e.id)).toContain("yielded-out-wound");
    harness.switchUser(ada);
    expect((await choose(message, "spend", ["yielded-out-wound"])).ok).toBe(true);
    expect(sys(heroine).wounds.value).toBe(4);
    expect(statuses(heroine)).toContain("fray-dying");
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual(["survival"]);
    queueFaces(6, 5, 1, 2, 3); // Verve d6 and competency d6, then Moderate's 3d8
    const before = game.messages.size;
    await click(message, "[data-fray-action='survival']");
    expect(game.messages.size).toBe(before + 1);
    const survival = game.messages.contents.at(-1) as unknown as Message;
    expect(card(survival)).toMatchObject({ kind: "cavaliers.survival", state: "open" });
    expect(card(survival).outcome.awaiting).toMatchObject({ choice: "spend", by: "actor", offer: { sp: 5 } });
    expect(card(survival).outcome.awaiting!.offer.entries!.map((e) => e.id)).toEqual(["survive-8-hours", "regain-consciousness", "heal-wound"]);
    expect((await choose(survival, "spend", ["heal-wound"])).ok).toBe(true);
    expect(sys(heroine).wounds.value).toBe(3);
    expect(statuses(heroine)).not.toContain("fray-dying");
    expect(headlineOf(await survival.renderHTML())).toBe("Heroine survives: 11 against 5.");
  });

  it("the GM side refuses a defence the attack does not allow and any roll a client sends with the defence (the GM rolls both pools)", async () => {
    const message = await attackAsAda();
    harness.switchUser(gm);
    const brawl = await choose(message, "defence", "brawl");
    expect(brawl).toMatchObject({ ok: false, reason: expect.stringContaining("brawl") });
    // A roll of the wrong dice, sent straight to the GM as a forged client would.
    const wrongDice = JSON.stringify(new Roll("1d20 + 1d20 + 1d20").evaluateSync().toJSON());
    harness.switchUser(ada);
    await game.user!.update({ "flags.fray.request": JSON.stringify({ id: "forged1", kind: "card.choose", payload: { message: message.id, choice: "defence", value: "parry", roll: wrongDice }, sentAt: Date.now() }) });
    await cards.cardsIdle();
    expect(card(message).outcome.awaiting?.choice).toBe("defence");
    expect(message._source.rolls).toHaveLength(0);
    // The GM's own client sends no roll either: the GM rolls when he serves the step.
    harness.switchUser(gm);
    const fair = JSON.stringify(new Roll("1d8 + 1d8 + 1d8 + 1d8 + 1d6 + 1d6 + 1d6").evaluateSync().toJSON());
    const { ask } = await import("../../src/foundry/relay/index.js");
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: "parry", roll: fair })).toMatchObject({ ok: false, reason: expect.stringContaining("The GM rolls") });
    expect(message._source.rolls).toHaveLength(0);
  });

  it("a winning defender who buys no Negate lets the attack land: the attacker spends too, then both apply and undo together", async () => {
    harness.switchUser(ada);
    queueFaces(2, 2, 1, 1); // total 4, 2 SP
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(gm);
    queueFaces(6, 5, 1); // total 11, 5 SP
    await click(message, "[data-fray-action='choose'][data-fray-value='parry']");
    expect(card(message).outcome.result.winner).toBe("defender");
    // Issue 38 item 3: her spend decides whether the attack lands; both branches are said before she buys.
    expect((await message.renderHTML()).querySelector(".fray-card-picker .fray-card-note")?.textContent).toBe("With Negate the attack is stopped; without it, it lands anyway and Duellist spends 2 SP on it.");
    expect((await choose(message, "spend", ["gain-style"])).ok).toBe(true);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "landingSpend", by: "attacker" });
    expect(sys(guard).style).toBe(0);
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(ada);
    expect((await buttons(message)).filter((b) => b === "spend")).toHaveLength(1);
    expect(await choose(message, "landingSpend", ["inflict-yield", "inflict-yield", "inflict-yield"])).toMatchObject({ ok: false });
    expect((await choose(message, "landingSpend", ["inflict-yield", "inflict-yield"])).ok).toBe(true);
    expect(card(message).state).toBe("applied");
    expect(sys(guard).yield.value).toBe(2);
    expect(sys(guard).style).toBe(1);
    harness.switchUser(gm);
    await click(message, "[data-fray-action='undo']");
    expect(sys(guard).yield.value).toBe(0);
    expect(sys(guard).style).toBe(0);
  });

  it("RULINGS (Lunge table): a Parry that won but bought no Negate lets the Lunge land without Break Weapon; a forged Break Weapon is refused and nothing changes", async () => {
    harness.switchUser(ada);
    queueFaces(2, 2, 1, 1); // total 4, 2 SP
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(gm);
    queueFaces(6, 5, 1); // total 11: the Parry wins
    await click(message, "[data-fray-action='choose'][data-fray-value='parry']");
    expect((await choose(message, "spend", [])).ok).toBe(true);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "landingSpend", by: "attacker" });
    expect(card(message).outcome.awaiting!.offer.entries!.map((e) => e.id)).not.toContain("break-weapon");
    harness.switchUser(ada);
    const before = JSON.stringify({ card: card(message), guard: sys(guard), statuses: statuses(guard) });
    expect(await choose(message, "landingSpend", ["break-weapon"])).toMatchObject({ ok: false, reason: expect.stringContaining("only against a failed Parry") });
    expect(JSON.stringify({ card: card(message), guard: sys(guard), statuses: statuses(guard) })).toBe(before);
  });

  it("a Riposte follows only a won Parry that bought it (RULINGS.md, cavaliers), is made once, and Undo takes back the right to it", async () => {
    const riposte = { attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "riposte" as const, weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] };
    harness.switchUser(ada);
    expect(await cavaliers.postAttack(riposte)).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("has no Riposte to make");

    harness.switchUser(gm);
    queueFaces(2, 1, 1); // the Guard's Lunge: d6 verve, d6 competency, d6 sabre: total 3, 1 SP
    const lunge = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    queueFaces(8, 7, 6); // the Duellist's Parry: total 15, 7 SP
    await click(lunge, "[data-fray-action='choose'][data-fray-value='parry']");
    expect(card(lunge).outcome.result.winner).toBe("defender");
    expect((await choose(lunge, "spend", ["negate", "riposte"])).ok).toBe(true);
    expect(duellist.getFlag("fray", "riposte")).toBe("parry");

    harness.switchUser(gm);
    await click(lunge, "[data-fray-action='undo']");
    expect(duellist.getFlag("fray", "riposte") ?? "").toBe("");
    harness.switchUser(ada);
    expect(await cavaliers.postAttack(riposte)).toBeUndefined();

    // Bought again (a fresh Lunge and Parry), the Riposte is made once and used up.
    harness.switchUser(gm);
    queueFaces(2, 1, 1);
    const again = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    queueFaces(8, 7, 6);
    await click(again, "[data-fray-action='choose'][data-fray-value='parry']");
    expect((await choose(again, "spend", ["negate", "riposte"])).ok).toBe(true);
    queueFaces(5, 4, 3);
    const made = (await cavaliers.postAttack(riposte)) as unknown as Message;
    expect(card(made).request).toMatchObject({ attack: "riposte", riposteAfter: "parry" });
    expect(card(made).outcome.awaiting?.offer.defences).toEqual(["block", "dodge"]);
    harness.switchUser(gm);
    queueFaces(1, 1);
    await click(made, "[data-fray-action='choose'][data-fray-value='dodge']");
    harness.switchUser(ada);
    expect((await choose(made, "spend", [])).ok).toBe(true);
    expect(duellist.getFlag("fray", "riposte")).toBe("");
    expect(await cavaliers.postAttack(riposte)).toBeUndefined();
  });
});

describe("a Riposte right in a fight is the GM's record (issue 34 item 5)", () => {
  it("issue 34 item 5: out of a fight her own flags.fray.riposte opens no Riposte, nor does a card she wrote; the GM's won Parry card does", async () => {
    const riposte = { attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "riposte" as const, weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] };
    const { riposteOf } = await import("../../src/foundry/rulesets/cavaliers/cards/attack.js");
    const { ask } = await import("../../src/foundry/relay/index.js");
    harness.switchUser(ada);
    // v13 lets her write her own actor's flags, and create a message of any type as its author.
    await duellist.update({ "flags.fray.riposte": "parry" });
    const MessageClass = harness.CONFIG.ChatMessage.documentClass as unknown as { create(data: object): Promise<unknown> };
    await MessageClass.create({ type: "card", system: { kind: "cavaliers.attack", refs: { attacker: { actor: guard.uuid }, defender: { actor: duellist.uuid } }, request: { attack: "lunge" }, rules: {}, outcome: { dice: [], steps: [], result: {}, effects: [{ participant: "Guard", changes: {} }, { participant: "Duellist", changes: {}, statuses: ["riposte"] }] }, state: "applied", applied: [], history: [], notes: {} } });
    expect(riposteOf(duellist as never)).toBeNull();
    const messages = game.messages.size;
    const stored = JSON.stringify((duellist as unknown as { _source: unknown })._source);
    expect(await cavaliers.postAttack(riposte)).toBeUndefined();
    expect(await ask("card.open", { kind: "cavaliers.attack", refs: { attacker: { actor: duellist.uuid }, defender: { actor: guard.uuid } }, request: { attack: "riposte", combined: [], useAdvantage: false, assists: [] }, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("has no Riposte to make") });
    expect(game.messages.size).toBe(messages);
    expect(JSON.stringify((duellist as unknown as { _source: unknown })._source)).toBe(stored);

    // A Parry the GM's card shows won, with a Riposte bought, gives the right whatever her flag says.
    await duellist.update({ "flags.fray.riposte": "" });
    harness.switchUser(gm);
    queueFaces(2, 1, 1, 8, 7, 6);
    const lunge = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    await click(lunge, "[data-fray-action='choose'][data-fray-value='parry']");
    expect((await choose(lunge, "spend", ["negate", "riposte"])).ok).toBe(true);
    await duellist.update({ "flags.fray.riposte": "" });
    expect(riposteOf(duellist as never)).toBe("parry");
    // Undone (once her sheet's copy is back to what the card set), the card gives nothing, whatever she writes on her actor.
    await duellist.update({ "flags.fray.riposte": "parry" });
    harness.switchUser(gm);
    await click(lunge, "[data-fray-action='undo']");
    expect(card(lunge).state).toBe("undone");
    harness.switchUser(ada);
    await duellist.update({ "flags.fray.riposte": "parry" });
    expect(riposteOf(duellist as never)).toBeNull();
    expect(await cavaliers.postAttack(riposte)).toBeUndefined();
  });

  it("her own flags.fray.riposte opens no Riposte in a fight; a won Parry writes the GM's record, the Riposte uses it up, Undo takes it back", async () => {
    const Combat = harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown[]>; getFlag(s: string, k: string): unknown }> };
    const fight = await Combat.create({ active: true });
    await fight.createEmbeddedDocuments("Combatant", [duellist, guard].map((a) => ({ actorId: a.id, name: a.name })));
    const record = () => (fight.getFlag("fray", "cavaliersRiposte") as Record<string, string> | undefined)?.[`Actor:${duellist.id}`];
    const riposte = { attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "riposte" as const, weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] };

    // v13 lets her write any flag on her own actor: a Riposte right without a won Parry.
    harness.switchUser(ada);
    await duellist.update({ "flags.fray.riposte": "parry" });
    const before = game.messages.size;
    expect(await cavaliers.postAttack(riposte)).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("has no Riposte to make");
    expect(game.messages.size).toBe(before);
    await duellist.update({ "flags.fray.riposte": "" });

    harness.switchUser(gm);
    queueFaces(2, 1, 1);
    const lunge = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    queueFaces(8, 7, 6);
    await click(lunge, "[data-fray-action='choose'][data-fray-value='parry']");
    expect((await choose(lunge, "spend", ["negate", "riposte"])).ok).toBe(true);
    expect(record()).toBe("parry");
    harness.switchUser(gm);
    await click(lunge, "[data-fray-action='undo']");
    expect(record()).toBeUndefined();

    queueFaces(2, 1, 1);
    const again = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    queueFaces(8, 7, 6);
    await click(again, "[data-fray-action='choose'][data-fray-value='parry']");
    expect((await choose(again, "spend", ["negate", "riposte"])).ok).toBe(true);
    // Wiping her actor's flag changes nothing: the GM's record holds her right.
    await duellist.update({ "flags.fray.riposte": "" });
    queueFaces(5, 4, 3);
    const made = (await cavaliers.postAttack(riposte)) as unknown as Message;
    expect(card(made).request).toMatchObject({ attack: "riposte", riposteAfter: "parry" });
    harness.switchUser(gm);
    queueFaces(1, 1);
    await click(made, "[data-fray-action='choose'][data-fray-value='dodge']");
    harness.switchUser(ada);
    expect((await choose(made, "spend", [])).ok).toBe(true);
    expect(record()).toBe("");
    await duellist.update({ "flags.fray.riposte": "parry" });
    expect(await cavaliers.postAttack(riposte)).toBeUndefined();
  });
});

describe("cavaliers checks against Standard Opposition", () => {
  it("a Flourish against Easy buys only Style, and Undo takes it back", async () => {
    harness.switchUser(ada);
    queueFaces(6, 8, 1, 2, 3); // d8 verve and d8 competency (no Flourish specialty), then the 3d6 of Easy
    const message = (await cavaliers.postCheck({ actorUuid: duellist.uuid, kind: "flourish", opposition: "easy", combined: [], assists: [] })) as unknown as Message;
    expect(diceOf(message, "opposition").map((d) => d.sides)).toEqual([6, 6, 6]);
    // The opposition's side is named for the Easy it rolled, not the Moderate of a card with no difficulty of its own.
    expect((await message.renderHTML()).querySelector("[data-side='opposition'] .fray-card-side-name")?.textContent).toBe("Easy (3d6)");
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "style", by: "actor", offer: { sp: 6, most: 2 } });
    expect((await choose(message, "style", 2)).ok).toBe(true);
    expect(sys(duellist).style).toBe(2);
    expect(headlineOf(await message.renderHTML())).toBe("Success: 14 against 5. Bought: Gain 1 Style Point ×2.");
    await click(message, "[data-fray-action='undo']");
    expect(sys(duellist).style).toBe(0);
  });

  it("a skill roll never takes the Advantage die: a card forged with it is refused and nothing is posted", async () => {
    harness.switchUser(ada);
    const count = game.messages.size;
    const forged = await cards.openCard({ kind: "cavaliers.skill", refs: { actor: { actor: duellist.uuid } }, request: { specialty: "", combined: [], useAdvantage: true, assists: [], opposition: "hard" } });
    expect(forged).toMatchObject({ ok: false, reason: expect.stringContaining("Advantage die goes only on an attack or a defence roll") });
    const flourish = await cards.openCard({ kind: "cavaliers.flourish", refs: { actor: { actor: duellist.uuid } }, request: { specialty: "", combined: [], useAdvantage: true, assists: [] } });
    expect(flourish).toMatchObject({ ok: false, reason: expect.stringContaining("not on Flourish") });
    expect(game.messages.size).toBe(count);
    expect(sys(duellist).advantage).toBe(6);
  });
});

/**
 * A write Foundry v13 does not make: a model that refuses an update does not throw in v13, it shows
 * the reason and `update` resolves undefined (ClientDatabaseBackend#preUpdateDocumentArray,
 * client/data/client-backend.mjs). Apply and Undo check what was written: a refused write is never
 * recorded as done, the step is refused in one line, and the card stays as it was.
 */
describe("a write Foundry refuses, on a cavaliers card", () => {
  const NOT_WRITTEN = "Guard could not be changed (the reason is shown above), so this step changed nothing.";

  /** A module's pre-update hook that makes the Guard's Wounds or Yield a value his model refuses (cleaning cannot make a number of it). */
  function corruptGuard(track: "wounds" | "yield"): () => void {
    const hooks = (globalThis as unknown as { Hooks: { on(name: string, fn: unknown): number; off(name: string, id: number): void } }).Hooks;
    const id = hooks.on("preUpdateActor", (doc: Actor, changes: { system?: Record<string, { value?: unknown } | undefined> }) => {
      const written = changes.system?.[track];
      if (doc.id === guard.id && written) written.value = "many";
    });
    return () => hooks.off("preUpdateActor", id);
  }

  it("Apply: nothing of the step stays written, the card still awaits the spend, and the refusal is one line", async () => {
    const message = await attackAsAda();
    await defendAsGm(message);
    const stop = corruptGuard("wounds");
    try {
      harness.switchUser(ada);
      expect(await choose(message, "spend", ["inflict-yield", "inflict-yield", "inflict-wound"])).toEqual({ ok: false, reason: NOT_WRITTEN });
      await cards.cardsIdle();
    } finally {
      stop();
    }
    expect(card(message)).toMatchObject({ state: "open", applied: [], outcome: { awaiting: { choice: "spend" } } });
    expect(sys(guard).yield.value).toBe(0);
    expect(sys(guard).wounds.value).toBe(0);
    expect(harness.notifications.some((n) => n.type === "error" && /wounds/.test(n.message))).toBe(true);
  });

  it("Undo: the card stays applied and what it set stays set when a write back is refused (Wounds, put back first, is set again)", async () => {
    const message = await attackAsAda();
    await defendAsGm(message);
    harness.switchUser(ada);
    expect(await choose(message, "spend", ["inflict-yield", "inflict-yield", "inflict-wound"])).toMatchObject({ ok: true });
    await cards.cardsIdle();
    harness.switchUser(gm);
    const stop = corruptGuard("yield");
    try {
      await click(message, "[data-fray-action='undo']");
    } finally {
      stop();
    }
    expect(harness.notifications.at(-1)).toMatchObject({ type: "warning", message: NOT_WRITTEN });
    expect(card(message).state).toBe("applied");
    expect(sys(guard).yield.value).toBe(2);
    expect(sys(guard).wounds.value).toBe(1);
  });
});
