import { describe, expect, it } from "vitest";
import { areAdjacent, attackRefusal, canMove, cellCount, elevationEdge, flatLanes, isClosestInLane, isEngaged, mayProtect, mayRetreat, nearestEngagedEnemy, type Placement, placeWithOverflow, pushedTo, rallyReach } from "../../../src/rules/torchlight/grid.js";
import type { Stance } from "../../../src/rules/torchlight/tables.js";
import { fightDuel } from "../../../src/rules/torchlight/duel.js";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { combatant, refusalOf, resolve } from "./helpers.js";

// Each test sits exactly on an edge of a rule (a threshold, a tie, a choice), beside the nearest
// case on the other side, so that moving the edge by one fails it.

const squad = (lead: Record<string, unknown>, mates: Record<string, unknown>[]) => ({ attacker: { name: "Gob 1", ...lead }, squadMates: mates.map((m, i) => ({ name: `Gob ${i + 2}`, ...m })), target: { name: "Ines" } });

describe("seed 004 §Squads: the highest damage roll applies", () => {
  it("seed 004 §Squads: the lead's roll applies when it is the highest, even though the others roll after it", () => {
    // Each member is Enhanced (two faces, keeps the higher): Gob 1 d6 keeps 5, Gob 2 d4 keeps 2, Gob 3 d4 keeps 3.
    const outcome = resolve("attack", squad({ weaponDie: 6 }, [{ weaponDie: 4 }, { weaponDie: 4 }]), [5, 1, 2, 1, 3, 1]);
    expect(outcome.result).toMatchObject({ damage: 5, squadMember: "Gob 1" });
  });

  it("seed 004 §Squads: a middle member's roll applies when it is the highest", () => {
    const outcome = resolve("attack", squad({ weaponDie: 6 }, [{ weaponDie: 6 }, { weaponDie: 4 }]), [2, 1, 5, 1, 3, 1]);
    expect(outcome.result).toMatchObject({ damage: 5, squadMember: "Gob 2" });
    expect(outcome.steps).toContainEqual({ rule: "squad-highest", member: "Gob 2", total: 5 });
  });

  it("on equal totals the roll of the member listed first applies (its Precision Strike with it)", () => {
    // Gob 2's d4 shows its top face 4, a Precision Strike: its extra die (Enhanced, keeps 1, rolled once
    // every member's die is down) makes 5. Gob 3's d6 keeps 5: the same total, no Precision Strike. Gob 2, listed first, is the one applied.
    const outcome = resolve("attack", squad({ weaponDie: 6 }, [{ weaponDie: 4, precision: "extra-die" }, { weaponDie: 6 }]), [1, 1, 4, 1, 5, 2, 1, 1]);
    expect(outcome.result).toMatchObject({ damage: 5, squadMember: "Gob 2", precisionStrike: true });
  });
});

describe("seed 004 §Maneuvers: one Breath buys a Maneuver", () => {
  it("seed 004 §Maneuvers: an attacker with exactly 1 Breath may buy a Maneuver with it, and is left with 0", () => {
    const outcome = resolve("attack", { attacker: { name: "Ines", weaponDie: 8, breath: 1 }, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "breath" } }, [3]);
    expect(outcome.result).toMatchObject({ maneuvers: [{ name: "trip", paidWith: "breath", success: true }] });
    expect(outcome.effects).toContainEqual({ participant: "Ines", changes: { breath: { from: 1, to: 0 } } });
  });

  it("seed 004 §Maneuvers: with no Breath given at all, a Maneuver bought with Breath is refused", () => {
    expect(refusalOf(() => resolve("attack", { attacker: { name: "Ines", weaponDie: 8 }, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "breath" } }, []))).toBe("no-breath-for-maneuver");
  });

  it("seed 004 §Maneuvers: a Maneuver on its own with exactly 1 Breath is taken, leaving 0", () => {
    const outcome = resolve("maneuver", { actor: { name: "Ines", breath: 1 }, maneuver: "evade" }, []);
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { breath: { from: 1, to: 0 } }, statuses: ["evading"] }]);
  });

  it("a Maneuver paid with a Precision Strike costs no Breath", () => {
    const outcome = resolve("attack", { attacker: { name: "Ines", weaponDie: 8, breath: 1 }, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "precision" } }, [8]);
    expect(outcome.effects).toEqual([{ participant: "Orc", changes: {}, statuses: ["prone"] }]);
  });
});

