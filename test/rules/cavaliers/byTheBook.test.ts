import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { cavaliersDuel } from "../../../src/rules/cavaliers/duel.js";
import { changesOf, poolOf, resolveChecked, statusesOf, times } from "./helpers.js";

// Issue 23: where `fray resolve` departed from seed 000 as RULINGS.md reads it. Each test names the
// seed's section and failed on the main of its day (the field it needs was refused by the schema,
// or the old reading gave another number).
const ines = { name: "Ines", attribute: 8, competency: 8 };
const offerIds = (outcome: ReturnType<typeof resolveChecked>) => ((outcome.awaiting?.offer.entries ?? []) as { id: string }[]).map((entry) => entry.id);

describe("seed 000 §Yield (RULINGS: Competency die): the Yield Limit reads the character's competency die", () => {
  it("RULINGS (Competency die: one per character): a PC whose request leaves her die out has a d6, in her pool and her Yield Limit (3 + 6)", () => {
    // Lunge: Verve d8 and the d6 show 8 and 6 against the Guard's 1. Pat (no die given) at 8 Yield is one short of 9.
    const outcome = resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: { name: "Ines", attribute: 8 }, defender: { name: "Guard", type: "stock", attribute: 6 } }, [8, 6, 1]);
    expect(poolOf(outcome, "attack pool")).toEqual(["attribute:d8", "competency:d6"]);
    const pat = { name: "Pat", attribute: 6, competent: false, yield: 7 };
    const hit = (yieldNow: number) => resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: { ...pat, yield: yieldNow }, spend: ["inflict-yield"] }, [8, 7, 1]);
    expect(statusesOf(hit(7), "Pat")).toEqual([]);
    expect(statusesOf(hit(8), "Pat")).toEqual(["yielded-out-fights-on"]);
  });

  it("RULINGS (Competency die): a PC said to have none is refused in one line; an NPC may have none", () => {
    const lunge = (attacker: Record<string, unknown>) => resolveChecked("attack", { attack: "lunge", defence: "parry", attacker, defender: { name: "Guard", type: "stock", attribute: 6 } }, [8, 1]);
    expect(() => lunge({ name: "Ines", attribute: 8, competency: 0 })).toThrow("Ines is a PC: she has a competency die, a d6 at least (leave competency out for a d6)");
    expect(poolOf(lunge({ name: "Bravo", type: "minor", attribute: 8 }), "attack pool")).toEqual(["attribute:d8"]);
    expect(poolOf(lunge({ name: "Bravo", type: "minor", attribute: 8, competency: 0 }), "attack pool")).toEqual(["attribute:d8"]);
    expect(() => resolveChecked("survival", { name: "Ines", verve: 8, competency: 0, wounds: 4 }, [])).toThrow(/Ines is a PC: she has a competency die/);
    expect(() => resolveChecked("assist", { helper: { name: "Luc", attribute: 8, competency: 0 } }, [])).toThrow(/Luc is a PC/);
    expect(resolveChecked("assist", { helper: { name: "Luc", attribute: 8 } }, []).result).toMatchObject({ options: { competency: [6] } });
    expect(() => resolveChecked("initiative", { combatants: [{ name: "Ines", specialty: "impulse", attribute: 8, competency: 0 }] }, [])).toThrow(/Ines is a PC/);
    expect(resolveChecked("initiative", { combatants: [{ name: "Ines", specialty: "impulse", attribute: 8 }] }, [6, 4]).result).toMatchObject({ order: [{ total: 10, successPoints: 4 }] });
  });

  it("RULINGS (Competency die) in a `duel`: a PC fighter with her die left out rolls a d6 in her Lunge; one with none is refused", () => {
    const fighter = (over: Record<string, unknown>) => ({ name: "A", lunge: { attribute: 6 }, parry: { attribute: 6, competent: false }, ...over });
    const b = fighter({ name: "B", type: "minor", yieldLimit: 40, lunge: { attribute: 6 } });
    expect(() => cavaliersDuel.fight(fighter({ competency: 0 }), b, new DiceTray(givenFaces([])), 1)).toThrow(/A is a PC/);
    const tray = new DiceTray(givenFaces([1, 1, 6, 6, 1]));
    cavaliersDuel.fight(fighter({}), b, tray, 1);
    expect(tray.rolled.map((die) => `${die.label} d${die.sides}`)).toEqual(["A lunge d6", "A lunge d6", "B parry d6", "B lunge d6", "A parry d6"]);
  });

  it("a PC defending with Brawl, in which she is not competent, rolls without her d8 and keeps her Yield Limit of 11", () => {
    // Brawl d8 + d8 show 8 and 7 (15, 7 SP) against Pat's lone Verve d6 showing 1. At 3 Yield she is
    // far from 11, so no Yielded Out Wound is on offer (with a limit of 3 she would be yielded out).
    const pat = { name: "Pat", attribute: 6, competency: 8, competent: false, yield: 3 };
    const outcome = resolveChecked("attack", { attack: "brawl", defence: "brawl", attacker: ines, defender: pat }, [8, 7, 1]);
    expect(poolOf(outcome, "defence pool")).toEqual(["attribute:d6"]);
    expect(offerIds(outcome)).not.toContain("yielded-out-wound");
    const spent = resolveChecked("attack", { attack: "brawl", defence: "brawl", attacker: ines, defender: pat, spend: ["inflict-yield"] }, [8, 7, 1]);
    expect(changesOf(spent, "Pat")).toEqual({ yield: { from: 3, to: 4 } });
    expect(statusesOf(spent, "Pat")).toEqual([]);
  });

  it("an attacker Aiming without competency in Aim rolls her attribute die alone", () => {
    const outcome = resolveChecked("attack", { attack: "aim", attacker: { ...ines, competent: false } }, []);
    expect(poolOf(outcome, "attack pool")).toEqual(["attribute:d8"]);
    expect(outcome.result).toEqual({ attacker: { declared: true, dice: 1, drop: 0 } });
  });

  it("the target of a skill has her competency die too: a PC with a d8 at 4 Yield is not yielded out", () => {
    // Deceive d8 + d8 show 8 and 7 (7 SP) at Very Easy; 2 SP buy 1 Yield on Pat (3 → 4, Yield Limit 11).
    const outcome = resolveChecked("skill", { actor: ines, skill: "deceive", opposition: "very-easy", target: { name: "Pat", competency: 8, yield: 3 }, spend: ["inflict-yield"] }, [8, 7]);
    expect(changesOf(outcome, "Pat")).toEqual({ yield: { from: 3, to: 4 } });
    expect(statusesOf(outcome, "Pat")).toEqual([]);
  });

  it("an NPC type reads the same die: a Stock NPC with a d8 she does not roll in Parry has a Yield Limit of 3 + 4 = 7", () => {
    // Lunge 8 + 7 against the Guard's lone d6 showing 1: one Yield takes her from 6 to 7, her limit.
    const guard = { name: "Guard", type: "stock", attribute: 6, competency: 8, competent: false, yield: 6 };
    const outcome = resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: guard, spend: ["inflict-yield"] }, [8, 7, 1]);
    expect(statusesOf(outcome, "Guard")).toEqual(["yielded-out"]);
    const short = resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: { ...guard, yield: 5 }, spend: ["inflict-yield"] }, [8, 7, 1]);
    expect(statusesOf(short, "Guard")).toEqual([]);
  });

  it("a helper without ranks who is not competent in the skill offers only 1d6", () => {
    const outcome = resolveChecked("assist", { helper: { name: "Luc", attribute: 8, competency: 10, competent: false } }, []);
    expect(outcome.result).toMatchObject({ options: { specialty: null, competency: null, default: [6] }, suggested: [6] });
  });

  it("`duel`: the fighter's competency die sets her Yield Limit though her Parry is not competent", () => {
    // B (Minor, d6): Yield Limit 9. A's Lunge 6 + 3 puts 3 Yield on B (Parry 1): out at 3, in at 9.
    const a = { name: "A", lunge: { attribute: 6, ranks: 1, competent: false }, parry: { attribute: 6, competent: false } };
    const b = { name: "B", type: "minor", competency: 6, lunge: { attribute: 6, competent: false }, parry: { attribute: 6, competent: false } };
    expect(cavaliersDuel.fight(a, b, new DiceTray(givenFaces([6, 3, 1, 6, 6])), 1)).toEqual({ winner: "none", rounds: 1 });
  });
});

