/**
 * Unhex's cards on the card engine, in the harness, from given faces, with a GM and two players:
 * the attack with a Defend, a Counterattack and the dice split; the Intercept from a move card; a
 * check and an opposed roll with a good reroll and a critical's choice; doors; team initiative.
 * Each step is taken by the user whose choice it is, on her own client; Apply changes exactly what
 * the outcome names (boxes, level, statuses, actions in the tracker) and Undo takes it back.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { runCli } from "../../src/cli/run.js";
import { pointInArea } from "../../playground/foundry/scene.js";
import { bootUnhex, t, card, itemId, level, type Message, statuses, wounds } from "./unhex-fixtures.js";
import { diceShown, headlineOf } from "./card-words.js";

let unhex: typeof import("../../src/foundry/rulesets/unhex/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");
const { harness, game, fx } = bootUnhex({ cardsInWords: true });
beforeAll(async () => {
  unhex = await import("../../src/foundry/rulesets/unhex/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
});


const budget = (id: string | null) => ((t.combat as unknown as { flags: { fray?: { unhex?: Record<string, { available: number; owed: number }> } } }).flags.fray?.unhex ?? {})[id ?? ""];
const combatantOf = (name: string) => t.combatants.find((c) => c.name === name)!;

/** Copy as request, resolved by the command line: the same result and steps as the card. */
function replays(message: Message): void {
  const request = cards.requestOf(card(message) as never, message as never);
  const cli = runCli(["resolve"], () => JSON.stringify(request));
  expect(cli.code, cli.stderr).toBe(0);
  const printed = JSON.parse(cli.stdout) as { result: unknown; steps: unknown; awaiting?: unknown };
  const outcome = JSON.parse(JSON.stringify(card(message).outcome)) as { result: unknown; steps: unknown; awaiting?: unknown };
  expect(printed.result).toEqual(outcome.result);
  expect(printed.steps).toEqual(outcome.steps);
  expect(printed.awaiting).toEqual(outcome.awaiting);
}

/** The Guard attacks Ada in the bar with his club: nothing is rolled; Ada may react. */
async function guardAttacksAda(): Promise<Message> {
  harness.switchUser(t.gm);
  const message = await unhex.postUnhexAttack({ attacker: t.guard.uuid, attackerToken: t.tokens.guard.uuid, target: t.ada.uuid, targetToken: t.tokens.ada.uuid, weapon: itemId(t.guard, "Club") });
  expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
  return message as unknown as Message;
}

