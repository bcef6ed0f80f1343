/**
 * What a client's canvas shows is its own (issue 33, item 8). In v13 `Actor#getActiveTokens` reads
 * `canvas.scene` and `ChatMessage.getSpeaker` a world actor's first token there, else the viewed
 * scene's id (client/documents/actor.mjs, client/documents/chat-message.mjs), and each client views
 * its own scene (`Scene#view`). The active GM, who resolves and posts every card, may be looking at
 * another scene than the player who asked: the GM's side finds a fighter's token from the card's refs,
 * the fights' scenes and the active scene, and a card speaks for the asker's actor, never for what the
 * GM's canvas happens to show.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor, FoundryHarness, HarnessGame, User } from "../../playground/foundry/index.js";
import type { Scene, TokenDocument } from "../../playground/foundry/scene.js";
import { installDom, installFoundryFromDisk } from "../../playground/foundry/node.js";
import { clearTokens, placeToken } from "../../playground/foundry/tokens.js";
import type { FrayApi } from "../../src/foundry/api/index.js";
import { bootFray, playRuleset } from "./rulesets.js";

let harness: FoundryHarness;
let game: HarnessGame;
let removeDom: () => Promise<void>;
let cards: typeof import("../../src/foundry/cards/render.js");
let service: typeof import("../../src/foundry/areas/service.js");
let gm: typeof import("../../src/foundry/cards/gm.js");

beforeAll(async () => {
  removeDom = installDom();
  harness = installFoundryFromDisk();
  game = harness.game;
  await import("../../src/foundry/fray.js");
  await bootFray(harness);
  cards = await import("../../src/foundry/cards/render.js");
  service = await import("../../src/foundry/areas/service.js");
  gm = await import("../../src/foundry/cards/gm.js");
});
afterAll(async () => removeDom());
beforeEach(() => {
  harness.reset();
  clearTokens();
});

type Fighter = Actor & { getActiveTokens(linked?: boolean, document?: boolean): TokenDocument[] };
const SceneClass = () => (globalThis as unknown as { Scene: typeof Scene }).Scene;
const MessageClass = () => harness.CONFIG.ChatMessage.documentClass as unknown as { getSpeaker(options: object): Record<string, unknown> };

/** Bob's heroine stands on the active scene, the Road; the GM looks at the Inn. */
async function table() {
  await playRuleset(game, "personal");
  const gmUser = game.user as User;
  const bob = harness.createUser({ name: "Bob", role: "PLAYER" });
  const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
  const heroine = (await ActorClass.create({ name: "Heroine", type: "personalCharacter", ownership: { default: 0, [bob.id]: 3 } })) as Fighter;
  const road = (await SceneClass().create({ name: "Road", active: true })) as Scene;
  const inn = (await SceneClass().create({ name: "Inn" })) as Scene;
  const made = await (heroine as unknown as { getTokenDocument(d: object, o: object): Promise<{ toObject(): Record<string, unknown> }> }).getTokenDocument({}, { parent: road });
  const [token] = (await road.createEmbeddedDocuments("Token", [made.toObject()])) as TokenDocument[];
  placeToken(heroine as never, { document: token as never });
  await (inn as unknown as { view(): Promise<unknown> }).view();
  return { gmUser, bob, heroine, road, inn, token: token! };
}

describe("the stand-in's canvas is each client's own, as v13's", () => {
  it("gives the GM viewing another scene none of the heroine's tokens, and a speaker on the GM's scene; Bob, on the active scene, her token", async () => {
    const { bob, heroine, road, inn, token } = await table();
    expect(heroine.getActiveTokens(false, true)).toEqual([]);
    expect(MessageClass().getSpeaker({ actor: heroine })).toEqual({ scene: inn.id, actor: heroine.id, token: null, alias: "Heroine" });
    harness.switchUser(bob);
    expect(heroine.getActiveTokens(false, true)).toEqual([token]);
    expect(MessageClass().getSpeaker({ actor: heroine })).toEqual({ scene: road.id, actor: heroine.id, token: token.id, alias: "Heroine" });
  });
});

describe("the GM's side never reads its own canvas", () => {
  it("a card Bob opens without naming a token speaks for his heroine, not from the scene the GM views", async () => {
    const { bob, heroine, inn } = await table();
    harness.switchUser(bob);
    const answer = (await (game as unknown as { fray: FrayApi }).fray.openCard({ kind: "personal.rest", refs: { character: { actor: heroine.uuid! } }, request: {} })) as { ok: boolean; reason?: string };
    await cards.cardActivity();
    expect(answer, answer.reason).toMatchObject({ ok: true });
    const speaker = (game.messages!.contents.at(-1) as unknown as { speaker: Record<string, unknown> }).speaker;
    expect(speaker).toMatchObject({ actor: heroine.id, alias: "Heroine" });
    expect(speaker.scene).not.toBe(inn.id);
  });

  it("a card the GM serves for Bob speaks for his heroine", async () => {
    const { bob, heroine, inn } = await table();
    const message = await gm.postServedCard("personal.rest", { character: { actor: heroine.uuid! } }, {}, [], bob as never, heroine as never);
    const speaker = (message as unknown as { speaker: Record<string, unknown> }).speaker;
    expect(speaker).toMatchObject({ actor: heroine.id, alias: "Heroine" });
    expect(speaker.scene).not.toBe(inn.id);
  });

  it("finds the token a request left out on the active scene, though the GM views another", async () => {
    const { heroine, token } = await table();
    expect(service.standingToken(heroine as never, null)).toBe(token);
  });
});