describe("seed 004 §Action Lanes and Combat Stances: reach", () => {
  const reachTrip = (gap: number) => ({ actor: { name: "Ines", breath: 2, weapon: "reach" }, maneuver: "trip", target: { name: "Orc" }, position: { actorLane: 3, targetLane: 3 + gap, targetClosest: true } });

  it("a reach weapon's Maneuver reaches exactly one lane over, not two", () => {
    expect(resolve("maneuver", reachTrip(1), []).result).toMatchObject({ success: true });
    expect(refusalOf(() => resolve("maneuver", reachTrip(2), []))).toBe("maneuver-out-of-reach");
  });

  it("a melee weapon's Maneuver reaches its own lane only", () => {
    const melee = { ...reachTrip(0), actor: { name: "Ines", breath: 2 } };
    expect(resolve("maneuver", melee, []).result).toMatchObject({ success: true });
    expect(refusalOf(() => resolve("maneuver", { ...melee, position: { actorLane: 3, targetLane: 2 } }, []))).toBe("maneuver-out-of-reach");
  });

  it("a reach weapon attacks exactly one lane over, not two", () => {
    const at = (targetLane: number) => ({ attacker: { name: "Ines", weaponDie: 8, weapon: "reach" }, target: { name: "Orc" }, position: { attackerLane: 3, targetLane, attackerEngaged: false, targetClosest: true } });
    expect(resolve("attack", at(2), [3]).result).toMatchObject({ damage: 3 });
    expect(resolve("attack", at(4), [3]).result).toMatchObject({ damage: 3 });
    expect(refusalOf(() => resolve("attack", at(5), []))).toBe("reach-out-of-range");
    expect(refusalOf(() => resolve("attack", at(1), []))).toBe("reach-out-of-range");
  });
});

describe("seed 004 §Dying: at least four saves a Phase", () => {
  const dying = (hours: number | undefined) => resolve("dying", { character: combatant("Elsa", 0), damaged: ["str"], ...(hours === undefined ? {} : { hours }) }, Array(12).fill(15));

  it("seed 004 §Dying: four hours ask four rounds of saves, five hours five", () => {
    expect(dying(4).result).toMatchObject({ hoursRolled: 4, hoursInPhase: 4 });
    expect(dying(5).result).toMatchObject({ hoursRolled: 5, hoursInPhase: 5 });
    expect(dying(3).result).toMatchObject({ hoursRolled: 4, hoursInPhase: 4 });
    expect(dying(undefined).result).toMatchObject({ hoursRolled: 4, hoursInPhase: 4 });
  });
});

describe("seed 004 §Retreat: sitting out a round", () => {
  const join = (joinRound: number) => () => resolve("initiative", { combatants: [{ name: "Breyer", dex: 12, leftInRound: 2 }], joinRound }, [15]);

  it("seed 004 §Retreat: one who Retreated in round 2 may re-enter in round 4, not in round 3", () => {
    expect(join(4)().result).toMatchObject({ placementOrder: ["Breyer"] });
    expect(refusalOf(join(3))).toBe("retreat-waiting-round");
  });

  it("seed 004 §Retreat: a Retreat in round 2 names round 4 as the first it may come back in", () => {
    const grid = [{ name: "Breyer", side: "party", lane: 1, stance: "rearguard" }];
    expect(resolve("retreat", { grid, by: "Breyer", round: 2 }, []).result).toEqual({ retreated: "Breyer", leftInRound: 2, mayReturnFrom: 4 });
  });
});

