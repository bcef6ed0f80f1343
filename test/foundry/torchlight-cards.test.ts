/**
 * The torchlight cards on the card engine, in the harness, from given faces: initiative placing
 * everyone on the Combat Grid, an attack whose Precision Strike waits for its owner's choice, hits
 * queued on the Combat (not on anyone's Breath), the end-of-round card asking each damaged
 * character's owner for her saves, Apply writing everyone at once and Undo taking it back.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { HarnessGame } from "../../playground/foundry/index.js";
import { clearQueuedFaces } from "../../playground/foundry/dice.js";
import { type Card, cardOf, type Message, bootTorchlight, type TorchlightWorld } from "./torchlight-fixtures.js";
import { diceShown, headlineOf } from "./card-words.js";

let w: TorchlightWorld;
const { harness, fx } = bootTorchlight({ cardsInWords: true }, (world) => (w = world));

const sys = (a: unknown) => (a as { system: { breath: { value: number }; characteristics: Record<string, { dc: number }>; encounter: Record<string, number>; incapacitated: boolean } }).system;
const statuses = (a: unknown) => [...(a as { statuses: Set<string> }).statuses];
const game = () => harness.game as HarnessGame;

describe("initiative", () => {
  it("seed 004 §Initiative: a Dex save each; failure waits a round; everyone goes to the wished cell, a full one overflows to the nearest lane", async () => {
    // Elsa dex 13 (ST 7): 15 acts. Riddic dex 12 (ST 8): 4 waits. Bandit and Archer dex 10 (ST 10): 12 and 9.
    const message = await fx.initiative(w, 15, 4, 12, 9);
    const card = cardOf(message);
    expect(card.state).toBe("applied");
    const state = fx.flags(w);
    expect(state.initiative![w.keys.riddic]).toEqual({ roll: 4, st: 8, success: false, actsFrom: 2 });
    expect(state.initiative![w.keys.elsa]).toMatchObject({ success: true, actsFrom: 1 });
    expect(statuses(w.riddic)).toContain("fray-waiting");
    // Issue 38 item 1: the first line says who waits a round.
    expect(headlineOf(await message.renderHTML())).toBe("Waits a round: Archer, Riddic; the rest act.");
    // In save order: Elsa (15) lane 3 Steadied; Bandit (12) lane 3 Steadied on the foes' side; Archer lane 5 Rearguard; Riddic lane 3 Aggressive.
    expect(state.grid).toEqual({
      [w.keys.elsa]: { lane: 3, stance: "steadied" },
      [w.keys.bandit]: { lane: 3, stance: "steadied" },
      [w.keys.archer]: { lane: 5, stance: "rearguard" },
      [w.keys.riddic]: { lane: 3, stance: "aggressive" },
    });
    const combatant = (w.combat as unknown as { combatants: { get(id: string): { initiative: number } } }).combatants.get(w.ids.elsa);
    expect(combatant.initiative).toBe(15);
    // A passed save and a failed one look and read apart.
    const html = await message.renderHTML();
    expect(diceShown(html).sort()).toEqual(["12 success", "15 success", "4 failure", "9 failure"]);
    expect([...html.querySelectorAll<HTMLElement>(".fray-tl-steps .fray-die")].map((die) => die.dataset.tooltip).sort()).toEqual(["Dex save failed: waits a round", "Dex save failed: waits a round", "Dex save passed: acts this round", "Dex save passed: acts this round"]);
    expect([...html.querySelectorAll(".fray-dice-legend .fray-die-key")].map((key) => key.textContent)).toEqual(["Success", "Failure"]);
    // Only a GM takes it back.
    harness.switchUser(w.ada);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(w.gm);
    expect(await fx.buttons(message)).toEqual(["undo"]);
  });

  it("a player rolls her own character's save; a second roll is refused", async () => {
    harness.switchUser(w.ada);
    const { postTorchlightInitiative } = await fx.torchlight();
    const { queueFaces } = await import("../../playground/foundry/dice.js");
    queueFaces(15);
    expect(await postTorchlightInitiative(w.combat as never, [w.keys.elsa])).toBeTruthy();
    queueFaces(15);
    expect(await postTorchlightInitiative(w.combat as never, [w.keys.elsa])).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("already rolled");
  });

  it("issue 38 item 4: the initiative card is headed by the fight, not by the character who rolled first", async () => {
    harness.switchUser(w.ada);
    const { postTorchlightInitiative } = await fx.torchlight();
    const { queueFaces } = await import("../../playground/foundry/dice.js");
    queueFaces(15);
    const message = (await postTorchlightInitiative(w.combat as never, [w.ids.elsa]))!;
    expect(message.speaker).toMatchObject({ alias: "The fight", actor: null, token: null });
  });
});

describe("an attack queued for the end of the round", () => {
  beforeEach(async () => {
    await fx.initiative(w, 15, 4, 12, 10);
  });

  it("a Precision Strike waits for the attacker's owner: the choice buttons are hers (and the GM's), not Bob's", async () => {
    const message = (await fx.attack(w, w.ada, w.elsa, w.bandit, [10]))!;
    expect(cardOf(message).outcome.awaiting).toMatchObject({ choice: "precision", by: "attacker" });
    harness.switchUser(w.bob);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(w.ada);
    expect(await fx.buttons(message)).toContain("choose:extra-die");
    // Issue 38 item 1: the first line says what the card waits for, and the die shows under it.
    expect(headlineOf(await message.renderHTML())).toBe("Your choice, for Elsa: see below.");
    expect(diceShown(await message.renderHTML()).length).toBeGreaterThan(0);
    expect(await fx.buttons(message)).toContain("choose:push");
    await fx.click(message, "[data-fray-value='push']");
    expect(cardOf(message).outcome.awaiting).toMatchObject({ choice: "push", offer: { directions: ["lane-up", "lane-down", "forward", "back"] } });
    await fx.click(message, "[data-fray-value='back']");
    const card: Card = cardOf(message);
    expect(card.state).toBe("applied");
    // The hit waits on the Combat; the Bandit's Breath has not moved; the Push moved him back a stance.
    expect(fx.flags(w).hits![w.keys.elsa]).toEqual({ round: 1, target: w.keys.bandit, amount: 11, damageType: "slashing", precisionStrike: true, melee: true, squad: null, seq: 1 });
    expect(sys(w.bandit).breath.value).toBe(2);
    expect(fx.flags(w).grid![w.keys.bandit]).toEqual({ lane: 3, stance: "on-guard" });
    expect(statuses(w.bandit)).toContain("fray-pushed");
    const html = await message.renderHTML();
    expect(html.textContent).toContain("Queued for the end of round 1: 11 Slashing damage on Bandit.");
    expect(headlineOf(html)).toBe("Hit, Precision Strike: 11 Slashing on Bandit.");
    // Undo takes the queued hit, the Push and the status back: the GM's, since the card changed the Bandit and the Combat.
    expect(await fx.buttons(message)).not.toContain("undo");
    harness.switchUser(w.gm);
    await fx.click(message, "[data-fray-action='undo']");
    expect(fx.flags(w).hits![w.keys.elsa]).toBeNull();
    expect(fx.flags(w).grid![w.keys.bandit]).toEqual({ lane: 3, stance: "steadied" });
    expect(statuses(w.bandit)).not.toContain("fray-pushed");
  });

  it("issue 38 item 4: the damage line shows every term of the total, each by what gives it", async () => {
    const message = (await fx.attack(w, w.ada, w.elsa, w.bandit, [4]))!;
    const line = (await message.renderHTML()).querySelector("[data-rule='damage-die']")!.textContent!.replace(/\s+/g, " ");
    expect(line).toContain("Total 4 + 1 Proficiency = 5.");
  });

  it("shows the kept face beside the one it beat", async () => {
    harness.switchUser(w.gm);
    // The Archer shoots from lane 5, made a balcony: his bow is Enhanced.
    await w.combat.update({ "flags.fray.torchlight.lanes": [0, 0, 0, 0, 1, 0] });
    await w.combat.update({ "flags.fray.torchlight.phase": "gm" });
    const message = (await fx.attack(w, w.gm, w.archer, w.elsa, [2, 5]))!;
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    const die = (await message.renderHTML()).querySelector("[data-rule='damage-die']")!;
    expect([...die.querySelectorAll(".fray-die")].map((d) => `${d.className.includes("fray-die-kept") ? "kept" : "discarded"} ${d.textContent}`)).toEqual(["discarded 2d6", "kept 5d6"]);
    expect((await message.renderHTML()).textContent).toContain("Enhanced: the lanes' levels.");
  });

  it("the grid decides what is allowed: melee only in one's lane, nobody acts twice, a waiting character not at all", async () => {
    harness.switchUser(w.gm);
    await w.combat.update({ "flags.fray.torchlight.grid": { [w.keys.bandit]: { lane: 1, stance: "steadied" } } });
    expect(await fx.attack(w, w.ada, w.elsa, w.bandit, [4])).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("own lane");
    expect(await fx.attack(w, w.bob, w.riddic, w.archer, [4])).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("acts from round 2");
    expect(await fx.attack(w, w.ada, w.elsa, w.archer, [4])).toBeUndefined();
  });
});

describe("the end of the round", () => {
  async function roundWithHits(): Promise<Message> {
    await fx.initiative(w, 15, 4, 12, 9);
    // Elsa's sword: 6 + 1 Proficiency = 7 on the Bandit (Breath 2: 5 to Str).
    await fx.attack(w, w.ada, w.elsa, w.bandit, [6]);
    harness.switchUser(w.gm);
    await w.combat.update({ "flags.fray.torchlight.phase": "gm" });
    // The Bandit's sword on Elsa: 5 (Breath 1: 4 to Str, DC 11 → 7, ST 13).
    await fx.attack(w, w.gm, w.bandit, w.elsa, [5]);
    await w.combat.update({ "flags.fray.torchlight.phase": "environment" });
    const { postTorchlightRound } = await fx.torchlight();
    return (await postTorchlightRound(w.combat as never)) as unknown as Message;
  }

  it("totals each hit, then asks Elsa's owner for her save, then the GM for the Bandit's; Apply writes everyone and begins round 2", async () => {
    const message = await roundWithHits();
    let card = cardOf(message);
    expect(card.outcome.awaiting).toMatchObject({ choice: "saves.c0", by: "c0", offer: { characteristics: ["str"], st: { str: 13 } } });
    expect(sys(w.elsa).breath.value).toBe(1);
    // Only Ada (and the GM) sees Elsa's save button.
    harness.switchUser(w.bob);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(w.ada);
    expect(await fx.buttons(message)).toEqual(["saves:true"]);
    await fx.click(message, "[data-fray-action='saves']", [14]);
    card = cardOf(message);
    expect(card.outcome.awaiting).toMatchObject({ choice: "saves.c2", by: "c2" });
    harness.switchUser(w.gm);
    await fx.click(message, "[data-fray-action='saves']", [3]);
    card = cardOf(message);
    expect(card.state).toBe("applied");
    expect(sys(w.elsa).breath.value).toBe(0);
    expect(sys(w.elsa).characteristics.str!.dc).toBe(7);
    expect(sys(w.elsa).encounter.str).toBe(4);
    expect(sys(w.bandit).characteristics.str!.dc).toBe(5);
    expect(sys(w.bandit).incapacitated).toBe(true);
    // Issue 38 items 4 and 5: what the damage cost said as the game says it, once, with DC and ST in full beside it.
    const shown = await message.renderHTML();
    const changes = [...shown.querySelectorAll(".fray-card-changes li")].map((li) => li.textContent);
    expect(changes).toEqual(expect.arrayContaining(["Elsa loses 4 Strength (DC Check now 7)", "Bandit loses 5 Strength (DC Check now 5)"]));
    expect(changes.join(" ")).not.toMatch(/lost this encounter|Strength DC/);
    expect(shown.querySelector("[data-jargon]")?.textContent).toContain("DC: the check number");
    expect(headlineOf(shown)).toBe("Down at the end of the round: Bandit.");
    expect(statuses(w.bandit)).toEqual(expect.arrayContaining(["fray-incapacitated", "prone"]));
    expect(statuses(w.riddic)).not.toContain("fray-waiting");
    expect(w.combat.round).toBe(2);
    expect(fx.flags(w).hits).toEqual({ [w.keys.elsa]: null, [w.keys.bandit]: null });
    // The Bandit's attack card can no longer be taken back: its hit has landed.
    const attack = (harness.game.messages as unknown as { contents: Message[] }).contents.find((m) => cardOf(m).kind === "torchlight.attack" && cardOf(m).request.attacker === w.keys.bandit)!;
    const { ask } = await import("../../src/foundry/relay/index.js");
    expect(await ask("card.undo", { message: attack.id })).toMatchObject({ ok: false });
    // The GM's Undo puts every value back, the round too.
    await fx.click(message, "[data-fray-action='undo']");
    expect(sys(w.elsa).breath.value).toBe(1);
    expect(sys(w.bandit).characteristics.str!.dc).toBe(10);
    expect(sys(w.elsa).encounter.str).toBe(0);
    expect(statuses(w.bandit)).not.toContain("fray-incapacitated");
    expect(w.combat.round).toBe(1);
    expect(fx.flags(w).hits![w.keys.elsa]).toMatchObject({ amount: 7 });
  });

  it("RULINGS, Breath at the round's end: the card shows the hits meeting Breath in the order they were dealt, not the order the Combat stores them", async () => {
    await fx.initiative(w, 15, 14, 12, 9);
    harness.switchUser(w.gm);
    await w.combat.update({ "flags.fray.torchlight.phase": "gm" });
    // Round 1: the Bandit strikes Elsa (stored first), then the end of the round clears it.
    await fx.attack(w, w.gm, w.bandit, w.elsa, [1]);
    const { postTorchlightRound } = await fx.torchlight();
    await postTorchlightRound(w.combat as never);
    // Round 2: the players' attacks roll together; Elsa's shot is dealt at once, Riddic's blow once he keeps his
    // die (no Feint): Elsa's hit on the Bandit first, Riddic's second, then the Bandit's on Elsa.
    await fx.attacks(w, [
      [w.bob, w.riddic, w.bandit, [3]],
      [w.ada, w.elsa, w.bandit, [2]],
    ]);
    harness.switchUser(w.gm);
    await w.combat.update({ "flags.fray.torchlight.phase": "gm" });
    await fx.attack(w, w.gm, w.bandit, w.elsa, [1]);
    expect(Object.keys(fx.flags(w).hits!)).toEqual([w.keys.bandit, w.keys.elsa, w.keys.riddic]);
    expect(Object.values(fx.flags(w).hits!).map((h) => (h as { seq: number }).seq)).toEqual([3, 1, 2]);
    const round = (await postTorchlightRound(w.combat as never)) as unknown as Message;
    const order = [...(await round.renderHTML()).querySelectorAll("[data-rule='breath-meets'] .fray-tl-text")].map((l) => l.textContent);
    expect(order).toEqual([
      // Elsa spent her Breath on round 1's blow.
      "Elsa: 1 Slashing from Bandit, no Breath left: 1 to Strength.",
      "Bandit: 3 Slashing from Elsa meets Breath, which takes 2 (0 left); 1 to Strength.",
      "Bandit: 5 Slashing from Riddic, no Breath left: 5 to Strength.",
    ]);
  });

  it("house default breathOrder (owner): her owner puts her hits to her Breath on the card, one button a hit; no one else may", async () => {
    await game().settings.set("fray", "torchlight.breathOrder", "owner");
    try {
      await fx.initiative(w, 15, 14, 12, 10);
      harness.switchUser(w.gm);
      const bow = (w.archer as unknown as { items: { contents: { update(d: object): Promise<unknown> }[] } }).items.contents[0]!;
      await bow.update({ "system.damageType": "fire" });
      await w.combat.update({ "flags.fray.torchlight.phase": "gm" });
      // Elsa (Breath 1) takes the Archer's fire arrow (2), then the Bandit's sword (3).
      await fx.attacks(w, [
        [w.gm, w.archer, w.elsa, [2]],
        [w.gm, w.bandit, w.elsa, [3]],
      ]);
      const { postTorchlightRound } = await fx.torchlight();
      const round = (await postTorchlightRound(w.combat as never)) as unknown as Message;
      expect(cardOf(round).outcome.awaiting).toMatchObject({ choice: "breathOrder.c0", by: "c0", offer: { options: ["0", "1"] } });
      expect((await round.renderHTML()).textContent).toContain("Elsa chooses which hit meets her Breath first.");
      harness.switchUser(w.bob);
      expect(await fx.buttons(round)).toEqual([]);
      const { ask } = await import("../../src/foundry/relay/index.js");
      const before = fx.stored();
      expect(await ask("card.choose", { message: round.id, choice: "breathOrder.c0", value: "1" })).toMatchObject({ ok: false, reason: expect.stringContaining("Elsa") });
      harness.switchUser(w.ada);
      expect(await fx.buttons(round)).toEqual(["choose:0", "choose:1"]);
      // Neither a hit twice nor one that is not hers.
      expect(await ask("card.choose", { message: round.id, choice: "breathOrder.c0", value: "1,1" })).toMatchObject({ ok: false, reason: expect.stringContaining("names each hit on that character once") });
      expect(await ask("card.choose", { message: round.id, choice: "breathOrder.c0", value: "7" })).toMatchObject({ ok: false });
      expect(fx.stored()).toBe(before);
      // The sword first: Breath takes 1 of it (2 to Str), the arrow then takes 2 off Wil.
      await fx.click(round, "[data-fray-value='1']");
      expect(cardOf(round).outcome.awaiting?.choice).toBe("saves.c0");
      const lines = [...(await round.renderHTML()).querySelectorAll("[data-rule='breath-meets'] .fray-tl-text")].map((l) => l.textContent);
      expect(lines).toEqual(["Elsa: 3 Slashing from Bandit meets Breath, which takes 1 (0 left); 2 to Strength.", "Elsa: 2 Fire from Archer, no Breath left: 2 to Willpower."]);
      await fx.click(round, "[data-fray-action='saves']", [20, 20]);
      expect(cardOf(round).state).toBe("applied");
      expect(sys(w.elsa).characteristics.str!.dc).toBe(9);
      expect(sys(w.elsa).characteristics.wil!.dc).toBe(3);
    } finally {
      harness.switchUser(w.gm);
      await game().settings.set("fray", "torchlight.breathOrder", "dealt");
    }
  });

  it("Rally reaches the companions within one position and its Breath lands before the damage", async () => {
    await fx.initiative(w, 15, 4, 12, 9);
    harness.switchUser(w.ada);
    const { postTorchlightAbility } = await fx.torchlight();
    // Elsa (Steadied, lane 3) Rallies: Riddic stands Aggressive in her lane.
    const rally = (await postTorchlightAbility({ combat: w.combat.id as string, actor: fx.who(w.elsa) })) as unknown as Message;
    expect(cardOf(rally).outcome.result).toEqual({ ability: "rally", reaches: ["Riddic"] });
    expect(cardOf(rally).state).toBe("applied");
    expect(headlineOf(await rally.renderHTML())).toBe("Elsa uses Rally. It reaches Riddic.");
    // She used her action: no attack this round.
    expect(await fx.attack(w, w.ada, w.elsa, w.bandit, [4])).toBeUndefined();
    clearQueuedFaces();
    harness.switchUser(w.gm);
    const { postTorchlightRound } = await fx.torchlight();
    const { queueFaces } = await import("../../playground/foundry/dice.js");
    queueFaces(3);
    const round = (await postTorchlightRound(w.combat as never)) as unknown as Message;
    expect(cardOf(round).outcome.steps).toContainEqual({ rule: "rally", participant: "Riddic", roll: 3, breath: 5 });
  });
});
