/**
 * Drama in History in the combat tracker, with a GM and two players each on their own client: the
 * order is round-one Momentum (Grit, the stance declared, then Agility, level, player actors) and its
 * ranking is posted as a card; each fighter's owner declares a stance on her row, in turn (in the
 * first round the one higher in Actor rank after her opponents); a stance declared for someone else's
 * fighter, out of turn, not a stance or by a fighter out of the action is refused and nothing
 * changes; the rows show the stance, Momentum, a disadvantage and the rounds out, and a new round
 * counts them down; the GM's first row opens a skirmish round, where several fighters split pools.
 */
import { describe, expect, it, vi } from "vitest";
import type { User } from "../../playground/foundry/index.js";
import type { Combat, Combatant } from "../../playground/foundry/combat.js";
import { card, bootDrama, gm, ada, bob, ines, berold, odo, fyrd1, type Message, putOut, statuses, sys } from "./drama-fixtures.js";
import { headlineOf } from "./card-words.js";

const { harness, game, CONFIG, fx } = bootDrama({ templates: ["dialog/drama-stance.hbs", "dialog/drama-skirmish.hbs", "dialog/drama-summary.hbs", "dialog/footer.hbs"], cardsInWords: true });

const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await harness.flush();
  }
};

/** Ines and Berold (players) against Odo and a fyrd (the GM's), Momentum worked out by the GM. */
async function fight(): Promise<{ combat: Combat; byName: (name: string) => Combatant }> {
  const cls = CONFIG.Combat.documentClass as typeof Combat;
  const combat = (await cls.create({ active: true })) as Combat;
  const made = (await combat.createEmbeddedDocuments("Combatant", [ines, berold, odo, fyrd1].map((a) => ({ actorId: a.id, name: a.name })))) as Combatant[];
  await combat.rollInitiative(made.map((c) => c.id as string));
  await settle();
  return { combat, byName: (name: string) => (combat.combatants.contents as unknown as Combatant[]).find((c) => c.name === name)! };
}

/** A click on a row's Declare stance, answered in the stance dialog, from the current user's client. */
async function declare(combat: Combat, combatant: Combatant, stance: string): Promise<void> {
  const { requestAction } = await import("../../src/foundry/combat/requests.js");
  const pending = requestAction(combat as never, combatant as never, "stance");
  let form: HTMLFormElement | null = null;
  for (let i = 0; i < 200 && !(form = document.querySelector<HTMLFormElement>(".fray-drama-stance")); i++) await new Promise((r) => setTimeout(r, 5));
  if (!form) throw new Error("no stance dialog");
  const radio = form.querySelector<HTMLInputElement>(`[name='stance'][value='${stance}']`);
  if (radio) radio.checked = true;
  else form.querySelector<HTMLSelectElement>("[name='stance']")!.value = stance;
  form.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
  form.querySelector<HTMLButtonElement>("button[type='submit']")!.click();
  await pending;
  await settle();
}

const order = (combat: Combat) => combat.turns.map((c) => c.name);
const rows = async () => {
  const Tracker = CONFIG.ui.combat as new () => { render(o: object): Promise<{ element: HTMLElement }> };
  const app = await new Tracker().render({ force: true });
  return Object.fromEntries([...app.element.querySelectorAll<HTMLElement>("li.combatant")].map((row) => [row.querySelector(".name")?.textContent ?? "", row.textContent?.replace(/\s+/g, " ") ?? ""]));
};

async function stanceButton(name: string): Promise<HTMLButtonElement> {
  const Tracker = CONFIG.ui.combat as new () => { render(o: object): Promise<{ element: HTMLElement }> };
  const app = await new Tracker().render({ force: true });
  const row = [...app.element.querySelectorAll<HTMLElement>("li.combatant")].find((r) => r.querySelector(".name")?.textContent === name)!;
  return row.querySelector<HTMLButtonElement>("[data-fray-action='stance']")!;
}

