import { describe, expect, it } from "vitest";
import { FRESH_BUDGET } from "../../../src/rules/unhex/budget.js";
import { chooseReaction, chooseTarget, damageDieOf, rerollOf, type UnhexFightState } from "../../../src/rules/unhex/fight.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import type { FighterRequest } from "../../../src/rules/unhex/schemas.js";
import { fightChecks } from "../fightChecks.js";

const vet: FighterRequest = { name: "Vet", level: 60 };
const punk: FighterRequest = { name: "Punk", level: 45, good: "units" };
const inFight = (block: FighterRequest, index: number, state: Partial<UnhexFightState> = {}, level = block.level) => ({
  side: "b" as const,
  index,
  block,
  state: { character: { name: block.name, level, maxLevel: block.level, pc: false, wounds: {} }, budget: FRESH_BUDGET, acted: false, ...state },
});

describe("unhex fight: the policy", () => {
  it("seed 002 §Attack: she attacks the foe nearest unconsciousness, the lowest level", () => {
    expect(chooseTarget([inFight(punk, 0), inFight(punk, 1, {}, 20), inFight(punk, 2, {}, 30)]).index).toBe(1);
  });

  it("seed 002 §Cover (shields): between foes of one level, the one without a shield, who cannot take the lower die", () => {
    expect(chooseTarget([inFight({ ...punk, shield: true }, 0), inFight(punk, 1)]).index).toBe(1);
  });

  it("seed 002 §Actions: a reaction before her own turn costs her attack, so she keeps her action against one who seldom hits; once her turn is taken she reacts", () => {
    const me = inFight(vet, 0);
    const feeble = inFight({ name: "Feeble", level: 10 }, 0);
    expect(chooseReaction(me, feeble, ["defend", "counterattack"])).toBe("none");
    // After her team's turn an action not used to react is wasted.
    const after = { ...me, state: { ...me.state, acted: true } };
    expect(chooseReaction(after, inFight(vet, 1), ["defend"])).toBe("defend");
  });

  it("seed 002 §Counterattack, §Defend: with both on offer she takes the one the exact odds favour", () => {
    const me = { ...inFight(vet, 0), state: { ...inFight(vet, 0).state, acted: true } };
    // A Counterattack both deals damage and takes it; against a much weaker attacker it is worth more than a Defend.
    expect(chooseReaction(me, inFight({ name: "Feeble", level: 15 }, 1), ["defend", "counterattack"])).toBe("counterattack");
  });

  it("seed 002 §Attack: the one who splits a hit takes the higher damage as attacker, the lower as the target", () => {
    const offer = { tens: { damage: 7 }, units: { damage: 2 } };
    expect(damageDieOf("attacker", offer)).toBe("tens");
    expect(damageDieOf("target", offer)).toBe("units");
  });

  it("RULINGS.md unhex: a good roller rerolls the dice her stat block names after a failure, and keeps a success", () => {
    expect(rerollOf(punk, "failure")).toBe("units");
    expect(rerollOf(punk, "success")).toBe("none");
    expect(rerollOf(vet, "failure")).toBe("none");
  });
});

describe("unhex fight: side against side", () => {
  fightChecks(unhexRules, vet, punk, 300);
});
