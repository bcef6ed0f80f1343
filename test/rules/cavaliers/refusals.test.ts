import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import type { CombatantState } from "../../../src/rules/cavaliers/actors.js";
import { stepDownAdvantage, stepUpAdvantage } from "../../../src/rules/cavaliers/advantage.js";
import { combinedActionDrop, planTurn } from "../../../src/rules/cavaliers/combined.js";
import { checkDefence, offeredEntries, settleAttack } from "../../../src/rules/cavaliers/exchange.js";
import { rollInitiative, spendInitiative } from "../../../src/rules/cavaliers/initiative.js";
import { buildPool, rollCheck } from "../../../src/rules/cavaliers/pool.js";
import { aimDrop, rangeBand } from "../../../src/rules/cavaliers/range.js";
import { Refusal, refuse } from "../../../src/rules/cavaliers/refusal.js";
import { applySpend, validateSpend } from "../../../src/rules/cavaliers/spend.js";
import { SUCCESS_TABLES, type SuccessEntry } from "../../../src/rules/cavaliers/tables.js";
import { resolveChecked, resolveWith } from "./helpers.js";

// Every refusal a cavaliers request can meet, met once, each beside the nearest request that is
// allowed so that the edge itself is pinned. The refused request changes nothing: the rules throw
// before any state is returned.
const ines = { name: "Ines", attribute: 8, competency: 8 };
const guard = { name: "Guard", type: "stock", attribute: 6, competency: 6 };
const state = (over: Partial<CombatantState> = {}): CombatantState => ({ name: "Ines", type: "pc", yield: 0, wounds: 0, yieldLimit: 11, advantage: 0, style: 0, ...over });
const entries = (id: string): readonly SuccessEntry[] => SUCCESS_TABLES[id]?.entries ?? [];
const plan = (id: string, purchases: string[], sp = 20) => validateSpend(entries(id), purchases, sp, { role: "attacking", attack: "lunge", defence: "parry" });

