/**
 * Fray against Foundry v13's own behaviour (issue "Behave like Foundry v13, not like the harness"):
 * one test per finding, each failing on the code before its fix, then the hostile player's flags
 * in the tracker, and the places where the harness itself now behaves as v13 does.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import type { Actor as HarnessActor } from "../../playground/foundry/documents.js";
import { combatTrackerSettings, reloadCombat, type Combat, type Combatant } from "../../playground/foundry/combat.js";
import { FilePicker } from "../../playground/foundry/applications.js";
import { canvasRequests } from "../../playground/foundry/tracker.js";
import { placeToken } from "../../playground/foundry/tokens.js";
import { areaSceneData, pointInArea, type Scene, type TokenDocument } from "../../playground/foundry/scene.js";
import { RegionDocument } from "../../playground/foundry/regions.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { combatFixtures, names } from "./combat-fixtures.js";
import type * as Statuses from "../../src/foundry/statuses/index.js";
import { bootWorld, playRuleset } from "./world.js";

const { harness, game, CONFIG } = bootWorld("cavaliers");
beforeEach(() => {
  canvasRequests.length = 0;
  FilePicker.opened.length = 0;
  combatTrackerSettings.resource = "";
});

// The status API is imported per test, so a missing module fails that finding's tests, not the file.
const statuses = () => import("../../src/foundry/statuses/index.js") as Promise<typeof Statuses>;

type TrackerApp = { render(o: object): Promise<{ element: HTMLElement }>; element: HTMLElement };
type Effect = { id: string; img: string; statuses: Set<string> };
type HarnessActorWithEffects = HarnessActor & { statuses: Set<string> };
const effectsOf = (actor: HarnessActor) => [...actor.effects.values()] as unknown as Effect[];

const fixtures = combatFixtures(() => harness);
const { fight, rolledFight, act } = fixtures;
const actor = async (...args: Parameters<typeof fixtures.actor>) => (await fixtures.actor(...args)) as HarnessActorWithEffects;

/** The sidebar's combat tab (ui.combat), rendered. */
async function renderTracker(): Promise<TrackerApp> {
  const app = (globalThis as unknown as { ui: { combat: TrackerApp } }).ui.combat;
  await app.render({ force: true });
  await harness.flush();
  return app;
}

const rows = (app: TrackerApp) => [...app.element.querySelectorAll<HTMLElement>("li.combatant")];

describe("finding 1: the tracker after a reload", () => {
  it("orders the combatants when the combat is prepared afresh, though Foundry sorts without `this`", async () => {
    const { combat } = await rolledFight();
    await combat.startCombat();
    const reloaded = reloadCombat(combat);
    expect(names(reloaded)).toEqual(["Ana", "Bel", "Cid"]);
    expect(reloaded.combatant?.name).toBe("Ana");
    expect(rows(await renderTracker()).map((r) => r.querySelector(".name")?.textContent)).toEqual(["Ana", "Bel", "Cid"]);
  });
});

/** Every ruleset's chunk, each loaded the way a world loads its own. */
async function everyRuleset() {
  const { rulesetLoaders } = await import("../../src/foundry/rulesets/loading.js");
  return Promise.all(Object.values(rulesetLoaders()).map((load) => load()));
}