describe("the Unhex attack card", () => {
  it("Guard attacks Ada: she declares Defend before any die, rolls it; the Guard rolls; he wins and splits the dice; Apply marks boxes and spends both actions; Undo restores", async () => {
    const message = await guardAttacksAda();
    expect(card(message).outcome.dice).toEqual([]);
    expect(card(message).outcome.awaiting).toEqual({ choice: "reaction", by: "target", offer: { who: "Ada", reactions: ["none", "defend", "counterattack"] } });
    // Only Ada's owner (and the GM) sees the reaction buttons.
    harness.switchUser(t.users.bob);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(t.users.ada);
    expect(await fx.buttons(message)).toEqual(["choose:none", "choose:defend", "choose:counterattack"]);
    // Issue 38 item 1: the first line says what the card waits for, to Ada's owner as hers.
    expect(headlineOf(await message.renderHTML())).toBe("Your choice, for Ada: see below.");

    // Ada defends: 3,10 = 30, on her own client. She is good at Defend, and her Defend is rolled first,
    // so her reroll is asked now, before the Guard's dice exist (seed 002, rolling order).
    await fx.choose(t.users.ada, message, "reaction", "defend", 3, 10);
    expect(card(message).outcome.dice.map((d) => [d.label, d.face])).toEqual([["Ada defend tens", 3], ["Ada defend units", 10]]);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rerolls.target", by: "target", offer: { reading: 30 } });
    // The GM cannot roll the Guard's attack before she has chosen: there is no button, and a forged step is refused.
    harness.switchUser(t.gm);
    expect(await fx.buttons(message)).not.toContain("choose:true");
    const waiting = JSON.stringify(card(message));
    const { ask } = await import("../../src/foundry/relay/index.js");
    expect(await ask("card.choose", { message: message.id, choice: "roll", value: "true", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(waiting);
    await fx.choose(t.users.ada, message, "rerolls.target", "none");
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "roll", by: "attacker" });
    harness.switchUser(t.users.ada);
    expect(await fx.buttons(message)).toEqual([]);

    // The GM rolls the Guard's attack: 4,7 = 47 beats her 30.
    await fx.choose(t.gm, message, "roll", "true", 4, 7);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "damageDie", by: "attacker", offer: { tens: { damage: 4, location: "left-arm" }, units: { damage: 7, location: "torso" } } });
    // Having seen the 47, Ada tries her reroll after all: refused, nothing changes.
    harness.switchUser(t.users.ada);
    const seen = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "rerolls.target", value: "both", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(seen);

    const before = { level: level(t.ada), wounds: wounds(t.ada) };
    await fx.choose(t.gm, message, "damageDie", "units");
    const applied = card(message);
    expect(applied.state).toBe("applied");
    expect(applied.outcome.result).toMatchObject({ hit: true, defended: false, damage: 7, location: "torso" });
    expect(headlineOf(await message.renderHTML())).toBe("Hit. Ada takes 7 on the torso.");
    expect(level(t.ada)).toBe(43);
    expect(wounds(t.ada).torso).toBe(7);
    expect(budget(recordKey(combatantOf("Guard")))).toMatchObject({ available: 0, owed: 0 });
    expect(budget(recordKey(combatantOf("Ada")))).toMatchObject({ available: 0, owed: 0 });
    const html = (await message.renderHTML()).textContent ?? "";
    expect(html).toContain("Ada declares: Defend.");
    // What Apply changed, in the game's words: actions used, never a tracker counter.
    const changes = [...(await message.renderHTML()).querySelectorAll(".fray-card-changes li")].map((li) => li.textContent);
    expect(changes).toEqual(expect.arrayContaining(["Guard has used an action (0 left this round)", "Ada has used an action (0 left this round)"]));
    expect(html).toContain("Guard picks: the units die is damage (7), the other (4) the hit location: the torso.");
    expect(html).not.toMatch(/FRAY\./);

    await fx.click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect(level(t.ada)).toBe(before.level);
    expect(wounds(t.ada)).toEqual(before.wounds);
    expect(budget(recordKey(combatantOf("Ada")))?.available).toBeUndefined();
  });

  it("issue 38 item 3: Ada, choosing her reaction, sees the Guard's chance to hit with each (and hers to hit back); after her Defend's 30 she sees each reroll's branch; only she and the GM see them", async () => {
    const { rerollBranches } = await import("../../src/rules/unhex/odds.js");
    const { gradePercentile } = await import("../../src/core/dice/percentile.js");
    const odds = (await import("../../src/rules/unhex/index.js")).unhexRules.actions.attack!.odds!;
    const message = await guardAttacksAda();
    // Each answer's odds sit in its own button (issue 38 item 1: a choice and its odds are one row).
    const lines = async () =>
      [...(await message.renderHTML()).querySelectorAll<HTMLElement>("[data-fray-action='choose']")].flatMap((button) => {
        const odds = button.querySelector<HTMLElement>("[data-fray-unhex-odds]");
        return odds && !odds.hidden ? [`${button.querySelector(".fray-unhex-choice")?.textContent}: ${odds.textContent}`] : [];
      });
    // The Guard (50, an NPC) on Ada (50, a PC, good at Defend) in the bar, as the rules count it.
    const exact = (reaction: string) => odds.exact({ attacker: { name: "Guard", level: 50, area: "bar", weapon: "melee" }, target: { name: "Ada", level: 50, pc: true, good: reaction === "defend", area: "bar", weapons: ["melee"] }, reaction, roll: true });
    const pct = (p: number) => `${Math.round(p * 100)}%`;
    harness.switchUser(t.users.ada);
    expect(await lines()).toEqual([
      `No reaction: Guard hits ${pct(exact("none").chances.hit!)}`,
      `Defend: Guard hits ${pct(exact("defend").chances.hit!)}`,
      `Counterattack: Guard hits ${pct(exact("counterattack").chances.hit!)}; Ada hits back ${pct(exact("counterattack").chances.counterHit!)}`,
    ]);
    expect(exact("defend").chances.hit).toBeLessThan(exact("none").chances.hit!);
    harness.switchUser(t.users.bob);
    expect(await lines()).toEqual([]);
    await fx.choose(t.users.ada, message, "reaction", "defend", 3, 10);
    harness.switchUser(t.users.ada);
    // Her 30 stands a success: keeping it is certain; each reroll risks it, by the rules' count of every face.
    const branches = rerollBranches(gradePercentile({ tens: 3, units: 0, reading: 30 }, 50));
    expect(branches.none).toBe(1);
    expect(branches.tens).toBeCloseTo(0.5, 5);
    expect(await lines()).toEqual([
      "Keep the roll: 100% success",
      `Reroll tens: ${pct(branches.tens)} success`,
      `Reroll units: ${pct(branches.units)} success`,
      `Reroll both: ${pct(branches.both)} success`,
    ]);
  });

  it("a Counterattack: separate rolls, both land at once; each hit's dice split by its own chooser", async () => {
    const message = await guardAttacksAda();
    await fx.choose(t.users.ada, message, "reaction", "counterattack", 2, 3);
    await fx.choose(t.gm, message, "roll", "true", 1, 4);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "damageDie", by: "attacker" });
    await fx.choose(t.gm, message, "damageDie", "units");
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "counterDamageDie", by: "target", offer: { hit: "Guard" } });
    await fx.choose(t.users.ada, message, "counterDamageDie", "tens");
    expect(card(message).outcome.result).toMatchObject({ hit: true, damage: 4, location: "left-leg", counterattack: { hit: true, damage: 2, location: "right-leg" } });
    expect(headlineOf(await message.renderHTML())).toBe("Hit. The counterattack hits. Ada takes 4 on the left leg. Guard takes 2 on the right leg.");
    expect(level(t.ada)).toBe(46);
    expect(level(t.guard)).toBe(48);
  });

  it("a full head knocks out: the token gets Unconscious, and Undo clears it", async () => {
    await t.ada.update({ "system.wounds.head": 4 });
    const message = await guardAttacksAda();
    await fx.choose(t.users.ada, message, "reaction", "none");
    await fx.choose(t.gm, message, "roll", "true", 1, 9);
    await fx.choose(t.gm, message, "damageDie", "tens");
    expect(wounds(t.ada).head).toBe(5);
    expect(statuses(t.ada)).toContain("unconscious");
    await fx.click(message, "[data-fray-action='undo']");
    expect(statuses(t.ada)).not.toContain("unconscious");
  });

  it("seed 002 §Rounds: who is down at the fight's end is the GM's record: Ada deleting the card's Unconscious from her own actor stands no one up; the GM's removal does", async () => {
    const { combatTeams } = await import("../../src/foundry/rulesets/unhex/combat/end.js");
    const adaOut = () => combatTeams(t.combat as never).flatMap((team) => team.members).find((m) => m.name === "Ada")?.out;
    const toggle = async (user: typeof t.gm, active: boolean) => {
      harness.switchUser(user);
      await (t.ada as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("unconscious", { active });
      await harness.flush();
    };
    await t.ada.update({ "system.wounds.head": 4 });
    const message = await guardAttacksAda();
    await fx.choose(t.users.ada, message, "reaction", "none");
    await fx.choose(t.gm, message, "roll", "true", 1, 9);
    await fx.choose(t.gm, message, "damageDie", "tens");
    await harness.flush();
    expect(adaOut()).toBe("unconscious");
    // Her client may delete her actor's effect (she owns it): the roster keeps what the card gave.
    await toggle(t.users.ada, false);
    expect(statuses(t.ada)).not.toContain("unconscious");
    expect(adaOut()).toBe("unconscious");
    // Nor does her adding it back and taking it again change anything; the GM taking it off does.
    await toggle(t.users.ada, true);
    await toggle(t.users.ada, false);
    expect(adaOut()).toBe("unconscious");
    await toggle(t.gm, true);
    await toggle(t.gm, false);
    expect(adaOut()).toBeUndefined();
    // Nor may she knock herself out to end the fight: only a GM's status counts.
    await toggle(t.users.ada, true);
    expect(adaOut()).toBeUndefined();
  });

  it("only weapons in hand attack, and the range decides: the Guard's club cannot reach the catwalk", async () => {
    harness.switchUser(t.gm);
    const far = await unhex.postUnhexAttack({ attacker: t.guard.uuid, attackerToken: t.tokens.guard.uuid, target: t.sniper.uuid, targetToken: t.tokens.sniper.uuid, weapon: itemId(t.guard, "Club") });
    expect(far).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("is beyond a melee attack's 0");
    harness.switchUser(t.users.ada);
    const pistol = await unhex.postUnhexAttack({ attacker: t.ada.uuid, attackerToken: t.tokens.ada.uuid, target: t.guard.uuid, targetToken: t.tokens.guard.uuid, weapon: itemId(t.ada, "Pistol") });
    expect(pistol).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("Ada holds no such weapon");
  });

  it("RULINGS.md §unhex (a full arm drops what it holds) and seed 002 §Attack (\"a weapon in hand\"): with both arms full Ada's knife does not attack; with one, Bea's two-handed rifle does not; a forged opening is refused and nothing changes", async () => {
    harness.switchUser(t.gm);
    const update = (actor: unknown, data: object) => (actor as { update(d: object): Promise<unknown> }).update(data);
    await update(t.ada, { "system.wounds.rightArm": 5, "system.wounds.leftArm": 5 });
    await update(t.bea, { "system.wounds.rightArm": 5 });
    const { ask } = await import("../../src/foundry/relay/index.js");
    harness.switchUser(t.users.ada);
    const before = JSON.stringify(harness.game.messages.contents.map((m) => m.id));
    expect(await unhex.postUnhexAttack({ attacker: t.ada.uuid, attackerToken: t.tokens.ada.uuid, target: t.guard.uuid, targetToken: t.tokens.guard.uuid, weapon: itemId(t.ada, "Knife") })).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("Both of Ada's arms are full");
    const forged = await ask("card.open", { kind: "unhex.attack", refs: { attacker: { actor: t.ada.uuid, token: t.tokens.ada.uuid }, target: { actor: t.guard.uuid, token: t.tokens.guard.uuid } }, request: { weapon: itemId(t.ada, "Knife"), hands: 1 }, roll: null });
    expect(forged).toMatchObject({ ok: false, reason: expect.stringContaining("arms are full") });
    harness.switchUser(t.users.bob);
    expect(await unhex.postUnhexAttack({ attacker: t.bea.uuid, attackerToken: t.tokens.bea.uuid, target: t.sniper.uuid, targetToken: t.tokens.sniper.uuid, weapon: itemId(t.bea, "Rifle") })).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("Bea has one usable arm: Rifle takes two hands");
    expect(JSON.stringify(harness.game.messages.contents.map((m) => m.id))).toBe(before);
    // One arm back: the rifle still needs two; the knife needs one.
    harness.switchUser(t.gm);
    await update(t.ada, { "system.wounds.leftArm": 0 });
    harness.switchUser(t.users.ada);
    expect(await unhex.postUnhexAttack({ attacker: t.ada.uuid, attackerToken: t.tokens.ada.uuid, target: t.guard.uuid, targetToken: t.tokens.guard.uuid, weapon: itemId(t.ada, "Knife") })).toBeDefined();
  });

  it("Copy as request: the command line resolves the card's request to the same outcome", async () => {
    const message = await guardAttacksAda();
    await fx.choose(t.users.ada, message, "reaction", "defend", 3, 10);
    await fx.choose(t.users.ada, message, "rerolls.target", "both", 4, 4);
    await fx.choose(t.users.ada, message, "criticals.target", "extra-action");
    await fx.choose(t.gm, message, "roll", "true", 4, 7);
    replays(message);
    // A card still waiting replays to the same wait.
    const open = await guardAttacksAda();
    await fx.choose(t.users.ada, open, "reaction", "defend", 3, 10);
    replays(open);
  });
});

