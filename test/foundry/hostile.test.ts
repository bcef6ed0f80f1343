/**
 * The hostile player (issue "Cards are requests"): every way a player's client was found to forge,
 * replay or take over a card, tried again on the card engine, with a GM client and player clients
 * side by side. Each attempt is refused with a message, and the actors, messages and users it
 * aimed at are exactly as before.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { runCli } from "../../src/cli/run.js";
import { giveInitiativePoints } from "./combat-fixtures.js";
import { pickFromMenu } from "./card-menu.js";
import { bootWorld } from "./world.js";

let cavaliers: typeof import("../../src/foundry/rulesets/cavaliers/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");

const { harness, game } = bootWorld(
  "cavaliers",
  {
    users: ["Ada", "Bob"],
    actors: (u) => ({
      duellist: {
        name: "Duellist",
        type: "cavaliersCharacter",
        ownership: { default: 1, [u.ada.id]: 3 },
        system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8 },
        items: [
          { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 1, action: "lunge" } },
          { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, melee: true } },
        ],
      },
      heroine: { name: "Heroine", type: "cavaliersCharacter", ownership: { default: 1, [u.bob.id]: 3 }, system: { attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6, wounds: { value: 4 } } },
      guard: {
        name: "Guard",
        type: "cavaliersNpc",
        ownership: { default: 1 },
        system: { npcType: "major", attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6 },
        items: [{ name: "Sabre", type: "cavaliersWeapon", system: { itemDie: 6, melee: true } }],
      },
    }),
  },
  (w) => {
    ({ gm, ada, bob } = w.users);
    ({ duellist, heroine, guard } = w.actors);
  },
);
beforeAll(async () => {
  cavaliers = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
});
afterEach(() => vi.useRealTimers());

type Message = { id: string; type: string; system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement>; update(d: object): Promise<unknown> };
type Answer = { ok: boolean; reason?: string };

let gm: User;
let ada: User;
let bob: User;
let duellist: Actor;
let heroine: Actor;
let guard: Actor;

const MessageClass = () => harness.CONFIG.ChatMessage.documentClass as unknown as { create(d: object): Promise<Message> };
const cardOf = (m: Message) => m.system.toObject() as { state: string; outcome: { awaiting?: { choice: string } }; applied: unknown[]; rules: Record<string, unknown> };
const yieldOf = (a: Actor) => (a.system as unknown as { yield: { value: number } }).yield.value;
const weaponId = (a: Actor) => (a as unknown as { items: { contents: { id: string; type: string }[] } }).items.contents.find((i) => i.type === "cavaliersWeapon")!.id;

/** Everything a forged request could reach: actors, messages and users, as stored. */
function world(): string {
  const sources = (name: "actors" | "messages" | "users") => (game[name] as unknown as { contents: { _source: unknown }[] }).contents.map((doc) => doc._source);
  return JSON.stringify({ actors: sources("actors"), messages: sources("messages"), users: sources("users").map((u) => ({ ...(u as object), flags: undefined })) });
}

/** A request written straight into the asker's own User flag, as a hostile client can; returns when the GM has served it. */
async function forge(kind: string, payload: Record<string, unknown>, sentAt = Date.now()): Promise<void> {
  await game.user!.update({ "flags.fray.request": JSON.stringify({ id: `f${Math.random().toString(36).slice(2, 10)}`, kind, payload, sentAt }) });
  await cards.cardsIdle();
}

/** A request as the relay sends it, with whatever payload the hostile client chooses. */
const ask = async (kind: string, payload: Record<string, unknown>): Promise<Answer> => (await import("../../src/foundry/relay/index.js")).ask(kind, payload);


/** Ada's Lunge on the Guard, parried by the GM: Ada won with 6 SP and the card awaits her spend. */
async function lungeAwaitingSpend(): Promise<Message> {
  harness.switchUser(ada);
  queueFaces(7, 6, 2, 1); // total 13, 6 SP
  const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
  harness.switchUser(gm);
  queueFaces(3, 2, 1); // total 5, 2 SP
  expect((await cards.chooseOnCard(message as never, "defence", "parry")).ok).toBe(true);
  harness.switchUser(ada);
  return message;
}

