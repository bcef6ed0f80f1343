/**
 * The hostile player at an Unhex table: every card and every step of it, forged by a player who
 * does not own the chooser, with values out of bounds, replayed after Apply, or aimed at what is
 * not hers (another's weapon, another's move, the other team's initiative, the tracker's state).
 * Each is refused with a message, and the actors, messages, combats and scenes are as before.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bootUnhex, t, card, itemId, type Message } from "./unhex-fixtures.js";

let unhex: typeof import("../../src/foundry/rulesets/unhex/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");
const { harness, game, fx } = bootUnhex();
beforeAll(async () => {
  unhex = await import("../../src/foundry/rulesets/unhex/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
});


type Answer = { ok: boolean; reason?: string };
const ask = async (kind: string, payload: Record<string, unknown>): Promise<Answer> => (await import("../../src/foundry/relay/index.js")).ask(kind, payload);

/** Everything a forged request could reach, as stored. */
function world(): string {
  const sources = (name: "actors" | "messages" | "combats" | "scenes") => (game[name as "actors"] as unknown as { contents: { _source: unknown }[] }).contents.map((doc) => doc._source);
  return JSON.stringify({ actors: sources("actors"), messages: sources("messages"), combats: sources("combats"), scenes: sources("scenes") });
}

/** The Guard attacks Ada in the bar: the card awaits her reaction. */
async function guardAttacksAda(): Promise<Message> {
  harness.switchUser(t.gm);
  return (await unhex.postUnhexAttack({ attacker: t.guard.uuid, attackerToken: t.tokens.guard.uuid, target: t.ada.uuid, targetToken: t.tokens.ada.uuid, weapon: itemId(t.guard, "Club") })) as unknown as Message;
}

