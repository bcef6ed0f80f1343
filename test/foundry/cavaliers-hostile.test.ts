/**
 * The hostile player against what issue 23 added to the cavaliers table: each new card, step and
 * tracker control forged from a player's client (the relay's request, written as she likes) and
 * refused by the active GM, with the world exactly as before.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { combatFixtures } from "./combat-fixtures.js";
import { bootWorld } from "./world.js";
import { headlineOf } from "./card-words.js";

let cards: typeof import("../../src/foundry/cards/index.js");

const { harness, game } = bootWorld("cavaliers", { users: ["Ada"] }, (w) => ({ gm, ada } = w.users));
beforeAll(async () => {
  cards = await import("../../src/foundry/cards/index.js");
});

type Message = { id: string; system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
type Answer = { ok: boolean; reason?: string };
const ask = async (kind: string, payload: Record<string, unknown>): Promise<Answer> => (await import("../../src/foundry/relay/index.js")).ask(kind, payload);
const { fight } = combatFixtures(() => harness);

/** Everything a forged request could reach: actors and messages, as stored. */
function world(): string {
  const sources = (name: "actors" | "messages") => (game[name] as unknown as { contents: { _source: unknown }[] }).contents.map((doc) => doc._source);
  return JSON.stringify({ actors: sources("actors"), messages: sources("messages") });
}

let gm: User;
let ada: User;
let duellist: Actor;
let dying: Actor;
let guard: Actor;
let bravo: Actor;

async function make(name: string, type: string, system: Record<string, unknown>, ownership: Record<string, number>): Promise<Actor> {
  const cls = harness.CONFIG.Actor.documentClass as typeof Actor;
  return (await cls.create({ name, type, ownership, system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 6, ...system } })) as Actor;
}

beforeEach(async () => {
  duellist = await make("Duellist", "cavaliersCharacter", { advantage: 8 }, { default: 1, [ada.id]: 3 });
  dying = await make("Dying Dot", "cavaliersCharacter", { wounds: { value: 4 } }, { default: 1, [ada.id]: 3 });
  guard = await make("Guard", "cavaliersNpc", { npcType: "stock" }, { default: 1 });
  bravo = await make("Bravo", "cavaliersNpc", { npcType: "minor", wounds: { value: 4 }, yield: { value: 3 } }, { default: 1 });
});