describe("a hostile player", () => {
  it("cannot take over an NPC with a card of her own making: only a GM writes cards", async () => {
    harness.switchUser(ada);
    const forged = await MessageClass().create({
      type: "card",
      content: "<section class='fray-card'><button data-fray-action='undo'>Undo</button></section>",
      system: {
        kind: "cavaliers.attack",
        state: "applied",
        refs: { attacker: { actor: duellist.uuid }, defender: { actor: guard.uuid } },
        applied: [
          { uuid: guard.uuid, name: "Guard", key: `ownership.${ada.id}`, kind: "field", before: 3, after: 0 },
          { uuid: guard.uuid, name: "Guard", key: "name", kind: "field", before: "Mine", after: "Guard" },
          { uuid: guard.uuid, name: "Guard", key: "system.yield.value", kind: "field", before: 99, after: 0 },
        ],
        history: [{ choice: "spend", by: "attacker", user: ada.id }],
      },
    });
    const before = world();
    await forge("card.undo", { message: forged.id });
    await forge("card.follow", { message: forged.id, step: "out", value: "surrender" });
    expect(world()).toBe(before);
    expect(guard.testUserPermission(ada as never, "OWNER")).toBe(false);
    expect(guard.name).toBe("Guard");
    // Her own card shows her nothing to press.
    expect((await forged.renderHTML()).querySelector("[data-fray-action]")).toBeNull();
    const answer = await ask("card.undo", { message: forged.id });
    expect(answer).toMatchObject({ ok: false, reason: expect.stringContaining("no longer exists") });
  });

  it("cannot edit a GM's card: the server refuses her update", async () => {
    const message = await lungeAwaitingSpend();
    const before = world();
    await expect(message.update({ system: { state: "applied" } })).rejects.toThrow(/permission/);
    await expect(message.update({ "system.==request": { attack: "lunge", spend: Array(30).fill("inflict-yield") } })).rejects.toThrow(/permission/);
    expect(world()).toBe(before);
  });

  it("cannot borrow the GM's identity: the GM acts for whoever the server names", async () => {
    const message = await lungeAwaitingSpend();
    await cards.chooseOnCard(message as never, "spend", ["inflict-yield", "inflict-yield", "inflict-yield", "inflict-yield", "inflict-yield", "inflict-yield"]);
    expect(yieldOf(guard)).toBe(6);
    const before = world();
    // A payload that names the GM is still Ada's request: the GM-only pick and another's Undo are refused.
    await forge("card.follow", { message: message.id, step: "out", value: "knocked-out", userId: gm.id });
    harness.switchUser(bob);
    await forge("card.undo", { message: message.id, userId: gm.id });
    expect(world()).toBe(before);
    // Nor can she write a request on another user's document.
    harness.switchUser(ada);
    await expect(bob.update({ "flags.fray.request": JSON.stringify({ id: "x1", kind: "card.undo", payload: { message: message.id }, sentAt: Date.now() }) })).rejects.toThrow(/permission/);
    expect(world()).toBe(before);
    expect(harness.CONFIG.queries).not.toHaveProperty("fray.exchange");
  });

  it("cannot forge results: SP, the step awaited and a replay are all read from the rules on the GM", async () => {
    const message = await lungeAwaitingSpend();
    const before = world();
    expect(await ask("card.choose", { message: message.id, choice: "spend", value: Array(30).fill("inflict-yield") })).toMatchObject({ ok: false, reason: expect.stringContaining("SP") });
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: "dodge" })).toMatchObject({ ok: false, reason: expect.stringContaining("not waiting") });
    expect(await ask("card.choose", { message: message.id, choice: "spend", value: "inflict-wound" })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
    expect((await cards.chooseOnCard(message as never, "spend", ["inflict-yield", "inflict-yield"])).ok).toBe(true);
    expect(yieldOf(guard)).toBe(2);
    const applied = world();
    // The same request again, twice: the card is applied, so both are refused.
    for (let i = 0; i < 2; i += 1) expect(await ask("card.choose", { message: message.id, choice: "spend", value: ["inflict-yield", "inflict-yield"] })).toMatchObject({ ok: false });
    expect(world()).toBe(applied);
    expect(yieldOf(guard)).toBe(2);
  });

  it("cannot slip dice in beside the roll's terms: v13's Roll.fromData counts a roll's `dice` list first (client/dice/roll.mjs), so such a roll is refused", async () => {
    const message = await lungeAwaitingSpend();
    await cards.chooseOnCard(message as never, "spend", ["inflict-yield"]);
    const before = world();
    queueFaces(7, 6, 2, 1);
    const roll = await new (globalThis as unknown as { Roll: new (f: string) => { evaluate(): Promise<{ toJSON(): Record<string, unknown> }> } }).Roll("4d8").evaluate();
    const forged = { ...roll.toJSON(), dice: [{ class: "Die", number: 1, faces: 8, results: [{ result: 8, active: true }], evaluated: true }] };
    const answer = await ask("card.open", { kind: "cavaliers.attack", refs: { attacker: { actor: duellist.uuid }, defender: { actor: guard.uuid } }, request: { attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] }, roll: JSON.stringify(forged), rollMode: "publicroll" });
    expect(answer).toMatchObject({ ok: false, reason: "The roll sent with this step is not a roll of plain dice; nothing changed." });
    expect(world()).toBe(before);
  });

  it("cannot make her item's success table decide: the rules' tables do", async () => {
    harness.switchUser(ada);
    const lunge = (duellist as unknown as { items: { contents: { id: string; type: string; update(d: object): Promise<unknown> }[] } }).items.contents.find((i) => i.type === "cavaliersSpecialty")!;
    await lunge.update({ system: { table: [{ id: "inflict-wound", name: "Inflict 20 Wounds", cost: 1, repeatable: true, effect: "inflict-wound", amount: 20 }] } });
    harness.switchUser(ada);
    queueFaces(2, 2, 1, 1); // total 4, 2 SP
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(gm);
    queueFaces(1, 1, 1); // total 2
    await cards.chooseOnCard(message as never, "defence", "parry");
    harness.switchUser(ada);
    const before = world();
    expect(await cards.chooseOnCard(message as never, "spend", ["inflict-wound", "inflict-wound"])).toMatchObject({ ok: false, reason: expect.stringContaining("SP") });
    expect(world()).toBe(before);
    expect((guard.system as unknown as { wounds: { value: number } }).wounds.value).toBe(0);
  });

  it("cannot lose a later change with a stale Undo: it names the field, and undoing the later card first works", async () => {
    const first = await lungeAwaitingSpend();
    expect((await cards.chooseOnCard(first as never, "spend", ["inflict-yield"])).ok).toBe(true);
    const second = await lungeAwaitingSpend();
    expect((await cards.chooseOnCard(second as never, "spend", ["inflict-yield", "inflict-yield"])).ok).toBe(true);
    expect(yieldOf(guard)).toBe(3);
    // Both cards changed the Guard, whom Ada does not own: the GM undoes them.
    harness.switchUser(gm);
    const before = world();
    expect(await ask("card.undo", { message: first.id })).toMatchObject({ ok: false, reason: expect.stringMatching(/Guard's Yield is 3 now, not the 1 this card set.*Undo the later card first/) });
    expect(world()).toBe(before);
    expect((await ask("card.undo", { message: second.id })).ok).toBe(true);
    expect(yieldOf(guard)).toBe(1);
    expect((await ask("card.undo", { message: first.id })).ok).toBe(true);
    expect(yieldOf(guard)).toBe(0);
  });

  it("cannot undo a wound as its victim, nor as the attacker: the card names and changed another's character, so only the GM may", async () => {
    // The fixture's Heroine is Dying (4 Wounds), and a Dying character cannot be attacked (seed 000, Wounds).
    harness.switchUser(gm);
    await heroine.update({ "system.wounds.value": 0 });
    harness.switchUser(ada);
    queueFaces(7, 6, 2, 1);
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: heroine.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(bob);
    queueFaces(1);
    expect((await cards.chooseOnCard(message as never, "defence", "dodge")).ok).toBe(true);
    harness.switchUser(ada);
    expect((await cards.chooseOnCard(message as never, "spend", ["inflict-yield"])).ok).toBe(true);
    expect(cardOf(message).state).toBe("applied");
    expect(yieldOf(heroine)).toBe(1);
    const before = world();
    for (const user of [bob, ada]) {
      harness.switchUser(user);
      expect(await ask("card.undo", { message: message.id })).toMatchObject({ ok: false, reason: expect.stringContaining("Only the GM") });
      expect(world()).toBe(before);
    }
    harness.switchUser(gm);
    expect((await ask("card.undo", { message: message.id })).ok).toBe(true);
    expect(yieldOf(heroine)).toBe(0);
  });

  it("cannot attack a token she cannot see; the GM can", async () => {
    const Scene = (globalThis as unknown as { foundry: { documents: { Scene: { create(d: object): Promise<{ tokens: { contents: { uuid: string; name: string }[] } }> } } } }).foundry.documents.Scene;
    const scene = await Scene.create({ name: "Alley", tokens: [{ name: "Duellist", actorId: duellist.id, actorLink: true }, { name: "Lurker", actorId: guard.id, actorLink: true, hidden: true }] });
    const [mine, hidden] = scene.tokens.contents as unknown as [{ uuid: string }, { uuid: string }];
    const request = { attackerUuid: duellist.uuid, attackerTokenUuid: mine.uuid, targetUuid: guard.uuid, targetTokenUuid: hidden.uuid, attack: "lunge" as const, weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] };
    harness.switchUser(ada);
    const count = game.messages.size;
    queueFaces(7, 6, 2, 1);
    expect(await cavaliers.postAttack(request)).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("can see");
    expect(game.messages.size).toBe(count);
    harness.switchUser(gm);
    queueFaces(7, 6, 2, 1);
    expect(await cavaliers.postAttack(request)).toBeTruthy();
  });

  it("cannot get one card applied twice through two GM clients or a double click", async () => {
    const assistant = harness.createUser({ name: "Assistant", role: "ASSISTANT" });
    const message = await lungeAwaitingSpend();
    expect(game.users.activeGM?.id).toBe(gm.id);
    // The Assistant's client is not the active GM's: it asks the active GM, like a player, and one Apply wins.
    const fromAda = cards.chooseOnCard(message as never, "spend", ["inflict-yield"]);
    harness.switchUser(assistant);
    const fromAssistant = cards.chooseOnCard(message as never, "spend", ["inflict-yield"]);
    const results = await Promise.all([fromAda, fromAssistant]);
    // One is served; the other is refused by the card's state, or (the same request from the same
    // client, as a double click is) joins the first and hears its answer. Either way, one Apply.
    expect(results.some((r) => r.ok)).toBe(true);
    expect(results.filter((r) => !r.ok).every((r) => /applied/.test(r.reason ?? ""))).toBe(true);
    expect(yieldOf(guard)).toBe(1);
    expect(cardOf(message).applied).toHaveLength(1);
  });

  it("cannot wait out a silent GM: after 10 s she is told no answer has come, and a request that reaches the GM late is refused unserved", async () => {
    const message = await lungeAwaitingSpend();
    const before = world();
    vi.useFakeTimers();
    harness.freezeClient(gm);
    const pending = cards.chooseOnCard(message as never, "spend", ["inflict-yield"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ ok: false, reason: expect.stringContaining("10 seconds") });
    harness.freezeClient(gm, false);
    vi.useRealTimers();
    // The same request reaching the GM late (sent 11 s ago) is refused too.
    await forge("card.choose", { message: message.id, choice: "spend", value: ["inflict-yield"] }, Date.now() - 11_000);
    expect(world()).toBe(before);
  });

  it("cannot make every card about the Guard megabytes long with a 1 MB name: a card keeps 100 characters of it, at every step", async () => {
    await guard.update({ name: `Guard ${"x".repeat(1_000_000)} the End` });
    const message = await lungeAwaitingSpend();
    const size = () => JSON.stringify((message as unknown as { _source: unknown })._source).length;
    expect(size()).toBeLessThan(60_000);
    expect((await cards.chooseOnCard(message as never, "spend", ["inflict-yield"])).ok).toBe(true);
    expect(cardOf(message).state).toBe("applied");
    expect(size()).toBeLessThan(60_000);
    expect((await message.renderHTML()).textContent).toMatch(/Guard x+…x+ the End/);
  });

  it("cannot put HTML in chat through a name", async () => {
    await guard.update({ name: `<img src=x onerror="alert(1)">Guard` });
    const message = await lungeAwaitingSpend();
    const html = await message.renderHTML();
    expect(html.querySelector("img")).toBeNull();
    expect(html.querySelector(".fray-card")?.textContent).toContain(`<img src=x onerror="alert(1)">Guard`);
  });
});