describe("cavaliers refusals", () => {
  it("a refusal is a Refusal named so, carrying its reason", () => {
    expect(() => refuse("no")).toThrow(Refusal);
    expect(() => refuse("no")).toThrow("no");
    expect(new Refusal("x").name).toBe("Refusal");
  });

  it("Advantage steps only along none, d6, d8, d10, d12: not past d12, not below none, not from a d7", () => {
    expect(stepUpAdvantage(10)).toBe(12);
    expect(() => stepUpAdvantage(12)).toThrow(/already a d12/);
    expect(() => stepUpAdvantage(7)).toThrow(/must be one of 0, 6, 8, 10, 12, got 7/);
    expect(stepDownAdvantage(6)).toBe(0);
    expect(() => stepDownAdvantage(0)).toThrow(/no Advantage die to step down/);
    expect(() => stepDownAdvantage(7)).toThrow(/must be one of/);
  });

  it("a combined action must be on the table (and not a name every object has)", () => {
    expect(combinedActionDrop(["move", "reload-musket"])).toBe(4);
    expect(() => combinedActionDrop(["fly"])).toThrow(/"fly" is not a combined action/);
    expect(() => combinedActionDrop(["constructor"])).toThrow(/not a combined action/);
  });

  it("a turn holds one rolled action; an Assist takes no rolled action beside it; Run and Move do not go together", () => {
    expect(planTurn({ rolled: ["lunge"], combined: ["run"] })).toEqual({ drop: 2, capCount: 2, areas: 2 });
    expect(() => planTurn({ rolled: ["lunge", "aim"], combined: [] })).toThrow(/two actions that need a dice roll/);
    expect(() => planTurn({ rolled: ["lunge"], combined: [], assist: true })).toThrow(/Assist cannot be combined/);
    expect(planTurn({ rolled: [], combined: ["run"], assist: true })).toEqual({ drop: 2, capCount: 4, areas: 2 });
    expect(() => planTurn({ rolled: [], combined: ["run", "move"] })).toThrow(/moves at most 2 Areas \(a Run, or one or two Moves\); this one moves 3/);
    expect(planTurn({ rolled: [], combined: ["move"] })).toEqual({ drop: 1, capCount: 1, areas: 1 });
    expect(planTurn({ rolled: [], combined: ["run"] })).toEqual({ drop: 2, capCount: 2, areas: 2 });
  });

  it("combined actions stop at exactly Drop 4 in a round, with or without a roll, an Assist counting 2", () => {
    expect(planTurn({ rolled: [], combined: ["reload-pistol", "reload-pistol"] }).capCount).toBe(4);
    expect(() => planTurn({ rolled: [], combined: ["reload-musket", "move", "draw-weapon"] })).toThrow(/capped at Drop 4 in a round; this turn comes to Drop 5/);
    expect(() => planTurn({ rolled: [], combined: ["reload-musket"], assist: true })).toThrow(/Drop 5/);
    expect(planTurn({ rolled: ["aim"], combined: ["reload-musket", "move"] }).drop).toBe(4);
    expect(() => planTurn({ rolled: ["aim"], combined: ["reload-musket", "run"] })).toThrow(/Drop 5/);
  });

  it("a defence must be one the attack allows, and a Dodge takes no item die", () => {
    expect(() => checkDefence("lunge", "block", true)).not.toThrow();
    expect(() => checkDefence("aim", "parry", false)).toThrow(/parry cannot answer aim; allowed: block, dodge/);
    expect(() => checkDefence("lunge", "dodge", true)).toThrow(/dodge takes no item die/);
    expect(() => checkDefence("lunge", "dodge", false)).not.toThrow();
    expect(() => checkDefence("constructor" as "lunge", "parry", false)).toThrow(/parry cannot answer constructor; allowed: $/);
  });

  it("an exchange needs a success table for the attack and for the defence", () => {
    const { lunge } = SUCCESS_TABLES;
    expect(() => offeredEntries("defender", "lunge", "parry", state(), { tables: { lunge: lunge! } })).toThrow(/no success table for parry/);
    expect(() => offeredEntries("attacker", "lunge", "parry", state(), { tables: { parry: SUCCESS_TABLES.parry! } })).toThrow(/no success table for lunge/);
  });

  it("a winning attacker has no landing spend, and a negated attack none either", () => {
    const base = { attack: "lunge", defence: "parry", attacker: state(), defender: state({ name: "Guard", type: "stock", yieldLimit: 6 }), attackerSp: 3, defenderSp: 3 } as const;
    expect(() => settleAttack({ ...base, attackerTotal: 10, defenderTotal: 9, spend: ["inflict-yield"], landingSpend: ["inflict-yield"] })).toThrow(/landingSpend is only for an attack that lands/);
    expect(settleAttack({ ...base, attackerTotal: 10, defenderTotal: 9, spend: ["inflict-yield"], landingSpend: [] }).defender.yield).toBe(1);
    expect(() => settleAttack({ ...base, attackerTotal: 9, defenderTotal: 9, spend: ["negate"], landingSpend: ["inflict-yield"] })).toThrow(/the attack was negated/);
    expect(settleAttack({ ...base, attackerTotal: 9, defenderTotal: 9, spend: ["negate"], landingSpend: [] }).negated).toBe(true);
  });

  it("a shared Initiative roll needs three or more Rabble or Stock", () => {
    const group = (type: "rabble" | "stock" | "minor", members: string[]) => ({ name: "Watch", specialty: "impulse" as const, attribute: 6, type, members });
    expect(rollInitiative(new DiceTray(givenFaces([4])), group("stock", ["a", "b", "c"]), true, []).members).toEqual(["a", "b", "c"]);
    expect(rollInitiative(new DiceTray(givenFaces([4])), group("rabble", ["a", "b", "c"]), true, []).members).toEqual(["a", "b", "c"]);
    expect(() => rollInitiative(new DiceTray(givenFaces([4])), group("stock", ["a", "b"]), true, [])).toThrow(/Watch: a shared Initiative roll needs a group of three or more/);
    expect(() => rollInitiative(new DiceTray(givenFaces([4])), group("minor", ["a", "b", "c"]), true, [])).toThrow(/only Rabble or Stock/);
  });

  it("IP: spending the last IP is allowed, one more is refused", () => {
    const state = { specialty: "vigilance" as const, initiativePoints: 3, usedThisRound: [] };
    expect(spendInitiative(state, "seize", true)).toEqual({ specialty: "vigilance", initiativePoints: 0, usedThisRound: ["seize"], cost: 3 });
    expect(() => spendInitiative({ ...state, initiativePoints: 2 }, "seize", true)).toThrow(/seize costs 3 IP with vigilance; only 2 IP left/);
  });

  it("a pool's dice are checked: attribute d6, d8 or d10; competency none or d6 to d12; whole ranks; item, bonus and assist dice d6 to d12", () => {
    for (const attribute of [6, 8, 10]) expect(buildPool({ attribute })).toEqual([{ sides: attribute, source: "attribute" }]);
    expect(() => buildPool({ attribute: 12 })).toThrow(/attribute die is a d6, d8 or d10; got d12/);
    expect(() => buildPool({ attribute: 4 })).toThrow(/attribute die/);
    expect(buildPool({ attribute: 6, competency: 12 })).toEqual([
      { sides: 6, source: "attribute" },
      { sides: 12, source: "competency" },
    ]);
    expect(() => buildPool({ attribute: 6, competency: 4 })).toThrow(/competency die is a d6 to d12 \(or none\); got d4/);
    expect(() => buildPool({ attribute: 6, ranks: -1 })).toThrow(/ranks must be a whole number of at least 0; got -1/);
    expect(() => buildPool({ attribute: 6, ranks: 1.5 })).toThrow(/ranks must be a whole number/);
    expect(buildPool({ attribute: 6, item: 12 }).at(-1)).toEqual({ sides: 12, source: "item" });
    expect(() => buildPool({ attribute: 6, item: 4 })).toThrow(/an item die is a d6 to d12; got d4/);
    expect(() => buildPool({ attribute: 6, bonus: 6, advantage: 6 })).toThrow(/at most one bonus die/);
    expect(buildPool({ attribute: 6, bonus: 12 }).at(-1)).toEqual({ sides: 12, source: "bonus" });
    expect(buildPool({ attribute: 6, advantage: 12 }).at(-1)).toEqual({ sides: 12, source: "advantage" });
    expect(() => buildPool({ attribute: 6, bonus: 4 })).toThrow(/a bonus die is a d6 to d12; got d4/);
    expect(() => buildPool({ attribute: 6, advantage: 20 })).toThrow(/a bonus die is a d6 to d12; got d20/);
    expect(buildPool({ attribute: 6, assists: [[6], [12]] }).filter((die) => die.source === "assist")).toHaveLength(2);
    expect(() => buildPool({ attribute: 6, assists: [[6], [6], [6]] })).toThrow(/at most two helpers; 3 were given/);
    expect(() => buildPool({ attribute: 6, assists: [[4]] })).toThrow(/an assist die is a d6 to d12; got d4/);
  });

  it("Drop must be a whole number of at least 0, and chosen dice must fit the Drop: a Refusal, not a core error", () => {
    const pool = buildPool({ attribute: 8, competency: 8 });
    expect(() => rollCheck(new DiceTray(givenFaces([])), pool, -1, "x", true)).toThrow(Refusal);
    expect(() => rollCheck(new DiceTray(givenFaces([])), pool, -1, "x", true)).toThrow(/Drop must be a whole number of at least 0, got -1/);
    expect(() => rollCheck(new DiceTray(givenFaces([5])), pool, 1, "x", true, [0, 1])).toThrow(/Drop removes 1 dice here, but 2 were chosen/);
  });

  it("a range is a whole number of areas from 0, an aimed weapon must reach the band, and cover is Drop 0, 1 or 2", () => {
    expect(rangeBand(0)).toBe("close");
    expect(() => rangeBand(-1)).toThrow(/range must be a whole number of areas, at least 0; got -1/);
    expect(() => rangeBand(1.5)).toThrow(/range must be a whole number/);
    const pistol = { close: 0, short: 0, medium: 2, long: null };
    expect(aimDrop(4, pistol, 2)).toEqual({ band: "medium", rangeDrop: 2, coverDrop: 2 });
    expect(() => aimDrop(5, pistol, 0)).toThrow(/cannot reach long range \(5 areas\)/);
    expect(() => aimDrop(0, pistol, 3)).toThrow(/cover is Drop 0, 1 or 2; got 3/);
    expect(() => aimDrop(0, pistol, -1)).toThrow(/cover is Drop 0, 1 or 2/);
  });

  it("a spend buys only what the table holds, what the roll allows, one-offs once, and no more than the SP", () => {
    expect(plan("lunge", ["inflict-wound", "inflict-yield"], 5)).toMatchObject({ cost: 5, available: 5, unused: 0 });
    expect(() => plan("lunge", ["inflict-wound", "inflict-yield"], 4)).toThrow(/the purchases cost 5 SP but only 4 SP are available/);
    expect(() => plan("lunge", ["disarm"])).toThrow(/"disarm" is not on this success table \(choices: inflict-yield, increase-advantage, gain-style, inflict-wound, break-weapon\)/);
    expect(() => plan("lunge", ["break-weapon", "break-weapon"])).toThrow(/Break Weapon can be bought only once/);
    expect(() => validateSpend(entries("lunge"), ["inflict-yield"], 5, { role: "attacking", only: ["gain-style"] })).toThrow(/only gain-style can be bought with these Success Points/);
    expect(validateSpend(entries("lunge"), ["gain-style"], 5, { role: "attacking", only: ["gain-style"] }).cost).toBe(3);
    expect(() => validateSpend(entries("parry"), ["negate"], 5, { role: "attacking", attack: "lunge" })).toThrow(/Negate Attack: only a defender can buy it/);
    expect(() => validateSpend(entries("lunge"), ["break-weapon"], 5, { role: "attacking", defence: "block" })).toThrow(/Break Weapon: only against a failed Parry/);
    expect(() => validateSpend(entries("lunge"), ["break-weapon"], 5, { role: "defending", defence: "parry" })).toThrow(/only against a failed Parry/);
    expect(() => validateSpend(entries("parry"), ["disarm"], 5, { role: "defending", attack: "brawl" })).toThrow(/Disarm: not against a Brawl attack/);
    expect(validateSpend(entries("parry"), ["disarm"], 5, { role: "defending", attack: "lunge" }).cost).toBe(5);
  });

  it("purchases that cannot happen are refused: no opponent to hit, Style past the cap, Yield not taken, Advantage past d12 or not held", () => {
    expect(() => applySpend(plan("lunge", ["inflict-yield"]), state(), null)).toThrow(/Inflict 1 Yield needs an opponent/);
    expect(() => applySpend(plan("lunge", ["inflict-wound"]), state(), null)).toThrow(/Inflict 1 Wound needs an opponent/);
    expect(() => applySpend(plan("riposte", ["decrease-advantage"]), state(), null)).toThrow(/Decrease Advantage needs an opponent/);
    expect(applySpend(plan("lunge", ["gain-style"]), state({ style: 2 }), null).buyer.style).toBe(3);
    expect(() => applySpend(plan("lunge", ["gain-style"]), state({ style: 3 }), null)).toThrow(/Ines can hold at most 3 Style Points/);
    expect(() => applySpend(plan("lunge", ["gain-style"]), state({ type: "stock", style: 1 }), null)).toThrow(/at most 1 Style/);
    expect(applySpend(plan("block", ["reduce-yield"]), state({ yield: 1 }), null).buyer.yield).toBe(0);
    expect(() => applySpend(plan("block", ["reduce-yield"]), state({ yield: 0 }), null)).toThrow(/Ines has no Yield left to reduce/);
    expect(() => applySpend(plan("lunge", ["increase-advantage"]), state({ advantage: 12 }), null)).toThrow(/already a d12/);
    expect(() => applySpend(plan("riposte", ["decrease-advantage"]), state(), state({ name: "Guard" }))).toThrow(/no Advantage die to step down/);
  });

  it("attack requests: Dueling and Brawl need range 0 and no cover; an aimed weapon must be known; a Riposte names what bought it; a defence brings the defender", () => {
    const request = { attack: "lunge", defence: "dodge", attacker: ines, defender: guard };
    expect(() => resolveWith("attack", { ...request, range: 1 }, [])).toThrow(/lunge needs the target in the same Area \(range 0\)/);
    expect(() => resolveWith("attack", { ...request, cover: 1 }, [])).toThrow(/cover only hinders attacks fired into an Area/);
    expect(resolveWith("attack", { ...request, range: 0, cover: 0 }, [5, 4, 1, 1]).result).toMatchObject({ winner: "attacker" });
    expect(() => resolveWith("attack", { ...request, attack: "aim", weapon: "sling" }, [])).toThrow(/unknown aimed weapon "sling" \(known: flintlock-pistol, flintlock-musket, crossbow, hunting-bow, thrown-dagger\)/);
    expect(() => resolveWith("attack", { ...request, attack: "aim", weapon: "constructor" }, [])).toThrow(/unknown aimed weapon/);
    expect(() => resolveWith("attack", { ...request, attack: "riposte", defence: "block" }, [])).toThrow(/a Riposte must follow a winning Parry or Feint/);
    expect(() => resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: ines }, [])).toThrow(/a defence needs the defender's pool/);
    expect(() => resolveWith("attack", { ...request, attacker: { ...ines, useAdvantage: true } }, [])).toThrow(/Ines has no Advantage die to use/);
  });
});

