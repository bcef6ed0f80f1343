/**
 * The rules as the table plays them: adjacency read from the grid for Rally and Protect Companion,
 * Retreat's waiting round, Squads and Parries at the end of the round, and the choices a card waits
 * for (a Precision Strike's extra die or Maneuver, a Push's direction, each owner's saves).
 */
import { describe, expect, it } from "vitest";
import { flatLanes, placeWithOverflow, type Placement, pushDirections } from "../../../src/rules/torchlight/grid.js";
import { combatant, refusalOf, resolve } from "./helpers.js";

const at = (name: string, side: string, lane: number, stance = "steadied", extra: Record<string, unknown> = {}) => combatant(name, 4, {}, { maxBreath: 6, side, lane, stance, ...extra });

describe("Rally and Protect Companion reach one adjacent position, read from the grid", () => {
  it("seed 004 §Combat Stances, Steadied: Rally reaches only the companions within one adjacent position", () => {
    const combatants = [at("Elsa", "party", 3), at("Tahula", "party", 4, "on-guard"), at("Breyer", "party", 6, "rearguard")];
    const outcome = resolve("round", { combatants, hits: [], rally: { by: "Elsa" } }, [2]);
    expect(outcome.steps.find((s) => s.rule === "rally-reach")).toEqual({ rule: "rally-reach", by: "Elsa", reaches: ["Tahula"] });
    expect(outcome.dice.map((d) => d.label)).toEqual(["rally: Tahula"]);
    // Naming Breyer, two lanes away, as rallied is refused; so is a Rally with nobody placed.
    expect(refusalOf(() => resolve("round", { combatants, hits: [], rally: { by: "Elsa", allies: ["Breyer"] } }, [2, 2]))).toBe("rally-out-of-reach");
    expect(refusalOf(() => resolve("round", { combatants: [combatant("Elsa", 1), combatant("Tahula", 1)], hits: [], rally: { by: "Elsa", allies: ["Tahula"] } }, [2]))).toBe("needs-position");
  });

  it("house default diagonalAdjacency: one lane and one stance apart counts; switched off it does not", () => {
    const combatants = [at("Elsa", "party", 3), at("Riddic", "party", 4, "aggressive")];
    expect(resolve("round", { combatants, hits: [], rally: { by: "Elsa" } }, [1]).dice).toHaveLength(1);
    expect(resolve("round", { combatants, hits: [], rally: { by: "Elsa" }, options: { diagonalAdjacency: false } }, []).dice).toHaveLength(0);
  });

  it("seed 004 §Combat Stances, On Guard: Protect Companion needs the companion within one position; it takes the largest hit on her", () => {
    const near = [at("Ana", "party", 2), at("Bo", "party", 3, "on-guard"), at("Orc", "foes", 2, "aggressive")];
    const hits = [
      { target: "Ana", amount: 3, from: "Orc" },
      { target: "Ana", amount: 9, from: "Orc" },
    ];
    const outcome = resolve("round", { combatants: near, hits, protect: [{ by: "Bo", companion: "Ana" }] }, []);
    // Ana takes the 3 herself (Breath 4 → 1); Bo absorbs the 9: half is 4, On Guard −1: 3 (Breath 4 → 1).
    expect(outcome.steps).toContainEqual({ rule: "protect-companion", hit: 1, attack: 9, taken: 4 });
    expect(Object.fromEntries(outcome.effects.map((e) => [e.participant, e.changes.breath]))).toEqual({ Ana: { from: 4, to: 1 }, Bo: { from: 4, to: 1 } });
    const far = [at("Ana", "party", 2), at("Bo", "party", 5, "on-guard"), at("Orc", "foes", 2, "aggressive")];
    expect(refusalOf(() => resolve("round", { combatants: far, hits, protect: [{ by: "Bo", companion: "Ana" }] }, []))).toBe("protect-not-adjacent");
    expect(refusalOf(() => resolve("round", { combatants: far, hits: [{ target: "Ana", amount: 3, protectedBy: "Bo" }] }, []))).toBe("protect-not-adjacent");
    // An enemy is no companion to protect.
    expect(refusalOf(() => resolve("round", { combatants: near, hits, protect: [{ by: "Bo", companion: "Orc" }] }, []))).toBe("protect-not-adjacent");
  });

  it("where the rules are silent: a fallen companion may be protected and rallied; a fallen protector protects no one", () => {
    const fallen = [at("Ana", "party", 2, "steadied", { incapacitated: true }), at("Bo", "party", 3, "on-guard"), at("Cy", "party", 3), at("Orc", "foes", 2, "aggressive")];
    const protectedFallen = resolve("round", { combatants: fallen, hits: [{ target: "Ana", amount: 6, from: "Orc" }], protect: [{ by: "Bo", companion: "Ana" }] }, []);
    expect(protectedFallen.steps).toContainEqual({ rule: "protect-companion", hit: 0, attack: 6, taken: 3 });
    expect(resolve("round", { combatants: fallen, hits: [], rally: { by: "Cy", allies: ["Ana"] } }, [2, 2]).dice.map((d) => d.label)).toContain("rally: Ana");
    const fallenProtector = [at("Ana", "party", 2), at("Bo", "party", 3, "on-guard", { incapacitated: true }), at("Orc", "foes", 2, "aggressive")];
    expect(refusalOf(() => resolve("round", { combatants: fallenProtector, hits: [{ target: "Ana", amount: 6, from: "Orc" }], protect: [{ by: "Bo", companion: "Ana" }] }, []))).toBe("protect-not-adjacent");
  });
});