describe("finding 2: initiative in every ruleset", () => {

  it("declares an initiative formula, so Foundry's own roll never evaluates \"undefined\"", async () => {
    expect(game.system.initiative).toBe("1d20");
    await playRuleset(game, "drama");
    const { combatants } = await fight(await actor("Squire", "dramaCharacter"));
    await combatants[0]!.rollInitiative();
    expect(combatants[0]!.initiative).toBeGreaterThanOrEqual(1);
  });

  // Each ruleset's own tracker tests roll its initiative; none is left to the "not built yet" fallback.
  it("every ruleset has its own tracker rules", async () => {
    const FOUNDRY_RULESETS = await everyRuleset();
    expect(FOUNDRY_RULESETS.map((ruleset) => ruleset.id).sort()).toEqual(["cavaliers", "drama", "personal", "torchlight", "unhex"]);
    expect(FOUNDRY_RULESETS.filter((ruleset) => !ruleset.combat).map((ruleset) => ruleset.id)).toEqual([]);
  });

  // The documents stay in the entry and the contexts go with the ruleset's code: both must name the same types.
  it("every ruleset's documents are its own, in system.json, and each type has its sheet context", async () => {
    const { rulesetDocuments, documentsOfType } = await import("../../src/foundry/rulesets/registry.js");
    const RULESET_DOCUMENTS = rulesetDocuments();
    const FOUNDRY_RULESETS = await everyRuleset();
    expect(RULESET_DOCUMENTS.map((documents) => documents.id)).toEqual(FOUNDRY_RULESETS.map((ruleset) => ruleset.id));
    for (const ruleset of FOUNDRY_RULESETS) {
      expect(ruleset.documents, ruleset.id).toBe(RULESET_DOCUMENTS.find((documents) => documents.id === ruleset.id));
      expect(ruleset.rules.id).toBe(ruleset.id);
      expect(Object.keys(ruleset.actorContexts).sort(), ruleset.id).toEqual(Object.keys(ruleset.documents.actors).sort());
      expect(Object.keys(ruleset.itemContexts).sort(), ruleset.id).toEqual(Object.keys(ruleset.documents.items).sort());
      for (const type of [...Object.keys(ruleset.documents.actors), ...Object.keys(ruleset.documents.items)]) expect(documentsOfType(type)?.id, type).toBe(ruleset.id);
    }
    const declared = Object.values(game.documentTypes as Record<string, string[]>).flat();
    const registered = RULESET_DOCUMENTS.flatMap((documents) => [...Object.keys(documents.actors), ...Object.keys(documents.items)]);
    expect(registered.filter((type) => !declared.includes(type))).toEqual([]);
  });

  it("cavaliers: every Initiative variant is reachable (each specialty, surprised, a shared roll, Focus, a late joiner)", async () => {
    await playRuleset(game, "cavaliers");
    const thug = await actor("Thug", "cavaliersNpc", { npcType: "rabble" });
    const [ana, bel] = [await actor("Ana"), await actor("Bel")];
    const { combat, combatants } = await fight(thug, thug, thug, ana, bel);
    await act(combat, combatants[0]!, "group");
    const choices = [{ specialty: "timing" }, { specialty: "vigilance", surprised: true }, { specialty: "impulse" }];
    harness.onDialog((dialog) => dialog.answer("roll", { specialty: "impulse", surprised: false, ...choices.shift() }));
    queueFaces(4, 4, 7, 5, 6, 3);
    await combat.rollAll();
    expect(combatants.every((c) => c.initiative !== null)).toBe(true);
    await combat.startCombat();
    queueFaces(1, 1);
    await act(combat, combatants[3]!, "focus");
    const [late] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: (await actor("Eve")).id, name: "Eve" }])) as Combatant[];
    queueFaces(2, 2);
    await combat.rollInitiative([late!.id as string]);
    expect(late!.initiative).not.toBeNull();
    expect(harness.notifications.filter((n) => n.type !== "info")).toEqual([]);
  });
});

