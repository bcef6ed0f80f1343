/**
 * Card-level fights with unlinked tokens in every ruleset (issue 33): two tokens of one pack NPC
 * dragged onto a scene (unlinked and numbered, as the pack says) and a linked player character
 * (unlinked-table.ts). In each ruleset a card at one NPC token changes that token's actor alone (the
 * other token and the pack's actor in the Actors directory never change), a status put on one token
 * stays on it alone, a card at the character shows her damage on her directory sheet, Undo restores
 * the token it changed, and the ruleset's records of the fight tell the two tokens apart.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import { bootWorld, type ActorData } from "./world.js";
import { fromDirectory as directorySheet, statusOnOneToken, type Token, unlinkedTable } from "./unlinked-table.js";

const world = bootWorld("every");
const { harness, game } = world;

type Message = { system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
type Card = { state: string; refs: Record<string, { actor: string; token?: string }>; applied: { uuid: string; key: string }[]; outcome: { awaiting?: { choice: string } } };
const card = (message: Message) => message.system.toObject() as unknown as Card;

/** The GM drags the pack NPC twice and the character once onto a scene. */
const table = (id: RulesetId, character: Partial<ActorData> = {}) => unlinkedTable(world, id, character);

async function click(message: Message, selector: string): Promise<void> {
  const button = (await message.renderHTML()).querySelector<HTMLElement>(selector);
  if (!button) throw new Error(`no button ${selector} in state ${card(message).state}`);
  button.click();
  const { cardsIdle } = await import("../../src/foundry/cards/index.js");
  await cardsIdle();
}

const system = <T>(actor: Actor) => actor.system as unknown as T;
const fromDirectory = (actor: Actor) => directorySheet(world, actor);

describe("drama: a shot at one of two Warriors", () => {
  type Drama = { grit: { value: number }; flesh: { value: number } };
  const tracks = (actor: Actor) => [system<Drama>(actor).grit.value, system<Drama>(actor).flesh.value];
  const CROSSBOW = { name: "Crossbow", type: "dramaWeapon", system: { weaponClass: "large", skill: "", ranged: true } };

  it("wounds that token's actor alone, and Undo restores it", async () => {
    const { npc, pc, one, two, heroine } = await table("drama", { system: { attributes: { physical: 3, agility: 3 }, skill: 3, grit: { value: 4, max: 4 }, flesh: { value: 6, max: 6 } }, items: [CROSSBOW] });
    const status = await statusOnOneToken(world, { npc, one, two });
    const { postRanged } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    const { chooseOnCard, cardsIdle } = await import("../../src/foundry/cards/index.js");
    const crossbow = (pc as unknown as { items: { contents: { id: string }[] } }).items.contents[0]!.id;
    queueFaces(...Array.from({ length: 12 }, () => 6), ...Array.from({ length: 6 }, () => 1));
    const answer = { weapon: crossbow, situation: { range: "close" }, bonuses: ["aiming"], advantages: [], base: 0, resistance: 0 };
    const message = (await postRanged(pc as never, { actor: two.actor as never, uuid: two.uuid } as never, answer)) as unknown as Message;
    expect(card(message).refs.target).toEqual({ actor: two.actor.uuid, token: two.uuid });
    if (card(message).outcome.awaiting) {
      queueFaces(...Array.from({ length: 12 }, () => 1));
      await chooseOnCard(message as never, card(message).outcome.awaiting!.choice, {});
      await cardsIdle();
    }
    expect(card(message).state).toBe("applied");
    expect(new Set(card(message).applied.map((record) => record.uuid))).toEqual(new Set([two.actor.uuid]));
    expect(tracks(two.actor)).not.toEqual([6, 7]);
    expect([tracks(one.actor), tracks(npc)]).toEqual([[6, 7], [6, 7]]);
    expect(tracks(heroine.actor)).toEqual(tracks(fromDirectory(pc)));
    await click(message, "[data-fray-action='undo']");
    expect([tracks(one.actor), tracks(two.actor), tracks(npc)]).toEqual([[6, 7], [6, 7], [6, 7]]);
    expect([one.actor.statuses.has(status), two.actor.statuses.size, npc.statuses.size]).toEqual([true, 0, 0]);
  });
});

