/**
 * The stand-in's unlinked tokens, as Foundry v13 makes them (client/documents/token.mjs `get actor`,
 * client/documents/actor-delta.mjs, client/data/client-backend.mjs): each unlinked token of one
 * actor has a synthetic actor of its own, whose writes land on the token's delta and never on the
 * world actor; a linked token's actor is the world actor.
 */
import { describe, expect, it, vi } from "vitest";
import { fromUuid, fromUuidSync, Hooks } from "../../playground/foundry/index.js";
import type { Actor as HarnessActor, ClientDocument } from "../../playground/foundry/documents.js";
import type { Scene, TokenDocument } from "../../playground/foundry/scene.js";
import { placeToken } from "../../playground/foundry/tokens.js";
import { bootWorld } from "./world.js";

const { harness } = bootWorld("cavaliers", { dom: false });

type Synthetic = HarnessActor & { isToken: boolean; token: TokenDocument | null; statuses: Set<string>; toggleStatusEffect(id: string, o?: object): Promise<unknown>; getActiveTokens(linked?: boolean, document?: boolean): unknown[] };
type Token = TokenDocument & { actor: Synthetic | null; baseActor: HarnessActor | null; isLinked: boolean; _source: { delta: Record<string, unknown> | null } };
const yieldOf = (actor: HarnessActor | null) => (actor!.system as { yield: { value: number } }).yield.value;

async function bandits(): Promise<{ scene: Scene; npc: HarnessActor; one: Token; two: Token; linked: Token }> {
  const npc = (await (harness.CONFIG.Actor.documentClass as typeof HarnessActor).create({ name: "Bandit", type: "cavaliersNpc", system: { attributes: { verve: 8, affinity: 8, guile: 8 }, competency: 6 } })) as HarnessActor;
  const scene = (await (globalThis as unknown as { Scene: typeof Scene }).Scene.create({ name: "Road", active: true })) as Scene;
  const [one, two, linked] = (await scene.createEmbeddedDocuments("Token", [
    { name: "Bandit (1)", actorId: npc.id },
    { name: "Bandit (2)", actorId: npc.id },
    { name: "Bandit", actorId: npc.id, actorLink: true },
  ])) as Token[];
  return { scene, npc, one: one!, two: two!, linked: linked! };
}

