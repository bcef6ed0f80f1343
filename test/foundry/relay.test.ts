/**
 * The relay when the GM is slow: a player asks, the GM's client is still busy with an earlier
 * request when her ten seconds run out, and serves hers afterwards. She is told the truth (first
 * that no answer has come, then what happened), and pressing again while it is unanswered asks for
 * the same request under the same id, which the GM serves once: one card, not two.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { bootWorld } from "./world.js";

let relay: typeof import("../../src/foundry/relay/index.js");
let cavaliers: typeof import("../../src/foundry/rulesets/cavaliers/cards/index.js");

const { harness, game } = bootWorld("cavaliers", { users: ["Ada"] }, (w) => ({ gm, ada } = w.users));
beforeAll(async () => {
  relay = await import("../../src/foundry/relay/index.js");
  cavaliers = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
  // A request that keeps the GM's client busy until the test lets it go (a slow step before hers).
  relay.onRequest("test.busy", () => busy);
});
afterEach(() => vi.useRealTimers());

let release: () => void = () => undefined;
let busy: Promise<void> = Promise.resolve();
let gm: User;
let ada: User;
let duellist: Actor;
let guard: Actor;

const ActorClass = () => harness.CONFIG.Actor.documentClass as typeof Actor;
const weaponId = (a: Actor) => (a as unknown as { items: { contents: { id: string; type: string }[] } }).items.contents.find((i) => i.type === "cavaliersWeapon")!.id;
const cards = () => game.messages.contents.filter((m) => (m as unknown as { type: string }).type === "card");

beforeEach(async () => {
  duellist = (await ActorClass().create({
    name: "Duellist",
    type: "cavaliersCharacter",
    ownership: { default: 1, [ada.id]: 3 },
    system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8 },
    items: [
      { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 1, action: "lunge" } },
      { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, melee: true } },
    ],
  })) as Actor;
  guard = (await ActorClass().create({ name: "Guard", type: "cavaliersNpc", ownership: { default: 1 }, system: { npcType: "major", attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6 } })) as Actor;
  busy = new Promise<void>((resolve) => (release = resolve));
});

/** The GM's own slow step, first in its queue. */
function gmBusy(): Promise<unknown> {
  harness.switchUser(gm);
  return relay.ask("test.busy", {});
}

/** Ada's Lunge on the Guard, from her client (it rolls her dice again each time). */
function adaLunges(): Promise<unknown> {
  harness.switchUser(ada);
  queueFaces(7, 6, 2, 1);
  return cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] });
}

/** Lets the GM's busy step end, and waits for every request after it. */
async function gmCatchesUp(): Promise<void> {
  release();
  await relay.relayIdle();
  await vi.advanceTimersByTimeAsync(0);
}

describe("a slow GM", () => {
  it("a request served after the asker's ten seconds still tells her what happened: no 'nothing changed'", async () => {
    vi.useFakeTimers();
    const first = gmBusy();
    const attack = adaLunges();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await attack).toBeUndefined();
    const told = harness.notifications.at(-1)!;
    expect(told.message).toContain("has not answered in 10 seconds");
    expect(told.message).not.toMatch(/nothing changed/i);
    expect(cards()).toHaveLength(0);
    await gmCatchesUp();
    await first;
    expect(cards()).toHaveLength(1);
    expect(harness.notifications.at(-1)).toMatchObject({ type: "info", message: "The GM has now done what you asked a moment ago." });
  });

  it("pressing again while it is unanswered asks for the same request, which the GM serves once: one card", async () => {
    vi.useFakeTimers();
    void gmBusy();
    const attack = adaLunges();
    await vi.advanceTimersByTimeAsync(10_000);
    await attack;
    const again = adaLunges();
    await gmCatchesUp();
    expect(await again).toBeTruthy();
    expect(cards()).toHaveLength(1);
    // Answered now: the next Lunge is a new request, and a new card.
    vi.useRealTimers();
    expect(await adaLunges()).toBeTruthy();
    expect(cards()).toHaveLength(2);
  });

  it("a refusal that comes late is shown to her with its reason", async () => {
    vi.useFakeTimers();
    void gmBusy();
    harness.switchUser(ada);
    const undo = relay.ask("card.undo", { message: "noSuchMessage0001" });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await undo).toMatchObject({ ok: false, reason: expect.stringContaining("has not answered") });
    await gmCatchesUp();
    expect(harness.notifications.at(-1)).toMatchObject({ type: "warning" });
    expect(harness.notifications.at(-1)!.message).toMatch(/^The GM has now answered what you asked a moment ago: .+/);
  });
});

describe("the GM's answer belongs to one request", () => {
  it("an answer naming an id she is not waiting on changes nothing for her", async () => {
    const before = harness.notifications.length;
    await gm.update({ [`flags.fray.answers.${ada.id}`]: JSON.stringify({ id: "neverAsked000001", answer: { ok: false, reason: "No." } }) });
    expect(harness.notifications.length).toBe(before);
  });

  it("issue 34 item 6: Ada cannot answer Bob's pending request (by query, her own flags or the GM's): he is not refused, and the GM posts his card", async () => {
    const bob = harness.createUser({ name: "Bob", role: "PLAYER" });
    await duellist.update({ [`ownership.${bob.id}`]: 3 });
    const first = gmBusy();
    harness.switchUser(bob);
    queueFaces(7, 6, 2, 1);
    const attack = cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: weaponId(duellist), combined: [], useAdvantage: false, assists: [] });
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    // Every client has every User document: she reads his pending request's id there.
    const pending = JSON.parse((bob as unknown as { flags: { fray: { request: string } } }).flags.fray.request) as { id: string };
    const forged = JSON.stringify({ id: pending.id, answer: { ok: false, reason: "The GM refused." }, stamp: "x" });
    harness.switchUser(ada);
    // v13 hands a query's handler only its data: Fray takes no answer by query, so the old one is gone.
    await expect(bob.query("fray.answer", { id: pending.id, answer: { ok: false, reason: "The GM refused." } })).rejects.toThrow();
    // Her own User flags: she may write them, but the writer is not the active GM.
    await ada.update({ [`flags.fray.answers.${bob.id}`]: forged });
    // The GM's User document: v13's server refuses her.
    await expect(gm.update({ [`flags.fray.answers.${bob.id}`]: forged })).rejects.toThrow(/lacks permission/);
    expect(cards()).toHaveLength(0);
    release();
    await relay.relayIdle();
    await first;
    expect(await attack).toBeTruthy();
    expect(cards()).toHaveLength(1);
    expect(harness.notifications.filter((n) => n.message.includes("refused"))).toEqual([]);
  });

  it("a hostile client writing one request id again gets it served once: no second card", async () => {
    const written: string[] = [];
    const { Hooks } = globalThis as unknown as { Hooks: { on(name: string, fn: (...args: unknown[]) => void): number; off(name: string, id: number): void } };
    const hook = Hooks.on("preUpdateUser", (_user, changes) => {
      const raw = (changes as { flags?: { fray?: { request?: unknown } } }).flags?.fray?.request;
      if (typeof raw === "string") written.push(raw);
    });
    try {
      expect(await adaLunges()).toBeTruthy();
    } finally {
      Hooks.off("preUpdateUser", hook);
    }
    expect(cards()).toHaveLength(1);
    const replay = { ...(JSON.parse(written[0]!) as Record<string, unknown>), sentAt: Date.now(), attempt: 9 };
    await ada.update({ "flags.fray.request": JSON.stringify(replay) });
    await relay.relayIdle();
    expect(cards()).toHaveLength(1);
  });
});