describe("a forged step on each kind of card is refused", () => {
  it("attack: a defence chosen by someone who does not own the target", async () => {
    // The Heroine is up again (a Dying character cannot be attacked).
    await heroine.update({ "system.wounds.value": 0 });
    harness.switchUser(ada);
    queueFaces(7, 6, 2, 1);
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: heroine.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    const before = world();
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: "dodge" })).toMatchObject({ ok: false, reason: expect.stringContaining("Heroine") });
    expect(world()).toBe(before);
  });

  it("Use a Skill and Flourish: another player's purchases, and more Style than the SP buy", async () => {
    harness.switchUser(ada);
    queueFaces(8, 8, 1, 1, 1); // 16, 8 SP against Moderate's 3
    const skill = (await cavaliers.postCheck({ actorUuid: duellist.uuid, kind: "skill", opposition: "moderate", combined: [], assists: [] })) as unknown as Message;
    queueFaces(8, 8, 1, 1, 1);
    const flourish = (await cavaliers.postCheck({ actorUuid: duellist.uuid, kind: "flourish", opposition: "easy", combined: [], assists: [] })) as unknown as Message;
    const before = world();
    expect(await ask("card.choose", { message: flourish.id, choice: "style", value: 6 })).toMatchObject({ ok: false });
    harness.switchUser(bob);
    expect(await ask("card.choose", { message: skill.id, choice: "spend", value: ["increase-advantage"] })).toMatchObject({ ok: false, reason: expect.stringContaining("Duellist") });
    expect(await ask("card.choose", { message: flourish.id, choice: "style", value: 1 })).toMatchObject({ ok: false, reason: expect.stringContaining("Duellist") });
    expect(world()).toBe(before);
  });

  it("Survival: someone else's purchases for the Dying, and a roll for someone not Dying", async () => {
    harness.switchUser(bob);
    queueFaces(6, 6, 1, 1, 1); // 12, 6 SP against 3
    const survival = (await cavaliers.postCheck({ actorUuid: heroine.uuid, kind: "survival", opposition: "moderate", combined: [], assists: [] })) as unknown as Message;
    expect(cardOf(survival).outcome.awaiting?.choice).toBe("spend");
    harness.switchUser(ada);
    const before = world();
    expect(await ask("card.choose", { message: survival.id, choice: "spend", value: ["heal-wound"] })).toMatchObject({ ok: false, reason: expect.stringContaining("Heroine") });
    expect(await ask("card.open", { kind: "cavaliers.survival", refs: { actor: { actor: duellist.uuid } }, request: {}, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("not Dying") });
    expect(world()).toBe(before);
  });
});

