import { describe, expect, it } from "vitest";
import { offeredEntries } from "../../../src/rules/cavaliers/exchange.js";
import { changesOf, resolveWith, statusesOf, times } from "./helpers.js";

const ines = { name: "Ines", attribute: 8, competency: 8 };
const guard = { name: "Guard", type: "stock", attribute: 6, competency: 6 };

describe("cavaliers attack", () => {
  it("a tie goes to the defence: the attacker must strictly beat it", () => {
    // attack 5+4 = 9; defence 6+3 = 9
    const outcome = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: ines, defender: guard, spend: ["negate"] }, [5, 4, 6, 3]);
    expect(outcome.result).toMatchObject({ winner: "defender", negated: true, landed: false });
    expect(changesOf(outcome, "Guard")).toEqual({});
  });

  it("a winning defender who buys no Negate lets the attack land: the attacker spends her SP, then the defender's purchases apply", () => {
    // attack 5+4 = 9 (4 SP); Block d6+d6+d8 armour: 6, 4, 3 = 10 (4 SP)
    const outcome = resolveWith(
      "attack",
      {
        attack: "lunge",
        defence: "block",
        attacker: ines,
        defender: { ...guard, item: 8 },
        spend: ["reduce-yield", "reduce-yield"],
        landingSpend: times(4, "inflict-yield"),
      },
      [5, 4, 6, 4, 3],
    );
    expect(outcome.result).toMatchObject({ winner: "defender", negated: false, landed: true });
    // 4 Yield land, then Block's 4 SP buy back 2
    expect(changesOf(outcome, "Guard").yield).toEqual({ from: 0, to: 2 });
  });

  it("a negated attack lets the attacker spend nothing", () => {
        expect(() => resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: ines, defender: guard, spend: ["negate"], landingSpend: ["inflict-yield"] }, [2, 1, 6, 5])).toThrow(/negated/);
  });

  it("refuses defences the attack does not allow, and an item die on a Dodge", () => {
    expect(() => resolveWith("attack", { attack: "aim", defence: "parry", attacker: ines, defender: guard }, [])).toThrow(/parry cannot answer aim/);
    expect(() => resolveWith("attack", { attack: "brawl", defence: "block", attacker: ines, defender: guard }, [])).toThrow(/block cannot answer brawl; allowed: brawl, parry, dodge/);
    expect(() => resolveWith("attack", { attack: "feint", defence: "block", attacker: ines, defender: guard }, [])).toThrow(/block cannot answer feint/);
    expect(() => resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: ines, defender: { ...guard, item: 6 } }, [])).toThrow(/no item die/);
  });

  it("Break Weapon only against a failed Parry", () => {
    const spend = ["break-weapon"];
    const parried = resolveWith("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: guard, spend }, [8, 6, 1, 1]);
    expect(statusesOf(parried, "Guard")).toContain("break-weapon");
        expect(() => resolveWith("attack", { attack: "lunge", defence: "block", attacker: ines, defender: guard, spend }, [8, 6, 1, 1])).toThrow(/failed Parry/);
  });

  it("a Riposte needs a winning Parry or Feint before it", () => {
    expect(() => resolveWith("attack", { attack: "riposte", defence: "block", attacker: ines, defender: guard }, [])).toThrow(/riposteAfter/);
    const outcome = resolveWith("attack", { attack: "riposte", riposteAfter: "parry", defence: "block", attacker: ines, defender: { ...guard, advantage: 8 }, spend: ["decrease-advantage", "decrease-advantage"] }, [8, 4, 1, 1]);
    expect(changesOf(outcome, "Guard").advantage).toEqual({ from: 8, to: 0 });
  });

  it("a winning Parry can buy a Riposte (2 SP) and a Feint can (4 SP)", () => {
    const parry = resolveWith("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: guard, spend: ["negate", "riposte"] }, [1, 1, 6, 3]);
    expect(statusesOf(parry, "Guard")).toContain("riposte");
    const feint = resolveWith("attack", { attack: "feint", defence: "dodge", attacker: ines, defender: guard, spend: ["riposte"] }, [8, 4, 1, 1]);
    expect(statusesOf(feint, "Ines")).toContain("riposte");
  });

  it("every attack on a PC at her Yield Limit gains 1 SP: 1 Wound, even a Feint", () => {
    const pc = { name: "Ines", attribute: 8, competency: 8, yield: 11 };
    const outcome = resolveWith("attack", { attack: "feint", defence: "dodge", attacker: { ...guard, name: "Bravo" }, defender: pc, spend: times(2, "yielded-out-wound") }, [6, 2, 1, 1]);
    expect(changesOf(outcome, "Ines").wounds).toEqual({ from: 0, to: 2 });
        expect(() => resolveWith("attack", { attack: "feint", defence: "dodge", attacker: { ...guard, name: "Bravo" }, defender: { ...pc, yield: 0 }, spend: ["yielded-out-wound"] }, [6, 2, 1, 1])).toThrow(/not on this success table/);
  });

  it("a PC at her Yield Limit fights on; an NPC there is out", () => {
    const onPc = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: guard, defender: { ...ines, yieldLimit: 2 }, spend: times(2, "inflict-yield") }, [6, 2, 1, 1]);
    expect(statusesOf(onPc, "Ines")).toEqual(["yielded-out-fights-on"]);
  });

  it("refuses purchases costing more SP than the roll earned, and a second buy of a one-off entry", () => {
    expect(() => resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: ines, defender: guard, spend: ["inflict-wound"] }, [8, 3, 1, 1])).toThrow(/cost 4 SP but only 3/);
    expect(() => resolveWith("attack", { attack: "feint", defence: "dodge", attacker: ines, defender: guard, spend: ["disarm", "disarm"] }, [8, 8, 1, 1])).toThrow(/only once/);
  });

  it("Style stops at the holder's cap (3 for a PC)", () => {
        expect(() => resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: { ...ines, style: 2 }, defender: guard, spend: times(2, "gain-style") }, [8, 8, 1, 1])).toThrow(/at most 3 Style/);
  });

  it("Wound Drop hits the attack roll; the attacker's combined actions add to it", () => {
    const outcome = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: { ...ines, ranks: 2, wounds: 2, combined: ["move"] }, defender: guard }, [5, 1, 1]);
    expect(outcome.steps.find((step) => step.rule === "drop-total" && step.roll === "attack pool")).toMatchObject({ wounds: 2, combined: 1, drop: 3 });
    expect(outcome.dice.filter((die) => die.label === "attack pool")).toHaveLength(1);
  });

  it("Aim takes the weapon's Drop for the range band and cover into the target's area", () => {
    const outcome = resolveWith("attack", { attack: "aim", defence: "dodge", attacker: { ...ines, ranks: 2 }, defender: guard, range: 3, weapon: "flintlock-pistol", cover: 1 }, [5, 1, 1, 1]);
    expect(outcome.steps.find((step) => step.rule === "range")).toMatchObject({ band: "medium", rangeDrop: 2, coverDrop: 1 });
    expect(outcome.dice.filter((die) => die.label === "attack pool")).toHaveLength(1);
    expect(() => resolveWith("attack", { attack: "aim", defence: "dodge", attacker: ines, defender: guard, range: 5, weapon: "flintlock-pistol" }, [])).toThrow(/cannot reach long/);
    expect(() => resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: ines, defender: guard, range: 1 }, [])).toThrow(/same Area/);
  });

  it("refuses a second bonus die beside the Advantage die, and Advantage not held", () => {
    expect(() => resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: { ...ines, advantage: 6, useAdvantage: true, bonus: 6 }, defender: guard }, [])).toThrow(/one bonus die/);
    expect(() => resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: { ...ines, useAdvantage: true }, defender: guard }, [])).toThrow(/no Advantage/);
  });

  it("Brawl defended by Brawl uses the Brawl table: Negate Brawl, Hold, Knockdown", () => {
    const outcome = resolveWith("attack", { attack: "brawl", defence: "brawl", attacker: ines, defender: guard, spend: ["negate", "hold", "knockdown"] }, [1, 1, 6, 6]);
    expect(outcome.result).toMatchObject({ winner: "defender", negated: true });
    expect(statusesOf(outcome, "Ines")).toEqual(["hold", "knockdown"]);
  });

  // RULINGS.md, after the source's Defense chapter: "A Dodge roll can be used against any incoming attack roll".
  it("Dodge answers a Brawl, with the Dodge table: Negate, then Advantage", () => {
    // attack d8+d8: 1+1 = 2; dodge d6+d6: 6+6 = 12 (7 SP)
    const outcome = resolveWith("attack", { attack: "brawl", defence: "dodge", attacker: ines, defender: guard, spend: ["negate", "increase-advantage"] }, [1, 1, 6, 6]);
    expect(outcome.result).toMatchObject({ winner: "defender", negated: true, landed: false });
    expect(changesOf(outcome, "Guard").advantage).toEqual({ from: 0, to: 6 });
    expect(() => resolveWith("attack", { attack: "brawl", defence: "dodge", attacker: ines, defender: guard, spend: ["hold"] }, [1, 1, 6, 6])).toThrow(/"hold" is not on this success table/);
  });

  it("Parry's Disarm is not available against Brawl", () => {
    expect(() => resolveWith("attack", { attack: "brawl", defence: "parry", attacker: ines, defender: guard, spend: ["negate", "disarm"] }, [1, 1, 6, 6])).toThrow(/not against a Brawl/);
  });
});