describe("the Unhex attack without Areas: the GM rules range and cover (seed 002 §Maps, issue 36 item 10)", () => {
  /** Ada and the Guard again, with no token anywhere: no map to read, so range and cover are the GM's ruling. */
  async function offTheMap() {
    harness.switchUser(t.gm);
    const cast = await fx.actors(t.users);
    return { ada: cast.ada, guard: cast.guard, refs: { attacker: { actor: cast.ada.uuid }, target: { actor: cast.guard.uuid } } };
  }

  it("Ada's player asks for range 1 in the open with her pistol and forges a ruling: the card waits for the GM, whose ruling (range 1, in cover) places the Guard; Ada cannot rule it herself", async () => {
    const { ada, refs } = await offTheMap();
    harness.switchUser(t.gm);
    await (ada as unknown as { items: { contents: { update(d: object): Promise<unknown> }[] } }).items.contents[1]!.update({ "system.held": true });
    const { ask } = await import("../../src/foundry/relay/index.js");
    harness.switchUser(t.users.ada);
    const answer = await ask("card.open", { kind: "unhex.attack", refs, request: { weapon: itemId(ada, "Pistol"), range: 1, cover: false, ruling: "2+cover" }, roll: null });
    expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
    const message = game.messages.contents.at(-1) as unknown as Message;
    // What she named is a request: the card asks the GM, and her forged ruling is not on it.
    expect(card(message).request).toMatchObject({ asked: { range: 1, cover: false } });
    expect(card(message).request.ruling).toBeUndefined();
    expect(card(message).outcome.dice).toEqual([]);
    expect(card(message).outcome.awaiting).toEqual({ choice: "ruling", by: "gm", offer: { who: "Ada", asked: { range: 1, cover: false }, rulings: [{ range: 0, cover: false }, { range: 1, cover: false }, { range: 1, cover: true }] } });
    // Her card says whom it waits for and offers her nothing; a forged ruling is refused and changes nothing.
    expect(await fx.buttons(message)).toEqual([]);
    expect((await message.renderHTML()).textContent).toContain("Waiting for the GM to rule the range and cover.");
    const waiting = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "ruling", value: "1", roll: null })).toMatchObject({ ok: false, reason: "Only the GM makes this choice." });
    expect(JSON.stringify(card(message))).toBe(waiting);
    // The GM sees the rulings the pistol reaches under, and rules the Guard in cover at range 1.
    harness.switchUser(t.gm);
    expect(await fx.buttons(message)).toEqual(["choose:0", "choose:1", "choose:1+cover"]);
    expect((await message.renderHTML()).textContent).toContain("Ada asks for range 1, no cover:");
    await fx.choose(t.gm, message, "ruling", "1+cover");
    expect(card(message).outcome.steps.slice(0, 2)).toEqual([
      { rule: "ruling", range: 1, cover: true, asked: { range: 1, cover: false } },
      { rule: "reach", weapon: "one-handed-ranged", range: 1, lineOfSight: true, cover: true },
    ]);
    // In cover, the Guard may Defend against the shot (seed 002 §Defend).
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "reaction", by: "target", offer: { reactions: ["none", "defend"] } });
    expect((await message.renderHTML()).textContent).toContain("No Areas on the scene: the GM rules range 1, in cover (asked for: range 1, no cover).");
    replays(message);
  });

  it("a GM's range and cover are her ruling at once; a ruling the weapon does not reach under is refused and changes nothing", async () => {
    const { ada, guard, refs } = await offTheMap();
    harness.switchUser(t.gm);
    const message = (await unhex.postUnhexAttack({ attacker: guard.uuid, target: ada.uuid, weapon: itemId(guard, "Club"), range: 0 })) as unknown as Message;
    expect(card(message).request).toMatchObject({ ruling: "0" });
    expect(card(message).outcome.steps[0]).toEqual({ rule: "ruling", range: 0, cover: false });
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "reaction", by: "target" });
    // Ada's player asks for the knife at range 0; the GM cannot rule range 2 for a knife.
    harness.switchUser(t.users.ada);
    const { ask } = await import("../../src/foundry/relay/index.js");
    expect(await ask("card.open", { kind: "unhex.attack", refs, request: { weapon: itemId(ada, "Knife"), range: 0 }, roll: null })).toMatchObject({ ok: true });
    const asked = game.messages.contents.at(-1) as unknown as Message;
    harness.switchUser(t.gm);
    expect(await fx.buttons(asked)).toEqual(["choose:0"]);
    const before = JSON.stringify(card(asked));
    expect(await ask("card.choose", { message: asked.id, choice: "ruling", value: "2", roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("beyond a melee attack's 0") });
    expect(JSON.stringify(card(asked))).toBe(before);
  });
});

