import { describe, expect, it } from "vitest";
import { chooseFate, chooseTarget } from "../../../src/rules/personal/fight.js";
import { personalRules } from "../../../src/rules/personal/index.js";
import { vitalsFrom } from "../../../src/rules/personal/combatant.js";
import { fightChecks } from "../fightChecks.js";

const ines = { name: "Ines", initiative: 3, defense: 11, armor: { physical: 2 }, resolve: 12, maxResolve: 12, stamina: 2, control: 1, weapon: { attack: "1d20+2", damage: "1d8+1", damageType: "physical" } };
const guard = { name: "Guard", kind: "significant" as const, initiative: 2, defense: 10, armor: { physical: 3 }, resolve: 14, maxResolve: 14, stamina: 1, control: 1, weapon: { attack: "1d20", damage: "1d10", damageType: "physical", piercing: true } };
const inFight = (block: typeof guard | typeof ines, index: number, resolve = block.resolve) => ({ side: "b" as const, index, block, state: vitalsFrom({ ...block, resolve }) });

describe("personal fight: the policy", () => {
  it("seed 003 §Attack Roll: she attacks the foe her blow most likely Wounds or puts to a Fallen Fate", () => {
    const me = { ...inFight(ines, 0), side: "a" as const };
    expect(chooseTarget(me, [inFight(guard, 0), inFight(guard, 1, 3)]).index).toBe(1);
  });

  it("seed 003 §Attack Roll: between foes alike in Resolve, the one with the lower Defense", () => {
    const me = { ...inFight(ines, 0), side: "a" as const };
    expect(chooseTarget(me, [inFight(guard, 0), inFight({ ...guard, defense: 4 }, 1)]).index).toBe(1);
  });

  it("seed 003 §Fallen Fates: she ignores a fate while she may; one she cannot ignore puts her out, as in the duel", () => {
    const fates = [{ name: "Maimed", outOfFight: false }, { name: "Knocked Out", outOfFight: true }];
    expect(chooseFate({ ignore: true, fates })).toBe("ignore");
    expect(chooseFate({ ignore: false, fates })).toBe("Knocked Out");
  });
});

describe("personal fight: side against side", () => {
  fightChecks(personalRules, ines, guard, 300);
});
