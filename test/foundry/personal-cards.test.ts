/**
 * The Personal Combat cards on the card engine, in the harness, from given faces: an attack that
 * misses, hits, wounds and calls for a Fallen Fate (chosen on the card by the target's owner), a
 * Fallen Fate for damage from outside an attack, a Rest and a declared turn; the GM's lists as
 * world items; Apply and Undo on exactly the actors the outcome names, statuses included.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { diceShown, headlineOf } from "./card-words.js";
import { bootWorld } from "./world.js";

let personal: typeof import("../../src/foundry/rulesets/personal/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");

const { harness, game } = bootWorld(
  "cavaliers",
  {
    users: ["Ada", "Bob"], cardsInWords: true,
    actors: (u) => ({
      ines: {
        name: "Ines",
        type: "personalCharacter",
        ownership: { default: 1, [u.ada.id]: 3 },
        system: { resolve: { value: 12, max: 12 }, defense: 11, initiativeRank: 3, stamina: 2, control: 1 },
        items: [
          { name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } },
          { name: "Crossbow", type: "personalWeapon", system: { attack: "1d20", damage: "1d10", damageType: "physical", piercing: true } },
        ],
      },
      bruno: {
        name: "Bruno",
        type: "personalCharacter",
        ownership: { default: 1, [u.bob.id]: 3 },
        system: { resolve: { value: 10, max: 10 }, defense: 10, stamina: 1, control: 1, armor: [{ type: "physical", rating: 1 }] },
        items: [{ name: "Mail", type: "personalArmour", system: { ratings: [{ type: "physical", rating: 2 }], worn: true } }],
      },
      guard: {
        name: "Guard",
        type: "personalNpc",
        ownership: { default: 1 },
        system: { resolve: { value: 12, max: 12 }, defense: 10, initiativeRank: 2, stamina: 2, control: 1, significant: true, armor: [{ type: "physical", rating: 3 }] },
        items: [{ name: "Spear", type: "personalWeapon", system: { attack: "1d20+1", damage: "1d8+1", damageType: "physical", piercing: true } }],
      },
    }),
  },
  (w) => {
    ({ gm, ada, bob } = w.users);
    ({ ines, bruno, guard } = w.actors);
  },
);
beforeAll(async () => {
  personal = await import("../../src/foundry/rulesets/personal/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
});

type Message = { id: string; system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
interface CardData {
  kind: string;
  state: string;
  request: Record<string, unknown>;
  rules: Record<string, unknown>;
  outcome: { result: Record<string, unknown>; awaiting?: { choice: string; by: string; offer: Record<string, unknown> }; dice: { label: string; sides: number; face: number }[]; steps: { rule: string }[] };
  applied: { uuid: string; name: string; key: string; kind: string; before: unknown; after: unknown }[];
}
type System = { resolve: { value: number; max: number }; wounded: boolean; fatesIgnored: number; fates: string[]; derived: { ignoresLeft: number } };

let gm: User;
let ada: User;
let bob: User;
let ines: Actor;
let bruno: Actor;
let guard: Actor;

const card = (m: Message) => m.system.toObject() as unknown as CardData;
const sys = (a: Actor) => a.system as unknown as System;
const statuses = (a: Actor) => [...(a as unknown as { statuses: Set<string> }).statuses].sort();
const ItemClass = () => harness.CONFIG.Item.documentClass as unknown as { create(d: object): Promise<{ id: string; update(d: object): Promise<unknown> }> };
const weaponId = (a: Actor, name?: string) => (a as unknown as { items: { contents: { id: string; type: string; name: string }[] } }).items.contents.find((i) => i.type === "personalWeapon" && (!name || i.name === name))!.id;
const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);


async function attack(attacker: Actor, target: Actor, user: User, faces: number[], weapon?: string): Promise<Message> {
  harness.switchUser(user);
  queueFaces(...faces);
  const message = await personal.postAttack({ attacker: { actor: attacker.uuid }, target: { actor: target.uuid }, weapon: weapon ?? weaponId(attacker) });
  expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
  return message as unknown as Message;
}

async function buttons(message: Message): Promise<string[]> {
  const html = await message.renderHTML();
  return [...html.querySelectorAll<HTMLElement>("[data-fray-action]")].map((b) => `${b.dataset.frayAction}${b.dataset.frayValue ? `:${b.dataset.frayValue}` : ""}`).filter((b) => b !== "copy");
}

async function click(message: Message, selector: string): Promise<void> {
  const button = (await message.renderHTML()).querySelector<HTMLElement>(selector);
  if (!button) throw new Error(`no button ${selector} for ${String(game.user?.name)} in state ${card(message).state}`);
  button.click();
  await cards.cardsIdle();
}

const text = async (message: Message) => (await message.renderHTML()).querySelector(".fray-card")?.textContent?.replace(/\s+/g, " ") ?? "";

describe("personal attack card", () => {
  it("a miss shows the Attack Roll against Defense and changes nothing", async () => {
    const message = await attack(ines, guard, ada, [7]); // 7 + 2 = 9 against 10
    expect(card(message)).toMatchObject({ kind: "personal.attack", state: "closed", applied: [] });
    expect(card(message).outcome.dice).toEqual([{ label: "attack roll", sides: 20, face: 7 }]);
    expect(await text(message)).toContain("Attack Roll 9 against Defense 10: a miss.");
    expect(diceShown(await message.renderHTML())).toEqual(["7 failure"]);
    // Issue 38 item 1: the result first.
    expect(headlineOf(await message.renderHTML())).toBe("Miss: 9 against Guard's Defense 10.");
    expect(sys(guard).resolve.value).toBe(12);
  });

  it("a hit: Damage Roll less the Armor Rating comes off Resolve; Apply names only the target; Undo puts it back", async () => {
    const message = await attack(ines, bruno, ada, [10, 4, 3]); // 12 vs 10: margin 2; 7 − (1 natural + 2 mail) = 4
    const read = card(message);
    expect(read.state).toBe("applied");
    expect(read.rules.target).toMatchObject({ name: "Bruno", defense: 10, armor: { physical: 3 }, resolve: 10, maxResolve: 10, kind: "pc" });
    expect(sys(bruno).resolve.value).toBe(6);
    expect(read.applied).toEqual([{ uuid: bruno.uuid, name: "Bruno", key: "system.resolve.value", kind: "field", before: 10, after: 6 }]);
    const shown = await text(message);
    for (const line of ["Attack Roll 12 against Defense 10: a hit, by 2.", "Armor Rating against physical: 3.", "Damage 7 − Armor Rating 3 = 4.", "Bruno: Resolve 10 → 6"]) expect(shown).toContain(line);
    expect(headlineOf(await message.renderHTML())).toBe("Hit by 2: 4 damage, Bruno's Resolve is 6.");
    // The change list says it; no step repeats it.
    expect(shown).not.toContain("Bruno's Resolve 10 → 6.");
    // Every die is on the card: d20 4 and the two d6.
    const dice = [...(await message.renderHTML()).querySelectorAll(".fray-die")].map((d) => d.textContent);
    expect(dice).toEqual(["10d20", "4d6", "3d6"]);
    expect(diceShown(await message.renderHTML())).toEqual(["10 success", "4 plain", "3 plain"]);
    expect(sys(ines).resolve.value).toBe(12);
    // Only the GM may undo: a player must own everyone on the card and everything it changed, and
    // neither Ada (who attacked) nor Bob (whose Bruno was hit) owns both.
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(gm);
    await click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect(sys(bruno).resolve.value).toBe(10);
  });

  it("a margin of 7 halves the Armor Rating unless the weapon is Piercing", async () => {
    const halved = await attack(ines, guard, ada, [15, 4, 3]); // 17 vs 10: margin 7; armour 3 → 1; 7 − 1 = 6
    expect(await text(halved)).toContain("Armor Rating against physical 3, halved to 1: the attack beat Defense by 7 or more.");
    expect(sys(guard).resolve.value).toBe(6);
    const piercing = await attack(ines, guard, ada, [19, 5], weaponId(ines, "Crossbow")); // 19 vs 10: margin 9, Piercing: 5 − 3 = 2
    expect(await text(piercing)).toContain("Armor Rating against physical: 3, not halved: the weapon is Piercing.");
    expect(sys(guard).resolve.value).toBe(4);
  });

  it("Resolve to 0 makes the target Wounded: the field and the token status, both undone", async () => {
    await bruno.update({ "system.resolve.value": 3 });
    const message = await attack(ines, bruno, ada, [12, 3, 3]); // 6 − 3 = 3
    expect(sys(bruno)).toMatchObject({ resolve: { value: 0 }, wounded: true });
    expect(statuses(bruno)).toEqual(["fray-wounded"]);
    expect(await text(message)).toContain("Bruno is Wounded");
    // The field and the status say the same thing: one line, no true/false.
    expect([...(await message.renderHTML()).querySelectorAll(".fray-card-changes li")].map((li) => li.textContent)).toEqual(["Bruno: Resolve 3 → 0", "Bruno is Wounded"]);
    harness.switchUser(gm);
    await click(message, "[data-fray-action='undo']");
    expect(sys(bruno)).toMatchObject({ resolve: { value: 3 }, wounded: false });
    expect(statuses(bruno)).toEqual([]);
  });

  it("a Wounded target's owner chooses the Fallen Fate on the card; only she and the GM see the buttons; the fate becomes a status", async () => {
    await bruno.update({ "system.resolve.value": 0, "system.wounded": true });
    const message = await attack(ines, bruno, ada, [12, 3, 3]); // 3 damage: at most half of 10, 1 ignore left
    const open = card(message);
    expect(open.state).toBe("open");
    expect(open.outcome.awaiting).toMatchObject({ choice: "fateChoice", by: "target", offer: { ignore: true, ignoresLeft: 1, ignoreLimit: 5, damage: 3 } });
    expect(await text(message)).toContain("Waiting for Bruno's owner to choose a Fallen Fate");
    expect(headlineOf(await message.renderHTML())).toBe("Waiting for Bruno's owner to choose a Fallen Fate (or the GM).");
    const fates = ["choose:Knocked Out", "choose:Maimed", "choose:Broken Gear", "choose:Captured", "choose:Shaken", "choose:Slain", "choose:ignore"];
    expect(await buttons(message)).toEqual([]); // Ada, the attacker
    harness.switchUser(bob);
    expect(await buttons(message)).toEqual(fates);
    harness.switchUser(gm);
    expect(await buttons(message)).toEqual(fates);
    harness.switchUser(bob);
    await click(message, "[data-fray-action='choose'][data-fray-value='Maimed']");
    const done = card(message);
    expect(done.state).toBe("applied");
    expect(sys(bruno).fates).toEqual(["Maimed"]);
    expect(statuses(bruno)).toEqual(["fray-maimed"]);
    expect(await text(message)).toContain("Bruno is Maimed");
    // Bob made the last choice, but the wound and the fate came from Ada's attack: the victim may not
    // take them back, nor may Ada; only the GM.
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(ada);
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(gm);
    await click(message, "[data-fray-action='undo']");
    expect(sys(bruno).fates).toEqual([]);
    expect(statuses(bruno)).toEqual([]);
  });

  it("ignoring spends one ignore (kept on the sheet as fates ignored); past half the maximum Resolve there is no Ignore button", async () => {
    await bruno.update({ "system.resolve.value": 0, "system.wounded": true });
    const light = await attack(ines, bruno, ada, [12, 3, 3]);
    harness.switchUser(bob);
    await click(light, "[data-fray-action='choose'][data-fray-value='ignore']");
    expect(sys(bruno)).toMatchObject({ fatesIgnored: 1, derived: { ignoresLeft: 0 } });
    expect(await text(light)).toContain("Bruno ignores the Fallen Fate (0 ignores left until she Rests).");
    const heavy = await attack(ines, bruno, ada, [12, 6, 4]); // 10 − 3 = 7 > 5
    harness.switchUser(bob);
    expect(await buttons(heavy)).not.toContain("choose:ignore");
    expect(await text(heavy)).toContain("Bruno cannot ignore it: 7 is more than half her maximum Resolve (5).");
    await click(heavy, "[data-fray-action='choose'][data-fray-value='Slain']");
    expect(statuses(bruno)).toEqual(["dead"]);
    expect(await text(heavy)).toContain("Bruno is out of the fight.");
  });

  it("issue 38 item 11: under a blind roll, the Wounded target's owner still chooses the Fallen Fate; the card is hidden from Ada, who rolled it, and credited to Ines and Ada", async () => {
    await bruno.update({ "system.resolve.value": 0, "system.wounded": true });
    harness.switchUser(ada);
    queueFaces(12, 3, 3);
    const message = (await personal.postAttack({ attacker: { actor: ines.uuid }, target: { actor: bruno.uuid }, weapon: weaponId(ines), rollMode: "blindroll" })) as unknown as Message & { blind: boolean; whisper: string[] };
    expect(message.blind).toBe(true);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "fateChoice", by: "target" });
    const hidden = await message.renderHTML();
    expect(hidden.querySelector(".fray-card")).toBeNull();
    expect(hidden.querySelector(".message-sender")?.textContent).toBe("Ines");
    expect(hidden.querySelector(".flavor-text")?.textContent).toBe("Ada rolled blind: only the GM sees the dice.");
    // The choice is Bruno's owner's, not hers: she is not told the GM makes it.
    expect(hidden.querySelector(".fray-card-blind")).toBeNull();
    harness.switchUser(bob);
    expect(message.whisper).toContain(bob.id);
    expect(await buttons(message)).toContain("choose:Maimed");
    await click(message, "[data-fray-action='choose'][data-fray-value='Maimed']");
    expect(card(message).state).toBe("applied");
    expect(sys(bruno).fates).toEqual(["Maimed"]);
  });

  it("says a Fallen Fate with no status of its name (a GM's own fate) as a change of Fallen Fates, and one with a status once", async () => {
    const { changeLines } = await import("../../src/foundry/cards/phrasing.js");
    const fate = { uuid: "Actor.b", name: "Bruno", key: "system.fates", kind: "field" as const, before: [], after: ["Shamed"] };
    const withStatus = { ...fate, after: ["Maimed"] };
    const status = { uuid: "Actor.b", name: "Bruno", key: "maimed", kind: "status" as const, before: false, after: true };
    const lines = (applied: unknown[]) => changeLines({ applied } as unknown as Parameters<typeof changeLines>[0], "personal");
    // Issue 38 item 4: a sentence of the game, not the stored list's "— → Shamed".
    expect(lines([fate])).toEqual(["Bruno takes the Fallen Fate Shamed"]);
    expect(lines([withStatus, status]).filter((line) => line.includes("Maimed"))).toHaveLength(1);
    expect(lines([withStatus]).join("\n")).toContain("Maimed");
  });

  it("says each change once: the change list in the game's words, no step line beside it repeating it (applied and undone)", async () => {
    const lines = async (message: Message, list: string) => [...(await message.renderHTML()).querySelectorAll(`${list} li`)].map((li) => li.textContent!.replace(/\s+/g, " ").trim());
    await bruno.update({ "system.resolve.value": 0, "system.wounded": true });
    const message = await attack(ines, bruno, ada, [12, 3, 3]);
    // Awaiting her choice nothing has changed yet: the steps say what happened.
    expect(await lines(message, ".fray-card-steps")).toContain("Bruno's Resolve stays at 0.");
    harness.switchUser(bob);
    await click(message, "[data-fray-action='choose'][data-fray-value='Maimed']");
    const changes = await lines(message, ".fray-card-changes");
    // The fate taken is said once, by its status line, not again as a Fallen Fates field.
    expect(changes.filter((line) => line.includes("Maimed"))).toEqual(["Bruno is Maimed"]);
    const steps = await lines(message, ".fray-card-steps");
    expect(steps.join("\n")).not.toContain("Maimed");
    expect(steps).toContain("Damage 6 − Armor Rating 3 = 3.");
    await bruno.update({ "system.resolve.value": 4, "system.wounded": false, "system.fates": [] });
    const wounding = await attack(ines, bruno, ada, [12, 6, 4]);
    expect(await lines(wounding, ".fray-card-changes")).toEqual(["Bruno: Resolve 4 → 0", "Bruno is Wounded"]);
    expect((await lines(wounding, ".fray-card-steps")).join("\n")).not.toMatch(/Resolve 4 → 0|is Wounded/);
    harness.switchUser(gm);
    await click(wounding, "[data-fray-action='undo']");
    expect(await lines(wounding, ".fray-card-changes")).toEqual(["Bruno: Resolve 4 → 0", "Bruno is Wounded"]);
    expect((await lines(wounding, ".fray-card-steps")).join("\n")).not.toMatch(/Resolve 4 → 0|is Wounded/);
  });

  it("a minor NPC at 0 is defeated (Foundry's Dead status) and takes nothing more", async () => {
    await guard.update({ "system.significant": false, "system.resolve.value": 2 });
    const message = await attack(ines, guard, ada, [15, 4, 3]);
    expect(card(message).state).toBe("applied");
    expect(statuses(guard)).toEqual(["dead"]);
    expect(await text(message)).toContain("Guard is Dead");
    const again = await attack(ines, guard, ada, [15, 4, 3]);
    expect(card(again)).toMatchObject({ state: "closed", applied: [] });
  });
});

describe("the GM's lists as world items", () => {
  it("a world Fallen Fate replaces the list and sets the status its item names; a player's copy does not count", async () => {
    await ItemClass().create({ name: "Exiled", type: "personalFate", system: { outOfFight: true, status: "fray-captured" } });
    // A fate Ada owns (she may edit it, so it is hers, whoever made it): never part of the GM's list.
    await ItemClass().create({ name: "Unharmed", type: "personalFate", ownership: { default: 0, [ada.id]: 3 }, system: { outOfFight: false } });
    await bruno.update({ "system.resolve.value": 0, "system.wounded": true });
    const message = await attack(ines, bruno, ada, [12, 3, 3]);
    expect(card(message).outcome.awaiting!.offer.fates).toEqual([{ name: "Exiled", outOfFight: true }]);
    harness.switchUser(bob);
    expect(await cards.chooseOnCard(message as never, "fateChoice", "Unharmed")).toMatchObject({ ok: false, reason: expect.stringContaining("not on the list") });
    await click(message, "[data-fray-action='choose'][data-fray-value='Exiled']");
    expect(statuses(bruno)).toEqual(["fray-captured"]);
    expect(card(message).outcome.result).toMatchObject({ out: true });
  });

  it("a fate named like no status gets Fray's Fallen Fate status; two fates of one name are refused with the reason", async () => {
    await ItemClass().create({ name: "Cursed", type: "personalFate", system: { outOfFight: false } });
    await bruno.update({ "system.resolve.value": 0, "system.wounded": true });
    const message = await attack(ines, bruno, ada, [12, 3, 3]);
    harness.switchUser(bob);
    await click(message, "[data-fray-action='choose'][data-fray-value='Cursed']");
    expect(statuses(bruno)).toEqual(["fray-fallen-fate"]);
    harness.switchUser(gm);
    await ItemClass().create({ name: "Cursed", type: "personalFate", system: { outOfFight: true } });
    harness.switchUser(ada);
    queueFaces(12, 3, 3);
    expect(await personal.postAttack({ attacker: { actor: ines.uuid }, target: { actor: bruno.uuid }, weapon: weaponId(ines) })).toBeUndefined();
    expect(warnings().at(-1)).toMatch(/a list names the same entry twice/i);
  });
});

describe("Fallen Fate, Rest and turn cards", () => {
  it("damage from outside an attack on a Wounded character: her owner answers on the card", async () => {
    await bruno.update({ "system.resolve.value": 0, "system.wounded": true });
    harness.switchUser(gm);
    const message = (await personal.postForCharacter("fate", { actor: bruno.uuid }, { damage: 4 })) as unknown as Message;
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "choice", by: "character", offer: { ignore: true, damage: 4 } });
    harness.switchUser(ada);
    expect(await buttons(message)).toEqual([]);
    harness.switchUser(bob);
    await click(message, "[data-fray-action='choose'][data-fray-value='Shaken']");
    expect(sys(bruno).fates).toEqual(["Shaken"]);
    expect(headlineOf(await message.renderHTML())).toBe("Bruno takes the Fallen Fate Shaken.");
    expect(statuses(bruno)).toEqual(["fray-shaken"]);
    // Someone not Wounded has no fate to answer: refused, nothing posted.
    const count = game.messages.size;
    harness.switchUser(ada);
    expect(await personal.postForCharacter("fate", { actor: ines.uuid }, { damage: 4 })).toBeUndefined();
    expect(warnings().at(-1)).toContain("Wounded");
    expect(game.messages.size).toBe(count);
  });

  it("a Rest gives the ignores back; Undo takes them away again", async () => {
    await bruno.update({ "system.fatesIgnored": 1 });
    harness.switchUser(bob);
    const message = (await personal.postForCharacter("rest", { actor: bruno.uuid })) as unknown as Message;
    expect(sys(bruno)).toMatchObject({ fatesIgnored: 0, derived: { ignoresLeft: 1 } });
    expect(headlineOf(await message.renderHTML())).toBe("Bruno Rests: her Fallen Fate ignores come back to 1 (the higher of Stamina 1 and Control 1).");
    await click(message, "[data-fray-action='undo']");
    expect(sys(bruno).fatesIgnored).toBe(1);
  });

  it("a declared turn is shown part by part; a plan over the cap is refused with the reason", async () => {
    harness.switchUser(ada);
    const plan = { move: { from: "Near", to: "Engaged" }, actions: [{ name: "Attack", free: false }, { name: "Draw dagger", free: true }] };
    const message = (await personal.postForCharacter("turn", { actor: ines.uuid }, plan)) as unknown as Message;
    expect(card(message)).toMatchObject({ state: "closed", applied: [] });
    const shown = await text(message);
    for (const line of ["Move: Near → Engaged", "Action: Attack", "Free action: Draw dagger", "2 of 2 actions (1 free)."]) expect(shown).toContain(line);
    expect(headlineOf(await message.renderHTML())).toBe("Ines: Move: Near → Engaged; Action: Attack; Free action: Draw dagger.");
    const count = game.messages.size;
    const over = { ...plan, actions: [...plan.actions, { name: "Shout", free: true }] };
    expect(await personal.postForCharacter("turn", { actor: ines.uuid }, over)).toBeUndefined();
    expect(warnings().at(-1)).toContain("Too many actions");
    expect(game.messages.size).toBe(count);
    const momentum = (await personal.postForCharacter("turn", { actor: ines.uuid }, { ...over, gainMomentum: true })) as unknown as Message;
    expect(await text(momentum)).toContain("3 of 3 actions (2 free), with Gain Momentum.");
  });
});

describe("Apply and Undo on stored values", () => {
  /**
   * Bruno under an Active Effect on the field a hit writes. No effect touches a track (docs/architecture.md,
   * "What Active Effects may touch"): the rules read, Apply writes and Undo restores the one stored value.
   */
  async function weakened(change: { mode: number; value: string }): Promise<void> {
    harness.switchUser(gm);
    await (bruno as unknown as { createEmbeddedDocuments(name: string, data: object[]): Promise<unknown> }).createEmbeddedDocuments("ActiveEffect", [{ name: "Weakened", changes: [{ key: "system.resolve.value", ...change }] }]);
  }
  const stored = (a: Actor) => ((a as unknown as { _source: { system: System } })._source.system.resolve.value);

  it("an effect adding to Resolve is declined: the card reads the stored Resolve, Apply writes from it, Undo restores it", async () => {
    await weakened({ mode: 2, value: "-1" });
    expect([stored(bruno), sys(bruno).resolve.value]).toEqual([10, 10]);
    const message = await attack(ines, bruno, ada, [10, 4, 3]); // 12 vs 10; 7 − 3 = 4 off the 10 the rules read: 6
    expect(card(message).rules.target).toMatchObject({ resolve: 10 });
    expect(card(message).applied).toEqual([{ uuid: bruno.uuid, name: "Bruno", key: "system.resolve.value", kind: "field", before: 10, after: 6 }]);
    expect([stored(bruno), sys(bruno).resolve.value]).toEqual([6, 6]);
    harness.switchUser(gm);
    await click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect([stored(bruno), sys(bruno).resolve.value]).toEqual([10, 10]);
  });

  it("an effect overriding Resolve is declined: it cannot hold Resolve at 8 while hits land on the stored value (issue 34 item 5)", async () => {
    await weakened({ mode: 5, value: "8" });
    expect([stored(bruno), sys(bruno).resolve.value]).toEqual([10, 10]);
    const message = await attack(ines, bruno, ada, [10, 4, 3]);
    expect(card(message).applied[0]).toMatchObject({ before: 10, after: 6 });
    expect(sys(bruno).resolve.value).toBe(6);
    harness.switchUser(gm);
    await click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect([stored(bruno), sys(bruno).resolve.value]).toEqual([10, 10]);
  });
});

