/**
 * The hostile player at a Drama in History fight: every card and every step of it, asked for by a
 * player who does not own the fighter it belongs to, with a value out of bounds, out of turn, or
 * again after Apply. Each is refused with a message and the actors, messages, combats and users are
 * exactly as before.
 */
import { describe, expect, it } from "vitest";
import type { User } from "../../playground/foundry/index.js";
import { clearQueuedFaces, queueFaces } from "../../playground/foundry/dice.js";
import { card, bootDrama, gm, ada, bob, ines, berold, odo, fyrd1, fyrd2, type Message, putOut, sys } from "./drama-fixtures.js";

const { harness, fx } = bootDrama();

type Answer = { ok: boolean; reason?: string };
/** A request as the relay sends it, with whatever payload the hostile client chooses. */
const ask = async (kind: string, payload: Record<string, unknown>): Promise<Answer> => {
  const answer = await (await import("../../src/foundry/relay/index.js")).ask(kind, payload);
  await (await import("../../src/foundry/cards/index.js")).cardsIdle();
  return answer;
};
const forgeOpen = (kind: string, refs: Record<string, string>, request: Record<string, unknown> = {}) =>
  ask("card.open", { kind, refs: Object.fromEntries(Object.entries(refs).map(([role, uuid]) => [role, { actor: uuid }])), request, roll: null });
const refused = (about?: string) => ({ ok: false, reason: about ? expect.stringContaining(about) : expect.any(String) });

/** Ines (Ada's) against Odo (the GM's), played up to the step `until` awaits. */
async function meleeUntil(until: "bStance" | "aStance" | "bPool" | "aPool" | "bCourage" | "bWaver"): Promise<Message> {
  harness.switchUser(ada);
  const message = await fx.melee(ines, [odo], { weapon: fx.itemId(ines, "Arming sword") });
  const steps: [string, User, unknown, number[]][] = [
    ["bStance", gm, "stand", []],
    ["aStance", ada, "press", []],
    ["bPool", gm, {}, []],
    // Every pool is rolled once Ines (holding Momentum) has built hers: Odo's 3Bd, her 6Bd and 1Dd, then his armour.
    ["aPool", ada, { situations: ["heightAdvantage"], weapon: fx.itemId(ines, "Arming sword") }, [4, 2, 1, 6, 5, 5, 1, 3, 2, 4, 1]],
    ["bCourage", gm, {}, [5, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3]],
  ];
  for (const [choice, user, value, faces] of steps) {
    if (choice === until) break;
    harness.switchUser(user);
    expect(await fx.choose(message, choice, value, ...faces)).toMatchObject({ ok: true });
  }
  expect(card(message).outcome.awaiting?.choice).toBe(until);
  clearQueuedFaces();
  return message;
}