describe("drama: two Warriors' tokens in the tracker and a skirmish round", () => {
  type Drama = { grit: { value: number }; flesh: { value: number } };
  const tracks = (actor: Actor) => [system<Drama>(actor).grit.value, system<Drama>(actor).flesh.value];

  it("each Warrior declares its own stance; a skirmish names each token's own actor, wounds the Heroine's sheet, and gives each Warrior Momentum of its own", async () => {
    const { npc, pc, one, two, heroine } = await table("drama", { system: { attributes: { physical: 2, agility: 2 }, skill: 1, grit: { value: 2, max: 2 }, flesh: { value: 6, max: 6 } } });
    const { combat, combatants } = await world.fight([one, two, heroine]);
    const [first, second, hers] = combatants.map((c) => c.id as string);
    await combat.rollInitiative([first!, second!, hers!]);
    await harness.flush();
    await combat.startCombat();
    const { ask } = await import("../../src/foundry/relay/index.js");
    const { declaredStance } = await import("../../src/foundry/rulesets/drama/combat/state.js");
    const { stanceRound } = await import("../../src/foundry/rulesets/drama/combat/index.js");
    const declare = (id: string, stance: string) => ask("combat.act", { combat: combat.id!, combatants: [id], action: "stance", choice: { stance } });
    expect(await declare(hers!, "stand")).toMatchObject({ ok: true });
    expect(await declare(first!, "press")).toMatchObject({ ok: true });
    expect(await declare(second!, "defend")).toMatchObject({ ok: true });
    const round = stanceRound(combat as never);
    expect([one, two].map((token) => declaredStance(combat as never, `Token:${token.id}`, round)?.stance)).toEqual(["press", "defend"]);

    const count = game.messages.size;
    expect(await ask("combat.act", { combat: combat.id!, combatants: [combat.turns[0]!.id!], action: "skirmish", choice: { engagements: [{ between: [hers, first] }, { between: [hers, second] }] } })).toMatchObject({ ok: true });
    const { chooseOnCard, cardsIdle } = await import("../../src/foundry/cards/index.js");
    await cardsIdle();
    expect(game.messages.size).toBe(count + 1);
    const message = game.messages.contents.at(-1) as unknown as Message;
    const refs = Object.values(card(message).refs);
    expect(refs).toEqual(expect.arrayContaining([{ actor: one.actor.uuid, token: one.uuid }, { actor: two.actor.uuid, token: two.uuid }, { actor: pc.uuid, token: heroine.uuid }]));
    for (let step = 0; step < 12 && card(message).outcome.awaiting; step += 1) {
      const { choice } = card(message).outcome.awaiting!;
      queueFaces(...Array.from({ length: 60 }, () => 6));
      await chooseOnCard(message as never, choice, choice.endsWith("Stance") ? "stand" : {});
      await cardsIdle();
    }
    expect(card(message).state).toBe("applied");
    // The Warriors' sixes wound the Heroine: her sheet in the Actors directory shows it; the Warriors' tokens and the pack's actor are untouched.
    // How much Flesh goes depends on the round's order (initiative rolled without set dice); that it lands on her directory sheet does not.
    const [grit, flesh] = tracks(fromDirectory(pc));
    expect(grit).toBe(0);
    expect(flesh).toBeLessThan(6);
    expect([tracks(one.actor), tracks(two.actor), tracks(npc)]).toEqual([[6, 7], [6, 7], [6, 7]]);
    // Each Warrior now holds Momentum over her, a record of its own token.
    const momentum = card(message).applied.filter((record) => record.key.includes("dramaMomentum")).map((record) => (record as unknown as { after: string }).after);
    expect(momentum.sort()).toEqual([`Token:${one.id}`, `Token:${two.id}`].sort());
    await click(message, "[data-fray-action='undo']");
    expect(tracks(fromDirectory(pc))).toEqual([2, 6]);
  });
});

