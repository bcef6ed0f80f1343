/**
 * The cavaliers exchange card in the harness, from given faces: attack → defend → spend → apply →
 * undo, and who may do what (refused queries, a double click, no GM), roll modes and the rolls kept
 * on the message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor, FoundryHarness, HarnessGame, User } from "../harness/index.js";
import { clearQueuedFaces, queueFaces, Roll } from "../harness/dice.js";
import { installDom, installFoundryFromDisk } from "../harness/node.js";

let harness: FoundryHarness;
let game: HarnessGame;
let removeDom: () => Promise<void>;
let exchange: typeof import("../../src/foundry/rulesets/cavaliers/exchange/index.js");
let queries: typeof import("../../src/foundry/queries/index.js");
let hooks: typeof import("../../src/foundry/chat/hooks.js");

beforeAll(async () => {
  removeDom = installDom();
  harness = installFoundryFromDisk();
  game = harness.game;
  await import("../../src/foundry/fray.js");
  await harness.boot();
  exchange = await import("../../src/foundry/rulesets/cavaliers/exchange/index.js");
  queries = await import("../../src/foundry/queries/index.js");
  hooks = await import("../../src/foundry/chat/hooks.js");
});
afterAll(async () => removeDom());

let gm: User;
let ada: User;
let bob: User;
let duellist: Actor;
let guard: Actor;

type Message = { id: string; system: { toObject(): Record<string, unknown> }; whisper: string[]; blind: boolean; _source: { rolls: unknown[] }; renderHTML(): Promise<HTMLElement> };
interface CardData {
  kind: string;
  attack: string;
  opposition: string;
  state: string;
  attacker: Record<string, unknown>;
  defender: Record<string, unknown>;
  defences: string[];
  winner: string;
  entries: { id: string }[];
  spend: string[];
  applied: unknown[];
  outCandidate: string;
}
const card = (m: Message) => m.system.toObject() as unknown as CardData;
const sys = (a: Actor) => a.system as unknown as { yield: { value: number }; wounds: { value: number }; advantage: number; style: number };
const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);

beforeEach(async () => {
  harness.reset();
  clearQueuedFaces();
  gm = game.user as User;
  ada = harness.createUser({ name: "Ada", role: "PLAYER" });
  bob = harness.createUser({ name: "Bob", role: "PLAYER" });
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
  guard = (await ActorClass.create({
    name: "Guard",
    type: "cavaliersNpc",
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
  const message = await exchange.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [], ...extra });
  expect(message).toBeTruthy();
  return message as unknown as Message;
}

async function click(message: Message, selector: string): Promise<void> {
  const html = await message.renderHTML();
  const button = html.querySelector<HTMLElement>(selector);
  if (!button) throw new Error(`no button ${selector} for ${String(game.user?.name)} in state ${card(message).state}`);
  button.click();
  await hooks.cardActivity();
}

async function buttons(message: Message): Promise<string[]> {
  const html = await message.renderHTML();
  return [...html.querySelectorAll<HTMLElement>("[data-fray-action]")].map((b) => `${b.dataset.frayAction}${b.dataset.defence ? `:${b.dataset.defence}` : ""}`);
}

async function defendAsGm(message: Message): Promise<void> {
  harness.switchUser(gm);
  queueFaces(3, 2, 1); // d6 verve, d6 competency, d6 sabre: total 5, 2 SP
  await click(message, "[data-fray-action='defend'][data-defence='parry']");
}

describe("cavaliers exchange card", () => {
  it("attack → defend → spend → apply → undo, from given faces, restores every value exactly", async () => {
    const message = await attackAsAda();
    const posted = card(message);
    expect(posted.state).toBe("awaiting-defence");
    expect(posted.attacker).toMatchObject({ pool: [8, 8, 8, 8], faces: [7, 6, 2, 1], total: 13, sp: 6, drop: 0 });
    expect(posted.defences).toEqual(["parry", "block", "dodge"]);
    // Ada sees no defence buttons (she does not own the Guard); the GM does.
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(gm);
    expect(await buttons(message)).toEqual(["defend:parry", "defend:block", "defend:dodge"]);

    await defendAsGm(message);
    const read = card(message);
    expect(read.state).toBe("awaiting-spend");
    expect(read.defender).toMatchObject({ pool: [6, 6, 6], faces: [3, 2, 1], total: 5, sp: 2 });
    expect(read.winner).toBe("attacker");
    expect(read.entries.map((e) => e.id)).toEqual(["inflict-yield", "increase-advantage", "gain-style", "inflict-wound", "break-weapon"]);

    const before = { duellist: structuredClone(sys(duellist)), guard: structuredClone(sys(guard)) };
    harness.switchUser(ada);
    const html = await message.renderHTML();
    const buy = (id: string) => html.querySelector<HTMLElement>(`[data-entry='${id}'] [data-fray-action='buy']`)!.click();
    buy("inflict-yield");
    await hooks.cardActivity();
    buy("inflict-yield");
    await hooks.cardActivity();
    buy("inflict-wound");
    await hooks.cardActivity();
    expect(html.querySelector("[data-spend-total]")?.textContent).toBe("6 / 6 SP");
    expect((html.querySelector("[data-entry='gain-style'] [data-fray-action='buy']") as HTMLButtonElement).disabled).toBe(true);
    html.querySelector<HTMLElement>("[data-fray-action='apply']")!.click();
    await hooks.cardActivity();

    const applied = card(message);
    expect(applied.state).toBe("applied");
    expect(applied.spend).toEqual(["inflict-yield", "inflict-yield", "inflict-wound"]);
    expect(sys(guard).yield.value).toBe(2);
    expect(sys(guard).wounds.value).toBe(1);
    expect(applied.applied).toEqual([
      {
        uuid: guard.uuid,
        name: "Guard",
        fields: [
          { path: "system.yield.value", before: 0, after: 2 },
          { path: "system.wounds.value", before: 0, after: 1 },
        ],
      },
    ]);
    expect((await message.renderHTML()).querySelector(".fray-card-changes")?.textContent).toContain("Guard: Yield 0 → 2");

    await click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect(sys(guard)).toEqual(before.guard);
    expect(sys(duellist)).toEqual(before.duellist);
    expect(await buttons(message)).toEqual([]);
  });

  it("keeps the Roll on the message and honours the roll mode", async () => {
    const message = await attackAsAda({ rollMode: "gmroll" });
    expect(message.whisper).toEqual([gm.id]);
    expect(message.blind).toBe(false);
    const rolls = message._source.rolls.map((r) => Roll.fromJSON(String(r)));
    expect(rolls.map((r) => r.formula)).toEqual(["1d8 + 1d8 + 1d8 + 1d8"]);
    expect(rolls[0]!.dice.map((d) => d.results[0]!.result)).toEqual([7, 6, 2, 1]);
    await defendAsGm(message);
    expect(message._source.rolls.map((r) => Roll.fromJSON(String(r)).formula)).toEqual(["1d8 + 1d8 + 1d8 + 1d8", "1d6 + 1d6 + 1d6"]);
    const blind = await attackAsAda({ rollMode: "blindroll" });
    expect(blind.blind).toBe(true);
  });

  it("Advantage joins the pool and steps down; Drop removes the smallest dice; a bad turn posts nothing", async () => {
    harness.switchUser(ada);
    queueFaces(5, 5, 5);
    const message = (await exchange.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: ["move"], useAdvantage: true, assists: [], extraDrop: 1 })) as unknown as Message;
    expect(card(message).attacker).toMatchObject({ pool: [8, 8, 8, 8, 6], drop: 2, kept: [8, 8, 8] });
    expect(sys(duellist).advantage).toBe(0);
    const count = game.messages.size;
    const none = await exchange.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", combined: ["run", "move"], useAdvantage: false, assists: [] });
    expect(none).toBeUndefined();
    expect(game.messages.size).toBe(count);
    expect(harness.notifications.at(-1)?.type).toBe("error");
  });

  it("refuses a query from the wrong user, for overspent SP and at the wrong step", async () => {
    const message = await attackAsAda();
    harness.switchUser(ada);
    // Ada does not own the Guard: she cannot choose its defence.
    const wrongDefender = await queries.runStep(message as never, "defend", { defence: "parry", roll: null });
    expect(wrongDefender).toMatchObject({ ok: false });
    expect(card(message).state).toBe("awaiting-defence");
    // Nothing to undo yet.
    expect(await queries.runStep(message as never, "undo")).toMatchObject({ ok: false });
    await defendAsGm(message);
    harness.switchUser(bob);
    const wrongUser = await queries.runStep(message as never, "apply", { spend: ["inflict-yield"] });
    expect(wrongUser).toMatchObject({ ok: false, reason: expect.stringContaining("winner") });
    harness.switchUser(ada);
    const overspent = await queries.runStep(message as never, "apply", { spend: ["inflict-wound", "inflict-wound"] });
    expect(overspent).toMatchObject({ ok: false, reason: expect.stringContaining("SP") });
    expect(card(message).state).toBe("awaiting-spend");
    expect(sys(guard).yield.value).toBe(0);
    expect(warnings().length).toBeGreaterThanOrEqual(3);
  });

  it("applies once when Apply is pressed twice at the same time", async () => {
    const message = await attackAsAda();
    await defendAsGm(message);
    harness.switchUser(ada);
    const results = await Promise.all([queries.runStep(message as never, "apply", { spend: ["inflict-yield"] }), queries.runStep(message as never, "apply", { spend: ["inflict-yield"] })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(sys(guard).yield.value).toBe(1);
    // And again later: the stored state refuses it.
    expect(await queries.runStep(message as never, "apply", { spend: ["inflict-yield"] })).toMatchObject({ ok: false });
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
      const result = await queries.runStep(message as never, "apply", { spend: ["inflict-yield"] });
      expect(result).toMatchObject({ ok: false });
      expect(warnings().at(-1)).toContain("No GM");
      expect(card(message).state).toBe("awaiting-spend");
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
    expect((await queries.runStep(message as never, "apply", { spend: ["inflict-yield", "inflict-yield"] })).ok).toBe(true);
    expect(card(message).outCandidate).toBe(guard.uuid);
    expect(await buttons(message)).toEqual(["undo"]);
    harness.switchUser(gm);
    expect(await buttons(message)).toEqual(["out", "out", "undo"]);
    await click(message, "[data-fray-action='out'][data-choice='surrender']");
    expect((guard as unknown as { flags: { fray: { out: string } } }).flags.fray.out).toBe("surrender");
    await click(message, "[data-fray-action='undo']");
    expect((guard as unknown as { flags: { fray: { out: string } } }).flags.fray.out).toBe("");
    expect(sys(guard).yield.value).toBe(4);
  });

  it("a Flourish against Easy buys only Style, and Undo takes it back", async () => {
    harness.switchUser(ada);
    queueFaces(6, 8, 1, 2, 3); // d8 verve and d8 competency (no Flourish specialty), then the 3d6 of Easy
    const message = (await exchange.postCheck({ actorUuid: duellist.uuid, kind: "flourish", opposition: "easy", combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    const data = card(message);
    expect(data.defender.pool).toEqual([6, 6, 6]);
    expect(data.state).toBe("awaiting-spend");
    expect(data.entries.map((e) => e.id)).toEqual(["gain-style"]);
    expect((await queries.runStep(message as never, "apply", { spend: ["gain-style", "gain-style"] })).ok).toBe(true);
    expect(sys(duellist).style).toBe(2);
    expect((await queries.runStep(message as never, "undo")).ok).toBe(true);
    expect(sys(duellist).style).toBe(0);
  });

  it("a PC at her Yield Limit fights on: the Yielded-out Wound is offered, she falls Dying and her owner rolls Survival from the card", async () => {
    const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
    const heroine = (await ActorClass.create({
      name: "Heroine",
      type: "cavaliersCharacter",
      ownership: { default: 0, [bob.id]: 3 },
      system: { attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6, yield: { value: 6 }, wounds: { value: 3 } },
    })) as Actor;
    harness.switchUser(ada);
    queueFaces(7, 6, 2, 1);
    const message = (await exchange.postAttack({ attackerUuid: duellist.uuid, targetUuid: heroine.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual(["defend:parry", "defend:block", "defend:dodge"]);
    queueFaces(1); // d6 + d6 with Wound Drop 4: one die is kept
    await click(message, "[data-fray-action='defend'][data-defence='dodge']");
    const read = card(message);
    expect(read.defender).toMatchObject({ pool: [6, 6], drop: 4, kept: [6], faces: [1], total: 1 });
    expect(read.entries.map((e) => e.id)).toContain("yielded-out-wound");
    harness.switchUser(ada);
    expect((await queries.runStep(message as never, "apply", { spend: ["yielded-out-wound"] })).ok).toBe(true);
    expect(sys(heroine).wounds.value).toBe(4);
    expect((heroine as unknown as { flags: { fray: { dying: boolean } } }).flags.fray.dying).toBe(true);
    expect(await buttons(message)).toEqual(["undo"]);
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual(["survival"]);
    queueFaces(6, 5, 1, 2, 3); // Verve d6 and competency d6, then Moderate's 3d8
    const before = game.messages.size;
    await click(message, "[data-fray-action='survival']");
    expect(game.messages.size).toBe(before + 1);
    const survival = game.messages.contents.at(-1) as unknown as Message;
    expect(card(survival)).toMatchObject({ kind: "survival", state: "awaiting-spend", opposition: "moderate" });
    expect(card(survival).entries.map((e) => e.id)).toEqual(["survive-8-hours", "regain-consciousness", "heal-wound"]);
    expect((await queries.runStep(survival as never, "apply", { spend: ["heal-wound"] })).ok).toBe(true);
    expect(sys(heroine).wounds.value).toBe(3);
    expect((heroine as unknown as { flags: { fray: { dying: boolean } } }).flags.fray.dying).toBe(false);
  });

  it("the GM side refuses a defence the attack does not allow and a roll that does not hold the defender's dice", async () => {
    const message = await attackAsAda();
    harness.switchUser(gm);
    const brawl = await queries.runStep(message as never, "defend", { defence: "brawl", roll: null });
    expect(brawl).toMatchObject({ ok: false, reason: expect.stringContaining("brawl") });
    const wrongDice = JSON.stringify(new Roll("1d20 + 1d20 + 1d20").evaluateSync().toJSON());
    const tampered = await queries.runStep(message as never, "defend", { defence: "parry", roll: wrongDice });
    expect(tampered).toMatchObject({ ok: false, reason: expect.stringContaining("d20") });
    expect(card(message).state).toBe("awaiting-defence");
    expect(message._source.rolls).toHaveLength(1);
  });

  it("a winning defender who buys no Negate lets the attack land: the attacker spends too, then both apply and undo together", async () => {
    harness.switchUser(ada);
    queueFaces(2, 2, 1, 1); // total 4, 2 SP
    const message = (await exchange.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(gm);
    queueFaces(6, 5, 1); // total 11, 5 SP
    await click(message, "[data-fray-action='defend'][data-defence='parry']");
    expect(card(message).winner).toBe("defender");
    expect((await queries.runStep(message as never, "apply", { spend: ["gain-style"] })).ok).toBe(true);
    expect(card(message).state).toBe("awaiting-landing");
    expect(sys(guard).style).toBe(0);
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(ada);
    expect((await buttons(message)).filter((b) => b === "apply")).toHaveLength(1);
    expect(await queries.runStep(message as never, "apply", { spend: ["inflict-yield", "inflict-yield", "inflict-yield"] })).toMatchObject({ ok: false });
    expect((await queries.runStep(message as never, "apply", { spend: ["inflict-yield", "inflict-yield"] })).ok).toBe(true);
    expect(card(message).state).toBe("applied");
    expect(sys(guard).yield.value).toBe(2);
    expect(sys(guard).style).toBe(1);
    harness.switchUser(gm);
    expect((await queries.runStep(message as never, "undo")).ok).toBe(true);
    expect(sys(guard).yield.value).toBe(0);
    expect(sys(guard).style).toBe(0);
  });

  it("a Riposte follows only a won Parry that bought it (RULINGS.md, cavaliers), is made once, and Undo takes back the right to it", async () => {
    const riposte = { attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "riposte" as const, weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] };
    harness.switchUser(ada);
    expect(await exchange.postAttack(riposte)).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("has no Riposte to make");

    harness.switchUser(gm);
    queueFaces(2, 1, 1); // the Guard's Lunge: d6 verve, d6 competency, d6 sabre: total 3, 1 SP
    const lunge = (await exchange.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    queueFaces(8, 7, 6); // the Duellist's Parry: total 15, 7 SP
    await click(lunge, "[data-fray-action='defend'][data-defence='parry']");
    expect(card(lunge).winner).toBe("defender");
    expect((await queries.runStep(lunge as never, "apply", { spend: ["negate", "riposte"] })).ok).toBe(true);
    expect(duellist.getFlag("fray", "riposte")).toBe(true);

    harness.switchUser(gm);
    expect((await queries.runStep(lunge as never, "undo")).ok).toBe(true);
    expect(duellist.getFlag("fray", "riposte")).not.toBe(true);
    harness.switchUser(ada);
    expect(await exchange.postAttack(riposte)).toBeUndefined();

    // Bought again (a fresh Lunge and Parry), the Riposte is made once and used up.
    harness.switchUser(gm);
    queueFaces(2, 1, 1);
    const again = (await exchange.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: weaponId(guard), combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    harness.switchUser(ada);
    queueFaces(8, 7, 6);
    await click(again, "[data-fray-action='defend'][data-defence='parry']");
    expect((await queries.runStep(again as never, "apply", { spend: ["negate", "riposte"] })).ok).toBe(true);
    queueFaces(5, 4, 3);
    const made = (await exchange.postAttack(riposte)) as unknown as Message;
    expect(card(made).attack).toBe("riposte");
    expect(card(made).defences).toEqual(["block", "dodge"]);
    expect(duellist.getFlag("fray", "riposte")).toBe(false);
    expect(await exchange.postAttack(riposte)).toBeUndefined();
  });
});
