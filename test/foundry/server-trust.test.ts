/**
 * What v13's server lets a player's client write, and what it keeps from her: the harness's model
 * of the server (playground/foundry/documents.ts: `sanitizeUserInput` for the gmOnly author and ownership
 * fields, `hostileUpdate` for a raw write the system's data model never checks), and Fray's GM
 * side reading what she stored. Each value she writes raw reaches the GM clamped to its field, or
 * not at all; the next load brings it within its model (the original kept in flags.fray.unmigrated),
 * so her actor never fails to load and cards about her still resolve.
 */
import { describe, expect, it } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { bootWorld, playRuleset } from "./world.js";

let gm: User;
let ada: User;
let bob: User;
const { harness, game } = bootWorld("cavaliers", { users: ["Ada", "Bob"] }, (w) => ({ gm, ada, bob } = w.users));

type Message = { id: string; author: { id: string; isGM: boolean } | null; update(data: object): Promise<unknown>; renderHTML(): Promise<HTMLElement> };
const MessageClass = () => harness.CONFIG.ChatMessage.documentClass as unknown as { create(data: object): Promise<Message> };
const ActorClass = () => harness.CONFIG.Actor.documentClass as typeof Actor;
const kept = (actor: Actor) => ((actor as unknown as { _source: { flags: { fray?: { unmigrated?: { path: string; value: unknown; reason: string }[] } } } })._source.flags.fray?.unmigrated ?? []).map(({ path, value, reason }) => ({ path, value, reason }));

describe("gmOnly fields (a message's author, a document's ownership)", () => {
  it("a player's message is hers whatever author it names, and she cannot make it a GM's afterwards", async () => {
    harness.switchUser(ada);
    const message = await MessageClass().create({ type: "card", author: gm.id, content: "<section class='fray-card'><button data-fray-action='undo'>Undo</button></section>", system: { kind: "cavaliers.attack", state: "applied" } });
    expect(message.author?.id).toBe(ada.id);
    await expect(message.update({ author: gm.id })).rejects.toThrow(/only a GM may set the "author" field/);
    expect(message.author?.id).toBe(ada.id);
    // So the card engine treats it as what it is: a player's message, with nothing to press.
    expect((await message.renderHTML()).querySelector("[data-fray-action]")).toBeNull();
  });

  it("a player may not change the default level nor another's on what she owns; a GM may", async () => {
    const mine = (await ActorClass().create({ name: "Ines", type: "cavaliersCharacter", ownership: { default: 1, [ada.id]: 3 } })) as Actor;
    harness.switchUser(ada);
    await expect(mine.update({ "ownership.default": 3 })).rejects.toThrow(/only a GM may set the "ownership" field/);
    await expect(mine.update({ [`ownership.${bob.id}`]: 3 })).rejects.toThrow(/only a GM may set the "ownership" field/);
    expect(mine.testUserPermission(bob as never, "OWNER")).toBe(false);
    expect((mine as unknown as { ownership: Record<string, number> }).ownership).toEqual({ default: 1, [ada.id]: 3 });
    harness.switchUser(gm);
    await mine.update({ [`ownership.${bob.id}`]: 3 });
    expect(mine.testUserPermission(bob as never, "OWNER")).toBe(true);
  });
});

describe("a hostile client's raw write, stored by the server without the system's model", () => {
  async function berold(): Promise<Actor> {
    await playRuleset(game, "drama");
    harness.switchUser(gm);
    const actor = (await ActorClass().create({ name: "Berold", type: "dramaCharacter", ownership: { default: 1, [ada.id]: 3 }, system: { grit: { value: 6, max: 6 }, flesh: { value: 7, max: 7 }, armourDice: 2 } })) as Actor;
    harness.switchUser(ada);
    return actor;
  }
  const sys = (actor: Actor) => actor.system as unknown as { grit: { value: number; max: number }; armourDice: number; attributes: { physical: number } };

  it("a number past its field's bound reaches every client clamped; the next load keeps the number she wrote aside", async () => {
    const actor = await berold();
    expect(await harness.hostileUpdate(actor as never, { "system.armourDice": 1_000_000_000 })).toEqual({ applied: true });
    expect(sys(actor).armourDice).toBe(40);
    const loaded = harness.reloadDocument(actor as never) as unknown as Actor;
    expect(sys(loaded).armourDice).toBe(40);
    expect(kept(loaded)).toContainEqual({ path: "system.armourDice", value: 1_000_000_000, reason: "changed" });
  });

  it("Grit past its maximum, which every client's model refuses: the GM keeps the old copy, and the next load brings it within the maximum instead of failing", async () => {
    const actor = await berold();
    const answer = await harness.hostileUpdate(actor as never, { "system.grit.value": 40 });
    expect(answer.applied).toBe(false);
    expect(sys(actor).grit.value).toBe(6);
    const loaded = harness.reloadDocument(actor as never) as unknown as Actor | null;
    expect(loaded, "the actor failed to load").not.toBeNull();
    expect(sys(loaded!).grit).toEqual({ value: 6, max: 6 });
    expect(kept(loaded!)).toContainEqual({ path: "system.grit.value", value: 40, reason: "changed" });
    expect((game.actors as unknown as { invalidDocumentIds: Set<string> }).invalidDocumentIds.size).toBe(0);
  });

  it("a value of the wrong type: no client takes it, the next load sets it aside, and a card about her still resolves", async () => {
    const actor = await berold();
    expect((await harness.hostileUpdate(actor as never, { "system.attributes.physical": "lots" })).applied).toBe(false);
    const loaded = harness.reloadDocument(actor as never) as unknown as Actor;
    expect(kept(loaded)).toContainEqual({ path: "system.attributes.physical", value: "lots", reason: "invalid" });
    expect(sys(loaded).attributes.physical).toBe(2);
    harness.switchUser(ada);
    const { postCourage } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(...Array(20).fill(6));
    const message = await postCourage(loaded as never, { wound: 0, base: 0, resistance: 0, drama: 0 });
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
  });

  it("is still refused what the server refuses: another's actor, a gmOnly field", async () => {
    const actor = await berold();
    harness.switchUser(bob);
    await expect(harness.hostileUpdate(actor as never, { "system.grit.value": 0 })).rejects.toThrow(/permission/);
    harness.switchUser(ada);
    await expect(harness.hostileUpdate(actor as never, { "ownership.default": 3 })).rejects.toThrow(/only a GM/);
    expect(sys(actor).grit.value).toBe(6);
  });
});
