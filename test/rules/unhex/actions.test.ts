import { describe, expect, it } from "vitest";
import { FRESH_BUDGET, gainAction, loseAction, spendAction, startRound } from "../../../src/rules/unhex/budget.js";
import { conditionsOf } from "../../../src/rules/unhex/character.js";
import { combatOver, teamsStanding } from "../../../src/rules/unhex/combatEnd.js";
import { reactionProblem } from "../../../src/rules/unhex/reactions.js";

const options = { boxesPerRow: 3, unconsciousLevel: 0 };
const attackCtx = { trigger: "attack" as const, budget: FRESH_BUDGET, declaredBeforeDice: true, targetIsYou: true, range: 0, ranged: false, cover: false };

describe("seed 002 §Actions: one action a round, to act or to react", () => {
  it("acting spends the round's action, so there is none left to react with", () => {
    const spent = spendAction(FRESH_BUDGET);
    expect(spent.available).toBe(0);
    expect(() => spendAction(spent)).toThrow(/no action left/);
    expect(reactionProblem("defend", { ...attackCtx, budget: spent })).toBe("no action left this round");
  });

  it("a critical success's extra action must be used this round; it is gone at the next", () => {
    const extra = gainAction(spendAction(FRESH_BUDGET));
    expect(extra.available).toBe(1);
    expect(startRound(extra)).toEqual({ available: 1, owed: 0 });
  });

  it("a critical failure takes a remaining action this round, else next round's", () => {
    expect(loseAction(gainAction(FRESH_BUDGET))).toEqual({ available: 1, owed: 0 });
    const owed = loseAction(spendAction(FRESH_BUDGET));
    expect(owed).toEqual({ available: 0, owed: 1 });
    expect(startRound(owed)).toEqual({ available: 0, owed: 0 });
    expect(startRound(startRound(owed))).toEqual({ available: 1, owed: 0 });
  });

  it("reactions are declared before dice, never to a reaction, and each reacts to its own trigger", () => {
    expect(reactionProblem("defend", { ...attackCtx, declaredBeforeDice: false })).toBe("a reaction must be declared before the dice are rolled");
    expect(reactionProblem("counterattack", { ...attackCtx, trigger: "reaction" })).toBe("you cannot react to a reaction");
    expect(reactionProblem("intercept", attackCtx)).toBe("intercept reacts to a move");
    expect(reactionProblem("defend", { ...attackCtx, trigger: "move" })).toBe("defend reacts to an attack");
    expect(reactionProblem("defend", { ...attackCtx, targetIsYou: false })).toBe("you can only defend an attack against you");
    expect(reactionProblem("intercept", { ...attackCtx, trigger: "move", moverInReach: false })).toBe("the mover is not within your range and line of sight");
    expect(reactionProblem("intercept", { ...attackCtx, trigger: "move", moverInReach: true })).toBeNull();
    expect(reactionProblem("counterattack", { ...attackCtx, weapon: "melee" })).toBeNull();
    expect(reactionProblem("defend", { ...attackCtx, range: 2, ranged: true, cover: true })).toBeNull();
  });
});

describe("wound conditions and the end of combat", () => {
  it("both legs full: no moving at all; a torso full: unconscious", () => {
    expect(conditionsOf({ name: "x", level: 30, maxLevel: 50, pc: true, wounds: { "left-leg": 6, "right-leg": 6 } }, options)).toEqual(["cannot-move"]);
    expect(conditionsOf({ name: "x", level: 30, maxLevel: 50, pc: true, wounds: { torso: 9 } }, options)).toEqual(["unconscious"]);
    expect(conditionsOf({ name: "x", level: 9, maxLevel: 50, pc: true, wounds: {} }, { ...options, unconsciousLevel: 9 })).toEqual(["unconscious"]);
  });

  it("seed 002 §Rounds: combat ends when only one team has someone conscious who has not surrendered or retreated", () => {
    const fine = { name: "a", level: 30, maxLevel: 50, pc: true, wounds: {} };
    const teams = [
      { name: "PCs", members: [fine] },
      { name: "NPCs", members: [{ ...fine, name: "b", level: 0 }, { ...fine, name: "c", out: "surrendered" as const }] },
    ];
    expect(teamsStanding(teams, options)).toEqual(["PCs"]);
    expect(combatOver(teams, options)).toBe(true);
    expect(combatOver([teams[0] ?? { name: "", members: [] }, { name: "NPCs", members: [{ ...fine, name: "d" }] }], options)).toBe(false);
  });
});