describe("seed 000 §Actions Before Combat (RULINGS: Before combat)", () => {
  // Prowl d8 + d8 show 8 and 6: 6 SP at Very Easy.
  const before = (skill: string, over: Record<string, unknown> = {}) => ({ actor: ines, skill, opposition: "very-easy", beforeCombat: true, ...over });

  it("Prowl and Strategy buy Advantage at their own tables' 2 SP a step: 6 SP make a d10", () => {
    for (const skill of ["prowl", "Strategy"]) {
      const outcome = resolveChecked("skill", before(skill, { spend: times(3, "increase-advantage") }), [8, 6]);
      expect(changesOf(outcome, "Ines")).toEqual({ advantage: { from: 0, to: 10 } });
    }
  });

  it("any other skill pays the generic 3 SP: 6 SP make a d8, and a third step is refused", () => {
    const outcome = resolveChecked("skill", before("deceive", { spend: times(2, "increase-advantage") }), [8, 6]);
    expect(changesOf(outcome, "Ines")).toEqual({ advantage: { from: 0, to: 8 } });
    expect(() => resolveChecked("skill", before("deceive", { spend: times(3, "increase-advantage") }), [8, 6])).toThrow(/cost 9 SP but only 6/);
  });

  it("§Surprise: a surprised character makes no roll before the fight", () => {
    expect(() => resolveChecked("skill", before("prowl", { surprised: true }), [8, 6])).toThrow(/surprised character makes no roll before the fight/);
    expect(resolveChecked("skill", before("prowl", { surprised: false }), [8, 6]).awaiting?.choice).toBe("spend");
  });

  it("in the fight itself surprise and earlier rolls do not matter: a Prowl there pays the generic 3 SP", () => {
    const during = { actor: { ...ines, yield: 1 }, skill: "prowl", opposition: "very-easy", surprised: true, rolledBeforeCombat: ["prowl"] };
    const offer = resolveChecked("skill", during, [8, 6]).awaiting?.offer.entries as { id: string; cost: number }[];
    expect(offer.map((entry) => `${entry.id} ${entry.cost}`)).toEqual(["reduce-yield 3", "increase-advantage 3", "gain-style 3"]);
  });

  it("only one roll of a given type: a second Prowl is refused, a first Strategy after it is not", () => {
    expect(() => resolveChecked("skill", before("prowl", { rolledBeforeCombat: ["Prowl"] }), [8, 6])).toThrow(/only one prowl roll/);
    expect(resolveChecked("skill", before("strategy", { rolledBeforeCombat: ["Prowl"] }), [8, 6]).awaiting?.choice).toBe("spend");
  });

  it("§Actions Before Combat: a Strategy roll already made among others is refused a second time, wherever it stands in the list", () => {
    expect(() => resolveChecked("skill", before("strategy", { rolledBeforeCombat: ["Prowl", "Strategy"] }), [8, 6])).toThrow(/only one strategy roll/);
    expect(() => resolveChecked("skill", before("strategy", { rolledBeforeCombat: ["Strategy", "Prowl"] }), [8, 6])).toThrow(/only one strategy roll/);
  });
});