describe("seed 004 §Engaged Characters and Retreat: read off the grid", () => {
  const p = (name: string, side: string, lane: number, stance: Stance, incapacitated = false): Placement => ({ name, side, lane, stance, ...(incapacitated ? { incapacitated } : {}) });

  it("seed 004 §Engaged: an enemy in the lane engages; one in another lane, a Rearguard one or a fallen one does not", () => {
    expect(isEngaged([p("Ana", "party", 2, "steadied"), p("Orc", "foes", 2, "on-guard")], "Ana")).toBe(true);
    expect(isEngaged([p("Ana", "party", 2, "steadied"), p("Orc", "foes", 3, "aggressive")], "Ana")).toBe(false);
    expect(isEngaged([p("Ana", "party", 2, "steadied"), p("Orc", "foes", 2, "rearguard")], "Ana")).toBe(false);
    expect(isEngaged([p("Ana", "party", 2, "steadied"), p("Orc", "foes", 2, "aggressive", true)], "Ana")).toBe(false);
    expect(isEngaged([p("Ana", "party", 2, "steadied"), p("Bo", "party", 2, "aggressive")], "Ana")).toBe(false);
  });

  it("seed 004 §Retreat: a standing companion in a closer stance screens her; one in the same stance, a fallen one or herself does not", () => {
    const orc = p("Orc", "foes", 5, "aggressive");
    expect(isEngaged([p("Bre", "party", 5, "rearguard"), p("Tah", "party", 5, "on-guard"), orc], "Bre")).toBe(false);
    expect(isEngaged([p("Bre", "party", 5, "rearguard"), p("Tah", "party", 5, "rearguard"), orc], "Bre")).toBe(true);
    expect(isEngaged([p("Bre", "party", 5, "rearguard"), p("Tah", "party", 5, "aggressive", true), orc], "Bre")).toBe(true);
    expect(isEngaged([p("Bre", "party", 5, "rearguard"), p("Tah", "party", 4, "aggressive"), orc], "Bre")).toBe(true);
    expect(isEngaged([p("Bre", "party", 5, "steadied"), p("Tah", "party", 5, "rearguard"), orc], "Bre")).toBe(true);
  });

  it("seed 004 §Attacking: one shooting from a melee enemy's lane is not Engaged; the same one with a melee weapon is", () => {
    const grid = (ranged: boolean) => [{ ...p("Elsa", "party", 2, "steadied"), ranged }, p("Orc", "foes", 2, "aggressive")];
    expect(isEngaged(grid(true), "Elsa")).toBe(false);
    expect(isEngaged(grid(false), "Elsa")).toBe(true);
  });

  it("seed 004 §Attacking: the closest character of a lane is screened only by a standing one of her own side in that lane", () => {
    const orc = p("Orc", "foes", 4, "steadied");
    // An enemy in front of her, or a companion in front of her in another lane, does not make her any less the closest.
    expect(isClosestInLane([p("Ines", "party", 4, "aggressive"), orc], "Orc")).toBe(true);
    expect(isClosestInLane([p("Wolf", "foes", 3, "aggressive"), orc], "Orc")).toBe(true);
    expect(isClosestInLane([p("Wolf", "foes", 4, "aggressive"), orc], "Orc")).toBe(false);
  });

  it("seed 004 §Combat Stances, Aggressive: the nearest engaged enemy is the frontmost standing one in the lane, the first listed on a tie", () => {
    const grid = [p("Rid", "party", 1, "aggressive"), p("A", "foes", 1, "steadied"), p("B", "foes", 1, "steadied"), p("C", "foes", 1, "aggressive", true), p("D", "foes", 2, "aggressive")];
    expect(nearestEngagedEnemy(grid, "Rid")?.name).toBe("A");
    expect(nearestEngagedEnemy([...grid, p("E", "foes", 1, "aggressive")], "Rid")?.name).toBe("E");
    expect(nearestEngagedEnemy([p("Rid", "party", 1, "aggressive"), p("Bo", "party", 1, "steadied")], "Rid")).toBeUndefined();
  });

  it("seed 004 §Retreat: only from the Rearguard, standing, not Engaged", () => {
    expect(mayRetreat([p("Bre", "party", 5, "rearguard")], "Bre")).toBe(true);
    expect(mayRetreat([p("Bre", "party", 5, "rearguard", true)], "Bre")).toBe(false);
    expect(mayRetreat([p("Bre", "party", 5, "on-guard")], "Bre")).toBe(false);
    expect(mayRetreat([p("Bre", "party", 5, "rearguard"), p("Orc", "foes", 5, "steadied")], "Bre")).toBe(false);
  });

  it("a name not on the grid is refused, not guessed", () => {
    expect(() => isEngaged([p("Ana", "party", 2, "steadied")], "Ghost")).toThrow(/Ghost is not on the grid/);
  });

  it("seed 004 §Combat Stances: one lane or one stance away is adjacent, the same cell is not; diagonals only with the house option", () => {
    const ana = p("Ana", "party", 3, "steadied");
    expect(areAdjacent(ana, p("B", "party", 3, "steadied"), true)).toBe(false);
    expect(areAdjacent(ana, p("B", "party", 4, "steadied"), false)).toBe(true);
    expect(areAdjacent(ana, p("B", "party", 3, "on-guard"), false)).toBe(true);
    expect(areAdjacent(ana, p("B", "party", 4, "on-guard"), false)).toBe(false);
    expect(areAdjacent(ana, p("B", "party", 4, "on-guard"), true)).toBe(true);
    expect(areAdjacent(ana, p("B", "party", 5, "steadied"), true)).toBe(false);
    expect(areAdjacent(ana, p("B", "party", 3, "rearguard"), true)).toBe(false);
    expect(areAdjacent(ana, p("B", "party", 2, "aggressive"), true)).toBe(true);
  });

  it("seed 004 §Combat Stances, Steadied: Rally reaches fallen companions too, but never enemies or the rallier", () => {
    const grid = [p("Ana", "party", 3, "steadied"), p("Bo", "party", 3, "on-guard", true), p("Orc", "foes", 3, "aggressive")];
    expect(rallyReach(grid, "Ana", true).map((x) => x.name)).toEqual(["Bo"]);
  });

  it("seed 004 §Combat Stances, On Guard: a fallen protector protects no one; nor does one protect herself", () => {
    expect(mayProtect([p("Bo", "party", 3, "on-guard"), p("Ana", "party", 3, "steadied")], "Bo", "Ana", false)).toBe(true);
    expect(mayProtect([p("Bo", "party", 3, "on-guard", true), p("Ana", "party", 3, "steadied")], "Bo", "Ana", false)).toBe(false);
    expect(mayProtect([p("Bo", "party", 3, "on-guard")], "Bo", "Bo", true)).toBe(false);
    expect(mayProtect([p("Bo", "party", 3, "on-guard"), p("Orc", "foes", 3, "steadied")], "Bo", "Orc", false)).toBe(false);
  });

  it("seed 004 §Movement: a lane of another level or with an edge is entered only from the next lane; off the grid never", () => {
    const lanes = [{ level: 0 }, { level: 0 }, { level: 1 }, { level: 0, edge: true }, { level: 0 }];
    expect(canMove(lanes, 1, 2)).toBe(true);
    expect(canMove(lanes, 1, 5)).toBe(true);
    expect(canMove(lanes, 2, 3)).toBe(true);
    expect(canMove(lanes, 1, 3)).toBe(false);
    expect(canMove(lanes, 5, 4)).toBe(true);
    expect(canMove(lanes, 2, 4)).toBe(false);
    expect(canMove(lanes, 3, 3)).toBe(true);
    expect(canMove(lanes, 4, 4)).toBe(true);
    expect(canMove(lanes, 1, 6)).toBe(false);
    expect(canMove(lanes, 0, 1)).toBe(false);
    expect(flatLanes()).toEqual(Array(6).fill({ level: 0 }));
    expect(flatLanes(2)).toEqual([{ level: 0 }, { level: 0 }]);
  });

  it("seed 004 §Action Lanes: attacking down from a higher lane Enhances (+1), up Impairs (−1), across a level neither", () => {
    const lanes = [{ level: 2 }, { level: 0 }, { level: 0 }];
    expect(elevationEdge(lanes, 1, 2)).toBe(1);
    expect(elevationEdge(lanes, 2, 1)).toBe(-1);
    expect(elevationEdge(lanes, 2, 3)).toBe(0);
    expect(elevationEdge(lanes, 1, 9)).toBe(1);
    expect(elevationEdge(lanes, 9, 1)).toBe(-1);
  });

  it("seed 004 §Push: one lane up or down, one stance forward or back, never off the grid", () => {
    expect(pushedTo(3, "steadied", "lane-up", 6)).toEqual({ lane: 2, stance: "steadied" });
    expect(pushedTo(3, "steadied", "lane-down", 6)).toEqual({ lane: 4, stance: "steadied" });
    expect(pushedTo(3, "steadied", "forward", 6)).toEqual({ lane: 3, stance: "aggressive" });
    expect(pushedTo(3, "steadied", "back", 6)).toEqual({ lane: 3, stance: "on-guard" });
    expect(pushedTo(1, "steadied", "lane-up", 6)).toBeUndefined();
    expect(pushedTo(6, "steadied", "lane-down", 6)).toBeUndefined();
    expect(pushedTo(5, "steadied", "lane-down", 6)).toEqual({ lane: 6, stance: "steadied" });
    expect(pushedTo(3, "aggressive", "forward", 6)).toBeUndefined();
    expect(pushedTo(3, "rearguard", "back", 6)).toBeUndefined();
  });

  it("seed 004 §Initiative: a full cell overflows to the nearest lane of its level, the lower first on a tie; the wished lane's other stances last", () => {
    const lanes = flatLanes(5);
    const ana = p("Ana", "party", 3, "aggressive");
    expect(placeWithOverflow([], "party", { lane: 3, stance: "steadied" }, lanes, 1)).toEqual({ lane: 3, stance: "steadied" });
    expect(placeWithOverflow([ana], "party", { lane: 3, stance: "aggressive" }, lanes, 1)).toEqual({ lane: 2, stance: "aggressive" });
    expect(placeWithOverflow([ana], "party", { lane: 3, stance: "aggressive" }, lanes, 2)).toEqual({ lane: 3, stance: "aggressive" });
    expect(placeWithOverflow([ana, p("Orc", "foes", 3, "steadied")], "foes", { lane: 3, stance: "aggressive" }, lanes, 1)).toEqual({ lane: 3, stance: "aggressive" });
    const busy = [ana, p("B", "party", 2, "aggressive"), p("C", "party", 4, "aggressive")];
    expect(placeWithOverflow(busy, "party", { lane: 3, stance: "aggressive" }, lanes, 1)).toEqual({ lane: 2, stance: "steadied" });
    const one = [p("A", "party", 1, "aggressive")];
    expect(placeWithOverflow(one, "party", { lane: 1, stance: "aggressive" }, flatLanes(1), 1)).toEqual({ lane: 1, stance: "steadied" });
    const full = ["aggressive", "steadied", "on-guard", "rearguard"].map((s, i) => p(`P${i}`, "party", 1, s as Stance));
    expect(placeWithOverflow(full, "party", { lane: 1, stance: "aggressive" }, flatLanes(1), 1)).toBeUndefined();
    expect(placeWithOverflow([], "party", { lane: 9, stance: "steadied" }, flatLanes(2), 1)).toEqual({ lane: 2, stance: "aggressive" });
    expect(placeWithOverflow([], "party", { lane: 5, stance: "steadied" }, lanes, 1)).toEqual({ lane: 5, stance: "steadied" });
    const balcony = [{ level: 0 }, { level: 0 }, { level: 1 }, { level: 1 }];
    expect(placeWithOverflow([p("A", "party", 2, "steadied")], "party", { lane: 2, stance: "steadied" }, balcony, 1)).toEqual({ lane: 1, stance: "aggressive" });
    expect(placeWithOverflow([p("A", "party", 3, "steadied")], "party", { lane: 3, stance: "steadied" }, balcony, 1)).toEqual({ lane: 4, stance: "aggressive" });
    expect(cellCount([ana, p("B", "party", 3, "aggressive"), p("C", "foes", 3, "aggressive"), p("D", "party", 3, "steadied")], "party", 3, "aggressive")).toBe(2);
  });

  it("seed 004 §Engaged, §Hide/Cover: which attacks the grid allows", () => {
    const base = { weapon: "melee" as const, attackerStance: "steadied" as const, attackerLane: 2, targetLane: 2, attackerEngaged: true };
    expect(attackRefusal(base)).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "reach", targetLane: 3, targetClosest: true })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "reach", targetLane: 2 })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "ranged", attackerEngaged: false, targetLane: 6 })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "ranged", attackerStance: "rearguard", attackerEngaged: false })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "reach", attackerStance: "rearguard" })).toBe("no-melee-from-rearguard");
    expect(attackRefusal({ ...base, weapon: "ranged", attackerEngaged: false, calledShot: true, targetHidden: true })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "ranged", attackerEngaged: false, area: true, targetHidden: true })).toBeUndefined();
    expect(attackRefusal({ ...base, targetHidden: true })).toBeUndefined();
    expect(attackRefusal({ ...base, targetHidden: true, area: true, attackerEngaged: false })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "reach", targetLane: 3, targetClosest: true, targetHidden: true })).toBe("target-hidden");
  });
});