describe("a forged melee round", () => {
  it("opening: a round for a fighter she does not own, against herself, or with a weapon of someone else's", async () => {
    harness.switchUser(bob);
    const before = fx.stored();
    expect(await forgeOpen("drama.melee", { a: ines.uuid, b: odo.uuid })).toMatchObject(refused("Ines"));
    expect(await forgeOpen("drama.melee", { a: berold.uuid, b: berold.uuid })).toMatchObject(refused("more than once"));
    expect(await forgeOpen("drama.melee", { a: berold.uuid, b: odo.uuid }, { weapon: fx.itemId(ines, "Arming sword") })).toMatchObject(refused());
    expect(await forgeOpen("drama.melee", { a: berold.uuid }, {})).toMatchObject(refused("no longer exists"));
    expect(fx.stored()).toBe(before);
  });

  it("stance: declared for a fighter she does not own, out of turn, or not a stance", async () => {
    const message = await meleeUntil("bStance");
    harness.switchUser(ada);
    const before = fx.stored();
    expect(await ask("card.choose", { message: message.id, choice: "bStance", value: "evade" })).toMatchObject(refused("Odo"));
    // Ines holds Momentum's place: she declares after Odo, having seen his stance.
    expect(await ask("card.choose", { message: message.id, choice: "aStance", value: "press" })).toMatchObject(refused());
    harness.switchUser(gm);
    expect(await ask("card.choose", { message: message.id, choice: "bStance", value: "berserk" })).toMatchObject(refused());
    expect(await ask("card.choose", { message: message.id, choice: "bStance", value: { stance: "dramatic", dramatic: { base: 99 } } })).toMatchObject(refused());
    expect(fx.stored()).toBe(before);
  });

  it("RULINGS.md §drama (Dramatic: GM-entered modifiers): Ines's player declaring Dramatic with +20Bd and +20 Momentum is refused on the card and nothing changes; declared plain she asks, and the GM sets them", async () => {
    const message = await meleeUntil("aStance");
    harness.switchUser(ada);
    const before = fx.stored();
    const forged = { stance: "dramatic", dramatic: { base: 20, momentum: 20 } };
    expect(await ask("card.choose", { message: message.id, choice: "aStance", value: forged })).toMatchObject(refused("Only the GM sets a Dramatic stance's modifiers"));
    expect(fx.stored()).toBe(before);
    harness.switchUser(gm);
    expect(await ask("card.choose", { message: message.id, choice: "aStance", value: { stance: "dramatic", dramatic: { base: 2 } } })).toMatchObject({ ok: true });
    expect(card(message).outcome.steps.find((s) => s.rule === "stance" && s.who === "Ines")).toMatchObject({ stance: "dramatic", dramatic: { base: 2 } });
  });

  it("RULINGS.md §drama (Dramatic: GM-entered modifiers): on the tracker too, a player's Dramatic stance with modifiers is refused and nothing changes; plain, it is declared", async () => {
    const cls = harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<{ id: string; createEmbeddedDocuments(t: string, d: object[]): Promise<{ id: string; name: string }[]>; startCombat(): Promise<unknown>; getFlag(s: string, k: string): unknown }> };
    const combat = await cls.create({ active: true });
    const [mine] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ines.id, name: "Ines" }]);
    await combat.startCombat();
    await harness.flush();
    harness.switchUser(ada);
    const before = fx.stored();
    const act = (choice: object) => ask("combat.act", { combat: combat.id, combatants: [mine!.id], action: "stance", choice });
    expect(await act({ stance: "dramatic", dramatic: { base: 20, momentum: 20 } })).toMatchObject(refused("Only the GM sets"));
    expect(fx.stored()).toBe(before);
    expect(await act({ stance: "dramatic" })).toMatchObject({ ok: true });
    harness.switchUser(gm);
    expect(await act({ stance: "dramatic", dramatic: { base: 1 } })).toMatchObject({ ok: true });
  });

  it("pool: built for a fighter she does not own, with dice beyond bounds, a situation the rules do not know, or dice the rules do not use", async () => {
    const message = await meleeUntil("bPool");
    harness.switchUser(ada);
    const before = fx.stored();
    queueFaces(4, 2, 1);
    expect(await fx.choose(message, "bPool", {})).toMatchObject(refused("Odo"));
    clearQueuedFaces();
    harness.switchUser(gm);
    for (const value of [{ base: 99 }, { resistance: -3 }, { situations: ["dragonfire"] }, { advantages: [fx.itemId(ines, "Love of her brother")] }, "all of them"]) {
      queueFaces(...Array(30).fill(3));
      expect(await fx.choose(message, "bPool", value), JSON.stringify(value)).toMatchObject(refused());
      clearQueuedFaces();
    }
    const sixes = JSON.stringify({ class: "Roll", evaluated: true, formula: "6d6", terms: [{ class: "Die", number: 6, faces: 6, results: Array(6).fill({ result: 6, active: true }) }], total: 36 });
    expect(await ask("card.choose", { message: message.id, choice: "bPool", value: {}, roll: sixes })).toMatchObject(refused());
    expect(fx.stored()).toBe(before);
  });

  it("order: the holder's pool sent before Odo has built his, and Odo's pool sent with dice before the holder has built hers", async () => {
    const message = await meleeUntil("bPool");
    const before = fx.stored();
    // Ines builds second, having seen his allocation: her pool out of turn is refused.
    harness.switchUser(ada);
    queueFaces(...Array(20).fill(3));
    expect(await fx.choose(message, "aPool", {})).toMatchObject(refused());
    expect(await ask("card.choose", { message: message.id, choice: "aPool", value: {} })).toMatchObject(refused("aPool"));
    clearQueuedFaces();
    // Odo's owner sends dice with his pool: nothing may be rolled until every pool is built.
    harness.switchUser(gm);
    const dice = JSON.stringify({ class: "Roll", evaluated: true, formula: "3d6", terms: [{ class: "Die", number: 3, faces: 6, results: [6, 6, 6].map((result) => ({ result, active: true })) }], total: 18 });
    expect(await ask("card.choose", { message: message.id, choice: "bPool", value: {}, roll: dice })).toMatchObject(refused());
    expect(fx.stored()).toBe(before);
    // His pool alone is taken, and rolls nothing; then Ines is offered his allocation, and no die.
    expect(await ask("card.choose", { message: message.id, choice: "bPool", value: { situations: ["heightAdvantage"] } })).toMatchObject({ ok: true });
    expect(message.rolls).toEqual([]);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "aPool", offer: { against: [{ name: "Odo", base: 5, situations: ["heightAdvantage"] }] } });
    expect(card(message).outcome.dice).toEqual([]);
  });

  it("order: a pool chosen again after the dice are rolled, by either side, is refused and changes nothing", async () => {
    const message = await meleeUntil("bCourage");
    const before = fx.stored();
    harness.switchUser(gm);
    queueFaces(...Array(20).fill(6));
    expect(await fx.choose(message, "bPool", { situations: ["defensiveSpace"] })).toMatchObject(refused());
    expect(await ask("card.choose", { message: message.id, choice: "bPool", value: { base: 4 } })).toMatchObject(refused("bPool"));
    harness.switchUser(ada);
    expect(await ask("card.choose", { message: message.id, choice: "aPool", value: { base: 4 } })).toMatchObject(refused("aPool"));
    expect(await ask("card.choose", { message: message.id, choice: "aStance", value: "defend" })).toMatchObject(refused("aStance"));
    clearQueuedFaces();
    expect(fx.stored()).toBe(before);
  });

  it("courage: taken for a fighter she does not own, or with modifiers beyond bounds", async () => {
    const message = await meleeUntil("bCourage");
    harness.switchUser(ada);
    const before = fx.stored();
    queueFaces(...Array(11).fill(3));
    expect(await fx.choose(message, "bCourage", {})).toMatchObject(refused("Odo"));
    clearQueuedFaces();
    harness.switchUser(gm);
    queueFaces(...Array(40).fill(3));
    expect(await fx.choose(message, "bCourage", { base: 30 })).toMatchObject(refused());
    clearQueuedFaces();
    expect(fx.stored()).toBe(before);
  });

  it("waver: decided by someone else, a Drama Point he does not have, and the same decision replayed after Apply", async () => {
    const message = await meleeUntil("bWaver");
    harness.switchUser(ada);
    const before = fx.stored();
    expect(await ask("card.choose", { message: message.id, choice: "bWaver", value: "fall" })).toMatchObject(refused("Odo"));
    harness.switchUser(gm);
    expect(await ask("card.choose", { message: message.id, choice: "bWaver", value: "pray" })).toMatchObject(refused());
    expect(fx.stored()).toBe(before);
    expect(await ask("card.choose", { message: message.id, choice: "bWaver", value: "spend" })).toMatchObject({ ok: true });
    expect(card(message).state).toBe("applied");
    const applied = fx.stored();
    expect(sys(odo).dramaPoints).toBe(0);
    for (let i = 0; i < 2; i += 1) expect(await ask("card.choose", { message: message.id, choice: "bWaver", value: "spend" })).toMatchObject(refused());
    harness.switchUser(bob);
    expect(await ask("card.undo", { message: message.id })).toMatchObject(refused());
    expect(fx.stored()).toBe(applied);
  });
});

