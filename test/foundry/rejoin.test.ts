/**
 * Issue 34, item 2 (leave and rejoin) and item 7 (while no GM is connected). v13 lets an owner
 * delete and create her own combatant (common/documents/combatant.mjs: create and delete need
 * OWNER), and any player write a Combat's round and turn. Every record of a fight is kept by
 * fighter (src/foundry/combat/fighter.ts: the token, or the actor of a tokenless combatant): she
 * deletes her combatant and creates it again, and it is the same fighter, with the same place, the
 * same buys this round, the same action spent, the same Momentum and the same "who is out". A second
 * fighter of her own is dismissed; an older Fray's records by combatant id survive the GM's load.
 */
import { describe, expect, it } from "vitest";
import type { User } from "../../playground/foundry/index.js";
import type { Actor as HarnessActor } from "../../playground/foundry/documents.js";
import type { Combat, Combatant } from "../../playground/foundry/combat.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import { combatFixtures } from "./combat-fixtures.js";
import { bootWorld, playRuleset } from "./world.js";

let gm: User;
let ada: User;
const { harness, game } = bootWorld("cavaliers", { users: ["Ada"] }, (w) => ({ gm, ada } = w.users));

const { answerInitiative, actor } = combatFixtures(() => harness);
const kept = async () => (await import("../../src/foundry/combat/keeper.js")).combatsKept();
const ask = async (kind: string, payload: Record<string, unknown>) => (await import("../../src/foundry/relay/index.js")).ask(kind, payload);
const flag = (combat: Combat, key: string) => (combat.getFlag("fray", key) ?? {}) as Record<string, unknown>;
const mineIn = (combat: Combat, name: string) => combat.combatants.contents.find((c) => c.name === name) as Combatant;

/** An actor of `type` Ada owns, and one the GM keeps. */
async function owned(name: string, type = "cavaliersCharacter", system: Record<string, unknown> = {}): Promise<HarnessActor> {
  const made = await actor(name, type, system);
  await made.update({ [`ownership.${ada.id}`]: 3 });
  return made;
}

/** A begun combat of these actors (tokenless: each fights as its actor), added by the GM. */
async function begun(...actors: HarnessActor[]): Promise<Combat> {
  const cls = harness.CONFIG.Combat.documentClass as typeof Combat;
  const combat = (await cls.create({ active: true })) as Combat;
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id, name: a.name })));
  await kept();
  return combat;
}

/** Ana (Ada's) against a Guard in a Cavaliers fight, initiative rolled on set dice and the fight begun. */
async function anaAgainstTheGuard(): Promise<Combat> {
  const combat = await begun(await owned("Ana"), await actor("Guard", "cavaliersNpc"));
  answerInitiative({}, {});
  queueFaces(6, 4, 2, 1);
  await combat.rollInitiative(combat.combatants.contents.map((c) => c.id as string));
  await combat.startCombat();
  return combat;
}

/** As Ada: she deletes her combatant and creates it again (an initiative of her choosing on it), as v13 lets an owner. */
async function rejoin(combat: Combat, name: string, data: Record<string, unknown> = {}): Promise<Combatant> {
  const before = mineIn(combat, name);
  harness.switchUser(ada);
  await before.delete();
  await kept();
  const [again] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: before.actorId, tokenId: before.tokenId, sceneId: before.sceneId, name, ...data }])) as Combatant[];
  await kept();
  expect(again!.id).not.toBe(before.id);
  expect(recordKey(again!)).toBe(recordKey(before));
  return again!;
}

