/**
 * The Drama dialogs a player opens from her sheet, against the harness: each shows the exact odds of
 * the card it would open (the rules' own odds over the card's own rules request), and they follow a
 * changed choice; each offers the roll mode, and the card opens with the one chosen. The fighter who
 * builds second sees what the first allocated and no die; a fighter out of the action has no buttons.
 */
import { describe, expect, it } from "vitest";
import { queueFaces } from "../../playground/foundry/dice.js";
import { placeToken } from "../../playground/foundry/ui.js";
import { card, bootDrama, gm, ada, bob, ines, odo, fyrd1, type Message } from "./drama-fixtures.js";
import { sheetDialogs } from "./sheet-dialogs.js";

const { harness, game, fx } = bootDrama({ templates: ["dialog/drama-melee.hbs", "dialog/drama-ranged.hbs", "dialog/drama-courage.hbs", "dialog/drama-pool.hbs", "dialog/drama-summary.hbs", "dialog/footer.hbs", "parts/roll-mode.hbs"] });
const ui = sheetDialogs(harness);
const { settle, dialog, openSheet, change } = ui;
const clickOpen = (sheet: HTMLElement, action: string, cls: string) => ui.clickOpen(sheet.querySelector(`[data-action="${action}"]`), cls);

/** The odds the dialog shows, label to percent. */
const shown = (form: HTMLFormElement) => Object.fromEntries([...form.querySelectorAll<HTMLElement>(".fray-drama-odds dd")].map((dd) => [dd.dataset.odds, dd.textContent]));

/** What the rules say for the card a dialog would open, with these choices made. */
async function expected(open: Record<string, unknown>, choices: Record<string, unknown> = {}) {
  const { cardOdds, percent } = await import("../../src/foundry/cards/index.js");
  const odds = cardOdds(open as never, choices)!;
  return { odds, percent };
}

function targetOdo() {
  const token = placeToken(odo as never);
  token.setTarget(true, { releaseOthers: true });
}

describe("the ranged dialog", () => {
  it("issue 38 item 12: offers only missile weapons (never the sheet's melee weapon class); with none, says so and declares nothing", async () => {
    targetOdo();
    let form = await clickOpen(await openSheet(ines), "rangedShot", "fray-drama-ranged");
    expect([...form.querySelectorAll<HTMLOptionElement>("select[name='weapon'] option")].map((o) => o.textContent)).toEqual(["Crossbow (3F)"]);
    form.remove();
    const crossbow = (ines as unknown as { items: { getName(n: string): { update(d: object): Promise<unknown> } } }).items.getName("Crossbow");
    await crossbow.update({ "system.ranged": false });
    await harness.flush();
    form = await clickOpen(await openSheet(ines), "rangedShot", "fray-drama-ranged");
    expect(form.querySelectorAll("select[name='weapon'] option").length).toBe(0);
    expect(form.textContent).toContain("Ines has no missile weapon: a shot needs a weapon marked Ranged on the sheet.");
    expect(form.querySelector<HTMLButtonElement>("button[type='submit']")?.disabled).toBe(true);
  });

  it("shows the shot's exact odds, follows the range and aiming, and opens its card with the roll mode chosen", async () => {
    targetOdo();
    const sheet = await openSheet(ines);
    const form = await clickOpen(sheet, "rangedShot", "fray-drama-ranged");
    const rules = async (situation: Record<string, string>, bonuses: string[]) => {
      const { rangedCard } = await import("../../src/foundry/rulesets/drama/cards/post.js");
      const open = rangedCard(ines as never, { actor: odo as never }, { weapon: fx.itemId(ines, "Crossbow"), situation, bonuses, advantages: [], base: 0, resistance: 0 });
      const { odds, percent } = await expected(open as never);
      return percent(odds.chances.hit!);
    };
    const first = shown(form);
    expect(Object.keys(first)).toEqual(["Hit", "Marginal hit", "Miss", "Critical"]);
    const situation = Object.fromEntries([...form.querySelectorAll<HTMLSelectElement>("select[name^='situation.']")].map((s) => [s.name.slice(10), s.value]));
    expect(first.Hit).toBe(await rules(situation, []));
    change(form.querySelector("[name='situation.range']"), (el) => (el.value = "long"));
    change(form.querySelector("[name='bonuses.aiming']"), (el) => (el.checked = true));
    await settle();
    const later = shown(form);
    expect(later.Hit).toBe(await rules({ ...situation, range: "long" }, ["aiming"]));
    expect(later.Hit).not.toBe(first.Hit);

    // The roll mode is offered, and the card is whispered as chosen.
    const mode = form.querySelector<HTMLSelectElement>("select[name='rollMode']")!;
    expect([...mode.options].map((o) => o.value)).toEqual(["publicroll", "gmroll", "blindroll", "selfroll"]);
    change(mode, (el) => (el.value = "gmroll"));
    await settle();
    const count = game.messages.size;
    queueFaces(...Array(12).fill(3));
    (form.querySelector("button[type='submit']") as HTMLButtonElement).click();
    for (let i = 0; i < 200 && game.messages.size === count; i++) await new Promise((r) => setTimeout(r, 5));
    await settle();
    const message = game.messages.contents.at(-1) as unknown as Message;
    expect(card(message).kind).toBe("drama.ranged");
    expect(message.whisper.length).toBeGreaterThan(0);
  });
});

