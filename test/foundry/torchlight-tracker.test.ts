/**
 * Beyond the Torchlight's tracker and Combat Grid in the harness: the Dex saves rolled from the
 * tracker on a card, the round shown as its three turns, the turn controls moving through them to
 * the end-of-round card, each row's buttons for its owner, moves on the grid as requests the GM
 * checks, the declarations before the attacks roll, and the end of the fight (Incapacitated
 * survivors are Dying).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces } from "../../playground/foundry/dice.js";
import { cardOf, type Message, bootTorchlight, type TorchlightWorld } from "./torchlight-fixtures.js";

let w: TorchlightWorld;
const { harness, fx } = bootTorchlight({}, (world) => (w = world));

const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);
const lastCard = () => (harness.game.messages as unknown as { contents: Message[] }).contents.at(-1)!;
const grid = () => fx.flags(w).grid ?? {};
type Tracker = { render(o: object): Promise<{ element: HTMLElement }> };
const tracker = async () => new (harness.CONFIG.ui.combat as new () => Tracker)().render({ force: true });
const ask = async (kind: string, payload: Record<string, unknown>) => (await import("../../src/foundry/relay/index.js")).ask(kind, payload);
const rowButtons = (app: { element: HTMLElement }, id: string) => [...app.element.querySelectorAll<HTMLElement>(`li.combatant[data-combatant-id="${id}"] [data-fray-action]`)];
const rowText = (app: { element: HTMLElement }, id: string) => app.element.querySelector<HTMLElement>(`li.combatant[data-combatant-id="${id}"]`)!.textContent ?? "";

describe("initiative from the tracker", () => {
  it("Roll All opens the Dex saves card for everyone; a player's roll icon opens hers", async () => {
    harness.switchUser(w.ada);
    queueFaces(15);
    await (w.combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([w.ids.elsa]);
    await (await fx.cards()).cardsIdle();
    expect(cardOf(lastCard())).toMatchObject({ kind: "torchlight.initiative", state: "applied" });
    harness.switchUser(w.gm);
    queueFaces(4, 12, 9);
    await (w.combat as unknown as { rollAll(): Promise<unknown> }).rollAll();
    await (await fx.cards()).cardsIdle();
    expect(Object.keys(fx.flags(w).initiative ?? {}).sort()).toEqual(Object.values(w.keys).sort());
    expect(Object.keys(grid())).toHaveLength(4);
    // The tracker's order: the players' turn first, then the GM's; within each by the save roll.
    expect(w.combat.turns.map((c) => c.name)).toEqual(["Elsa", "Riddic", "Bandit", "Archer"]);
  });
});

describe("the round as three turns", () => {
  beforeEach(async () => {
    await fx.initiative(w, 15, 4, 12, 9);
  });

  it("shows the players' turn, the GM's and the environment's, the current one marked, each with its combatants", async () => {
    harness.switchUser(w.gm);
    const app = await tracker();
    const phases = [...app.element.querySelectorAll<HTMLElement>("li.fray-phase")];
    expect(phases.map((p) => p.dataset.phase)).toEqual(["players", "gm", "environment"]);
    expect(phases.map((p) => p.classList.contains("active"))).toEqual([true, false, false]);
    expect([...phases[0]!.querySelectorAll("li.combatant .name")].map((n) => n.textContent)).toEqual(["Elsa", "Riddic"]);
    expect([...phases[1]!.querySelectorAll("li.combatant .name")].map((n) => n.textContent)).toEqual(["Bandit", "Archer"]);
    expect(phases[0]!.querySelectorAll("li.combatant.active")).toHaveLength(2);
    expect(phases[0]!.textContent).toContain("Lane 3, Steadied");
    expect(phases[0]!.textContent).toContain("Waits until round 2");
  });

  it("the turn controls move the round through its turns; past the environment's, the end-of-round card", async () => {
    harness.switchUser(w.gm);
    await w.combat.nextTurn();
    await (await fx.cards()).cardsIdle();
    expect(fx.flags(w).phase).toBe("gm");
    await w.combat.nextTurn();
    await (await fx.cards()).cardsIdle();
    expect(fx.flags(w).phase).toBe("environment");
    await w.combat.previousTurn();
    await (await fx.cards()).cardsIdle();
    expect(fx.flags(w).phase).toBe("gm");
    await w.combat.nextTurn();
    await w.combat.nextTurn();
    await (await fx.cards()).cardsIdle();
    const card = cardOf(lastCard());
    expect(card.kind).toBe("torchlight.round");
    // Nothing was hit: it applies at once and round 2 begins in the players' turn.
    expect(w.combat.round).toBe(2);
    expect(fx.flags(w).phase).toBe("players");
    // A player does not move the round on: her End Turn says Elsa declares nothing more (issue 37), the turn stays.
    harness.switchUser(w.ada);
    const warned = warnings().length;
    await w.combat.nextTurn();
    await (await fx.cards()).cardsIdle();
    expect(warnings()).toHaveLength(warned);
    expect(fx.flags(w).declared).toEqual({ [w.keys.elsa]: { round: 2, action: "done", on: null, held: false } });
    expect(fx.flags(w).phase).toBe("players");
    await w.combat.previousTurn();
    expect(warnings().at(-1)).toBe("Only the GM may do that.");
    expect(fx.flags(w).phase).toBe("players");
  });

  it("a row's buttons are its owner's: Ada sees Elsa's, not Riddic's; a hand-made row request is refused", async () => {
    harness.switchUser(w.ada);
    const app = await tracker();
    const row = (id: string) => app.element.querySelector<HTMLElement>(`li.combatant[data-combatant-id="${id}"]`)!;
    expect([...row(w.ids.elsa).querySelectorAll("[data-fray-action]")].map((b) => b.textContent)).toEqual(["Attack", "Maneuver", "Rally", "Combat Grid"]);
    expect(row(w.ids.riddic).querySelectorAll("[data-fray-action]")).toHaveLength(0);
    const before = fx.stored();
    expect(await ask("combat.act", { combat: w.combat.id, combatants: [w.ids.elsa], action: "attack", choice: {}, roll: null })).toMatchObject({ ok: false });
    expect(await ask("combat.act", { combat: w.combat.id, combatants: [w.ids.riddic], action: "retreat", choice: {}, roll: null })).toMatchObject({ ok: false });
    expect(fx.stored()).toBe(before);
  });
});

describe("the Combat Grid", () => {
  beforeEach(async () => {
    await fx.initiative(w, 15, 4, 12, 9);
  });

  it("a player moves her own combatant once a round; not another's, not off the grid, not while it is the GM's turn", async () => {
    harness.switchUser(w.ada);
    const before = fx.stored();
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.riddic, lane: 2, stance: "steadied" })).toMatchObject({ ok: false, reason: "Riddic is not yours to move." });
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.elsa, lane: 0 })).toMatchObject({ ok: false });
    expect(await ask("torchlight.setPhase", { combat: w.combat.id, phase: "environment" })).toMatchObject({ ok: false, reason: "Only the GM may do that." });
    expect(await ask("torchlight.toggleSquad", { combat: w.combat.id, side: "foes", lane: 3 })).toMatchObject({ ok: false });
    expect(fx.stored()).toBe(before);
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.elsa, lane: 4, stance: "on-guard" })).toMatchObject({ ok: true });
    expect(grid()[w.keys.elsa]).toEqual({ lane: 4, stance: "on-guard" });
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.elsa, lane: 3, stance: "steadied" })).toMatchObject({ ok: false, reason: "Elsa has already moved this round." });
    // Nor can she write the Combat's flags herself.
    await expect(w.combat.update({ "flags.fray.torchlight.grid": { [w.keys.elsa]: { lane: 1, stance: "aggressive" } } })).rejects.toThrow(/permission/);
  });

  it("a lane on another level is reached only from the lane next to it; a full cell is refused", async () => {
    harness.switchUser(w.gm);
    expect(await ask("torchlight.setLevel", { combat: w.combat.id, lane: 1, level: 1 })).toMatchObject({ ok: true });
    harness.switchUser(w.ada);
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.elsa, lane: 1, stance: "rearguard" })).toMatchObject({ ok: false, reason: expect.stringContaining("lane next to it") });
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.elsa, lane: 3, stance: "aggressive" })).toMatchObject({ ok: false, reason: "Lane 3, Aggressive is full." });
    harness.switchUser(w.gm);
    // The GM places anyone anywhere.
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.elsa, lane: 1, stance: "rearguard" })).toMatchObject({ ok: true });
  });

  it("seed 004 §Movement, §Incapacitated and Death (the rules' move action): Grappled or just Pushed she stays; down, she drags herself one position; where she stands is no move", async () => {
    const move = (lane: number, stance: string) => ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.elsa, lane, stance });
    harness.switchUser(w.ada);
    expect(await move(3, "steadied")).toMatchObject({ ok: false, reason: "Elsa already stands in lane 3, Steadied." });
    harness.switchUser(w.gm);
    await w.combat.update({ [`flags.fray.torchlight.marks.${w.keys.elsa}`]: { grappled: { taken: 1, by: w.keys.bandit } } });
    harness.switchUser(w.ada);
    const before = fx.stored();
    expect(await move(4, "steadied")).toMatchObject({ ok: false, reason: "Elsa is held in a Grapple and cannot move." });
    harness.switchUser(w.gm);
    await w.combat.update({ [`flags.fray.torchlight.marks.${w.keys.elsa}`]: { grappled: null, pushed: { taken: 0, by: w.keys.bandit } } });
    harness.switchUser(w.ada);
    expect(await move(4, "steadied")).toMatchObject({ ok: false, reason: "Elsa was Pushed and cannot move this round." });
    harness.switchUser(w.gm);
    await w.combat.update({ [`flags.fray.torchlight.marks.${w.keys.elsa}.pushed`]: null });
    await (w.elsa as unknown as { update(d: object): Promise<unknown> }).update({ "system.incapacitated": true });
    harness.switchUser(w.ada);
    const down = fx.stored();
    expect(await move(5, "steadied")).toMatchObject({ ok: false, reason: expect.stringContaining("only drags herself one position") });
    expect(await move(4, "on-guard")).toMatchObject({ ok: false, reason: expect.stringContaining("only drags herself one position") });
    expect(fx.stored()).toBe(down);
    expect(await move(4, "steadied")).toMatchObject({ ok: true });
    expect(grid()[w.keys.elsa]).toEqual({ lane: 4, stance: "steadied" });
    expect(before).not.toBe(fx.stored());
  });

  it("shows who is Engaged and whom the selected may melee and shoot", async () => {
    harness.switchUser(w.ada);
    const { openCombatGrid } = await import("../../src/foundry/rulesets/torchlight/ui/grid-app.js");
    const app = (await openCombatGrid()) as unknown as { element: HTMLElement; selected: string | null; render(): Promise<unknown> };
    const chip = (id: string) => app.element.querySelector<HTMLElement>(`[data-combatant="${id}"]`)!;
    expect(chip(w.keys.elsa).querySelector("[data-mark='engaged']")).toBeNull();
    expect(chip(w.keys.riddic).querySelector("[data-mark='engaged']")).not.toBeNull();
    expect(chip(w.keys.archer).querySelector("[data-mark='retreat']")).not.toBeNull();
    chip(w.keys.elsa).click();
    await harness.flush();
    expect(app.element.querySelector("[data-reach='melee']")!.textContent).toBe("May melee: Bandit.");
    expect(app.element.querySelector("[data-reach='shoot']")!.textContent).toBe("May shoot: nobody.");
    // A click on a cell moves her (her one move this round).
    app.element.querySelector<HTMLElement>("td[data-lane='2'][data-stance='steadied'][data-side='party']")!.click();
    await harness.flush();
    await (await fx.cards()).cardsIdle();
    expect(grid()[w.keys.elsa]).toEqual({ lane: 2, stance: "steadied" });
  });
});

describe("declarations before attacks (seed 004 §Rounds, §Actions)", () => {
  beforeEach(async () => {
    // Everyone acts in round 1 but the Archer.
    await fx.initiative(w, 15, 12, 12, 9);
  });

  it("seed 004 §Actions: a declared attack waits unrolled, shown on the tracker and the grid; the last declaration rolls every one together", async () => {
    const elsa = (await fx.declare(w, w.ada, w.elsa, w.bandit))!;
    expect(cardOf(elsa)).toMatchObject({ state: "open", outcome: { dice: [], awaiting: { choice: "held" } } });
    expect(fx.flags(w).declared).toEqual({ [w.keys.elsa]: { round: 1, action: "attack", on: w.keys.bandit, held: true, turn: "players" } });
    // Ada sees what she declared, and no button to roll it; the GM has one.
    let app = await tracker();
    expect(rowText(app, w.ids.elsa)).toContain("Declared: attack on Bandit (rolls when declarations close)");
    expect(rowButtons(app, w.ids.elsa).map((b) => b.textContent)).not.toContain("Roll declared attacks");
    harness.switchUser(w.gm);
    app = await tracker();
    expect(rowButtons(app, w.ids.elsa).map((b) => b.textContent)).toContain("Roll declared attacks");
    const { openCombatGrid } = await import("../../src/foundry/rulesets/torchlight/ui/grid-app.js");
    const grid = (await openCombatGrid()) as unknown as { element: HTMLElement };
    expect(grid.element.querySelector("[data-declared]")!.textContent).toBe("Declared: Elsa → Bandit");
    expect(grid.element.querySelector("[data-action='rollDeclared'][data-side='players']")).not.toBeNull();
    // Bob declares Riddic's blow, the last of the players: both attacks roll now, Elsa's die first.
    queueFaces(3, 7);
    const riddic = (await fx.declare(w, w.bob, w.riddic, w.bandit))!;
    expect(cardOf(elsa).outcome.dice.map((d) => d.face)).toEqual([3]);
    expect(cardOf(riddic).outcome.dice.map((d) => d.face)).toEqual([7]);
    expect(Object.values(fx.flags(w).declared!).map((d) => (d as { held: boolean }).held)).toEqual([false, false]);
  });

  it("seed 004 §Actions: a declared action cannot change: her own roll, a second attack and a move are refused, nothing written", async () => {
    const elsa = (await fx.declare(w, w.ada, w.elsa, w.bandit))!;
    const before = fx.stored();
    // The held step is the GM's (the rules await it by "gm"): her forged release is refused by the card engine.
    expect(cardOf(elsa).outcome.awaiting).toMatchObject({ choice: "held", by: "gm" });
    expect(await ask("card.choose", { message: elsa.id, choice: "held", value: false, roll: null })).toMatchObject({ ok: false, reason: "Only the GM makes this choice." });
    expect(await ask("card.choose", { message: elsa.id, choice: "feint", value: "keep", roll: null })).toMatchObject({ ok: false });
    const sword = (w.elsa as unknown as { items: { contents: { id: string }[] } }).items.contents[0]!.id;
    expect(await ask("card.open", { kind: "torchlight.attack", refs: { attacker: fx.who(w.elsa), target: fx.who(w.archer) }, request: { combat: w.combat.id, weapon: sword }, roll: null })).toMatchObject({ ok: false, reason: expect.stringContaining("cannot change") });
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.keys.elsa, lane: 2, stance: "steadied" })).toMatchObject({ ok: false, reason: "Elsa has declared an attack and stays in place until the attacks roll." });
    harness.switchUser(w.bob);
    expect(await ask("torchlight.rollDeclared", { combat: w.combat.id, side: "players" })).toMatchObject({ ok: false });
    expect(fx.stored()).toBe(before);
  });

  it("seed 004 §Actions: the held step is the GM's alone: her release through the card engine rolls it; holding it again is refused, nothing written", async () => {
    const elsa = (await fx.declare(w, w.ada, w.elsa, w.bandit))!;
    harness.switchUser(w.gm);
    const before = fx.stored();
    expect(await ask("card.choose", { message: elsa.id, choice: "held", value: true, roll: null })).toMatchObject({ ok: false, reason: "A declared attack rolls when every action of its side is declared, or when the GM rolls the declared attacks." });
    expect(fx.stored()).toBe(before);
    queueFaces(4);
    await (await import("../../src/foundry/cards/index.js")).chooseAsGm(elsa.id!, "held", false);
    expect(cardOf(elsa).outcome).toMatchObject({ dice: [{ face: 4 }], awaiting: { choice: "feint", by: "attacker" } });
  });

  it("seed 004 §Actions (\"All Actions must be declared before any Attacks are made\"): once the GM rolled the side's declared attacks, a late attack or stance ability is refused in one line, its forged request too, nothing written", async () => {
    const elsa = (await fx.declare(w, w.ada, w.elsa, w.bandit))!;
    harness.switchUser(w.gm);
    queueFaces(4);
    await fx.rollDeclared(w, "players");
    expect(cardOf(elsa).outcome.dice.map((d) => d.face)).toEqual([4]);
    await (await fx.cards()).cardsIdle();
    const before = fx.stored();
    const messages = harness.game.messages.size;
    const late = "Every action is declared before any attack is made: her side's declared attacks have already rolled this round, so she declares again next round (Riddic)";
    // Bob's attack for Riddic does not wait alone for the GM: it is refused.
    expect(await fx.declare(w, w.bob, w.riddic, w.bandit)).toBeUndefined();
    expect(warnings().at(-1)).toBe(late);
    const { postTorchlightAbility } = await fx.torchlight();
    expect(await postTorchlightAbility({ combat: w.combat.id!, actor: fx.who(w.riddic) })).toBeUndefined();
    expect(warnings().at(-1)).toBe(late);
    const axe = (w.riddic as unknown as { items: { contents: { id: string }[] } }).items.contents[0]!.id;
    expect(await ask("card.open", { kind: "torchlight.attack", refs: { attacker: fx.who(w.riddic), target: fx.who(w.bandit) }, request: { combat: w.combat.id, weapon: axe }, roll: null })).toMatchObject({ ok: false, reason: late });
    expect(harness.game.messages.size).toBe(messages);
    expect(fx.stored()).toBe(before);
  });

  it("seed 004 §Actions: once the side's declared attacks rolled, a player's move on the Combat Grid is refused in one line, nothing written; the GM may still place her", async () => {
    (await fx.declare(w, w.ada, w.elsa, w.bandit))!;
    harness.switchUser(w.gm);
    queueFaces(4);
    await fx.rollDeclared(w, "players");
    await (await fx.cards()).cardsIdle();
    const before = fx.stored();
    harness.switchUser(w.bob);
    const late = "Riddic moves next round: a move is declared with every other action, and her side's declared attacks have already rolled this round.";
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.riddic, lane: 4, stance: "on-guard" })).toMatchObject({ ok: false, reason: late });
    expect(fx.stored()).toBe(before);
    harness.switchUser(w.gm);
    expect(await ask("torchlight.move", { combat: w.combat.id, combatant: w.ids.riddic, lane: 4, stance: "on-guard" })).toMatchObject({ ok: true });
  });

  it("the GM's Roll declared attacks on the tracker rolls the side's declared attacks", async () => {
    const elsa = (await fx.declare(w, w.ada, w.elsa, w.bandit))!;
    harness.switchUser(w.gm);
    const app = await tracker();
    queueFaces(4);
    rowButtons(app, w.ids.elsa).find((b) => b.textContent === "Roll declared attacks")!.click();
    await harness.flush();
    await (await fx.cards()).cardsIdle();
    expect(cardOf(elsa).outcome).toMatchObject({ dice: [{ face: 4 }], awaiting: { choice: "feint", by: "attacker" } });
  });

  it("issue 37: a player's End Turn in her side's turn is not refused: her characters are done, and the last to be done closes the declarations", async () => {
    const elsa = (await fx.declare(w, w.ada, w.elsa, w.bandit))!;
    harness.switchUser(w.bob);
    const warned = warnings().length;
    queueFaces(5);
    await w.combat.nextTurn();
    await (await fx.cards()).cardsIdle();
    expect(warnings()).toHaveLength(warned);
    expect(fx.flags(w).declared![w.keys.riddic]).toEqual({ round: 1, action: "done", on: null, held: false });
    expect(cardOf(elsa).outcome.dice.map((d) => d.face)).toEqual([5]);
    expect(fx.flags(w).phase ?? "players").toBe("players");
    // Done is a declaration too: Riddic may not attack after it.
    expect(await fx.declare(w, w.bob, w.riddic, w.bandit)).toBeUndefined();
    expect(warnings().at(-1)).toBe("Riddic is done this turn: a declaration cannot change.");
    // In the GM's turn none of Bob's characters acts: his End Turn is refused, nothing written.
    harness.switchUser(w.gm);
    await w.combat.nextTurn();
    harness.switchUser(w.bob);
    const before = fx.stored();
    await w.combat.nextTurn();
    expect(warnings().at(-1)).toBe("None of your characters acts in this turn.");
    expect(fx.stored()).toBe(before);
  });

  it("issue 37: each player with a character in the players' turn has End Turn in the tracker, not only the owner of the turn's one combatant", async () => {
    const endTurn = (app: { element: HTMLElement }) => app.element.querySelector<HTMLElement>(".combat-controls [data-action='nextTurn']");
    for (const user of [w.ada, w.bob]) {
      harness.switchUser(user);
      expect(endTurn(await tracker())).not.toBeNull();
    }
    // Ada's End Turn from the footer: Elsa declares nothing more.
    harness.switchUser(w.ada);
    endTurn(await tracker())!.click();
    await (await fx.cards()).cardsIdle();
    await expect.poll(() => fx.flags(w).declared?.[w.keys.elsa]).toMatchObject({ round: 1, action: "done" });
    // In the GM's turn no player character acts: no End Turn for them.
    harness.switchUser(w.gm);
    await w.combat.nextTurn();
    harness.switchUser(w.ada);
    expect(endTurn(await tracker())).toBeNull();
  });

  it("the GM's End Turn rolls the turn's declared attacks before the turn passes", async () => {
    const elsa = (await fx.declare(w, w.ada, w.elsa, w.bandit))!;
    harness.switchUser(w.gm);
    queueFaces(6);
    await w.combat.nextTurn();
    await (await fx.cards()).cardsIdle();
    expect(cardOf(elsa).outcome.dice.map((d) => d.face)).toEqual([6]);
    expect(fx.flags(w).phase).toBe("gm");
  });
});

describe("the end of the fight", () => {
  it("an Incapacitated survivor falls unconscious and is Dying; what lasted only in the fight ends", async () => {
    harness.switchUser(w.gm);
    await (w.elsa as unknown as { update(d: object): Promise<unknown> }).update({ "system.incapacitated": true });
    await (w.riddic as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("fray-waiting", { active: true });
    await (w.combat as unknown as { delete(): Promise<unknown> }).delete();
    await harness.flush();
    const statuses = (a: unknown) => [...(a as { statuses: Set<string> }).statuses];
    expect((w.elsa as unknown as { system: { dying: boolean } }).system.dying).toBe(true);
    expect(statuses(w.elsa)).toEqual(expect.arrayContaining(["fray-dying", "unconscious"]));
    expect(statuses(w.riddic)).not.toContain("fray-waiting");
  });
});
