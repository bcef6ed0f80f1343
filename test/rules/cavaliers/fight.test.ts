import { describe, expect, it } from "vitest";
import { chooseTarget } from "../../../src/rules/cavaliers/fight.js";
import { cavaliersRules } from "../../../src/rules/cavaliers/index.js";
import type { CombatantState } from "../../../src/rules/cavaliers/actors.js";
import { fightChecks } from "../fightChecks.js";
import type { Static } from "@sinclair/typebox";
import type { DuelFighter } from "../../../src/rules/cavaliers/duel.js";

type Block = Static<typeof DuelFighter>;

const ines: Block = { name: "Ines", competency: 8, initiative: { attribute: 8 }, lunge: { attribute: 8, ranks: 2, item: 8 }, parry: { attribute: 8, ranks: 1, item: 8 } };
const bravo: Block = { name: "Bravo", type: "minor", competency: 6, initiative: { attribute: 8 }, lunge: { attribute: 8, ranks: 1, item: 8 }, parry: { attribute: 8, ranks: 1, item: 8 } };
const state = (over: Partial<CombatantState> = {}): CombatantState => ({ name: "x", type: "minor", yield: 0, wounds: 0, yieldLimit: 6, advantage: 0, style: 0, ...over });
const inFight = (block: Block, side: "a" | "b", index: number, over: Partial<CombatantState> = {}) => ({ side, index, block, state: state(over) });

describe("cavaliers fight: the policy", () => {
  it("seed 000 §Lunge (the opposed roll): she Lunges at the foe whose Parry her Lunge most likely beats", () => {
    const weak: Block = { ...bravo, parry: { attribute: 6 } };
    const strong: Block = { ...bravo, parry: { attribute: 10, ranks: 3, item: 12 } };
    expect(chooseTarget(inFight(ines, "a", 0), [inFight(strong, "b", 0), inFight(weak, "b", 1)]).index).toBe(1);
  });

  it("seed 000 §Yield Limit: between foes she beats alike, she goes for the one nearer her Yield Limit", () => {
    const foes = [inFight(bravo, "b", 0, { yield: 0 }), inFight(bravo, "b", 1, { yield: 5 })];
    expect(chooseTarget(inFight(ines, "a", 0), foes).index).toBe(1);
  });
});

describe("cavaliers fight: side against side", () => {
  fightChecks(cavaliersRules, ines, bravo, 300);
});