describe("the melee dialog", () => {
  it("shows who wins one against one with the weapon chosen, and says the stances are still to come", async () => {
    targetOdo();
    const sheet = await openSheet(ines);
    const form = await clickOpen(sheet, "meleeRound", "fray-drama-melee");
    const { meleeCard } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    const rules = async (weapon: string) => {
      const { odds, percent } = await expected(meleeCard(ines as never, [{ actor: odo as never }], { weapon, unopposed: [] }) as never);
      return percent(odds.chances.aWins!);
    };
    expect(Object.keys(shown(form))).toEqual(["Ines wins", "Odo wins", "Nobody wins"]);
    const sword = fx.itemId(ines, "Arming sword");
    change(form.querySelector("[name='weapon']"), (el) => (el.value = ""));
    await settle();
    const unarmed = shown(form)["Ines wins"];
    expect(unarmed).toBe(await rules(""));
    change(form.querySelector("[name='weapon']"), (el) => (el.value = sword));
    await settle();
    expect(shown(form)["Ines wins"]).toBe(await rules(sword));
    expect(form.textContent).toContain("Before stances");
    expect(form.querySelector("select[name='rollMode']")).not.toBeNull();
  });

  it("issue 38 item 3: against several, shows each fight's odds with her pool split evenly, and follows an opponent left unopposed", async () => {
    placeToken(odo as never).setTarget(true, { releaseOthers: true });
    placeToken(fyrd1 as never).setTarget(true, { releaseOthers: false });
    const form = await clickOpen(await openSheet(ines), "meleeRound", "fray-drama-melee");
    const weapon = form.querySelector<HTMLSelectElement>("[name='weapon']")!.value;
    const { meleeCard } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    const rules = async (unopposed: number[]) => {
      const { odds, percent } = await expected(meleeCard(ines as never, [{ actor: odo as never }, { actor: fyrd1 as never }], { weapon, unopposed }) as never);
      return Object.fromEntries(Object.entries(odds.chances).map(([name, p]) => [name, percent(p)]));
    };
    expect(Object.keys(shown(form))).toEqual(["Ines beats Odo", "Odo beats Ines", "Ines beats Fyrd 1", "Fyrd 1 beats Ines"]);
    const split = await rules([]);
    expect(shown(form)["Ines beats Odo"]).toBe(split.actorBeatsOpponent1);
    expect(shown(form)["Fyrd 1 beats Ines"]).toBe(split.opponent2BeatsActor);
    // Fyrd 1 left unopposed: every die of hers against Odo, and Fyrd 1 is never beaten.
    change(form.querySelector("[name='unopposed.1']"), (el) => (el.checked = true));
    await settle();
    const alone = await rules([1]);
    expect(shown(form)["Ines beats Odo"]).toBe(alone.actorBeatsOpponent1);
    expect(shown(form)["Ines beats Odo"]).not.toBe(split.actorBeatsOpponent1);
    expect(shown(form)["Ines beats Fyrd 1"]).toBe("0%");
  });
});

