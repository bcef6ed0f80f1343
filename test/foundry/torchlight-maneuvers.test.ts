/**
 * Maneuvers and stance abilities at the table, over rounds: what each leaves on the Combat (a mark,
 * a Called Shot, an ability used) and what that does to the next attacks and to the end of the round,
 * and when it ends. Faces are given; each expectation names the rule it shows.
 */
import { describe, expect, it } from "vitest";
import { clearQueuedFaces, queueFaces } from "../../playground/foundry/dice.js";
import { cardOf, type Message, bootTorchlight, type TorchlightWorld } from "./torchlight-fixtures.js";
import { headlineOf } from "./card-words.js";

let w: TorchlightWorld;
let t: Awaited<ReturnType<typeof fx.torchlight>>;
const { harness, fx } = bootTorchlight({ cardsInWords: true }, async (world) => {
  w = world;
  t = await fx.torchlight();
  // Everyone acts in round 1: Elsa lane 3 Steadied, Riddic lane 3 Aggressive, the Bandit lane 3 Steadied, the Archer lane 5 Rearguard.
  await fx.initiative(w, 15, 14, 12, 10);
});

const statuses = (a: unknown) => [...(a as { statuses: Set<string> }).statuses];
const breath = (a: unknown) => (a as { system: { breath: { value: number } } }).system.breath.value;
const marks = () => (fx.flags(w).marks ?? {}) as Record<string, Record<string, unknown> | null>;
const combatId = () => w.combat.id as string;
const edges = (m: Message) => (cardOf(m).outcome.steps.find((s) => s.rule === "edges")?.why as string[]) ?? [];

async function gmPhase(): Promise<void> {
  harness.switchUser(w.gm);
  await w.combat.update({ "flags.fray.torchlight.phase": "gm" });
}

/** A Thug (Aggressive) and a Brute (On Guard) join the Bandit in lane 3, which the GM names the foes' Squad; then the GM's turn. */
async function squadInLane3(): Promise<unknown[]> {
  const ActorClass = harness.CONFIG.Actor.documentClass as unknown as { create(d: object): Promise<{ id: string; uuid: string; items: { contents: { id: string }[] } }> };
  const thugs = [];
  for (const name of ["Thug", "Brute"]) thugs.push(await ActorClass.create({ name, type: "torchlightNpc", items: [{ name: "Club", type: "torchlightWeapon", system: { die: 6 } }] }));
  const made = (await w.combat.createEmbeddedDocuments("Combatant", thugs.map((a) => ({ actorId: a.id, name: (a as unknown as { name: string }).name })))) as { id: string }[];
  harness.switchUser(w.gm);
  const { ask } = await import("../../src/foundry/relay/index.js");
  for (const c of made) await ask("torchlight.move", { combat: combatId(), combatant: c.id, lane: 3, stance: c === made[0] ? "aggressive" : "on-guard" });
  await ask("torchlight.toggleSquad", { combat: combatId(), side: "foes", lane: 3 });
  await gmPhase();
  return thugs;
}


/** The GM ends the round; saves, if any are owed, are rolled by whoever owes them (faces given in order). */
async function endRound(...saves: number[]): Promise<Message> {
  harness.switchUser(w.gm);
  const round = (await t.postTorchlightRound(w.combat as never)) as unknown as Message;
  while (cardOf(round).state === "open") {
    const by = cardOf(round).outcome.awaiting!.by;
    const uuid = (cardOf(round) as unknown as { refs: Record<string, { actor: string }> }).refs[by]!.actor;
    harness.switchUser(uuid === w.elsa.uuid ? w.ada : uuid === w.riddic.uuid ? w.bob : w.gm);
    await fx.click(round, "[data-fray-action='saves']", [saves.shift() ?? 20]);
  }
  harness.switchUser(w.gm);
  return round;
}