describe("Copy as request", () => {
  /** The card's copied request, resolved by the command line, prints the card's outcome exactly. */
  async function replays(message: Message): Promise<void> {
    await pickFromMenu(message, "FRAY.Card.Copy");
    const copied = (game as unknown as { clipboard: { text: string } }).clipboard.text;
    const printed = runCli(["resolve"], () => copied);
    expect(printed.stderr).toBe("");
    const { ruleset: _r, action: _a, seed: _s, ...outcome } = JSON.parse(printed.stdout) as Record<string, unknown>;
    expect(outcome).toEqual((message.system.toObject() as { outcome: unknown }).outcome);
  }

  it("replays an attack, a skill, a Flourish and a Survival card on the command line", async () => {
    const attack = await lungeAwaitingSpend();
    await cards.chooseOnCard(attack as never, "spend", ["inflict-yield", "inflict-wound"]);
    await replays(attack);
    harness.switchUser(ada);
    queueFaces(8, 8, 1, 1, 1);
    const skill = (await cavaliers.postCheck({ actorUuid: duellist.uuid, kind: "skill", opposition: "moderate", combined: [], assists: [] })) as unknown as Message;
    await cards.chooseOnCard(skill as never, "spend", ["increase-advantage", "increase-advantage"]);
    await replays(skill);
    queueFaces(8, 8, 1, 1, 1);
    const flourish = (await cavaliers.postCheck({ actorUuid: duellist.uuid, kind: "flourish", opposition: "easy", combined: [], assists: [] })) as unknown as Message;
    await cards.chooseOnCard(flourish as never, "style", 2);
    await replays(flourish);
    harness.switchUser(bob);
    queueFaces(6, 6, 1, 1, 1);
    const survival = (await cavaliers.postCheck({ actorUuid: heroine.uuid, kind: "survival", opposition: "moderate", combined: [], assists: [] })) as unknown as Message;
    await cards.chooseOnCard(survival as never, "spend", ["heal-wound"]);
    await replays(survival);
    // A card still awaiting a choice replays too: the command line prints what it awaits.
    const open = await lungeAwaitingSpend();
    await replays(open);
  });
});

