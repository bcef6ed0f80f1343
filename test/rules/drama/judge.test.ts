import { describe, expect, it } from "vitest";
import { runCli } from "../../../src/cli/run.js";
import { judgeMelee, levelOfSuccess } from "../../../src/rules/drama/judge.js";
import { disadvantageDice, knockBack, meleeKnockDown, rangedKnockDown } from "../../../src/rules/drama/knockBack.js";
import { STANCE_TABLE } from "../../../src/rules/drama/tables.js";
import { defaults, SEED } from "./fixtures.js";

const side = (net: number, critical = false) => ({ net, critical });
const off = { loserCriticalLimitedDamage: false, marginalDraw: false };

describe("opposed melee outcomes", () => {
  it(`${SEED} §Level of Success: 6 successes vs 3 is 3 levels`, () => {
    const judgement = judgeMelee(side(6), side(3), "b", defaults);
    expect(judgement).toMatchObject({ kind: "win", winner: "a", level: 3, blow: "full", momentum: "a" });
    expect(levelOfSuccess(6, 3)).toBe(3);
  });

  it(`${SEED} §Level of Success: −1 vs 3 is 4 levels`, () => {
    expect(judgeMelee(side(-1), side(3), "a", defaults)).toMatchObject({ kind: "win", winner: "b", level: 4 });
  });

  it("a marginal win (exactly 1, more than the other) deals limited damage and ignores the level", () => {
    expect(judgeMelee(side(1), side(-2), "b", defaults)).toMatchObject({ kind: "marginal-win", winner: "a", level: 0, blow: "limited", momentum: "a" });
  });

  it("a draw at 2 or more goes to Momentum as a full blow of level 0", () => {
    expect(judgeMelee(side(3), side(3), "b", defaults)).toMatchObject({ kind: "draw", winner: "b", level: 0, blow: "full", momentum: "b" });
  });

  it("a marginal draw goes to Momentum as limited damage (house default), or is a failure with the option off", () => {
    expect(judgeMelee(side(1), side(1), "a", defaults)).toMatchObject({ kind: "marginal-draw", winner: "a", blow: "limited" });
    expect(judgeMelee(side(1), side(1), "a", off)).toMatchObject({ kind: "failure", winner: "none", blow: "none", momentum: "a" });
  });

  it("neither reaching two (and no marginal result) is a failure that leaves Momentum where it was", () => {
    expect(judgeMelee(side(0), side(-1), "b", defaults)).toMatchObject({ kind: "failure", winner: "none", momentum: "b" });
  });

  it("a loser with a critical deals limited damage back (house default), not with the option off", () => {
    expect(judgeMelee(side(6), side(4, true), "b", defaults).loserCriticalBlow).toBe(true);
    expect(judgeMelee(side(6), side(4, true), "b", off).loserCriticalBlow).toBe(false);
    expect(judgeMelee(side(6, true), side(4), "b", defaults).loserCriticalBlow).toBe(false);
  });

  it(`${SEED} §Outcome of an Opposed Melee Round: a critical strikes back only from a loser with fewer successes, never on a draw or a marginal draw`, () => {
    expect(judgeMelee(side(6), side(6, true), "a", defaults)).toMatchObject({ kind: "draw", winner: "a", loserCriticalBlow: false });
    expect(judgeMelee(side(1), side(1, true), "a", defaults)).toMatchObject({ kind: "marginal-draw", winner: "a", loserCriticalBlow: false });
    expect(judgeMelee(side(1), side(0, true), "a", defaults)).toMatchObject({ kind: "marginal-win", winner: "a", loserCriticalBlow: true });
  });

  it("the command line: the issue's draw with the loser's critical strikes nothing back", () => {
    const request = {
      ruleset: "drama",
      action: "melee",
      momentum: "a",
      a: { name: "A", physical: 6, agility: 0, skill: 0, grit: 5, flesh: 8, weapon: "small" },
      b: { name: "B", physical: 3, agility: 0, skill: 0, grit: 5, flesh: 8, weapon: "small" },
      faces: [6, 6, 6, 5, 5, 5, 5, 5, 5],
    };
    const answer = runCli(["resolve"], () => JSON.stringify(request));
    expect(answer.code).toBe(0);
    const outcome = JSON.parse(answer.stdout) as { steps: { rule: string }[]; result: { kind: string }; effects: { participant: string; changes: Record<string, unknown> }[] };
    expect(outcome.result.kind).toBe("draw");
    expect(outcome.steps.find((step) => step.rule === "opposed-outcome")).toMatchObject({ kind: "draw", loserCriticalBlow: false });
    expect(outcome.effects.find((effect) => effect.participant === "A")?.changes).toEqual({});
  });
});

describe("knock-back", () => {
  const defender = { physical: 3, agility: 4 };
  it(`${SEED} §Check For Knock-Back: Phy 3 with 1 level makes 4 vs Phy 3 Agl 4: disadvantaged`, () => {
    const knockDown = meleeKnockDown(1, 3, STANCE_TABLE.stand);
    expect(knockDown).toBe(4);
    expect(knockBack(knockDown, defender).result).toBe("disadvantaged");
  });

  it(`${SEED} §Check For Knock-Back: 3 levels make 6, over both but not their sum 7: disadvantaged`, () => {
    expect(knockBack(meleeKnockDown(3, 3, STANCE_TABLE.stand), defender)).toMatchObject({ knockDown: 6, result: "disadvantaged" });
  });

  it(`${SEED} §Check For Knock-Back: 5 levels make 8, over the sum 7: doubly disadvantaged`, () => {
    expect(knockBack(meleeKnockDown(5, 3, STANCE_TABLE.stand), defender)).toMatchObject({ knockDown: 8, result: "doubly" });
  });

  it(`${SEED} §Check For Knock-Back: disadvantaged at Agl 2 carries 2Rd; doubly at Agl 1 carries 7Rd`, () => {
    expect(disadvantageDice("disadvantaged", 2)).toBe(2);
    expect(disadvantageDice("doubly", 1)).toBe(7);
    expect(disadvantageDice("disadvantaged", 5)).toBe(0);
  });

  it(`${SEED} §Ranged Combat for Knock-Back: 2 levels + 3 for a 3F shot = 5`, () => {
    expect(rangedKnockDown(2, 3)).toBe(5);
  });

  it("Press adds 1 to a won knock-back and costs a point of footing when lost; Brace takes 2 off and adds a point", () => {
    expect(meleeKnockDown(1, 3, STANCE_TABLE.press)).toBe(5);
    expect(meleeKnockDown(1, 3, STANCE_TABLE.brace)).toBe(2);
    expect(knockBack(3, defender, STANCE_TABLE.press)).toMatchObject({ physical: 2, agility: 3, result: "disadvantaged" });
    expect(knockBack(4, defender, STANCE_TABLE.brace)).toMatchObject({ physical: 4, agility: 5, result: "none" });
  });
});