describe("Retreat and its waiting round", () => {
  const grid: Placement[] = [
    { name: "Tahula", side: "party", lane: 5, stance: "steadied" },
    { name: "Breyer", side: "party", lane: 5, stance: "rearguard" },
    { name: "Bandit #1", side: "bandits", lane: 5, stance: "aggressive" },
  ];

  it("seed 004 §Retreat: Breyer, screened by Tahula, Retreats from the Rearguard; he may come back two rounds on, rolling initiative again", () => {
    const outcome = resolve("retreat", { grid, by: "Breyer", round: 2 }, []);
    expect(outcome.result).toEqual({ retreated: "Breyer", leftInRound: 2, mayReturnFrom: 4 });
    expect(outcome.effects).toEqual([{ participant: "Breyer", changes: {}, statuses: ["retreated"] }]);
    expect(refusalOf(() => resolve("initiative", { combatants: [{ name: "Breyer", dex: 11, leftInRound: 2 }], joinRound: 3 }, [15]))).toBe("retreat-waiting-round");
    expect(resolve("initiative", { combatants: [{ name: "Breyer", dex: 11, leftInRound: 2 }], joinRound: 4 }, [15]).result).toEqual({ placementOrder: ["Breyer"], actsFrom: { Breyer: 4 } });
  });

  it("with Tahula down Breyer is Engaged and may not Retreat; nor may anyone outside the Rearguard", () => {
    const down = grid.map((p) => (p.name === "Tahula" ? { ...p, incapacitated: true } : p));
    expect(refusalOf(() => resolve("retreat", { grid: down, by: "Breyer", round: 2 }, []))).toBe("may-not-retreat");
    expect(refusalOf(() => resolve("retreat", { grid, by: "Tahula", round: 2 }, []))).toBe("may-not-retreat");
  });
});

