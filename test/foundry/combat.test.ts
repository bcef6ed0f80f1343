/**
 * The combat tracker with The Queen's Cavaliers, from given faces: Initiative order (total, SP,
 * d10 roll-offs), IP buys at each specialty's costs once per round, Focus, shared rolls, late
 * joiners, and Yield reset when the combat ends. Faces are queued for Foundry's Roll. Then the GM's
 * clock and roster under every ruleset's tracker.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../playground/foundry/index.js";
import type { Actor as HarnessActor } from "../../playground/foundry/documents.js";
import { type Combat, type Combatant, combatSounds, combatTrackerSettings } from "../../playground/foundry/combat.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { combatFixtures, ids, names } from "./combat-fixtures.js";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import { bootWorld, playRuleset } from "./world.js";

const { harness, game, CONFIG } = bootWorld("cavaliers");

const { answerInitiative, actor, fight, rolledFight, act } = combatFixtures(() => harness);

const ip = (a: HarnessActor) => (a.system as { initiativePoints: number }).initiativePoints;
/** A combatant's place as the GM stored it in the Combat's flags. */
const state = (c: Combatant) => ((c.combat as unknown as { getFlag(s: string, k: string): Record<string, unknown> | undefined }).getFlag("fray", "cavaliers") ?? {})[recordKey(c)] as { place: number; total: number; successPoints: number; specialty: string; fromRound: number };
const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);

describe("registration", () => {
  it("sets Fray's Combat, Combatant and tracker classes", () => {
    expect((CONFIG.Combat.documentClass as { name: string }).name).toBe("FrayCombat");
    expect((CONFIG.Combatant.documentClass as { name: string }).name).toBe("FrayCombatant");
    expect((CONFIG.ui.combat as { name: string }).name).toBe("FrayCombatTracker");
  });
});

describe("Initiative order", () => {
  it("orders by total, then SP, then d10 roll-offs, and gives SP as IP", async () => {
    const [a, b, c, d] = await Promise.all(["Ana", "Bel", "Cid", "Dov"].map((n) => actor(n)));
    const { combat, combatants } = await fight(a!, b!, c!, d!);
    const dialogs = answerInitiative();
    // Pools are d8 (Verve) + d6 (competency). Ana 5,3 → 8/3; Bel 6,2 → 8/2; Cid 6,3 → 9/3; Dov 3,5 → 8/3.
    // Ana and Dov tie on total and SP: the roll-off d10s give Ana 2, Dov 7.
    queueFaces(5, 3, 6, 2, 6, 3, 3, 5, 2, 7, 1, 1);
    await combat.rollInitiative(ids(combatants));
    expect(dialogs).toHaveLength(4);
    expect(names(combat)).toEqual(["Cid", "Dov", "Ana", "Bel"]);
    expect(combat.turns.map((t) => t.initiative)).toEqual([9, 8, 8, 8]);
    expect([a, b, c, d].map((x) => ip(x!))).toEqual([3, 2, 3, 3]);
    // One message, posted by the GM, with every die the roll used (four pools, then two roll-off d10s).
    const messages = game.messages.contents as unknown as { flavor: string; rolls: { dice: { faces: number }[] }[] }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]!.flavor.split("; ")).toEqual([...["Ana", "Bel", "Cid", "Dov"].map((n) => expect.stringMatching(new RegExp(`^${n}: Initiative \\(Impulse\\)`))), expect.stringMatching(/roll-off/)]);
    expect(messages[0]!.rolls[0]!.dice.map((d) => d.faces)).toEqual([8, 6, 8, 6, 8, 6, 8, 6, 10, 10]);
  });

  it("drops a die when surprised and reads the specialty's attribute and ranks from the actor's item", async () => {
    const a = await actor("Ana", "cavaliersCharacter", { attributes: { verve: 6, affinity: 10, guile: 6 } });
    await a.createEmbeddedDocuments("Item", [{ name: "Vigilance", type: "cavaliersSpecialty", system: { skill: "Initiative", attribute: "affinity", ranks: 1, action: "initiative" } }]);
    const { combat, combatants } = await fight(a);
    answerInitiative({ specialty: "vigilance", surprised: true });
    // Pool d10 (Affinity), d6 (competency), d10 (rank); surprised drops the d6: 9 and 4 → 13, 4 SP.
    queueFaces(9, 4);
    await combat.rollInitiative(ids(combatants));
    expect(state(combatants[0]!)).toMatchObject({ specialty: "vigilance", total: 13, successPoints: 4 });
    const message = game.messages.contents.at(-1) as unknown as { rolls: { dice: { faces: number }[] }[] };
    expect(message.rolls[0]!.dice.map((die) => die.faces)).toEqual([10, 10]);
  });

  it("changes nothing when the dialog is dismissed", async () => {
    const a = await actor("Ana");
    const { combat, combatants } = await fight(a);
    harness.onDialog((dialog) => dialog.dismiss());
    await combat.rollInitiative(ids(combatants));
    expect(combatants[0]!.initiative).toBeNull();
    expect(state(combatants[0]!)).toBeUndefined();
  });
});