describe("ActorDelta (v13 client/documents/actor-delta.mjs)", () => {
  it("a token is unlinked unless made linked, for a token and a prototype token alike (common/documents/token.mjs)", async () => {
    const { one, npc } = await bandits();
    expect(one.actorLink).toBe(false);
    expect((npc as unknown as { prototypeToken: { actorLink: boolean } }).prototypeToken.actorLink).toBe(false);
  });

  it("an unlinked token's actor is a synthetic copy with the token as its parent and a uuid under the token (TokenDocument#actor)", async () => {
    const { scene, npc, one, two, linked } = await bandits();
    expect(one.actor).not.toBe(npc);
    expect(one.actor).not.toBe(two.actor);
    expect(one.actor).toBe(one.actor);
    expect(one.actor!.isToken).toBe(true);
    expect(one.actor!.token).toBe(one);
    expect(one.actor!.id).toBe(npc.id);
    expect(one.actor!.uuid).toBe(`Scene.${scene.id}.Token.${one.id}.Actor.${npc.id}`);
    expect(one.baseActor).toBe(npc);
    expect(linked.actor).toBe(npc);
    expect((npc as Synthetic).isToken).toBe(false);
  });

  it("a synthetic actor's update is the token's delta; the world actor and the other token do not change (client-backend.mjs #adjustActorDeltaRequest)", async () => {
    const { npc, one, two, linked } = await bandits();
    const seen: unknown[] = [];
    Hooks.on("updateActor", (actor: unknown) => seen.push(actor));
    await one.actor!.update({ "system.yield.value": 3 });
    expect(yieldOf(one.actor)).toBe(3);
    expect(yieldOf(npc)).toBe(0);
    expect(yieldOf(two.actor)).toBe(0);
    expect(yieldOf(linked.actor)).toBe(0);
    expect(one._source.delta).toMatchObject({ system: { yield: { value: 3 } } });
    expect(seen).toEqual([one.actor]);
  });

  it("a world actor's change reaches each unlinked token, except a field its delta holds (ActorDelta#updateSyntheticActor)", async () => {
    const { npc, one, two } = await bandits();
    await one.actor!.update({ "system.yield.value": 3 });
    await npc.update({ "system.yield.value": 1, "system.competency": 8 });
    expect(yieldOf(one.actor)).toBe(3);
    expect(yieldOf(two.actor)).toBe(1);
    expect((one.actor!.system as { competency: number }).competency).toBe(8);
  });

  it("statuses and items of a synthetic actor are the token's own; a deleted world item is a tombstone in the delta (EmbeddedCollectionDelta)", async () => {
    const { npc, one, two } = await bandits();
    await (one.actor as Synthetic).toggleStatusEffect("prone", { active: true });
    expect((one.actor as Synthetic).statuses.has("prone")).toBe(true);
    expect((two.actor as Synthetic).statuses.has("prone")).toBe(false);
    expect((npc as Synthetic).statuses.has("prone")).toBe(false);
    const [item] = (await npc.createEmbeddedDocuments("Item", [{ name: "Club", type: "cavaliersWeapon" }])) as ClientDocument[];
    expect(one.actor!.items.get(item!.id as string)).toBeTruthy();
    await one.actor!.deleteEmbeddedDocuments("Item", [item!.id as string]);
    expect(one.actor!.items.get(item!.id as string)).toBeUndefined();
    expect(two.actor!.items.get(item!.id as string)).toBeTruthy();
    expect(npc.items.get(item!.id as string)).toBeTruthy();
    expect((one._source.delta as { items: unknown[] }).items).toEqual([{ _id: item!.id, _tombstone: true }]);
  });

  it("fromUuid finds a synthetic actor and its items by their uuids", async () => {
    const { one } = await bandits();
    expect(await fromUuid(one.actor!.uuid)).toBe(one.actor);
    const [effect] = (await one.actor!.createEmbeddedDocuments("ActiveEffect", [{ name: "Mark" }])) as ClientDocument[];
    expect(fromUuidSync(effect!.uuid)).toBe(effect);
    expect(effect!.uuid.startsWith(`${one.actor!.uuid}.ActiveEffect.`)).toBe(true);
  });

  it("a player who owns the world actor may write its synthetic actors; one who does not may not", async () => {
    const { npc, one } = await bandits();
    const gm = harness.game.user!;
    const pia = harness.createUser({ name: "Pia" });
    const sol = harness.createUser({ name: "Sol" });
    await npc.update({ [`ownership.${pia.id}`]: 3 });
    harness.switchUser(pia);
    await one.actor!.update({ "system.yield.value": 2 });
    expect(yieldOf(one.actor)).toBe(2);
    harness.switchUser(sol);
    await expect(one.actor!.update({ "system.yield.value": 5 })).rejects.toThrow(/permission/);
    harness.switchUser(gm as never);
    expect(yieldOf(one.actor)).toBe(2);
  });

  it("a change of a token's synthetic actor, or of the world actor of a linked token, re-renders the tracker when the token fights (TokenDocument#_onRelatedUpdate)", async () => {
    const { scene, npc, one, linked } = await bandits();
    const combat = (await (harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<ClientDocument> }).create({ active: true, scene: scene.id })) as ClientDocument;
    await combat.createEmbeddedDocuments("Combatant", [one, linked].map((token) => ({ tokenId: token.id, sceneId: scene.id, actorId: npc.id })));
    await harness.flush();
    const tracker = (globalThis as unknown as { ui: { combat: { render(): unknown } } }).ui.combat;
    const render = vi.spyOn(tracker, "render");
    try {
      await one.actor!.update({ "system.yield.value": 1 });
      expect(render).toHaveBeenCalledTimes(1);
      await npc.update({ "system.competency": 8 });
      expect(render.mock.calls.length).toBeGreaterThan(1);
      await harness.flush();
    } finally {
      render.mockRestore();
    }
  });

  it("getActiveTokens: a world actor's tokens, linked or not, or only linked; a synthetic actor's own token only (Actor#getDependentTokens)", async () => {
    const { npc, one, two, linked } = await bandits();
    for (const token of [one, two, linked]) placeToken(npc, { document: token as never });
    expect((npc as Synthetic).getActiveTokens(false, true)).toEqual([one, two, linked]);
    expect((npc as Synthetic).getActiveTokens(true, true)).toEqual([linked]);
    expect((one.actor as Synthetic).getActiveTokens(false, true)).toEqual([one]);
  });
});