describe("unhex: two Bouncers' tokens, on teams of their own, and a linked Heroine", () => {
  type Unhex = { level: { value: number }; wounds: Record<string, number> };
  const level = (actor: Actor) => system<Unhex>(actor).level.value;
  const itemOf = (actor: Actor, name: string) => (actor as unknown as { items: { contents: { id: string; name: string }[] } }).items.contents.find((item) => item.name === name)!.id;

  /** The attack card played through by the GM: no reaction, no reroll, these dice for the attack, the units die as damage. */
  async function attack(attacker: Token, target: Token, weapon: string, ...faces: number[]): Promise<Message> {
    const unhex = await import("../../src/foundry/rulesets/unhex/cards/index.js");
    const { chooseOnCard, cardsIdle } = await import("../../src/foundry/cards/index.js");
    const message = (await unhex.postUnhexAttack({ attacker: attacker.actor.uuid, attackerToken: attacker.uuid, target: target.actor.uuid, targetToken: target.uuid, weapon: itemOf(attacker.actor, weapon), outOfTurn: true })) as unknown as Message;
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    const answers: Record<string, string> = { reaction: "none", roll: "true", damageDie: "units" };
    for (let step = 0; step < 8 && card(message).outcome.awaiting; step += 1) {
      const { choice } = card(message).outcome.awaiting!;
      if (choice === "roll") queueFaces(...faces);
      await chooseOnCard(message as never, choice, answers[choice] ?? "none");
      await cardsIdle();
    }
    expect(card(message).state).toBe("applied");
    return message;
  }

  it("the GM moves one Bouncer to another team; each Bouncer's blow, wound and spent action are its own token's; the Heroine's sheet shows hers; Undo restores the right Bouncer", async () => {
    const { npc, pc, one, two, heroine } = await table("unhex", { items: [{ name: "Pistol", type: "unhexWeapon", system: { kind: "one-handed-ranged", held: true } }] });
    const status = await statusOnOneToken(world, { npc, one, two });
    const { combat, combatants } = await world.fight([one, two, heroine], true);
    const [first, second] = combatants;
    const { ask } = await import("../../src/foundry/relay/index.js");
    const { teamOf, budgetOf } = await import("../../src/foundry/rulesets/unhex/combat/state.js");
    expect(await ask("combat.act", { combat: combat.id!, combatants: [second!.id!], action: "team", choice: {} })).toMatchObject({ ok: true });
    expect(teamOf(combat as never, first as never)).not.toBe(teamOf(combat as never, second as never));
    expect(Object.keys((combat.flags as { fray: { unhex: object } }).fray.unhex)).toEqual([`Token:${two.id}`]);

    // Bouncer (1) hits the Heroine: 3,2 = 32 under his 45, on her sheet in the Actors directory.
    const herLevel = level(pc);
    const blow = await attack(one, heroine, "Brass Knuckles", 3, 2);
    expect(card(blow).outcome).toMatchObject({ result: { hit: true } });
    expect(level(fromDirectory(pc))).toBeLessThan(herLevel);
    expect([level(one.actor), level(two.actor), level(npc)]).toEqual([45, 45, 45]);
    // The action it spent is Bouncer (1)'s alone.
    expect([budgetOf(combat as never, first as never).available, budgetOf(combat as never, second as never).available]).toEqual([0, 1]);

    // The Heroine shoots Bouncer (2): his token's actor takes it, Bouncer (1) and the pack's Bouncer do not.
    const message = await attack(heroine, two, "Pistol", 3, 2);
    expect(new Set(card(message).applied.filter((record) => record.uuid.includes("Actor")).map((record) => record.uuid))).toContain(two.actor.uuid);
    expect(level(two.actor)).toBeLessThan(45);
    // What Apply changed names the token hit, as the tracker does: never the NPC's name alone, which both Bouncers share.
    const changed = [...(await message.renderHTML()).querySelectorAll(".fray-card-changes li")].map((li) => li.textContent ?? "");
    expect(changed).toContain(`Bouncer (2): Level 45 → ${level(two.actor)}`);
    expect(changed.filter((line) => line.startsWith("Bouncer:"))).toEqual([]);
    expect(card(message).applied.filter((record) => record.uuid === two.actor.uuid).map((record) => (record as unknown as { name: string }).name)).toContain("Bouncer (2)");
    expect([level(one.actor), level(npc)]).toEqual([45, 45]);
    expect(system<Unhex>(one.actor).wounds).toEqual(system<Unhex>(npc).wounds);
    await click(message, "[data-fray-action='undo']");
    expect([level(one.actor), level(two.actor), level(npc)]).toEqual([45, 45, 45]);
    expect([one.actor.statuses.has(status), two.actor.statuses.has(status), npc.statuses.has(status)]).toEqual([true, false, false]);
  });

  it("a card between the two Bouncers names each by its token, in its title, steps, dice and what it awaits", async () => {
    const { one, two } = await table("unhex");
    await world.fight([one, two], true);
    expect(one.name).not.toBe(two.name);
    const unhex = await import("../../src/foundry/rulesets/unhex/cards/index.js");
    const { chooseOnCard, cardsIdle } = await import("../../src/foundry/cards/index.js");
    const message = (await unhex.postUnhexAttack({ attacker: one.actor.uuid, attackerToken: one.uuid, target: two.actor.uuid, targetToken: two.uuid, weapon: itemOf(one.actor, "Brass Knuckles"), outOfTurn: true })) as unknown as Message;
    const seen: string[] = [];
    const read = async () => seen.push(((await message.renderHTML()).textContent ?? "").replace(/\s+/g, " "));
    const answers: Record<string, string> = { reaction: "none", roll: "true", damageDie: "units" };
    for (let step = 0; step < 8 && card(message).outcome.awaiting; step += 1) {
      await read();
      const { choice } = card(message).outcome.awaiting!;
      if (choice === "roll") queueFaces(3, 2);
      await chooseOnCard(message as never, choice, answers[choice] ?? "none");
      await cardsIdle();
    }
    await read();
    expect(card(message).state).toBe("applied");
    const text = seen.join(" | ");
    // The pack's name alone never stands for a fighter: every "Bouncer" on the card is one token's name.
    const tokenNames = [one.name, two.name].sort((a, b) => b.length - a.length);
    const bare = text.replace(new RegExp(tokenNames.map((name) => name.replace(/[()]/g, "\\$&")).join("|"), "g"), "");
    expect(bare).not.toContain("Bouncer");
    for (const name of [one.name, two.name]) expect(text).toContain(name);
  });
});

