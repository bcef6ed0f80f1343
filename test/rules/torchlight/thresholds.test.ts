import { describe, expect, it } from "vitest";
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
    // Gob 2's d4 shows its top face 4, a Precision Strike: its extra die (Enhanced, keeps 1) makes 5.
    // Gob 3's d6 keeps 5: the same total, no Precision Strike. Gob 2, listed first, is the one applied.
    const outcome = resolve("attack", squad({ weaponDie: 6 }, [{ weaponDie: 4 }, { weaponDie: 6 }]), [1, 1, 4, 1, 1, 1, 5, 2]);
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
  const reachTrip = (gap: number) => ({ actor: { name: "Ines", breath: 2, weapon: "reach" }, maneuver: "trip", target: { name: "Orc" }, position: { actorLane: 3, targetLane: 3 + gap } });

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
    const at = (targetLane: number) => ({ attacker: { name: "Ines", weaponDie: 8, weapon: "reach" }, target: { name: "Orc" }, position: { attackerLane: 3, targetLane, attackerEngaged: false } });
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