describe("a hostile player at an Unhex table", () => {
  it("cannot declare another's reaction, nor roll the attacker's dice, nor split dice that are not hers to split", async () => {
    const message = await guardAttacksAda();
    let before = world();
    harness.switchUser(t.users.bob);
    expect(await ask("card.choose", { message: message.id, choice: "reaction", value: "none" })).toMatchObject({ ok: false, reason: expect.stringContaining("Ada") });
    expect(world()).toBe(before);

    await fx.choose(t.users.ada, message, "reaction", "none");
    before = world();
    // The Guard's roll is the GM's: Ada cannot roll it for him (she would choose his faces).
    harness.switchUser(t.users.ada);
    expect((await cards.chooseOnCard(message as never, "roll", "true")).ok).toBe(false);
    expect(await ask("card.choose", { message: message.id, choice: "roll", value: "true", roll: null })).toMatchObject({ ok: false });
    expect(world()).toBe(before);

    await fx.choose(t.gm, message, "roll", "true", 3, 8);
    before = world();
    harness.switchUser(t.users.ada);
    expect(await ask("card.choose", { message: message.id, choice: "damageDie", value: "tens" })).toMatchObject({ ok: false, reason: expect.stringContaining("Guard") });
    expect(world()).toBe(before);
  });

  it("cannot send a reaction, a reroll, a die or a setting out of bounds, nor dice the step does not take", async () => {
    const message = await guardAttacksAda();
    const before = world();
    harness.switchUser(t.users.ada);
    for (const value of ["fly", "", 7, { kind: "counterattack", weapon: "two-handed-ranged" }, ["defend"], null]) {
      expect(await ask("card.choose", { message: message.id, choice: "reaction", value }), JSON.stringify(value)).toMatchObject({ ok: false });
    }
    // A Defend needs her dice: without them, or with a d6, it is refused.
    expect(await ask("card.choose", { message: message.id, choice: "reaction", value: "defend", roll: null })).toMatchObject({ ok: false });
    const d6 = JSON.stringify({ class: "Roll", formula: "1d6 + 1d6", evaluated: true, terms: [], total: 2 });
    expect(await ask("card.choose", { message: message.id, choice: "reaction", value: "defend", roll: d6 })).toMatchObject({ ok: false });
    // A choice the card does not await, and a path that reaches past it.
    expect(await ask("card.choose", { message: message.id, choice: "criticals.target", value: { set: 99 } })).toMatchObject({ ok: false });
    expect(await ask("card.choose", { message: message.id, choice: "__proto__", value: "x" })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
  });

  it("cannot set a critical's dice above what the roll allows", async () => {
    harness.switchUser(t.users.ada);
    const { queueFaces } = await import("../../playground/foundry/dice.js");
    queueFaces(2, 2);
    const message = (await unhex.postUnhexRoll({ actor: t.ada.uuid, good: false })) as unknown as Message;
    const before = world();
    expect(await ask("card.choose", { message: message.id, choice: "critical", value: { set: 51 } })).toMatchObject({ ok: false, reason: expect.stringContaining("1–50") });
    expect(await ask("card.choose", { message: message.id, choice: "critical", value: { set: 10, extra: true } })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
  });

  it("cannot replay a step after Apply", async () => {
    const message = await guardAttacksAda();
    await fx.choose(t.users.ada, message, "reaction", "none");
    await fx.choose(t.gm, message, "roll", "true", 3, 8);
    await fx.choose(t.gm, message, "damageDie", "tens");
    expect(card(message).state).toBe("applied");
    const before = world();
    harness.switchUser(t.gm);
    for (let i = 0; i < 2; i += 1) expect(await ask("card.choose", { message: message.id, choice: "damageDie", value: "units" })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
  });

  it("cannot attack with another's character, a weapon not in hand, or one that is not hers", async () => {
    harness.switchUser(t.users.ada);
    const before = world();
    const attack = (attacker: string, weapon: string) => ask("card.open", { kind: "unhex.attack", refs: { attacker: { actor: attacker }, target: { actor: t.bea.uuid } }, request: { weapon }, roll: null, rollMode: "publicroll" });
    expect(await attack(t.guard.uuid, itemId(t.guard, "Club"))).toMatchObject({ ok: false, reason: expect.stringContaining("do not own") });
    expect(await attack(t.ada.uuid, itemId(t.ada, "Pistol"))).toMatchObject({ ok: false, reason: expect.stringContaining("holds no such weapon") });
    expect(await attack(t.ada.uuid, itemId(t.guard, "Club"))).toMatchObject({ ok: false, reason: expect.stringContaining("holds no such weapon") });
    // A hidden target is not hers to name.
    harness.switchUser(t.gm);
    await t.tokens.sniper.update({ hidden: true });
    harness.switchUser(t.users.ada);
    const hidden = await ask("card.open", { kind: "unhex.attack", refs: { attacker: { actor: t.ada.uuid, token: t.tokens.ada.uuid }, target: { actor: t.sniper.uuid, token: t.tokens.sniper.uuid } }, request: { weapon: itemId(t.ada, "Knife") }, roll: null });
    expect(hidden).toMatchObject({ ok: false });
    expect(JSON.parse(world()).messages).toEqual(JSON.parse(before).messages);
  });

  it("cannot intercept a move that is not one, nor someone else than its mover", async () => {
    const attack = await guardAttacksAda();
    harness.switchUser(t.users.bob);
    const before = world();
    const intercept = (target: string, token: string, message: string) =>
      ask("card.open", { kind: "unhex.attack", refs: { attacker: { actor: t.bea.uuid, token: t.tokens.bea.uuid }, target: { actor: target, token } }, request: { weapon: itemId(t.bea, "Rifle"), intercept: message }, roll: null });
    expect(await intercept(t.ada.uuid, t.tokens.ada.uuid, attack.id)).toMatchObject({ ok: false, reason: expect.stringContaining("no move to intercept") });
    expect(await intercept(t.ada.uuid, t.tokens.ada.uuid, "nosuchmessage000")).toMatchObject({ ok: false });
    // Ada moves; Bea may not intercept the Guard with Ada's move.
    harness.switchUser(t.users.ada);
    await t.tokens.ada.update(t.at("pool-tables"));
    await harness.flush();
    await cards.cardsIdle();
    const move = game.messages.contents.at(-1) as unknown as Message;
    harness.switchUser(t.users.bob);
    const after = world();
    expect(await intercept(t.guard.uuid, t.tokens.guard.uuid, move.id)).toMatchObject({ ok: false, reason: expect.stringContaining("Guard is not the character who moved") });
    expect(world()).toBe(after);
    expect(JSON.parse(before).actors).toEqual(JSON.parse(after).actors);
  });

  it("cannot open a move card (the GM's client charges each move), and the GM's is checked too: from where she did not stand, or not a move", async () => {
    harness.switchUser(t.users.ada);
    const before = world();
    const move = (request: Record<string, unknown>) => ask("card.open", { kind: "unhex.move", refs: { mover: { actor: t.ada.uuid, token: t.tokens.ada.uuid } }, request, roll: null });
    expect(await move({ from: "pool-tables", origin: t.at("pool-tables") })).toMatchObject({ ok: false, reason: "Only the GM decides that." });
    expect(world()).toBe(before);
    harness.switchUser(t.gm);
    expect(await move({ from: "dance-floor", origin: t.at("bar") })).toMatchObject({ ok: false, reason: expect.stringContaining("did not stand") });
    expect(await move({ from: "nowhere", origin: t.at("bar") })).toMatchObject({ ok: false });
    // Her token is in the bar and came "from" the bar: not a move at all.
    expect(await move({ from: "bar", origin: t.at("bar") })).toMatchObject({ ok: false, reason: expect.stringContaining("already in") });
    expect(await move({ from: "dance-floor", origin: { x: "0", y: 1e9 } })).toMatchObject({ ok: false });
    expect(world()).toBe(before);
  });

  it("cannot work a door she is not beside, nor one that is not there", async () => {
    harness.switchUser(t.users.ada);
    const before = world();
    const door = (between: unknown) => ask("card.open", { kind: "unhex.door", refs: { actor: { actor: t.ada.uuid, token: t.tokens.ada.uuid } }, request: { between, open: true }, roll: null });
    expect(await door(["bar", "kitchen"])).toMatchObject({ ok: false, reason: expect.stringContaining("no door") });
    expect(await door(["bar"])).toMatchObject({ ok: false });
    expect(await door("bar,kitchen")).toMatchObject({ ok: false });
    expect(world()).toBe(before);
  });

  it("cannot undo, as its victim, the Guard's blow after choosing her reroll on the card; the GM can", async () => {
    const message = await guardAttacksAda();
    await fx.choose(t.users.ada, message, "reaction", "defend", 3, 10);
    // Her Defend rolls first, so her reroll is chosen before the Guard's dice exist (seed 002, rolling order).
    await fx.choose(t.users.ada, message, "rerolls.target", "none");
    await fx.choose(t.gm, message, "roll", "true", 4, 7);
    await fx.choose(t.gm, message, "damageDie", "units");
    expect(card(message).state).toBe("applied");
    harness.switchUser(t.users.ada);
    const wounded = world();
    expect(await fx.buttons(message)).not.toContain("undo");
    expect(await ask("card.undo", { message: message.id })).toMatchObject({ ok: false, reason: expect.stringContaining("Only the GM") });
    expect(world()).toBe(wounded);
    harness.switchUser(t.gm);
    expect((await ask("card.undo", { message: message.id })).ok).toBe(true);
  });

  it("cannot make her character immune to cards with a name past the rules' 200 characters: the Guard's attack on her opens, under a card's name", async () => {
    harness.switchUser(t.users.ada);
    await t.ada.update({ name: `Ada ${"of the very long line ".repeat(20)}the Last` });
    const message = await guardAttacksAda();
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "reaction", by: "target" });
    const name = (card(message).rules.target as { name: string }).name;
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name).toMatch(/^Ada of the very long line .*the Last$/);
  });

  it("cannot roll the other team's initiative, nor write the tracker's state herself", async () => {
    harness.switchUser(t.users.ada);
    const before = world();
    const open = await ask("card.open", {
      kind: "unhex.initiative",
      refs: { lead: { actor: t.ada.uuid }, friendly: { actor: t.ada.uuid }, hostile: { actor: t.ada.uuid } },
      request: { combat: t.combat.id, round: 1 },
      roll: null,
    });
    expect(open).toMatchObject({ ok: false, reason: expect.stringContaining("highest-level") });
    await expect(t.combat.update({ "flags.fray.unhex.x": { available: 9 } })).rejects.toThrow(/permission/);
    await expect(t.combat.update({ "flags.fray.unhexRound": { round: 1, order: ["friendly"] } })).rejects.toThrow(/permission/);
    expect(world()).toBe(before);
  });
});