describe("cavaliers offered entries", () => {
  it("lists what each side may buy here: Break Weapon only after a Parry, the Yielded Out Wound only on a PC at her limit", () => {
    const pc = { name: "Ines", type: "pc" as const, yield: 4, wounds: 0, yieldLimit: 4, advantage: 0, style: 0 };
    const ids = (side: "attacker" | "defender", attack: "lunge" | "brawl", defence: "parry" | "block") => offeredEntries(side, attack, defence, pc).entries.map((entry) => entry.id);
    expect(ids("attacker", "lunge", "parry")).toEqual(["inflict-yield", "increase-advantage", "gain-style", "inflict-wound", "break-weapon", "yielded-out-wound"]);
    expect(ids("attacker", "lunge", "block")).not.toContain("break-weapon");
    expect(ids("defender", "brawl", "parry")).toEqual(["negate", "riposte", "gain-style", "increase-advantage"]);
    expect(offeredEntries("attacker", "lunge", "parry", { ...pc, yield: 0 }).entries.map((entry) => entry.id)).not.toContain("yielded-out-wound");
  });
});

describe("seed 000 §Attack, the Lunge table (RULINGS: Break Weapon only vs a failed Parry)", () => {
  // Ines's Lunge 6 + 5 = 11 (5 SP, the price of Break Weapon). The Guard Parries with d10, d12 and a rank's d10.
  const parrier = { name: "Guard", type: "stock", attribute: 10, competency: 12, ranks: 1 };
  const lunge = (faces: number[], more: Record<string, unknown> = {}) => resolveWith("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: parrier, ...more }, faces);
  const offered = (outcome: ReturnType<typeof resolveWith>) => ((outcome.awaiting?.offer.entries ?? []) as { id: string }[]).map((entry) => entry.id);

  it("a Parry that fails (her 1 + 1 + 1 = 2 against 11) is offered Break Weapon, and it breaks her weapon", () => {
    expect(offered(lunge([6, 5, 1, 1, 1]))).toContain("break-weapon");
    expect(statusesOf(lunge([6, 5, 1, 1, 1], { spend: ["break-weapon"] }), "Guard")).toEqual(["break-weapon"]);
  });

  it("a Parry that wins (12 + 10 = 22) but buys no Negate lets the Lunge land without Break Weapon: not offered, and refused", () => {
    const landing = lunge([6, 5, 10, 12, 1], { spend: [] });
    expect(landing.awaiting).toMatchObject({ choice: "landingSpend", by: "attacker" });
    expect(offered(landing)).toEqual(["inflict-yield", "increase-advantage", "gain-style", "inflict-wound"]);
    expect(() => lunge([6, 5, 10, 12, 1], { spend: [], landingSpend: ["break-weapon"] })).toThrow("Break Weapon: only against a failed Parry");
    // A tie is the Parry's too (11 against 11: 10 + 1 with the d12's 1).
    expect(() => lunge([6, 5, 10, 1, 1], { spend: [], landingSpend: ["break-weapon"] })).toThrow("only against a failed Parry");
    expect(changesOf(lunge([6, 5, 10, 12, 1], { spend: [], landingSpend: ["inflict-wound"] }), "Guard")).toMatchObject({ wounds: { from: 0, to: 1 } });
  });
});
