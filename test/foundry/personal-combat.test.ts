/**
 * The combat tracker with Personal Combat, from given faces: PCs roll the initiative die plus rank,
 * NPCs take rank + 3 (major + 6) without a roll, PCs win ties with NPCs, players order tied PCs on
 * the tracker, a Delay at the start of a turn, and the planner on the acting combatant's row. Every
 * roll and move is a request the active GM serves; what a player forges is refused.
 */
import { describe, expect, it } from "vitest";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import type { User } from "../../playground/foundry/index.js";
import type { Actor as HarnessActor } from "../../playground/foundry/documents.js";
import type { Combat, Combatant } from "../../playground/foundry/combat.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { combatFixtures, ids, names } from "./combat-fixtures.js";
import { runCli } from "../../src/cli/run.js";
import { bootWorld } from "./world.js";
import { headlineOf } from "./card-words.js";

let gm: User;
let ada: User;
let bob: User;
const { harness, game } = bootWorld("personal", { users: ["Ada", "Bob"], cardsInWords: true }, (w) => ({ gm, ada, bob } = w.users));
const { fight, act } = combatFixtures(() => harness);

async function actor(name: string, type: "personalCharacter" | "personalNpc", rank: number, extra: Record<string, unknown> = {}, owner?: User): Promise<HarnessActor> {
  const cls = harness.CONFIG.Actor.documentClass as typeof HarnessActor;
  return (await cls.create({ name, type, ownership: { default: 1, ...(owner ? { [owner.id]: 3 } : {}) }, system: { initiativeRank: rank, ...extra } })) as HarnessActor;
}

type Card = { kind: string; state: string; rules: Record<string, unknown>; outcome: { dice: { label: string; sides: number; face: number }[]; result: { order: { name: string }[] } } };
const lastCard = () => (game.messages.contents.at(-1) as unknown as { system: { toObject(): Card }; speaker: { alias?: string; actor?: string | null }; renderHTML(): Promise<HTMLElement> });
const state = (c: Combatant) => ((c.combat as unknown as { getFlag(s: string, k: string): Record<string, unknown> | undefined }).getFlag("fray", "personal") ?? {})[recordKey(c)] as { score: number; place: number; face: number | null; delayed: boolean } | undefined;
const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);
const byName = (combat: Combat, name: string) => combat.combatants.contents.find((c) => c.name === name) as Combatant;

/** Ines (PC, rank 3, Ada's), Ada's partner Bruno (PC, rank 2, Bob's), a Guard (rank 4) and the Baron (major, rank 1). */
async function party() {
  const ines = await actor("Ines", "personalCharacter", 3, {}, ada);
  const bruno = await actor("Bruno", "personalCharacter", 2, {}, bob);
  const guard = await actor("Guard", "personalNpc", 4);
  const baron = await actor("Baron", "personalNpc", 1, { major: true });
  return fight(ines, bruno, guard, baron);
}

