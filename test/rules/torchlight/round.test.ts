import { describe, expect, it } from "vitest";
import { combatant, resolve, refusalOf } from "./helpers.js";

const elsa = (extra: Record<string, unknown> = {}) => combatant("Elsa", 3, { str: 11, dex: 13, wil: 5 }, extra);

describe("end of round", () => {
  it("seed 004 §Characteristic Score Loss and Save Score Increase, Elsa: 6 from a great sword, Breath 3→0, Str DC 11→8 / ST 9→12, save 9 fails → Incapacitated", () => {
    const outcome = resolve("round", { combatants: [elsa()], hits: [{ target: "Elsa", amount: 6, damageType: "slashing" }], saves: { Elsa: true } }, [9]);
    expect(outcome.effects).toEqual([
      {
        participant: "Elsa",
        changes: { breath: { from: 3, to: 0 }, "strDc": { from: 11, to: 8 }, "strSt": { from: 9, to: 12 }, incapacitated: { from: false, to: true } },
        statuses: ["incapacitated", "prone"],
      },
    ]);
    expect(outcome.steps.at(-1)).toEqual({ rule: "damage-save", participant: "Elsa", characteristic: "str", roll: 9, st: 12, success: false });
  });

  it("the same save of 12 stands", () => {
    const outcome = resolve("round", { combatants: [elsa()], hits: [{ target: "Elsa", amount: 6 }], saves: { Elsa: true } }, [12]);
    expect(outcome.result).toMatchObject({ incapacitated: [], standing: ["Elsa"] });
  });

  it("damage that Breath soaks needs no save", () => {
    const outcome = resolve("round", { combatants: [elsa()], hits: [{ target: "Elsa", amount: 2 }, { target: "Elsa", amount: 1 }] }, []);
    expect(outcome.dice).toEqual([]);
    expect(outcome.effects[0]?.changes).toEqual({ breath: { from: 3, to: 0 } });
  });

  it("hits are totalled per Characteristic; a save for each damaged one, stopping at the first failure", () => {
    const hits = [
      { target: "Elsa", amount: 5, damageType: "fire" },
      { target: "Elsa", amount: 2, damageType: "cold" },
      { target: "Elsa", amount: 1, damageType: "acid" },
    ];
    // Fire + acid: 6 Wil, Breath takes 3 of it; cold: 2 Dex. Wil DC 5→2 (ST 18): 4 fails; Dex is never saved.
    const outcome = resolve("round", { combatants: [elsa()], hits, saves: { Elsa: true } }, [4]);
    expect(outcome.effects[0]?.changes).toMatchObject({ "wilDc": { from: 5, to: 2 }, "dexDc": { from: 13, to: 11 } });
    expect(outcome.dice).toHaveLength(1);
    expect(outcome.result).toMatchObject({ incapacitated: ["Elsa"] });
  });

  it("the already Incapacitated take damage straight to the Characteristic and make no saves; at 0 they die", () => {
    const down = elsa({ incapacitated: true });
    const hurt = resolve("round", { combatants: [down], hits: [{ target: "Elsa", amount: 4 }] }, []);
    expect(hurt.effects[0]?.changes).toEqual({ "strDc": { from: 11, to: 7 }, "strSt": { from: 9, to: 13 } });
    const killed = resolve("round", { combatants: [down], hits: [{ target: "Elsa", amount: 11 }] }, []);
    expect(killed.result).toMatchObject({ dead: ["Elsa"] });
    expect(killed.effects[0]?.statuses).toEqual(["dead"]);
  });

  it("On Guard takes 1 off each hit received, never below 0", () => {
    const outcome = resolve("round", { combatants: [combatant("Bo", 5, {}, { stance: "on-guard" })], hits: [{ target: "Bo", amount: 3 }, { target: "Bo", amount: 1 }, { target: "Bo", amount: 0 }] }, []);
    expect(outcome.effects[0]?.changes).toEqual({ breath: { from: 5, to: 3 } });
  });

  it("Protect Companion: the adjacent On Guard protector absorbs the attack, takes half (rounded down by default), then its On Guard −1", () => {
    const request = {
      combatants: [combatant("Ana", 2, {}, { side: "party", lane: 2 }), combatant("Bo", 6, {}, { stance: "on-guard", side: "party", lane: 3 })],
      hits: [{ target: "Ana", amount: 7, protectedBy: "Bo" }],
    };
    const down = resolve("round", request, []);
    expect(down.effects).toEqual([{ participant: "Bo", changes: { breath: { from: 6, to: 4 } } }]);
    const up = resolve("round", { ...request, options: { protectRounding: "up" } }, []);
    expect(up.effects).toEqual([{ participant: "Bo", changes: { breath: { from: 6, to: 3 } } }]);
    const notOnGuard = request.combatants.map((c) => ({ ...c, stance: "steadied" }));
    expect(refusalOf(() => resolve("round", { ...request, combatants: notOnGuard }, [1]))).toBe("protect-needs-on-guard");
  });

  it("Evade lets only Precision Strikes through; Parry stops even those", () => {
    const evader = combatant("Eve", 2, {}, { evading: true });
    const outcome = resolve("round", { combatants: [evader], hits: [{ target: "Eve", amount: 5 }, { target: "Eve", amount: 1, precisionStrike: true }, { target: "Eve", amount: 9, parried: true, precisionStrike: true }] }, []);
    expect(outcome.effects[0]?.changes).toEqual({ breath: { from: 2, to: 1 } });
  });

  it("Rally: once a round, from the Steadied stance, 1d4 Breath to each companion within one position, capped at max, before the damage", () => {
    const combatants = [
      combatant("Tahula", 2, {}, { maxBreath: 6, side: "party", lane: 3 }),
      combatant("Elsa", 1, {}, { maxBreath: 3, stance: "steadied", side: "party", lane: 4 }),
      combatant("Riddic", 4, {}, { maxBreath: 5, side: "party", lane: 4, stance: "aggressive" }),
    ];
    const outcome = resolve("round", { combatants, hits: [{ target: "Tahula", amount: 3 }], rally: { by: "Elsa" } }, [3, 4]);
    const byName = Object.fromEntries(outcome.effects.map((e) => [e.participant, e.changes]));
    // Tahula: 2 + 3 rallied = 5, then the 3 damage: back to 2, so no change to report.
    expect(byName.Tahula).toBeUndefined();
    expect(outcome.steps.filter((s) => s.rule === "rally")).toEqual([
      { rule: "rally", participant: "Tahula", roll: 3, breath: 5 },
      { rule: "rally", participant: "Riddic", roll: 4, breath: 5 },
    ]);
    expect(byName.Riddic).toEqual({ breath: { from: 4, to: 5 } });
    expect(refusalOf(() => resolve("round", { combatants: combatants.map((c) => ({ ...c, stance: "aggressive" })), hits: [], rally: { by: "Elsa", allies: ["Tahula"] } }, []))).toBe("rally-needs-steadied");
  });

  it("names a hit on someone not in the round instead of guessing", () => {
    expect(() => resolve("round", { combatants: [elsa()], hits: [{ target: "Ghost", amount: 3 }] }, [])).toThrow(/^A name that is not among the round.s combatants \(Ghost\)$/);
  });
});