describe("seed 000 §Dying and Death: a Dying character is unconscious and cannot take actions", () => {
  const dying = { ...ines, wounds: 4 };
  const guard = { name: "Guard", type: "stock", attribute: 6, competency: 6 };

  it("she cannot attack, use a skill or Flourish; one Wound short, she can", () => {
    expect(() => resolveChecked("attack", { attack: "lunge", attacker: dying }, [8, 6])).toThrow(/Ines is Dying.*cannot attack/);
    expect(() => resolveChecked("skill", { actor: dying, skill: "deceive", opposition: "easy" }, [8, 6, 1, 1, 1])).toThrow(/cannot use a skill/);
    expect(() => resolveChecked("flourish", { actor: dying, skill: "dodge" }, [8, 6, 1, 1, 1])).toThrow(/cannot Flourish/);
    expect(resolveChecked("attack", { attack: "lunge", attacker: { ...ines, wounds: 3 } }, [8]).awaiting?.choice).toBe("defence");
  });

  it("she cannot defend herself: an attack on a Dying target is refused before any die is rolled", () => {
    expect(() => resolveChecked("attack", { attack: "lunge", attacker: ines, defender: { ...guard, wounds: 2 } }, [])).toThrow(/Guard is Dying.*cannot defend herself/);
    expect(resolveChecked("attack", { attack: "lunge", attacker: ines, defender: { ...guard, wounds: 1 } }, [8, 6]).awaiting?.choice).toBe("defence");
  });

  it("she cannot Focus, spend Initiative Points, Assist or take a turn", () => {
    expect(() => resolveChecked("focus", { roller: { name: "Ines", wounds: 4, specialty: "impulse", attribute: 8 }, current: { total: 5, successPoints: 1, initiativePoints: 1 } }, [8])).toThrow(/cannot Focus/);
    expect(() => resolveChecked("spend-initiative", { name: "Ines", wounds: 4, specialty: "impulse", initiativePoints: 3, spend: "seize" }, [])).toThrow(/cannot spend Initiative Points/);
    expect(() => resolveChecked("assist", { helper: { name: "Luc", type: "rabble", wounds: 1, attribute: 8 } }, [])).toThrow(/Luc is Dying.*cannot Assist/);
    expect(() => resolveChecked("turn", { name: "Ines", wounds: 4, combined: ["move"] }, [])).toThrow(/cannot take a turn/);
    expect(resolveChecked("turn", { name: "Ines", wounds: 3, combined: ["move"] }, []).result).toEqual({ drop: 1, capCount: 1, areas: 1 });
  });
});