describe("the courage dialog", () => {
  it("shows whether she stands, wavers or falls, and follows the wound chosen and the dice added", async () => {
    await ines.update({ "system.wounds": [{ flesh: 2, serious: false, critical: false, bleeding: false, note: "" }, { flesh: 4, serious: true, critical: false, bleeding: false, note: "" }] });
    const sheet = await openSheet(ines);
    const form = await clickOpen(sheet, "courageTest", "fray-drama-courage");
    const { courageCard } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    const standing = async (wound: number, base: number) => {
      const { odds, percent } = await expected(courageCard(ines as never, { wound, base, resistance: 0, drama: 0 }) as never);
      return percent((odds.distributions.net ?? []).filter(([net]) => net >= 2).reduce((t, [, p]) => t + p, 0));
    };
    expect(Object.keys(shown(form))).toEqual(["Stands firm", "Wavers (a Drama Point keeps the fighter in)", "Falls out of the fight"]);
    expect(shown(form)["Stands firm"]).toBe(await standing(1, 0));
    change(form.querySelector("[name='wound']"), (el) => (el.value = "0"));
    await settle();
    // A typed number's change comes on the mousedown of the click on Test courage: the button is the same one, so the click lands.
    const submit = form.querySelector<HTMLButtonElement>("button[type='submit']")!;
    change(form.querySelector("[name='base']"), (el) => (el.value = "3"));
    await settle();
    expect(submit.isConnected).toBe(true);
    expect(shown(form)["Stands firm"]).toBe(await standing(0, 3));
    expect(await standing(0, 3)).not.toBe(await standing(1, 0));
  });
});

/** The card's pool button, clicked as the current user: it opens the dialog and waits for its answer, so it is clicked, not awaited. */
async function openPool(message: Message): Promise<HTMLFormElement> {
  (await message.renderHTML()).querySelector<HTMLElement>("[data-fray-action='pool']")!.click();
  for (let i = 0; i < 200 && !dialog("fray-drama-pool"); i++) await new Promise((r) => setTimeout(r, 5));
  await settle();
  return dialog("fray-drama-pool")!;
}

/** Ada's Ines against the GM's Odo, stances declared (Odo stands, Ines presses): Odo's pool is awaited. */
async function stancesDeclared(): Promise<Message> {
  harness.switchUser(ada);
  const message = await fx.melee(ines, [odo], { weapon: fx.itemId(ines, "Arming sword") });
  harness.switchUser(gm);
  await fx.choose(message, "bStance", "stand");
  harness.switchUser(ada);
  await fx.choose(message, "aStance", "press");
  return message;
}

describe("the pool dialog on a melee card", () => {
  it("shows who wins with the stances declared and this pool, and follows a situation ticked", async () => {
    const message = await stancesDeclared();
    harness.switchUser(gm);
    const form = await openPool(message);
    const opened = card(message);
    const rules = async (pool: Record<string, unknown>) => {
      const { odds, percent } = await expected({ kind: opened.kind, refs: (opened as unknown as { refs: unknown }).refs, request: opened.request }, { ...opened.request, bPool: pool });
      return percent(odds.chances.bWins!);
    };
    expect(Object.keys(shown(form))).toEqual(["Ines wins", "Odo wins", "Nobody wins"]);
    const weapon = form.querySelector<HTMLSelectElement>("[name='weapon']")!.value;
    const plain = shown(form)["Odo wins"];
    expect(plain).toBe(await rules({ situations: [], base: 0, resistance: 0, armour: 0, advantages: [], weapon }));
    change(form.querySelector("[name='situations.heightAdvantage']"), (el) => (el.checked = true));
    await settle();
    expect(shown(form)["Odo wins"]).toBe(await rules({ situations: ["heightAdvantage"], base: 0, resistance: 0, armour: 0, advantages: [], weapon }));
    expect(shown(form)["Odo wins"]).not.toBe(plain);
    expect(form.querySelector("select[name='rollMode']")).toBeNull();
    (form.closest(".application") ?? form).querySelector<HTMLElement>("[data-action='close']")?.click();
  });
});