describe("a forged round against several opponents", () => {
  const awaitingSplit = fx.awaitingSplit;

  it("opening: more opponents than the card holds, one twice, or an unopposed index beyond them", async () => {
    harness.switchUser(bob);
    const before = fx.stored();
    expect(await forgeOpen("drama.multiple", { actor: berold.uuid, opponent1: fyrd1.uuid, opponent2: fyrd1.uuid })).toMatchObject(refused());
    expect(await forgeOpen("drama.multiple", { actor: berold.uuid, opponent1: fyrd1.uuid, opponent3: fyrd2.uuid })).toMatchObject(refused());
    expect(await forgeOpen("drama.multiple", { actor: berold.uuid, opponent1: fyrd1.uuid, opponent2: fyrd2.uuid }, { unopposed: ["opponent9"] })).toMatchObject(refused());
    expect(await forgeOpen("drama.multiple", { actor: ines.uuid, opponent1: fyrd1.uuid, opponent2: fyrd2.uuid })).toMatchObject(refused("Ines"));
    expect(fx.stored()).toBe(before);
  });

  it("stances: a fyrd's declared by a player, Berold's before the fyrd have declared, or not a stance", async () => {
    harness.switchUser(bob);
    const message = await fx.melee(berold, [fyrd1, fyrd2]);
    const before = fx.stored();
    expect(await ask("card.choose", { message: message.id, choice: "opponent1Stance", value: "evade" })).toMatchObject(refused("Fyrd 1"));
    expect(await ask("card.choose", { message: message.id, choice: "actorStance", value: "press" })).toMatchObject(refused());
    harness.switchUser(gm);
    expect(await ask("card.choose", { message: message.id, choice: "opponent1Stance", value: "charge" })).toMatchObject(refused());
    expect(await ask("card.choose", { message: message.id, choice: "opponent9Stance", value: "stand" })).toMatchObject(refused());
    expect(fx.stored()).toBe(before);
  });

  it("split: made by someone else, to more opponents than he faces, or with military dice he has not got", async () => {
    const message = await awaitingSplit();
    harness.switchUser(ada);
    const before = fx.stored();
    queueFaces(...Array(20).fill(3));
    expect(await fx.choose(message, "actorPool", { split: [{ baseDice: 3 }, { baseDice: 3 }] })).toMatchObject(refused("Berold"));
    clearQueuedFaces();
    harness.switchUser(bob);
    for (const value of [{ split: [{ baseDice: 2 }, { baseDice: 2 }, { baseDice: 2 }] }, { split: [{ baseDice: 3, military: 9 }, { baseDice: 3 }] }, { split: [{ baseDice: 6 }, { baseDice: 0 }] }, { split: "evenly" }]) {
      queueFaces(...Array(30).fill(3));
      expect(await fx.choose(message, "actorPool", value), JSON.stringify(value)).toMatchObject(refused());
      clearQueuedFaces();
    }
    expect(fx.stored()).toBe(before);
  });
});