describe("seed 000 §Move or Run: the most that you can Move in one turn is two Areas", () => {
  it("a combined action the table does not know is refused, moving or not", () => {
    expect(() => resolveChecked("attack", { attack: "lunge", range: 1, attacker: { ...ines, combined: ["fly"] } }, [8])).toThrow(/"fly" is not a combined action/);
  });

  it("Run and Run, Run and Move, or three Moves are refused; two Moves are two Areas", () => {
    expect(() => resolveChecked("turn", { name: "Ines", combined: ["run", "run"] }, [])).toThrow(/moves at most 2 Areas.*moves 4/);
    expect(() => resolveChecked("turn", { name: "Ines", combined: ["move", "move", "move"] }, [])).toThrow(/moves 3/);
    expect(() => resolveChecked("turn", { name: "Ines", combined: ["run", "move"] }, [])).toThrow(/moves 3/);
    expect(resolveChecked("turn", { name: "Ines", combined: ["move", "move"] }, []).result).toEqual({ drop: 2, capCount: 2, areas: 2 });
  });

  it("what she moved earlier in the round counts: a Run then a Move when a Prepare fires is refused", () => {
    expect(() => resolveChecked("turn", { name: "Ines", rolled: ["prepare"], combinedThisRound: ["run"], atTrigger: ["move"] }, [])).toThrow(/moves 3/);
    expect(() => resolveChecked("attack", { attack: "lunge", attacker: { ...ines, combinedThisRound: ["move", "move"], combined: ["move"] } }, [8, 6])).toThrow(/moves 3/);
  });
});

describe("seed 000 §Attack: you could use a combined Move action to get closer to the target", () => {
  it("a Lunge one Area away with a combined Move closes in, and a Brawl two away with a Run", () => {
    const lunge = resolveChecked("attack", { attack: "lunge", range: 1, attacker: { ...ines, combined: ["move"] } }, [8]);
    expect(lunge.steps).toContainEqual({ rule: "close-in", from: 1, moved: 1, range: 0 });
    expect(lunge.steps.find((step) => step.rule === "drop-total")).toMatchObject({ combined: 1, drop: 1 });
    const brawl = resolveChecked("attack", { attack: "brawl", range: 2, attacker: { ...ines, combined: ["run"] } }, [8]);
    expect(brawl.steps).toContainEqual({ rule: "close-in", from: 2, moved: 2, range: 0 });
  });

  it("a Move does not close two Areas, and without one the target must already be in her Area", () => {
    expect(() => resolveChecked("attack", { attack: "brawl", range: 2, attacker: { ...ines, combined: ["move"] } }, [8])).toThrow(/same Area \(range 0\) after the combined movement \(1 Areas away\)/);
    expect(() => resolveChecked("attack", { attack: "lunge", range: 1, attacker: ines }, [8, 6])).toThrow(/lunge needs the target in the same Area \(range 0\)$/);
  });

  it("an Aim reads its range after the combined Move: a pistol at 3 Areas moved to 2 fires at Short (no range Drop)", () => {
    // Four d8 (ranks 2); Drop 1 for the Move alone leaves three, showing 8, 6 and 2.
    const outcome = resolveChecked("attack", { attack: "aim", weapon: "flintlock-pistol", range: 3, attacker: { ...ines, ranks: 2, combined: ["move"] } }, [8, 6, 2]);
    expect(outcome.steps).toContainEqual({ rule: "range", from: 3, moved: 1, range: 2, band: "short", rangeDrop: 0, coverDrop: 0 });
    expect(outcome.steps.find((step) => step.rule === "drop-total")).toMatchObject({ combined: 1, other: 0, drop: 1 });
  });

  it("a shooter who moves away says where she ends (`rangeAfterMove`), within what the move can reach", () => {
    const away = resolveChecked("attack", { attack: "aim", weapon: "flintlock-pistol", range: 2, rangeAfterMove: 3, attacker: { ...ines, ranks: 2, combined: ["move"] } }, [8]);
    expect(away.steps).toContainEqual({ rule: "range", from: 2, moved: 1, range: 3, band: "medium", rangeDrop: 2, coverDrop: 0 });
    expect(() => resolveChecked("attack", { attack: "aim", range: 2, rangeAfterMove: 0, attacker: { ...ines, combined: ["move"] } }, [8])).toThrow(/moving 1 Area cannot take the attacker from 2 to 0/);
    expect(() => resolveChecked("attack", { attack: "aim", range: 2, rangeAfterMove: 1, attacker: ines }, [8, 6])).toThrow(/moving 0 Areas cannot take/);
    // Moving within reach of where she started changes nothing to read: no approach is shown.
    const sideways = resolveChecked("attack", { attack: "aim", range: 2, rangeAfterMove: 2, attacker: { ...ines, combined: ["move"] } }, [8]);
    expect(sideways.steps).toContainEqual({ rule: "range", range: 2, band: "short", rangeDrop: 0, coverDrop: 0 });
  });
});