describe("seed 004 §Damage: a combatant's tracks as a request gives them", () => {
  it("seed 004 §Recovery: a maximum Breath below the Breath given is read as the Breath given", () => {
    const outcome = resolve("recover", { character: combatant("Elsa", 3, {}, { maxBreath: 1 }) }, []);
    expect(outcome.effects).toEqual([{ participant: "Elsa", changes: {} }]);
    expect(resolve("recover", { character: combatant("Elsa", 1, {}, { maxBreath: 1 }) }, []).effects).toEqual([{ participant: "Elsa", changes: {} }]);
  });

  it("seed 004 §Recovery: without maxBreath the request is refused in one line, as Rally's is (it would give back nothing)", () => {
    expect(refusalOf(() => resolve("recover", { character: combatant("Elsa", 1) }, []))).toBe("recover-needs-max-breath");
    expect(() => resolve("recover", { character: combatant("Elsa", 1) }, [])).toThrow("Recovery gives back Breath up to its maximum: give maxBreath (Elsa)");
  });

  const unhurt = (over: Record<string, number> = {}) => ({ str: 10, dex: 10, wil: 10, san: 10, luck: 10, ...over });

  it("seed 004 §Recovery: a day of rest needs all five unhurt DCs; with no rest day none are needed", () => {
    expect(() => resolve("recover", { character: combatant("Elsa", 0, { str: 8 }, { maxBreath: 3 }), restDays: 1 }, [])).toThrow("A day of rest gives back each Characteristic up to its unhurt DC: give maxDc for all five (Elsa: str, dex, wil, san, luck)");
    const { luck: _luck, ...four } = unhurt();
    expect(() => resolve("recover", { character: combatant("Elsa", 0, { str: 8 }, { maxBreath: 3, maxDc: four }), restDays: 1 }, [])).toThrow("give maxDc for all five (Elsa: luck)");
    expect(resolve("recover", { character: combatant("Elsa", 0, { str: 8 }, { maxBreath: 3 }), restDays: 0 }, []).effects[0]?.changes).toEqual({ breath: { from: 0, to: 3 } });
  });

  it("seed 004 §Recovery: an unhurt DC below the DC given is read as the DC given", () => {
    expect(resolve("recover", { character: combatant("Elsa", 0, { str: 8 }, { maxBreath: 0, maxDc: unhurt({ str: 5 }) }), restDays: 1 }, []).dice).toEqual([]);
    expect(resolve("recover", { character: combatant("Elsa", 0, { str: 8 }, { maxBreath: 0, maxDc: unhurt({ str: 9 }) }), restDays: 1 }, [3]).effects[0]?.changes).toEqual({ strDc: { from: 8, to: 9 }, strSt: { from: 12, to: 11 } });
  });

  it("seed 004 §Incapacitated and Death: a character given with any Characteristic at 0 is already dead: no save, no new death", () => {
    const outcome = resolve("round", { combatants: [combatant("Elsa", 0, { luck: 0 }), combatant("Bo", 0, { luck: 1 })], hits: [{ target: "Elsa", amount: 2 }, { target: "Bo", amount: 2 }], saves: { Bo: true } }, [15]);
    expect(outcome.result).toEqual({ resolved: true, incapacitated: [], dead: [], standing: ["Bo"] });
    expect(outcome.dice).toHaveLength(1);
  });

  it("seed 004 §Combat Stances: a combatant placed without a side or a lane is not on the grid", () => {
    const rally = (elsa: Record<string, unknown>) => () => resolve("round", { combatants: [combatant("Elsa", 2, {}, elsa), combatant("Bo", 1, {}, { side: "party", lane: 2, maxBreath: 4 })], hits: [], rally: { by: "Elsa" } }, [1]);
    expect(refusalOf(rally({ side: "party" }))).toBe("needs-position");
    expect(refusalOf(rally({ lane: 1 }))).toBe("needs-position");
    expect(rally({ side: "party", lane: 1 })().dice).toHaveLength(1);
  });

  it("seed 004 §Combat Stances, Steadied: the rallier is found wherever she stands in the list, and may name the allies she reaches", () => {
    const combatants = [combatant("Bo", 1, {}, { side: "party", lane: 2, stance: "aggressive", maxBreath: 4 }), combatant("Elsa", 2, {}, { side: "party", lane: 1 })];
    const outcome = resolve("round", { combatants, hits: [], rally: { by: "Elsa", allies: ["Bo"] } }, [2]);
    expect(outcome.effects).toEqual([{ participant: "Bo", changes: { breath: { from: 1, to: 3 } } }]);
  });

  it("seed 004 §Combat Stances, Steadied: a fallen companion is still reached by a Rally; a combatant placed with no stance stands Steadied", () => {
    const outcome = resolve("round", { combatants: [combatant("Elsa", 2, {}, { side: "party", lane: 1 }), combatant("Bo", 0, {}, { side: "party", lane: 1, stance: "on-guard", incapacitated: true, maxBreath: 3 })], hits: [], rally: { by: "Elsa" } }, [2]);
    expect(outcome.steps[0]).toEqual({ rule: "rally-reach", by: "Elsa", reaches: ["Bo"] });
  });
});