describe("leave and rejoin: the records of a fight are the fighter's, not the combatant's", () => {
  it("Cavaliers: no second Initiative roll, her place and initiative kept, and no second Reprise or Interpose buy in the round", async () => {
    const ana = await owned("Ana");
    const guard = await actor("Guard", "cavaliersNpc");
    const combat = await begun(ana, guard);
    harness.switchUser(ada);
    answerInitiative({ specialty: "vigilance" });
    queueFaces(6, 4);
    await combat.rollInitiative([mineIn(combat, "Ana").id as string]);
    harness.switchUser(gm);
    answerInitiative({ specialty: "impulse" });
    queueFaces(2, 1);
    await combat.rollInitiative([mineIn(combat, "Guard").id as string]);
    await combat.startCombat();
    await ana.update({ "system.initiativePoints": 6 });
    const placed = structuredClone(flag(combat, "cavaliers")[recordKey(mineIn(combat, "Ana"))]);
    harness.switchUser(ada);
    expect(await ask("combat.act", { combat: combat.id, combatants: [mineIn(combat, "Ana").id], action: "reprise", choice: {} })).toMatchObject({ ok: true });
    const back = await rejoin(combat, "Ana", { initiative: 99 });
    // The GM's record is hers again, and Foundry's field shows it (her 99 goes back).
    expect(flag(combat, "cavaliers")[recordKey(back)]).toMatchObject({ specialty: (placed as { specialty: string }).specialty, place: (placed as { place: number }).place });
    expect(back.initiative).toBe(10);
    expect(combat.turns.map((c) => c.name)).toEqual(["Ana", "Guard"]);
    answerInitiative({ specialty: "impulse" });
    queueFaces(8, 6);
    await combat.rollInitiative([back.id as string]);
    expect(harness.notifications.at(-1)?.message).toContain("has rolled Initiative already");
    expect(flag(combat, "cavaliers")[recordKey(back)]).toMatchObject({ specialty: "vigilance", total: 10 });
    expect(await ask("combat.act", { combat: combat.id, combatants: [back.id], action: "reprise", choice: {} })).toMatchObject({ ok: false, reason: expect.stringContaining("once") });
    // Interpose's once a round is the same record of what she bought this round.
    const spent = (flag(combat, "cavaliers")[recordKey(back)] as { spent: { round: number; spends: string[] } }).spent;
    expect(spent).toEqual({ round: 1, spends: ["reprise"] });
  });

  it("Cavaliers: a hold and the round's combined actions stay on her fighter", async () => {
    const combat = await anaAgainstTheGuard();
    const key = recordKey(mineIn(combat, "Ana"));
    await combat.update({ [`flags.fray.cavaliersHolds.${key}`]: { round: 1, by: recordKey(mineIn(combat, "Guard")) }, [`flags.fray.cavaliersCombined.${key}`]: { round: 1, actions: ["move", "draw-weapon"] } });
    const back = await rejoin(combat, "Ana");
    const { heldThisRound } = await import("../../src/foundry/rulesets/cavaliers/combat/hold.js");
    const { combinedThisRound } = await import("../../src/foundry/rulesets/cavaliers/combat/combined.js");
    expect(heldThisRound(combat as never, back as never)).toBe(true);
    expect(combinedThisRound(combat as never, back as never)).toEqual(["move", "draw-weapon"]);
  });

  it("Personal Combat: no re-roll of her Initiative; her score and place are kept", async () => {
    await playRuleset(game, "personal");
    const ines = await owned("Ines", "personalCharacter", { initiativeRank: 3 });
    const guard = await actor("Guard", "personalNpc", { initiativeRank: 4 });
    const combat = await begun(ines, guard);
    harness.switchUser(ada);
    queueFaces(6);
    await combat.rollInitiative([mineIn(combat, "Ines").id as string]);
    const scored = structuredClone(flag(combat, "personal")[recordKey(mineIn(combat, "Ines"))]);
    expect(scored).toMatchObject({ score: 9, face: 6 });
    const back = await rejoin(combat, "Ines", { initiative: 99 });
    queueFaces(1);
    await combat.rollInitiative([back.id as string]);
    expect(harness.notifications.at(-1)?.message).toMatch(/Ines/);
    expect(flag(combat, "personal")[recordKey(back)]).toEqual(scored);
    expect(back.initiative).toBe(9);
  });

  it("Unhex: the action she spent stays spent, and the GM's \"who is out\" survives her leaving", async () => {
    await playRuleset(game, "unhex");
    const ada1 = await owned("Adela", "unhexCharacter");
    const guard = await actor("Guard", "unhexCharacter");
    const combat = await begun(ada1, guard);
    await combat.startCombat();
    // The GM knocks her out (his status is the roster's record), then she spends her action.
    await (mineIn(combat, "Adela").actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("unconscious", { active: true });
    await kept();
    harness.switchUser(ada);
    expect(await ask("combat.act", { combat: combat.id, combatants: [mineIn(combat, "Adela").id], action: "spend", choice: {} })).toMatchObject({ ok: true });
    const back = await rejoin(combat, "Adela");
    expect(await ask("combat.act", { combat: combat.id, combatants: [back.id], action: "spend", choice: {} })).toMatchObject({ ok: false, reason: expect.stringContaining("Adela") });
    const { statusesOf } = await import("../../src/foundry/combat/roster.js");
    expect([...statusesOf(combat as never, back as never)]).toContain("unconscious");
    const { combatEndOf } = await import("../../src/foundry/rulesets/unhex/combat/end.js");
    expect(JSON.stringify(combatEndOf(combat as never))).toContain("unconscious");
  });

  it("Drama: the Momentum she holds and the stance she declared are kept", async () => {
    await playRuleset(game, "drama");
    const ines = await owned("Ines", "dramaCharacter");
    const odo = await actor("Odo", "dramaNpc");
    const combat = await begun(ines, odo);
    const [mine, his] = [recordKey(mineIn(combat, "Ines")), recordKey(mineIn(combat, "Odo"))];
    // What a fight card's Apply writes: Momentum between the two, held by her; her stance this round.
    await combat.update({ [`flags.fray.dramaMomentum.${[mine, his].sort().join("_")}`]: mine, [`flags.fray.dramaStances.r1.${mine}`]: "press" });
    const back = await rejoin(combat, "Ines");
    const { holdsMomentumOver, declaredStance } = await import("../../src/foundry/rulesets/drama/combat/state.js");
    expect(holdsMomentumOver(combat as never, recordKey(back))).toEqual([his]);
    expect(declaredStance(combat as never, recordKey(back), 1)).toEqual({ stance: "press" });
  });

  it("Beyond the Torchlight is in torchlight-hostile.test.ts (its world); the roster keeps her entry whatever the ruleset", async () => {
    const ana = await owned("Ana");
    const combat = await begun(ana);
    const entry = structuredClone(flag(combat, "roster")[recordKey(mineIn(combat, "Ana"))]);
    const back = await rejoin(combat, "Ana");
    expect(flag(combat, "roster")[recordKey(back)]).toEqual(entry);
  });
});

describe("she brings in no second fighter of her own", () => {
  /** Ana on her token on a scene, in a combat the GM began. */
  async function onToken() {
    const ana = await owned("Ana");
    const SceneClass = (globalThis as unknown as { Scene: { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string }[]> }> } }).Scene;
    const scene = await SceneClass.create({ name: "Hall", active: true });
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Ana", actorId: ana.id, disposition: 1 }]);
    const cls = harness.CONFIG.Combat.documentClass as typeof Combat;
    const combat = (await cls.create({ active: true })) as Combat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, tokenId: token!.id, sceneId: scene.id, name: "Ana" }]);
    await kept();
    return { ana, combat, token: token!, scene };
  }

  it("a tokenless combatant of an actor fighting on her token, or a second one on the same token, is dismissed with a whisper", async () => {
    const { ana, combat, token, scene } = await onToken();
    harness.switchUser(ada);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, name: "Ana again", initiative: 50 }]);
    await kept();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, tokenId: token.id, sceneId: scene.id, name: "Ana twice" }]);
    await kept();
    expect(combat.combatants.contents.map((c) => c.name)).toEqual(["Ana"]);
    expect(Object.keys(flag(combat, "roster"))).toEqual([`Token:${token.id}`]);
    const whispers = game.messages.contents.filter((m) => (m as unknown as { whisper: string[] }).whisper.includes(ada.id as string));
    expect(whispers).toHaveLength(2);
    expect((whispers[0] as unknown as { content: string }).content).toContain("already fights in this combat");
  });

  it("after she left her token's combatant, a tokenless one of hers is still a second fighter; the token's comes back", async () => {
    const { ana, combat, token, scene } = await onToken();
    harness.switchUser(ada);
    await combat.combatants.contents[0]!.delete();
    await kept();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, name: "Ana" }]);
    await kept();
    expect(combat.combatants.size).toBe(0);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, tokenId: token.id, sceneId: scene.id, name: "Ana" }]);
    await kept();
    expect(combat.combatants.contents.map((c) => recordKey(c))).toEqual([`Token:${token.id}`]);
  });

  it("the GM may add whom he likes", async () => {
    const { ana, combat } = await onToken();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, name: "Ana's shadow" }]);
    await kept();
    expect(combat.combatants.size).toBe(2);
  });
});