describe("seed 000 §Using Advantage: on any attack or defense roll (RULINGS: not Flourish, not Use a Skill)", () => {
  const holding = { ...ines, advantage: 8, useAdvantage: true };

  it("a Flourish or a skill roll with the Advantage die is refused; an attack takes it", () => {
    expect(() => resolveChecked("flourish", { actor: holding, skill: "dodge" }, [8, 6, 5, 1, 1, 1])).toThrow(/Advantage die goes only on an attack or a defence roll, not on Flourish/);
    expect(() => resolveChecked("skill", { actor: holding, skill: "deceive", opposition: "easy" }, [8, 6, 5, 1, 1, 1])).toThrow(/not on use a skill/);
    expect(poolOf(resolveChecked("attack", { attack: "lunge", attacker: holding }, [8, 6, 5]), "attack pool")).toEqual(["attribute:d8", "competency:d8", "advantage:d8"]);
  });
});

describe("seed 000 §Combined Actions (RULINGS: the Drop 4 cap holds for the round, with or without a rolled action)", () => {
  it("an Aim with Reload (Musket) and a Run (Drop 5) is refused, as a turn without a roll is", () => {
    expect(() => resolveChecked("attack", { attack: "aim", attacker: { ...ines, ranks: 4, combined: ["reload-musket", "run"] } }, [8])).toThrow(/capped at Drop 4 in a round; this turn comes to Drop 5/);
    expect(resolveChecked("turn", { name: "Ines", rolled: ["aim"], combined: ["reload-musket", "move"] }, []).result).toEqual({ drop: 4, capCount: 4, areas: 1 });
  });

  it("what she took earlier in the round counts towards the cap, though its Drop is not on this roll", () => {
    const outcome = resolveChecked("attack", { attack: "lunge", attacker: { ...ines, combinedThisRound: ["reload-pistol"], combined: ["reload-pistol"] } }, [8]);
    expect(outcome.steps.find((step) => step.rule === "drop-total")).toMatchObject({ combined: 2, drop: 2 });
    expect(() => resolveChecked("attack", { attack: "lunge", attacker: { ...ines, combinedThisRound: ["reload-pistol"], combined: ["reload-pistol", "move"] } }, [8])).toThrow(/Drop 5/);
    expect(() => resolveChecked("turn", { name: "Ines", combinedThisRound: ["reload-musket"], assist: true }, [])).toThrow(/Drop 5/);
  });
});