describe("Maneuvers for 1 Breath", () => {
  it("seed 004 §Grapple: after an attack, a Dex check holds the target, which then attacks Impaired; each round a Str save keeps the hold", async () => {
    harness.switchUser(w.bob);
    // Never on its own ("After your attack you attempt to grapple").
    queueFaces(9);
    expect(await t.postTorchlightManeuver({ combat: combatId(), actor: fx.who(w.riddic), target: fx.who(w.bandit), maneuver: "grapple", weapon: "" })).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("Grapple follows an attack");
    clearQueuedFaces();
    // Riddic's sword shows 4; he keeps it (no Feint); then his Dex check, DC 12: 9 holds.
    const grapple = (await fx.attack(w, w.bob, w.riddic, w.bandit, [4], { maneuver: "grapple" }, "keep", [9]))!;
    expect(cardOf(grapple).state).toBe("applied");
    expect(cardOf(grapple).outcome.dice.map((d) => d.label)).toEqual(["Riddic damage die", "Riddic grapple dex check"]);
    expect(breath(w.riddic)).toBe(4);
    expect(statuses(w.bandit)).toContain("fray-grappled");
    expect(marks()[w.keys.bandit]).toMatchObject({ grappled: { taken: 1, by: w.keys.riddic } });
    await gmPhase();
    const shot = (await fx.attack(w, w.gm, w.bandit, w.riddic, [3, 5]))!;
    expect(edges(shot)).toEqual(["-grappled"]);
    // The hold: Riddic's Str ST 8. Once a round: 12 keeps it, a second try is refused.
    harness.switchUser(w.bob);
    queueFaces(12);
    const hold = (await t.postTorchlightGrappleHold({ combat: combatId(), actor: fx.who(w.riddic), target: fx.who(w.bandit) })) as unknown as Message;
    expect(cardOf(hold).outcome.result).toEqual({ held: true });
    // Issue 38 item 1: the first line tells the outcome.
    expect(headlineOf(await hold.renderHTML())).toBe("Str save 12 against ST 8: keeps the hold.");
    queueFaces(12);
    expect(await t.postTorchlightGrappleHold({ combat: combatId(), actor: fx.who(w.riddic), target: fx.who(w.bandit) })).toBeUndefined();
    clearQueuedFaces();
    await endRound();
    harness.switchUser(w.bob);
    queueFaces(2);
    const slip = (await t.postTorchlightGrappleHold({ combat: combatId(), actor: fx.who(w.riddic), target: fx.who(w.bandit) })) as unknown as Message;
    expect(cardOf(slip).outcome.result).toEqual({ held: false });
    expect(statuses(w.bandit)).not.toContain("fray-grappled");
    expect(marks()[w.keys.bandit]).toMatchObject({ grappled: null });
    // The hold let go: the Bandit's row still reads (his only mark cleared is no broken record).
    const { torchlightCombatRules } = await import("../../src/foundry/rulesets/torchlight/combat/index.js");
    const bandit = w.combat.combatants.find((c) => c.actor?.id === w.bandit.id)!;
    expect(torchlightCombatRules.hasBadState(bandit as never)).toBe(false);
  });

  it("seed 004 §Distract: every attack on the target next round gets +1, and the mark ends with that round", async () => {
    harness.switchUser(w.ada);
    await t.postTorchlightManeuver({ combat: combatId(), actor: fx.who(w.elsa), target: fx.who(w.bandit), maneuver: "distract", weapon: "" });
    // This round: no +1 yet.
    const now = (await fx.attack(w, w.bob, w.riddic, w.bandit, [4]))!;
    expect(cardOf(now).outcome.result).toMatchObject({ damage: 6 });
    await endRound(20, 20);
    const next = (await fx.attack(w, w.bob, w.riddic, w.bandit, [4]))!;
    expect(cardOf(next).outcome.steps).toContainEqual({ rule: "distracted-target", bonus: 1 });
    await endRound(20, 20);
    expect(marks()[w.keys.bandit]).toMatchObject({ distracted: null });
    expect(statuses(w.bandit)).not.toContain("fray-distracted");
  });

  it("seed 004 §Evade: next round only a Precision Strike reaches the evader", async () => {
    harness.switchUser(w.ada);
    await t.postTorchlightManeuver({ combat: combatId(), actor: fx.who(w.elsa), maneuver: "evade", weapon: "" });
    await endRound();
    await gmPhase();
    await fx.attack(w, w.gm, w.bandit, w.elsa, [5]);
    const round = await endRound();
    expect(cardOf(round).outcome.steps).toContainEqual({ rule: "evaded", hit: 0, amount: 5 });
  });

  it("seed 004 §Parry: this round the target's melee attack on the parrier does nothing, even a Precision Strike", async () => {
    harness.switchUser(w.bob);
    await t.postTorchlightManeuver({ combat: combatId(), actor: fx.who(w.riddic), target: fx.who(w.bandit), maneuver: "parry", weapon: "" });
    await gmPhase();
    const strike = (await fx.attack(w, w.gm, w.bandit, w.riddic, [10]))!;
    await fx.click(strike, "[data-fray-value='extra-die']", [6]);
    const round = await endRound();
    expect(cardOf(round).outcome.steps).toContainEqual({ rule: "parried", hit: 0, amount: 16 });
    expect(statuses(w.riddic)).not.toContain("fray-parrying");
  });

  it("seed 004 §Hide/Cover: no ranged attack reaches the hidden, area damage does (Impaired); her next attack is Enhanced and ends the hiding", async () => {
    harness.switchUser(w.ada);
    await t.postTorchlightManeuver({ combat: combatId(), actor: fx.who(w.elsa), maneuver: "hide", weapon: "" });
    expect(statuses(w.elsa)).toContain("fray-hidden");
    await gmPhase();
    expect(await fx.attack(w, w.gm, w.archer, w.elsa, [4])).toBeUndefined();
    clearQueuedFaces();
    const splash = (await fx.attack(w, w.gm, w.archer, w.elsa, [4, 2], { area: true }))!;
    expect(cardOf(splash).outcome.result).toMatchObject({ damage: 2 });
    await endRound(20);
    const out = (await fx.attack(w, w.ada, w.elsa, w.bandit, [3, 8]))!;
    expect(edges(out)).toEqual(["+hidden"]);
    expect(statuses(w.elsa)).not.toContain("fray-hidden");
  });

  it("seed 004 §Goad: the card says the goaded must attack its goader next round; then any other attack is refused, the goader's Enhanced", async () => {
    harness.switchUser(w.bob);
    const goad = (await t.postTorchlightManeuver({ combat: combatId(), actor: fx.who(w.riddic), target: fx.who(w.bandit), maneuver: "goad", weapon: "" })) as unknown as Message;
    expect((await goad.renderHTML()).querySelector("[data-rule='compels'] .fray-tl-text")?.textContent).toBe("Bandit must attack Riddic next round (Goad).");
    await endRound();
    await gmPhase();
    expect(await fx.attack(w, w.gm, w.bandit, w.elsa, [2, 3])).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("Bandit owes an attack on Riddic (goad)");
    clearQueuedFaces();
    const atRiddic = (await fx.attack(w, w.gm, w.bandit, w.riddic, [2, 3]))!;
    expect(edges(atRiddic)).toEqual(["+goaded"]);
  });

  it("seed 004 §Parry: the Parried enemy must make a melee attack on the parrier next round; bound by a Goad as well, it may obey either, the parrier then Impaired in the goader's lane", async () => {
    harness.switchUser(w.ada);
    const parry = (await t.postTorchlightManeuver({ combat: combatId(), actor: fx.who(w.elsa), target: fx.who(w.bandit), maneuver: "parry", weapon: "" })) as unknown as Message;
    expect((await parry.renderHTML()).querySelector("[data-rule='compels'] .fray-tl-text")?.textContent).toBe("Bandit must make a melee attack on Elsa next round (Parry).");
    harness.switchUser(w.bob);
    await t.postTorchlightManeuver({ combat: combatId(), actor: fx.who(w.riddic), target: fx.who(w.bandit), maneuver: "goad", weapon: "" });
    await endRound();
    // The Parry's mark outlives its round to say what the Bandit owes; the tracker row says it.
    expect(marks()[w.keys.elsa]).toMatchObject({ parrying: { taken: 1, by: w.keys.bandit } });
    expect(statuses(w.elsa)).not.toContain("fray-parrying");
    const { torchlightCombatRules } = await import("../../src/foundry/rulesets/torchlight/combat/index.js");
    const combatant = (w.combat as unknown as { combatants: { get(id: string): unknown } }).combatants.get(w.ids.bandit);
    expect(torchlightCombatRules.view!(w.combat as never, combatant as never).facts).toEqual(expect.arrayContaining(["Must attack Riddic (Goaded)", "Must make a melee attack on Elsa (Parried)"]));
    await gmPhase();
    const atElsa = (await fx.attack(w, w.gm, w.bandit, w.elsa, [2, 3]))!;
    expect(edges(atElsa)).toEqual(["-goaded"]);
    await endRound(20);
    expect(marks()[w.keys.elsa]).toMatchObject({ parrying: null });
  });
});