describe("the Unhex Intercept", () => {
  it("a move in the fight posts a move card; the Guard intercepts, stops Ada, and says she stops where she set out; Apply puts her token back", async () => {
    harness.switchUser(t.users.ada);
    const from = { x: t.tokens.ada.x, y: t.tokens.ada.y };
    await t.tokens.ada.update(t.at("pool-tables"));
    await harness.flush();
    await cards.cardsIdle();
    const move = game.messages.contents.at(-1) as unknown as Message;
    expect(card(move)).toMatchObject({ kind: "unhex.move", state: "applied" });
    expect(budget(recordKey(combatantOf("Ada")))).toMatchObject({ available: 0 });
    // The Guard (bar, melee: the mover is at range 0) and the Sniper (the catwalk sees the bar: range 1, a rifle) may intercept.
    expect((card(move).outcome.result as { interceptors: { name: string }[] }).interceptors.map((i) => i.name)).toEqual(["Guard", "Sniper"]);
    expect(headlineOf(await move.renderHTML())).toBe("Ada moves from Bar to Pool tables.");
    // Ada sees no Intercept (only the Guard's and the Sniper's owners do), and no Undo: the move spent her action on the Combat, the GM's.
    harness.switchUser(t.users.ada);
    expect(await fx.buttons(move)).toEqual([]);
    harness.switchUser(t.gm);
    expect(await fx.buttons(move)).toEqual(["intercept", "intercept", "undo"]);

    // The Guard intercepts with his club; Ada cannot react to a reaction, so he rolls at once: 2,4.
    await t.ada.update({ "system.wounds.rightLeg": 8 });
    queueFaces(2, 4);
    await fx.click(move, `[data-fray-action='intercept'][data-fray-actor='${t.guard.uuid}']`);
    const intercept = game.messages.contents.at(-1) as unknown as Message;
    expect(card(intercept)).toMatchObject({ kind: "unhex.attack", state: "open" });
    expect(card(intercept).outcome.awaiting).toMatchObject({ choice: "damageDie", by: "attacker" });
    await fx.choose(t.gm, intercept, "damageDie", "units");
    expect(card(intercept).outcome.awaiting).toEqual({ choice: "stopIn", by: "attacker", offer: { areas: ["bar", "pool-tables"] } });
    await fx.choose(t.gm, intercept, "stopIn", "bar");
    expect(card(intercept).state).toBe("applied");
    replays(move);
    replays(intercept);
    expect({ x: t.tokens.ada.x, y: t.tokens.ada.y }).toEqual(from);
    expect(wounds(t.ada).rightLeg).toBe(10);
    // Her token goes back by the Area's name, never by pixels.
    expect((await intercept.renderHTML()).querySelector(".fray-card-changes")?.textContent).toContain("Ada is put back where she set out: Bar");
    await fx.click(intercept, "[data-fray-action='undo']");
    expect({ x: t.tokens.ada.x, y: t.tokens.ada.y }).toEqual(t.at("pool-tables"));
  });

  it("a drag the map does not allow is refused and the token stays; the GM's ruling places it anyway, with no card", async () => {
    harness.switchUser(t.users.ada);
    const messages = game.messages.size;
    await t.tokens.ada.update(t.at("catwalk"));
    await harness.flush();
    expect(harness.notifications.at(-1)?.message).toContain('Ada cannot go from Bar to Catwalk: the line between "bar" and "catwalk" carries sight only');
    expect(t.tokens.ada.x).toBe(t.at("bar").x);
    harness.switchUser(t.gm);
    await t.tokens.ada.update(t.at("catwalk"), { fray: { ruling: true } });
    await harness.flush();
    await cards.cardsIdle();
    expect(t.tokens.ada.x).toBe(t.at("catwalk").x);
    expect(game.messages.size).toBe(messages);
  });
});

