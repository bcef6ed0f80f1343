import { describe, expect, it } from "vitest";
import { areAdjacent, attackRefusal, canMove, elevationEdge, flatLanes, isEngaged, type Lane, mayRetreat, nearestEngagedEnemy, type Placement, rallyReach } from "../../../src/rules/torchlight/grid.js";
import { intimidated } from "../../../src/rules/torchlight/stances.js";
import { resolve } from "./helpers.js";

// The seed's grid picture is not in the text: lanes and Breyer's Rearguard stance are our placement,
// chosen to fit every sentence of the example.
const party = (name: string, lane: number, stance: Placement["stance"], incapacitated = false): Placement => ({ name, side: "party", lane, stance, incapacitated });
const bandit = (n: number, lane: number, stance: Placement["stance"]): Placement => ({ name: `Bandit #${n}`, side: "bandits", lane, stance });
const example = (tahulaDown = false): Placement[] => [
  party("Riddic", 3, "aggressive"),
  party("Elsa", 4, "steadied"),
  party("Tahula", 5, "steadied", tahulaDown),
  party("Breyer", 5, "rearguard"),
  bandit(2, 3, "steadied"),
  bandit(4, 4, "steadied"),
  bandit(6, 4, "rearguard"),
  bandit(1, 5, "steadied"),
  bandit(3, 6, "steadied"),
  bandit(5, 6, "aggressive"),
];

describe("seed 004 §Engaged Characters and Retreat, the example", () => {
  it("Riddic is engaged with Bandit #2, Elsa with Bandit #4, Tahula with Bandit #1", () => {
    const grid = example();
    expect(isEngaged(grid, "Riddic")).toBe(true);
    expect(nearestEngagedEnemy(grid, "Riddic")?.name).toBe("Bandit #2");
    expect(nearestEngagedEnemy(grid, "Elsa")?.name).toBe("Bandit #4");
    expect(isEngaged(grid, "Tahula")).toBe(true);
    expect(nearestEngagedEnemy(grid, "Tahula")?.name).toBe("Bandit #1");
  });

  it("Breyer shares Tahula's lane but is not engaged and may Retreat while she stands", () => {
    expect(isEngaged(example(), "Breyer")).toBe(false);
    expect(mayRetreat(example(), "Breyer")).toBe(true);
  });

  it("if Tahula is Incapacitated, the engagement falls on Breyer and he may not Retreat", () => {
    expect(isEngaged(example(true), "Breyer")).toBe(true);
    expect(mayRetreat(example(true), "Breyer")).toBe(false);
  });

  it("the engagement action reads the same grid", () => {
    const outcome = resolve("engagement", { grid: example() }, []);
    // Bandit #6 sits behind Bandit #4 in Elsa's lane: screened like Breyer, so free to Retreat.
    expect(outcome.result).toEqual({ engaged: ["Riddic", "Elsa", "Tahula", "Bandit #2", "Bandit #4", "Bandit #1"], mayRetreat: ["Breyer", "Bandit #6"] });
  });
});

describe("engagement, movement and attack legality", () => {
  it("a Rearguard enemy imparts no engagement; only the Rearguard may Retreat", () => {
    const grid = [party("Ana", 2, "steadied"), bandit(1, 2, "rearguard"), party("Bo", 3, "on-guard")];
    expect(isEngaged(grid, "Ana")).toBe(false);
    expect(mayRetreat(grid, "Ana")).toBe(false);
    expect(isEngaged(grid, "Bandit #1")).toBe(true);
  });

  it("Intimidation impairs the nearest engaged enemy: the one in the frontmost stance of the lane", () => {
    const grid = [party("Riddic", 1, "aggressive"), bandit(1, 1, "on-guard"), bandit(2, 1, "steadied"), bandit(3, 2, "aggressive")];
    expect(intimidated(grid, "Riddic")?.name).toBe("Bandit #2");
  });

  it("adjacency: one lane or stance away, diagonals by the house option; Rally reaches only companions", () => {
    expect(areAdjacent(party("a", 2, "steadied"), party("b", 3, "on-guard"), true)).toBe(true);
    expect(areAdjacent(party("a", 2, "steadied"), party("b", 3, "on-guard"), false)).toBe(false);
    expect(areAdjacent(party("a", 2, "steadied"), party("b", 2, "rearguard"), true)).toBe(false);
    const grid = [party("Elsa", 3, "steadied"), party("Riddic", 3, "aggressive"), party("Far", 5, "steadied"), bandit(1, 3, "on-guard")];
    expect(rallyReach(grid, "Elsa", true).map((p) => p.name)).toEqual(["Riddic"]);
  });

  it("melee only in the lane (reach one lane over), never from the Rearguard; ranged anywhere but not while engaged", () => {
    const base = { attackerStance: "steadied" as const, attackerLane: 3, targetLane: 3, attackerEngaged: true };
    expect(attackRefusal({ ...base, weapon: "melee" })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "melee", targetLane: 4 })).toBe("melee-out-of-lane");
    expect(attackRefusal({ ...base, weapon: "reach", targetLane: 4, targetClosest: true })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "reach", targetLane: 4, targetClosest: false })).toBe("reach-not-closest");
    expect(attackRefusal({ ...base, weapon: "reach", targetLane: 4 })).toBe("reach-not-closest");
    expect(attackRefusal({ ...base, weapon: "reach", targetLane: 5 })).toBe("reach-out-of-range");
    expect(attackRefusal({ ...base, weapon: "melee", attackerStance: "rearguard" })).toBe("no-melee-from-rearguard");
    expect(attackRefusal({ ...base, weapon: "ranged", targetLane: 6 })).toBe("ranged-while-engaged");
    expect(attackRefusal({ ...base, weapon: "ranged", targetLane: 6, attackerEngaged: false, attackerStance: "rearguard" })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "melee", calledShot: true })).toBe("called-shot-needs-ranged");
  });

  it("Hide/Cover: no ranged attack on the hidden but a Called Shot; only an engaged enemy in the lane closes in", () => {
    const base = { attackerStance: "rearguard" as const, attackerLane: 1, targetLane: 4, attackerEngaged: false, targetHidden: true };
    expect(attackRefusal({ ...base, weapon: "ranged" })).toBe("target-hidden");
    expect(attackRefusal({ ...base, weapon: "ranged", calledShot: true })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "melee", attackerStance: "steadied", attackerLane: 4, attackerEngaged: true })).toBeUndefined();
    expect(attackRefusal({ ...base, weapon: "melee", attackerStance: "steadied", attackerLane: 4, attackerEngaged: false })).toBe("target-hidden");
  });

  it("a lane of another level or with an edge is entered only from an adjacent lane", () => {
    const lanes: Lane[] = [{ level: 1 }, { level: 1 }, { level: 0 }, { level: 0 }, { level: 0, edge: true }, { level: 0 }];
    expect(canMove(lanes, 4, 3)).toBe(true);
    expect(canMove(lanes, 3, 2)).toBe(true);
    expect(canMove(lanes, 4, 2)).toBe(false);
    expect(canMove(lanes, 3, 5)).toBe(false);
    expect(canMove(lanes, 6, 5)).toBe(true);
    expect(canMove(lanes, 3, 6)).toBe(true);
    expect(canMove(flatLanes(), 1, 6)).toBe(true);
    expect(canMove(flatLanes(), 1, 7)).toBe(false);
    expect(elevationEdge(lanes, 1, 4)).toBe(1);
    expect(elevationEdge(lanes, 4, 2)).toBe(-1);
    expect(elevationEdge(lanes, 3, 6)).toBe(0);
  });
});
