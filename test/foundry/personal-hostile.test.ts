/**
 * The hostile player against the Personal Combat cards: every step of each card kind forged by a
 * player who is not entitled to it, with values out of bounds, or replayed after Apply. Each is
 * refused with a message and the actors, messages and users are exactly as before. Then "Copy as
 * request": the command line replays every kind of card exactly.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { chatMessageMenu } from "../../playground/foundry/index.js";
import { runCli } from "../../src/cli/run.js";
import { pickFromMenu } from "./card-menu.js";
import { bootWorld, playRuleset } from "./world.js";

let personal: typeof import("../../src/foundry/rulesets/personal/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");
let relay: typeof import("../../src/foundry/relay/index.js");

const { harness, game } = bootWorld("cavaliers", { users: ["Ada", "Bob"] }, (w) => ({ gm, ada, bob } = w.users));
beforeAll(async () => {
  personal = await import("../../src/foundry/rulesets/personal/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
  relay = await import("../../src/foundry/relay/index.js");
});

type Message = { id: string; system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
type Answer = { ok: boolean; reason?: string };

let gm: User;
let ada: User;
let bob: User;
let ines: Actor;
let bruno: Actor;
let guard: Actor;

const ActorClass = () => harness.CONFIG.Actor.documentClass as typeof Actor;
const state = (m: Message) => (m.system.toObject() as { state: string }).state;
const weaponOf = (a: Actor) => (a as unknown as { items: { contents: { id: string; type: string }[] } }).items.contents.find((i) => i.type === "personalWeapon")!.id;
const ask = (kind: string, payload: Record<string, unknown>): Promise<Answer> => relay.ask(kind, payload);

/** Everything a forged request could reach, as stored. */
function world(): string {
  const sources = (name: "actors" | "messages" | "users") => (game[name] as unknown as { contents: { _source: unknown }[] }).contents.map((doc) => doc._source);
  return JSON.stringify({ actors: sources("actors"), messages: sources("messages"), users: sources("users").map((u) => ({ ...(u as object), flags: undefined })) });
}

/** Each request is refused, and the world is as it was before the first. */
async function allRefused(requests: [string, Record<string, unknown>, RegExp?][]): Promise<void> {
  const before = world();
  for (const [kind, payload, reason] of requests) {
    const answer = await ask(kind, payload);
    expect(answer, `${kind} ${JSON.stringify(payload).slice(0, 120)}`).toMatchObject({ ok: false });
    if (reason) expect(answer.reason).toMatch(reason);
  }
  expect(world()).toBe(before);
}

beforeEach(async () => {
  const weapon = { name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } };
  ines = (await ActorClass().create({ name: "Ines", type: "personalCharacter", ownership: { default: 1, [ada.id]: 3 }, system: { resolve: { value: 12, max: 12 }, defense: 11, stamina: 2 }, items: [weapon] })) as Actor;
  bruno = (await ActorClass().create({ name: "Bruno", type: "personalCharacter", ownership: { default: 1, [bob.id]: 3 }, system: { resolve: { value: 0, max: 10 }, wounded: true, defense: 10, stamina: 1 }, items: [weapon] })) as Actor;
  guard = (await ActorClass().create({ name: "Guard", type: "personalNpc", ownership: { default: 1 }, system: { resolve: { value: 12, max: 12 }, defense: 10 }, items: [{ ...weapon, name: "Spear" }] })) as Actor;
});

/** Ines's hit on Wounded Bruno, awaiting Bob's Fallen Fate (3 damage: he may ignore it). */
async function awaitingFate(): Promise<Message> {
  harness.switchUser(ada);
  queueFaces(12, 1, 2);
  const message = (await personal.postAttack({ attacker: { actor: ines.uuid }, target: { actor: bruno.uuid }, weapon: weaponOf(ines) })) as unknown as Message;
  expect(state(message)).toBe("open");
  return message;
}