describe("stance abilities", () => {
  it("seed 004 §Combat Stances, Aggressive: Intimidation makes the nearest engaged enemy attack Impaired this round", async () => {
    harness.switchUser(w.bob);
    const intimidation = (await t.postTorchlightAbility({ combat: combatId(), actor: fx.who(w.riddic) })) as unknown as Message;
    expect(cardOf(intimidation).outcome.result).toEqual({ ability: "intimidation", intimidated: "Bandit" });
    await gmPhase();
    const shot = (await fx.attack(w, w.gm, w.bandit, w.riddic, [5, 2]))!;
    expect(edges(shot)).toEqual(["-intimidated"]);
  });

  it("seed 004 §Combat Stances, Rearguard: a Called Shot prepared this round makes next round's ranged attack Enhanced, then it is spent", async () => {
    await gmPhase();
    const called = (await t.postTorchlightAbility({ combat: combatId(), actor: fx.who(w.archer), target: fx.who(w.elsa) })) as unknown as Message;
    expect(cardOf(called).outcome.result).toEqual({ ability: "called-shot", calledShotOn: "Elsa" });
    expect(await fx.attack(w, w.gm, w.archer, w.elsa, [4])).toBeUndefined();
    clearQueuedFaces();
    await endRound();
    await gmPhase();
    const shot = (await fx.attack(w, w.gm, w.archer, w.elsa, [1, 4]))!;
    expect(edges(shot)).toEqual(["+called-shot"]);
    expect(fx.flags(w).called![w.keys.archer]).toBeNull();
  });

  it("seed 004 §Combat Stances, On Guard: Protect Companion takes half the largest hit on the companion", async () => {
    harness.switchUser(w.gm);
    await w.combat.update({ [`flags.fray.torchlight.grid.${w.keys.riddic}`]: { lane: 3, stance: "on-guard" } });
    harness.switchUser(w.bob);
    const protect = (await t.postTorchlightAbility({ combat: combatId(), actor: fx.who(w.riddic), target: fx.who(w.elsa) })) as unknown as Message;
    expect(cardOf(protect).outcome.result).toEqual({ ability: "protect-companion", protects: "Elsa" });
    await gmPhase();
    await fx.attack(w, w.gm, w.bandit, w.elsa, [6]);
    const round = await endRound(20);
    expect(cardOf(round).outcome.steps).toContainEqual({ rule: "protect-companion", hit: 0, attack: 6, taken: 3 });
    expect(breath(w.elsa)).toBe(1);
    expect(breath(w.riddic)).toBe(3);
  });

  it("seed 004 §Squads: the GM names a Squad; its members attack Enhanced and only the highest hit on one character lands", async () => {
    const thugs = await squadInLane3();
    const [first] = await fx.attacks(w, [
      [w.gm, w.bandit, w.riddic, [2, 4]],
      [w.gm, thugs[0] as never, w.riddic, [1, 3]],
    ]);
    expect(edges(first!)).toEqual(["+squad-attack"]);
    const round = await endRound(20);
    // The Bandit (Steadied) hits for 4; the Thug, Aggressive, for 3 + 2 = 5: only the 5 lands.
    expect(cardOf(round).outcome.steps.filter((s) => s.rule === "squad-lower")).toEqual([{ rule: "squad-lower", hit: 0, squad: "foes:3", amount: 4 }]);
  });

  it("seed 004 §Squads, issue 35 item 9: every member's damage die rolls before anyone chooses on a Precision Strike, then the choices come in the order declared", async () => {
    const thugs = await squadInLane3();
    const { ask } = await import("../../src/foundry/relay/index.js");
    // The Bandit, the Thug and the Brute declare on Riddic: nothing rolls yet.
    const cards = [(await fx.declare(w, w.gm, w.bandit, w.riddic))!, (await fx.declare(w, w.gm, thugs[0] as never, w.riddic))!, (await fx.declare(w, w.gm, thugs[1] as never, w.riddic))!];
    expect(cards.map((c) => cardOf(c).outcome.awaiting?.choice)).toEqual(["held", "held", "held"]);
    // Enhanced as a Squad: two dice each. The Bandit's 10 and the Thug's 6 are Precision Strikes, the Brute's 2 is not.
    queueFaces(10, 1, 6, 1, 2, 1);
    await fx.rollDeclared(w, "gm");
    expect(cards.map((c) => cardOf(c).outcome.dice.map((d) => d.face))).toEqual([[10, 1], [6, 1], [2, 1]]);
    expect(cards.map((c) => cardOf(c).outcome.awaiting?.choice)).toEqual(["precision", "precision", "feint"]);
    // The Thug may not choose before the Bandit, who declared first.
    const before = fx.stored();
    expect(await ask("card.choose", { message: cards[1]!.id, choice: "precision", value: "extra-die", roll: null })).toMatchObject({ ok: false, reason: "The Squad chooses on its Precision Strikes in the order it declared: Bandit first." });
    expect(fx.stored()).toBe(before);
    await fx.click(cards[0]!, "[data-fray-value='distract']");
    expect(cardOf(cards[0]!).state).toBe("applied");
    await fx.click(cards[1]!, "[data-fray-value='extra-die']", [3]);
    expect(cardOf(cards[1]!).state).toBe("applied");
  });

  it("seed 004 §Actions, issue 35 item 9: a Squad mate who declares once the side's attacks rolled is refused in one line, so no die comes after a choice", async () => {
    const thugs = await squadInLane3();
    const bandit = (await fx.declare(w, w.gm, w.bandit, w.riddic))!;
    queueFaces(10, 1);
    await fx.rollDeclared(w, "gm");
    // The Thug declares late: "All Actions must be declared before any Attacks are made".
    const before = fx.stored();
    expect(await fx.declare(w, w.gm, thugs[0] as never, w.riddic)).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toBe("Every action is declared before any attack is made: her side's declared attacks have already rolled this round, so she declares again next round (Thug)");
    expect(fx.stored()).toBe(before);
    // The Bandit chooses on his Precision Strike: no mate's die waits.
    await fx.click(bandit, "[data-fray-value='distract']");
    expect(cardOf(bandit).state).toBe("applied");
  });
});