describe("finding 3: a new round fires the turn events", () => {
  it("calls combatTurnChange, the round and turn workflows and the Regions' turn events when the round turns over", async () => {
    const { combat, combatants } = await rolledFight();
    const scene = (await (globalThis as unknown as { Scene: typeof Scene }).Scene.create({ ...areaSceneData({ areas: [{ id: "hall" }], connections: [] }), active: true })) as Scene;
    const [token] = (await scene.createEmbeddedDocuments("Token", [{ name: "Ana", actorId: combatants[0]!.actorId, ...pointInArea(0) }])) as TokenDocument[];
    await combatants[0]!.update({ sceneId: scene.id, tokenId: token!.id });
    await combat.startCombat();
    await combat.nextTurn();
    await combat.nextTurn();
    await harness.flush();
    const changes: { round: number; combatantId: string | null }[] = [];
    const started: string[] = [];
    const rounds: number[] = [];
    const regionEvents: string[] = [];
    const hook = (_c: unknown, _prior: unknown, current: { round: number; combatantId: string | null }) => changes.push(current);
    (globalThis as unknown as { Hooks: { on(n: string, f: unknown): number } }).Hooks.on("combatTurnChange", hook);
    const c = combat as unknown as { _onStartTurn(x: Combatant): Promise<void>; _onStartRound(x: { round: number }): Promise<void> };
    vi.spyOn(c, "_onStartTurn").mockImplementation(async (x) => void started.push(x.name));
    vi.spyOn(c, "_onStartRound").mockImplementation(async (x) => void rounds.push(x.round));
    const handle = vi.spyOn(RegionDocument.prototype, "_handleEvent").mockImplementation(async (event) => void regionEvents.push(event.name));
    await combat.nextRound();
    await harness.flush();
    handle.mockRestore();
    expect(changes).toEqual([expect.objectContaining({ round: 2, combatantId: combatants[0]!.id })]);
    expect(rounds).toEqual([2]);
    expect(started).toEqual(["Ana"]);
    expect(regionEvents).toEqual(expect.arrayContaining(["tokenRoundEnd", "tokenRoundStart", "tokenTurnStart"]));
  });

  it("starts the new round with whoever acts first in it (a Seize ends, a late joiner enters)", async () => {
    const { combat, combatants } = await rolledFight();
    await combat.startCombat();
    await act(combat, combatants[2]!, "seize");
    await combat.nextTurn();
    await combat.nextTurn();
    await combat.nextTurn();
    await harness.flush();
    expect(combat.round).toBe(2);
    expect(names(combat)).toEqual(["Ana", "Bel", "Cid"]);
    expect(combat.combatant?.name).toBe("Ana");
    expect(combat.previous).toMatchObject({ round: 1, combatantId: combatants[1]!.id });
  });
});

describe("finding 5: the tracker rows keep Foundry's controls", () => {
  it("shows the roll icon, the initiative the ruleset gave (as text: a typed number would not move its order), effect icons, ping and the tracked resource", async () => {
    const { combat, combatants, a } = await rolledFight();
    const [late] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: (await actor("Eve")).id, name: "Eve" }])) as Combatant[];
    const scene = (await (globalThis as unknown as { Scene: typeof Scene }).Scene.create({ name: "Hall", active: true })) as Scene;
    await combatants[1]!.update({ sceneId: scene.id });
    await (a as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("prone", { active: true });
    combatTrackerSettings.resource = "yield.value";
    await a.update({ "system.yield.value": 2 });
    const app = await renderTracker();
    const row = (c: Combatant) => app.element.querySelector<HTMLElement>(`li[data-combatant-id="${c.id}"]`)!;
    const roll = row(late!).querySelector<HTMLElement>('[data-action="rollInitiative"]')!;
    expect(roll.getAttribute("style")).toContain("--initiative-icon: url('../icons/svg/d20.svg')");
    expect(roll.getAttribute("style")).toContain("--initiative-icon-hover: url('../icons/svg/d20-highlight.svg')");
    expect(row(combatants[0]!).querySelector(".token-initiative .initiative")?.textContent).toBe("10");
    expect(app.element.querySelector("input.initiative-input")).toBeNull();
    expect([...row(combatants[0]!).querySelectorAll("img.token-effect")].map((i) => i.getAttribute("src"))).toEqual(["icons/svg/falling.svg"]);
    expect(row(combatants[0]!).querySelector(".token-resource .resource")?.textContent).toBe("2");
    expect(row(combatants[1]!).querySelector('[data-action="pingCombatant"]')).not.toBeNull();
    expect(row(combatants[0]!).querySelector('[data-action="pingCombatant"]')).toBeNull();
    row(combatants[1]!).querySelector<HTMLElement>('[data-action="pingCombatant"]')!.click();
    expect(canvasRequests).toEqual([{ action: "ping", combatantId: combatants[1]!.id }]);
  });

  it("gives a player the pan control and no initiative field", async () => {
    const { combat, combatants } = await rolledFight();
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    await combatants[0]!.actor!.update({ [`ownership.${player.id}`]: 3 });
    harness.switchUser(player);
    const app = await renderTracker();
    expect(app.element.querySelector("input.initiative-input")).toBeNull();
    expect(app.element.querySelectorAll('[data-action="panToCombatant"]')).toHaveLength(3);
    expect(rows(app)[0]!.querySelector(".initiative")?.textContent).toBe("10");
    expect(combat.turns).toHaveLength(3);
  });
});