describe("the pool dialog of a split (issue 38 item 3)", () => {
  it(`seed 001 §Fighting Multiple Opponents: Berold sees the exact odds of each fight his split makes, and they follow his military dice`, async () => {
    const message = await fx.awaitingSplit();
    harness.switchUser(bob);
    const form = await openPool(message);
    const opened = card(message);
    const weapon = form.querySelector<HTMLSelectElement>("[name='weapon']")!.value;
    const rules = async (split: unknown[]) => {
      const { odds, percent } = await expected({ kind: opened.kind, refs: (opened as unknown as { refs: unknown }).refs, request: opened.request }, { ...opened.request, actorPool: { weapon, split } });
      return Object.fromEntries(Object.entries(odds.chances).map(([name, p]) => [name, percent(p)]));
    };
    expect(Object.keys(shown(form))).toEqual(["Berold beats Fyrd 1", "Fyrd 1 beats Berold", "Berold beats Fyrd 2", "Fyrd 2 beats Berold"]);
    // As it opens: 3 and 3 of his own Bd, his military dice and the Press Dd against the first engaged.
    const even = await rules([{ baseDice: 3, drama: true }, { baseDice: 3 }]);
    expect(shown(form)["Berold beats Fyrd 1"]).toBe(even.actorBeatsOpponent1);
    expect(shown(form)["Fyrd 2 beats Berold"]).toBe(even.opponent2BeatsActor);
    // Both military dice against Fyrd 2: the fight with Fyrd 2 gets likelier to win, the other's odds stay.
    change(form.querySelector("[name='split.1.military']"), (el) => (el.value = "2"));
    await settle();
    const moved = await rules([{ baseDice: 3, drama: true }, { baseDice: 3, military: 2 }]);
    expect(shown(form)["Berold beats Fyrd 2"]).toBe(moved.actorBeatsOpponent2);
    expect(shown(form)["Berold beats Fyrd 2"]).not.toBe(even.actorBeatsOpponent2);
    expect(shown(form)["Berold beats Fyrd 1"]).toBe(moved.actorBeatsOpponent1);
    (form.closest(".application") ?? form).querySelector<HTMLElement>("[data-action='close']")?.click();
  });
});

describe("building second", () => {
  it(`seed 001 §Opposed Melee Rolls: Ines, holding Momentum, sees Odo's allocation in her pool dialog and on the card, and no die of his; a dramatic advantage's extra Flesh shows and reaches the rules`, async () => {
    await (ines as unknown as { items: { contents: { name: string; update(d: object): Promise<unknown> }[] } }).items.contents.find((i) => i.name === "Desperate lunge")!.update({ "system.flesh": 1 });
    const message = await stancesDeclared();
    harness.switchUser(gm);
    expect(await fx.choose(message, "bPool", { situations: ["heightAdvantage"] })).toMatchObject({ ok: true });
    harness.switchUser(ada);
    const html = await message.renderHTML();
    expect(html.querySelectorAll(".fray-die")).toHaveLength(0);
    expect(html.textContent).toContain("Built: rolled once every pool is built.");
    expect(html.querySelector(".fray-drama-seen")?.textContent).toContain("Odo (Stand) built 5Bd (0 military), 0Rd, 0Dd; armour 1Ad (0 military); Height advantage.");
    html.querySelector<HTMLElement>("[data-fray-action='pool']")!.click();
    for (let i = 0; i < 200 && !dialog("fray-drama-pool"); i++) await new Promise((r) => setTimeout(r, 5));
    await settle();
    const form = dialog("fray-drama-pool")!;
    expect(form.querySelector(".fray-drama-seen")?.textContent).toContain("Odo (Stand) built 5Bd");
    expect(form.textContent).toContain("+1F on a full blow");
    (form.closest(".application") ?? form).querySelector<HTMLElement>("[data-action='close']")?.click();
    await settle();
    // Declared, the advantage's Flesh goes to the rules with its Drama dice and Drama Point; a number sent for it is not hers to set.
    expect(await fx.choose(message, "aPool", { advantages: [fx.itemId(ines, "Desperate lunge")], extraFlesh: 4, weapon: fx.itemId(ines, "Arming sword") }, ...Array(30).fill(3))).toMatchObject({ ok: true });
    expect(card(message).rules.aPool).toEqual({ drama: 2, dramaPointsSpent: 1, extraFlesh: 1 });
    expect(card(message).outcome.steps.find((step) => step.rule === "build-pools" && step.who === "Ines")).toMatchObject({ extraFlesh: 1 });
  });
});

describe("a fighter out of the action", () => {
  it("has no melee, shot or courage button on her sheet, and a line saying why; back in the fight, they return", async () => {
    await odo.update({ "system.roundsOut": 2 });
    harness.switchUser(gm);
    let sheet = await openSheet(odo);
    for (const action of ["meleeRound", "rangedShot", "courageTest"]) expect(sheet.querySelector(`[data-action="${action}"]`)).toBeNull();
    expect(sheet.textContent).toContain("Out of the action");
    await odo.update({ "system.roundsOut": 0 });
    sheet = await openSheet(odo);
    expect(sheet.querySelector(`[data-action="meleeRound"]`)).not.toBeNull();
    await odo.update({ "system.flesh.value": -1 });
    sheet = await openSheet(odo);
    expect(sheet.querySelector(`[data-action="rangedShot"]`)).toBeNull();
  });
});

