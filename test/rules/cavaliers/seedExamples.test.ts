import { describe, expect, it } from "vitest";
import { isDying, takeWounds, woundDrop } from "../../../src/core/tracks/yieldWounds.js";
import { woundTrackOf } from "../../../src/rules/cavaliers/actors.js";
import { planTurn } from "../../../src/rules/cavaliers/combined.js";
import { focus } from "../../../src/rules/cavaliers/initiative.js";
import { assistOptions, bestAssist, buildPool } from "../../../src/rules/cavaliers/pool.js";
import { changesOf, resolveWith, statusesOf, times } from "./helpers.js";

describe("seed 000 worked examples", () => {
  it("seed 000 §Assist example: 2 ranks Feint, d8 Guile, d8 competency offer 2d8, 1d8 or 1d6", () => {
    const offer = assistOptions({ attribute: 8, ranks: 2, competency: 8 });
    expect(offer).toEqual({ specialty: [8, 8], competency: [8], default: [6] });
    // "Obviously in this case, you would choose the 2D8."
    expect(bestAssist(offer)).toEqual([8, 8]);
    const pool = buildPool({ attribute: 6, assists: [offer.specialty ?? []] });
    expect(pool.filter((die) => die.source === "assist").map((die) => die.sides)).toEqual([8, 8]);
  });

  it("seed 000 §Flourish example: 14 with 7 SP against 9 succeeds and buys 2 Style (1 SP lost)", () => {
    // Dodge pool d8 Guile + d8 competency shows 7 and 7; Easy opposition 3d6 shows 5, 4, 1 = 9
    const awaited = resolveWith("flourish", { actor: { name: "Ines", attribute: 8, competency: 8 }, skill: "dodge" }, [7, 7, 5, 4, 1]);
    // The roller chooses how many Style Points to buy; the rules offer at most what 7 SP and the cap allow.
    expect(awaited.awaiting).toMatchObject({ choice: "style", by: "actor", offer: { sp: 7, most: 2 } });
    expect(awaited.effects).toEqual([]);
    const outcome = resolveWith("flourish", { actor: { name: "Ines", attribute: 8, competency: 8 }, skill: "dodge", style: 2 }, [7, 7, 5, 4, 1]);
    expect(outcome.result).toMatchObject({ success: true, total: 14, successPoints: 7, oppositionTotal: 9, styleBought: 2 });
    expect(changesOf(outcome, "Ines").style).toEqual({ from: 0, to: 2 });
    expect(outcome.steps.find((step) => step.rule === "spend")).toMatchObject({ cost: 6, lost: 1 });
  });

  it("seed 000 §Focus example: 5/1 then 11/4 moves to 11 with 5 IP; later 0 IP and 9/3 stays at 11 with 3 IP", () => {
    const first = focus({ total: 5, successPoints: 1, initiativePoints: 1 }, { total: 11, successPoints: 4 });
    expect(first).toMatchObject({ total: 11, initiativePoints: 5, moved: true });
    const second = focus({ total: first.total, successPoints: first.successPoints, initiativePoints: 0 }, { total: 9, successPoints: 3 });
    expect(second).toMatchObject({ total: 11, initiativePoints: 3, moved: false });
  });

  it("seed 000 §Focus example through the focus action: faces 7 and 4 roll 11 with 4 IP", () => {
    const outcome = resolveWith("focus", { roller: { name: "Ines", specialty: "timing", attribute: 8, competency: 8 }, current: { total: 5, successPoints: 1, initiativePoints: 1 } }, [7, 4]);
    expect(outcome.result).toMatchObject({ position: { total: 11 }, initiativePoints: 5, moved: true });
  });

  it("seed 000 §Increasing Advantage example: a Feint with 3 SP buys Advantage three times, none to d10", () => {
    // Feint d8 + d8 shows 5 and 3: total 8, 3 SP; the Parry d6 + d6 + d6 shows 2, 2, 1 = 4
    const outcome = resolveWith(
      "attack",
      { attack: "feint", defence: "parry", attacker: { name: "Ines", attribute: 8, competency: 8 }, defender: { name: "Guard", type: "rabble", attribute: 6, competency: 6, item: 6 }, spend: times(3, "increase-advantage") },
      [5, 3, 2, 2, 1],
    );
    expect(outcome.result).toMatchObject({ winner: "attacker", attacker: { successPoints: 3 } });
    expect(changesOf(outcome, "Ines").advantage).toEqual({ from: 0, to: 10 });
  });

  it("seed 000 §Using Advantage example: a Lunge rolling the d10 Advantage die leaves a d8", () => {
    const outcome = resolveWith(
      "attack",
      { attack: "lunge", defence: "parry", attacker: { name: "Ines", attribute: 8, competency: 8, advantage: 10, useAdvantage: true }, defender: { name: "Guard", type: "rabble", attribute: 6 }, spend: [] },
      [3, 2, 9, 1],
    );
    expect(outcome.dice.filter((die) => die.label === "attack pool").map((die) => die.sides)).toEqual([8, 8, 10]);
    expect(changesOf(outcome, "Ines").advantage).toEqual({ from: 10, to: 8 });
  });

  it("seed 000 §Combined Actions: drawing a weapon and moving put Drop 2 on the attack", () => {
    expect(planTurn({ rolled: ["attack"], combined: ["draw-weapon", "move"] }).drop).toBe(2);
    const outcome = resolveWith(
      "attack",
      { attack: "lunge", defence: "dodge", attacker: { name: "Ines", attribute: 8, competency: 8, ranks: 1, item: 6, combined: ["draw-weapon", "move"] }, defender: { name: "Guard", type: "rabble", attribute: 6 } },
      [4, 4, 3],
    );
    expect(outcome.dice.filter((die) => die.label === "attack pool").map((die) => die.sides)).toEqual([8, 8]);
  });

  it("seed 000 §Combined Actions: reload pistol + dismount + move is Drop 4 and allowed; adding a draught (Drop 5) is refused", () => {
    expect(planTurn({ rolled: [], combined: ["reload-pistol", "dismount", "move"] })).toEqual({ drop: 4, capCount: 4, areas: 1 });
    expect(() => planTurn({ rolled: [], combined: ["reload-pistol", "dismount", "move", "imbibe-draught"] })).toThrow(/capped at Drop 4.*Drop 5/);
    expect(() => resolveWith("turn", { name: "Ines", combined: ["reload-pistol", "dismount", "move", "imbibe-draught"] }, [])).toThrow(/Drop 5/);
  });

  it("seed 000 §Reload: reloading two pistols is Drop 4, the most combined actions allow", () => {
    expect(planTurn({ rolled: [], combined: ["reload-pistol", "reload-pistol"] }).capCount).toBe(4);
  });

  it("seed 000 §Prepare example: draw (Drop 1) at the Prepare and move (Drop 1) when it fires make Drop 2; nothing extra makes Drop 0", () => {
    expect(resolveWith("turn", { name: "Ines", rolled: ["prepare"], combined: ["draw-weapon"], atTrigger: ["move"] }, []).result).toMatchObject({ drop: 2 });
    expect(resolveWith("turn", { name: "Ines", rolled: ["prepare"], combined: [], atTrigger: [] }, []).result).toMatchObject({ drop: 0 });
  });

  it("seed 000 §Yield example: a Lunge with 5 SP all on Yield against Yield Limit 4 puts the opponent out", () => {
    // Lunge d8 + d8 + d8 shows 8, 5, 2: total 13, 5 SP; Parry 3 + 2 = 5
    const outcome = resolveWith(
      "attack",
      { attack: "lunge", defence: "parry", attacker: { name: "Ines", attribute: 8, competency: 8, ranks: 1 }, defender: { name: "Bravo", type: "minor", attribute: 6, yieldLimit: 4 }, spend: times(5, "inflict-yield") },
      [8, 5, 2, 3],
    );
    expect(outcome.result).toMatchObject({ winner: "attacker", attacker: { successPoints: 5 } });
    expect(changesOf(outcome, "Bravo").yield).toEqual({ from: 0, to: 5 });
    expect(statusesOf(outcome, "Bravo")).toContain("yielded-out");
  });

  it("seed 000 §Wounds example: a Lunge's Wound gives Drop 1, a shot for two more gives Drop 4, one more is Dying", () => {
    const track = woundTrackOf({ type: "pc" });
    let state = { yield: 0, wounds: 0, yieldLimit: 11 };
    state = takeWounds(state, track, 1);
    expect(woundDrop(track, state.wounds)).toBe(1);
    state = takeWounds(state, track, 2);
    expect(woundDrop(track, state.wounds)).toBe(4);
    expect(isDying(track, state.wounds + 1)).toBe(true);
  });

  it("seed 000 §Dying example: a fourth Wound takes a PC out of the fight, Dying", () => {
    // Aim 3 SP buys a Wound on a PC with 3 Wounds (her Block pool loses 4 dice to the Wound Drop, leaving one)
    const outcome = resolveWith(
      "attack",
      { attack: "aim", defence: "block", attacker: { name: "Sniper", type: "minor", attribute: 8, competency: 8 }, defender: { name: "Ines", attribute: 8, competency: 8, ranks: 2, item: 6, wounds: 3 }, spend: ["inflict-wound"] },
      [6, 3, 5],
    );
    expect(outcome.dice.filter((die) => die.label === "defence pool")).toHaveLength(1);
    expect(changesOf(outcome, "Ines").wounds).toEqual({ from: 3, to: 4 });
    expect(statusesOf(outcome, "Ines")).toContain("dying");
  });
});