describe("finding 6: statuses reach tokens and the tracker", () => {
  it("registers each of Fray's statuses once, with an icon and a translated name", async () => {
    const { FRAY_STATUS, CORE_STATUS } = await statuses();
    const entries = CONFIG.statusEffects as { id: string; name: string; img: string }[];
    const idsSeen = entries.map((e) => e.id);
    expect(new Set(idsSeen).size).toBe(idsSeen.length);
    for (const status of [...Object.values(FRAY_STATUS), ...Object.values(CORE_STATUS)]) {
      const entry = entries.find((e) => e.id === status.id);
      expect(entry?.img, status.id).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    }
    for (const status of Object.values(FRAY_STATUS)) expect(game.i18n.has(status.name), status.name).toBe(true);
  });

  it("sets Dying through an ActiveEffect: the actor has it, its token draws it, the tracker lists it; clearing removes all three", async () => {
    const { statusIdFor, hasStatus, setStatus } = await statuses();
    const { combat, combatants, b } = await rolledFight();
    void combat;
    const token = placeToken(b);
    const dying = statusIdFor("dying")!;
    await setStatus(b as never, dying, true);
    expect(hasStatus(b as never, dying)).toBe(true);
    expect(effectsOf(b).map((e) => [...e.statuses])).toEqual([[dying]]);
    expect(harness.hooksCalled).toContain("createActiveEffect");
    expect(token.effects.icons).toEqual(["icons/svg/degen.svg"]);
    const app = await renderTracker();
    const row = app.element.querySelector(`li[data-combatant-id="${combatants[1]!.id}"]`)!;
    expect([...row.querySelectorAll("img.token-effect")].map((i) => i.getAttribute("alt"))).toEqual(["Dying"]);
    await setStatus(b as never, dying, false);
    await harness.flush();
    expect(hasStatus(b as never, dying)).toBe(false);
    expect(b.effects.size).toBe(0);
    expect(token.effects.icons).toEqual([]);
    expect(app.element.querySelectorAll(`li[data-combatant-id="${combatants[1]!.id}"] img.token-effect`)).toHaveLength(0);
  });

  it("maps the rules' words onto one status each: Knocked Out is Foundry's Unconscious, Defeated marks the tracker row defeated", async () => {
    const { applyRulesStatuses, hasStatus, statusIdFor } = await statuses();
    expect(statusIdFor("knocked-out")).toBe("unconscious");
    expect(statusIdFor("Knocked Out")).toBe("unconscious");
    expect(statusIdFor("free-move")).toBeUndefined();
    const { combatants, a, c } = await rolledFight();
    await applyRulesStatuses(a as never, ["dying", "prone"]);
    await applyRulesStatuses(a as never, ["stabilized"]);
    expect([...(a as HarnessActorWithEffects).statuses].sort()).toEqual(["fray-stabilised", "prone"]);
    await applyRulesStatuses(c as never, ["Defeated"]);
    expect(hasStatus(c as never, "dead")).toBe(true);
    const app = await renderTracker();
    expect(app.element.querySelector(`li[data-combatant-id="${combatants[2]!.id}"]`)!.classList.contains("defeated")).toBe(true);
  });
});