describe("the Drama tracker", () => {
  it("orders by round-one Momentum from Grit, and posts the ranking as a card", async () => {
    const { combat } = await fight();
    // Grit: Berold 6, Ines 4, Fyrd 1 3, Odo 2; no stances yet.
    expect(order(combat)).toEqual(["Berold", "Ines", "Fyrd 1", "Odo"]);
    expect(combat.turns.map((c) => c.initiative)).toEqual([6, 4, 3, 2]);
    // The ranking card is posted without being awaited (rollInitiative): on a loaded machine it can
    // take longer than settle()'s few ticks, so wait for it.
    const ranking = await vi.waitFor(() => {
      const posted = game.messages.contents.map((m) => card(m as unknown as Message)).find((c) => c.kind === "drama.momentum");
      expect(posted).toBeDefined();
      return posted;
    }, { timeout: 20_000 });
    expect(ranking?.outcome.result).toMatchObject({ order: ["Berold", "Ines", "Fyrd 1", "Odo"] });
    const rankingMessage = game.messages.contents.find((m) => card(m as unknown as Message).kind === "drama.momentum") as unknown as { renderHTML(): Promise<HTMLElement> };
    expect(headlineOf(await rankingMessage.renderHTML())).toBe("Berold holds Momentum.");
    const shown = await rows();
    expect(shown.Berold).toContain("Holds Momentum");
    expect(shown.Ines).toContain("No stance declared");
    expect(Object.values(shown).join(" ")).not.toMatch(/FRAY\./);
  });

  it("issue 38 item 6: round-one Momentum worked out before the GM presses Begin (Foundry's tracker offers it) stands once the fight begins, as Unhex's team initiative does", async () => {
    const { combat, byName } = await fight();
    expect(combat.round).toBe(0);
    expect(order(combat)).toEqual(["Berold", "Ines", "Fyrd 1", "Odo"]);
    await combat.startCombat();
    await settle();
    expect(combat.round).toBe(1);
    expect(order(combat)).toEqual(["Berold", "Ines", "Fyrd 1", "Odo"]);
    expect(combat.turns.map((c) => c.initiative)).toEqual([6, 4, 3, 2]);
    expect((await rows()).Berold).toContain("Holds Momentum");
    // Every row is ranked: Roll All finds nobody left to roll for, and the ranking is not posted again.
    const posted = () => game.messages.contents.filter((m) => card(m as unknown as Message).kind === "drama.momentum").length;
    await vi.waitFor(() => expect(posted()).toBe(1), { timeout: 20_000 });
    await combat.rollAll();
    await settle();
    expect(posted()).toBe(1);
    expect(byName("Odo").initiative).toBe(2);
  });

  it("has each owner declare on her row in turn, the one higher in Actor rank after her opponents, and the stance moves the order", async () => {
    const { combat, byName } = await fight();
    // Ines (level 2) ranks above both the GM's fighters (level 0): she waits for them.
    harness.switchUser(ada);
    const before = JSON.stringify(combat.toObject());
    await declare(combat, byName("Ines"), "press");
    expect(harness.notifications.at(-1)?.message).toContain("You declare after Odo, Fyrd 1");
    expect(JSON.stringify(combat.toObject())).toBe(before);
    const button = await stanceButton("Ines");
    expect(button.disabled).toBe(true);
    expect(button.dataset.tooltip ?? button.title).toBe("You declare after Odo, Fyrd 1: you hold Momentum over them, or in the first round you rank above them.");

    harness.switchUser(gm);
    await declare(combat, byName("Odo"), "defend");
    await declare(combat, byName("Fyrd 1"), "brace");
    harness.switchUser(ada);
    await declare(combat, byName("Ines"), "press");
    harness.switchUser(bob);
    await declare(combat, byName("Berold"), "stand");
    // Round one: Ines 4 + 2 (Press) = 6 ties Berold's 6 + 0, and her Agility 2 loses to his 3; Fyrd 3 − 2 (Brace); Odo 2 − 6 (Defend).
    expect(combat.turns.map((c) => [c.name, c.initiative])).toEqual([["Berold", 6], ["Ines", 6], ["Fyrd 1", 1], ["Odo", -4]]);
    const shown = await rows();
    expect(shown.Ines).toContain("Stance: Press");
    expect(shown.Odo).toContain("Stance: Desperate Defend");
    // Odo has been seen by Ines: he can no longer change his stance.
    harness.switchUser(gm);
    const declared = JSON.stringify(combat.toObject());
    await declare(combat, byName("Odo"), "press");
    expect(harness.notifications.at(-1)?.message).toContain("already declared after seeing your stance");
    expect(JSON.stringify(combat.toObject())).toBe(declared);
  });

  it("issue 38 item 5: the GM picking Dramatic stance on the tracker starts its modifiers at 0 (they read as -20 Bd, -20 Momentum... before), and the dialog spells out its dice", async () => {
    const { combat, byName } = await fight();
    harness.switchUser(gm);
    const { requestAction } = await import("../../src/foundry/combat/requests.js");
    const pending = requestAction(combat as never, byName("Odo") as never, "stance");
    let form: HTMLFormElement | null = null;
    for (let i = 0; i < 200 && !(form = document.querySelector<HTMLFormElement>(".fray-drama-stance")); i++) await new Promise((r) => setTimeout(r, 5));
    expect(form!.closest(".application")?.querySelector("[data-jargon]")?.textContent).toBe("Dice: Bd Base · Rd Resistance · Dd Drama · Ad Armour");
    form!.querySelector<HTMLInputElement>("[name='stance'][value='dramatic']")!.checked = true;
    form!.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    const fields = [...document.querySelectorAll<HTMLInputElement>(".fray-drama-stance [name^='dramatic.']")];
    expect(fields.map((f) => f.value)).toEqual(["0", "0", "0", "0", "0"]);
    document.querySelector<HTMLButtonElement>(".fray-drama-stance button[type='submit']")!.click();
    await pending;
    await settle();
    // A Dramatic stance with no modifier set moves no Momentum: Odo keeps his Grit of 2.
    expect(byName("Odo").initiative).toBe(2);
    expect((await rows()).Odo).toContain("Stance: Dramatic");
  });

  it("the GM's Dramatic stance on the tracker: typing a modifier redraws the footer but keeps its Declare button (the press that blurred the field still lands), and Momentum +2 moves Odo's score", async () => {
    const { combat, byName } = await fight();
    harness.switchUser(gm);
    const { requestAction } = await import("../../src/foundry/combat/requests.js");
    const pending = requestAction(combat as never, byName("Odo") as never, "stance");
    let form: HTMLFormElement | null = null;
    for (let i = 0; i < 200 && !(form = document.querySelector<HTMLFormElement>(".fray-drama-stance")); i++) await new Promise((r) => setTimeout(r, 5));
    form!.querySelector<HTMLInputElement>("[name='stance'][value='dramatic']")!.checked = true;
    form!.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    const declare = document.querySelector<HTMLButtonElement>(".fray-drama-stance button[type='submit']")!;
    const momentum = document.querySelector<HTMLInputElement>(".fray-drama-stance [name='dramatic.momentum']")!;
    momentum.value = "2";
    momentum.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    // The footer was drawn again (its label and state are the new one's), on the same button.
    expect(document.querySelector(".fray-drama-stance button[type='submit']")).toBe(declare);
    expect(declare.isConnected).toBe(true);
    declare.click();
    await pending;
    await settle();
    expect(byName("Odo").initiative).toBe(4);
    expect((await rows()).Odo).toContain("Stance: Dramatic");
  });

  it("a card in a started combat takes the stances declared on the tracker, and its Apply passes Momentum on the tracker, undone with the rest", async () => {
    const { combat, byName } = await fight();
    await combat.startCombat();
    harness.switchUser(gm);
    await declare(combat, byName("Odo"), "stand");
    await declare(combat, byName("Fyrd 1"), "stand");
    harness.switchUser(ada);
    await declare(combat, byName("Ines"), "press");
    const message = await fx.melee(ines, [odo], { weapon: fx.itemId(ines, "Arming sword") });
    // No stance asked on the card: the tracker's are the round's.
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "bPool", by: "b" });
    expect(card(message).outcome.steps.filter((s) => s.rule === "stance").map((s) => [s.who, s.stance])).toEqual([["Odo", "stand"], ["Ines", "press"]]);
    harness.switchUser(gm);
    expect(await fx.choose(message, "bPool", {})).toMatchObject({ ok: true });
    harness.switchUser(ada);
    expect(await fx.choose(message, "aPool", { situations: ["heightAdvantage"], weapon: fx.itemId(ines, "Arming sword") }, 4, 2, 1, 6, 5, 5, 1, 3, 2, 4, 1)).toMatchObject({ ok: true });
    harness.switchUser(gm);
    expect(await fx.choose(message, "bCourage", {}, 5, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3)).toMatchObject({ ok: true });
    expect(await fx.choose(message, "bWaver", "spend")).toMatchObject({ ok: true });
    expect(card(message).state).toBe("applied");
    expect((await rows()).Ines).toContain("Momentum over Odo");
    // Issue 38 item 4: said as the game says it, not as a stored field ("Combat: Momentum — → Ines").
    expect([...(await message.renderHTML()).querySelectorAll(".fray-card-changes li")].map((li) => li.textContent)).toContain("Ines holds Momentum");
    await fx.click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect((await rows()).Ines).not.toContain("Momentum over Odo");
  });

  it(`seed 001 §Joining the Melee: Odo joins Ines, who already holds Momentum over Fyrd 1: she is met as Standing (her Press's +2 does not count), 5 to 6, and Odo holds Momentum; a forged "engaged" changes nothing`, async () => {
    const { combat, byName } = await fight();
    await combat.startCombat();
    harness.switchUser(gm);
    await ines.update({ "system.grit.max": 5, "system.grit.value": 5 });
    await odo.update({ "system.grit.max": 6, "system.grit.value": 6 });
    const { momentumPath } = await import("../../src/foundry/rulesets/drama/combat/state.js");
    await declare(combat, byName("Odo"), "stand");
    await declare(combat, byName("Fyrd 1"), "stand");
    harness.switchUser(ada);
    await declare(combat, byName("Ines"), "press");
    const first = await fx.melee(ines, [odo], { weapon: "" });
    // Not yet fighting anyone: her Press counts, 7 to 6.
    expect(card(first).outcome.steps.find((s) => s.rule === "round-one-momentum")).toEqual({ rule: "round-one-momentum", scores: { Ines: 7, Odo: 6 }, holder: "Ines", unresolvedTie: false });
    harness.switchUser(gm);
    const { recordKey } = await import("../../src/foundry/combat/fighter.js");
    // The GM's record of Momentum is kept by fighter (issue 34), not by combatant id.
    const key = (name: string) => recordKey(byName(name) as never);
    await combat.update({ [momentumPath(key("Ines"), key("Fyrd 1"))]: key("Ines") });
    harness.switchUser(ada);
    const joined = await fx.melee(ines, [odo], { weapon: "" });
    expect(card(joined).request.engaged).toEqual(["a"]);
    expect(card(joined).outcome.steps.find((s) => s.rule === "round-one-momentum")).toEqual({ rule: "round-one-momentum", scores: { Odo: 6, Ines: 5 }, holder: "Odo", unresolvedTie: false, engagedStanding: ["Ines"] });
    expect(card(joined).outcome.awaiting).toMatchObject({ choice: "aPool", by: "a" });
    expect((await joined.renderHTML()).textContent).toContain("Already fighting, so met as Standing: Ines.");
    // Her client cannot say she is not engaged, nor make Odo engaged: the GM reads the tracker.
    const { ask } = await import("../../src/foundry/relay/index.js");
    const forged = await ask("card.open", { kind: "drama.melee", refs: { a: { actor: ines.uuid }, b: { actor: odo.uuid } }, request: { weapon: "", engaged: ["b"] }, roll: null });
    expect(forged).toMatchObject({ ok: true });
    const last = game.messages.contents.at(-1) as unknown as Message;
    expect(card(last).request.engaged).toEqual(["a"]);
    expect(card(last).outcome.steps.find((s) => s.rule === "round-one-momentum")).toMatchObject({ holder: "Odo", engagedStanding: ["Ines"] });
  });

  it("refuses a stance for someone else's fighter, or one that is not a stance, a roll or reset of another's row, and nothing changes", async () => {
    const { combat, byName } = await fight();
    const { ask } = await import("../../src/foundry/relay/index.js");
    harness.switchUser(bob);
    const before = fx.stored();
    expect(await ask("combat.act", { combat: combat.id!, combatants: [byName("Odo").id!], action: "stance", choice: { stance: "press" } })).toMatchObject({ ok: false, reason: expect.stringContaining("Odo") });
    expect(await ask("combat.act", { combat: combat.id!, combatants: [byName("Ines").id!], action: "stance", choice: { stance: "press" } })).toMatchObject({ ok: false, reason: expect.stringContaining("Ines") });
    // Nor may she work out Momentum again for the GM's fighters, or reset their rows.
    expect(await ask("combat.roll", { combat: combat.id!, combatants: [byName("Odo").id!], choice: {}, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("Odo") });
    expect(await ask("combat.reset", { combat: combat.id!, combatants: [byName("Odo").id!] })).toMatchObject({ ok: false, reason: expect.stringContaining("GM") });
    harness.switchUser(gm);
    expect(await ask("combat.act", { combat: combat.id!, combatants: [byName("Odo").id!], action: "stance", choice: { stance: "berserk" } })).toMatchObject({ ok: false, reason: expect.stringContaining("not a stance") });
    expect(await ask("combat.act", { combat: combat.id!, combatants: [byName("Odo").id!], action: "stance", choice: { stance: "dramatic", dramatic: { base: 99 } } })).toMatchObject({ ok: false });
    expect(fx.stored()).toBe(before);
  });

  it(`seed 001 §Check For Knock-Back: a disadvantage weighs on actions in the following round only: Odo, knocked doubly in round 1, builds a round-1 pool without its 7Rd and a round-2 pool with it; a forged round changes nothing`, async () => {
    const { combat, byName } = await fight();
    await combat.startCombat();
    harness.switchUser(gm);
    await odo.update({ "system.disadvantage": "doubly", "system.disadvantageRound": 2 });
    const inRound = async () => {
      harness.switchUser(gm);
      await declare(combat, byName("Odo"), "stand");
      await declare(combat, byName("Fyrd 1"), "stand");
      harness.switchUser(ada);
      await declare(combat, byName("Ines"), "stand");
      return fx.melee(ines, [odo], { weapon: "" });
    };
    const now = await inRound();
    expect(card(now).outcome.awaiting).toMatchObject({ choice: "bPool", offer: { resistance: 0 } });
    // Her client names round 2 for the card: the GM reads the tracker's round, still 1.
    const { ask } = await import("../../src/foundry/relay/index.js");
    const tracker = { combat: combat.id!, round: 2, ids: { a: byName("Ines").id!, b: byName("Odo").id! } };
    expect(await ask("card.open", { kind: "drama.melee", refs: { a: { actor: ines.uuid }, b: { actor: odo.uuid } }, request: { weapon: "", tracker }, roll: null })).toMatchObject({ ok: true });
    const forged = game.messages.contents.at(-1) as unknown as Message;
    expect(card(forged).request.tracker).toMatchObject({ round: 1 });
    expect(card(forged).outcome.awaiting).toMatchObject({ choice: "bPool", offer: { resistance: 0 } });
    harness.switchUser(gm);
    await combat.nextRound();
    await settle();
    expect(sys(odo)).toMatchObject({ disadvantage: "doubly", disadvantageRound: 2 });
    const next = await inRound();
    // Agility 1: (8 − 1)Rd.
    expect(card(next).outcome.awaiting).toMatchObject({ choice: "bPool", offer: { resistance: 7 } });
    // Nobody lands a blow: the round's card does not lift the disadvantage before its round is over.
    harness.switchUser(gm);
    expect(await fx.choose(next, "bPool", {})).toMatchObject({ ok: true });
    harness.switchUser(ada);
    expect(await fx.choose(next, "aPool", {}, ...Array(14).fill(3))).toMatchObject({ ok: true });
    expect(card(next)).toMatchObject({ state: "applied", outcome: { result: { kind: "failure" } } });
    expect(sys(odo)).toMatchObject({ disadvantage: "doubly", disadvantageRound: 2 });
  });

  it("shows a disadvantage and rounds out on the rows, and a new round counts them down", async () => {
    const { combat } = await fight();
    await combat.startCombat();
    await putOut(combat as never, odo as never, 2);
    await fyrd1.update({ "system.disadvantage": "disadvantaged", "system.disadvantageRound": 1 });
    const shown = await rows();
    expect(shown.Odo).toContain("Out: 2 rounds");
    expect(shown["Fyrd 1"]).toMatch(/Disadvantaged \(\d+Rd\)/);
    await combat.nextRound();
    await settle();
    expect(sys(odo).roundsOut).toBe(1);
    expect(sys(fyrd1)).toMatchObject({ disadvantage: "none", disadvantageRound: 0 });
    await combat.nextRound();
    await settle();
    // Back in the fight, doubly disadvantaged for the round he comes back.
    expect(sys(odo)).toMatchObject({ roundsOut: 0, disadvantage: "doubly" });
    expect(statuses(odo)).toContain("fray-doubly-disadvantaged");
  });

  it(`seed 001 §Joining the Melee: opening stances go in Actor rank order, not by Grit: Odo (level 3) declares after Ines (level 2) and Berold though both have more Grit`, async () => {
    await odo.update({ "system.level": 3 });
    const { combat, byName } = await fight();
    harness.switchUser(gm);
    const before = JSON.stringify(combat.toObject());
    await declare(combat, byName("Odo"), "stand");
    expect(harness.notifications.at(-1)?.message).toContain("You declare after Ines, Berold");
    expect(JSON.stringify(combat.toObject())).toBe(before);
    await declare(combat, byName("Fyrd 1"), "stand");
    harness.switchUser(ada);
    await declare(combat, byName("Ines"), "press");
    harness.switchUser(bob);
    await declare(combat, byName("Berold"), "stand");
    harness.switchUser(gm);
    await declare(combat, byName("Odo"), "stand");
    const shown = await rows();
    expect([shown.Ines, shown.Berold, shown.Odo].map((row) => /Stance: (Press|Stand)/.exec(row ?? "")?.[1])).toEqual(["Press", "Stand", "Stand"]);
  });

  it(`seed 001 §Test of Courage: a fighter out of the action has no stance button, is refused one, and nobody waits on her`, async () => {
    const { combat, byName } = await fight();
    await putOut(combat as never, odo as never, 2);
    expect(await stanceButton("Odo")).toBeNull();
    const { ask } = await import("../../src/foundry/relay/index.js");
    harness.switchUser(gm);
    const before = fx.stored();
    expect(await ask("combat.act", { combat: combat.id!, combatants: [byName("Odo").id!], action: "stance", choice: { stance: "press" } })).toMatchObject({ ok: false, reason: expect.stringContaining("Odo is out of the action") });
    expect(fx.stored()).toBe(before);
    // Ines waits on Fyrd 1 alone now.
    expect((await stanceButton("Ines")).dataset.tooltip).toContain("after Fyrd 1:");
    await fyrd1.update({ "system.flesh.value": 0 });
    expect(await stanceButton("Fyrd 1")).toBeNull();
    expect((await stanceButton("Ines")).disabled).toBe(false);
  });
});