describe("a hostile player against the Personal Combat cards", () => {
  it("attack: cannot open as someone else's attacker, with a weapon not the attacker's, or at a non-Personal target", async () => {
    const cavalier = (await ActorClass().create({ name: "Cavalier", type: "cavaliersCharacter", ownership: { default: 1 } })) as Actor;
    harness.switchUser(ada);
    const refs = (attacker: Actor, target: Actor) => ({ attacker: { actor: attacker.uuid }, target: { actor: target.uuid } });
    await allRefused([
      ["card.open", { kind: "personal.attack", refs: refs(guard, ines), request: { weapon: weaponOf(guard) }, roll: null }, /do not own Guard/],
      ["card.open", { kind: "personal.attack", refs: refs(ines, guard), request: { weapon: weaponOf(guard) }, roll: null }, /Ines has no such weapon/],
      ["card.open", { kind: "personal.attack", refs: refs(ines, guard), request: { weapon: { $ne: "" } }, roll: null }, /no such weapon/],
      ["card.open", { kind: "personal.attack", refs: refs(ines, cavalier), request: { weapon: weaponOf(ines) }, roll: null }, /not a Personal Combat character/],
      ["card.open", { kind: "personal.attack", refs: { attacker: { actor: ines.uuid }, bystander: { actor: guard.uuid } }, request: { weapon: weaponOf(ines) }, roll: null }, /no role/],
    ]);
  });

  it("attack: cannot open with dice of her choosing that the rules did not ask for", async () => {
    harness.switchUser(ada);
    const Roll = (globalThis as unknown as { Roll: new (formula: string) => { evaluate(): Promise<{ toJSON(): object }> } }).Roll;
    const d6 = JSON.stringify((await new Roll("1d6").evaluate()).toJSON());
    const tooMany = JSON.stringify((await new Roll("1d20 + 1d6 + 1d6 + 1d6").evaluate()).toJSON());
    await allRefused([
      ["card.open", { kind: "personal.attack", refs: { attacker: { actor: ines.uuid }, target: { actor: guard.uuid } }, request: { weapon: weaponOf(ines) }, roll: d6 }],
      ["card.open", { kind: "personal.attack", refs: { attacker: { actor: ines.uuid }, target: { actor: guard.uuid } }, request: { weapon: weaponOf(ines) }, roll: tooMany }],
    ]);
  });

  it("Fallen Fate on an attack: not by the attacker's player, not a fate off the list, not a shape the rules refuse, not an ignore the hit forbids", async () => {
    const message = await awaitingFate();
    harness.switchUser(ada);
    await allRefused([["card.choose", { message: message.id, choice: "fateChoice", value: "ignore" }, /Bruno's owner/]]);
    harness.switchUser(bob);
    await allRefused([
      ["card.choose", { message: message.id, choice: "fateChoice", value: "Unharmed" }, /not on the list/],
      ["card.choose", { message: message.id, choice: "fateChoice", value: { name: "Maimed" } }, /malformed/],
      ["card.choose", { message: message.id, choice: "fateChoice", value: "" }, /malformed/],
      ["card.choose", { message: message.id, choice: "weapon", value: weaponOf(guard) }, /not waiting for "weapon"/],
    ]);
    // A heavier blow on a fresh card: 9 damage is over half of 10, so Ignore is refused even to Bob.
    harness.switchUser(ada);
    queueFaces(12, 5, 4);
    const heavy = (await personal.postAttack({ attacker: { actor: ines.uuid }, target: { actor: bruno.uuid }, weapon: weaponOf(ines) })) as unknown as Message;
    harness.switchUser(bob);
    await allRefused([["card.choose", { message: heavy.id, choice: "fateChoice", value: "ignore" }, /over half her maximum Resolve/]]);
  });

  it("cannot replay a choice after Apply, nor undo what is not hers to undo", async () => {
    const message = await awaitingFate();
    harness.switchUser(bob);
    expect((await cards.chooseOnCard(message as never, "fateChoice", "Shaken")).ok).toBe(true);
    await allRefused([
      ["card.choose", { message: message.id, choice: "fateChoice", value: "Shaken" }, /applied/],
      ["card.choose", { message: message.id, choice: "fateChoice", value: "ignore" }, /applied/],
    ]);
    // Neither the attacker's player nor the victim's (who made the last choice) may take the fate back.
    harness.switchUser(ada);
    await allRefused([["card.undo", { message: message.id }, /Only the GM/]]);
    harness.switchUser(bob);
    await allRefused([["card.undo", { message: message.id }, /Only the GM/]]);
    harness.switchUser(gm);
    expect((await ask("card.undo", { message: message.id })).ok).toBe(true);
    await allRefused([["card.undo", { message: message.id }, /undone/]]);
  });

  it("Fallen Fate card: not for another's character, not with damage out of bounds; Rest: not for another's character", async () => {
    harness.switchUser(ada);
    const fate = (damage: unknown, actor = bruno) => ["card.open", { kind: "personal.fate", refs: { character: { actor: actor.uuid } }, request: { damage }, roll: null }] as [string, Record<string, unknown>];
    await allRefused([fate(4)]);
    harness.switchUser(bob);
    await allRefused([fate(0), fate(-3), fate(1e9), fate("4"), fate(2.5), ["card.open", { kind: "personal.rest", refs: { character: { actor: ines.uuid } }, request: {}, roll: null }, /do not own Ines/]]);
    // The Fallen Fate card's own choice, by the wrong player.
    harness.switchUser(gm);
    const card = (await personal.postForCharacter("fate", { actor: bruno.uuid }, { damage: 2 })) as unknown as Message;
    harness.switchUser(ada);
    await allRefused([["card.choose", { message: card.id, choice: "choice", value: "ignore" }, /Bruno's owner/]]);
  });

  it("turn card: shapes the planner never sends are refused, as is a plan for someone else's character", async () => {
    harness.switchUser(ada);
    const turn = (request: Record<string, unknown>, actor = ines) => ["card.open", { kind: "personal.turn", refs: { character: { actor: actor.uuid } }, request, roll: null }] as [string, Record<string, unknown>];
    await allRefused([
      turn({ actions: "Attack" }),
      turn({ actions: Array(9).fill({ name: "Wave", free: true }) }),
      turn({ actions: [{ name: "x".repeat(65) }] }),
      turn({ actions: [], move: "Near" }),
      turn({ actions: [], move: { from: "Near" } }),
      turn({ actions: [], gainMomentum: "yes" }),
      turn({ actions: [], itemInteractions: 11 }),
      turn({ actions: [{ name: "Attack" }, { name: "Attack" }] }),
      turn({ actions: [] }, bruno),
    ]);
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

  it("is offered by a right-click on the card as the chat log draws it, to the card's players and the GM: Bob copies Ines's Rest for no one", async () => {
    harness.switchUser(ada);
    const rest = (await personal.postForCharacter("rest", { actor: ines.uuid })) as unknown as Message;
    const li = await rest.renderHTML();
    const copy = () => chatMessageMenu(li).find((entry) => entry.name === "FRAY.Card.Copy");
    for (const user of [ada, gm]) {
      harness.switchUser(user);
      (game as unknown as { clipboard: { text: string } }).clipboard.text = "";
      await copy()!.callback(li);
      expect(JSON.parse((game as unknown as { clipboard: { text: string } }).clipboard.text)).toMatchObject({ ruleset: "personal" });
    }
    harness.switchUser(bob);
    expect(copy()).toBeUndefined();
  });

  it("replays an attack (awaiting its Fallen Fate, then answered), a Fallen Fate, a Rest and a turn on the command line", async () => {
    const attack = await awaitingFate();
    await replays(attack);
    harness.switchUser(bob);
    await cards.chooseOnCard(attack as never, "fateChoice", "ignore");
    await replays(attack);
    harness.switchUser(gm);
    const fate = (await personal.postForCharacter("fate", { actor: bruno.uuid }, { damage: 6 })) as unknown as Message;
    await cards.chooseOnCard(fate as never, "choice", "Broken Gear");
    await replays(fate);
    harness.switchUser(bob);
    await replays((await personal.postForCharacter("rest", { actor: bruno.uuid })) as unknown as Message);
    harness.switchUser(ada);
    await replays((await personal.postForCharacter("turn", { actor: ines.uuid }, { move: { from: "Far", to: "Near" }, actions: [{ name: "Aid" }] })) as unknown as Message);
  });
});

describe("a sheet cannot make her immune to cards", () => {
  it("Armor Ratings past the rules' 100 (two natural ratings of 99, and mail) are read as 100: Ines's hit on Bruno resolves", async () => {
    harness.switchUser(bob);
    await bruno.update({ "system.armor": [{ type: "physical", rating: 99 }, { type: "physical", rating: 99 }] });
    harness.switchUser(ada);
    queueFaces(12, 6, 6);
    const message = (await personal.postAttack({ attacker: { actor: ines.uuid }, target: { actor: bruno.uuid }, weapon: weaponOf(ines) })) as unknown as Message;
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    const card = message.system.toObject() as { state: string; rules: { target: { armor: Record<string, number> } }; outcome: { result: Record<string, unknown> } };
    expect(card.rules.target.armor).toEqual({ physical: 100 });
    // 14 against Defense 10 hits; 12 damage against an Armor Rating of 100 does nothing.
    expect(card.outcome.result).toMatchObject({ hit: true, damageRoll: 12, armorRating: 100, damage: 0 });
    expect(card.state).toBe("closed");
  });
});

describe("a hostile player writing what v13 lets her write in a Personal Combat fight", () => {
  type Fighter = { id: string; name: string; initiative: number | null; update(d: object, o?: object): Promise<unknown> };
  type Fight = { id: string; round: number; turn: number | null; turns: Fighter[]; combatants: { contents: Fighter[]; get(id: string): Fighter | undefined }; getFlag(s: string, k: string): unknown; createEmbeddedDocuments(n: string, d: object[]): Promise<Fighter[]>; rollInitiative(ids: string[]): Promise<unknown>; startCombat(): Promise<unknown>; nextTurn(): Promise<unknown>; update(d: object, o?: object): Promise<unknown> };
  const names = (combat: Fight) => combat.turns.map((c) => c.name);
  const score = (combat: Fight, c: Fighter) => ((combat.getFlag("fray", "personal") ?? {}) as Record<string, { score: number }>)[recordKey(c)]?.score;
  const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);

  /** Ines (Ada's, on a friendly token), Bruno (Bob's) and the Guard in a fight of Personal Combat. */
  async function fight(): Promise<{ combat: Fight; token: { update(d: object): Promise<unknown> }; ines: Fighter; bruno: Fighter; guardian: Fighter }> {
    await playRuleset(game, "personal");
    const SceneClass = (globalThis as unknown as { Scene: { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string; update(d: object): Promise<unknown> }[]> }> } }).Scene;
    const scene = await SceneClass.create({ name: "Keep", active: true });
    // Her character's token, linked as Fray makes a character's prototype token (an unlinked one would fight on a copy).
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Ines", actorId: ines.id, actorLink: true, disposition: 1 }]);
    const combat = await (harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<Fight> }).create({ active: true });
    const [i, b, g] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ines.id, tokenId: token!.id, sceneId: scene.id, name: "Ines" },
      { actorId: bruno.id, name: "Bruno" },
      { actorId: guard.id, name: "Guard" },
    ]);
    return { combat, token: token!, ines: i!, bruno: b!, guardian: g! };
  }

  it("cannot roll her Initiative again by clearing Foundry's initiative field", async () => {
    const { combat, ines: mine } = await fight();
    harness.switchUser(ada);
    queueFaces(2);
    await combat.rollInitiative([mine.id]);
    expect(score(combat, mine)).toBe(2);
    await mine.update({ initiative: null });
    queueFaces(6);
    await combat.rollInitiative([mine.id]);
    expect(warnings().at(-1)).toContain("already rolled");
    expect(score(combat, mine)).toBe(2);
  });

  it("cannot Delay in a second turn by writing the turn back to hers; the round she writes goes back, her initiative and her token move no one", async () => {
    const { combat, token, ines: mine, bruno: his } = await fight();
    queueFaces(6, 1); // Ines 6, Bruno 1, the Guard 3: Ines, Guard, Bruno
    await combat.rollInitiative(combat.combatants.contents.map((c) => c.id));
    await combat.startCombat();
    await combat.nextTurn(); // the Guard's turn: Ines has acted
    expect(names(combat)).toEqual(["Ines", "Guard", "Bruno"]);
    harness.switchUser(ada);
    await combat.update({ turn: 0 });
    expect(await ask("combat.act", { combat: combat.id, combatants: [mine.id], action: "delay", choice: { after: his.id } })).toMatchObject({ ok: false });
    expect([combat.turn, names(combat)]).toEqual([1, ["Ines", "Guard", "Bruno"]]);
    await combat.update({ round: 2, turn: 0 });
    expect([combat.round, combat.turn]).toEqual([1, 1]);
    await mine.update({ initiative: 99 });
    await token.update({ disposition: -1 });
    expect(names(combat)).toEqual(["Ines", "Guard", "Bruno"]);
  });
});