describe("IP buys", () => {
  it("costs by specialty, once per round, refused when short", async () => {
    const { combat, combatants, a, b } = await rolledFight();
    const [ana, bel] = combatants;
    // Impulse: Seize 1 / Interpose 2 / Reprise 3. Ana has 4 IP.
    await act(combat, ana!, "seize");
    expect(ip(a)).toBe(3);
    await act(combat, ana!, "seize");
    expect(warnings().at(-1)).toMatch(/Seize can be bought only once per round/);
    expect(ip(a)).toBe(3);
    await act(combat, ana!, "interpose");
    expect(ip(a)).toBe(1);
    await act(combat, ana!, "reprise");
    expect(warnings().at(-1)).toBe("Reprise costs 3 IP with Impulse; only 1 IP left.");
    expect(ip(a)).toBe(1);
    // Vigilance: Seize 3 / Interpose 1 / Reprise 2. Bel has 3 IP.
    await act(combat, bel!, "interpose");
    await act(combat, bel!, "reprise");
    expect(ip(b)).toBe(0);
  });

  it("lets a buy be made again next round", async () => {
    const { combat, combatants, a } = await rolledFight();
    await combat.startCombat();
    await act(combat, combatants[0]!, "interpose");
    await act(combat, combatants[0]!, "interpose");
    expect(ip(a)).toBe(2);
    await combat.nextRound();
    await act(combat, combatants[0]!, "interpose");
    expect(ip(a)).toBe(0);
  });

  it("Seize moves the combatant to act next, for this round only", async () => {
    const { combat, combatants } = await rolledFight();
    await combat.startCombat();
    expect(names(combat)).toEqual(["Ana", "Bel", "Cid"]);
    await act(combat, combatants[2]!, "seize"); // Cid, Timing: Seize costs 2 of his 2 IP
    expect(names(combat)).toEqual(["Ana", "Cid", "Bel"]);
    expect(combat.combatant?.name).toBe("Ana");
    await combat.nextTurn();
    expect(combat.combatant?.name).toBe("Cid");
    await combat.nextRound();
    expect(names(combat)).toEqual(["Ana", "Bel", "Cid"]);
  });

  it("refuses a Seize by whoever is acting or has acted", async () => {
    const { combat, combatants } = await rolledFight();
    await combat.startCombat();
    await combat.nextTurn();
    await act(combat, combatants[1]!, "seize"); // Bel acts now
    expect(warnings().at(-1)).toMatch(/acting now/);
    await act(combat, combatants[0]!, "seize"); // Ana acted
    expect(warnings().at(-1)).toMatch(/already acted/);
  });
});

describe("Focus", () => {
  it("keeps the better place from the next round and adds the new IP", async () => {
    const { combat, combatants, c } = await rolledFight();
    await combat.startCombat();
    queueFaces(6, 6); // Cid (Timing: d8 Guile + d6) rolls 12, 6 SP: better than Ana's 10
    await act(combat, combatants[2]!, "focus");
    expect(ip(c)).toBe(2 + 6);
    expect(names(combat)).toEqual(["Ana", "Bel", "Cid"]);
    await combat.nextRound();
    expect(names(combat)).toEqual(["Cid", "Ana", "Bel"]);
  });

  it("keeps the old place when the new roll is worse, still adding its IP", async () => {
    const { combat, combatants, a } = await rolledFight();
    queueFaces(2, 1);
    await act(combat, combatants[0]!, "focus");
    expect(ip(a)).toBe(4 + 1);
    await combat.startCombat();
    expect(names(combat)).toEqual(["Ana", "Bel", "Cid"]);
  });
});