describe("a skirmish round from the tracker", () => {
  /** The GM's click on the first row's Skirmish round, with these pairs set in the dialog (by index, value). */
  async function skirmish(combat: Combat, settings: Record<number, string>): Promise<void> {
    const { requestAction } = await import("../../src/foundry/combat/requests.js");
    const first = combat.turns[0] as unknown as Combatant;
    const pending = requestAction(combat as never, first as never, "skirmish");
    let form: HTMLFormElement | null = null;
    for (let i = 0; i < 200 && !(form = document.querySelector<HTMLFormElement>(".fray-drama-skirmish")); i++) await new Promise((r) => setTimeout(r, 5));
    if (!form) throw new Error("no skirmish dialog");
    for (const [index, value] of Object.entries(settings)) form.querySelector<HTMLSelectElement>(`[name='pair.${index}']`)!.value = value;
    form.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    form.querySelector<HTMLButtonElement>("button[type='submit']")!.click();
    await pending;
    await settle();
    const { cardsIdle } = await import("../../src/foundry/cards/index.js");
    await cardsIdle();
  }

  const skirmishButton = async (name: string) => {
    const Tracker = CONFIG.ui.combat as new () => { render(o: object): Promise<{ element: HTMLElement }> };
    const app = await new Tracker().render({ force: true });
    const row = [...app.element.querySelectorAll<HTMLElement>("li.combatant")].find((r) => r.querySelector(".name")?.textContent === name)!;
    return row.querySelector<HTMLButtonElement>("[data-fray-action='skirmish']");
  };

  it(`seed 001 §Fighting Multiple Opponents: two against two, crossed: Ines and Fyrd 1 each split their pools, everyone builds in turn and nothing is rolled until the last pool`, async () => {
    const { combat } = await fight();
    await combat.startCombat();
    // The GM's first row (Berold) offers it; nobody else's row, and no player sees it.
    expect(await skirmishButton("Berold")).not.toBeNull();
    expect(await skirmishButton("Ines")).toBeNull();
    harness.switchUser(ada);
    expect(await skirmishButton("Berold")).toBeNull();
    harness.switchUser(gm);
    // Pairs across sides in the tracker's order: Berold–Fyrd 1, Berold–Odo, Ines–Fyrd 1, Ines–Odo.
    const count = game.messages.size;
    await skirmish(combat, { 0: "fight", 2: "fight", 3: "fight" });
    expect(game.messages.size).toBe(count + 1);
    const message = game.messages.contents.at(-1) as unknown as Message;
    expect(card(message)).toMatchObject({ kind: "drama.skirmish", request: { names: { f1: "Berold", f2: "Ines", f3: "Fyrd 1", f4: "Odo" } } });
    const sequence: string[] = [];
    const players: Record<string, User> = { f1: bob, f2: ada, f3: gm, f4: gm };
    for (let step = 0; step < 8; step += 1) {
      const awaiting = card(message).outcome.awaiting!;
      sequence.push(awaiting.choice);
      harness.switchUser(players[awaiting.by]!);
      if (awaiting.choice === "f2Pool") {
        // Ines sees Fyrd 1's and Odo's allocations against her, and no die on the card.
        expect(awaiting.offer).toMatchObject({ split: { ownBase: 4, engaged: 2 }, against: [{ name: "Fyrd 1", base: 2 }, { name: "Odo", base: 3 }] });
        expect(message.rolls).toEqual([]);
        expect(await fx.choose(message, "f2Pool", {}, ...Array(40).fill(3))).toMatchObject({ ok: true });
        break;
      }
      expect(await fx.choose(message, awaiting.choice, awaiting.choice.endsWith("Stance") ? "stand" : {})).toMatchObject({ ok: true });
    }
    expect(sequence).toEqual(["f3Stance", "f1Stance", "f4Stance", "f2Stance", "f3Pool", "f1Pool", "f4Pool", "f2Pool"]);
    const done = card(message);
    expect(done.outcome.result).toMatchObject({ fights: [{ between: ["Berold", "Fyrd 1"] }, { between: ["Ines", "Fyrd 1"] }, { between: ["Ines", "Odo"] }] });
    expect(done.outcome.dice.filter((d) => d.label.startsWith("Fyrd 1 base")).map((d) => d.label)).toEqual(["Fyrd 1 base (vs Berold)", "Fyrd 1 base (vs Berold)", "Fyrd 1 base (vs Ines)", "Fyrd 1 base (vs Ines)"]);
    expect(done.state).toBe("applied");
    const text = (await message.renderHTML()).textContent ?? "";
    expect(text).toContain("Skirmish round: Berold, Ines, Fyrd 1, Odo");
    // Issue 38 item 1: three exchanges that end alike are said once.
    expect(headlineOf(await message.renderHTML())).toBe("Neither side reaches two successes: no blow.");
    expect(text).not.toMatch(/FRAY\./);
  });

  it("refuses a skirmish asked by a player, opened as a card by a player, or naming a fighter out of the action or a pair twice; nothing changes", async () => {
    const { combat, byName } = await fight();
    await combat.startCombat();
    const { ask } = await import("../../src/foundry/relay/index.js");
    const engagement = (a: string, b: string, more: Record<string, unknown> = {}) => ({ between: [byName(a).id, byName(b).id], ...more });
    harness.switchUser(ada);
    const before = fx.stored();
    expect(await ask("combat.act", { combat: combat.id!, combatants: [byName("Ines").id!], action: "skirmish", choice: { engagements: [engagement("Ines", "Odo")] } })).toMatchObject({ ok: false });
    expect(await ask("card.open", { kind: "drama.skirmish", refs: { f1: { actor: ines.uuid }, f2: { actor: odo.uuid } }, request: { engagements: [{ between: ["f1", "f2"] }] }, roll: null })).toMatchObject({ ok: false });
    harness.switchUser(gm);
    await odo.update({ "system.flesh.value": 0 });
    const gmBefore = fx.stored();
    const act = (engagements: unknown) => ask("combat.act", { combat: combat.id!, combatants: [byName("Berold").id!], action: "skirmish", choice: { engagements } });
    expect(await act([engagement("Ines", "Odo")])).toMatchObject({ ok: false, reason: expect.stringContaining("out of the action") });
    expect(await act([engagement("Ines", "Fyrd 1"), engagement("Fyrd 1", "Ines")])).toMatchObject({ ok: false, reason: expect.stringContaining("twice") });
    expect(await act([engagement("Ines", "Fyrd 1", { unopposedBy: byName("Berold").id })])).toMatchObject({ ok: false });
    expect(await act([])).toMatchObject({ ok: false });
    expect(await act("all of them")).toMatchObject({ ok: false });
    expect(fx.stored()).toBe(gmBefore);
    expect(before).not.toBe(gmBefore);
  });
});