describe("torchlight: two Bandit Swordsmen's tokens and a linked Heroine on the Combat Grid", () => {
  type Torchlight = { breath: { value: number }; characteristics: Record<string, { dc: number }>; incapacitated: boolean };
  const vitals = (actor: Actor) => [system<Torchlight>(actor).breath.value, system<Torchlight>(actor).characteristics.str!.dc];
  const flags = (combat: { flags: unknown }) => (combat.flags as { fray: { torchlight: Record<string, Record<string, unknown>> } }).fray.torchlight;
  const SWORD = { name: "Sword", type: "torchlightWeapon", system: { die: 10, kind: "melee", damageType: "slashing" } };
  const scores = (str: number, dex: number) => Object.fromEntries(["str", "dex", "wil", "san", "luck"].map((c) => [c, { dc: c === "str" ? str : c === "dex" ? dex : 10, max: c === "str" ? str : c === "dex" ? dex : 10 }]));

  it("each token has its own initiative, place on the grid and queued hit; the round's damage lands on the Bandit hit (not the other, nor the pack's) and on the Heroine's sheet; Undo restores them", async () => {
    const { npc, pc, one, two, heroine } = await table("torchlight", { system: { breath: { value: 1, max: 3 }, characteristics: scores(11, 13), proficiencies: 1, lane: 5, stance: "steadied" }, items: [SWORD] });
    const status = await statusOnOneToken(world, { npc, one, two });
    const { combat } = await world.fight([one, two, heroine], true);
    const [kOne, kTwo, kHer] = [one, two, heroine].map((token) => `Token:${token.id}`);
    const torchlight = await import("../../src/foundry/rulesets/torchlight/cards/index.js");
    const { cardsIdle } = await import("../../src/foundry/cards/index.js");
    // Dex saves in the Combat's order: Bandit (1) passes, Bandit (2) fails, the Heroine passes.
    queueFaces(9, 15, 12);
    await torchlight.postTorchlightInitiative(combat as never, [kOne!, kTwo!, kHer!]);
    await cardsIdle();
    const initiative = flags(combat).initiative as Record<string, unknown>;
    expect(Object.keys(initiative).sort()).toEqual([kOne, kTwo, kHer].sort());
    expect(initiative[kOne!]).not.toEqual(initiative[kTwo!]);
    // Each Bandit stands where its own token was placed: the grid has a place for each.
    const grid = flags(combat).grid as Record<string, { lane: number }>;
    expect(Object.keys(grid).sort()).toEqual([kOne, kTwo, kHer].sort());

    /** An attack card played through: declarations closed, a Feint kept. */
    async function attack(attacker: Token, target: Token, face: number): Promise<void> {
      const weapon = (attacker.actor as unknown as { items: { contents: { id: string }[] } }).items.contents[0]!.id;
      queueFaces(face);
      const message = (await torchlight.postTorchlightAttack({ combat: combat.id as string, attacker: { actor: attacker.actor.uuid, token: attacker.uuid }, target: { actor: target.actor.uuid, token: target.uuid }, weapon })) as unknown as Message;
      expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
      await cardsIdle();
      if (card(message).outcome.awaiting?.choice === "held") {
        await askGrid("rollDeclared", { combat: combat.id, side: (card(message) as unknown as { request: { side: string } }).request.side });
        await cardsIdle();
      }
      if (card(message).outcome.awaiting?.choice === "feint") await click(message, "[data-fray-value='keep']");
      expect(card(message).state, JSON.stringify(card(message).outcome.awaiting)).toBe("applied");
    }
    // The GM puts the Heroine and Bandit (2) in the first lane; Bandit (1) stays where it stood: each token moves alone.
    const { askGrid } = await import("../../src/foundry/rulesets/torchlight/combat/grid-requests.js");
    for (const [key, lane, stance] of [[kTwo, 1, "steadied"], [kHer, 1, "aggressive"]] as const) expect(await askGrid("move", { combat: combat.id, combatant: key, lane, stance })).toMatchObject({ ok: true });
    expect([kOne, kTwo, kHer].map((key) => (flags(combat).grid as typeof grid)[key!]!.lane)).toEqual([grid[kOne!]!.lane, 1, 1]);
    expect(grid[kOne!]!.lane).not.toBe(1);
    await attack(heroine, two, 6);
    await combat.update({ "flags.fray.torchlight.phase": "gm" });
    await attack(two, heroine, 3);
    const hits = flags(combat).hits as Record<string, { target: string } | null>;
    expect([hits[kHer!]?.target, hits[kTwo!]?.target, hits[kOne!] ?? null]).toEqual([kTwo, kHer, null]);

    await combat.update({ "flags.fray.torchlight.phase": "environment" });
    const before = { one: vitals(one.actor), two: vitals(two.actor), pc: vitals(pc) };
    const round = (await torchlight.postTorchlightRound(combat as never)) as unknown as Message;
    for (let step = 0; step < 6 && card(round).outcome.awaiting; step += 1) {
      queueFaces(20);
      await click(round, "[data-fray-action='saves']");
    }
    expect(card(round).state).toBe("applied");
    expect(vitals(two.actor)).not.toEqual(before.two);
    expect(vitals(one.actor)).toEqual(before.one);
    expect(vitals(npc)).toEqual(before.one);
    expect(vitals(fromDirectory(pc))).not.toEqual(before.pc);
    await click(round, "[data-fray-action='undo']");
    expect([vitals(one.actor), vitals(two.actor), vitals(fromDirectory(pc))]).toEqual([before.one, before.two, before.pc]);
    expect([one.actor.statuses.has(status), two.actor.statuses.has(status), npc.statuses.has(status)]).toEqual([true, false, false]);
  });
});