describe("shared rolls", () => {
  it("rolls once for three identical Rabble, who share a place and their IP", async () => {
    const rabble = await actor("Thug", "cavaliersNpc", { npcType: "rabble" });
    const hero = await actor("Ana");
    const { combat, combatants } = await fight(rabble, rabble, rabble, hero);
    await act(combat, combatants[0]!, "group");
    const dialogs = answerInitiative();
    queueFaces(4, 4, 7, 5); // the thugs 4,4 → 8/4; Ana 7,5 → 12/5
    await combat.rollInitiative(ids(combatants));
    expect(dialogs).toHaveLength(2);
    expect(names(combat)).toEqual(["Ana", "Thug", "Thug", "Thug"]);
    expect(new Set(combatants.slice(0, 3).map((c) => state(c).place)).size).toBe(1);
    expect(ip(rabble)).toBe(4);
    await act(combat, combatants[1]!, "interpose"); // Impulse: 2 IP from the shared pool
    expect(ip(rabble)).toBe(2);
  });

  it("rolls once for three unlinked tokens of one Rabble NPC: each token's actor holds the shared IP, a buy spends it on all three, the NPC in the directory keeps none", async () => {
    const rabble = await actor("Thug", "cavaliersNpc", { npcType: "rabble" });
    const hero = await actor("Ana");
    const SceneClass = (globalThis as unknown as { Scene: { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string; actor: HarnessActor }[]> }> } }).Scene;
    const scene = await SceneClass.create({ name: "Alley", active: true });
    // Dragged from the directory, as v13 makes an NPC's tokens: unlinked.
    const thugs = await scene.createEmbeddedDocuments("Token", [1, 2, 3].map((n) => ({ name: `Thug (${n})`, actorId: rabble.id })));
    const combat = (await (CONFIG.Combat.documentClass as typeof Combat).create({ active: true })) as Combat;
    const combatants = (await combat.createEmbeddedDocuments("Combatant", [
      ...thugs.map((token) => ({ actorId: rabble.id, tokenId: token.id, sceneId: scene.id, name: "Thug" })),
      { actorId: hero.id, name: "Ana" },
    ])) as Combatant[];
    await act(combat, combatants[0]!, "group");
    answerInitiative();
    queueFaces(4, 4, 7, 5); // the thugs 4,4 → 8/4; Ana 7,5 → 12/5
    await combat.rollInitiative(ids(combatants));
    expect(new Set(combatants.slice(0, 3).map((c) => state(c).place)).size).toBe(1);
    expect(thugs.map((token) => ip(token.actor))).toEqual([4, 4, 4]);
    expect(ip(rabble)).toBe(0);
    await act(combat, combatants[1]!, "interpose"); // Impulse: 2 IP from the shared pool
    expect(thugs.map((token) => ip(token.actor))).toEqual([2, 2, 2]);
    expect(ip(rabble)).toBe(0);
  });

  it("issue 38 item 6: the tracker offers Share roll only on rows that may share (Rabble or Stock, three or more)", async () => {
    const { cavaliersCombatRules } = await import("../../src/foundry/rulesets/cavaliers/combat/index.js");
    const minor = await actor("Captain", "cavaliersNpc", { npcType: "minor" });
    const stock = await actor("Guard", "cavaliersNpc", { npcType: "stock" });
    const rabble = await actor("Thug", "cavaliersNpc", { npcType: "rabble" });
    const { combat, combatants } = await fight(minor, minor, minor, stock, stock, rabble, rabble, rabble);
    const shares = (c: Combatant) => cavaliersCombatRules.view(combat as never, c as never).buttons.some((b) => b.action === "group");
    expect(combatants.map(shares)).toEqual([false, false, false, false, false, true, true, true]);
    await act(combat, combatants[5]!, "group");
    // A row sharing keeps the button, to split them again.
    expect(shares(combatants[6]!)).toBe(true);
  });

  it("refuses to group fewer than three, or characters who are not Rabble or Stock", async () => {
    const minor = await actor("Captain", "cavaliersNpc", { npcType: "minor" });
    const stock = await actor("Guard", "cavaliersNpc", { npcType: "stock" });
    const { combat, combatants } = await fight(minor, minor, minor, stock, stock);
    await act(combat, combatants[0]!, "group");
    expect(warnings().at(-1)).toMatch(/only Rabble or Stock/);
    await act(combat, combatants[3]!, "group");
    expect(warnings().at(-1)).toMatch(/three or more/);
    expect(combat.getFlag("fray", "cavaliersGroups")).toBeUndefined();
  });
});

describe("players", () => {
  it("roll for their own combatant and go in among the others without moving them", async () => {
    const { combat, combatants } = await rolledFight();
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    const eve = await actor("Eve");
    await eve.update({ [`ownership.${player.id}`]: 3 });
    const [mine] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: eve.id, name: "Eve" }])) as Combatant[];
    const before = combatants.map((c) => state(c).place);
    harness.switchUser(player);
    answerInitiative();
    queueFaces(6, 3); // 9/3: between Ana (10) and Bel (8)
    await combat.rollInitiative([mine!.id as string]);
    expect(warnings()).toEqual([]);
    expect(combatants.map((c) => state(c).place)).toEqual(before);
    expect(names(combat)).toEqual(["Ana", "Eve", "Bel", "Cid"]);
    expect(ip(eve)).toBe(3);
  });

  it("may not group combatants", async () => {
    const rabble = await actor("Thug", "cavaliersNpc", { npcType: "rabble" });
    const { combat, combatants } = await fight(rabble, rabble, rabble);
    harness.switchUser(harness.createUser({ name: "Player", role: "PLAYER" }));
    await act(combat, combatants[0]!, "group");
    expect(warnings().at(-1)).toMatch(/Only the GM/);
  });
});

describe("clearing initiative", () => {
  type Entry = { name: string; condition(li: HTMLElement): boolean; callback(li: HTMLElement): unknown };
  const menus = async () => {
    const Tracker = CONFIG.ui.combat as new () => { render(o: object): Promise<{ element: HTMLElement }> };
    const app = (await new Tracker().render({ force: true })) as unknown as { element: HTMLElement; _getEntryContextOptions(): Entry[]; _getCombatContextOptions(): Entry[] };
    return { app, row: (c: Combatant) => app.element.querySelector<HTMLElement>(`li[data-combatant-id="${c.id}"]`)!, entry: (list: Entry[], name: string) => list.find((e) => e.name === name)! };
  };

  it("Foundry's Clear Initiative on a row forgets the ruleset's place, and that combatant rolls again", async () => {
    const { combat, combatants } = await rolledFight();
    const { app, row, entry } = await menus();
    const clear = entry(app._getEntryContextOptions(), "COMBAT.CombatantClear");
    expect(clear.condition(row(combatants[0]!))).toBe(true);
    await clear.callback(row(combatants[0]!));
    await harness.flush();
    expect(state(combatants[0]!)).toBeUndefined();
    expect(combatants[0]!.initiative).toBeNull();
    expect(names(combat)).toEqual(["Bel", "Cid", "Ana"]);
    expect(clear.condition(row(combatants[0]!))).toBe(false);
  });

  it("Foundry's Reset Initiative clears every place through the ruleset; Foundry's field written by hand moves no one", async () => {
    const { combat, combatants } = await rolledFight();
    await combatants[2]!.update({ initiative: 99 });
    expect(names(combat)).toEqual(["Ana", "Bel", "Cid"]);
    const { app, entry } = await menus();
    await entry(app._getCombatContextOptions(), "COMBAT.InitiativeReset").callback(app.element);
    await harness.flush();
    expect(combatants.map((c) => state(c))).toEqual([undefined, undefined, undefined]);
    expect(combatants.map((c) => c.initiative)).toEqual([null, null, null]);
    // They roll again, from the roll button's path.
    answerInitiative({ specialty: "timing" }, { specialty: "timing" }, { specialty: "timing" });
    queueFaces(1, 1, 2, 2, 3, 3);
    await combat.rollInitiative(ids(combatants));
    expect(names(combat)).toEqual(["Cid", "Bel", "Ana"]);
  });
});

