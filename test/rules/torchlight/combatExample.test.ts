import { describe, expect, it } from "vitest";
import { canMove, isEngaged, type Lane, type Placement } from "../../../src/rules/torchlight/grid.js";
import { combatant, resolve, refusalOf } from "./helpers.js";

/**
 * seed 004 §Combat Example, round by round. The seed gives no dice, weapon dice or stat blocks; we
 * pick faces and numbers that agree with every sentence (noted at each step) and check what the
 * rules make of them. Lanes 1–2 are the balcony (higher), 3–6 the ground floor.
 */
const lanes: Lane[] = [{ level: 1 }, { level: 1 }, { level: 0 }, { level: 0 }, { level: 0 }, { level: 0 }];

// After the movement of round 1. Riddic steps up to Aggressive in Elsa's lane, so he holds the
// engagement of that lane and Elsa (Steadied, behind him) is free to shoot her crossbow.
const grid: Placement[] = [
  { name: "Riddic", side: "party", lane: 4, stance: "aggressive" },
  { name: "Elsa", side: "party", lane: 4, stance: "steadied" },
  { name: "Tahula", side: "party", lane: 5, stance: "steadied" },
  { name: "Breyer", side: "party", lane: 2, stance: "rearguard" },
  { name: "Bandit #1", side: "bandits", lane: 5, stance: "aggressive" },
  { name: "Bandit #2", side: "bandits", lane: 1, stance: "steadied" },
  { name: "Bandit #3", side: "bandits", lane: 2, stance: "steadied" },
  { name: "Bandit #4", side: "bandits", lane: 4, stance: "steadied" },
  { name: "Bandit #5", side: "bandits", lane: 4, stance: "aggressive" },
  { name: "Bandit #6", side: "bandits", lane: 6, stance: "rearguard" },
];