describe("a hostile player at the tracker", () => {
  /** A running combat of the Duellist (Ada's), the Heroine (Bob's) and the Guard, rolled by the GM. */
  async function rolled() {
    const cls = harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<{ id: string; combatants: { contents: { id: string; name: string }[] }; createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string }[]>; rollInitiative(ids: string[]): Promise<unknown>; getFlag(s: string, k: string): unknown }> };
    const combat = await cls.create({ active: true });
    const made = await combat.createEmbeddedDocuments("Combatant", [duellist, heroine, guard].map((a) => ({ actorId: a.id, name: a.name })));
    harness.onDialog((dialog) => dialog.answer("roll", { specialty: "impulse", surprised: false }));
    queueFaces(6, 4, 5, 3, 3, 2);
    await combat.rollInitiative(made.map((c) => c.id));
    await cards.cardsIdle();
    return { combat, ids: made.map((c) => c.id) };
  }

  it("cannot buy IP for, roll for or group combatants that are not hers, nor send dice the rules do not use", async () => {
    const { combat, ids } = await rolled();
    const [mine, bobs, guards] = ids as [string, string, string];
    harness.switchUser(ada);
    const before = JSON.stringify({ world: world(), combat: combat.getFlag("fray", "cavaliers") });
    expect(await ask("combat.act", { combat: combat.id, combatants: [bobs], action: "seize" })).toMatchObject({ ok: false, reason: expect.stringContaining("Heroine") });
    expect(await ask("combat.act", { combat: combat.id, combatants: [mine], action: "group" })).toMatchObject({ ok: false, reason: expect.stringContaining("GM") });
    expect(await ask("combat.act", { combat: combat.id, combatants: [mine], action: "constructor" })).toMatchObject({ ok: false });
    expect(await ask("combat.reset", { combat: combat.id, combatants: [guards] })).toMatchObject({ ok: false, reason: expect.stringContaining("GM") });
    const sixes = JSON.stringify({ class: "Roll", evaluated: true, formula: "1d8 + 1d6", terms: [{ class: "Die", number: 1, faces: 8, results: [{ result: 8, active: true }] }, { class: "OperatorTerm", operator: "+" }, { class: "Die", number: 1, faces: 6, results: [{ result: 6, active: true }] }], total: 14 });
    expect(await ask("combat.roll", { combat: combat.id, combatants: [guards], choice: { choices: { [guards]: { specialty: "impulse", surprised: false } } }, roll: sixes })).toMatchObject({ ok: false, reason: expect.stringContaining("Guard") });
    expect(await ask("combat.roll", { combat: combat.id, combatants: [mine], choice: { choices: { [mine]: { specialty: "constructor", surprised: false } } }, roll: sixes })).toMatchObject({ ok: false });
    const tooMany = JSON.stringify({ class: "Roll", evaluated: true, formula: "1d8 + 1d8 + 1d8", terms: [8, 8, 8].map((faces) => ({ class: "Die", number: 1, faces, results: [{ result: faces, active: true }] })), total: 24 });
    expect(await ask("combat.act", { combat: combat.id, combatants: [mine], action: "focus", roll: tooMany })).toMatchObject({ ok: false, reason: expect.stringContaining("not used") });
    // Dice listed beside the terms, which v13's Roll.fromData counts first (client/dice/roll.mjs).
    const apart = JSON.stringify({ class: "Roll", evaluated: true, formula: "1d8", terms: [{ class: "Die", number: 1, faces: 8, results: [{ result: 1, active: true }] }], dice: [{ class: "Die", number: 1, faces: 8, results: [{ result: 8, active: true }] }], total: 1 });
    expect(await ask("combat.act", { combat: combat.id, combatants: [mine], action: "focus", roll: apart })).toMatchObject({ ok: false, reason: expect.stringContaining("not a roll of plain dice") });
    expect(JSON.stringify({ world: world(), combat: combat.getFlag("fray", "cavaliers") })).toBe(before);
  });
});