describe("seed 004 §Rounds: a duel", () => {
  const fighter = (name: string, breath: number, extra: Record<string, unknown> = {}) => ({ ...combatant(name, breath), weaponDie: 8, ...extra });

  it("the second fighter wins when the first goes down", () => {
    // Both act; A's 1 is soaked by B's Breath, B's 7 takes A to Str DC 3 (ST 17): save 4 fails.
    expect(fightDuel(fighter("A", 0), fighter("B", 2), new DiceTray(givenFaces([12, 12, 1, 7, 4])), 10)).toEqual({ winner: "b", rounds: 1 });
  });

  it("a duel decided in the last round the limit allows is won, not drawn", () => {
    // Dex saves: A acts, B waits; A's 7 on B (Breath 0, Str DC 3, ST 17); B's save 5 fails.
    expect(fightDuel(fighter("A", 2), fighter("B", 0, { weaponDie: 12 }), new DiceTray(givenFaces([15, 2, 7, 5])), 1)).toEqual({ winner: "a", rounds: 1 });
  });

  it("no one down within the round limit is a draw after the limit's rounds", () => {
    expect(fightDuel(fighter("A", 9), fighter("B", 9), new DiceTray(givenFaces([12, 12, 1, 1, 1, 1])), 2)).toEqual({ winner: "none", rounds: 2 });
  });

  it("seed 004 §Combat Stances: an Aggressive fighter adds 2, Proficiencies add, and the damage type picks the Characteristic", () => {
    // A (Aggressive, +1 Proficiency) rolls 1: 1 + 2 + 1 = 4 on B's Breath 0 as fire: Wil DC 10→6; B's save 13 fails (ST 14).
    const bout = fightDuel(fighter("A", 5, { stance: "aggressive", proficiencies: 1, damageType: "fire" }), fighter("B", 0, { wil: 10 }), new DiceTray(givenFaces([12, 2, 1, 13])), 3);
    expect(bout).toEqual({ winner: "a", rounds: 1 });
    // The same 1 with no bonus: B takes 1 to Str (DC 9, ST 11) and its save 11 holds.
    expect(fightDuel(fighter("A", 5), fighter("B", 0), new DiceTray(givenFaces([12, 2, 1, 11])), 1)).toEqual({ winner: "none", rounds: 1 });
  });

  it("seed 004 §Precision Strike: a fighter's top face rolls the extra die", () => {
    // A's 8 and extra 3: 11 on B (Breath 0): Str DC 10→-1 is death, no save.
    expect(fightDuel(fighter("A", 5), fighter("B", 0), new DiceTray(givenFaces([12, 2, 8, 3])), 3)).toEqual({ winner: "a", rounds: 1 });
  });

  it("seed 004 §Precision Strike: the extra die's damage goes past the Breath the first die alone would not get through", () => {
    // A's 8 would only empty B's 8 Breath; the extra 3 reaches Str (DC 7, ST 13) and B's save 4 fails.
    expect(fightDuel(fighter("A", 5), fighter("B", 8), new DiceTray(givenFaces([12, 2, 8, 3, 4])), 1)).toEqual({ winner: "a", rounds: 1 });
  });

  it("two stat blocks of one name fight as two: the first goblin's blow lands on the other goblin only", () => {
    // The first acts (12), the second waits (2); the 4 lands on the second alone (Str DC 6, ST 14), whose save 3 fails.
    expect(fightDuel(fighter("Gob", 0), fighter("Gob", 0), new DiceTray(givenFaces([12, 2, 4, 3])), 1)).toEqual({ winner: "a", rounds: 1 });
  });
});