describe("Retreat", () => {
  it("seed 004 §Attacking: an archer shooting from Elsa's lane engages no one: she may Retreat the next round, not once he stops shooting", async () => {
    harness.switchUser(w.gm);
    await w.combat.update({ "flags.fray.torchlight.grid": { [w.keys.elsa]: { lane: 2, stance: "rearguard" }, [w.keys.archer]: { lane: 2, stance: "steadied" }, [w.keys.bandit]: { lane: 5, stance: "steadied" }, [w.keys.riddic]: { lane: 5, stance: "aggressive" } } });
    harness.switchUser(w.ada);
    expect(await t.postTorchlightRetreat({ combat: combatId(), actor: fx.who(w.elsa) })).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("Elsa is engaged");
    await gmPhase();
    await fx.attack(w, w.gm, w.archer, w.riddic, [3]);
    expect(fx.flags(w).ranged![w.keys.archer]).toBe(1);
    await endRound(20);
    // Round 2: he shot last round and has not struck since, so he holds no one.
    harness.switchUser(w.ada);
    const retreat = (await t.postTorchlightRetreat({ combat: combatId(), actor: fx.who(w.elsa) })) as unknown as Message;
    expect(cardOf(retreat).outcome.result).toMatchObject({ retreated: "Elsa", leftInRound: 2 });
    harness.switchUser(w.gm);
    await (await fx.cards()).cardsIdle();
    await fx.click(retreat, "[data-fray-action='undo']");
    // Round 3 with no shot in round 2: he engages her again.
    await endRound(20);
    harness.switchUser(w.ada);
    expect(await t.postTorchlightRetreat({ combat: combatId(), actor: fx.who(w.elsa) })).toBeUndefined();
  });

  it("seed 004 §Retreat: from the Rearguard when not Engaged; out for a round; back by rolling the Dex save again", async () => {
    await gmPhase();
    const retreat = (await t.postTorchlightRetreat({ combat: combatId(), actor: fx.who(w.archer) })) as unknown as Message;
    expect(cardOf(retreat).outcome.result).toEqual({ retreated: "Archer", leftInRound: 1, mayReturnFrom: 3 });
    expect(headlineOf(await retreat.renderHTML())).toBe("Archer Retreats in round 1; may come back from round 3, rolling initiative again.");
    expect(fx.flags(w).grid![w.keys.archer]).toBeNull();
    expect(statuses(w.archer)).toContain("fray-retreated");
    await endRound();
    queueFaces(15);
    expect(await t.postTorchlightInitiative(w.combat as never, [w.keys.archer])).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("wait at least one round");
    clearQueuedFaces();
    await endRound();
    queueFaces(15);
    const back = (await t.postTorchlightInitiative(w.combat as never, [w.keys.archer])) as unknown as Message;
    expect(cardOf(back).state).toBe("applied");
    expect(headlineOf(await back.renderHTML())).toBe("Every Dex save passed: everyone acts this round.");
    expect(fx.flags(w).retreated![w.keys.archer]).toBeNull();
    expect(fx.flags(w).grid![w.keys.archer]).toEqual({ lane: 5, stance: "rearguard" });
    expect(statuses(w.archer)).not.toContain("fray-retreated");
    // Riddic, Aggressive in a lane with the Bandit, is Engaged and may not Retreat.
    harness.switchUser(w.bob);
    expect(await t.postTorchlightRetreat({ combat: combatId(), actor: fx.who(w.riddic) })).toBeUndefined();
  });
});