describe("Unhex checks and opposed rolls", () => {
  it("a check by a good character: 72 fails, she rerolls the tens die to 22, a critical success, and takes the extra action", async () => {
    harness.switchUser(t.users.ada);
    queueFaces(7, 2);
    const message = (await unhex.postUnhexRoll({ actor: t.ada.uuid, token: t.tokens.ada.uuid, good: true, what: "climb the bar" })) as unknown as Message;
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "reroll", by: "character" });
    expect(diceShown(await message.renderHTML())).toEqual(["7 failure", "2 failure"]);
    await fx.choose(t.users.ada, message, "reroll", "tens", 2);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "critical", by: "character", offer: { max: 50 } });
    // The dice now read 22: both marked a critical success, and the tooltip says so.
    const rerolled = await message.renderHTML();
    expect(diceShown(rerolled)).toEqual(["2 critical", "2 critical"]);
    expect(rerolled.querySelector<HTMLElement>(".fray-unhex-dice")?.dataset.tooltip).toMatch(/^Tens and units read 22 against the level \d+: a critical success$/);
    await fx.choose(t.users.ada, message, "critical", "extra-action");
    expect(card(message).state).toBe("applied");
    expect(headlineOf(await message.renderHTML())).toBe("Critical success: 22 against level 50.");
    expect(budget(recordKey(combatantOf("Ada")))).toMatchObject({ available: 2 });
    replays(message);
  });

  it("a critical success may set the dice instead (the card's number field)", async () => {
    harness.switchUser(t.users.ada);
    queueFaces(3, 3);
    const message = (await unhex.postUnhexRoll({ actor: t.ada.uuid, good: false })) as unknown as Message;
    const html = await message.renderHTML();
    html.querySelector<HTMLInputElement>("[data-fray-set]")!.value = "49";
    html.querySelector<HTMLElement>("[data-fray-action='setDice']")!.click();
    await cards.cardsIdle();
    expect(card(message).outcome.result).toMatchObject({ reading: 49, success: true });
    expect(card(message).state).toBe("closed");
  });

  it("an opposed roll: Ada rolls, Bea's owner rolls her own dice (good at it), rerolls a success to win", async () => {
    harness.switchUser(t.users.ada);
    queueFaces(3, 5);
    const message = (await unhex.postUnhexRoll({ actor: t.ada.uuid, target: t.bea.uuid, good: false })) as unknown as Message;
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "roll", by: "b" });
    harness.switchUser(t.users.ada);
    expect(await fx.buttons(message)).toEqual([]);
    await fx.choose(t.users.bob, message, "roll", "good", 2, 1);
    await fx.choose(t.users.bob, message, "rerolls.b", "tens", 4);
    expect(card(message).outcome.result).toEqual({ winner: "Bea", side: "b", tie: false });
    expect(headlineOf(await message.renderHTML())).toBe("Bea wins.");
    replays(message);
  });
});