describe("seed 004 §Combat Example", () => {
  it("initiative: everyone makes the Dex save but Tahula, who cannot act in round 1", () => {
    // Dex DCs 12/13/10/11 (STs 8/7/10/9); faces 14, 9, 6, 15: Tahula's 6 misses her ST 10.
    const outcome = resolve(
      "initiative",
      { combatants: [{ name: "Riddic", dex: 12 }, { name: "Elsa", dex: 13 }, { name: "Tahula", dex: 10 }, { name: "Breyer", dex: 11 }] },
      [14, 9, 6, 15],
    );
    expect(outcome.result).toEqual({ placementOrder: ["Breyer", "Riddic", "Elsa", "Tahula"], actsFrom: { Breyer: 1, Riddic: 1, Elsa: 1, Tahula: 2 } });
    expect(outcome.effects).toEqual([{ participant: "Tahula", changes: {}, statuses: ["waiting"] }]);
  });

  it("round 1, players: Riddic's Aggressive battle axe (d10, face 8) on Bandit #5 totals 10", () => {
    const outcome = resolve(
      "attack",
      { attacker: { name: "Riddic", weaponDie: 10, stance: "aggressive" }, target: { name: "Bandit #5", stance: "aggressive" }, position: { attackerLane: 4, targetLane: 4, attackerEngaged: true } },
      [8],
    );
    expect(outcome.result).toMatchObject({ damage: 10, received: 10, precisionStrike: false });
  });

  it("round 1, players: Elsa's hand crossbow (d6) rolls a 6, a Precision Strike, and she Distracts Bandit #3 instead of the extra die", () => {
    expect(isEngaged(grid, "Elsa")).toBe(false);
    const outcome = resolve(
      "attack",
      {
        attacker: { name: "Elsa", weaponDie: 6, weapon: "ranged", stance: "steadied" },
        target: { name: "Bandit #3" },
        position: { attackerLane: 4, targetLane: 2, attackerEngaged: false },
        situation: { elevation: "below" },
        maneuver: { name: "distract", payWith: "precision" },
      },
      // Ground to balcony is Impaired: two d6, keep the lower; both 6 for a Precision Strike.
      [6, 6],
    );
    expect(outcome.dice).toHaveLength(2);
    expect(outcome.result).toMatchObject({ damage: 6, precisionStrike: true, maneuvers: [{ name: "distract", paidWith: "precision", success: true }] });
    expect(outcome.effects).toEqual([{ participant: "Bandit #3", changes: {}, statuses: ["distracted"] }]);
  });

  it("round 2: every attack on the Distracted Bandit #3 gets +1", () => {
    const plain = resolve("attack", { attacker: { name: "Tahula", weaponDie: 8, weapon: "ranged" }, target: { name: "Bandit #3" } }, [5]);
    const distracted = resolve("attack", { attacker: { name: "Tahula", weaponDie: 8, weapon: "ranged" }, target: { name: "Bandit #3" }, situation: { targetDistracted: true } }, [5]);
    expect(plain.result).toMatchObject({ damage: 5 });
    expect(distracted.result).toMatchObject({ damage: 6 });
  });

  it("round 1, players: Breyer climbs to the balcony's Rearguard from the adjacent lane and readies a Called Shot; next round his bolt is Enhanced", () => {
    expect(canMove(lanes, 3, 2)).toBe(true);
    const called = resolve(
      "attack",
      { attacker: { name: "Breyer", weaponDie: 8, weapon: "ranged", stance: "rearguard" }, target: { name: "Bandit #2" }, situation: { calledShot: true }, position: { attackerLane: 2, targetLane: 1, attackerEngaged: false } },
      [2, 7],
    );
    expect(called.result).toMatchObject({ damage: 7 });
    expect(refusalOf(() => resolve("attack", { attacker: { name: "Breyer", weaponDie: 8, stance: "rearguard" }, target: { name: "Bandit #2" }, situation: { calledShot: true } }, []))).toBe("called-shot-needs-ranged");
  });

  it("round 1, bandits: Bandit #2's dagger (d4) from the balcony at Elsa is Enhanced: faces 3 and 1, keeps 3", () => {
    const outcome = resolve(
      "attack",
      { attacker: { name: "Bandit #2", weaponDie: 4, weapon: "ranged" }, target: { name: "Elsa" }, situation: { elevation: "above" }, position: { attackerLane: 1, targetLane: 4, attackerEngaged: false } },
      [3, 1],
    );
    expect(outcome.steps[0]).toMatchObject({ rule: "edges", net: 1 });
    expect(outcome.result).toMatchObject({ damage: 3 });
  });

  it("round 1, bandits: Bandit #3 may go up to the balcony only from the lane next to it, and throws at Breyer (d4, face 2)", () => {
    expect(canMove(lanes, 3, 2)).toBe(true);
    expect(canMove(lanes, 4, 2)).toBe(false);
    // Breyer is in the Rearguard: he imparts no engagement, so Bandit #3 may throw from his lane.
    expect(isEngaged(grid, "Bandit #3")).toBe(false);
    const outcome = resolve("attack", { attacker: { name: "Bandit #3", weaponDie: 4, weapon: "ranged" }, target: { name: "Breyer" }, position: { attackerLane: 2, targetLane: 2, attackerEngaged: false } }, [2]);
    expect(outcome.result).toMatchObject({ damage: 2 });
  });

  it("round 1, bandits: Bandit #4's shortsword (d6) rolls a Precision Strike and takes the extra die: 6 + 1 = 7, and the extra 1 does not chain", () => {
    const outcome = resolve("attack", { attacker: { name: "Bandit #4", weaponDie: 6 }, target: { name: "Elsa", stance: "steadied" }, precision: "extra-die" }, [6, 1]);
    expect(outcome.result).toMatchObject({ damage: 7, precisionStrike: true, precision: "extra-die" });
    const chained = resolve("attack", { attacker: { name: "Bandit #4", weaponDie: 6 }, target: { name: "Elsa" }, precision: "extra-die" }, [6, 6]);
    expect(chained.result).toMatchObject({ damage: 12 });
    expect(chained.dice).toHaveLength(2);
  });

  it("round 1, bandits: Bandit #5 (Aggressive, d6 face 3) and Bandit #6's shortbow from the Rearguard (d6 face 2) hit Riddic; Bandit #6 could not have used a melee weapon there", () => {
    expect(resolve("attack", { attacker: { name: "Bandit #5", weaponDie: 6, stance: "aggressive" }, target: { name: "Riddic" } }, [3]).result).toMatchObject({ damage: 5 });
    const bow = resolve("attack", { attacker: { name: "Bandit #6", weaponDie: 6, weapon: "ranged", stance: "rearguard" }, target: { name: "Riddic" }, position: { attackerLane: 6, targetLane: 4, attackerEngaged: false } }, [2]);
    expect(bow.result).toMatchObject({ damage: 2 });
    expect(refusalOf(() => resolve("attack", { attacker: { name: "Bandit #6", weaponDie: 6, stance: "rearguard" }, target: { name: "Riddic" }, position: { attackerLane: 6, targetLane: 6, attackerEngaged: false } }, []))).toBe("no-melee-from-rearguard");
  });

  it("round 1, end: damage resolves at once; Bandit #5 falls to Riddic's axe and Elsa to the Precision Strike", () => {
    // Bandit #1's sword (d8 face 4, +2 Aggressive) = 6 on Tahula. Save faces in order: Riddic 14,
    // Elsa 9, Bandit #5 7.
    const outcome = resolve(
      "round",
      {
        combatants: [
          combatant("Riddic", 5, { str: 12 }, { stance: "aggressive" }),
          combatant("Elsa", 3, { str: 11, dex: 13, wil: 5 }),
          combatant("Tahula", 6),
          combatant("Breyer", 4, {}, { stance: "rearguard" }),
          combatant("Bandit #5", 2, { str: 10 }, { stance: "aggressive" }),
        ],
        hits: [
          { target: "Bandit #5", amount: 10, from: "Riddic" },
          { target: "Tahula", amount: 6, from: "Bandit #1" },
          { target: "Elsa", amount: 3, from: "Bandit #2" },
          { target: "Breyer", amount: 2, from: "Bandit #3" },
          { target: "Elsa", amount: 7, from: "Bandit #4", precisionStrike: true },
          { target: "Riddic", amount: 5, from: "Bandit #5" },
          { target: "Riddic", amount: 2, from: "Bandit #6" },
        ],
        // Each damaged character's owner rolls its saves at the end of the round.
        saves: { Riddic: true, Elsa: true, "Bandit #5": true },
      },
      [14, 9, 7],
    );
    expect(outcome.result).toEqual({ resolved: true, incapacitated: ["Elsa", "Bandit #5"], dead: [], standing: ["Riddic", "Tahula", "Breyer"] });
    const byName = Object.fromEntries(outcome.effects.map((e) => [e.participant, e]));
    expect(byName.Elsa?.changes).toMatchObject({ breath: { from: 3, to: 0 }, "strDc": { from: 11, to: 4 }, "strSt": { from: 9, to: 16 } });
    expect(byName.Elsa?.statuses).toEqual(["incapacitated", "prone"]);
    expect(byName["Bandit #5"]?.changes).toMatchObject({ breath: { from: 2, to: 0 }, "strDc": { from: 10, to: 2 } });
    expect(byName.Riddic?.changes).toMatchObject({ breath: { from: 5, to: 0 }, "strDc": { from: 12, to: 10 } });
    expect(byName.Tahula?.changes).toEqual({ breath: { from: 6, to: 0 } });
    expect(byName.Breyer?.changes).toEqual({ breath: { from: 4, to: 2 } });
    expect(outcome.steps.filter((s) => s.rule === "damage-save").map((s) => [s.participant, s.roll, s.st, s.success])).toEqual([
      ["Riddic", 14, 10, true],
      ["Elsa", 9, 16, false],
      ["Bandit #5", 7, 18, false],
    ]);
  });

  it("round 2: an attack on the Incapacitated Elsa is Enhanced", () => {
    const outcome = resolve("attack", { attacker: { name: "Bandit #4", weaponDie: 6 }, target: { name: "Elsa", incapacitated: true } }, [2, 5]);
    expect(outcome.steps[0]).toMatchObject({ rule: "edges", why: ["+incapacitated-target"] });
    expect(outcome.result).toMatchObject({ damage: 5 });
  });
});