describe("cavaliers: two Road Agents' tokens and a linked Heroine", () => {
  const sys = (actor: Actor) => actor.system as unknown as { yield: { value: number } };
  const yields = (...actors: Actor[]) => actors.map((actor) => sys(actor).yield.value);
  const attack = async (attacker: Actor, target: Actor, weapon: string, faces: number[]) => {
    const cavaliers = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
    queueFaces(...faces);
    return (await cavaliers.postAttack({ attackerUuid: attacker.uuid, targetUuid: target.uuid, attack: "lunge", weaponItemId: weapon, combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
  };
  /** The defender's Parry or Dodge on her dice, then the attacker's table: Inflict 1 Yield, spent. */
  async function landed(message: Message, defence: string, faces: number[]): Promise<void> {
    queueFaces(...faces);
    await click(message, `[data-fray-action='choose'][data-fray-value='${defence}']`);
    await click(message, "[data-entry='inflict-yield'] [data-fray-action='buy']");
    await click(message, "[data-fray-action='spend']");
    expect(card(message).state).toBe("applied");
  }

  it("the Heroine's Lunge names one Road Agent's own actor and yields it alone; a Road Agent's Lunge yields her directory sheet; each Undo restores the one it changed", async () => {
    const { npc, pc, one, two, heroine } = await table("cavaliers", {
      system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8 },
      items: [
        { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } },
        { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 1, action: "lunge" } },
      ],
    });
    const status = await statusOnOneToken(world, { npc, one, two });
    const itemOf = (actor: Actor, name: string) => (actor as unknown as { items: { contents: { id: string; name: string }[] } }).items.contents.find((item) => item.name === name)!.id;

    // d8 verve, d8 competency, d8 rank, d8 rapier: 13 against the Road Agent's Parry on ones.
    const hers = await attack(pc, two.actor, itemOf(pc, "Rapier"), [7, 6, 2, 1]);
    // The card names the second Road Agent's own actor (Scene.….Token.….Actor.…), not the pack's.
    expect(Object.values(card(hers).refs).map((ref) => ref.actor)).toContain(two.actor.uuid);
    await landed(hers, "parry", [1, 1, 1, 1]);
    expect(card(hers).applied.map((record) => record.uuid)).toEqual([two.actor.uuid]);
    expect(yields(one.actor, two.actor, npc, fromDirectory(pc))).toEqual([0, 1, 0, 0]);

    // Road Agent (1) lunges at her with its Smallsword, on sixes, against her Dodge on ones.
    const his = await attack(one.actor, heroine.actor, itemOf(one.actor, "Smallsword"), [6, 6, 6, 6, 6]);
    expect(Object.values(card(his).refs).map((ref) => ref.actor)).toEqual(expect.arrayContaining([one.actor.uuid, pc.uuid]));
    await landed(his, "dodge", [1, 1, 1, 1, 1]);
    expect(card(his).applied.map((record) => record.uuid)).toEqual([pc.uuid]);
    expect(yields(one.actor, two.actor, npc, fromDirectory(pc))).toEqual([0, 1, 0, 1]);

    await click(hers, "[data-fray-action='undo']");
    expect(card(hers).state).toBe("undone");
    expect(yields(one.actor, two.actor, npc, fromDirectory(pc))).toEqual([0, 0, 0, 1]);
    await click(his, "[data-fray-action='undo']");
    expect(yields(one.actor, two.actor, npc, fromDirectory(pc))).toEqual([0, 0, 0, 0]);
    expect([one.actor.statuses.has(status), two.actor.statuses.has(status), npc.statuses.has(status)]).toEqual([true, false, false]);
  });
});