describe("Unhex rolls under a blind roll mode (issue 38 item 11)", () => {
  it("Ada's opposed roll against Bea, blind: Bob, who must roll for Bea, reads it and rolls; Ada's good reroll is the GM's (she has not seen her dice), and hers is refused", async () => {
    harness.switchUser(t.users.ada);
    queueFaces(3, 5);
    const message = (await unhex.postUnhexRoll({ actor: t.ada.uuid, target: t.bea.uuid, good: true, rollMode: "blindroll" })) as unknown as Message & { blind: boolean; whisper: string[] };
    expect(message.blind).toBe(true);
    // Her dice are down at once: the card is hidden from her, credited to Ada; the reroll it waits for is the GM's.
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rerolls.a", by: "a" });
    expect(message.whisper).not.toContain(t.users.ada.id);
    const hidden = await message.renderHTML();
    expect(hidden.querySelector(".message-sender")?.textContent).toBe("Ada");
    expect(hidden.querySelector(".flavor-text")?.textContent).toBe(`${t.users.ada.name} rolled blind: only the GM sees the dice.`);
    expect(hidden.querySelector(".fray-card-blind")?.textContent).toBe("The GM makes Ada's choice: the dice are hidden from you.");
    const { ask } = await import("../../src/foundry/relay/index.js");
    const waiting = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "rerolls.a", value: "none", roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("Your roll is blind") });
    expect(JSON.stringify(card(message))).toBe(waiting);
    await fx.choose(t.gm, message, "rerolls.a", "none");
    // Bob, who plays Bea, reads the card (it is whispered to him) and rolls her dice himself.
    expect(message.whisper).toContain(t.users.bob.id);
    harness.switchUser(t.users.bob);
    expect((await message.renderHTML()).querySelector(".fray-card")).not.toBeNull();
    await fx.choose(t.users.bob, message, "roll", "good", 2, 1);
    expect(card(message).outcome.dice).toHaveLength(4);
  });
});