describe("forged cavaliers cards are refused on the GM's side", () => {
  it("a skill roll or a Flourish with the Advantage die", async () => {
    harness.switchUser(ada);
    const before = world();
    for (const kind of ["cavaliers.skill", "cavaliers.flourish"]) {
      const answer = await ask("card.open", { kind, refs: { actor: { actor: duellist.uuid } }, request: { specialty: "", combined: [], useAdvantage: true, assists: [], ...(kind === "cavaliers.skill" ? { opposition: "easy" } : {}) }, roll: null });
      expect(answer).toMatchObject({ ok: false, reason: expect.stringContaining("Advantage die goes only on an attack or a defence roll") });
    }
    expect(world()).toBe(before);
  });

  it("an attack by a Dying character, and an attack on one", async () => {
    harness.switchUser(ada);
    const before = world();
    const attack = (attacker: Actor, defender: Actor) => ask("card.open", { kind: "cavaliers.attack", refs: { attacker: { actor: attacker.uuid }, defender: { actor: defender.uuid } }, request: { attack: "lunge", combined: [], useAdvantage: false, assists: [] }, roll: null });
    expect(await attack(dying, guard)).toMatchObject({ ok: false, reason: expect.stringContaining("Dying Dot is Dying") });
    expect(await attack(duellist, bravo)).toMatchObject({ ok: false, reason: expect.stringContaining("Bravo is Dying") });
    expect(world()).toBe(before);
  });

  it("a Lunge two Areas away that only Moves, and a round of Drop 5", async () => {
    harness.switchUser(ada);
    const before = world();
    const lunge = (request: Record<string, unknown>) => ask("card.open", { kind: "cavaliers.attack", refs: { attacker: { actor: duellist.uuid }, defender: { actor: guard.uuid } }, request: { attack: "lunge", useAdvantage: false, assists: [], ...request }, roll: null });
    expect(await lunge({ combined: ["move"], range: 2 })).toMatchObject({ ok: false, reason: expect.stringContaining("same Area") });
    expect(await lunge({ combined: ["reload-musket", "run"] })).toMatchObject({ ok: false, reason: expect.stringContaining("Drop 4") });
    expect(await lunge({ combined: ["move", "move", "move"] })).toMatchObject({ ok: false, reason: expect.stringContaining("2 Areas") });
    expect(world()).toBe(before);
  });

  it("the end of a fight: opened by a player, with a field of her own, naming an actor twice", async () => {
    const refs = { c0: { actor: duellist.uuid }, c1: { actor: bravo.uuid } };
    harness.switchUser(ada);
    const before = world();
    expect(await ask("card.open", { kind: "cavaliers.endCombat", refs, request: {}, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("GM") });
    harness.switchUser(gm);
    expect(await ask("card.open", { kind: "cavaliers.endCombat", refs, request: { medicine: { c1: "saved" } }, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("medicine") });
    expect(await ask("card.open", { kind: "cavaliers.endCombat", refs: { c0: { actor: duellist.uuid }, c1: { actor: duellist.uuid } }, request: {}, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("named twice") });
    expect(world()).toBe(before);
  });

  it("the end of a fight: a Dying NPC's fate chosen by a player, or a fate that is neither; a player's Undo", async () => {
    const { combat } = await fight(duellist as never, bravo as never);
    const count = game.messages.size;
    await combat.delete();
    await vi.waitFor(() => expect(game.messages.size).toBe(count + 1));
    await cards.cardsIdle();
    const message = game.messages.contents.at(-1) as unknown as Message;
    // Issue 38 item 1: the first line says what the end of the fight waits for, then what came of it.
    expect(headlineOf(await message.renderHTML())).toBe("Your choice: did a Medicine attempt save Bravo?");
    harness.switchUser(ada);
    expect(headlineOf(await message.renderHTML())).toBe("Bravo is Dying: did a Medicine attempt save her?");
    let before = world();
    expect(await ask("card.choose", { message: message.id, choice: "medicine.c1", value: "saved" })).toMatchObject({ ok: false, reason: expect.stringContaining("Bravo") });
    expect(await ask("card.choose", { message: message.id, choice: "medicine.c0", value: "saved" })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
    harness.switchUser(gm);
    before = world();
    expect(await ask("card.choose", { message: message.id, choice: "medicine.c1", value: "perhaps" })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
    expect((await ask("card.choose", { message: message.id, choice: "medicine.c1", value: "not-saved" })).ok).toBe(true);
    expect(headlineOf(await message.renderHTML())).toBe("Died of their wounds: Bravo");
    harness.switchUser(ada);
    before = world();
    expect(await ask("card.undo", { message: message.id })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
  });
});

// Issue 35: the cards refuse what the rules refuse at their edges, with the world unchanged.
describe("cavaliers cards at the rules' edges (issue 35)", () => {
  const lunge = (attacker: Actor, defender: Actor, request: Record<string, unknown> = {}) =>
    ask("card.open", { kind: "cavaliers.attack", refs: { attacker: { actor: attacker.uuid }, defender: { actor: defender.uuid } }, request: { attack: "lunge", combined: [], useAdvantage: false, assists: [], ...request }, roll: null });

  it("RULINGS (Competency die): a PC with none on her sheet is refused by the card as by the rules, and her sheet offers a d6 at least", async () => {
    const { cavaliersFoundry } = await import("../../src/foundry/rulesets/cavaliers/index.js");
    const choices = (type: "cavaliersCharacter" | "cavaliersNpc", actor: Actor) => Object.keys((cavaliersFoundry.actorContexts![type]!(actor as never) as { competencyDice: Record<string, string> }).competencyDice);
    expect(choices("cavaliersCharacter", duellist)).toEqual(["6", "8", "10", "12"]);
    expect(choices("cavaliersNpc", guard)).toEqual(["0", "6", "8", "10", "12"]);
    const none = await make("Nobody", "cavaliersCharacter", { competency: 0 }, { default: 1, [ada.id]: 3 });
    harness.switchUser(ada);
    const before = world();
    expect(await lunge(none, guard)).toMatchObject({ ok: false, reason: expect.stringContaining("Nobody is a PC: she has a competency die, a d6 at least") });
    expect(world()).toBe(before);
  });

  it("seed 000 §Wounds (RULINGS: per-actor wound track): the card reads her own track as her sheet does; a forged track in the request changes nothing", async () => {
    // A Minor NPC whose own track is [1, 2, 4, 4] (Wound Limit 5) with 4 Wounds: not Dying on her sheet, nor on the card.
    const tough = await make("Tough", "cavaliersNpc", { npcType: "minor", wounds: { value: 4, track: [1, 2, 4, 4] } }, { default: 1 });
    expect((tough.system as unknown as { derived: { dying: boolean; woundLimit: number } }).derived).toMatchObject({ dying: false, woundLimit: 5 });
    harness.switchUser(ada);
    const { postAttack } = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
    queueFaces(5, 3);
    expect(await postAttack({ attackerUuid: duellist.uuid, targetUuid: tough.uuid, attack: "lunge", combined: [], useAdvantage: false, assists: [] })).toBeTruthy();
    const posted = (game.messages.contents.at(-1) as unknown as Message).system.toObject() as { rules: { attacker: { woundTrack: number[] } } };
    expect(posted.rules.attacker.woundTrack).toEqual([1, 2, 4]);
    // Bravo (the type's track, 4 Wounds: Dying) stays Dying whatever track a forged request names.
    const before = world();
    expect(await lunge(duellist, bravo, { woundTrack: [1, 1, 1, 1, 1, 1] })).toMatchObject({ ok: false });
    expect(await lunge(duellist, bravo)).toMatchObject({ ok: false, reason: expect.stringContaining("Bravo is Dying") });
    expect(world()).toBe(before);
  });

  it("RULINGS (Yield: an NPC at its limit surrenders or is knocked out): she is not attacked and makes no attack; nothing changes", async () => {
    // A Stock NPC with a d6: Yield Limit 3 + 3 = 6.
    const beaten = await make("Beaten", "cavaliersNpc", { npcType: "stock", yield: { value: 6 } }, { default: 1 });
    harness.switchUser(ada);
    const before = world();
    expect(await lunge(duellist, beaten)).toMatchObject({ ok: false, reason: "Beaten is at her Yield Limit: she has surrendered or is knocked out, and makes no defence." });
    expect(world()).toBe(before);
    harness.switchUser(gm);
    const { postAttack } = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
    queueFaces(5, 3);
    expect(await postAttack({ attackerUuid: beaten.uuid, targetUuid: duellist.uuid, attack: "lunge", combined: [], useAdvantage: false, assists: [] })).toBeFalsy();
    expect(harness.notifications.at(-1)?.message).toContain("Beaten is at her Yield Limit (6 of 6)");
    expect(world()).toBe(before);
  });

  it("seed 000 §Dying and Death: a Survival card for a PC who is not Dying is refused, and nothing changes", async () => {
    harness.switchUser(ada);
    const before = world();
    expect(await ask("card.open", { kind: "cavaliers.survival", refs: { actor: { actor: duellist.uuid } }, request: {}, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("Duellist") });
    expect(world()).toBe(before);
  });
});

describe("seed 000 §Attack (issue 35): the defence is chosen before any die, and the GM rolls both pools", () => {
  type Card = { state: string; request: Record<string, unknown>; rules: { defender?: Record<string, unknown> }; outcome: { dice: { label: string; sides: number; face: number }[]; awaiting?: { choice: string }; steps: Record<string, unknown>[] } };
  const cardOf = (message: Message) => message.system.toObject() as unknown as Card;
  const attackOnAda = async (): Promise<Message> => {
    harness.switchUser(gm);
    const { postAttack } = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
    const message = (await postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    expect(cardOf(message).outcome.dice).toEqual([]);
    return message;
  };

  it("a forged attack total: an opening sent with the attacker's dice already rolled is refused, and no card is posted", async () => {
    harness.switchUser(ada);
    const { Roll } = await import("../../playground/foundry/dice.js");
    const high = JSON.stringify(new Roll("1d8 + 1d6").evaluateSync().toJSON());
    const before = world();
    const answer = await ask("card.open", { kind: "cavaliers.attack", refs: { attacker: { actor: duellist.uuid }, defender: { actor: guard.uuid } }, request: { attack: "lunge", combined: [], useAdvantage: false, assists: [] }, roll: high });
    expect(answer).toMatchObject({ ok: false, reason: expect.stringContaining("not used by the rules") });
    expect(world()).toBe(before);
  });

  it("seed 000 §Using Advantage, §Assist: the defender adds her Advantage die and her helpers' dice; the Advantage steps down once rolled", async () => {
    const message = await attackOnAda();
    harness.switchUser(ada);
    // Guard's Lunge d8 d6 shows 2 and 1; Ada's Dodge d8 d6, her d8 Advantage and one helper's d6 d6 show 8 6 1 1 1.
    queueFaces(2, 1, 8, 6, 1, 1, 1);
    const chosen = await cards.chooseOnCard(message as never, "defence", { skill: "dodge", useAdvantage: true, assists: [[6, 6]] });
    expect(chosen, JSON.stringify(chosen)).toMatchObject({ ok: true });
    const read = cardOf(message);
    expect(read.rules.defender).toMatchObject({ useAdvantage: true, advantage: 8, assists: [[6, 6]] });
    expect(read.outcome.dice.map((die) => `${die.label}:d${die.sides}=${die.face}`)).toEqual(["attack pool:d8=2", "attack pool:d6=1", "defence pool:d8=8", "defence pool:d6=6", "defence pool:d8=1", "defence pool:d6=1", "defence pool:d6=1"]);
    expect(read.outcome.awaiting).toMatchObject({ choice: "spend", by: "defender" });
    expect(await cards.chooseOnCard(message as never, "spend", ["negate"])).toMatchObject({ ok: true });
    expect((duellist.system as unknown as { advantage: number }).advantage).toBe(6);
  });

  it("a forged defence: sent again after the roll, with a roll of her own, or with fields the card does not take; nothing changes", async () => {
    const message = await attackOnAda();
    harness.switchUser(ada);
    const before = world();
    const { Roll } = await import("../../playground/foundry/dice.js");
    const low = JSON.stringify(new Roll("1d8 + 1d6 + 1d8 + 1d6").evaluateSync().toJSON());
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: "dodge", roll: low })).toMatchObject({ ok: false, reason: expect.stringContaining("The GM rolls") });
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: { skill: "dodge", attackerTotal: 2 }, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("malformed") });
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: { skill: "dodge", assists: [[6], [6], [6]] }, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("defence.assists") });
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: { skill: "dodge", assists: [[20]] }, roll: null })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
    queueFaces(8, 6, 1, 1);
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: "dodge", roll: null })).toMatchObject({ ok: true });
    // The attack won 14 against 2: now the defence cannot be chosen again, with or without dice.
    const rolled = world();
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: "parry", roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("not waiting") });
    expect(await ask("card.choose", { message: message.id, choice: "defence", value: "dodge", roll: low })).toMatchObject({ ok: false });
    expect(world()).toBe(rolled);
  });
});