describe("stance abilities on the grid", () => {
  const grid: Placement[] = [
    { name: "Riddic", side: "party", lane: 4, stance: "aggressive" },
    { name: "Elsa", side: "party", lane: 4, stance: "steadied" },
    { name: "Tahula", side: "party", lane: 5, stance: "on-guard" },
    { name: "Breyer", side: "party", lane: 2, stance: "rearguard" },
    { name: "Bandit #4", side: "bandits", lane: 4, stance: "steadied" },
    { name: "Bandit #5", side: "bandits", lane: 4, stance: "aggressive" },
  ];

  it("Intimidation names the nearest engaged enemy; Rally whom it reaches, once a round", () => {
    expect(resolve("ability", { grid, by: "Riddic" }, []).result).toEqual({ ability: "intimidation", intimidated: "Bandit #5" });
    expect(resolve("ability", { grid, by: "Elsa" }, []).result).toEqual({ ability: "rally", reaches: ["Riddic", "Tahula"] });
    expect(refusalOf(() => resolve("ability", { grid, by: "Elsa", rallyTaken: true }, []))).toBe("rally-once-a-round");
    expect(refusalOf(() => resolve("ability", { grid, by: "Breyer", ability: "rally" }, []))).toBe("ability-wrong-stance");
  });

  it("Protect Companion needs an adjacent companion; a Called Shot a ranged weapon and an enemy", () => {
    expect(resolve("ability", { grid, by: "Tahula", target: "Elsa" }, []).result).toEqual({ ability: "protect-companion", protects: "Elsa" });
    expect(refusalOf(() => resolve("ability", { grid, by: "Tahula", target: "Breyer" }, []))).toBe("protect-not-adjacent");
    expect(refusalOf(() => resolve("ability", { grid, by: "Tahula" }, []))).toBe("ability-needs-target");
    expect(resolve("ability", { grid, by: "Breyer", target: "Bandit #4", weapon: "ranged" }, []).result).toEqual({ ability: "called-shot", calledShotOn: "Bandit #4" });
    expect(refusalOf(() => resolve("ability", { grid, by: "Breyer", target: "Bandit #4", weapon: "melee" }, []))).toBe("called-shot-needs-ranged");
    expect(refusalOf(() => resolve("ability", { grid, by: "Breyer", target: "Elsa" }, []))).toBe("ability-needs-target");
  });
});

describe("a Precision Strike waits for the attacker's choice", () => {
  const attack = { attacker: { name: "Riddic", weaponDie: 10, dex: 12 }, target: { name: "Bandit #5", stance: "steadied" as const }, position: { attackerLane: 4, targetLane: 4, attackerEngaged: true } };

  it("a top face with no choice yet: the card waits, offering the extra die or a Maneuver the weapon allows (not Feint: a reroll cannot beat the top face)", () => {
    const waiting = resolve("attack", attack, [10]);
    expect(waiting.awaiting).toEqual({ choice: "precision", by: "attacker", offer: { options: ["extra-die", "disarm", "distract", "evade", "goad", "grapple", "hide", "parry", "push", "trip"] } });
    expect(waiting.effects).toEqual([]);
    const ranged = resolve("attack", { ...attack, attacker: { name: "Elsa", weaponDie: 6, weapon: "ranged" }, position: undefined }, [6]);
    expect(ranged.awaiting?.offer).toEqual({ options: ["extra-die", "disarm", "distract", "evade", "goad", "hide"] });
  });

  it("the extra die is rolled after the choice; the same first face reads the same", () => {
    const extra = resolve("attack", { ...attack, precision: "extra-die" }, [10, 3]);
    expect(extra.result).toMatchObject({ damage: 13, precisionStrike: true, precision: "extra-die" });
    expect(extra.dice.map((d) => d.face)).toEqual([10, 3]);
  });

  it("a Push waits for its direction, then lands one lane or one stance away, never off the grid", () => {
    const push = resolve("attack", { ...attack, precision: "push" }, [10]);
    expect(push.awaiting).toEqual({ choice: "push", by: "attacker", offer: { directions: ["lane-up", "lane-down", "forward", "back"] } });
    const back = resolve("attack", { ...attack, precision: "push", push: "back" }, [10]);
    expect(back.result).toMatchObject({ damage: 10, pushedTo: { lane: 4, stance: "on-guard" }, maneuvers: [{ name: "push", paidWith: "precision", success: true }] });
    expect(back.effects).toEqual([{ participant: "Bandit #5", changes: {}, statuses: ["pushed"] }]);
    const edge = { ...attack, target: { name: "Bandit #5", stance: "aggressive" as const }, position: { ...attack.position, attackerLane: 1, targetLane: 1 } };
    expect(pushDirections(1, "aggressive", 6)).toEqual(["lane-down", "back"]);
    expect(refusalOf(() => resolve("attack", { ...edge, precision: "push", push: "forward" }, [10]))).toBe("push-off-grid");
  });

  it("Grapple chosen on the Precision Strike rolls its Dex check after the choice", () => {
    const held = resolve("attack", { ...attack, precision: "grapple" }, [10, 12]);
    expect(held.dice.map((d) => d.label)).toEqual(["Riddic damage die", "Riddic grapple dex check"]);
    expect(held.effects).toEqual([{ participant: "Bandit #5", changes: {}, statuses: ["grappled"] }]);
  });

  it("coming out of hiding to attack reveals the attacker; area damage reaches a hidden target, Impaired", () => {
    const fromHiding = resolve("attack", { ...attack, situation: { hidden: true } }, [2, 7]);
    expect(fromHiding.effects).toEqual([{ participant: "Riddic", changes: {}, statuses: ["revealed"] }]);
    const hiding = { ...attack, attacker: { name: "Elsa", weaponDie: 8, weapon: "ranged" as const }, target: { name: "Bandit #5", hidden: true }, position: { attackerLane: 1, targetLane: 4, attackerEngaged: false } };
    expect(refusalOf(() => resolve("attack", hiding, []))).toBe("target-hidden");
    const splash = resolve("attack", { ...hiding, situation: { area: true } }, [7, 2]);
    expect(splash.steps[0]).toMatchObject({ rule: "edges", why: ["-other"] });
    expect(splash.result).toMatchObject({ damage: 2 });
  });
});