describe("Unhex opposed rolls in rolling order (seed 002, RULINGS: rerolls are decided in rolling order)", () => {
  it("Ada, good at the roll, rolls first and decides her reroll before Bea rolls; Bea cannot roll early, and Ada cannot choose once Bea's dice are down", async () => {
    harness.switchUser(t.users.ada);
    queueFaces(3, 5);
    const message = (await unhex.postUnhexRoll({ actor: t.ada.uuid, target: t.bea.uuid, good: true })) as unknown as Message;
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rerolls.a", by: "a", offer: { reading: 35 } });
    expect(card(message).outcome.dice).toHaveLength(2);
    // Bob (Bea) sees no button and a forged roll is refused: Ada has not chosen yet.
    harness.switchUser(t.users.bob);
    expect(await fx.buttons(message)).toEqual([]);
    const { ask } = await import("../../src/foundry/relay/index.js");
    const waiting = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "roll", value: "true", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(waiting);
    await fx.choose(t.users.ada, message, "rerolls.a", "none");
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "roll", by: "b" });
    await fx.choose(t.users.bob, message, "roll", "true", 4, 1);
    expect(card(message).outcome.result).toEqual({ winner: "Bea", side: "b", tie: false });
    // Ada, having seen Bea's 41, asks for her reroll after all: refused, the card stays closed as it was.
    harness.switchUser(t.users.ada);
    const done = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "rerolls.a", value: "tens", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(done);
    replays(message);
  });
});