describe("late joiners", () => {
  it("roll and enter at their place from the next round", async () => {
    const { combat } = await rolledFight();
    await combat.startCombat();
    const eve = await actor("Eve");
    const [joiner] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: eve.id, name: "Eve" }])) as Combatant[];
    answerInitiative();
    queueFaces(8, 5); // 13/5: first place, but only from round 2
    await combat.rollInitiative([joiner!.id as string]);
    expect(state(joiner!).fromRound).toBe(2);
    expect(names(combat)).toEqual(["Ana", "Bel", "Cid", "Eve"]);
    expect(combat.combatant?.name).toBe("Ana");
    await combat.nextRound();
    expect(names(combat)).toEqual(["Eve", "Ana", "Bel", "Cid"]);
  });

  it("roll off against a combatant they tie", async () => {
    const { combat } = await rolledFight();
    await combat.startCombat();
    const eve = await actor("Eve");
    const [joiner] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: eve.id, name: "Eve" }])) as Combatant[];
    answerInitiative();
    queueFaces(5, 3, 9, 4); // 8/3 ties Bel; roll-off Eve 9, Bel 4
    await combat.rollInitiative([joiner!.id as string]);
    await combat.nextRound();
    expect(names(combat)).toEqual(["Ana", "Eve", "Bel", "Cid"]);
  });
});

describe("ending the combat", () => {
  it("resets Yield to 0 for every Cavaliers actor in it", async () => {
    const { combat, a, b } = await rolledFight();
    await a.update({ "system.yield.value": 3 });
    await b.update({ "system.yield.value": 2 });
    await combat.delete();
    await vi.waitFor(() => expect([a, b].map((x) => (x.system as { yield: { value: number } }).yield.value)).toEqual([0, 0]));
  });
});

describe("the tracker", () => {
  it("shows each combatant's specialty, IP and buttons, and a click buys a Seize", async () => {
    const { combat, c } = await rolledFight();
    await combat.startCombat();
    const Tracker = CONFIG.ui.combat as new () => { render(o: object): Promise<{ element: HTMLElement }> };
    const app = await new Tracker().render({ force: true });
    const rows = [...app.element.querySelectorAll<HTMLElement>("li.combatant")];
    expect(rows.map((r) => r.querySelector(".name")?.textContent)).toEqual(["Ana", "Bel", "Cid"]);
    expect(rows[0]!.textContent).toContain("Impulse");
    expect(rows[0]!.textContent).toContain("IP 4");
    const labels = [...rows[1]!.querySelectorAll("[data-fray-action]")].map((b) => b.textContent);
    expect(labels).toEqual(["Seize (3)", "Interpose (1)", "Reprise (2)", "Focus"]);
    (rows[2]!.querySelector('[data-fray-action="interpose"]') as HTMLElement).click();
    await harness.flush();
    expect(warnings().at(-1)).toBe("Interpose costs 3 IP with Timing; only 2 IP left.");
    expect(ip(c)).toBe(2);
    app.element.querySelector<HTMLElement>('li.combatant:nth-child(3) [data-fray-action="seize"]')!.click();
    await harness.flush();
    expect(ip(c)).toBe(0);
    const after = [...app.element.querySelectorAll("li.combatant .name")].map((n) => n.textContent);
    expect(after).toEqual(["Ana", "Cid", "Bel"]);
  });
});

/*
 * The GM's combat clock and roster (src/foundry/combat/clock.ts, roster.ts, keeper.ts), with a GM and
 * a player each on their own client: what a player may write in v13 (the round, the turn, her
 * combatant, her token) is put back by the active GM or decides nothing; a player ends her own turn
 * through the GM; Foundry's "your turn" sound plays only for a GM's real turn change; the order is
 * worked out from keys computed once per sort.
 */
