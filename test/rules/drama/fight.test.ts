import { describe, expect, it, vi } from "vitest";
import { DiceTray, seededDice } from "../../../src/core/dice/source.js";
import { melee } from "../../../src/rules/drama/actions.js";
import { asRequested, type DramaFighter, engagements, fightGroup } from "../../../src/rules/drama/fight.js";
import { dramaRules } from "../../../src/rules/drama/index.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { fightChecks } from "../fightChecks.js";

// The duel of docs/cli.md: a Knight against a Sergeant.
const knight = { name: "Knight", physical: 4, agility: 3, skill: 4, grit: 8, flesh: 8, weapon: "large" as const, harness: 4 };
const sergeant = { name: "Sergeant", physical: 3, agility: 3, skill: 3, grit: 6, flesh: 7, weapon: "large" as const, harness: 4, shield: "medium" as const };
const fyrd = { name: "Fyrd", physical: 2, agility: 2, skill: 2, grit: 3, flesh: 7, weapon: "medium" as const };

const inFight = (side: "a" | "b", index: number, block: Combatant, state: Partial<DramaFighter["state"]> = {}): DramaFighter => ({
  side,
  index,
  block,
  state: { combatant: block, out: false, momentum: {}, facing: [], ...state },
});
const keys = (groups: ReturnType<typeof engagements>) => groups.map(({ on, foes }) => [`${on.side}${on.index}`, foes.map((f) => `${f.side}${f.index}`)]);

describe("drama fight: the policy", () => {
  it("seed 001 §Fighting Multiple Opponents: the outnumbered side's fighters each take the others as evenly as they go", () => {
    const fighters = [inFight("a", 0, knight), inFight("a", 1, knight), inFight("b", 0, fyrd), inFight("b", 1, fyrd), inFight("b", 2, fyrd)];
    expect(keys(engagements(fighters))).toEqual([
      ["a0", ["b0", "b2"]],
      ["a1", ["b1"]],
    ]);
  });

  it("seed 001 §Fighting Multiple Opponents: a fighter stays on last round's foe while that foe stands; one whose foe dropped joins the fighter facing fewest", () => {
    const fighters = [inFight("a", 0, knight, { out: true }), inFight("a", 1, knight), inFight("a", 2, knight), inFight("b", 0, fyrd, { foe: "a2" }), inFight("b", 1, fyrd, { foe: "a0" })];
    expect(keys(engagements(fighters))).toEqual([
      ["a1", ["b1"]],
      ["a2", ["b0"]],
    ]);
  });

  it("seed 001 §Fighting Multiple Opponents: at most eight on one fighter; the rest wait", () => {
    const fighters = [inFight("a", 0, knight), ...Array.from({ length: 12 }, (_, i) => inFight("b", i, fyrd))];
    const [group] = engagements(fighters);
    expect(group!.foes).toHaveLength(8);
  });

  it("seed 001 §Test of Courage: with a Drama Point left she spends it to pass a test she passes by one; with none, she has none to spend", () => {
    expect(asRequested(inFight("a", 0, { ...knight, dramaPoints: 1 })).courage).toEqual({ spendDramaPoint: true });
    expect(asRequested(inFight("a", 0, { ...knight, dramaPoints: 0 })).courage).toBeUndefined();
    expect(asRequested(inFight("a", 0, knight)).name).toBe("a0");
  });

  it("seed 001 §Determining Momentum: the winner of a round holds Momentum against that foe, and the next round's request says so", () => {
    const asked = vi.spyOn(melee, "resolve");
    const a = inFight("a", 0, knight);
    const b = inFight("b", 0, sergeant);
    const tray = new DiceTray(seededDice(3));
    fightGroup(a, [b], tray);
    expect(asked.mock.calls[0]![0]).not.toHaveProperty("momentum");
    const holder = asked.mock.results[0]!.value.result.momentumSide as "a" | "b";
    expect(a.state.momentum.b0).toBe(holder === "a");
    expect(b.state.momentum.a0).toBe(holder === "b");
    fightGroup(b, [a], tray);
    expect(asked.mock.calls[1]![0]).toMatchObject({ momentum: holder });
    asked.mockRestore();
  });
});

describe("drama fight: side against side", () => {
  fightChecks(dramaRules, knight, sergeant, 300);
});