describe("a forged shot", () => {
  const shot = (weapon: string, extra: Record<string, unknown> = {}) => ({ weapon, situation: { range: "close" }, bonuses: ["aiming"], advantages: [], base: 0, resistance: 0, ...extra });

  it("opening: for a shooter she does not own, with a sword, off the situation table, or with dice beyond bounds", async () => {
    harness.switchUser(bob);
    const before = fx.stored();
    expect(await forgeOpen("drama.ranged", { shooter: ines.uuid, target: odo.uuid }, shot(fx.itemId(ines, "Crossbow")))).toMatchObject(refused("Ines"));
    harness.switchUser(ada);
    const crossbow = fx.itemId(ines, "Crossbow");
    expect(await forgeOpen("drama.ranged", { shooter: ines.uuid, target: odo.uuid }, shot(fx.itemId(ines, "Arming sword")))).toMatchObject(refused("Arming sword"));
    expect(await forgeOpen("drama.ranged", { shooter: ines.uuid, target: odo.uuid }, shot(crossbow, { situation: { range: "the moon" } }))).toMatchObject(refused("situation.range"));
    expect(await forgeOpen("drama.ranged", { shooter: ines.uuid, target: odo.uuid }, shot(crossbow, { bonuses: ["luck"] }))).toMatchObject(refused("bonuses"));
    expect(await forgeOpen("drama.ranged", { shooter: ines.uuid, target: odo.uuid }, shot(crossbow, { base: 50 }))).toMatchObject(refused("base"));
    expect(await forgeOpen("drama.ranged", { shooter: ines.uuid, target: odo.uuid }, shot(crossbow, { advantages: ["AnotherActorsItem"] }))).toMatchObject(refused());
    expect(fx.stored()).toBe(before);
  });

  it("opening: a shot by a character with no missile weapon, refused on the card as in the dialog (issue 38 item 12), nothing changed", async () => {
    harness.switchUser(bob);
    const before = fx.stored();
    for (const request of [shot(""), { situation: { range: "close" } }]) {
      const answer = await forgeOpen("drama.ranged", { shooter: berold.uuid, target: odo.uuid }, request);
      expect(answer).toEqual({ ok: false, reason: "Berold has no missile weapon: a shot needs a weapon marked Ranged on the sheet." });
    }
    expect(fx.stored()).toBe(before);
  });

  it("courage after a shot: taken by the shooter for the target, and again after Apply", async () => {
    harness.switchUser(ada);
    const { postRanged } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(6, 6, 5, 5, 5, 3, 3, 2);
    const message = (await postRanged(ines as never, { actor: odo as never }, shot(fx.itemId(ines, "Crossbow")))) as unknown as Message;
    expect(card(message).outcome.awaiting?.choice).toBe("targetCourage");
    const before = fx.stored();
    queueFaces(...Array(10).fill(3));
    expect(await fx.choose(message, "targetCourage", {})).toMatchObject(refused("Odo"));
    clearQueuedFaces();
    expect(fx.stored()).toBe(before);
    harness.switchUser(gm);
    expect(await fx.choose(message, "targetCourage", {}, 6, 5, 4, 3, 3, 3, 3, 3, 3, 3)).toMatchObject({ ok: true });
    const applied = fx.stored();
    queueFaces(...Array(10).fill(6));
    expect(await fx.choose(message, "targetCourage", {})).toMatchObject(refused());
    clearQueuedFaces();
    expect(fx.stored()).toBe(applied);
  });
});

