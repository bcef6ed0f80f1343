import { describe, expect, it } from "vitest";
import { combatant, refusalOf, resolve } from "./helpers.js";

const sword = { name: "Riddic", weaponDie: 10, weapon: "melee" as const };
const party = [
  combatant("Riddic", 0, {}, { side: "party", lane: 5, stance: "aggressive", maxBreath: 5 }),
  combatant("Elsa", 3, {}, { side: "party", lane: 4, stance: "steadied", maxBreath: 3 }),
  combatant("Bandit #5", 2, {}, { side: "bandits", lane: 5, stance: "aggressive" }),
  combatant("Bandit #3", 2, {}, { side: "bandits", lane: 4, stance: "steadied" }),
];
// seed 004 §Round 1: Turn 1 – Player Turns: Riddic moves to Aggressive and attacks Bandit #5; Elsa stays Steadied and shoots Bandit #3.
const declared = [
  { by: "Riddic", stance: "aggressive", lane: 5, attack: "Bandit #5" },
  { by: "Elsa", stance: "steadied", attack: "Bandit #3" },
];
const round = (extra: Record<string, unknown>) => () => resolve("round", { combatants: party, hits: [], ...extra }, [1, 1, 1, 1]);

describe("declarations before attacks (seed 004 §Actions, §Rounds)", () => {
  it("seed 004 §Round 1: Turn 1: the hits the players declared are totalled as before", () => {
    const outcome = resolve("round", { combatants: party, declarations: declared, hits: [{ target: "Bandit #5", amount: 2, from: "Riddic" }, { target: "Bandit #3", amount: 1, from: "Elsa" }] }, []);
    expect(outcome.result).toMatchObject({ resolved: true });
  });

  it("seed 004 §Actions: an attack not declared is refused once declarations are given", () => {
    expect(refusalOf(round({ declarations: declared, hits: [{ target: "Bandit #3", amount: 4, from: "Riddic" }] }))).toBe("undeclared-attack");
    expect(refusalOf(round({ declarations: declared, hits: [{ target: "Bandit #3", amount: 4 }] }))).toBe("undeclared-attack");
    expect(refusalOf(round({ declarations: declared.slice(1), hits: [{ target: "Bandit #5", amount: 4, from: "Riddic" }] }))).toBe("undeclared-attack");
  });

  it("without declarations the round takes any hit, as before", () => {
    expect(resolve("round", { combatants: party, hits: [{ target: "Bandit #3", amount: 1, from: "Riddic" }] }, []).result).toMatchObject({ resolved: true });
  });

  it("seed 004 §Actions: a declared action cannot change: a stance or lane other than declared, or a second declaration, is refused", () => {
    expect(refusalOf(round({ declarations: [{ by: "Riddic", stance: "steadied" }] }))).toBe("declaration-changed");
    expect(refusalOf(round({ declarations: [{ by: "Riddic", lane: 4 }] }))).toBe("declaration-changed");
    expect(refusalOf(round({ declarations: [declared[0], { by: "Riddic", attack: "Bandit #3" }] }))).toBe("declared-twice");
  });

  it("seed 004 §Combat Stances: Rally and Protect Companion are declared; Rally replaces the attack, Protect Companion does not", () => {
    expect(refusalOf(round({ declarations: declared, rally: { by: "Elsa" } }))).toBe("undeclared-ability");
    expect(refusalOf(round({ declarations: [{ by: "Elsa", ability: "rally", attack: "Bandit #3" }], rally: { by: "Elsa" } }))).toBe("ability-instead-of-attack");
    const rallied = resolve("round", { combatants: party, declarations: [{ by: "Elsa", ability: "rally" }], hits: [], rally: { by: "Elsa" } }, [2]);
    expect(rallied.steps[0]).toMatchObject({ rule: "rally-reach", by: "Elsa" });
    expect(refusalOf(round({ declarations: [{ by: "Riddic", ability: "protect-companion" }], protect: [{ by: "Elsa", companion: "Riddic" }] }))).toBe("undeclared-ability");
    expect(refusalOf(round({ declarations: [{ by: "Nobody", attack: "Elsa" }] }))).toBe("unknown-combatant");
    expect(refusalOf(round({ declarations: [{ by: "Elsa", attack: "Nobody" }] }))).toBe("unknown-combatant");
  });

  it("seed 004 §Actions: the refusal says whose declaration changed, or which attack nobody declared", () => {
    expect(round({ declarations: [{ by: "Riddic", stance: "steadied" }] })).toThrow(/\(Riddic: steadied\)/);
    expect(round({ declarations: [{ by: "Riddic", lane: 4 }] })).toThrow(/\(Riddic: lane 4\)/);
    expect(round({ declarations: declared, hits: [{ target: "Bandit #3", amount: 4, from: "Riddic" }] })).toThrow(/\(Riddic → Bandit #3\)/);
    expect(round({ declarations: declared, hits: [{ target: "Bandit #3", amount: 4 }] })).toThrow(/\(\? → Bandit #3\)/);
  });

  it("seed 004 §Combat Stances: a character given no stance stands Steadied, so declaring Steadied is no change; one off the grid (no lane) may declare a lane", () => {
    const unset = [combatant("Riddic", 0, {}, { side: "party" }), ...party.slice(1)];
    expect(resolve("round", { combatants: unset, declarations: [{ by: "Riddic", stance: "steadied", lane: 5 }], hits: [] }, []).result).toMatchObject({ resolved: true });
    expect(refusalOf(() => resolve("round", { combatants: unset, declarations: [{ by: "Riddic", stance: "aggressive" }], hits: [] }, []))).toBe("declaration-changed");
  });

  it("seed 004 §Combat Stances: Protect Companion declared by the On Guard protector is taken, on the protect list or on the hit she absorbs; undeclared, either is refused", () => {
    const guard = [combatant("Ana", 2, {}, { side: "party", lane: 2 }), combatant("Bo", 6, {}, { stance: "on-guard", side: "party", lane: 3 }), combatant("Orc", 3, {}, { side: "orcs", lane: 2 })];
    const orc = { by: "Orc", attack: "Ana" };
    const absorbed = { combatants: guard, hits: [{ target: "Ana", amount: 7, from: "Orc", protectedBy: "Bo" }] };
    expect(resolve("round", { ...absorbed, declarations: [orc, { by: "Bo", ability: "protect-companion" }] }, []).effects).toEqual([{ participant: "Bo", changes: { breath: { from: 6, to: 4 } } }]);
    expect(refusalOf(() => resolve("round", { ...absorbed, declarations: [orc, { by: "Bo", stance: "on-guard" }] }, []))).toBe("undeclared-ability");
    const listed = { combatants: guard, hits: [], protect: [{ by: "Bo", companion: "Ana" }] };
    expect(resolve("round", { ...listed, declarations: [{ by: "Bo", ability: "protect-companion" }] }, []).result).toMatchObject({ resolved: true });
    expect(refusalOf(() => resolve("round", { ...listed, declarations: [{ by: "Ana", ability: "protect-companion" }] }, []))).toBe("undeclared-ability");
  });

  it("seed 004 §Actions: a declared attack rolls nothing until declarations close (the GM's release, not the attacker's), but is checked at once", () => {
    const held = resolve("attack", { attacker: { ...sword, stance: "aggressive" }, target: { name: "Bandit #5" }, held: true }, []);
    expect(held.dice).toEqual([]);
    expect(held.awaiting).toEqual({ choice: "held", by: "gm", offer: { options: [false] } });
    expect(refusalOf(() => resolve("attack", { attacker: { ...sword, stance: "rearguard" }, target: { name: "Bandit #5" }, held: true }, []))).toBe("no-melee-from-rearguard");
    const rolled = resolve("attack", { attacker: { ...sword, stance: "aggressive" }, target: { name: "Bandit #5" }, held: false }, [6]);
    expect(rolled.result).toMatchObject({ damage: 8 });
  });

  it("seed 004 §Actions (\"All Actions must be declared before any Attacks are made\"): a declaration once her side's attacks rolled is refused in one line, the attack as the round; on time it stands", () => {
    const late = () => resolve("attack", { attacker: { ...sword, stance: "aggressive" }, target: { name: "Bandit #5" }, held: true, sideRolled: true }, []);
    expect(refusalOf(late)).toBe("declared-after-attacks");
    expect(() => late()).toThrow("Every action is declared before any attack is made: her side's declared attacks have already rolled this round, so she declares again next round (Riddic)");
    expect(resolve("attack", { attacker: { ...sword, stance: "aggressive" }, target: { name: "Bandit #5" }, held: true, sideRolled: false }, []).awaiting).toMatchObject({ choice: "held" });
    // The round request: Elsa's Rally declared after Riddic's attack rolled.
    expect(refusalOf(round({ declarations: [declared[0], { by: "Elsa", ability: "rally", afterAttacks: true }], rally: { by: "Elsa" } }))).toBe("declared-after-attacks");
    expect(refusalOf(round({ declarations: [declared[0], { by: "Elsa", attack: "Bandit #3", afterAttacks: true }] }))).toBe("declared-after-attacks");
    expect(resolve("round", { combatants: party, declarations: [declared[0], { by: "Elsa", attack: "Bandit #3", afterAttacks: false }], hits: [] }, []).result).toMatchObject({ resolved: true });
  });
});
