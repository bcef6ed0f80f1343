import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../src/core/dice/source.js";
import { currentTurn, delayRefusal, delayTurn, InitiativeError, rankWithPcTies, scoreInitiative } from "../../src/core/initiative/rankWithPcTies.js";

const bonuses = { die: 6, npcBonus: 3, majorNpcBonus: 6 };

describe("initiative by rank with PC ties", () => {
  it("PCs roll the die (labelled) and add rank; NPCs add their bonus without rolling", () => {
    const tray = new DiceTray(givenFaces([4]));
    const scored = scoreInitiative(tray, [{ name: "Ines", rank: 2 }], [{ name: "Guard", rank: 2 }, { name: "Boss", rank: 2, major: true }], bonuses);
    expect(scored.map((s) => s.score)).toEqual([6, 5, 8]);
    expect(tray.rolled).toEqual([{ label: "initiative Ines", sides: 6, face: 4 }]);
  });

  it("a given face is used instead of rolling, and must fit the die", () => {
    const tray = new DiceTray(givenFaces([]));
    expect(scoreInitiative(tray, [{ name: "Ines", rank: 1, face: 6 }], [], bonuses)[0]?.score).toBe(7);
    expect(() => scoreInitiative(tray, [{ name: "Ines", rank: 1, face: 7 }], [], bonuses)).toThrow(InitiativeError);
  });

  it("refuses two combatants of one name and a pick naming a non-PC", () => {
    const tray = new DiceTray(givenFaces([1, 1]));
    expect(() => scoreInitiative(tray, [{ name: "X", rank: 1 }], [{ name: "X", rank: 1 }], bonuses)).toThrow(/two combatants/);
    const scored = scoreInitiative(new DiceTray(givenFaces([1])), [{ name: "A", rank: 1 }], [{ name: "G", rank: 1 }], bonuses);
    expect(() => rankWithPcTies(scored, ["G"])).toThrow(/not a PC/);
    expect(() => rankWithPcTies(scored, ["A", "A"])).toThrow(/twice/);
  });

  it("players' picks reorder tied PCs only", () => {
    const scored = [
      { name: "A", pc: true, score: 7 },
      { name: "B", pc: true, score: 7 },
      { name: "C", pc: true, score: 9 },
    ];
    expect(rankWithPcTies(scored, ["B", "C", "A"]).map((s) => s.name)).toEqual(["C", "B", "A"]);
    expect(rankWithPcTies(scored).map((s) => s.name)).toEqual(["C", "A", "B"]);
  });

  it("property: the order is a permutation, descending, with every PC before any NPC of equal score", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 8 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.boolean()), { maxLength: 8 }),
        fc.integer({ min: 0, max: 1e6 }),
        (pcRanks, npcs, seed) => {
          const pcs = pcRanks.map((rank, i) => ({ name: `pc${i}`, rank }));
          const npcEntries = npcs.map(([rank, major], i) => ({ name: `npc${i}`, rank, major }));
          const scored = scoreInitiative(new DiceTray(seededDice(seed)), pcs, npcEntries, bonuses);
          const order = rankWithPcTies(scored);
          expect(order.map((s) => s.name).sort()).toEqual(scored.map((s) => s.name).sort());
          order.forEach((s, i) => {
            const next = order[i + 1];
            if (!next) return;
            expect(s.score).toBeGreaterThanOrEqual(next.score);
            if (s.score === next.score) expect(!s.pc && next.pc).toBe(false);
          });
        },
      ),
    );
  });
});

describe("delaying a turn", () => {
  const round = { order: ["A", "B", "C", "D"], acted: ["A"] };

  it("whose turn it is: the first in order who has not acted", () => {
    expect(currentTurn(round)).toBe("B");
    expect(currentTurn({ order: ["A"], acted: ["A"] })).toBeUndefined();
  });

  it("moves the character to just after someone who has not acted", () => {
    expect(delayTurn(round, "B", "D")).toEqual(["A", "C", "D", "B"]);
    expect(delayTurn(round, "B", "C")).toEqual(["A", "C", "B", "D"]);
  });

  it("refuses moving after someone who already acted, after herself, out of turn, or an unknown name", () => {
    expect(delayRefusal(round, "B", "A")).toBe("already-acted");
    expect(delayTurn(round, "B", "A")).toBeUndefined();
    expect(delayRefusal(round, "B", "B")).toBe("after-self");
    expect(delayRefusal(round, "C", "D")).toBe("not-their-turn");
    expect(delayRefusal(round, "B", "Z")).toBe("not-in-order");
  });
});
