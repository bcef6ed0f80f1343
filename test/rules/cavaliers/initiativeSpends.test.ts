import { describe, expect, it } from "vitest";
import { interposeEffect, seizeOrder } from "../../../src/rules/cavaliers/initiative.js";
import { changesOf, resolveChecked, statusesOf } from "./helpers.js";

// Seed 000 §Spending Initiative Points: what a Seize and an Interpose do besides costing IP (issue
// 23: `spend-initiative` only deducted the IP), and §Yield / §Dying and Death at the end of combat.
const ines = { name: "Ines", specialty: "impulse", initiativePoints: 4 };
const order = ["Ada", "Bea", "Cy", "Dot"];

describe("seed 000 §Seize the Initiative: for one round she jumps ahead, before someone else is about to act", () => {
  it("she acts next: after whoever acts now, and back at her place the round after", () => {
    const outcome = resolveChecked("spend-initiative", { ...ines, name: "Cy", spend: "seize", order, acting: "Ada" }, []);
    expect(outcome.result).toEqual({ spent: "seize", cost: 1, initiativePoints: 3, usedThisRound: ["seize"], orderThisRound: ["Ada", "Cy", "Bea", "Dot"], nextRoundOrder: order });
    expect(outcome.steps).toContainEqual({ rule: "seize", before: "Ada", order: ["Ada", "Cy", "Bea", "Dot"], nextRound: order });
    expect(changesOf(outcome, "Cy")).toEqual({ initiativePoints: { from: 4, to: 3 } });
  });

  it("before the round's first turn she goes first; the last in the order may jump to second", () => {
    expect(seizeOrder(order, "Dot")).toEqual(["Dot", "Ada", "Bea", "Cy"]);
    expect(seizeOrder(order, "Dot", "Ada")).toEqual(["Ada", "Dot", "Bea", "Cy"]);
    expect(seizeOrder(order, "Dot", "Bea")).toEqual(["Ada", "Bea", "Dot", "Cy"]);
  });

  it("she cannot jump ahead of herself, act twice in a round, or Seize a place she already has", () => {
    expect(() => seizeOrder(order, "Bea", "Bea")).toThrow(/Bea is acting now/);
    expect(() => seizeOrder(order, "Ada", "Bea")).toThrow(/Ada has already acted this round/);
    expect(() => seizeOrder(order, "Cy", "Bea")).toThrow(/Cy acts next already/);
    expect(() => seizeOrder(order, "Ada")).toThrow(/Ada acts next already/);
    expect(() => seizeOrder(order, "Eve", "Ada")).toThrow(/Eve is not in the Initiative order/);
    expect(() => seizeOrder(order, "Dot", "Eve")).toThrow(/Eve is not in the Initiative order/);
  });

  it("the order belongs to a Seize only, names each combatant once, and `acting` needs it", () => {
    expect(() => resolveChecked("spend-initiative", { ...ines, name: "Cy", spend: "interpose", order }, [])).toThrow(/order and acting describe a Seize, not interpose/);
    expect(() => resolveChecked("spend-initiative", { ...ines, name: "Cy", spend: "seize", acting: "Ada" }, [])).toThrow(/acting needs this round's order/);
    expect(() => resolveChecked("spend-initiative", { ...ines, name: "Cy", spend: "seize", order: ["Ada", "Cy", "Ada"] }, [])).toThrow(/does not fit its schema/);
    // Without an order the Seize is paid and the order left to the caller.
    expect(resolveChecked("spend-initiative", { ...ines, name: "Cy", spend: "seize" }, []).result).toEqual({ spent: "seize", cost: 1, initiativePoints: 3, usedThisRound: ["seize"] });
  });
});

describe("seed 000 §Interpose: she makes herself the target of someone else's attack, or holds an opponent in the Area", () => {
  const interpose = (what: Record<string, unknown>, over: Record<string, unknown> = {}) => resolveChecked("spend-initiative", { ...ines, spend: "interpose", interpose: what, ...over }, []);

  it("an attack on someone in her Area becomes an attack on her", () => {
    const outcome = interpose({ mode: "redirect", attacker: "Bravo", target: "Luc", areas: 0 });
    expect(outcome.result).toEqual({ spent: "interpose", cost: 2, initiativePoints: 2, usedThisRound: ["interpose"], interpose: { mode: "redirect", defender: "Ines", insteadOf: "Luc", combined: [] } });
    expect(outcome.steps).toContainEqual({ rule: "interpose", mode: "redirect", defender: "Ines", insteadOf: "Luc", combined: [] });
  });

  it("with a combined Move she protects a target in the adjacent Area; two Areas away is too far", () => {
    expect(interpose({ mode: "redirect", attacker: "Bravo", target: "Luc", areas: 1 }).result).toMatchObject({ interpose: { defender: "Ines", combined: ["move"] } });
    expect(() => interpose({ mode: "redirect", attacker: "Bravo", target: "Luc", areas: 2 })).toThrow(/same Area, or the next one with a combined Move; Luc is 2 Areas away/);
  });

  it("that Move is one of her round's combined actions: it counts towards the two Areas and Drop 4", () => {
    expect(() => interpose({ mode: "redirect", attacker: "Bravo", target: "Luc", areas: 1 }, { combinedThisRound: ["run"] })).toThrow(/moves 3/);
    expect(() => interpose({ mode: "redirect", attacker: "Bravo", target: "Luc", areas: 1 }, { combinedThisRound: ["reload-musket", "draw-weapon"] })).toThrow(/Drop 5/);
    expect(interpose({ mode: "redirect", attacker: "Bravo", target: "Luc", areas: 1 }, { combinedThisRound: ["reload-musket"] }).result).toMatchObject({ interpose: { combined: ["move"] } });
    // Without a Move, what she did earlier does not matter.
    expect(interpose({ mode: "redirect", attacker: "Bravo", target: "Luc", areas: 0 }, { combinedThisRound: ["run", "reload-pistol"] }).result).toMatchObject({ interpose: { combined: [] } });
  });

  it("she cannot Interpose in an attack already on her, nor in her own attack", () => {
    expect(() => interposeEffect("Ines", { mode: "redirect", attacker: "Bravo", target: "Ines", areas: 0 })).toThrow(/already the target/);
    expect(() => interposeEffect("Ines", { mode: "redirect", attacker: "Ines", target: "Luc", areas: 0 })).toThrow(/her own attack/);
  });

  it("holding an opponent in her Area blocks the move without redirecting anything; one in another Area cannot be held", () => {
    expect(interpose({ mode: "block", opponent: "Bravo", areas: 0 }).result).toMatchObject({ interpose: { mode: "block", held: "Bravo" } });
    expect(() => interpose({ mode: "block", opponent: "Bravo", areas: 1 })).toThrow(/holds only an opponent in the same Area; Bravo is 1 away/);
    expect(() => interposeEffect("Ines", { mode: "block", opponent: "Ines", areas: 0 })).toThrow(/cannot hold herself/);
  });

  it("a held opponent takes no Move or Run this round, with a roll or without; the rest of her turn stands", () => {
    expect(() => resolveChecked("turn", { name: "Bravo", heldInArea: true, combined: ["move"] }, [])).toThrow(/holds her in her Area/);
    expect(() => resolveChecked("attack", { attack: "aim", attacker: { name: "Bravo", attribute: 8, heldInArea: true, combined: ["run"] } }, [8])).toThrow(/holds her in her Area/);
    expect(resolveChecked("turn", { name: "Bravo", heldInArea: true, combined: ["draw-weapon"] }, []).result).toEqual({ drop: 1, capCount: 1, areas: 0 });
  });

  it("Interpose is once per round, and `interpose` describes only an Interpose", () => {
    expect(() => interpose({ mode: "block", opponent: "Bravo", areas: 0 }, { usedThisRound: ["interpose"] })).toThrow(/only once per round/);
    expect(() => resolveChecked("spend-initiative", { ...ines, spend: "seize", interpose: { mode: "block", opponent: "Bravo", areas: 0 } }, [])).toThrow(/interpose describes an Interpose, not seize/);
  });
});

describe("seed 000 §Yield and §Dying and Death: the end of combat", () => {
  const fight = [
    { name: "Ines", yield: 12 },
    { name: "Bravo", type: "minor", yield: 4, wounds: 4, id: "c1" },
    { name: "Guard", type: "stock", yield: 2 },
    { name: "Luc", wounds: 4 },
  ];

  it("a Dying NPC's fate is awaited from her owner: saved with Medicine, or not", () => {
    const outcome = resolveChecked("end-combat", { combatants: fight }, []);
    expect(outcome.awaiting).toEqual({ choice: "medicine.c1", by: "c1", offer: { name: "Bravo" } });
    expect(outcome.result).toEqual({ resolved: false, medicineFor: "Bravo" });
    expect(outcome.effects).toEqual([]);
  });

  it("everyone's Yield goes back to 0; an NPC no Medicine saved dies; a Dying PC's player is told what she may choose", () => {
    const outcome = resolveChecked("end-combat", { combatants: fight, medicine: { c1: false } }, []);
    expect(outcome.effects).toEqual([
      { participant: "Ines", changes: { yield: { from: 12, to: 0 } }, statuses: ["catches-breath"] },
      { participant: "Bravo", changes: { yield: { from: 4, to: 0 } }, statuses: ["dead"] },
      { participant: "Guard", changes: { yield: { from: 2, to: 0 } } },
    ]);
    expect(outcome.result).toEqual({ resolved: true, died: ["Bravo"], saved: [], dyingPcs: ["Luc"], out: [], note: expect.stringContaining("Survival roll") });
    expect(outcome.steps).toEqual([
      { rule: "yield-reset", participant: "Ines", from: 12 },
      { rule: "dying-npc", participant: "Bravo", savedWithMedicine: false },
      { rule: "yield-reset", participant: "Bravo", from: 4 },
      { rule: "yield-reset", participant: "Guard", from: 2 },
    ]);
  });

  it("an NPC saved with Medicine lives (still unconscious); nobody Dying means nothing to decide", () => {
    const outcome = resolveChecked("end-combat", { combatants: fight, medicine: { c1: true } }, []);
    expect(statusesOf(outcome, "Bravo")).toEqual(["saved-with-medicine"]);
    expect(outcome.result).toMatchObject({ died: [], saved: ["Bravo"] });
    const calm = resolveChecked("end-combat", { combatants: [{ name: "Ines" }, { name: "Guard", type: "stock", wounds: 1 }] }, []);
    expect(calm.result).toEqual({ resolved: true, died: [], saved: [], dyingPcs: [], out: [] });
    expect(calm.effects).toEqual([]);
  });

  it("each Dying NPC's fate is asked in turn, and each may differ", () => {
    const two = [...fight, { name: "Watch", type: "rabble", wounds: 1 }];
    expect(resolveChecked("end-combat", { combatants: two, medicine: { c1: true } }, []).awaiting).toEqual({ choice: "medicine.Watch", by: "Watch", offer: { name: "Watch" } });
    const outcome = resolveChecked("end-combat", { combatants: two, medicine: { c1: true, Watch: false } }, []);
    expect(outcome.result).toMatchObject({ died: ["Watch"], saved: ["Bravo"] });
  });

  it("Medicine is said only of a Dying NPC of the fight, and each combatant is named once", () => {
    expect(() => resolveChecked("end-combat", { combatants: fight, medicine: { c1: true, Guard: true } }, [])).toThrow(/Guard is not a Dying NPC of this fight/);
    expect(() => resolveChecked("end-combat", { combatants: fight, medicine: { c1: true, Luc: true } }, [])).toThrow(/Luc is not a Dying NPC/);
    expect(() => resolveChecked("end-combat", { combatants: [{ name: "Ines" }, { name: "Ines" }] }, [])).toThrow(/Ines is named twice/);
    expect(() => resolveChecked("end-combat", { combatants: [{ name: "Ines", id: "a" }, { name: "Luc", id: "a" }] }, [])).toThrow(/a is named twice/);
  });
});