describe("finding 7: the portrait opens the file picker", () => {
  it.each([
    ["an actor", async () => actor("Ana")],
    ["an item", async () => (await (await actor("Ana")).createEmbeddedDocuments("Item", [{ name: "Rapier", type: "cavaliersWeapon" }]))[0] as unknown as HarnessActor],
  ])("on %s's sheet, and the picked image is saved", async (_what, make) => {
    const doc = await make();
    const sheet = doc.sheet as unknown as { render(o: object): Promise<{ element: HTMLElement }> };
    const app = await sheet.render({ force: true });
    app.element.querySelector<HTMLElement>("img.fray-portrait")!.click();
    await harness.flush();
    expect(FilePicker.opened.map((p) => [p.type, p.current])).toEqual([["image", doc.img]]);
    FilePicker.opened[0]!.pick("worlds/test/portrait.webp");
    await harness.flush();
    expect(doc.img).toBe("worlds/test/portrait.webp");
  });
});

describe("finding 8: the Area config keeps Foundry's own fields", () => {
  it("lets the GM rename and disable the Area's behaviour, with the Area's id, name and connections once", async () => {
    const scene = (await (globalThis as unknown as { Scene: typeof Scene }).Scene.create(areaSceneData({ areas: [{ id: "hall", name: "Hall" }, { id: "yard" }], connections: [{ from: "hall", to: "yard", kind: "two-way" }] }))) as Scene;
    const behavior = [...scene.regions.values()][0]!.behaviors.contents[0]!;
    const app = await (behavior.sheet as { render(o: object): Promise<{ element: HTMLElement }> }).render({ force: true });
    const form = app.element;
    expect(form.querySelector<HTMLInputElement>('input[name="name"]')?.value).toBe("Hall");
    expect(form.querySelector('input[type="checkbox"][name="disabled"]')).not.toBeNull();
    expect(form.querySelectorAll('[name="system.name"]')).toHaveLength(1);
    expect(form.querySelectorAll('[name="system.areaId"]')).toHaveLength(1);
    expect(form.querySelector('[name="system.connections.0.to"]')).not.toBeNull();
    expect(form.querySelector('footer button[type="submit"]')).not.toBeNull();
    const name = form.querySelector<HTMLInputElement>('input[name="name"]')!;
    name.value = "Great Hall";
    name.dispatchEvent(new Event("change", { bubbles: true }));
    await harness.flush();
    expect(behavior.name).toBe("Great Hall");
    const disabled = app.element.querySelector<HTMLInputElement>('input[name="disabled"]')!;
    disabled.checked = true;
    disabled.dispatchEvent(new Event("change", { bubbles: true }));
    await harness.flush();
    expect(behavior.disabled).toBe(true);
  });
});

describe("finding 9: reorders during a fight are no turn change", () => {
  it("every combatant and combat update Fray makes says turnEvents: false, and no turn event fires", async () => {
    const { combat, combatants } = await rolledFight();
    await combat.startCombat();
    await harness.flush();
    const seen: unknown[] = [];
    const hooks = (globalThis as unknown as { Hooks: { on(n: string, f: (...a: unknown[]) => void): number } }).Hooks;
    hooks.on("preUpdateCombatant", (_doc, _changes, options) => seen.push((options as { turnEvents?: boolean }).turnEvents));
    // The places live in the Combat's flags now: their updates must not read as turns either.
    hooks.on("preUpdateCombat", (_doc, changes, options) => {
      if ("flags" in (changes as object)) seen.push((options as { turnEvents?: boolean }).turnEvents);
    });
    let turnChanges = 0;
    hooks.on("combatTurnChange", () => (turnChanges += 1));
    await act(combat, combatants[2]!, "seize");
    queueFaces(6, 6);
    await act(combat, combatants[1]!, "focus");
    const [late] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: (await actor("Eve")).id, name: "Eve" }])) as Combatant[];
    harness.onDialog((dialog) => dialog.answer("roll", { specialty: "impulse" }));
    queueFaces(8, 5);
    await combat.rollInitiative([late!.id as string]);
    await harness.flush();
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((t) => t === false)).toBe(true);
    expect(turnChanges).toBe(0);
    expect(combat.combatant?.name).toBe("Ana");
  });
});

