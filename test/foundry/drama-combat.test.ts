/**
 * Drama in History in the combat tracker, with a GM and two players each on their own client: the
 * order is round-one Momentum (Grit, the stance declared, then Agility, level, player actors) and its
 * ranking is posted as a card; each fighter's owner declares a stance on her row, in turn (the one
 * ahead declares after her opponents); a stance declared for someone else's fighter, out of turn or
 * not a stance is refused and nothing changes; the rows show the stance, Momentum, a disadvantage
 * and the rounds out, and a new round counts them down.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor, FoundryHarness, HarnessConfig, HarnessGame, User } from "../harness/index.js";
import type { Combat, Combatant } from "../harness/combat.js";
import { card, dramaSuite, type Message, statuses, sys } from "./drama-fixtures.js";
import { everyCardInWords } from "./card-words.js";

const suite = dramaSuite(["dialog/drama-stance.hbs", "dialog/drama-summary.hbs", "dialog/footer.hbs"]);
const fx = suite.fx;
let harness: FoundryHarness;
everyCardInWords(() => harness.game.messages);
let game: HarnessGame;
let CONFIG: HarnessConfig;
let gm: User;
let ada: User;
let bob: User;
let ines: Actor;
let berold: Actor;
let odo: Actor;
let fyrd1: Actor;

beforeEach(() => {
  harness = suite.harness;
  game = suite.game;
  CONFIG = suite.CONFIG;
  ({ gm, ada, bob, ines, berold, odo, fyrd1 } = suite.world);
});

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
    const shown = await rows();
    expect(shown.Berold).toContain("Holds Momentum");
    expect(shown.Ines).toContain("No stance declared");
    expect(Object.values(shown).join(" ")).not.toMatch(/FRAY\./);
  });

  it("has each owner declare on her row in turn, the one ahead after her opponents, and the stance moves the order", async () => {
    const { combat, byName } = await fight();
    // Ines is ahead of both the GM's fighters: she waits for them.
    harness.switchUser(ada);
    const before = JSON.stringify(combat.toObject());
    await declare(combat, byName("Ines"), "press");
    expect(harness.notifications.at(-1)?.message).toContain("you declare after Odo, Fyrd 1");
    expect(JSON.stringify(combat.toObject())).toBe(before);
    const button = await stanceButton("Ines");
    expect(button.disabled).toBe(true);
    expect(button.dataset.tooltip ?? button.title).toBe("Holding Momentum, you declare after Odo, Fyrd 1.");

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
    expect(await fx.choose(message, "bPool", {}, 4, 2, 1)).toMatchObject({ ok: true });
    harness.switchUser(ada);
    expect(await fx.choose(message, "aPool", { situations: ["heightAdvantage"], weapon: fx.itemId(ines, "Arming sword") }, 6, 5, 5, 1, 3, 2, 4, 1)).toMatchObject({ ok: true });
    harness.switchUser(gm);
    expect(await fx.choose(message, "bCourage", {}, 5, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3)).toMatchObject({ ok: true });
    expect(await fx.choose(message, "bWaver", "spend")).toMatchObject({ ok: true });
    expect(card(message).state).toBe("applied");
    expect((await rows()).Ines).toContain("Momentum over Odo");
    expect((await message.renderHTML()).textContent).toContain("Momentum — → Ines");
    await fx.click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect((await rows()).Ines).not.toContain("Momentum over Odo");
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

  it("shows a disadvantage and rounds out on the rows, and a new round counts them down", async () => {
    const { combat } = await fight();
    await combat.startCombat();
    await odo.update({ "system.roundsOut": 2 });
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
});