describe("personal: two Street Thugs' tokens and a linked Heroine", () => {
  const resolve = (actor: Actor) => (actor.system as unknown as { resolve: { value: number } }).resolve.value;
  const resolves = (...actors: Actor[]) => actors.map(resolve);

  it("her Sabre takes Resolve off one Thug's token alone; a Thug's Club takes it off her directory sheet; each Undo restores the one it changed", async () => {
    const { npc, pc, one, two, heroine } = await table("personal", { system: { resolve: { value: 6, max: 6 }, defense: 9 }, items: [{ name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } }] });
    const status = await statusOnOneToken(world, { npc, one, two });
    const personal = await import("../../src/foundry/rulesets/personal/cards/index.js");
    const weapon = (actor: Actor) => (actor as unknown as { items: { contents: { id: string }[] } }).items.contents[0]!.id;
    const herResolve = resolve(pc);

    queueFaces(10, 3, 1); // 12 against Defense 9: a hit; 3 + 1 = 4 off Resolve 6
    const hers = (await personal.postAttack({ attacker: { actor: pc.uuid }, target: { actor: two.actor.uuid, token: two.uuid }, weapon: weapon(pc) })) as unknown as Message;
    expect(card(hers).state).toBe("applied");
    expect(card(hers).refs.target).toEqual({ actor: two.actor.uuid, token: two.uuid });
    expect(card(hers).applied).toMatchObject([{ uuid: two.actor.uuid, key: "system.resolve.value" }]);
    expect(resolves(one.actor, two.actor, npc, fromDirectory(pc))).toEqual([6, 2, 6, herResolve]);

    queueFaces(19, 5); // Street Thug (1)'s Club: 19 against her Defense 9, 5 off her Resolve
    const his = (await personal.postAttack({ attacker: { actor: one.actor.uuid, token: one.uuid }, target: { actor: pc.uuid, token: heroine.uuid }, weapon: weapon(one.actor) })) as unknown as Message;
    expect(card(his).state).toBe("applied");
    expect(card(his).applied.map((record) => record.uuid)).toContain(pc.uuid);
    expect(resolve(fromDirectory(pc))).toBeLessThan(herResolve);
    expect(resolves(one.actor, two.actor, npc)).toEqual([6, 2, 6]);

    await click(hers, "[data-fray-action='undo']");
    expect(card(hers).state).toBe("undone");
    expect(resolves(one.actor, two.actor, npc)).toEqual([6, 6, 6]);
    expect(resolve(fromDirectory(pc))).toBeLessThan(herResolve);
    await click(his, "[data-fray-action='undo']");
    expect(resolves(one.actor, two.actor, npc, fromDirectory(pc))).toEqual([6, 6, 6, herResolve]);
    expect([one.actor.statuses.has(status), two.actor.statuses.has(status), npc.statuses.has(status)]).toEqual([true, false, false]);
  });
});