describe("a forged courage test", () => {
  it("for someone else's fighter, for a wound she has not got, with modifiers beyond bounds; the waver decided by another and replayed", async () => {
    await ines.update({ "system.wounds": [{ flesh: 3, serious: true, critical: false, bleeding: false, note: "" }] });
    harness.switchUser(bob);
    const before = fx.stored();
    expect(await forgeOpen("drama.courage", { actor: ines.uuid }, { wound: 0 })).toMatchObject(refused("Ines"));
    harness.switchUser(ada);
    expect(await forgeOpen("drama.courage", { actor: ines.uuid }, { wound: 4 })).toMatchObject(refused("wound"));
    expect(await forgeOpen("drama.courage", { actor: ines.uuid }, { wound: 0, modifiers: { drama: 40 } })).toMatchObject(refused("modifiers.drama"));
    expect(fx.stored()).toBe(before);

    const { postCourage } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(6, 5, 3, 3, 3, 3, 2, 3, 3);
    const message = (await postCourage(ines as never, { wound: 0, base: 0, resistance: 0, drama: 0 })) as unknown as Message;
    expect(card(message).outcome.awaiting?.choice).toBe("actorWaver");
    harness.switchUser(bob);
    const opened = fx.stored();
    expect(await ask("card.choose", { message: message.id, choice: "actorWaver", value: "spend" })).toMatchObject(refused("Ines"));
    expect(fx.stored()).toBe(opened);
    harness.switchUser(ada);
    expect(await ask("card.choose", { message: message.id, choice: "actorWaver", value: "spend" })).toMatchObject({ ok: true });
    expect(sys(ines).dramaPoints).toBe(1);
    const applied = fx.stored();
    expect(await ask("card.choose", { message: message.id, choice: "actorWaver", value: "spend" })).toMatchObject(refused());
    expect(fx.stored()).toBe(applied);
    expect(sys(ines).dramaPoints).toBe(1);
  });
});

describe("a forged Momentum card", () => {
  it("with one combatant, a gap among them, or a kind of Momentum the rules do not know", async () => {
    harness.switchUser(ada);
    const before = fx.stored();
    expect(await forgeOpen("drama.momentum", { c1: ines.uuid })).toMatchObject(refused("combatants"));
    expect(await forgeOpen("drama.momentum", { c1: ines.uuid, c3: odo.uuid })).toMatchObject(refused("combatants"));
    expect(await forgeOpen("drama.momentum", { c1: ines.uuid, c2: odo.uuid }, { for: "siege" })).toMatchObject(refused("for"));
    expect(await forgeOpen("drama.momentum", { c1: berold.uuid, c2: odo.uuid }, { for: "ranged" })).toMatchObject(refused("Berold"));
    expect(fx.stored()).toBe(before);
  });
});