describe("a hostile player's flags (issue 7, item 5)", () => {
  const stored = (combat: Combat, id: string) => (combat.getFlag("fray", "cavaliers") as Record<string, unknown> | undefined)?.[id];

  it("garbage a player writes in her own combatant's flags decides nothing: the tracker reads the Combat's, which only a GM writes", async () => {
    const { combat } = await rolledFight();
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    const eve = await actor("Eve");
    await eve.update({ [`ownership.${player.id}`]: 3 });
    const [mine] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: eve.id, name: "Eve" }])) as Combatant[];
    await combat.startCombat();
    const order = names(combat);
    harness.switchUser(player);
    await mine!.update({ initiative: 99, "flags.fray.cavaliers": { specialty: "impulse", total: 99, successPoints: 9, place: -5, fromRound: 0, spent: { round: 0, spends: [] }, nextPlace: null, seized: null, group: null } });
    expect(names(combat)).toEqual(order);
    await expect(combat.update({ [`flags.fray.cavaliers.${mine!.id}`]: { place: -5 } })).rejects.toThrow(/lacks permission/);
    const playerRows = rows(await renderTracker());
    expect(playerRows.map((r) => r.querySelector(".name")?.textContent)).toEqual(["Ana", "Bel", "Cid", "Eve"]);
    expect(playerRows.some((r) => r.classList.contains("fray-problem"))).toBe(false);
  });

  it("unreadable state in the Combat shows that row in error, the other rows as ever, and the GM's reset clears it", async () => {
    const { combat, combatants } = await rolledFight();
    await combat.startCombat();
    const [ana, , cid] = combatants;
    // A hand edit (or another version) leaves garbage for Cid.
    await combat.update({ [`flags.fray.cavaliers.==${cid!.id}`]: { specialty: "impulse", total: "lots", place: -1e308, spent: null, seized: { round: 1 } }, [`flags.fray.cavaliersGroups.${cid!.id}`]: 7 });
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    harness.switchUser(player);
    const playerRows = rows(await renderTracker());
    expect(playerRows.map((r) => r.querySelector(".name")?.textContent)).toEqual(["Ana", "Bel", "Cid"]);
    expect(playerRows[2]!.classList.contains("fray-problem")).toBe(true);
    expect(playerRows[2]!.querySelector('[data-action="frayReset"]')).toBeNull();

    harness.switchUser(game.users.contents[0]!);
    const app = await renderTracker();
    const [anaRow, , cidRow] = rows(app);
    expect(anaRow!.textContent).toContain("IP 4");
    expect(anaRow!.classList.contains("fray-problem")).toBe(false);
    expect(cidRow!.querySelector('[role="alert"]')?.textContent).toContain("cannot be read");
    cidRow!.querySelector<HTMLElement>('[data-action="frayReset"]')!.click();
    await harness.flush();
    const { cardsIdle } = await import("../../src/foundry/cards/index.js");
    await cardsIdle();
    expect(stored(combat, cid!.id as string)).toBeUndefined();
    expect(cid!.initiative).toBeNull();
    const after = rows(app).find((r) => r.dataset.combatantId === cid!.id)!;
    expect(after.classList.contains("fray-problem")).toBe(false);
    expect(after.querySelector('[data-action="rollInitiative"]')).not.toBeNull();
    expect(stored(combat, recordKey(ana!))).toEqual(expect.objectContaining({ specialty: expect.any(String) }));
  });

  it("a player may not reset a row, even by asking the GM directly", async () => {
    const { combat, combatants } = await rolledFight();
    await combat.update({ [`flags.fray.cavaliers.==${combatants[0]!.id}`]: "garbage" });
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    harness.switchUser(player);
    const { ask } = await import("../../src/foundry/relay/index.js");
    expect(await ask("combat.reset", { combat: combat.id, combatants: [combatants[0]!.id] })).toMatchObject({ ok: false, reason: expect.stringContaining("GM") });
    expect(stored(combat, combatants[0]!.id as string)).toBe("garbage");
  });
});