describe("seed 000 §Using Advantage (RULINGS: a Drop that removes it means it was not used)", () => {
  it("a defender may roll her Advantage die too, and it steps down", () => {
    const outcome = resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: { name: "Guard", type: "stock", attribute: 6, advantage: 6, useAdvantage: true }, spend: ["negate"] }, [1, 1, 6, 6]);
    expect(poolOf(outcome, "defence pool")).toEqual(["attribute:d6", "advantage:d6"]);
    expect(changesOf(outcome, "Guard")).toEqual({ advantage: { from: 6, to: 0 } });
  });

  it("`duel`: an Advantage die her Wounds' Drop removes stays for her next attack", () => {
    // B (1 Wound) Parries with three d6 less one (6, 6: 6 SP), Negates and buys a d6 Advantage. Her Lunge
    // (Verve, a rank and the Advantage d6, Drop 1) loses the Advantage die: two dice. In round 2 she still
    // has it, and her Lunge is two dice again (were it spent, one).
    const a = { name: "A", type: "minor", yieldLimit: 20, lunge: { attribute: 6 }, parry: { attribute: 6 } };
    const b = { name: "B", type: "minor", wounds: 1, yieldLimit: 20, lunge: { attribute: 6, ranks: 1 }, parry: { attribute: 6, ranks: 2 } };
    const tray = new DiceTray(givenFaces([1, 6, 6, 1, 1, 6, 1, 1, 1, 1, 1, 6]));
    expect(cavaliersDuel.fight(a, b, tray, 2)).toEqual({ winner: "none", rounds: 2 });
    const round = ["A lunge d6", "B parry d6", "B parry d6", "B lunge d6", "B lunge d6", "A parry d6"];
    expect(tray.rolled.map((die) => `${die.label} d${die.sides}`)).toEqual([...round, ...round]);
  });

  // Ines (d6 Verve, her competency die not in this pool, 1 Wound: Drop 1 on a Lunge) with a d6 Advantage die.
  const wounded = { name: "Ines", attribute: 6, competent: false, wounds: 1, advantage: 6, useAdvantage: true };
  const guard = { name: "Guard", type: "stock", attribute: 6 };

  it("the default Drop takes the Advantage d6 beside her Verve d6, and her Advantage stays a d6", () => {
    const outcome = resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: wounded, defender: guard, spend: ["inflict-yield"] }, [4, 1]);
    expect(outcome.steps).toContainEqual({ rule: "drop", roll: "attack pool", drop: 1, removed: [6], pool: [6] });
    expect(outcome.steps).toContainEqual({ rule: "advantage-dropped", roll: "attack pool", advantage: 6 });
    expect(outcome.steps.some((step) => step.rule === "advantage-used")).toBe(false);
    expect(changesOf(outcome, "Ines")).toEqual({});
  });

  it("a Drop chosen to remove her Verve die rolls the Advantage die, which then steps down", () => {
    const outcome = resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: { ...wounded, dropChoice: [0] }, defender: guard, spend: ["inflict-yield"] }, [4, 1]);
    expect(outcome.steps).toContainEqual({ rule: "advantage-used", roll: "attack pool", from: 6, to: 0 });
    expect(changesOf(outcome, "Ines")).toEqual({ advantage: { from: 6, to: 0 } });
  });
});

describe("seed 000 §Yield: a PC who reaches her Yield Limit can stay in the fight (`duel`)", () => {
  it("the bout goes on past a PC's Yield Limit and ends when she is Dying", () => {
    // B (PC, Yield Limit 1) takes 1 Yield in round 1, then a Wound at 1 SP in each round after: the fourth makes her Dying.
    const lone = (name: string, over: Record<string, unknown> = {}) => ({ name, lunge: { attribute: 6, competent: false }, parry: { attribute: 6, competent: false }, ...over });
    const faces = Array.from({ length: 5 }, () => [6, 1, 1, 6]).flat();
    expect(cavaliersDuel.fight(lone("A"), lone("B", { yieldLimit: 1 }), new DiceTray(givenFaces(faces)), 10)).toEqual({ winner: "a", rounds: 5 });
    expect(cavaliersDuel.fight(lone("A"), lone("B", { type: "minor", yieldLimit: 1 }), new DiceTray(givenFaces(faces)), 10)).toEqual({ winner: "a", rounds: 1 });
  });
});