describe("the victim's Undo", () => {
  it("Berold, shot by Ines, takes his courage test (the card's last choice) and cannot undo his own wound; the GM can", async () => {
    await berold.update({ "system.grit.value": 2 });
    harness.switchUser(ada);
    const { postRanged } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(6, 6, 5, 5, 5, 3, 3, 1, 1, 1, 1, 1); // the shot, then his five armour dice, none blocking
    const answer = { weapon: fx.itemId(ines, "Crossbow"), situation: { range: "close" }, bonuses: ["aiming"], advantages: [], base: 0, resistance: 0, shootsBack: false };
    const message = (await postRanged(ines as never, { actor: berold as never }, answer)) as unknown as Message;
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    clearQueuedFaces();
    expect(card(message).outcome.awaiting, JSON.stringify(card(message).outcome.steps)).toMatchObject({ choice: "targetCourage", by: "target" });
    harness.switchUser(bob);
    // 7Bd against 4Rd: he passes, and the card applies on his choice.
    expect(await fx.choose(message, "targetCourage", {}, 6, 6, 5, 5, 4, 4, 4, 1, 1, 1, 1)).toMatchObject({ ok: true });
    expect(card(message).state).toBe("applied");
    const wounded = fx.stored();
    expect(await fx.buttons(message)).not.toContain("undo");
    expect(await ask("card.undo", { message: message.id })).toMatchObject(refused("Only the GM"));
    expect(fx.stored()).toBe(wounded);
    harness.switchUser(gm);
    expect(await ask("card.undo", { message: message.id })).toMatchObject({ ok: true });
    expect(sys(berold)).toMatchObject({ grit: { value: 2 }, flesh: { value: 7 }, wounds: [] });
  });
});

describe("a sheet cannot make her immune to cards", () => {
  it("harness dice past the rules' 40 (the sheet's 40 and two pieces worn) are read as 40: Ines's shot on Berold resolves", async () => {
    harness.switchUser(gm);
    await berold.update({ "system.armourDice": 40 });
    const pieces = [1, 2].map((n) => ({ name: `Plate ${n}`, type: "dramaArmour", system: { kind: "harness", dice: 20, equipped: true } }));
    await (berold as unknown as { createEmbeddedDocuments(name: string, data: object[]): Promise<unknown> }).createEmbeddedDocuments("Item", pieces);
    harness.switchUser(ada);
    const { postRanged } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(6, 6, 5, 5, 5, 3, 3, ...Array(43).fill(1)); // the shot, then his 43 armour dice
    const answer = { weapon: fx.itemId(ines, "Crossbow"), situation: { range: "close" }, bonuses: ["aiming"], advantages: [], base: 0, resistance: 0, shootsBack: false };
    const message = (await postRanged(ines as never, { actor: berold as never }, answer)) as unknown as Message;
    clearQueuedFaces();
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    expect(card(message).rules.target).toMatchObject({ name: "Berold", harness: 40 });
    // His armour roll: the 40 harness dice the rules allow, and the 3 his other armour adds on top.
    expect(card(message).outcome.steps.find((s) => s.rule === "armour-roll")).toMatchObject({ who: "Berold", dice: 43, blocks: 0 });
  });
});

