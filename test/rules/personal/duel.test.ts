import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { personalRules } from "../../../src/rules/personal/index.js";

const fighter = (name: string, fields: Record<string, unknown> = {}) => ({
  name,
  initiative: 2,
  defense: 8,
  weapon: { attack: "1d10", damage: "1d6", damageType: "physical" },
  resolve: 4,
  maxResolve: 4,
  stamina: 1,
  control: 0,
  ...fields,
});

describe("personal duel", () => {
  it("a bout ends when a fighter must take a fate she cannot ignore", () => {
    // Initiative: a rolls 6, b rolls 1, so a attacks first each round.
    // R1: a hits (9 vs 8) for 4: b to 0, Wounded. b misses (1).
    // R2: a hits for 2 (≤ half of 4): b ignores, budget 1 → 0. b misses.
    // R3: a hits for 1: budget spent, b must take a fate: a wins in round 3.
    const faces = [6, 1, 9, 4, 1, 9, 2, 1, 9, 1];
    const result = personalRules.duel.fight(fighter("A"), fighter("B"), new DiceTray(givenFaces(faces)), 10);
    expect(result).toEqual({ winner: "a", rounds: 3 });
  });

  it("the second fighter's blows land on the first: b, first in the order, wounds a and wins", () => {
    // Initiative: a rolls 1, b rolls 6, so b attacks first. a's Defense is 5, b's 99 (a never hits).
    // R1: b hits (9 vs 5) for 4: a to 0, Wounded; a misses (1). R2: b hits for 4 (> 2): a cannot ignore it.
    const faces = [1, 6, 9, 4, 1, 9, 4];
    const result = personalRules.duel.fight(fighter("A", { defense: 5 }), fighter("B", { defense: 99 }), new DiceTray(givenFaces(faces)), 10);
    expect(result).toEqual({ winner: "b", rounds: 2 });
  });

  it("a hit over half the maximum Resolve ends the bout even with budget left", () => {
    // R1: a hits for 4, b Wounded; b misses. R2: a hits for 3 (> 2): cannot be ignored.
    const faces = [6, 1, 9, 4, 1, 9, 3];
    const result = personalRules.duel.fight(fighter("A"), fighter("B", { stamina: 5 }), new DiceTray(givenFaces(faces)), 10);
    expect(result).toEqual({ winner: "a", rounds: 2 });
  });

  it("PCs go before an NPC fighter of equal score", () => {
    // b is a minor NPC: rank 2 + 3 = 5; a rolls 3 + 2 = 5 and so goes first, hitting for 4: b is
    // defeated in round 1. Had b gone first, her 9 would wound a, a's 1 would miss, and the faces
    // would run out in round 2.
    const faces = [3, 9, 4, 1, 1];
    const result = personalRules.duel.fight(fighter("A"), fighter("B", { kind: "minor" }), new DiceTray(givenFaces(faces)), 10);
    expect(result).toEqual({ winner: "a", rounds: 1 });
  });

  it("no one falls within the round limit: a draw", () => {
    const blocks = [fighter("A", { defense: 99 }), fighter("B", { defense: 99 })] as const;
    expect(personalRules.duel.fight(blocks[0], blocks[1], new DiceTray(seededDice(1)), 5)).toEqual({ winner: "none", rounds: 5 });
  });
});