describe("the harness behaves as v13 where Fray depends on it", () => {
  it("breaks initiative ties by id, not by name", async () => {
    const cls = CONFIG.Combat.documentClass as typeof Combat;
    await playRuleset(game, "drama");
    const combat = (await cls.create({ active: true })) as Combat;
    await combat.createEmbeddedDocuments("Combatant", [{ _id: "bbbbbbbbbbbbbbbb", name: "Able", initiative: 5 }, { _id: "aaaaaaaaaaaaaaaa", name: "Zed", initiative: 5 }], { keepId: true });
    expect(names(combat)).toEqual(["Zed", "Able"]);
  });

  it("lets a player write the round and the turn (the GM puts them back) but not the combat's other fields", async () => {
    const { combat } = await rolledFight();
    await combat.startCombat();
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    harness.switchUser(player);
    const seen: unknown[] = [];
    const hooks = (globalThis as unknown as { Hooks: { once(n: string, f: (...a: unknown[]) => void): number } }).Hooks;
    hooks.once("updateCombat", (_c, changed) => seen.push(changed));
    await combat.update({ round: 4, turn: 2 });
    expect(seen).toEqual([expect.objectContaining({ round: 4, turn: 2 })]);
    expect([combat.round, combat.turn]).toEqual([1, 0]);
    await expect(combat.update({ active: false })).rejects.toThrow(/lacks permission/);
    await expect(combat.update({ "flags.fray.clock": { round: 4, combatant: null } })).rejects.toThrow(/lacks permission/);
  });

  it("sets the turns up from data preparation only once; later from combatant and round changes", async () => {
    const { combat } = await rolledFight();
    const setup = vi.spyOn(combat, "setupTurns");
    combat.prepareData();
    expect(setup).not.toHaveBeenCalled();
    await combat.combatants.contents[0]!.update({ initiative: 1 });
    expect(setup).toHaveBeenCalled();
  });

  it("starts a token's Region exit and enter events together, without awaiting one before the other", async () => {
    const scene = (await (globalThis as unknown as { Scene: typeof Scene }).Scene.create(areaSceneData({ areas: [{ id: "a" }, { id: "b" }], connections: [] }))) as Scene;
    const [token] = (await scene.createEmbeddedDocuments("Token", [{ name: "T", ...pointInArea(0) }])) as TokenDocument[];
    await harness.flush();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handle = vi.spyOn(RegionDocument.prototype, "_handleEvent").mockImplementation(async (event) => {
      order.push(`${event.name} start`);
      if (event.name === "tokenExit") await gate;
      order.push(`${event.name} end`);
    });
    // Displaced in one piece (a walked move would be cut at the first border: TokenDocument#splitMovementPath).
    await (token as unknown as { move(waypoint: object): Promise<boolean> }).move({ ...pointInArea(1), action: "displace" });
    expect(order).toEqual(["tokenExit start", "tokenEnter start", "tokenEnter end"]);
    release();
    await harness.flush();
    handle.mockRestore();
    expect(order.at(-1)).toBe("tokenExit end");
  });
});