describe("Unhex doors", () => {
  it("Ada beside a shut door opens it with her action; both sides of the line open; Undo shuts it again", async () => {
    const house = { name: "House", areas: [{ id: "yard", name: "Yard" }, { id: "hall", name: "Hall" }], connections: [{ from: "yard", to: "hall", kind: "door" as const, open: false }] };
    const scene = await fx.scene(house);
    const token = await fx.token(scene, t.ada, "yard", 1, house);
    await t.combat.createEmbeddedDocuments("Combatant", []);
    harness.switchUser(t.users.ada);
    const message = (await unhex.postUnhexDoor(t.ada.uuid, token.uuid, ["yard", "hall"], true)) as unknown as Message;
    expect(card(message).state).toBe("applied");
    const lines = () => [...(scene as unknown as { regions: Map<string, { behaviors: Map<string, { system: { connections: { open: boolean }[] } }> }> }).regions.values()].flatMap((r) => [...r.behaviors.values()].flatMap((b) => b.system.connections.map((c) => c.open)));
    expect(lines()).toEqual([true]);
    expect(headlineOf(await message.renderHTML())).toBe("Ada opens the door between Yard and Hall.");
    replays(message);
    // The door is the scene's and the action the Combat's: the GM takes it back.
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(t.gm);
    await fx.click(message, "[data-fray-action='undo']");
    expect(lines()).toEqual([false]);
  });

  it("Ada's open sheet redraws its door button as the door opens and as Undo shuts it, and as her token walks away from it", async () => {
    const house = { name: "House", areas: [{ id: "yard", name: "Yard" }, { id: "hall", name: "Hall" }, { id: "lane", name: "Lane" }], connections: [{ from: "yard", to: "hall", kind: "door" as const, open: false }, { from: "yard", to: "lane", kind: "two-way" as const }] };
    const scene = await fx.scene(house);
    const token = await fx.token(scene, t.ada, "yard", 1, house);
    // Every client's canvas shows the house, where the sheet finds her token (the harness draws one sheet for all of them).
    for (const user of [t.users.bob, t.gm, t.users.ada]) {
      harness.switchUser(user);
      await (scene as unknown as { view(): Promise<unknown> }).view();
    }
    const sheet = t.ada.sheet as unknown as { render(o: object): Promise<{ element: HTMLElement }>; close(): Promise<unknown> };
    const app = await sheet.render({ force: true });
    await harness.flush();
    const doors = () => [...app.element.querySelectorAll<HTMLElement>("[data-action='unhexDoor']")].map((b) => `${b.textContent!.trim()} (${b.dataset.open})`);
    expect(doors()).toEqual(["Open the door to Hall (true)"]);
    const notes = harness.notifications.length;
    const message = (await unhex.postUnhexDoor(t.ada.uuid, token.uuid, ["yard", "hall"], true)) as unknown as Message;
    await cards.cardsIdle();
    await harness.flush();
    expect(card(message).state).toBe("applied");
    expect(doors()).toEqual(["Shut the door to Hall (false)"]);
    // Redrawn between the two sides' updates, the sheet told no one that the Areas disagree.
    expect(harness.notifications.slice(notes)).toEqual([]);
    harness.switchUser(t.gm);
    await fx.click(message, "[data-fray-action='undo']");
    await harness.flush();
    harness.switchUser(t.users.ada);
    expect(doors()).toEqual(["Open the door to Hall (true)"]);
    // She walks into the lane, where no door is: the button goes with her.
    harness.switchUser(t.gm);
    await token.update({ x: pointInArea(2).x, y: pointInArea(2).y } as never, { fray: { ruling: true } } as never);
    await harness.flush();
    expect(doors()).toEqual([]);
    await sheet.close();
  });
});