describe("the GM's clock and roster", () => {
  let gm: User;
  let ada: User;
  beforeEach(() => {
    combatSounds.length = 0;
    gm = game.user as User;
    ada = harness.createUser({ name: "Ada", role: "PLAYER" });
  });

  const clock = (combat: Combat) => combat.getFlag("fray", "clock") as { round: number; combatant: string | null } | undefined;
  const roster = (combat: Combat) => (combat.getFlag("fray", "roster") ?? {}) as Record<string, { side: number | null; joined: number; initiative: number | null }>;
  const kept = async () => (await import("../../src/foundry/combat/keeper.js")).combatsKept();

  /** Ana (Ada's), Bel and Cid, rolled 10/4, 8/3, 5/2 and begun: Ana acts first. */
  async function begun(): Promise<{ combat: Combat; combatants: Combatant[]; ana: HarnessActor }> {
    const ana = await actor("Ana");
    await ana.update({ [`ownership.${ada.id}`]: 3 });
    const { combat, combatants } = await fight(ana, await actor("Bel"), await actor("Cid"));
    answerInitiative({ specialty: "impulse" }, { specialty: "vigilance" }, { specialty: "timing" });
    queueFaces(6, 4, 5, 3, 3, 2);
    await combat.rollInitiative(ids(combatants));
    await combat.startCombat();
    await kept();
    return { combat, combatants, ana };
  }

  describe("the clock", () => {
    it("starts with the combat and follows every GM change of round and turn, in the same update", async () => {
      const { combat, combatants } = await begun();
      expect(clock(combat)).toEqual({ round: 1, combatant: recordKey(combatants[0]!) });
      const seen: unknown[] = [];
      const hooks = (globalThis as unknown as { Hooks: { on(n: string, f: (...a: unknown[]) => void): number; off(n: string, id: number): void } }).Hooks;
      const id = hooks.on("updateCombat", (_c, changed) => seen.push(changed));
      await combat.nextTurn();
      hooks.off("updateCombat", id);
      // What changed, as v13 reports it (ObjectField#_updateDiff diffs the flags): the round stays, so it is not in it.
      expect(seen[0]).toEqual({ _id: combat.id, turn: 1, flags: { fray: { clock: { combatant: recordKey(combatants[1]!) } } } });
      expect(clock(combat)).toEqual({ round: 1, combatant: recordKey(combatants[1]!) });
      await combat.nextRound();
      expect(clock(combat)).toEqual({ round: 2, combatant: recordKey(combatants[0]!) });
    });

    it("puts back the round and the turn a player writes, directly or as her combatant's combatTurn, without turn events", async () => {
      const { combat, combatants } = await begun();
      let turnChanges = 0;
      const hooks = (globalThis as unknown as { Hooks: { on(n: string, f: () => void): number } }).Hooks;
      hooks.on("combatTurnChange", () => (turnChanges += 1));
      harness.switchUser(ada);
      await combat.update({ round: 5, turn: 2 });
      expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([1, 0, "Ana"]);
      await combatants[0]!.update({ initiative: 1 }, { combatTurn: 2 });
      expect([combat.turn, combat.combatant?.name]).toEqual([0, "Ana"]);
      expect(clock(combat)).toEqual({ round: 1, combatant: recordKey(combatants[0]!) });
      // Each of her two writes fires Foundry's events on her client; the GM's putting back fires none.
      expect(turnChanges).toBe(2);
    });

    it("a player's forged turn runs core's turn workflow on the active GM's client (every client runs Combat#_onUpdate), then the keeper puts it back without another; Fray's clock and records do not move", async () => {
      const { combat, combatants } = await begun();
      const started: string[] = [];
      const proto = Object.getPrototypeOf(combat) as { _onStartTurn(c: Combatant, context: object): Promise<void> };
      const spy = vi.spyOn(proto, "_onStartTurn").mockImplementation(async function (this: Combat, c: Combatant) {
        started.push(`${String(game.user?.name)}: ${String(c.name)}`);
      });
      try {
        const flagsBefore = JSON.stringify(combat.flags);
        harness.switchUser(ada);
        await combat.update({ turn: 2 });
        await kept();
        await harness.flush();
        // Core's workflow starts each turn passed on the way (Bel's as skipped), on the GM's client; the putting back starts none.
        expect(started).toEqual([`${String(gm.name)}: Bel`, `${String(gm.name)}: Cid`]);
        expect([combat.turn, combat.combatant?.name]).toEqual([0, "Ana"]);
        expect(clock(combat)).toEqual({ round: 1, combatant: recordKey(combatants[0]!) });
        expect(JSON.stringify(combat.flags)).toBe(flagsBefore);
      } finally {
        spy.mockRestore();
      }
    });

    it("follows the acting fighter the GM points at her token (the move replaces the clock whole, ==clock), and a player's forged turn still goes back", async () => {
      const { combat, combatants } = await begun();
      const SceneClass = (globalThis as unknown as { Scene: { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string }[]> }> } }).Scene;
      const scene = await SceneClass.create({ name: "Hall", active: true });
      const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Ana", actorId: combatants[0]!.actorId, actorLink: true, disposition: 1 }]);
      await combatants[0]!.update({ tokenId: token!.id, sceneId: scene.id });
      await kept();
      // Ana acts, now as her token's fighter: the clock moved with her records, not to no one.
      expect(clock(combat)).toEqual({ round: 1, combatant: `Token:${token!.id}` });
      // Foundry kept her turn by sorting before her records moved, which put her last: the keeper puts it back on her.
      expect([combat.turn, combat.combatant?.name]).toEqual([0, "Ana"]);
      harness.switchUser(ada);
      await combat.update({ turn: 2 });
      await kept();
      expect([combat.turn, combat.combatant?.name]).toEqual([0, "Ana"]);
    });

    it("passes to whoever Foundry hands the turn when the acting combatant leaves", async () => {
      const { combat, combatants } = await begun();
      await combatants[0]!.delete();
      await kept();
      expect(combat.combatant?.name).toBe("Bel");
      expect(clock(combat)).toEqual({ round: 1, combatant: recordKey(combatants[1]!) });
      // Her fighter's entry stays for the rest of the fight (issue 34: a combatant created again takes it back).
      expect(roster(combat)[recordKey(combatants[0]!)]?.initiative).toBe(10);
    });

    it("the acting combatant, last in the order, leaves: as build 350 finds no survivor and only wraps the turn in each client's memory, the round is over, not begun again (Combatant._preDeleteOperation)", async () => {
      const { combat, combatants } = await begun();
      await combat.nextTurn();
      await combat.nextTurn();
      expect(combat.combatant?.name).toBe("Cid");
      const rounds: number[] = [];
      const hooks = (globalThis as unknown as { Hooks: { on(n: string, f: (c: Combat, data: { round: number }) => void): number; off(n: string, id: number): void } }).Hooks;
      const id = hooks.on("combatRound", (_c, data) => rounds.push(data.round));
      try {
        await combatants[2]!.delete();
        await kept();
        // Nothing stored moved: Foundry's turn points past the order, and the clock has no one acting in round 1.
        expect([combat._source.round, combat._source.turn]).toEqual([1, 2]);
        expect(clock(combat)).toEqual({ round: 1, combatant: null, turn: 2 });
        await combat.nextTurn();
        await kept();
      } finally {
        hooks.off("combatRound", id);
      }
      expect([combat.round, combat.combatant?.name]).toEqual([2, "Ana"]);
      expect(clock(combat)).toEqual({ round: 2, combatant: recordKey(combatants[0]!) });
      expect(rounds).toEqual([2]);
    });

    it("the acting combatant, last in the order, leaves, and a player writes a turn: it goes back to the one the GM's side left, and the GM's Next Turn still begins round 2 with the first (issue 33, the clock naming no one)", async () => {
      const { combat, combatants } = await begun();
      await combat.nextTurn();
      await combat.nextTurn();
      await combatants[2]!.delete();
      await kept();
      expect(clock(combat)).toEqual({ round: 1, combatant: null, turn: 2 });
      harness.switchUser(ada);
      await combat.update({ turn: 0 });
      await kept();
      // Her write named Ana, who has acted this round; the stored turn is the GM's side's again.
      expect([combat._source.round, combat._source.turn]).toEqual([1, 2]);
      expect(clock(combat)).toEqual({ round: 1, combatant: null, turn: 2 });
      harness.switchUser(gm);
      // A GM's write of Fray's own flags while no one acts keeps the turn on the clock.
      await combat.update({ "flags.fray.note": 1 });
      expect(clock(combat)).toEqual({ round: 1, combatant: null, turn: 2 });
      await combat.nextTurn();
      await kept();
      expect([combat.round, combat.combatant?.name]).toEqual([2, "Ana"]);
      // Someone acts again: the kept turn is gone from the clock.
      expect(clock(combat)).toEqual({ round: 2, combatant: recordKey(combatants[0]!) });
    });

    it("a GM setting the turn it already is puts the clock back on it: v13's _preUpdate sees the update as given, before it is diffed (client-backend.mjs #preUpdateDocumentArray)", async () => {
      const { combat, combatants } = await begun();
      await combat.nextTurn();
      // A GM's macro left the clock on no one.
      await combat.update({ "flags.fray.clock": { round: 1, combatant: null } });
      expect(clock(combat)).toEqual({ round: 1, combatant: null });
      await combat.update({ turn: combat.turn });
      expect(combat.turn).toBe(1);
      expect(clock(combat)).toEqual({ round: 1, combatant: recordKey(combatants[1]!) });
    });

    it("is given, with the roster, to a combat from before them, once, by the active GM at ready", async () => {
      const { combat, combatants } = await begun();
      await combat.update({ "flags.fray.-=clock": null, "flags.fray.-=roster": null });
      expect([clock(combat), roster(combat)]).toEqual([undefined, {}]);
      const { settleWorld } = await import("../../src/foundry/combat/keeper.js");
      await settleWorld();
      expect(clock(combat)).toEqual({ round: 1, combatant: recordKey(combatants[0]!) });
      expect(Object.values(roster(combat)).map((e) => e.initiative)).toEqual([10, 8, 5]);
    });
  });

  describe("turn controls", () => {
    it("with Skip Defeated on, Foundry's Next Turn and Next Round pass over whom the GM defeated, never over one a player's own Dead status marks (Combat#nextTurn, #nextRound)", async () => {
      const { combat, combatants, ana } = await begun();
      combatTrackerSettings.skipDefeated = true;
      try {
        await combatants[1]!.update({ defeated: true });
        await kept();
        await combat.nextTurn();
        expect(combat.combatant?.name).toBe("Cid");
        expect(clock(combat)).toEqual({ round: 1, combatant: recordKey(combatants[2]!) });
        harness.switchUser(ada);
        await (ana as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("dead", { overlay: true, active: true });
        harness.switchUser(gm);
        await kept();
        await combat.nextTurn();
        expect([combat.round, combat.combatant?.name]).toEqual([2, "Ana"]);
        expect(clock(combat)).toEqual({ round: 2, combatant: recordKey(combatants[0]!) });
      } finally {
        combatTrackerSettings.skipDefeated = false;
      }
    });

    it("a player ends her own combatant's turn through the GM; not another's, and never goes back", async () => {
      const { combat } = await begun();
      harness.switchUser(ada);
      await combat.previousTurn();
      expect(warnings().at(-1)).toMatch(/Only the GM moves the turn back/);
      await combat.nextTurn();
      expect(combat.combatant?.name).toBe("Bel");
      await combat.nextTurn();
      expect(warnings().at(-1)).toMatch(/not your combatant's turn/);
      expect(combat.combatant?.name).toBe("Bel");
      // Forged: the GM checks the clock's acting combatant, not what her client shows.
      const { ask } = await import("../../src/foundry/relay/index.js");
      expect(await ask("combat.turn", { combat: combat.id, step: "nextTurn" })).toMatchObject({ ok: false });
      expect(await ask("combat.turn", { combat: combat.id, step: "nextRound" })).toMatchObject({ ok: false });
      expect(combat.combatant?.name).toBe("Bel");
    });

    it("the footer shows a player the turn buttons on her combatant's turn, and End Turn passes it on", async () => {
      const { combat } = await begun();
      harness.switchUser(ada);
      const Tracker = CONFIG.ui.combat as new () => { render(o: object): Promise<{ element: HTMLElement }> };
      const app = await new Tracker().render({ force: true });
      const end = [...app.element.querySelectorAll<HTMLElement>('nav.combat-controls [data-action="nextTurn"]')];
      expect(end.map((b) => b.textContent)).toEqual(["End Turn"]);
      end[0]!.click();
      await harness.flush();
      await kept();
      expect(combat.combatant?.name).toBe("Bel");
    });
  });

  describe("the turn sound", () => {
    it("plays for a GM's change of turn, not for a reorder, a player's write, nor the GM putting it back", async () => {
      const { combat, combatants } = await begun();
      combatSounds.length = 0;
      await act(combat, combatants[2]!, "seize"); // Cid moves up: a reorder, the turn stays Ana's
      expect(combatSounds).toEqual([]);
      harness.switchUser(ada);
      await combat.update({ turn: 2 });
      expect(combatSounds).toEqual([]);
      harness.switchUser(gm);
      await combat.nextTurn();
      expect(combatSounds.map((s) => s.announcement)).toEqual(["yourTurn"]);
    });
  });

  describe("the roster", () => {
    async function tokenFight() {
      const ana = await actor("Ana");
      await ana.update({ [`ownership.${ada.id}`]: 3 });
      const SceneClass = (globalThis as unknown as { Scene: { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string; disposition: number; update(d: object): Promise<unknown> }[]> }> } }).Scene;
      const scene = await SceneClass.create({ name: "Hall", active: true });
      const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Ana", actorId: ana.id, disposition: 1 }]);
      const combat = (await (CONFIG.Combat.documentClass as typeof Combat).create({ active: true })) as Combat;
      const [combatant] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, tokenId: token!.id, sceneId: scene.id, name: "Ana" }])) as Combatant[];
      await kept();
      return { combat, combatant: combatant!, token: token!, scene, ana };
    }

    /** The GM takes a fighter out and forgets her entry (a fighter new to the fight, not one coming back: that one keeps her entry). */
    async function forget(combat: Combat, combatant: Combatant): Promise<void> {
      const key = recordKey(combatant);
      await combatant.delete();
      await kept();
      await combat.update({ [`flags.fray.roster.-=${key}`]: null });
    }

    it("fixes a combatant's side as she joins; her turning her token changes nothing, the GM's does", async () => {
      const { combat, combatant, token } = await tokenFight();
      const { sideOf } = await import("../../src/foundry/combat/roster.js");
      expect(roster(combat)[recordKey(combatant)]).toEqual({ side: 1, joined: 0, initiative: null, actor: combatant.actorId });
      harness.switchUser(ada);
      await token.update({ disposition: -1 });
      expect(sideOf(combat as never, combatant as never)).toBe(1);
      harness.switchUser(gm);
      await token.update({ disposition: 0 });
      await kept();
      expect(sideOf(combat as never, combatant as never)).toBe(0);
    });

    it("enlists a combatant a player adds under the side a GM can vouch for: hers is Friendly however she turned her token first; a GM's own adding keeps the token's", async () => {
      const { combat, token, scene, ana } = await tokenFight();
      const { sideOf } = await import("../../src/foundry/combat/roster.js");
      await forget(combat, combat.combatants.contents[0] as Combatant);
      harness.switchUser(ada);
      await token.update({ disposition: -1 });
      const [mine] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, tokenId: token.id, sceneId: scene.id, name: "Ana" }])) as Combatant[];
      await kept();
      expect(roster(combat)[recordKey(mine!)]?.side).toBe(1);
      expect(sideOf(combat as never, mine as never)).toBe(1);
      harness.switchUser(gm);
      await forget(combat, mine!);
      const [added] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, tokenId: token.id, sceneId: scene.id, name: "Ana" }])) as Combatant[];
      await kept();
      expect(roster(combat)[recordKey(added!)]?.side).toBe(-1);
    });

    it("a combatant added while no GM is connected reads, and is enlisted when one connects, under the vouched side, not the disposition she turned to meanwhile", async () => {
      const { combat, token, scene, ana } = await tokenFight();
      await forget(combat, combat.combatants.contents[0] as Combatant);
      const { sideOf } = await import("../../src/foundry/combat/roster.js");
      (gm as unknown as { active: boolean }).active = false;
      try {
        harness.switchUser(ada);
        const [mine] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, tokenId: token.id, sceneId: scene.id, name: "Ana" }])) as Combatant[];
        await token.update({ disposition: -1 });
        await kept();
        expect(roster(combat)[recordKey(mine!)]).toBeUndefined();
        expect(sideOf(combat as never, mine as never)).toBe(1);
        (gm as unknown as { active: boolean }).active = true;
        harness.switchUser(gm);
        const { settleWorld } = await import("../../src/foundry/combat/keeper.js");
        await settleWorld();
        expect(roster(combat)[recordKey(mine!)]?.side).toBe(1);
      } finally {
        (gm as unknown as { active: boolean }).active = true;
      }
    });

    it("keeps defeat as a GM marks it: her own `defeated` goes back, her own Dead status decides nothing; the GM's tracker mark or status is the roster's", async () => {
      const { combat, combatant } = await tokenFight();
      const { defeatedOf } = await import("../../src/foundry/combat/roster.js");
      const mine = combatant as unknown as { defeated: boolean; actor: { toggleStatusEffect(id: string, o: object): Promise<unknown> }; update(d: object): Promise<unknown> };
      harness.switchUser(ada);
      await mine.update({ defeated: true });
      await mine.actor.toggleStatusEffect("dead", { overlay: true, active: true });
      await kept();
      expect(mine.defeated).toBe(false);
      expect(defeatedOf(combat as never, combatant as never)).toBe(false);
      await mine.actor.toggleStatusEffect("dead", { active: false });
      harness.switchUser(gm);
      await mine.actor.toggleStatusEffect("dead", { overlay: true, active: true });
      await kept();
      expect(defeatedOf(combat as never, combatant as never)).toBe(true);
      harness.switchUser(ada);
      await mine.update({ defeated: false });
      await mine.actor.toggleStatusEffect("dead", { active: false });
      await kept();
      expect(mine.defeated).toBe(true);
      expect(defeatedOf(combat as never, combatant as never)).toBe(true);
      harness.switchUser(gm);
      await mine.update({ defeated: false });
      await kept();
      expect(defeatedOf(combat as never, combatant as never)).toBe(false);
    });

    it("puts back the `defeated` a player writes through the Combat's own combatants list, which v13 merges by id and announces only as updateCombat (BaseCombat#canUpdate)", async () => {
      const { combat, combatant } = await tokenFight();
      const heard: string[] = [];
      const hooks = (globalThis as unknown as { Hooks: { on(n: string, f: (...args: unknown[]) => void): number; off(n: string, id: number): void } }).Hooks;
      // Her write's events only (the GM's putting back fires its own): the hooks' last argument is the writer.
      const ids = ["updateCombat", "updateCombatant"].map((name) => [name, hooks.on(name, (...args) => args.at(-1) === ada.id && heard.push(name))] as const);
      try {
        harness.switchUser(ada);
        await combat.update({ combatants: [{ _id: combatant.id, defeated: true }] });
        await kept();
      } finally {
        for (const [name, id] of ids) hooks.off(name, id);
      }
      expect(new Set(heard)).toEqual(new Set(["updateCombat"]));
      expect((combatant as unknown as { defeated: boolean }).defeated).toBe(false);
      expect((combat.combatants.get(combatant.id as string) as unknown as { _source: { defeated: boolean } })._source.defeated).toBe(false);
    });

    it("keeps no initiative a player gives her combatant as she adds it", async () => {
      const ana = await actor("Ana");
      await ana.update({ [`ownership.${ada.id}`]: 3 });
      const combat = (await (CONFIG.Combat.documentClass as typeof Combat).create({ active: true })) as Combat;
      harness.switchUser(ada);
      const [mine] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id, name: "Ana", initiative: 40 }])) as Combatant[];
      await kept();
      expect(roster(combat)[recordKey(mine!)]).toEqual({ side: null, joined: 0, initiative: null, actor: ana.id });
      expect(mine!.initiative).toBeNull();
    });
  });

  describe("the order", () => {
    it("asks the ruleset for its keys once per sort, however many combatants", async () => {
      const { combat } = await begun();
      const { cavaliersCombatRules } = await import("../../src/foundry/rulesets/cavaliers/combat/index.js");
      const order = vi.spyOn(cavaliersCombatRules, "order");
      combat.setupTurns();
      expect(order).toHaveBeenCalledTimes(1);
      expect(names(combat)).toEqual(["Ana", "Bel", "Cid"]);
      order.mockRestore();
    });
  });

  describe("a GM's own initiative", () => {
    it("typed in Foundry's combatant sheet (or by a macro) becomes the roster's, shown on the row", async () => {
      const { combat, combatants } = await begun();
      await combatants[2]!.update({ initiative: 12 });
      await kept();
      expect(roster(combat)[recordKey(combatants[2]!)]?.initiative).toBe(12);
      // A player's does not.
      harness.switchUser(ada);
      await combatants[0]!.update({ initiative: 30 });
      await kept();
      expect(roster(combat)[recordKey(combatants[0]!)]?.initiative).toBe(10);
    });
  });

  describe("Foundry's initiative menus where the order comes from cards", () => {
    it("Unhex and Beyond the Torchlight offer no Clear or Reset Initiative; a forged clear is refused", async () => {
      for (const ruleset of ["unhex", "torchlight"] as const) {
        await playRuleset(game, ruleset);
        const combat = (await (CONFIG.Combat.documentClass as typeof Combat).create({ active: true })) as Combat;
        const Tracker = CONFIG.ui.combat as new () => { render(o: object): Promise<unknown> };
        const app = (await new Tracker().render({ force: true })) as { _getEntryContextOptions(): { name: string }[]; _getCombatContextOptions(): { name: string }[] };
        expect(app._getEntryContextOptions().map((e) => e.name)).not.toContain("COMBAT.CombatantClear");
        expect(app._getCombatContextOptions().map((e) => e.name)).not.toContain("COMBAT.InitiativeReset");
        const { ask } = await import("../../src/foundry/relay/index.js");
        expect(await ask("combat.clear", { combat: combat.id, combatants: ["nobody"] })).toMatchObject({ ok: false });
      }
    });
  });
});