describe("a hostile player writing what v13 lets her write in a fight", () => {
  type Fight = {
    id: string;
    round: number;
    turn: number | null;
    turns: { id: string; name: string }[];
    combatant?: { id: string };
    combatants: { get(id: string): { update(d: object, o?: object): Promise<unknown>; initiative: number | null } };
    createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string }[]>;
    rollInitiative(ids: string[]): Promise<unknown>;
    startCombat(): Promise<unknown>;
    nextTurn(): Promise<unknown>;
    update(d: object, o?: object): Promise<unknown>;
  };
  const ip = (a: Actor) => (a.system as unknown as { initiativePoints: number }).initiativePoints;
  const act = async (combat: Fight, id: string, action: string) => (await import("../../src/foundry/combat/requests.js")).requestAction(combat as never, (combat.combatants.get(id) as never), action);
  const names = (combat: Fight) => combat.turns.map((c) => c.name);

  /** The Duellist (Ada's, on a friendly token), the Heroine (Bob's) and the Guard, rolled by the GM and started. */
  async function started(): Promise<{ combat: Fight; ids: [string, string, string]; token: { update(d: object): Promise<unknown>; disposition: number } }> {
    const SceneClass = (globalThis as unknown as { Scene: { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string; update(d: object): Promise<unknown>; disposition: number }[]> }> } }).Scene;
    const scene = await SceneClass.create({ name: "Hall", active: true });
    // Her character's token, linked as Fray makes a character's prototype token (an unlinked one would fight on a copy).
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Duellist", actorId: duellist.id, actorLink: true, disposition: 1 }]);
    const cls = harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<Fight> };
    const combat = await cls.create({ active: true });
    const made = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: duellist.id, tokenId: token!.id, sceneId: scene.id, name: "Duellist" },
      ...[heroine, guard].map((a) => ({ actorId: a.id, name: a.name })),
    ]);
    // The Initiative dialog, and an Interpose's (the first thing it offers).
    harness.onDialog((dialog) => (dialog.actions.includes("interpose") ? dialog.answer("interpose") : dialog.answer("roll", { specialty: "vigilance", surprised: false })));
    queueFaces(6, 4, 5, 3, 3, 2);
    await combat.rollInitiative(made.map((c) => c.id));
    await combat.startCombat();
    await cards.cardsIdle();
    return { combat, ids: made.map((c) => c.id) as [string, string, string], token: token! };
  }

  it("cannot buy Interpose three times in one round by writing the round on between buys: the GM puts the round back", async () => {
    const { combat, ids } = await started();
    await giveInitiativePoints(combat, [combat.combatants.get(ids[0])] as never, 6);
    harness.switchUser(ada);
    await act(combat, ids[0], "interpose"); // Vigilance: 1 IP
    await combat.update({ round: 2 });
    await act(combat, ids[0], "interpose");
    await combat.update({ round: 3 });
    await act(combat, ids[0], "interpose");
    expect(ip(duellist)).toBe(5);
    expect(harness.notifications.filter((n) => n.type === "warning").map((n) => n.message)).toEqual(["Interpose can be bought only once per round.", "Interpose can be bought only once per round."]);
    expect(combat.round).toBe(1);
  });

  it("issue 34 item 5: cannot buy with Initiative Points she wrote on her actor (99) or an Active Effect adds (+50): the GM spends from his record of the fight", async () => {
    const { combat, ids } = await started();
    const duellistIn = combat.combatants.get(ids[0]);
    await giveInitiativePoints(combat, [duellistIn] as never, 0);
    harness.switchUser(ada);
    await duellist.update({ "system.initiativePoints": 99 });
    await (duellist as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }).createEmbeddedDocuments("ActiveEffect", [{ name: "Verve", changes: [{ key: "system.initiativePoints", mode: 2, value: "50" }] }]);
    const before = JSON.stringify((combat as unknown as { _source: { flags: unknown } })._source.flags);
    const messages = game.messages.size;
    for (const what of ["seize", "interpose", "reprise"]) await act(combat, ids[0], what);
    expect(harness.notifications.filter((n) => n.type === "warning").map((n) => n.message)).toEqual([
      expect.stringMatching(/^Seize costs \d+ IP/),
      expect.stringMatching(/^Interpose costs \d+ IP/),
      expect.stringMatching(/^Reprise costs \d+ IP/),
    ]);
    expect(JSON.stringify((combat as unknown as { _source: { flags: unknown } })._source.flags)).toBe(before);
    expect(game.messages.size).toBe(messages);
    const { pointsOf } = await import("../../src/foundry/rulesets/cavaliers/combat/state.js");
    expect(pointsOf(duellistIn as never)).toBe(0);
  });

  it("writes the turn, her combatant's initiative and her token's disposition: the turn goes back, the rest moves no one", async () => {
    const { combat, ids, token } = await started();
    const order = names(combat);
    harness.switchUser(ada);
    await combat.update({ turn: 2 });
    expect(combat.turn).toBe(0);
    await combat.combatants.get(ids[0])!.update({ initiative: 99 }, { combatTurn: 2 });
    expect([combat.turn, names(combat)]).toEqual([0, order]);
    await token.update({ disposition: -1 });
    expect(names(combat)).toEqual(order);
    // The rows show the roll's total, not the 99 she wrote.
    const Tracker = harness.CONFIG.ui.combat as new () => { render(o: object): Promise<{ element: HTMLElement }> };
    const rows = (await new Tracker().render({ force: true })).element.querySelectorAll(".token-initiative");
    expect([...rows].map((r) => r.textContent?.trim())).not.toContain("99");
  });
});