describe("cavaliers refusals: the settlement of an attack", () => {
  const base = { attack: "brawl" as const, defence: "parry" as const, attacker: state({ name: "Ines" }), defender: state({ name: "Guard", type: "stock", yieldLimit: 6 }), attackerSp: 3, defenderSp: 6 };

  it("a Parry that wins against a Brawl cannot buy Disarm, and is told why", () => {
    expect(() => settleAttack({ ...base, attackerTotal: 5, defenderTotal: 12, spend: ["negate", "disarm"] })).toThrow(/Disarm: not against a Brawl attack/);
    expect(settleAttack({ ...base, attack: "lunge", attackerTotal: 5, defenderTotal: 12, spend: ["negate", "disarm"] }).attackerStatuses).toEqual(["disarm"]);
  });

  it("an edited success table is the one the attack is settled by (the Foundry layer feeds the world's tables)", () => {
    const dearYield = { ...SUCCESS_TABLES, lunge: { id: "lunge", name: "Lunge", entries: [{ id: "inflict-yield", name: "Inflict 1 Yield", cost: 3, repeatable: true, effect: { kind: "inflict-yield" as const, amount: 1 } }] } };
    const input = { ...base, attack: "lunge" as const, attackerTotal: 12, defenderTotal: 5, spend: ["inflict-yield", "inflict-yield"] };
    expect(settleAttack(input).defender.yield).toBe(2);
    expect(() => settleAttack({ ...input, tables: dearYield })).toThrow(/cost 6 SP but only 3/);
  });
});

