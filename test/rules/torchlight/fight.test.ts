import { describe, expect, it, vi } from "vitest";
import { DiceTray, givenDice } from "../../../src/core/dice/source.js";
import { attackAction } from "../../../src/rules/torchlight/actions/attack.js";
import type { Fighter } from "../../../src/rules/torchlight/duel.js";
import { chooseTarget, choosesFeint, feintGain, torchlightFight, type TorchlightFightState } from "../../../src/rules/torchlight/fight.js";
import { torchlightRules } from "../../../src/rules/torchlight/index.js";
import { fightChecks } from "../fightChecks.js";

// The duel of docs/cli.md.
const riddic: Fighter = { name: "Riddic", breath: 5, str: 12, dex: 12, wil: 10, san: 10, luck: 10, weaponDie: 10, stance: "aggressive" };
const bandit: Fighter = { name: "Bandit", breath: 3, str: 10, dex: 10, wil: 10, san: 10, luck: 10, weaponDie: 6, proficiencies: 1, stance: "on-guard" };

const inFight = (block: Fighter, index: number, change: Partial<Fighter> = {}) => ({
  side: "b" as const,
  index,
  block,
  state: { combatant: { ...block, ...change }, dead: false, actsFrom: 1, hits: [] } as TorchlightFightState,
});

describe("torchlight fight: the policy", () => {
  it("seed 004 §Damage: she strikes the foe with the least Breath and Strength left between her and 0", () => {
    const me = { ...inFight(riddic, 0), side: "a" as const };
    expect(chooseTarget(me, [inFight(bandit, 0), inFight(bandit, 1, { breath: 0 }), inFight(bandit, 2, { str: 12, breath: 0 })]).index).toBe(1);
  });

  it("seed 004 §Damage: a weapon of another damage type looks at the Characteristic it strikes", () => {
    const me = { ...inFight({ ...riddic, damageType: "wil" }, 0), side: "a" as const };
    expect(chooseTarget(me, [inFight(bandit, 0, { str: 2 }), inFight(bandit, 1, { wil: 4 })]).index).toBe(1);
  });

  it("seed 004 §Feint (Melee): she rerolls the die for 1 Breath when the exact gain of keeping the higher beats that Breath", () => {
    // A d10 showing 5: rerolling and keeping the higher adds (1+2+3+4+5)/10 = 1.5 on average.
    expect(feintGain(5, 10)).toBe(1.5);
    expect(choosesFeint(5, 10)).toBe(true);
    // Showing 6 it adds exactly 1, no more than the Breath: she keeps the die.
    expect(choosesFeint(6, 10)).toBe(false);
    expect(choosesFeint(2, 4)).toBe(false);
  });

  it("seed 004 §Precision Strike: a Precision Strike buys the extra damage die, and the attack goes through the attack action", () => {
    const asked = vi.spyOn(attackAction, "resolve");
    // Initiative: two Dex saves that both succeed (20s); Riddic's d10 shows 10, then his extra die 3; the Bandit's d6 shows 6, extra die 1.
    const sized = (sides: number, face: number) => ({ sides, face });
    const tray = new DiceTray(givenDice([sized(20, 20), sized(20, 20), sized(10, 10), sized(10, 3), sized(6, 6), sized(6, 1), sized(20, 20), sized(20, 20)]));
    torchlightFight.fight({ a: [riddic], b: [bandit] }, tray, 1);
    expect(asked.mock.calls.some(([request]) => (request as { precision?: string }).precision === "extra-die")).toBe(true);
    asked.mockRestore();
  });
});

describe("torchlight fight: side against side", () => {
  fightChecks(torchlightRules, riddic, bandit, 300);
});