describe("while no GM is connected (issue 34, item 7): the GM's load puts back what a player changed", () => {
  const settle = async () => (await import("../../src/foundry/combat/keeper.js")).settleWorld();
  const away = (on: boolean) => ((gm as unknown as { active: boolean }).active = on);

  it("she rejoins with initiative 99, writes the round and the turn, and her defeat: the GM's load puts back his clock and his record", async () => {
    const combat = await anaAgainstTheGuard();
    const roster = structuredClone(flag(combat, "roster"));
    const places = structuredClone(flag(combat, "cavaliers"));
    const shadow = await owned("Ana's shadow");
    away(false);
    try {
      const back = await rejoin(combat, "Ana", { initiative: 99 });
      await back.update({ defeated: true });
      await combat.update({ round: 5, turn: 1 });
      // A fighter new to the fight (another actor she owns), with an initiative of her choosing.
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: shadow.id, name: "Shadow", initiative: 50 }]);
      await kept();
      expect([combat.round, back.initiative, back.defeated]).toEqual([5, 99, true]);
      // Nothing was put back: no GM is connected.
      harness.switchUser(gm);
      away(true);
      const { reloadCombat } = await import("../../playground/foundry/combat.js");
      const loaded = reloadCombat(combat);
      await settle();
      const mine = mineIn(loaded, "Ana");
      expect([loaded.round, loaded.turn, loaded.combatant?.name]).toEqual([1, 0, "Ana"]);
      expect([mine.initiative, mine.defeated]).toEqual([10, false]);
      expect(flag(loaded, "cavaliers")).toEqual(places);
      for (const [key, entry] of Object.entries(roster)) expect(flag(loaded, "roster")[key]).toMatchObject(entry as object);
      // A fighter new to the fight joins as a player's: no initiative of hers, her row to roll.
      expect(flag(loaded, "roster")[recordKey(mineIn(loaded, "Shadow"))]).toMatchObject({ side: null, initiative: null });
      expect(mineIn(loaded, "Shadow").initiative).toBeNull();
    } finally {
      away(true);
    }
  });

  it("a second fighter she added while no GM was connected is dismissed on the GM's load", async () => {
    const ana = await owned("Ana");
    const combat = await begun(ana);
    away(false);
    try {
      harness.switchUser(ada);
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, name: "Ana" }]);
      expect(combat.combatants.size).toBe(2);
      harness.switchUser(gm);
      away(true);
      await settle();
      expect(combat.combatants.size).toBe(1);
    } finally {
      away(true);
    }
  });

  it("a fight an older Fray kept by combatant id survives the update: the GM's load moves every record to fighter keys, the clock's too", async () => {
    await playRuleset(game, "drama");
    const ines = await owned("Ines", "dramaCharacter");
    const odo = await actor("Odo", "dramaNpc");
    const combat = await begun(ines, odo);
    await combat.startCombat();
    const [mine, his] = [mineIn(combat, "Ines"), mineIn(combat, "Odo")];
    const [i, o] = [mine.id as string, his.id as string];
    // As an older Fray wrote them: the roster, a stance and Momentum by combatant id.
    await combat.update({
      "flags.fray.==roster": { [i]: { side: 1, joined: 0, initiative: 4 }, [o]: { side: -1, joined: 0, initiative: 2 } },
      "flags.fray.==dramaStances": { r1: { [i]: "press" } },
      "flags.fray.==dramaMomentum": { [[i, o].sort().join("_")]: i },
    });
    const clock = flag(combat, "clock") as { round: number; combatant: string };
    await combat.update({ "flags.fray.clock.combatant": clock.combatant === recordKey(mine) ? i : o });
    // Read by combatant id until the GM's load moves them.
    const { initiativeOf } = await import("../../src/foundry/combat/roster.js");
    expect(initiativeOf(combat as never, mine as never)).toBe(4);
    await settle();
    const [ki, ko] = [recordKey(mine), recordKey(his)];
    expect(flag(combat, "roster")).toEqual({ [ki]: { side: 1, joined: 0, initiative: 4 }, [ko]: { side: -1, joined: 0, initiative: 2 } });
    expect(flag(combat, "dramaStances")).toEqual({ r1: { [ki]: "press" } });
    expect(flag(combat, "dramaMomentum")).toEqual({ [[ki, ko].sort().join("_")]: ki });
    expect(flag(combat, "clock")).toEqual(clock);
    expect(combat.combatant?.name).toBe(mineIn(combat, clock.combatant === ki ? "Ines" : "Odo").name);
    const { holdsMomentumOver } = await import("../../src/foundry/rulesets/drama/combat/state.js");
    expect(holdsMomentumOver(combat as never, ki)).toEqual([ko]);
  });
});
