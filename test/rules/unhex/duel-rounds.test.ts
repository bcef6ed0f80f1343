/**
 * The simulated duel, die by die: team initiative each round (the winner acts first; a tie goes to
 * the PC, or between two NPCs is rolled again), each fighter's actions (a critical success's extra one), the
 * attacker's split for the most damage (the lower digit when the foe holds a shield), a good
 * fighter's reroll after a failure, and the round limit. Seed 002 §Initiative, §Actions, §Attack, §Cover.
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";

function duel(a: Record<string, unknown>, b: Record<string, unknown>, roundLimit: number, ...faces: number[]) {
  const tray = new DiceTray(givenFaces(faces));
  const result = unhexRules.duel.fight(a, b, tray, roundLimit);
  return { result, dice: tray.rolled.map((die) => die.label.replace(/ (tens|units)/, "")) };
}

const vet = { name: "Vet", level: 50 };
const punk = { name: "Punk", level: 50 };

describe("seed 002 §Rounds: the duel's rounds", () => {
  it("a round limit of 1 fights exactly one round: both roll initiative, each attacks once, and nobody wins", () => {
    // Both fail initiative (no holder, no PC: RULINGS.md §unhex, they roll again), Vet's 32 wins the roll-off, then both miss.
    const { result, dice } = duel(vet, punk, 1, 9, 7, 9, 8, 3, 2, 9, 5, 9, 6, 9, 4);
    expect(result).toEqual({ winner: "none", rounds: 1 });
    expect(dice).toEqual([...Array(2).fill(["Vet initiative", "Vet initiative", "Punk initiative", "Punk initiative"]).flat(), "Vet attack", "Vet attack", "Punk attack", "Punk attack"]);
  });

  it("both failing initiative, the PC rolls and goes first; her 49 takes the NPC's last 9 levels and she wins in round 1", () => {
    const { result, dice } = duel({ ...vet, level: 9 }, { ...punk, name: "Ines", pc: true }, 5, 9, 7, 9, 8, 4, 9);
    expect(result).toEqual({ winner: "b", rounds: 1 });
    expect(dice).toEqual(["Ines initiative", "Ines initiative", "Vet initiative", "Vet initiative", "Ines attack", "Ines attack"]);
  });

  it("the first fighter knocking out the second wins too", () => {
    const { result } = duel(vet, { ...punk, level: 9 }, 5, 4, 1, 9, 7, 4, 9);
    expect(result).toEqual({ winner: "a", rounds: 1 });
  });
});

describe("seed 002 §Attack and §Cover: the duel's split", () => {
  it("against a shield the foe picks: the lower digit is the damage, so a Punk at 5 survives a 39", () => {
    // Vet wins initiative (41 against a failed 97), hits with 39: 3 damage, not 9. Punk then misses.
    const { result } = duel(vet, { ...punk, level: 5, shield: true }, 1, 4, 1, 9, 7, 3, 9, 9, 5);
    expect(result).toEqual({ winner: "none", rounds: 1 });
    // Without the shield the Vet takes the 9 and the Punk is out.
    expect(duel(vet, { ...punk, level: 5 }, 1, 4, 1, 9, 7, 3, 9).result).toEqual({ winner: "a", rounds: 1 });
  });
});

describe("seed 002 §Actions and source dice.adoc §Good rolls: the duel's extra actions and rerolls", () => {
  it("a critical success on initiative is an extra action: the winner attacks twice before the foe's one", () => {
    const { dice } = duel(vet, punk, 1, 2, 2, 9, 8, 9, 6, 9, 5, 9, 4);
    expect(dice).toEqual(["Vet initiative", "Vet initiative", "Punk initiative", "Punk initiative", "Vet attack", "Vet attack", "Vet attack", "Vet attack", "Punk attack", "Punk attack"]);
  });

  it("a good fighter rerolls her named dice after a failed initiative and after a failed attack", () => {
    const { result, dice } = duel({ ...vet, good: "both" }, punk, 1, 9, 7, 4, 1, 9, 8, 9, 6, 9, 5, 9, 4);
    expect(result).toEqual({ winner: "none", rounds: 1 });
    expect(dice).toEqual([
      "Vet initiative",
      "Vet initiative",
      "Vet initiative reroll",
      "Vet initiative reroll",
      "Punk initiative",
      "Punk initiative",
      "Vet attack",
      "Vet attack",
      "Vet attack reroll",
      "Vet attack reroll",
      "Punk attack",
      "Punk attack",
    ]);
  });
});