describe("a Maneuver for 1 Breath on its own", () => {
  const ines = { name: "Ines", breath: 2, dex: 12 };

  it("costs 1 Breath and marks its status; Feint needs an attack; a melee Maneuver needs the target in reach", () => {
    const evade = resolve("maneuver", { actor: ines, maneuver: "evade" }, []);
    expect(evade.effects).toEqual([{ participant: "Ines", changes: { breath: { from: 2, to: 1 } }, statuses: ["evading"] }]);
    const trip = resolve("maneuver", { actor: ines, maneuver: "trip", target: { name: "Orc" }, position: { actorLane: 3, targetLane: 3 } }, []);
    expect(trip.effects[1]).toEqual({ participant: "Orc", changes: {}, statuses: ["prone"] });
    expect(refusalOf(() => resolve("maneuver", { actor: ines, maneuver: "feint", target: { name: "Orc" } }, []))).toBe("feint-needs-attack");
    expect(refusalOf(() => resolve("maneuver", { actor: ines, maneuver: "trip", target: { name: "Orc" }, position: { actorLane: 3, targetLane: 4 } }, []))).toBe("maneuver-out-of-reach");
    expect(resolve("maneuver", { actor: { ...ines, weapon: "reach" }, maneuver: "trip", target: { name: "Orc" }, position: { actorLane: 3, targetLane: 4, targetClosest: true } }, []).result).toMatchObject({ success: true });
    expect(refusalOf(() => resolve("maneuver", { actor: { ...ines, breath: 0 }, maneuver: "evade" }, []))).toBe("no-breath-for-maneuver");
    expect(refusalOf(() => resolve("maneuver", { actor: ines, maneuver: "distract" }, []))).toBe("maneuver-needs-target");
  });

  it("a Push waits for its direction", () => {
    const request = { actor: ines, maneuver: "push", target: { name: "Orc", stance: "rearguard" }, position: { actorLane: 6, targetLane: 6 } };
    expect(resolve("maneuver", request, []).awaiting).toEqual({ choice: "push", by: "actor", offer: { directions: ["lane-up", "forward"] } });
    expect(resolve("maneuver", { ...request, push: "lane-up" }, []).result).toEqual({ maneuver: "push", success: true, pushedTo: { lane: 5, stance: "rearguard" } });
  });
});