describe("a hostile player writing what v13 lets her write in an Unhex fight", () => {
  type Fight = { round: number; turn: number | null; turns: { name: string }[]; update(d: object, o?: object): Promise<unknown>; rollInitiative(ids: string[]): Promise<unknown> };
  const fight = () => t.combat as unknown as Fight;
  const combatantOf = (name: string) => t.combatants.find((c) => c.name === name)!;
  const spend = async (name: string) => (await import("../../src/foundry/combat/requests.js")).requestAction(t.combat as never, combatantOf(name) as never, "spend");
  const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);

  it("cannot take a second action by moving the round on and back: the GM puts the round back, and her budget counts by his", async () => {
    harness.switchUser(t.users.ada);
    await spend("Ada");
    await fight().update({ round: 2 });
    await spend("Ada");
    await fight().update({ round: 1 });
    await spend("Ada");
    expect(warnings()).toEqual(["Ada has no action left this round.", "Ada has no action left this round."]);
    expect(fight().round).toBe(1);
    const { budgetOf } = await import("../../src/foundry/rulesets/unhex/combat/state.js");
    expect(budgetOf(t.combat as never, combatantOf("Ada") as never)).toEqual({ available: 0, owed: 0 });
  });

  it("cannot become the hostile team's roller by turning her token hostile; her turn, her initiative and her token move no one", async () => {
    harness.switchUser(t.users.ada);
    const order = fight().turns.map((c) => c.name);
    await t.tokens.ada.update({ disposition: -1 });
    // Her roll opens the round's card on the GM: the hostile team still rolls by the Guard, and she by her own team.
    await fight().rollInitiative([combatantOf("Ada").id as string]);
    await harness.flush();
    const message = game.messages.contents.at(-1) as unknown as Message;
    expect(card(message).kind).toBe("unhex.initiative");
    expect(card(message).refs.hostile?.actor).toBe(t.guard.uuid);
    expect(card(message).refs.friendly?.actor).toBe(t.ada.uuid);
    await fight().update({ turn: 3 });
    expect(fight().turn).toBe(0);
    await (combatantOf("Ada") as unknown as { update(d: object): Promise<unknown> }).update({ initiative: 99 });
    expect(fight().turns.map((c) => c.name)).toEqual(order);
  });

  it("cannot mark herself defeated nor lift the GM's defeat with her combatant's `defeated`: it goes back, and the rollers are picked by the GM's word", async () => {
    const { combatsKept } = await import("../../src/foundry/combat/keeper.js");
    const { teamsOf } = await import("../../src/foundry/rulesets/unhex/cards/initiative.js");
    const { combatTeams } = await import("../../src/foundry/rulesets/unhex/combat/end.js");
    const outOf = (name: string) => combatTeams(t.combat as never).flatMap((team) => team.members).find((member) => member.name === name)?.out;
    const ada = combatantOf("Ada") as unknown as { defeated: boolean; update(d: object): Promise<unknown> };
    const friendly = () => teamsOf(t.combat as never).get("friendly")?.map((c) => c.name);
    const up = friendly();
    expect(up?.[0]).toBe("Ada");
    // Out by her own word (her team would roll by another, or not at all): nothing moves.
    harness.switchUser(t.users.ada);
    await ada.update({ defeated: true });
    await combatsKept();
    expect(ada.defeated).toBe(false);
    expect(friendly()).toEqual(up);
    expect(outOf("Ada")).toBeUndefined();
    // The GM marks her down as the tracker does; her writing it off goes back, and the friendly team rolls without her.
    harness.switchUser(t.gm);
    await ada.update({ defeated: true });
    await combatsKept();
    harness.switchUser(t.users.ada);
    await ada.update({ defeated: false });
    await combatsKept();
    expect(ada.defeated).toBe(true);
    expect(friendly()).toEqual(up?.filter((name) => name !== "Ada"));
    expect(outOf("Ada")).toBe("defeated");
  });

  it("moves to the other team when the GM turns her token", async () => {
    harness.switchUser(t.gm);
    await t.tokens.bea.update({ disposition: -1 });
    const { combatsKept } = await import("../../src/foundry/combat/keeper.js");
    await combatsKept();
    const { teamOf } = await import("../../src/foundry/rulesets/unhex/combat/state.js");
    expect(teamOf(t.combat as never, combatantOf("Bea") as never)).toBe("hostile");
  });
});