describe("a hostile player writing what v13 lets her write in a Drama fight", () => {
  type Fighter = { id: string; name: string; update(d: object, o?: object): Promise<unknown> };
  type Fight = { id: string; round: number; turn: number | null; turns: Fighter[]; combatants: { contents: Fighter[] }; createEmbeddedDocuments(n: string, d: object[]): Promise<Fighter[]>; rollInitiative(ids: string[]): Promise<unknown>; startCombat(): Promise<unknown>; update(d: object, o?: object): Promise<unknown> };
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await harness.flush();
    }
  };

  /** Ines (Ada's, on a friendly token) and Berold (Bob's) against Odo and a fyrd (the GM's), Momentum worked out and the fight begun. */
  async function fight(): Promise<{ combat: Fight; token: { update(d: object): Promise<unknown> }; mine: Fighter }> {
    harness.switchUser(gm);
    const SceneClass = (globalThis as unknown as { Scene: { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string; update(d: object): Promise<unknown> }[]> }> } }).Scene;
    const scene = await SceneClass.create({ name: "Ford", active: true });
    // Her character's token, linked as Fray makes a character's prototype token (an unlinked one would fight on a copy).
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Ines", actorId: ines.id, actorLink: true, disposition: 1 }]);
    const combat = await (harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<Fight> }).create({ active: true });
    const made = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ines.id, tokenId: token!.id, sceneId: scene.id, name: "Ines" }, ...[berold, odo, fyrd1].map((a) => ({ actorId: a.id, name: a.name }))]);
    await combat.rollInitiative(made.map((c) => c.id));
    await combat.startCombat();
    await settle();
    return { combat, token: token!, mine: made[0]! };
  }

  it("issue 34 item 5: her rounds out after a failed courage test are the GM's record: writing her actor's roundsOut back to 0 does not put her back in the action; Undo takes the record back", async () => {
    const { combat, mine } = await fight();
    await ines.update({ "system.wounds": [{ flesh: 3, serious: true, critical: false, bleeding: false, note: "" }] });
    const record = () => ((combat as unknown as { getFlag(s: string, k: string): Record<string, number> | undefined }).getFlag("fray", "dramaOut") ?? {})[`Token:${(mine as unknown as { tokenId: string }).tokenId}`];
    harness.switchUser(ada);
    const { postCourage } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(6, 5, 3, 3, 3, 3, 2, 3, 3);
    const courage = (await postCourage(ines as never, { wound: 0, base: 0, resistance: 0, drama: 0 })) as unknown as Message;
    await fx.click(courage, "[data-fray-action='choose'][data-fray-value='fall']");
    expect(card(courage).state).toBe("applied");
    expect(record()).toBe(5);
    // Said once, as her sheet names it; the record is not a line of its own.
    const said = [...(await courage.renderHTML()).querySelectorAll(".fray-card-changes li")].map((li) => li.textContent?.trim());
    expect(said.filter((line) => /rounds out|Rounds out/i.test(line ?? ""))).toHaveLength(1);
    expect(said.join(" ")).not.toMatch(/Dramatic|flags\./);
    // v13 lets her write her own actor: she is back, as far as her sheet says.
    await ines.update({ "system.roundsOut": 0 });
    const before = fx.stored();
    expect(await ask("combat.act", { combat: combat.id, combatants: [mine.id], action: "stance", choice: { stance: "press" } })).toMatchObject(refused("Ines is out of the action"));
    expect(await forgeOpen("drama.melee", { a: ines.uuid!, b: odo.uuid! })).toMatchObject(refused("Ines is out of the fight"));
    expect(fx.stored()).toBe(before);
    // Undo takes back only what still holds what the card set: the GM puts her sheet's copy back first.
    harness.switchUser(gm);
    await ines.update({ "system.roundsOut": 5 });
    await fx.click(courage, "[data-fray-action='undo']");
    expect(card(courage).state).toBe("undone");
    expect(record() ?? null).toBeNull();
    expect(sys(ines).roundsOut).toBe(0);
  });

  it("cannot count her rounds out down, nor lift her foe's disadvantage, by moving the round on with a direction of her choosing", async () => {
    const { combat } = await fight();
    await putOut(combat as never, ines as never, 3);
    await odo.update({ "system.disadvantage": "disadvantaged", "system.disadvantageRound": 1 });
    harness.switchUser(ada);
    for (const round of [2, 3, 4]) await combat.update({ round }, { direction: 1 });
    await settle();
    expect(sys(ines).roundsOut).toBe(3);
    expect(sys(odo)).toMatchObject({ disadvantage: "disadvantaged", disadvantageRound: 1 });
    expect(combat.round).toBe(1);
  });

  it("cannot go first by writing her initiative, nor change sides by turning her token; the turn she writes goes back", async () => {
    const { combat, token, mine } = await fight();
    const order = combat.turns.map((c) => c.name);
    const { sideOf } = await import("../../src/foundry/rulesets/drama/combat/state.js");
    harness.switchUser(ada);
    await mine.update({ initiative: 99 });
    expect(combat.turns.map((c) => c.name)).toEqual(order);
    await token.update({ disposition: -1 });
    expect(sideOf(combat as never, mine as never)).toBe(1);
    await combat.update({ turn: 3 });
    expect(combat.turn).toBe(0);
  });
});