describe("the end of the round", () => {
  it("seed 004 §Squads: of a Squad's hits on one character only the highest applies", () => {
    const hits = [
      { target: "Ines", amount: 4, squad: "goblins" },
      { target: "Ines", amount: 6, squad: "goblins" },
      { target: "Ines", amount: 2, squad: "goblins" },
      { target: "Ines", amount: 1 },
    ];
    const outcome = resolve("round", { combatants: [combatant("Ines", 9)], hits }, []);
    expect(outcome.effects[0]?.changes).toEqual({ breath: { from: 9, to: 2 } });
    expect(outcome.steps.filter((s) => s.rule === "squad-lower").map((s) => s.amount)).toEqual([4, 2]);
  });

  it("a Parry stops its enemy's melee attacks only", () => {
    const parrier = combatant("Ines", 5, {}, { parrying: ["Orc"] });
    const hits = [
      { target: "Ines", amount: 4, from: "Orc", melee: true },
      { target: "Ines", amount: 2, from: "Orc", melee: false },
      { target: "Ines", amount: 1, from: "Goblin" },
    ];
    expect(resolve("round", { combatants: [parrier], hits }, []).effects[0]?.changes).toEqual({ breath: { from: 5, to: 2 } });
  });

  it("each damaged character's owner is asked for its saves in turn; the dice of each go in that order", () => {
    const combatants = [combatant("Ana", 0, { str: 10 }, { id: "c0" }), combatant("Bo", 0, { str: 10 }, { id: "c1" }), combatant("Cy", 5, {}, { id: "c2" })];
    const hits = [
      { target: "Ana", amount: 3 },
      { target: "Bo", amount: 4 },
      { target: "Cy", amount: 2 },
    ];
    const first = resolve("round", { combatants, hits }, []);
    expect(first.awaiting).toEqual({ choice: "saves.c0", by: "c0", offer: { characteristics: ["str"], st: { str: 13 } } });
    expect(first.steps.filter((s) => s.rule === "damage")).toHaveLength(3);
    const second = resolve("round", { combatants, hits, saves: { c0: true } }, [15]);
    expect(second.awaiting).toMatchObject({ choice: "saves.c1", by: "c1" });
    const done = resolve("round", { combatants, hits, saves: { c0: true, c1: true } }, [15, 3]);
    expect(done.awaiting).toBeUndefined();
    expect(done.result).toMatchObject({ incapacitated: ["Bo"], standing: ["Ana", "Cy"] });
    // A save for someone who owes none is never asked, and a leftover save is not rolled.
    expect(resolve("round", { combatants, hits: [{ target: "Cy", amount: 2 }], saves: { c2: true } }, []).dice).toEqual([]);
  });
});

describe("placing on the Combat Grid", () => {
  it("seed 004 §Initiative: a full cell sends the newcomer to the nearest other lane, Aggressive first and moving back", () => {
    const lanes = flatLanes();
    const grid: Placement[] = [{ name: "Bandit #1", side: "bandits", lane: 3, stance: "steadied" }];
    expect(placeWithOverflow(grid, "bandits", { lane: 3, stance: "steadied" }, lanes, 1)).toEqual({ lane: 2, stance: "aggressive" });
    expect(placeWithOverflow(grid, "party", { lane: 3, stance: "steadied" }, lanes, 1)).toEqual({ lane: 3, stance: "steadied" });
    const crowded: Placement[] = [...grid, { name: "Bandit #2", side: "bandits", lane: 2, stance: "aggressive" }];
    expect(placeWithOverflow(crowded, "bandits", { lane: 3, stance: "steadied" }, lanes, 1)).toEqual({ lane: 2, stance: "steadied" });
    expect(placeWithOverflow(grid, "bandits", { lane: 3, stance: "steadied" }, lanes, 2)).toEqual({ lane: 3, stance: "steadied" });
  });

  it("a lane on another level (a balcony) takes no overflow from the ground", () => {
    const lanes = [{ level: 1 }, { level: 1 }, { level: 0 }, { level: 0 }];
    const full: Placement[] = ["aggressive", "steadied", "on-guard", "rearguard"].flatMap((stance, i) => [
      { name: `a${i}`, side: "x", lane: 3, stance: stance as Placement["stance"] },
      { name: `b${i}`, side: "x", lane: 4, stance: stance as Placement["stance"] },
    ]);
    expect(placeWithOverflow(full, "x", { lane: 3, stance: "steadied" }, lanes, 1)).toBeUndefined();
  });
});