describe("requests the schemas turn away before any rule reads them (seed 000 §The End of Combat; §Movement)", () => {
  const fight = [{ name: "Ines" }, { name: "Guard", id: "c1", type: "stock", wounds: 4 }];
  const fits = (request: Record<string, unknown>) => () => resolveChecked("end-combat", request, []);

  it("end-combat: an id of 1 to 40 characters, no field a combatant or the request does not have", () => {
    expect(fits({ combatants: [{ name: "Ines", id: "x".repeat(40) }] })).not.toThrow();
    expect(fits({ combatants: [{ name: "Ines", id: "x".repeat(41) }] })).toThrow(/does not fit its schema/);
    expect(fits({ combatants: [{ name: "Ines", id: "" }] })).toThrow(/does not fit its schema/);
    expect(fits({ combatants: [{ name: "" }] })).toThrow(/does not fit its schema: \["\/combatants\/0\/name"\]/);
    expect(fits({ combatants: [{ name: "Ines", initiativePoints: 3 }] })).toThrow(/does not fit its schema: \["\/combatants\/0\/initiativePoints"\]/);
    expect(fits({ combatants: fight, dead: ["c1"] })).toThrow(/does not fit its schema: \["\/dead"\]/);
    expect(fits({ combatants: [] })).toThrow(/does not fit its schema/);
    expect(fits({ combatants: [{ name: "Ines", yield: 0, wounds: 0 }] })).not.toThrow();
    expect(fits({ combatants: [{ name: "Ines", yield: -1 }] })).toThrow(/does not fit its schema: \["\/combatants\/0\/yield"\]/);
    expect(fits({ combatants: [{ name: "Ines", wounds: -1 }] })).toThrow(/does not fit its schema: \["\/combatants\/0\/wounds"\]/);
    const crowd = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Guard ${i}` }));
    expect(fits({ combatants: crowd(100) })).not.toThrow();
    expect(fits({ combatants: crowd(101) })).toThrow(/does not fit its schema/);
  });

  it("end-combat: medicine is said per NPC by a readable id, true or false", () => {
    expect(fits({ combatants: fight, medicine: { c1: true } })).not.toThrow();
    expect(fits({ combatants: fight, medicine: { ["x".repeat(41)]: true } })).toThrow(/does not fit its schema/);
    expect(fits({ combatants: fight, medicine: { "": true } })).toThrow(/does not fit its schema/);
    expect(fits({ combatants: fight, medicine: { c1: "yes" } })).toThrow(/does not fit its schema/);
  });

  it("attack: where she ends after her move is a count of Areas, never below 0", () => {
    const attack = (rangeAfterMove: number) => () => resolveChecked("attack", { attack: "aim", range: 1, rangeAfterMove, attacker: { name: "Ines", attribute: 8, competency: 8, combined: ["move"] } }, [8, 8]);
    expect(attack(-1)).toThrow(/does not fit its schema: \["\/rangeAfterMove"\]/);
  });

  it("a turn with an Assist and no rolled action named at all is allowed (no roll is the same as an empty list)", () => {
    expect(planTurn({ combined: ["move"], assist: true })).toEqual({ drop: 1, capCount: 3, areas: 1 });
  });
});