describe("Personal Combat initiative", () => {
  it("PCs roll d6 + rank, NPCs take rank + 3 (major + 6) without a roll; all score 7: PCs first, NPCs in the GM's order", async () => {
    const { combat, combatants } = await party();
    queueFaces(4, 5); // Ines 4 + 3, Bruno 5 + 2
    await combat.rollInitiative(ids(combatants));
    expect(combat.turns.map((c) => [c.name, c.initiative])).toEqual([["Ines", 7], ["Bruno", 7], ["Guard", 7], ["Baron", 7]]);
    const card = lastCard().system.toObject();
    expect(card).toMatchObject({ kind: "personal.initiative", state: "closed" });
    expect(card.outcome.dice.map((d) => [d.sides, d.face])).toEqual([[6, 4], [6, 5]]);
    const text = (await lastCard().renderHTML()).textContent!.replace(/\s+/g, " ");
    for (const line of ["Ines: die 4 + Initiative rank 3 = 7.", "Bruno: die 5 + Initiative rank 2 = 7.", "Guard: Initiative rank 4 + 3 = 7, without a roll.", "Baron: Initiative rank 1 + 6 = 7, without a roll.", "Order: Ines, Bruno, Guard, Baron."]) expect(text).toContain(line);
    expect(text).not.toMatch(/FRAY\./);
    // Issue 38 item 4: each PC's roll totals the initiative the tracker shows, and the card is the fight's, not Ines's.
    const html = await lastCard().renderHTML();
    const totals = [...html.querySelectorAll("[data-roll]")].map((roll) => [roll.querySelector(".fray-card-side-name")!.textContent, roll.querySelector(".fray-card-pool")!.textContent, roll.querySelector(".fray-card-reading")!.textContent]);
    expect(totals).toEqual([["Initiative: Ines", "d6 + 3", "Total 7"], ["Initiative: Bruno", "d6 + 2", "Total 7"]]);
    expect(lastCard().speaker).toMatchObject({ alias: "The fight", actor: null });
    // Issue 38 item 1: the first line tells who acts first, on the initiative the tracker shows.
    expect(headlineOf(html)).toBe("Ines acts first, on 7.");
  });

  it("the initiative die is the world's house rule (a d10 here)", async () => {
    await game.settings.set("fray", "personal.initiativeDie", 10);
    const { combat, combatants } = await fight(await actor("Ines", "personalCharacter", 0));
    queueFaces(9);
    await combat.rollInitiative(ids(combatants));
    expect(combat.turns[0]!.initiative).toBe(9);
    expect(lastCard().system.toObject().outcome.dice).toEqual([{ label: `initiative ${combatants[0]!.id}`, sides: 10, face: 9 }]);
  });

  it("a player rolls for her own PC only, once; a late roll goes into the standing order", async () => {
    const { combat } = await party();
    const ines = byName(combat, "Ines");
    harness.switchUser(ada);
    await combat.rollInitiative([byName(combat, "Bruno").id as string]);
    expect(warnings().at(-1)).toContain("Bruno");
    expect(state(byName(combat, "Bruno"))).toBeUndefined();
    queueFaces(6);
    await combat.rollInitiative([ines.id as string]);
    expect(state(ines)).toMatchObject({ score: 9, face: 6 });
    // Again (a forged request: the tracker hides the button once she rolled): refused, the score stays.
    queueFaces(1);
    await combat.rollInitiative([ines.id as string]);
    expect(warnings().at(-1)).toContain("already rolled");
    expect(state(ines)).toMatchObject({ score: 9, face: 6 });
    harness.switchUser(gm);
    await combat.rollInitiative([byName(combat, "Guard").id as string]);
    expect(names(combat).slice(0, 2)).toEqual(["Ines", "Guard"]);
  });

  it("players order tied PCs on the tracker: the lower one may go before the one above, until either acts", async () => {
    const { combat, combatants } = await party();
    queueFaces(4, 5);
    await combat.rollInitiative(ids(combatants));
    const bruno = byName(combat, "Bruno");
    const view = (await import("../../src/foundry/rulesets/personal/combat/index.js")).personalCombatRules.view;
    expect(view(combat as never, bruno as never).buttons.map((b) => b.label)).toEqual(["Go before Ines"]);
    expect(view(combat as never, byName(combat, "Ines") as never).buttons).toEqual([]);
    // Ada does not own Bruno: his player decides for him.
    harness.switchUser(ada);
    await act(combat, bruno, "goBefore");
    expect(names(combat)).toEqual(["Ines", "Bruno", "Guard", "Baron"]);
    harness.switchUser(bob);
    await act(combat, bruno, "goBefore");
    expect(names(combat)).toEqual(["Bruno", "Ines", "Guard", "Baron"]);
    // The Guard ties too, but is no PC: no one goes before him this way.
    expect(view(combat as never, byName(combat, "Guard") as never).buttons).toEqual([]);
    harness.switchUser(gm);
    await combat.startCombat();
    await combat.nextTurn(); // Bruno has acted
    expect(view(combat as never, byName(combat, "Ines") as never).buttons.map((b) => b.action)).not.toContain("goBefore");
    harness.switchUser(ada);
    await act(combat, byName(combat, "Ines"), "goBefore");
    expect(names(combat)).toEqual(["Bruno", "Ines", "Guard", "Baron"]);
  });

  it("issue 37: a tied PC who goes before the one whose turn it is (she has not acted) takes the turn; she acts next", async () => {
    const { combat, combatants } = await party();
    queueFaces(4, 5);
    await combat.rollInitiative(ids(combatants));
    harness.switchUser(gm);
    await combat.startCombat();
    const acting = () => (combat as unknown as { combatant: { name: string } | null }).combatant?.name;
    expect(acting()).toBe("Ines");
    harness.switchUser(bob);
    await act(combat, byName(combat, "Bruno"), "goBefore");
    expect(names(combat)).toEqual(["Bruno", "Ines", "Guard", "Baron"]);
    expect(acting()).toBe("Bruno");
    harness.switchUser(gm);
    await combat.nextTurn();
    expect(acting()).toBe("Ines");
  });

  it("Delay: at the start of her turn she moves to just after someone yet to act, keeps that place, and the turn passes on", async () => {
    const { combat, combatants } = await party();
    queueFaces(6, 1); // Ines 9, Bruno 3: Ines, Guard 7, Baron 7, Bruno
    await combat.rollInitiative(ids(combatants));
    expect(names(combat)).toEqual(["Ines", "Guard", "Baron", "Bruno"]);
    await combat.startCombat();
    const ines = byName(combat, "Ines");
    harness.switchUser(ada);
    harness.onDialog((dialog) => dialog.answer("ok", { after: String(byName(combat, "Baron").id) }));
    await act(combat, ines, "delay");
    expect(names(combat)).toEqual(["Guard", "Baron", "Ines", "Bruno"]);
    expect(combat.combatant?.name).toBe("Guard");
    expect(state(ines)).toMatchObject({ delayed: true });
    const card = lastCard().system.toObject();
    expect(card).toMatchObject({ kind: "personal.delay", rules: { mover: ines.id, after: byName(combat, "Baron").id } });
    expect(headlineOf(await lastCard().renderHTML())).toBe("Ines waits: she acts just after Baron from now on.");
    // Not her turn now: her tracker offers no one to wait for, and a forged request is refused.
    await act(combat, ines, "delay");
    expect(warnings().at(-1)).toContain("No one after her");
    const relay = await import("../../src/foundry/relay/index.js");
    expect(await relay.ask("combat.act", { combat: combat.id, combatants: [ines.id], action: "delay", choice: { after: byName(combat, "Bruno").id } })).toMatchObject({ ok: false, reason: expect.stringContaining("start of her own turn") });
    harness.switchUser(gm);
    await combat.nextTurn(); // Baron
    await combat.nextTurn(); // Ines
    // The dialog offers only those yet to act; a forged request naming the Guard, who has, is refused.
    harness.switchUser(ada);
    expect(await relay.ask("combat.act", { combat: combat.id, combatants: [ines.id], action: "delay", choice: { after: byName(combat, "Guard").id } })).toMatchObject({ ok: false, reason: expect.stringContaining("has not acted") });
    expect(names(combat)).toEqual(["Guard", "Baron", "Ines", "Bruno"]);
    // The new place lasts into the next round.
    await combat.nextRound();
    expect(names(combat)).toEqual(["Guard", "Baron", "Ines", "Bruno"]);
  });

  it("a late joiner after a Delay goes in where her score puts her among the standing places", async () => {
    const { combat, combatants } = await party();
    const late = combatants.find((c) => c.name === "Baron")!;
    queueFaces(6, 1);
    await combat.rollInitiative(ids(combatants.filter((c) => c !== late)));
    await combat.startCombat();
    harness.onDialog((dialog) => dialog.answer("ok", { after: String(byName(combat, "Guard").id) }));
    await act(combat, byName(combat, "Ines"), "delay");
    expect(names(combat)).toEqual(["Guard", "Ines", "Bruno", "Baron"]);
    await combat.rollInitiative([late.id as string]);
    // Baron scores 7, like the Guard (who stood first): he goes in after the Guard, the rest keep their places.
    expect(names(combat)).toEqual(["Guard", "Baron", "Ines", "Bruno"]);
  });

  it("shows the planner and Delay on the acting combatant's row only", async () => {
    const { combat, combatants } = await party();
    queueFaces(6, 1);
    await combat.rollInitiative(ids(combatants));
    await combat.startCombat();
    const view = (await import("../../src/foundry/rulesets/personal/combat/index.js")).personalCombatRules.view;
    expect(view(combat as never, byName(combat, "Ines") as never).buttons.map((b) => b.action)).toEqual(["planTurn", "delay"]);
    expect(view(combat as never, byName(combat, "Guard") as never)).toEqual({ facts: ["Initiative 7 (rank 4 + 3)"], buttons: [] });
    expect(view(combat as never, byName(combat, "Ines") as never).facts).toEqual(["Initiative 9 (die 6 + rank 3)"]);
  });

  it("refuses forged tracker requests: another's Delay, a made-up action, a state a player wrote", async () => {
    const { combat, combatants } = await party();
    queueFaces(6, 1);
    await combat.rollInitiative(ids(combatants));
    await combat.startCombat();
    const relay = await import("../../src/foundry/relay/index.js");
    const before = JSON.stringify((combat as unknown as { _source: unknown })._source);
    harness.switchUser(bob);
    for (const payload of [
      { combat: combat.id, combatants: [byName(combat, "Ines").id], action: "delay", choice: { after: byName(combat, "Guard").id } },
      { combat: combat.id, combatants: [byName(combat, "Bruno").id], action: "delay", choice: { after: byName(combat, "Guard").id } },
      { combat: combat.id, combatants: [byName(combat, "Bruno").id], action: "planTurn", choice: {} },
      { combat: combat.id, combatants: [byName(combat, "Bruno").id], action: "goBefore", choice: {} },
    ]) expect(await relay.ask("combat.act", payload)).toMatchObject({ ok: false });
    expect(JSON.stringify((combat as unknown as { _source: unknown })._source)).toBe(before);
    // Nor may she open an Initiative or a Delay card herself: those the GM posts from the tracker (they name no one who could open them).
    const messages = game.messages.size;
    for (const kind of ["personal.initiative", "personal.delay"]) {
      for (const refs of [{}, { tracker: { actor: byName(combat, "Bruno").actor!.uuid } }]) expect(await relay.ask("card.open", { kind, refs, request: { rules: { pcs: [], npcs: [] } }, roll: null })).toMatchObject({ ok: false });
    }
    expect(game.messages.size).toBe(messages);
    // A player cannot write the Combat's flags; her combatant's flags decide nothing.
    await expect((combat as unknown as { update(d: object): Promise<unknown> }).update({ "flags.fray.personal": {} })).rejects.toThrow(/permission/);
  });

  it("Copy as request: the command line replays an Initiative card and a Delay card exactly", async () => {
    const { combat, combatants } = await party();
    queueFaces(6, 1);
    await combat.rollInitiative(ids(combatants));
    await combat.startCombat();
    harness.onDialog((dialog) => dialog.answer("ok", { after: String(byName(combat, "Baron").id) }));
    const cards = await import("../../src/foundry/cards/index.js");
    const initiativeCard = lastCard();
    await act(combat, byName(combat, "Ines"), "delay");
    for (const message of [initiativeCard, lastCard()]) {
      const { requestOf, cardOf } = cards;
      const request = requestOf(cardOf(message as never)!, message as never);
      const printed = runCli(["resolve"], () => JSON.stringify(request));
      expect(printed.stderr).toBe("");
      const { ruleset: _r, action: _a, seed: _s, ...outcome } = JSON.parse(printed.stdout) as Record<string, unknown>;
      expect(outcome).toEqual(message.system.toObject().outcome);
    }
  });
});
