import { describe, expect, it } from "vitest";
import { spendInitiative } from "../../../src/rules/cavaliers/initiative.js";
import { resolveWith } from "./helpers.js";

describe("cavaliers initiative", () => {
  it("orders by total, then SP; Initiative Points are the roll's SP; the specialty sets the IP costs", () => {
    const outcome = resolveWith(
      "initiative",
      {
        combatants: [
          { name: "Ines", specialty: "impulse", attribute: 8, competency: 8 },
          { name: "Bravo", specialty: "vigilance", attribute: 8, competency: 8 },
          { name: "Luc", specialty: "timing", attribute: 6, competent: false },
        ],
      },
      [6, 4, 7, 3, 5],
    );
    const order = (outcome.result as { order: { name: string; total: number; initiativePoints: number; costs: unknown }[] }).order;
    // Ines 10/4, Bravo 10/3, Luc 5/1 (a lone die earns 1 SP)
    expect(order.map((p) => [p.name, p.total, p.initiativePoints])).toEqual([
      ["Ines", 10, 4],
      ["Bravo", 10, 3],
      ["Luc", 5, 1],
    ]);
    expect(order[0]?.costs).toEqual({ seize: 1, interpose: 2, reprise: 3 });
    expect(order[1]?.costs).toEqual({ seize: 3, interpose: 1, reprise: 2 });
  });

  it("breaks a full tie with d10 roll-offs from the tray", () => {
    const outcome = resolveWith(
      "initiative",
      { combatants: [{ name: "A", specialty: "impulse", attribute: 6, competency: 6 }, { name: "B", specialty: "impulse", attribute: 6, competency: 6 }] },
      [5, 3, 5, 3, 2, 9],
    );
    const order = (outcome.result as { order: { name: string; rollOffs?: number[] }[] }).order;
    expect(order.map((p) => p.name)).toEqual(["B", "A"]);
    expect(order[0]?.rollOffs).toEqual([9]);
  });

  it("a surprised combatant takes Drop 1 on Initiative", () => {
    const outcome = resolveWith("initiative", { combatants: [{ name: "Ines", specialty: "impulse", attribute: 8, competency: 8, ranks: 1, surprised: true }] }, [6, 4]);
    expect(outcome.dice).toHaveLength(2);
  });

  it("a Focus combined with a move takes Drop 1", () => {
    const outcome = resolveWith("focus", { roller: { name: "Ines", specialty: "timing", attribute: 8, competency: 8, ranks: 1, combined: ["move"] }, current: { total: 5, successPoints: 1, initiativePoints: 0 } }, [3, 1]);
    expect(outcome.dice).toHaveLength(2);
    expect(outcome.result).toMatchObject({ rolled: { total: 4, successPoints: 1 }, position: { total: 5 }, initiativePoints: 1, moved: false });
  });

  it("three or more identical Rabble share one roll and one place; fewer, or Minor NPCs, cannot", () => {
    const shared = resolveWith("initiative", { combatants: [{ name: "Watch", type: "rabble", members: ["W1", "W2", "W3"], specialty: "impulse", attribute: 6 }] }, [4]);
    expect((shared.result as { order: { members: string[] }[] }).order[0]?.members).toEqual(["W1", "W2", "W3"]);
    expect(shared.dice).toHaveLength(1);
    expect(() => resolveWith("initiative", { combatants: [{ name: "Watch", type: "rabble", members: ["W1", "W2"], specialty: "impulse", attribute: 6 }] }, [])).toThrow(/three or more/);
    expect(() => resolveWith("initiative", { combatants: [{ name: "Duo", type: "minor", members: ["a", "b", "c"], specialty: "impulse", attribute: 6 }] }, [])).toThrow(/Rabble or Stock/);
  });

  it("IP buy Seize, Interpose and Reprise at the specialty's cost, each once per round", () => {
    const state = { specialty: "impulse" as const, initiativePoints: 5, usedThisRound: [] };
    const seized = spendInitiative(state, "seize", true);
    expect(seized).toMatchObject({ initiativePoints: 4, cost: 1 });
    expect(() => spendInitiative(seized, "seize", true)).toThrow(/once per round/);
    expect(spendInitiative(seized, "seize", false).initiativePoints).toBe(3);
    expect(() => spendInitiative(seized, "interpose", true)).not.toThrow();
    expect(() => spendInitiative({ ...seized, usedThisRound: ["interpose"] }, "interpose", false)).toThrow(/once per round/);
    expect(() => spendInitiative(state, "reprise", true)).toThrow(/failed attack/);
    expect(spendInitiative(state, "reprise", true, { attackFailed: true }).initiativePoints).toBe(2);
    expect(() => spendInitiative({ specialty: "vigilance", initiativePoints: 2, usedThisRound: [] }, "seize", true)).toThrow(/costs 3 IP/);
  });

  it("seed 000 §Initiative Points example: after an Impulse roll, Seize costs 1 IP, Interpose 2, Reprise Attack 3", () => {
    const ip = (spend: "seize" | "interpose" | "reprise") =>
      (resolveWith("spend-initiative", { name: "Ines", specialty: "impulse", initiativePoints: 6, spend, attackFailed: true }, []).result as { cost: number; initiativePoints: number });
    expect(ip("seize")).toMatchObject({ cost: 1, initiativePoints: 5 });
    expect(ip("interpose")).toMatchObject({ cost: 2, initiativePoints: 4 });
    expect(ip("reprise")).toMatchObject({ cost: 3, initiativePoints: 3 });
  });

  it("the spend-initiative action reports the IP left", () => {
    const outcome = resolveWith("spend-initiative", { name: "Ines", specialty: "timing", initiativePoints: 3, spend: "reprise", attackFailed: true }, []);
    expect(outcome.result).toMatchObject({ cost: 1, initiativePoints: 2 });
  });

  it("a late joiner rolls and takes its place from the next round (RULINGS.md, cavaliers Initiative)", () => {
    const order = [
      { name: "Ines", total: 12, successPoints: 5 },
      { name: "Bravo", total: 10, successPoints: 3 },
      { name: "Luc", total: 5, successPoints: 1 },
    ];
    // Margot: d8 + d8 show 6 and 4: total 10, 4 SP, which beats Bravo's 10/3.
    const outcome = resolveWith("join", { order, joiner: { name: "Margot", specialty: "timing", attribute: 8, competency: 8 } }, [6, 4]);
    expect(outcome.result).toMatchObject({ place: 2, fromNextRound: true, nextRoundOrder: ["Ines", "Margot", "Bravo", "Luc"] });
    expect(outcome.result).toMatchObject({ joiner: { total: 10, successPoints: 4, initiativePoints: 4, costs: { seize: 2, interpose: 3, reprise: 1 } } });
    // A full tie with Bravo (10/3) is rolled off on d10: 3 against 7, so Bravo stays ahead.
    const tied = resolveWith("join", { order, joiner: { name: "Margot", specialty: "timing", attribute: 8, competency: 8 } }, [7, 3, 3, 7]);
    expect(tied.result).toMatchObject({ place: 3, nextRoundOrder: ["Ines", "Bravo", "Margot", "Luc"] });
    expect(tied.steps).toContainEqual({ rule: "late-joiner-roll-off", against: "Bravo", joiner: 3, other: 7 });
    // Lowest of all: last.
    expect(resolveWith("join", { order, joiner: { name: "Rat", specialty: "impulse", attribute: 6, competent: false } }, [2]).result).toMatchObject({ place: 4 });
  });
});

