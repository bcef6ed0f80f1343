/**
 * A name put into a card stays text (issue 33, item 10). Foundry v13 rolls every `[[…]]` in a chat
 * message's content when the message is created (client/documents/chat-message.mjs `_preCreate`) and
 * enriches the content each time a client shows it (`renderHTML` → `TextEditor.enrichHTML`: `@UUID[…]`
 * links, addresses, inline rolls, custom enrichers such as Fray's own `@Rule[…]`). A character named
 * after one of those, or a check's words a player types, would otherwise roll dice on the GM's
 * client or become a link on every card that names her.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import type { FrayApi } from "../../src/foundry/api/index.js";
import { bootWorld, playRuleset } from "./world.js";

const { harness, game } = bootWorld("every");
let cardActivity: () => Promise<void>;

beforeAll(async () => {
  ({ cardActivity } = await import("../../src/foundry/cards/render.js"));
});

const api = () => (game as unknown as { fray: FrayApi }).fray;

/** Each ruleset's card that names one character, as docs/api.md opens it. */
const CARDS: Record<RulesetId, (uuid: string) => { kind: string; refs: Record<string, { actor: string }>; request: Record<string, unknown> }> = {
  cavaliers: (uuid) => ({ kind: "cavaliers.skill", refs: { actor: { actor: uuid } }, request: { opposition: "moderate" } }),
  drama: (uuid) => ({ kind: "drama.courage", refs: { actor: { actor: uuid } }, request: {} }),
  unhex: (uuid) => ({ kind: "unhex.check", refs: { character: { actor: uuid } }, request: { what: "Pick [[2d6]] locks at @UUID[Actor.x]{home}" } }),
  personal: (uuid) => ({ kind: "personal.rest", refs: { character: { actor: uuid } }, request: {} }),
  torchlight: (uuid) => ({ kind: "torchlight.save", refs: { actor: { actor: uuid } }, request: { characteristic: "dex" } }),
};

describe.each(Object.keys(CARDS) as RulesetId[])("%s: a name on a card", (id) => {
  it("stays the text she was given: no inline roll at creation, no link or roll when the card is shown", async () => {
    await playRuleset(game, id);
    const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
    const friend = (await ActorClass.create({ name: "Friend", type: `${id}Character` })) as Actor;
    // Short enough for every card (Drama's cards keep the first 60 characters of a name).
    const name = `[[1d20]] @UUID[${friend.uuid}]{Boss} https://e.x`;
    const hero = (await ActorClass.create({ name, type: `${id}Character` })) as Actor;
    const answer = (await api().openCard(CARDS[id](hero.uuid!))) as { ok: boolean; reason?: string };
    await cardActivity();
    await harness.flush();
    expect(answer, answer.reason).toMatchObject({ ok: true });
    const message = game.messages!.contents.at(-1)! as unknown as { content: string; renderHTML(): Promise<HTMLElement> };
    expect(message.content).not.toContain("inline-roll");
    const shown = (await message.renderHTML()).querySelector(".message-content")!;
    expect(shown.querySelectorAll("a").length, shown.innerHTML).toBe(0);
    expect(shown.textContent).toContain(name);
    if (id === "unhex") expect(shown.textContent).toContain("Pick [[2d6]] locks at @UUID[Actor.x]{home}");
  });
});

describe("the stand-in's chat messages, as v13's", () => {
  it("roll `[[…]]` at creation (a formula the dice refuse stays text) and enrich links and rolls when shown", async () => {
    const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
    const friend = (await ActorClass.create({ name: "Friend", type: "cavaliersCharacter" })) as Actor;
    const MessageClass = harness.CONFIG.ChatMessage.documentClass as unknown as { create(data: object): Promise<{ content: string; renderHTML(): Promise<HTMLElement> }> };
    const message = await MessageClass.create({ content: `<p>[[1d6]] [[d%]] [[/r 2d6]] @UUID[${friend.uuid}]{Friend}</p>` });
    expect(message.content).toMatch(/<a class="inline-roll inline-result"[^>]*>[1-6]<\/a> \[\[d%]] <a class="inline-roll roll" data-mode="roll" data-formula="2d6"[^>]*>2d6<\/a> @UUID/);
    const shown = (await message.renderHTML()).querySelector(".message-content")!;
    expect([...shown.querySelectorAll("a")].map((a) => a.className)).toEqual(["inline-roll inline-result", "inline-roll roll", "content-link"]);
  });
});
