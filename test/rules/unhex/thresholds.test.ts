/**
 * Unhex's edges, each beside the nearest case on the other side: who splits a hit's dice and how
 * by default, opposed ties, reach over a map with no path, who still stands, which conditions a hit
 * adds, and the critical's cap. Seed 002 and RULINGS.md (unhex).
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { RuleError } from "../../../src/core/ruleError.js";
import { FRESH_BUDGET, spendAction } from "../../../src/rules/unhex/budget.js";
import { combatOver, teamsStanding } from "../../../src/rules/unhex/combatEnd.js";
import { applyHit } from "../../../src/rules/unhex/damage.js";
import { compareUnhex } from "../../../src/rules/unhex/opposed.js";
import { defaultDamageDie, whoPicks } from "../../../src/rules/unhex/pick.js";
import { attackReach } from "../../../src/rules/unhex/reach.js";
import { mapOf } from "../../../src/rules/unhex/requests.js";
import { rollWithPolicy } from "../../../src/rules/unhex/roll.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";

const options = { boxesPerRow: 3, unconsciousLevel: 0 };
const check = (tens: number, units: number) => ({ tens, units, reading: tens * 10 + units, level: 50, success: true, critical: tens === units, grade: "success" as const });

describe("seed 002 §Attack and §Cover: the split of a hit's dice", () => {
  it("the target picks when in cover or holding a shield, else the attacker", () => {
    expect(whoPicks(false, false)).toBe("attacker");
    expect(whoPicks(true, false)).toBe("target");
    expect(whoPicks(false, true)).toBe("target");
  });

  it("left to themselves, the attacker takes the higher digit as damage and the target gives the lower, whichever die it is on", () => {
    expect(defaultDamageDie("attacker", check(3, 9))).toBe("units");
    expect(defaultDamageDie("attacker", check(9, 3))).toBe("tens");
    expect(defaultDamageDie("target", check(3, 9))).toBe("tens");
    expect(defaultDamageDie("target", check(9, 3))).toBe("units");
  });

  it("doubles split the same either way: the tens die, for either picker", () => {
    expect(defaultDamageDie("attacker", check(4, 4))).toBe("tens");
    expect(defaultDamageDie("target", check(4, 4))).toBe("tens");
  });
});

describe("RULINGS.md unhex §Opposed: ties", () => {
  it("equal successes: the PC wins on either side; two NPCs (or two PCs) tie", () => {
    const npc = { pc: false, success: true, reading: 30 };
    const pc = { pc: true, success: true, reading: 30 };
    expect(compareUnhex(npc, pc)).toBe("b");
    expect(compareUnhex(pc, npc)).toBe("a");
    expect(compareUnhex(npc, npc)).toBe("none");
  });

  it("both failing is a tie, even PC against NPC", () => {
    expect(compareUnhex({ pc: true, success: false, reading: 70 }, { pc: false, success: false, reading: 70 })).toBe("none");
    expect(compareUnhex({ pc: false, success: false, reading: 60 }, { pc: true, success: false, reading: 80 })).toBe("none");
  });
});

describe("seed 002 §Range: reach needs a path", () => {
  it("areas no connection joins are out of reach even for melee", () => {
    const map = mapOf({ areas: [{ id: "island" }, { id: "shore" }], connections: [] });
    expect(attackReach(map, "island", { area: "shore" }, "melee")).toMatchObject({ range: null, allowed: false, reason: "no path joins the two areas" });
    expect(attackReach(map, "island", { area: "island" }, "melee")).toMatchObject({ range: 0, allowed: true });
  });
});

describe("seed 002 §Rounds: a team stands while one member does", () => {
  it("one member out and one standing: the team still stands; all out or gone, it does not", () => {
    const fine = { name: "a", level: 30, maxLevel: 50, pc: true, wounds: {} };
    const teams = [
      { name: "PCs", members: [{ ...fine, level: 0 }, fine] },
      { name: "NPCs", members: [{ ...fine, name: "b", level: 0 }, { ...fine, name: "c", out: "retreated" as const }] },
    ];
    expect(teamsStanding(teams, options)).toEqual(["PCs"]);
    expect(combatOver([teams[0]!, { name: "NPCs", members: [{ ...fine, name: "d" }] }], options)).toBe(false);
  });
});

describe("seed 002 §Damage: what a hit adds", () => {
  it("a hit names only the conditions it adds, not those the character already had", () => {
    const armless = { name: "Ines", level: 40, maxLevel: 50, pc: true, wounds: { "right-arm": 3 } };
    expect(applyHit(armless, 5, 2, options).statuses).toEqual([]);
    expect(applyHit(armless, 7, 3, options).statuses).toEqual(["left-arm-useless", "dropped-left-hand-item"]);
  });
});

describe("RULINGS.md unhex §Roll: the critical success's cap", () => {
  const check = unhexRules.actions.check!;
  it("rolling exactly the level may set the dice up to the max level; doubles under it only up to the level", () => {
    const exact = check.resolve({ character: { name: "Ines", level: 37, maxLevel: 60 } }, new DiceTray(givenFaces([3, 7])));
    expect(exact.awaiting?.offer).toEqual({ kind: "critical", who: "Ines", reading: 37, max: 60 });
    const doubles = check.resolve({ character: { name: "Ines", level: 37, maxLevel: 60 } }, new DiceTray(givenFaces([3, 3])));
    expect(doubles.awaiting?.offer).toEqual({ kind: "critical", who: "Ines", reading: 33, max: 37 });
  });
});

describe("a simulated roll (the duel's)", () => {
  const roller = { name: "Vet", level: 50, maxLevel: 50, pc: false, good: true };
  it("a good fighter rerolls her policy's dice after a failure, never after a success", () => {
    const kept = rollWithPolicy(new DiceTray(givenFaces([2, 5])), roller, "attack", { rerollAfterFailure: "both" });
    expect(kept).toMatchObject({ rerolled: false, check: { reading: 25 } });
    const rerolled = rollWithPolicy(new DiceTray(givenFaces([7, 5, 2, 5])), roller, "attack", { rerollAfterFailure: "both" });
    expect(rerolled).toMatchObject({ rerolled: true, check: { reading: 25 } });
  });

  it("a good fighter with no reroll policy keeps her failure", () => {
    expect(rollWithPolicy(new DiceTray(givenFaces([7, 5])), roller, "attack", {})).toMatchObject({ rerolled: false, check: { reading: 75, success: false } });
  });

  it("in combat by default: a critical failure costs the next action", () => {
    expect(rollWithPolicy(new DiceTray(givenFaces([8, 8])), roller, "attack").losesNextAction).toBe(true);
    expect(rollWithPolicy(new DiceTray(givenFaces([8, 8])), roller, "attack", {}, false).losesNextAction).toBe(false);
  });
});

describe("seed 002 §Actions: no action left", () => {
  it("is refused as a budget error, one of the rules' refusals", () => {
    const spent = spendAction(FRESH_BUDGET);
    let caught: unknown;
    try {
      spendAction(spent);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RuleError);
    expect((caught as Error).name).toBe("BudgetError");
  });
});
