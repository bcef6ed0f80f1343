/**
 * Unhex in the combat tracker, in the harness with a GM and two players: a player's roll opens the
 * round's team initiative card on the GM; each team's highest-level character rolls her own dice;
 * the winner's owner picks the order of team turns, which becomes the tracker's order; each row
 * shows its team and its action, spent by a card or by the row's button; the GM moves a combatant
 * to another team and ends the fight once one team is left standing. A player cannot ask for the
 * GM's controls nor spend another's action.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FoundryHarness } from "../../playground/foundry/index.js";
import { runCli } from "../../src/cli/run.js";
import { card, type Message, unhexFixtures, type UnhexTable, useUnhexTable } from "./unhex-fixtures.js";
import { everyCardInWords, headlineOf } from "./card-words.js";

let harness: FoundryHarness;
everyCardInWords(() => harness.game.messages);
let rules: typeof import("../../src/foundry/rulesets/unhex/combat/index.js").unhexCombatRules;
let requests: typeof import("../../src/foundry/combat/requests.js");
let cards: typeof import("../../src/foundry/cards/index.js");
let t: UnhexTable;
const fx = unhexFixtures(() => harness);

useUnhexTable((session) => ({ harness, t } = session));
beforeAll(async () => {
  rules = (await import("../../src/foundry/rulesets/unhex/combat/index.js")).unhexCombatRules;
  requests = await import("../../src/foundry/combat/requests.js");
  cards = await import("../../src/foundry/cards/index.js");
});


type C = Parameters<typeof rules.view>[1];
type K = Parameters<typeof rules.view>[0];
const combat = () => t.combat as unknown as K;
const combatantOf = (name: string) => t.combatants.find((c) => c.name === name)! as unknown as C;
const order = () => (t.combat as unknown as { turns: { name: string }[] }).turns.map((c) => c.name);
const view = (name: string) => rules.view(combat(), combatantOf(name));
const lastMessage = () => harness.game.messages.contents.at(-1) as unknown as Message;
const flags = () => JSON.stringify((t.combat as unknown as { flags: unknown }).flags);

async function rollInitiative(user: typeof t.gm, name: string): Promise<void> {
  harness.switchUser(user);
  await (t.combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([combatantOf(name).id!]);
  await harness.flush();
}

describe("the tracker row's hints", () => {
  it("issue 38 item 12: name the character instead of saying \"her\" (the Guard is no \"her\")", () => {
    harness.switchUser(t.gm);
    const hints = view("Guard").buttons.map((b) => b.tooltip ?? "");
    expect(hints).toContain("Move Guard to the Neutral team");
    expect(hints).toContain("Spend Guard's action this round on something no card records (first aid, taking cover, talking).");
    expect(hints.join(" ")).not.toMatch(/\bher\b/);
  });
});

describe("Unhex team initiative in the tracker", () => {
  it("Ada's player rolls: the GM opens the round's card; Ada and the Guard roll for their teams; Ada wins and puts the hostile team first; the tracker follows", async () => {
    await rollInitiative(t.users.ada, "Ada");
    const message = lastMessage();
    expect(card(message).kind).toBe("unhex.initiative");
    // The PCs roll first in round 1; each team by its highest-level character (Ada 50 over Bea 45, the Guard 50 over the Sniper 40).
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rolls.friendly", by: "friendly", offer: { who: "Ada" } });
    expect(card(message).refs.hostile?.actor).toBe(t.guard.uuid);
    // Bob (Bea's player) cannot roll for the friendly team: the button is Ada's.
    harness.switchUser(t.users.bob);
    expect(await fx.buttons(message)).toEqual([]);
    // Nor by forging the step: the GM refuses it and the card stays as it was.
    const { ask } = await import("../../src/foundry/relay/index.js");
    const unforged = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "rolls.friendly", value: "true", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(unforged);
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 3, 2);
    await fx.choose(t.gm, message, "rolls.hostile", "true", 7, 1);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "order", by: "friendly" });
    harness.switchUser(t.users.ada);
    const offered = await fx.buttons(message);
    expect(offered).toContain("choose:hostile,friendly");
    await fx.choose(t.users.ada, message, "order", "hostile,friendly");
    expect(card(message).state).toBe("applied");
    // Copy as request: the command line resolves the card's request to the same outcome.
    const cli = runCli(["resolve"], () => JSON.stringify(cards.requestOf(card(message) as never, message as never)));
    expect(cli.code, cli.stderr).toBe(0);
    const printed = JSON.parse(cli.stdout) as { result: unknown; steps: unknown };
    const outcome = JSON.parse(JSON.stringify(card(message).outcome)) as { result: unknown; steps: unknown };
    expect(printed.result).toEqual(outcome.result);
    expect(printed.steps).toEqual(outcome.steps);
    expect(order().slice(0, 2).sort()).toEqual(["Guard", "Sniper"]);
    expect(order().slice(2).sort()).toEqual(["Ada", "Bea"]);
    expect(view("Guard").facts[0]).toBe("Hostile team: turn 1");
    expect(view("Ada").facts).toEqual(["Friendly team: turn 2", "1 action"]);

    // A second roll this round is refused, and changes nothing.
    const before = harness.game.messages.contents.length;
    await rollInitiative(t.gm, "Guard");
    expect(harness.game.messages.contents.length).toBe(before);
    expect(harness.notifications.at(-1)?.message).toContain("already rolled");

    // Round 2: every row keeps last round's place (no d20), so each team's roller gets the round's roll on her row.
    harness.switchUser(t.gm);
    await (t.combat as unknown as { nextRound(): Promise<unknown> }).nextRound();
    await harness.flush();
    harness.switchUser(t.users.ada);
    expect(view("Ada").buttons.map((b) => b.action)).toContain("roundInitiative");
    expect(view("Bea").buttons.map((b) => b.action)).not.toContain("roundInitiative");
    await requests.requestAction(combat(), combatantOf("Ada"), "roundInitiative");
    await harness.flush();
    const second = lastMessage();
    expect(card(second)).toMatchObject({ kind: "unhex.initiative", request: { round: 2, previousHolder: "friendly" } });
    // Last round's holder rolls first; the button is gone while the card is open.
    expect(card(second).outcome.awaiting).toMatchObject({ choice: "rolls.friendly" });
    expect(view("Ada").buttons.map((b) => b.action)).not.toContain("roundInitiative");
  });

  it("RULINGS.md §unhex (team initiative): three teams, Ada fails and the Guard and the Sniper tie at 32: only they roll again, each her own roll-off, and a player cannot roll one for them", async () => {
    harness.switchUser(t.gm);
    // The Sniper to the neutral team: three teams, each by its highest (Ada 50, the Guard 50, the Sniper 40).
    await requests.requestAction(combat(), combatantOf("Sniper"), "team");
    await harness.flush();
    expect(view("Sniper").facts[0]).toBe("Neutral team");
    await rollInitiative(t.gm, "Guard");
    const message = lastMessage();
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 9, 8);
    await fx.choose(t.gm, message, "rolls.hostile", "true", 3, 2);
    await fx.choose(t.gm, message, "rolls.neutral", "true", 3, 2);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rolls.hostile#2", by: "hostile" });
    const { ask } = await import("../../src/foundry/relay/index.js");
    harness.switchUser(t.users.ada);
    const unforged = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "rolls.hostile#2", value: "true", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(unforged);
    await fx.choose(t.gm, message, "rolls.hostile#2", "true", 1, 5);
    await fx.choose(t.gm, message, "rolls.neutral#2", "true", 2, 5);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "order", by: "neutral", offer: { winner: "neutral", by: "highest-success" } });
    const text = (await message.renderHTML()).textContent ?? "";
    expect(text).toContain("roll again");
    expect(text).not.toMatch(/FRAY\./);
    expect(headlineOf(await message.renderHTML())).toBe("Your choice, for Sniper: see below.");
    await fx.choose(t.gm, message, "order", "neutral,hostile,friendly");
    expect(card(message).state).toBe("applied");
    expect(headlineOf(await message.renderHTML())).toBe("The Neutral team won; team turns: Neutral team → Hostile team → Friendly team.");
    expect(view("Sniper").facts[0]).toBe("Neutral team: turn 1");
  });

  it("RULINGS.md §unhex (team initiative): the out do not roll: Ada, unconscious with every torso box marked, leaves the friendly team's roll to Bea; a card naming Ada to roll is refused and changes nothing", async () => {
    harness.switchUser(t.gm);
    await (t.ada as unknown as { update(d: object): Promise<unknown> }).update({ "system.wounds.torso": 15 });
    await harness.flush();
    const { ask } = await import("../../src/foundry/relay/index.js");
    const c = t.combat as unknown as { id: string };
    const forged = { kind: "unhex.initiative", refs: { lead: { actor: t.ada.uuid }, friendly: { actor: t.ada.uuid }, hostile: { actor: t.guard.uuid } }, request: { combat: c.id, round: 1, rollers: { friendly: combatantOf("Ada").id, hostile: combatantOf("Guard").id } }, roll: null };
    const before = flags();
    const count = harness.game.messages.contents.length;
    expect(await ask("card.open", forged)).toMatchObject({ ok: false });
    harness.switchUser(t.users.ada);
    expect(await ask("card.open", forged)).toMatchObject({ ok: false });
    expect(harness.game.messages.contents.length).toBe(count);
    expect(flags()).toBe(before);
    await rollInitiative(t.gm, "Guard");
    const message = lastMessage();
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rolls.friendly", by: "friendly", offer: { who: "Bea" } });
    expect(card(message).refs.friendly?.actor).toBe(t.bea.uuid);
  });

  it("seed 002 §Rounds (each team acts in its own turn, the others react): Ada cannot attack in the hostile team's turn, nor override it herself; the GM's override is recorded on the card", async () => {
    await rollInitiative(t.users.ada, "Ada");
    const message = lastMessage();
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 3, 2);
    await fx.choose(t.gm, message, "rolls.hostile", "true", 7, 1);
    await fx.choose(t.users.ada, message, "order", "hostile,friendly");
    expect(card(message).state).toBe("applied");
    const { postUnhexAttack } = await import("../../src/foundry/rulesets/unhex/cards/index.js");
    const { ask } = await import("../../src/foundry/relay/index.js");
    const knife = (t.ada as unknown as { items: { contents: { id: string; name: string }[] } }).items.contents.find((i) => i.name === "Knife")!.id;
    const refs = { attacker: { actor: t.ada.uuid, token: t.tokens.ada.uuid }, target: { actor: t.guard.uuid, token: t.tokens.guard.uuid } };
    harness.switchUser(t.users.ada);
    const before = flags();
    const count = harness.game.messages.contents.length;
    expect(await postUnhexAttack({ attacker: t.ada.uuid, attackerToken: t.tokens.ada.uuid, target: t.guard.uuid, targetToken: t.tokens.guard.uuid, weapon: knife })).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("It is the Hostile team's turn: Ada of the Friendly team may only react now");
    expect(await ask("card.open", { kind: "unhex.attack", refs, request: { weapon: knife, outOfTurn: true }, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("Only the GM may let a character act outside her team's turn") });
    expect(harness.game.messages.contents.length).toBe(count);
    expect(flags()).toBe(before);
    harness.switchUser(t.gm);
    expect(await ask("card.open", { kind: "unhex.attack", refs, request: { weapon: knife }, roll: null })).toMatchObject({ ok: false });
    const gmAnswer = await ask("card.open", { kind: "unhex.attack", refs, request: { weapon: knife, outOfTurn: true }, roll: null });
    expect(gmAnswer, JSON.stringify(gmAnswer)).toMatchObject({ ok: true });
    const overridden = lastMessage();
    expect(card(overridden).request.outOfTurn).toEqual({ team: "friendly", turn: "hostile" });
    expect((await overridden.renderHTML()).textContent).toContain("GM's override: the Friendly team acts in the Hostile team's turn.");
  });

  it("seed 002 §Initiative (rolling order): Ada, good at initiative and rolling first, decides her reroll before the Guard rolls; nobody chooses out of turn", async () => {
    harness.switchUser(t.gm);
    await (t.ada as unknown as { update(data: object): Promise<unknown> }).update({ "system.good.initiative": true });
    await rollInitiative(t.users.ada, "Ada");
    const message = lastMessage();
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 3, 4);
    // Her 34 is down and the Guard has not rolled: the card asks her reroll, and shows one roll only.
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rerolls.friendly", by: "friendly", offer: { kind: "reroll", who: "Ada", reading: 34 } });
    expect(card(message).outcome.dice.map((d) => d.label)).toEqual(["Ada initiative tens", "Ada initiative units"]);
    const html = (await message.renderHTML()).textContent ?? "";
    expect(html).not.toContain("Guard · ");
    // The GM has no roll button for the Guard yet, and a forged roll is refused with the card unchanged.
    harness.switchUser(t.gm);
    expect(await fx.buttons(message)).not.toContain("choose:true");
    const { ask } = await import("../../src/foundry/relay/index.js");
    const waiting = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "rolls.hostile", value: "true", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(waiting);
    // Bob cannot decide for her.
    harness.switchUser(t.users.bob);
    expect(await ask("card.choose", { message: message.id, choice: "rerolls.friendly", value: "both", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(waiting);
    // She keeps 34; only now is the Guard's roll asked. He rolls 45.
    await fx.choose(t.users.ada, message, "rerolls.friendly", "none");
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rolls.hostile", by: "hostile" });
    await fx.choose(t.gm, message, "rolls.hostile", "true", 4, 5);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "order", by: "hostile" });
    // Having seen the 45, Ada tries to reroll after all: refused, the card stays as it was.
    harness.switchUser(t.users.ada);
    const decided = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "rerolls.friendly", value: "tens", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(decided);
  });

  it("seed 002 §Initiative: a critical success is Ada's extra action, never an offer to set the dice (a forged one is refused)", async () => {
    await rollInitiative(t.users.ada, "Ada");
    const message = lastMessage();
    // 33: doubles under her level 50.
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 3, 3);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rolls.hostile" });
    harness.switchUser(t.users.ada);
    expect(await fx.buttons(message)).toEqual([]);
    const { ask } = await import("../../src/foundry/relay/index.js");
    const waiting = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "criticals.friendly", value: { set: 50 }, roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(waiting);
    await fx.choose(t.gm, message, "rolls.hostile", "true", 4, 5);
    // The Guard's 45 beats her 33; she still has her extra action.
    await fx.choose(t.gm, message, "order", "hostile,friendly");
    expect(card(message).state).toBe("applied");
    expect(card(message).outcome.effects[0]).toEqual({ participant: "Ada", changes: {}, statuses: ["extra-action"] });
    expect(view("Ada").facts).toContain("2 actions (an extra one: use it this round)");
  });

  it("issue 38 item 6: initiative rolled before the GM presses Begin (Foundry's tracker offers it) is round 1's, as in Drama: its order and Ada's critical's extra action stand once the fight begins", async () => {
    harness.switchUser(t.gm);
    type Fresh = K & { startCombat(): Promise<unknown>; createEmbeddedDocuments(n: string, d: object[]): Promise<C[]>; rollInitiative(ids: string[]): Promise<unknown> };
    const CombatClass = harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<Fresh> };
    const fresh = await CombatClass.create({ active: true, scene: t.scene.id });
    const made = await fresh.createEmbeddedDocuments(
      "Combatant",
      t.combatants.map((c) => ({ actorId: c.actorId, tokenId: c.tokenId, sceneId: t.scene.id, name: c.name })),
    );
    await harness.flush();
    const row = (name: string) => made.find((c) => c.name === name)!;
    expect((fresh as unknown as { round: number }).round).toBe(0);
    harness.switchUser(t.users.ada);
    await fresh.rollInitiative([row("Ada").id!]);
    await harness.flush();
    const message = lastMessage();
    expect(card(message)).toMatchObject({ kind: "unhex.initiative", request: { combat: fresh.id, round: 1 } });
    // 33: doubles under her level 50, a critical success; the Guard's 45 beats it.
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 3, 3);
    await fx.choose(t.gm, message, "rolls.hostile", "true", 4, 5);
    await fx.choose(t.gm, message, "order", "hostile,friendly");
    expect(card(message).state).toBe("applied");
    // Before Begin the rows already show the team order; the actions count from round 1.
    expect(rules.view(fresh, row("Guard")).facts[0]).toBe("Hostile team: turn 1");
    expect(rules.view(fresh, row("Ada")).facts).toEqual(["Friendly team: turn 2"]);
    harness.switchUser(t.gm);
    await fresh.startCombat();
    await harness.flush();
    expect(rules.view(fresh, row("Ada")).facts).toEqual(["Friendly team: turn 2", "2 actions (an extra one: use it this round)"]);
    expect(rules.view(fresh, row("Ada")).buttons.map((b) => b.action)).not.toContain("roundInitiative");
    // Round 1's initiative is rolled: a second roll, now begun, is refused and posts nothing.
    const before = harness.game.messages.contents.length;
    await fresh.rollInitiative([row("Guard").id!]);
    await harness.flush();
    expect(harness.game.messages.contents.length).toBe(before);
    expect(harness.notifications.at(-1)?.message).toContain("already rolled");
  });

  it("a row's action: Ada spends hers from her row, then has none; Bob cannot spend Ada's; a player cannot ask for the GM's team control", async () => {
    harness.switchUser(t.users.ada);
    expect(view("Ada").buttons.map((b) => b.action)).toEqual(["roundInitiative", "spend"]);
    await requests.requestAction(combat(), combatantOf("Ada"), "spend");
    await harness.flush();
    expect(view("Ada").facts).toContain("Action spent");
    expect(view("Ada").buttons.find((b) => b.action === "spend")).toMatchObject({ action: "spend", disabled: true });
    const spent = flags();
    await requests.requestAction(combat(), combatantOf("Ada"), "spend");
    await harness.flush();
    expect(harness.notifications.at(-1)?.message).toContain("no action left");
    expect(flags()).toBe(spent);

    harness.switchUser(t.users.bob);
    await requests.requestAction(combat(), combatantOf("Bea"), "team");
    await requests.requestAction(combat(), combatantOf("Ada"), "spend");
    await harness.flush();
    expect(flags()).toBe(spent);
  });

  it("seed 002 §Rounds: \"a GM specified objective is met\" ends the fight at the table: the GM's first row offers it while two teams stand; a player cannot ask for it, and nothing changes", async () => {
    harness.switchUser(t.gm);
    const first = (t.combat as unknown as { turns: C[] }).turns[0]!;
    expect(rules.view(combat(), first).buttons.map((b) => b.action)).toEqual(expect.arrayContaining(["objective"]));
    expect(rules.view(combat(), first).buttons.map((b) => b.action)).not.toContain("end");
    harness.switchUser(t.users.ada);
    expect(rules.view(combat(), first).buttons.map((b) => b.action)).not.toContain("objective");
    const before = flags();
    const count = harness.game.messages.contents.length;
    const { ask } = await import("../../src/foundry/relay/index.js");
    expect(await ask("combat.act", { combat: t.combat.id!, combatants: [combatantOf("Ada").id!], action: "objective", choice: {} })).toMatchObject({ ok: false });
    expect(harness.game.combats.get(t.combat.id!)).toBeDefined();
    expect(flags()).toBe(before);
    expect(harness.game.messages.contents.length).toBe(count);
    harness.switchUser(t.gm);
    await requests.requestAction(combat(), first, "objective");
    await harness.flush();
    expect(harness.game.combats.get(t.combat.id!)).toBeUndefined();
    const ended = lastMessage();
    expect(card(ended)).toMatchObject({ kind: "unhex.combat-end", state: "closed", request: { rules: { objectiveMet: true } } });
    expect(card(ended).outcome.result).toEqual({ over: true, by: "objective", standing: ["friendly", "hostile"], winner: null });
    const text = (await ended.renderHTML()).textContent ?? "";
    expect(headlineOf(await ended.renderHTML())).toBe("The fight is over: the GM's objective is met.");
    expect(text).not.toMatch(/FRAY\./);
    const cli = runCli(["resolve"], () => JSON.stringify(cards.requestOf(card(ended) as never, ended as never)));
    expect(cli.code, cli.stderr).toBe(0);
    expect((JSON.parse(cli.stdout) as { result: unknown }).result).toEqual(card(ended).outcome.result);
  });

  it("the GM moves Bea to the hostile team, and offers the end of the fight once one team is left standing", async () => {
    harness.switchUser(t.gm);
    expect(view("Bea").facts[0]).toBe("Friendly team");
    expect(rules.view(combat(), (t.combat as unknown as { turns: C[] }).turns[0]!).buttons.map((b) => b.action)).not.toContain("end");
    await requests.requestAction(combat(), combatantOf("Bea"), "team");
    await harness.flush();
    expect(view("Bea").facts[0]).toBe("Hostile team");
    // Ada is knocked out: the friendly team has nobody standing.
    harness.switchUser(t.gm);
    await (t.ada as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("unconscious", { active: true });
    await harness.flush();
    const first = (t.combat as unknown as { turns: C[] }).turns[0]!;
    expect(rules.view(combat(), first).buttons.map((b) => b.action)).toContain("end");
    await requests.requestAction(combat(), first, "end");
    await harness.flush();
    expect(harness.game.combats.get(t.combat.id!)).toBeUndefined();
    // The rules' end-of-combat test, on a card: who is out and why, and the team left standing.
    const ended = lastMessage();
    expect(card(ended)).toMatchObject({ kind: "unhex.combat-end", state: "closed" });
    expect(card(ended).outcome.result).toEqual({ over: true, by: "one-team-standing", standing: ["hostile"], winner: "hostile" });
    const text = (await ended.renderHTML()).textContent ?? "";
    expect(text).toContain("Ada (Friendly team) is out: unconscious.");
    expect(text).toContain("The fight is over: the Hostile team is left standing.");
    expect(text).not.toMatch(/FRAY\./);
    const cli = runCli(["resolve"], () => JSON.stringify(cards.requestOf(card(ended) as never, ended as never)));
    expect(cli.code, cli.stderr).toBe(0);
    expect((JSON.parse(cli.stdout) as { result: unknown }).result).toEqual(card(ended).outcome.result);
  });

  it("seed 002 §Rounds: the end of combat is the rules' test: surrendered and retreated count as out; the GM cannot end a fight that goes on, nor a player end one", async () => {
    harness.switchUser(t.gm);
    const first = () => (t.combat as unknown as { turns: C[] }).turns[0]!;
    // Both teams stand: no End button, and a forged End is refused with the combat kept.
    expect(rules.view(combat(), first()).buttons.map((b) => b.action)).not.toContain("end");
    const before = harness.game.messages.contents.length;
    await requests.requestAction(combat(), first(), "end");
    await harness.flush();
    expect(harness.game.combats.get(t.combat.id!)).toBeDefined();
    expect(harness.notifications.at(-1)?.message).toContain("The fight goes on");
    expect(harness.game.messages.contents.length).toBe(before);
    // The Guard surrenders and the Sniper retreats (token statuses the GM sets): only the friendly team stands.
    const status = (actor: typeof t.guard, id: string) => (actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect(id, { active: true });
    await status(t.guard, "fray-surrender");
    await status(t.sniper, "fray-retreated");
    await harness.flush();
    expect(rules.view(combat(), first()).buttons.map((b) => b.action)).toContain("end");
    // A player asking for the GM's End is refused; the combat stays.
    harness.switchUser(t.users.ada);
    await requests.requestAction(combat(), combatantOf("Ada"), "end");
    await harness.flush();
    expect(harness.game.combats.get(t.combat.id!)).toBeDefined();
    harness.switchUser(t.gm);
    await requests.requestAction(combat(), first(), "end");
    await harness.flush();
    expect(harness.game.combats.get(t.combat.id!)).toBeUndefined();
    const ended = lastMessage();
    expect(card(ended).outcome.result).toMatchObject({ winner: "friendly" });
    const text = (await ended.renderHTML()).textContent ?? "";
    expect(text).toContain("Guard (Hostile team) is out: surrendered.");
    expect(text).toContain("Sniper (Hostile team) is out: retreated.");
  });
});