describe("seed 000 §Wounds, the table's Wound Limits 5 and 6 (RULINGS: per-actor wound track)", () => {
  // A Minor NPC whose own track is [1, 2, 4, 4]: Wound Limit 5, so 4 Wounds are Drop 4, not Dying.
  const bravo = { name: "Bravo", type: "minor", attribute: 8, competency: 6, woundTrack: [1, 2, 4, 4] };
  const lunge = (defender: Record<string, unknown>, faces: number[], more: Record<string, unknown> = {}) => resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: ines, defender, ...more }, faces);

  it("her own track, not her type's, says whether she is Dying and what Drop her Wounds give", () => {
    // Her Parry d8 + d6 takes Drop 4 before the roll, and one die always stays: her 5 against Ines's 8 + 7.
    const outcome = lunge({ ...bravo, wounds: 4 }, [8, 7, 5]);
    expect(outcome.steps).toContainEqual(expect.objectContaining({ rule: "drop-total", roll: "defence pool", wounds: 4 }));
    expect(() => lunge({ name: "Bravo", type: "minor", attribute: 8, competency: 6, wounds: 4 }, [8, 7, 5, 1])).toThrow("Bravo is Dying");
    expect(() => lunge({ ...bravo, wounds: 5 }, [8, 7, 5, 1])).toThrow("Bravo is Dying");
  });

  it("a Wound bought stops at her own limit: the fifth makes her Dying, and her Wound Drop reads her track", () => {
    const outcome = lunge({ ...bravo, wounds: 4 }, [8, 7, 1, 1], { spend: ["inflict-wound"] });
    expect(changesOf(outcome, "Bravo").wounds).toEqual({ from: 4, to: 5 });
    expect(statusesOf(outcome, "Bravo")).toContain("dying");
    const three = lunge({ ...bravo, wounds: 3 }, [8, 7, 1, 1], { spend: ["inflict-wound"] });
    expect(statusesOf(three, "Bravo")).not.toContain("dying");
  });

  it("Wound Limit 6 (a track of five Drops): 5 Wounds are not Dying, 6 are; a Survival roll reads her track too", () => {
    const major = { name: "Margot", type: "major", attribute: 8, competency: 8, woundTrack: [0, 1, 2, 4, 4] };
    expect(lunge({ ...major, wounds: 5 }, [8, 7, 8, 1]).awaiting).toMatchObject({ choice: "spend" });
    expect(() => lunge({ ...major, wounds: 6 }, [8, 7, 8, 1])).toThrow("Margot is Dying");
    expect(() => resolveChecked("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4, woundTrack: [1, 2, 4, 4] }, [])).toThrow("Ines is not Dying (4 Wounds, Wound Limit 5)");
    expect(resolveChecked("survival", { name: "Ines", verve: 8, competency: 8, wounds: 5, woundTrack: [1, 2, 4, 4] }, [8, 4, 2, 2, 1]).result).toMatchObject({ survived: true });
    const ended = resolveChecked("end-combat", { combatants: [{ name: "Bravo", type: "minor", wounds: 4, woundTrack: [1, 2, 4, 4] }] }, []);
    expect(ended.result).toMatchObject({ resolved: true, died: [] });
  });
});

describe("seed 000 §Yield (RULINGS: an NPC at its limit surrenders or is knocked out)", () => {
  // A Stock NPC with a d8: Yield Limit 3 + 4 = 7.
  const guard = { name: "Guard", type: "stock", attribute: 8, competency: 8 };

  it("a Stock NPC at 7 of 7 takes no action: her Lunge and her defence are refused before any die; at 6 of 7 she still fights", () => {
    expect(() => resolveChecked("attack", { attack: "lunge", attacker: { ...guard, yield: 7 } }, [])).toThrow("Guard is at her Yield Limit (7 of 7): she has surrendered or is knocked out, and cannot attack");
    expect(() => resolveChecked("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: { ...guard, yield: 7 } }, [])).toThrow("cannot defend herself");
    expect(resolveChecked("attack", { attack: "lunge", attacker: { ...guard, yield: 6 } }, [5, 3]).awaiting).toMatchObject({ choice: "defence" });
    // A PC at her limit fights on.
    expect(resolveChecked("attack", { attack: "lunge", attacker: { ...ines, yield: 11 } }, [5, 3]).awaiting).toMatchObject({ choice: "defence" });
  });

  it("at the end of the fight she counts as out: her Yield goes, the surrender or knock-out stays", () => {
    const ended = resolveChecked("end-combat", { combatants: [{ name: "Guard", type: "stock", competency: 8, yield: 7 }, { name: "Watch", type: "stock", competency: 8, yield: 6 }, { name: "Ines", competency: 8, yield: 11 }] }, []);
    expect(ended.result).toMatchObject({ out: ["Guard"] });
    expect(ended.steps).toContainEqual({ rule: "out-at-yield-limit", participant: "Guard" });
  });
});
