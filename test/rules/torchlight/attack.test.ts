import { describe, expect, it } from "vitest";
import { resolve, refusalOf } from "./helpers.js";

const sword = { name: "Ines", weaponDie: 8, proficiencies: 1 };

describe("attack", () => {
  it("weapon die + Proficiencies, no roll to hit; Aggressive adds 2; On Guard takes 1 off what the target receives", () => {
    const outcome = resolve("attack", { attacker: { ...sword, stance: "aggressive" }, target: { name: "Orc", stance: "on-guard" } }, [5]);
    expect(outcome.result).toEqual({ damage: 8, received: 7, precisionStrike: false, damageType: "physical", melee: true });
    expect(outcome.dice).toEqual([{ label: "Ines damage die", sides: 8, face: 5 }]);
  });

  it("Enhancements and Impairments from the situation cancel one for one; two net Impairments step the die down", () => {
    const even = resolve("attack", { attacker: sword, target: { name: "Orc" }, situation: { hidden: true, grappled: true } }, [4]);
    expect(even.dice).toHaveLength(1);
    const impaired = resolve("attack", { attacker: sword, target: { name: "Orc" }, situation: { intimidated: true, untrainedOffHand: true } }, [6, 2]);
    expect(impaired.dice.map((d) => d.sides)).toEqual([6, 6]);
    expect(impaired.result).toMatchObject({ damage: 3, precisionStrike: false });
  });

  it("a single character attacking a Squad is Impaired", () => {
    const outcome = resolve("attack", { attacker: sword, target: { name: "Goblins" }, situation: { targetIsSquad: true } }, [7, 3]);
    expect(outcome.result).toMatchObject({ damage: 4 });
  });

  it("a Squad of three attacking one character: all Enhanced, only the highest total applies", () => {
    const outcome = resolve(
      "attack",
      { attacker: { name: "Gob 1", weaponDie: 4 }, squadMates: [{ name: "Gob 2", weaponDie: 4 }, { name: "Gob 3", weaponDie: 6, proficiencies: 1 }], target: { name: "Ines" } },
      [1, 2, 3, 1, 2, 5],
    );
    expect(outcome.result).toMatchObject({ damage: 6, squadMember: "Gob 3" });
    expect(outcome.steps.find((s) => s.rule === "squad-highest")).toEqual({ rule: "squad-highest", member: "Gob 3", total: 6 });
  });

  it("two attackers are no Squad: each must attack on its own", () => {
    expect(refusalOf(() => resolve("attack", { attacker: { name: "Gob 1", weaponDie: 4 }, squadMates: [{ name: "Gob 2", weaponDie: 4 }], target: { name: "Ines" } }, []))).toBe("squad-needs-three");
  });

  it("a Maneuver for 1 Breath: Feint rerolls the damage die and keeps the higher", () => {
    const outcome = resolve("attack", { attacker: { ...sword, breath: 2 }, target: { name: "Orc" }, maneuver: { name: "feint", payWith: "breath" } }, [2, 7]);
    expect(outcome.result).toMatchObject({ damage: 8, maneuvers: [{ name: "feint", paidWith: "breath", success: true }] });
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { breath: { from: 2, to: 1 } } }]);
    expect(refusalOf(() => resolve("attack", { attacker: { ...sword, breath: 0 }, target: { name: "Orc" }, maneuver: { name: "feint", payWith: "breath" } }, []))).toBe("no-breath-for-maneuver");
  });

  it("a Maneuver paid by a Precision Strike needs one, and replaces the extra die", () => {
    const miss = resolve("attack", { attacker: sword, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "precision" } }, [5]);
    expect(miss.result).toMatchObject({ damage: 6 });
    expect(miss.result).not.toHaveProperty("maneuvers");
    expect(miss.steps).toContainEqual({ rule: "maneuver-not-earned", maneuver: "trip" });
    expect(miss.effects).toEqual([]);
    const trip = resolve("attack", { attacker: sword, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "precision" } }, [8]);
    expect(trip.result).toMatchObject({ maneuvers: [{ name: "trip", paidWith: "precision", success: true }], damage: 9 });
    expect(trip.dice).toHaveLength(1);
    expect(trip.effects).toEqual([{ participant: "Orc", changes: {}, statuses: ["prone"] }]);
  });

  it("Grapple takes a Dex check (d20 ≤ DC) to hold the target; melee Maneuvers need a melee weapon", () => {
    const held = resolve("attack", { attacker: { ...sword, dex: 12 }, target: { name: "Orc" }, maneuver: { name: "grapple", payWith: "precision" } }, [8, 12]);
    expect(held.result).toMatchObject({ maneuvers: [{ name: "grapple", success: true }] });
    expect(held.effects).toEqual([{ participant: "Orc", changes: {}, statuses: ["grappled"] }]);
    const slipped = resolve("attack", { attacker: { ...sword, dex: 12 }, target: { name: "Orc" }, maneuver: { name: "grapple", payWith: "precision" } }, [8, 13]);
    expect(slipped.result).toMatchObject({ maneuvers: [{ name: "grapple", success: false }] });
    expect(refusalOf(() => resolve("attack", { attacker: { ...sword, weapon: "ranged" }, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "precision" } }, []))).toBe("maneuver-needs-melee");
  });

  it("house option enhancedAddsD4: a hidden attacker adds 1d4 instead of rolling twice", () => {
    const outcome = resolve("attack", { attacker: sword, target: { name: "Orc" }, situation: { hidden: true }, options: { enhancedAddsD4: true } }, [3, 4]);
    expect(outcome.dice.map((d) => d.sides)).toEqual([8, 4]);
    expect(outcome.result).toMatchObject({ damage: 8 });
  });

  it("the illegal attack is refused before any die is rolled", () => {
    // No faces are given: rolling anything would fail with a DiceError instead of this refusal.
    expect(refusalOf(() => resolve("attack", { attacker: { ...sword, weapon: "ranged" }, target: { name: "Orc" }, position: { attackerLane: 2, targetLane: 5, attackerEngaged: true } }, []))).toBe("ranged-while-engaged");
  });

  it("seed 004 §Grapple: the grappler makes a Str save each round to keep the hold (ST 12: 12 holds, 11 lets go)", () => {
    const hold = (face: number) => resolve("grapple-hold", { grappler: { name: "Ines", st: 12 }, target: "Orc" }, [face]);
    expect(hold(12).result).toEqual({ held: true });
    expect(hold(12).effects).toEqual([{ participant: "Orc", changes: {}, statuses: ["grappled"] }]);
    expect(hold(11).result).toEqual({ held: false });
    expect(hold(11).effects).toEqual([{ participant: "Orc", changes: {}, statuses: ["released"] }]);
  });
});

