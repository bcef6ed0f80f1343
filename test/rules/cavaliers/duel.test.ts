import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { attackerPolicy, cavaliersDuel, defenderPolicy } from "../../../src/rules/cavaliers/duel.js";

const veteran = { name: "Veteran", lunge: { attribute: 10, competency: 10, ranks: 3, item: 8 }, parry: { attribute: 10, competency: 10, ranks: 2, item: 8 } };
const novice = { name: "Novice", type: "rabble", lunge: { attribute: 6 }, parry: { attribute: 6 } };

describe("cavaliers duel", () => {
  it("fights to a Yield Limit or Dying, and the stronger fighter usually wins", () => {
    const tray = new DiceTray(seededDice(3));
    let wins = 0;
    for (let run = 0; run < 100; run += 1) {
      const bout = cavaliersDuel.fight(veteran, novice, tray, 50);
      expect(bout.rounds).toBeGreaterThan(0);
      if (bout.winner === "a") wins += 1;
    }
    expect(wins).toBeGreaterThan(80);
  });

  it("policies: Yield when it finishes the target, else a Wound at 4 SP; a defender always Negates first", () => {
    const target = { name: "T", type: "pc" as const, yield: 6, wounds: 0, yieldLimit: 9, advantage: 0, style: 0 };
    expect(attackerPolicy(3, target)).toEqual(["inflict-yield", "inflict-yield", "inflict-yield"]);
    expect(attackerPolicy(5, { ...target, yield: 0 })).toEqual(["inflict-wound", "inflict-yield"]);
    expect(defenderPolicy(1, target)).toEqual(["negate"]);
    expect(defenderPolicy(5, target)).toEqual(["negate", "increase-advantage"]);
    expect(defenderPolicy(0, target)).toEqual([]);
  });

  it("seed 000 §Assist (the Competency Die of a competent character): each fighter's competency die joins her initiative, Lunge and Parry", () => {
    const tray = new DiceTray(seededDice(3));
    const ana = { name: "Ana", competency: 8, initiative: { attribute: 6 }, lunge: { attribute: 6 }, parry: { attribute: 6 } };
    const bo = { name: "Bo", competency: 10, initiative: { attribute: 6 }, lunge: { attribute: 6 }, parry: { attribute: 6 } };
    cavaliersDuel.fight(ana, bo, tray, 1);
    const pools = new Map<string, number[]>();
    for (const die of tray.rolled) pools.set(die.label, [...(pools.get(die.label) ?? []), die.sides]);
    // Each roll holds her competency die (a Wound's Drop may take another die out of it).
    expect([...pools.keys()].sort()).toEqual(["Ana initiative", "Ana lunge", "Ana parry", "Bo initiative", "Bo lunge", "Bo parry"]);
    for (const [label, sides] of pools) expect(sides, label).toContain(label.startsWith("Ana") ? 8 : 10);
  });

  it("seed 000 §Using Advantage: the Advantage die a Parry won joins her next Lunge, then steps down (a d6 to none)", () => {
    const ana = { name: "Ana", type: "minor" as const, yieldLimit: 40, lunge: { attribute: 6 }, parry: { attribute: 10, item: 10 } };
    const bo = { name: "Bo", type: "minor" as const, yieldLimit: 40, lunge: { attribute: 6 }, parry: { attribute: 6 } };
    // Round 1: Ana's Lunge 1 fails on Bo's 6; Bo's Lunge 6 meets Ana's 9 + 9 (SP 9): she Negates and gains a d6 Advantage.
    // Round 2: Ana's Lunge rolls it (1, 1) and fails; Bo's 1 fails on her 1 + 1. Round 3: her Lunge is one die again.
    const faces = [1, 6, 6, 9, 9, 1, 1, 6, 1, 1, 1, 1, 6, 1, 1, 1];
    const tray = new DiceTray(givenFaces(faces));
    cavaliersDuel.fight(ana, bo, tray, 3);
    const lunges: number[][] = [];
    let previous = "";
    for (const die of tray.rolled) {
      if (die.label === "Ana lunge") {
        if (previous !== die.label) lunges.push([]);
        lunges.at(-1)!.push(die.sides);
      }
      previous = die.label;
    }
    expect(lunges).toEqual([[6], [6, 6], [6]]);
  });

  it("seed 000 §Using Advantage, §Wounds: an Advantage die her Wound's Drop removes is not used; one that outlasts the Drop is, and steps down", () => {
    // Ana's Wound is Drop 1 on each roll. Her d6 Advantage ties her d6 Lunge die and the Drop takes it: kept, and a second
    // Parry won steps it up to a d8. Then the Drop takes the smaller d6 and the d8 is rolled: used, it steps down to a d6.
    const ana = { name: "Ana", type: "minor" as const, yieldLimit: 40, wounds: 1, lunge: { attribute: 6 }, parry: { attribute: 10, item: 10, ranks: 1 } };
    const bo = { name: "Bo", type: "minor" as const, yieldLimit: 40, lunge: { attribute: 6 }, parry: { attribute: 6 } };
    const faces = [1, 6, 6, 9, 9, 1, 6, 6, 9, 9, 1, 6, 1, 1, 1, 1, 6, 1, 1, 1];
    const tray = new DiceTray(givenFaces(faces));
    cavaliersDuel.fight(ana, bo, tray, 4);
    expect(tray.rolled.filter((die) => die.label === "Ana lunge").map((die) => die.sides)).toEqual([6, 6, 8, 6]);
  });
});
