import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { type CombatantState, isDyingNow, statusesOf, trackView, woundDropOn, woundTrackOf, yieldLimitFor, yieldStatus } from "../../../src/rules/cavaliers/actors.js";
import { planTurn } from "../../../src/rules/cavaliers/combined.js";
import { attackerPolicy, cavaliersDuel, defenderPolicy } from "../../../src/rules/cavaliers/duel.js";
import { offeredEntries, settleAttack } from "../../../src/rules/cavaliers/exchange.js";
import { betterPosition, focus, rollInitiative } from "../../../src/rules/cavaliers/initiative.js";
import { assistOptions, beats, bestAssist, buildPool, oppositionPool, rollCheck } from "../../../src/rules/cavaliers/pool.js";
import { rangeBand } from "../../../src/rules/cavaliers/range.js";
import { defaultSurvivalSpend, restHeal } from "../../../src/rules/cavaliers/recovery.js";
import { applySpend, conditionAllows, entriesFor, validateSpend } from "../../../src/rules/cavaliers/spend.js";
import { SUCCESS_TABLES, type SuccessEntry, YIELDED_OUT_ENTRY } from "../../../src/rules/cavaliers/tables.js";
import { resolveWith } from "./helpers.js";

// Each test states one threshold, tie-break or choice of The Queen's Cavaliers exactly at its edge
// (RULINGS.md cavaliers and docs/rules/cavaliers.md), so that moving the edge fails it.
const state = (over: Partial<CombatantState> = {}): CombatantState => ({ name: "Ines", type: "pc", yield: 0, wounds: 0, yieldLimit: 11, advantage: 0, style: 0, ...over });
const entries = (id: string): readonly SuccessEntry[] => SUCCESS_TABLES[id]?.entries ?? [];
const yields = (n: number) => Array.from({ length: n }, () => "inflict-yield");

describe("cavaliers thresholds: rolls", () => {
  it("the roller must strictly beat the opposition: a tie goes to the opposition", () => {
    expect(beats(10, 9)).toBe(true);
    expect(beats(9, 9)).toBe(false);
    expect(beats(8, 9)).toBe(false);
  });

  it("Standard Opposition is three dice of the level's size", () => {
    expect(oppositionPool(8)).toEqual([
      { sides: 8, source: "opposition" },
      { sides: 8, source: "opposition" },
      { sides: 8, source: "opposition" },
    ]);
  });

  it("a pool holds attribute, competency, one attribute die per rank, item, bonus, then assist dice, in that order", () => {
    expect(buildPool({ attribute: 8, competency: 10, ranks: 2, item: 6, bonus: 12, assists: [[6, 6], [8]] }).map((die) => `${die.source}:d${die.sides}`)).toEqual([
      "attribute:d8",
      "competency:d10",
      "specialty:d8",
      "specialty:d8",
      "item:d6",
      "bonus:d12",
      "assist:d6",
      "assist:d6",
      "assist:d8",
    ]);
    expect(buildPool({ attribute: 8, competency: 0, ranks: 0 })).toEqual([{ sides: 8, source: "attribute" }]);
  });

  it("Drop removes the smallest dice before the roll and records what went; a chosen Drop removes the dice named", () => {
    const pool = buildPool({ attribute: 8, competency: 10, item: 6 });
    const steps: Array<Record<string, unknown>> = [];
    const reading = rollCheck(new DiceTray(givenFaces([7, 9])), pool, 1, "lunge", true, undefined, steps as never);
    expect(reading).toMatchObject({ total: 16, successPoints: 7, faces: [7, 9], dropped: [{ sides: 6, source: "item" }] });
    expect(steps).toEqual([
      { rule: "drop", roll: "lunge", drop: 1, removed: [6], pool: [8, 10] },
      { rule: "keep-two", roll: "lunge", faces: [7, 9], total: 16, successPoints: 7 },
    ]);
    const chosen = rollCheck(new DiceTray(givenFaces([7, 5])), pool, 1, "lunge", true, [1]);
    expect(chosen.dropped).toEqual([{ sides: 10, source: "competency" }]);
  });

  it("with keepOneDie off Drop can empty a pool (total 0, 0 SP); with it on the last die stays", () => {
    const pool = buildPool({ attribute: 8 });
    expect(rollCheck(new DiceTray(givenFaces([])), pool, 1, "x", false)).toMatchObject({ total: 0, successPoints: 0, faces: [] });
    expect(rollCheck(new DiceTray(givenFaces([5])), pool, 1, "x", true)).toMatchObject({ total: 5, successPoints: 1 });
  });

  it("Assist: specialty dice when she has ranks, else her competency die; 1d6 is always on offer", () => {
    expect(assistOptions({ attribute: 8, ranks: 2, competency: 10 })).toEqual({ specialty: [8, 8], competency: [10], default: [6] });
    expect(assistOptions({ attribute: 8, ranks: 0, competency: 0 })).toEqual({ specialty: null, competency: null, default: [6] });
    expect(assistOptions({ attribute: 8 })).toEqual({ specialty: null, competency: null, default: [6] });
  });

  it("the fullest Assist: more dice first, then the larger die; on a full tie the first offer stands", () => {
    expect(bestAssist({ specialty: [6, 6], competency: [12], default: [6] })).toEqual([6, 6]);
    expect(bestAssist({ specialty: [6], competency: [12], default: [6] })).toEqual([12]);
    expect(bestAssist({ specialty: [8], competency: [6], default: [6] })).toEqual([8]);
    expect(bestAssist({ specialty: null, competency: null, default: [6] })).toEqual([6]);
    const first = [6];
    expect(bestAssist({ specialty: first, competency: [6], default: [6] })).toBe(first);
    // More dice win wherever they stand in the offer.
    expect(bestAssist({ specialty: null, competency: [10], default: [6, 6] })).toEqual([6, 6]);
  });

  it("range bands: Close 0, Short 1–2, Medium 3–4, Long 5 and beyond", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(rangeBand)).toEqual(["close", "short", "short", "medium", "medium", "long", "long"]);
  });
});

describe("cavaliers thresholds: Yield, Wounds and actor types", () => {
  it("Wound Drop falls only on Defense, Dueling, Aim and Brawl rolls, by the actor's track", () => {
    expect(woundDropOn(state({ wounds: 1 }), "parry")).toBe(1);
    expect(woundDropOn(state({ wounds: 3 }), "lunge")).toBe(4);
    expect(woundDropOn(state({ wounds: 3 }), "deceive")).toBe(0);
    expect(woundDropOn(state({ type: "major", wounds: 1 }), "aim")).toBe(0);
    expect(woundDropOn(state({ type: "major", wounds: 4 }), "aim")).toBe(4);
  });

  it("each type's Yield Limit and Dying mark: a Stock NPC 3 + half her competency die, Dying at 2 Wounds", () => {
    expect(yieldLimitFor("stock", 10)).toBe(8);
    expect(yieldLimitFor("major", 8)).toBe(14);
    expect(woundTrackOf({ type: "stock" })).toEqual({ drops: [1], limit: 2 });
    expect(isDyingNow(state({ type: "stock", wounds: 1 }))).toBe(false);
    expect(isDyingNow(state({ type: "stock", wounds: 2 }))).toBe(true);
    expect(isDyingNow(state({ wounds: 3 }))).toBe(false);
    expect(isDyingNow(state({ wounds: 4 }))).toBe(true);
  });

  it("exactly at the Yield Limit an NPC is out and a PC fights on; one short, both fight", () => {
    expect(yieldStatus(state({ yield: 4, yieldLimit: 4 }))).toBe("yielded-out-fights-on");
    expect(yieldStatus(state({ type: "minor", yield: 4, yieldLimit: 4 }))).toBe("yielded-out");
    expect(yieldStatus(state({ yield: 3, yieldLimit: 4 }))).toBe("fighting");
    expect(yieldStatus(state({ type: "minor", yield: 3, yieldLimit: 5, wounds: 2 }))).toBe("yielded-out");
  });

  it("statuses: dying first, then the Yield status; none while fighting unhurt", () => {
    expect(statusesOf(state())).toEqual([]);
    expect(statusesOf(state({ type: "minor", wounds: 4, yieldLimit: 4 }))).toEqual(["dying", "yielded-out"]);
    expect(statusesOf(state({ wounds: 4 }))).toEqual(["dying"]);
  });

  it("the tracks an effect shows: Yield, the Yield Limit as Wounds leave it, Wounds, Advantage, Style", () => {
    expect(trackView(state({ yield: 2, wounds: 1, yieldLimit: 6, advantage: 8, style: 1 }))).toEqual({ yield: 2, yieldLimit: 5, wounds: 1, advantage: 8, style: 1 });
  });
});

describe("cavaliers thresholds: spending", () => {
  it("the Yielded Out Wound is offered only on an attack at a PC fighting on at her limit", () => {
    const table = SUCCESS_TABLES.feint!;
    expect(entriesFor(table, { role: "attacking", targetYieldedOut: true }).at(-1)).toBe(YIELDED_OUT_ENTRY);
    expect(entriesFor(table, { role: "attacking", targetYieldedOut: false })).toEqual(table.entries);
    expect(entriesFor(table, { role: "defending", targetYieldedOut: true })).toEqual(table.entries);
    const pcAtLimit = state({ yield: 4, yieldLimit: 4 });
    expect(offeredEntries("attacker", "feint", "dodge", pcAtLimit).context.targetYieldedOut).toBe(true);
    expect(offeredEntries("attacker", "feint", "dodge", { ...pcAtLimit, type: "minor" }).context.targetYieldedOut).toBe(false);
    expect(offeredEntries("attacker", "feint", "dodge", { ...pcAtLimit, yield: 3 }).context.targetYieldedOut).toBe(false);
  });

  it("the chooser is offered only the entries whose condition holds, unless asked for all", () => {
    const ids = (onlyAvailable: boolean) => offeredEntries("attacker", "lunge", "block", state(), { onlyAvailable }).entries.map((entry) => entry.id);
    expect(ids(true)).not.toContain("break-weapon");
    expect(ids(false)).toContain("break-weapon");
    expect(offeredEntries("defender", "lunge", "parry", state()).context).toEqual({ role: "defending", attack: "lunge", defence: "parry" });
  });

  it("entry conditions: Negate only defending; Break Weapon only attacking a Parry; Parry's Disarm not against Brawl", () => {
    const negate = entries("parry")[0]!;
    const breakWeapon = entries("lunge")[4]!;
    const disarm = entries("parry")[4]!;
    expect(conditionAllows(negate, { role: "defending" })).toBe(true);
    expect(conditionAllows(negate, { role: "acting" })).toBe(false);
    expect(conditionAllows(breakWeapon, { role: "attacking", defence: "parry" })).toBe(true);
    expect(conditionAllows(breakWeapon, { role: "attacking", defence: "dodge" })).toBe(false);
    expect(conditionAllows(disarm, { role: "defending", attack: "feint" })).toBe(true);
    expect(conditionAllows(entries("lunge")[0]!, { role: "acting" })).toBe(true);
  });

  it("a spend counts each entry's purchases, costs them in full each time, and the rest is lost", () => {
    const plan = validateSpend(entries("lunge"), ["inflict-yield", "increase-advantage", "inflict-yield"], 6, { role: "attacking" });
    expect(plan).toMatchObject({ cost: 4, available: 6, unused: 2 });
    expect(plan.purchases.map((p) => [p.entry.id, p.times])).toEqual([
      ["inflict-yield", 2],
      ["increase-advantage", 1],
    ]);
  });

  it("each purchase does what its entry says, to the buyer or her opponent", () => {
    const all = (id: string, purchases: string[]) => validateSpend(entries(id), purchases, 40, { role: "defending", attack: "lunge", defence: "parry" });
    const spent = applySpend(all("lunge", ["inflict-yield", "inflict-yield", "inflict-wound", "increase-advantage", "gain-style"]), state(), state({ name: "Guard" }));
    expect(spent.opponent).toMatchObject({ yield: 2, wounds: 1 });
    expect(spent.buyer).toMatchObject({ advantage: 6, style: 1 });
    const parry = applySpend(all("parry", ["negate", "riposte", "disarm"]), state(), state({ name: "Guard" }));
    expect(parry).toMatchObject({ negated: true, buyerStatuses: ["riposte"], opponentStatuses: ["disarm"] });
    const riposte = applySpend(all("riposte", ["decrease-advantage"]), state(), state({ name: "Guard", advantage: 10 }));
    expect(riposte.opponent?.advantage).toBe(8);
    const block = applySpend(all("block", ["reduce-yield", "reduce-yield"]), state({ yield: 3 }), null);
    expect(block.buyer.yield).toBe(1);
    const survival = applySpend(validateSpend(entries("survival"), ["survive-8-hours", "survive-8-hours", "regain-consciousness", "heal-wound"], 40, { role: "acting" }), state({ wounds: 4 }), null);
    expect(survival).toMatchObject({ surviveHours: 16, regainConsciousness: true, negated: false, opponent: null });
    expect(survival.buyer.wounds).toBe(3);
    const nothing = applySpend(validateSpend(entries("survival"), [], 3, { role: "acting" }), state(), null);
    expect(nothing).toMatchObject({ surviveHours: 0, regainConsciousness: false, negated: false, buyerStatuses: [], opponentStatuses: [] });
  });

  it("Wounds stop at the Dying mark and healing stops at none", () => {
    const wounds = validateSpend(entries("lunge"), ["inflict-wound", "inflict-wound"], 8, { role: "attacking" });
    expect(applySpend(wounds, state(), state({ name: "Guard", type: "rabble" })).opponent?.wounds).toBe(1);
    const heal = validateSpend(entries("survival"), ["heal-wound", "heal-wound"], 8, { role: "acting" });
    expect(applySpend(heal, state({ wounds: 1 }), null).buyer.wounds).toBe(0);
  });

  it("Style fills exactly to the cap: a PC holding 1 may buy 2 more", () => {
    const style = validateSpend(entries("lunge"), ["gain-style", "gain-style"], 6, { role: "attacking" });
    expect(applySpend(style, state({ style: 1 }), null).buyer.style).toBe(3);
  });
});

describe("cavaliers thresholds: settling an attack", () => {
  const base = { attack: "lunge", defence: "block", attacker: state(), defender: state({ name: "Guard", type: "stock", yieldLimit: 6 }), attackerSp: 4, defenderSp: 4 } as const;

  it("a winning attacker spends alone; the defender's plan is none", () => {
    const settled = settleAttack({ ...base, attackerTotal: 10, defenderTotal: 9, spend: ["inflict-wound"] });
    expect(settled).toMatchObject({ winner: "attacker", landed: true, negated: false, defenderPlan: null, attackerStatuses: [], defenderStatuses: [] });
    expect(settled.defender.wounds).toBe(1);
    expect(settled.attackerPlan?.cost).toBe(4);
  });

  it("a defender winning on a tie without Negate lets the attack land: the attacker's purchases, then hers", () => {
    const settled = settleAttack({ ...base, attackerTotal: 9, defenderTotal: 9, spend: ["reduce-yield"], landingSpend: yields(3) });
    expect(settled).toMatchObject({ winner: "defender", landed: true, negated: false });
    expect(settled.defender.yield).toBe(2);
    expect(settled.attackerPlan?.cost).toBe(3);
    expect(settled.defenderPlan?.cost).toBe(2);
  });

  it("a landing attack with no landing spend buys nothing", () => {
    const settled = settleAttack({ ...base, attackerTotal: 9, defenderTotal: 9, spend: [] });
    expect(settled).toMatchObject({ landed: true, negated: false });
    expect(settled.attackerPlan?.cost).toBe(0);
    expect(settled.defender).toEqual(base.defender);
  });

  it("statuses go to whoever the entry names: a Feint's Riposte to the attacker, a Parry's Disarm to the attacker's opponent", () => {
    const feint = settleAttack({ ...base, attack: "feint", defence: "dodge", attackerTotal: 12, defenderTotal: 3, attackerSp: 9, spend: ["riposte", "disarm"] });
    expect(feint).toMatchObject({ attackerStatuses: ["riposte"], defenderStatuses: ["disarm"] });
    const parry = settleAttack({ ...base, defence: "parry", attackerTotal: 3, defenderTotal: 12, defenderSp: 9, spend: ["negate", "riposte", "disarm"] });
    expect(parry).toMatchObject({ attackerStatuses: ["disarm"], defenderStatuses: ["riposte"], negated: true, landed: false, attackerPlan: null });
  });

  it("a defender's purchase that hits the attacker lands on the attacker (Brawl's Knockdown)", () => {
    const brawl = settleAttack({ ...base, attack: "brawl", defence: "brawl", attackerTotal: 3, defenderTotal: 12, defenderSp: 9, spend: ["negate", "inflict-yield"] });
    expect(brawl.attacker.yield).toBe(1);
    expect(brawl.defender.yield).toBe(0);
  });
});

describe("cavaliers thresholds: initiative and Focus", () => {
  it("a surprised combatant takes Drop 1, and a Focus its combined-action Drop on top", () => {
    const roller = { name: "Ines", specialty: "impulse" as const, attribute: 8, competency: 8, ranks: 1 };
    const steps: Array<Record<string, unknown>> = [];
    rollInitiative(new DiceTray(givenFaces([5, 4])), { ...roller, surprised: true }, true, steps as never);
    expect(steps[0]).toMatchObject({ rule: "drop", roll: "initiative: Ines", drop: 1 });
    const focused: Array<Record<string, unknown>> = [];
    rollInitiative(new DiceTray(givenFaces([5])), { ...roller, surprised: true }, true, focused as never, 1);
    expect(focused[0]).toMatchObject({ drop: 2 });
    expect(rollInitiative(new DiceTray(givenFaces([5, 4, 2])), roller, true, [])).toEqual({ id: "Ines", members: ["Ines"], specialty: "impulse", total: 9, successPoints: 4, initiativePoints: 4 });
  });

  it("the better position: the higher total, then on an equal total the more SP; a full tie keeps the first", () => {
    const a = { total: 10, successPoints: 3 };
    expect(betterPosition(a, { total: 11, successPoints: 1 })).toEqual({ total: 11, successPoints: 1 });
    expect(betterPosition(a, { total: 9, successPoints: 9 })).toBe(a);
    expect(betterPosition(a, { total: 10, successPoints: 4 })).toEqual({ total: 10, successPoints: 4 });
    expect(betterPosition(a, { total: 10, successPoints: 3 })).toBe(a);
  });

  it("Focus moves only when the new roll is strictly better, and always adds its SP as IP", () => {
    const current = { total: 10, successPoints: 3, initiativePoints: 2 };
    expect(focus(current, { total: 10, successPoints: 3 })).toEqual({ total: 10, successPoints: 3, initiativePoints: 5, moved: false });
    expect(focus(current, { total: 10, successPoints: 4 })).toEqual({ total: 10, successPoints: 4, initiativePoints: 6, moved: true });
  });
});

describe("cavaliers thresholds: recovery", () => {
  it("bed rest: a Wound per two full days, all of them at exactly six days", () => {
    expect(restHeal(4, 0)).toBe(4);
    expect(restHeal(4, 1)).toBe(4);
    expect(restHeal(4, 2)).toBe(3);
    expect(restHeal(4, 3)).toBe(3);
    expect(restHeal(4, 5)).toBe(2);
    expect(restHeal(4, 6)).toBe(0);
    expect(restHeal(1, 4)).toBe(0);
    expect(restHeal(2, -3)).toBe(2);
  });

  it("the default Survival spend: 4 SP a healed Wound; exactly 2 SP regain consciousness; 1 SP buys 8 hours", () => {
    expect(defaultSurvivalSpend(0)).toEqual([]);
    expect(defaultSurvivalSpend(1)).toEqual(["survive-8-hours"]);
    expect(defaultSurvivalSpend(2)).toEqual(["regain-consciousness"]);
    expect(defaultSurvivalSpend(3)).toEqual(["regain-consciousness", "survive-8-hours"]);
    expect(defaultSurvivalSpend(4)).toEqual(["heal-wound"]);
    expect(defaultSurvivalSpend(7)).toEqual(["heal-wound"]);
    expect(defaultSurvivalSpend(8)).toEqual(["heal-wound", "heal-wound"]);
  });
});

describe("cavaliers thresholds: the duel's choices", () => {
  const target = state({ name: "T", yield: 6, yieldLimit: 9 });

  it("the attacker puts everything on Yield when exactly enough reaches the limit", () => {
    expect(attackerPolicy(3, target)).toEqual(yields(3));
    expect(attackerPolicy(4, state({ name: "T", yield: 5, yieldLimit: 9 }))).toEqual(yields(4));
  });

  it("short of the limit, exactly 4 SP buy a Wound and the rest Yield; 3 SP buy Yield", () => {
    const fresh = state({ name: "T", yieldLimit: 20 });
    expect(attackerPolicy(4, fresh)).toEqual(["inflict-wound"]);
    expect(attackerPolicy(6, fresh)).toEqual(["inflict-wound", "inflict-yield", "inflict-yield"]);
    expect(attackerPolicy(3, fresh)).toEqual(yields(3));
    expect(attackerPolicy(5, state({ name: "T", type: "minor", yield: 12, yieldLimit: 11 }))).toEqual(yields(5));
  });

  it("seed 000 §Yield: against a PC fighting on at her Yield Limit every SP buys the Yielded Out Wound; one short of it, Yield", () => {
    expect(attackerPolicy(3, state({ name: "T", yield: 9, yieldLimit: 9 }))).toEqual(["yielded-out-wound", "yielded-out-wound", "yielded-out-wound"]);
    expect(attackerPolicy(3, state({ name: "T", yield: 8, yieldLimit: 9 }))).toEqual(yields(3));
    expect(attackerPolicy(3, state({ name: "T", type: "minor", yield: 9, yieldLimit: 9 }))).toEqual(yields(3));
  });

  it("the defender Negates with exactly 1 SP and buys Advantage too with exactly 5, unless already at d12", () => {
    expect(defenderPolicy(0, target)).toEqual([]);
    expect(defenderPolicy(1, target)).toEqual(["negate"]);
    expect(defenderPolicy(4, target)).toEqual(["negate"]);
    expect(defenderPolicy(5, target)).toEqual(["negate", "increase-advantage"]);
    expect(defenderPolicy(5, { ...target, advantage: 10 })).toEqual(["negate", "increase-advantage"]);
    expect(defenderPolicy(9, { ...target, advantage: 12 })).toEqual(["negate"]);
  });

  // A lone die each: a PC's competency die (a d6 when left out) stays out of her pools.
  const lone = (name: string, over: Record<string, unknown> = {}) => ({ name, lunge: { attribute: 6, competent: false }, parry: { attribute: 6, competent: false }, ...over });

  it("a round limit of 1 fights exactly one round, each side attacking once", () => {
    // a lunges 6 vs b's parry 1 (b Negates nothing: the attack wins, 1 SP on Yield); b lunges 1 vs a's parry 6.
    const tray = new DiceTray(givenFaces([6, 1, 1, 6]));
    expect(cavaliersDuel.fight(lone("A"), lone("B"), tray, 1)).toEqual({ winner: "none", rounds: 1 });
    expect(tray.rolled).toHaveLength(4);
  });

  it("the bout ends as soon as an NPC reaches her Yield Limit", () => {
    const tray = new DiceTray(givenFaces([6, 1]));
    expect(cavaliersDuel.fight(lone("A"), lone("B", { type: "minor", yieldLimit: 1 }), tray, 5)).toEqual({ winner: "a", rounds: 1 });
    const back = new DiceTray(givenFaces([1, 6, 6, 1]));
    expect(cavaliersDuel.fight(lone("A", { type: "minor", yieldLimit: 1 }), lone("B"), back, 5)).toEqual({ winner: "b", rounds: 1 });
  });

  it("seed 000 §Yield: a PC at her Yield Limit fights on, and the next hit on her buys Wounds at 1 SP each until she is Dying", () => {
    // A lunges 6 against B's Parry 1: 1 SP of Yield puts B (Yield Limit 1) at her limit, and she fights on.
    // B lunges 1 against A's Parry 6; A lunges 6 against 1 again: 1 SP buys a Wound, then the next...
    const tray = new DiceTray(givenFaces([6, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6, 1]));
    const bout = cavaliersDuel.fight(lone("A"), lone("B", { yieldLimit: 1 }), tray, 10);
    // Four Wounds make a PC Dying: the first hit was Yield, the next four Wounds.
    expect(bout).toEqual({ winner: "a", rounds: 5 });
  });

  it("a fighter who starts Dying is out at the first exchange", () => {
    const tray = new DiceTray(givenFaces([1, 6]));
    expect(cavaliersDuel.fight(lone("A", { type: "rabble", wounds: 1 }), lone("B"), tray, 5)).toEqual({ winner: "b", rounds: 1 });
  });

  it("with both initiative pools the higher total goes first, then the more SP, then a d2 roll-off (1: a)", () => {
    const init = (name: string) => lone(name, { type: "minor", initiative: { attribute: 6, ranks: 1 }, yieldLimit: 1 });
    // A's initiative 2+1 = 3 against B's 6+5 = 11: B attacks first, 6 against 1, and A is out.
    expect(cavaliersDuel.fight(init("A"), init("B"), new DiceTray(givenFaces([2, 1, 6, 5, 6, 1])), 5)).toEqual({ winner: "b", rounds: 1 });
    // Equal totals 7: A 4+3 (3 SP) against B 6+1 (1 SP): A first.
    expect(cavaliersDuel.fight(init("A"), init("B"), new DiceTray(givenFaces([4, 3, 6, 1, 6, 1])), 5)).toEqual({ winner: "a", rounds: 1 });
    // A full tie 4+3 against 4+3: the d2 says 2, so B first.
    expect(cavaliersDuel.fight(init("A"), init("B"), new DiceTray(givenFaces([4, 3, 4, 3, 2, 6, 1])), 5)).toEqual({ winner: "b", rounds: 1 });
    expect(cavaliersDuel.fight(init("A"), init("B"), new DiceTray(givenFaces([4, 3, 4, 3, 1, 6, 1])), 5)).toEqual({ winner: "a", rounds: 1 });
  });

  it("a fighter rolls her Advantage die on her next attack as soon as she has one", () => {
    // A lunges 1 against B's Parry 6+6 (6 SP): B Negates and buys Advantage (d6). B then lunges with
    // her d6 and the Advantage d6 (5, 1): 6 against A's Parry 1, and 1 SP goes on Yield.
    const tray = new DiceTray(givenFaces([1, 6, 6, 5, 1, 1]));
    const bout = cavaliersDuel.fight(lone("A", { yieldLimit: 9 }), lone("B", { parry: { attribute: 6, ranks: 1, competent: false }, yieldLimit: 9 }), tray, 1);
    expect(bout).toEqual({ winner: "none", rounds: 1 });
    expect(tray.rolled.map((die) => `${die.label} d${die.sides}`)).toEqual(["A lunge d6", "B parry d6", "B parry d6", "B lunge d6", "B lunge d6", "A parry d6"]);
  });

  it("a tie in an exchange goes to the defender", () => {
    const tray = new DiceTray(givenFaces([3, 3, 3, 3]));
    expect(cavaliersDuel.fight(lone("A", { yieldLimit: 1 }), lone("B", { yieldLimit: 1 }), tray, 1)).toEqual({ winner: "none", rounds: 1 });
  });

  it("seed 000 §Yield (RULINGS: Competency die): a fighter's Yield Limit reads her own competency die, in every pool or none", () => {
    // B (Minor, competency d6): Yield Limit 3 + 6 = 9, though her Parry is not competent (one d6). A's
    // Lunge 6+3 (3 SP) beats B's 1 and puts 3 Yield on her: out at a limit of 3, still in at 9. B's
    // Lunge (competent: d6 + d6) 6+1 then beats A's Parry 6 and puts 1 Yield on A.
    const tray = new DiceTray(givenFaces([6, 3, 1, 6, 1, 6]));
    const a = lone("A", { lunge: { attribute: 6, ranks: 1, competent: false } });
    const b = lone("B", { type: "minor", competency: 6, lunge: { attribute: 6 }, parry: { attribute: 6, competent: false } });
    expect(cavaliersDuel.fight(a, b, tray, 1)).toEqual({ winner: "none", rounds: 1 });
    expect(tray.rolled.map((die) => `${die.label} d${die.sides}`)).toEqual(["A lunge d6", "A lunge d6", "B parry d6", "B lunge d6", "B lunge d6", "A parry d6"]);
    // With no competency die at all, the same 3 Yield put B out.
    expect(cavaliersDuel.fight(a, lone("B", { type: "minor", parry: { attribute: 6 } }), new DiceTray(givenFaces([6, 3, 1])), 1)).toEqual({ winner: "a", rounds: 1 });
  });
});

describe("cavaliers thresholds: Prepare", () => {
  it("a Prepare's combined actions and those taken when it fires add up", () => {
    expect(resolveWith("turn", { name: "Ines", rolled: ["prepare"], combined: ["draw-weapon"], atTrigger: ["move"] }, []).result).toEqual({ drop: 2, capCount: 2, areas: 1 });
    expect(resolveWith("turn", { name: "Ines", rolled: ["prepare"] }, []).result).toEqual({ drop: 0, capCount: 0, areas: 0 });
    // One turn's movement: a Run at the Prepare and a Move when it fires is three Areas.
    expect(() => resolveWith("turn", { name: "Ines", rolled: ["prepare"], combined: ["run"], atTrigger: ["move"] }, [])).toThrow(/moves 3/);
    expect(planTurn({ rolled: [], combined: ["move", "move"] }).areas).toBe(2);
  });
});

describe("cavaliers thresholds: the duel at its edges", () => {
  const fighter = (name: string, over: Record<string, unknown> = {}) => ({ name, type: "minor", lunge: { attribute: 6, ranks: 1 }, parry: { attribute: 6, ranks: 1 }, yieldLimit: 9, ...over });
  const labels = (tray: DiceTray) => tray.rolled.map((die) => `${die.label} d${die.sides}`);

  it("a wounded fighter's Lunge and Parry both take her Wound Drop, and Drop never takes her last die", () => {
    // Both have 1 Wound (Drop 1). A's one-die Lunge keeps its die (1); B's one-die Parry keeps hers (6)
    // and Negates. B's Lunge d6 + d6 rolls one die (1); A's Parry d6 + d6 rolls one (6) and Negates.
    const tray = new DiceTray(givenFaces([1, 6, 1, 6]));
    const a = fighter("A", { wounds: 1, lunge: { attribute: 6 } });
    const b = fighter("B", { wounds: 1, parry: { attribute: 6 } });
    expect(cavaliersDuel.fight(a, b, tray, 1)).toEqual({ winner: "none", rounds: 1 });
    expect(labels(tray)).toEqual(["A lunge d6", "B parry d6", "B lunge d6", "A parry d6"]);
  });

  it("Initiative is rolled only when both fighters give a pool for it; otherwise the first named attacks first", () => {
    const tray = new DiceTray(givenFaces([6, 6, 1, 1]));
    const bout = cavaliersDuel.fight(fighter("A", { initiative: { attribute: 6, ranks: 1 } }), fighter("B", { yieldLimit: 6 }), tray, 1);
    expect(bout).toEqual({ winner: "a", rounds: 1 });
    expect(labels(tray)).toEqual(["A lunge d6", "A lunge d6", "B parry d6", "B parry d6"]);
  });

  it("the higher Initiative total goes first even with fewer SP", () => {
    // A's initiative 6 + 1 (7, 1 SP) beats B's 3 + 3 (6, 3 SP): A lunges first, 6 against 1, and B (Yield Limit 1) is out.
    const init = (name: string) => ({ name, type: "minor", initiative: { attribute: 6, ranks: 1 }, lunge: { attribute: 6 }, parry: { attribute: 6 }, yieldLimit: 1 });
    const tray = new DiceTray(givenFaces([6, 1, 3, 3, 6, 1]));
    expect(cavaliersDuel.fight(init("A"), init("B"), tray, 5)).toEqual({ winner: "a", rounds: 1 });
    expect(labels(tray).slice(0, 4)).toEqual(["A initiative d6", "A initiative d6", "B initiative d6", "B initiative d6"]);
  });

  it("on equal Initiative totals the more SP goes first, and each side still attacks once in the round", () => {
    // A 6 + 1 (7, 1 SP) against B 4 + 3 (7, 3 SP): B lunges first, 1 against A's Parry 6 (A Negates);
    // then A lunges 6 against B's Parry 1 and B (Yield Limit 1) is out.
    const init = (name: string) => ({ name, type: "minor", initiative: { attribute: 6, ranks: 1 }, lunge: { attribute: 6 }, parry: { attribute: 6 }, yieldLimit: 1 });
    const tray = new DiceTray(givenFaces([6, 1, 4, 3, 1, 6, 6, 1]));
    expect(cavaliersDuel.fight(init("A"), init("B"), tray, 5)).toEqual({ winner: "a", rounds: 1 });
    expect(labels(tray)).toEqual(["A initiative d6", "A initiative d6", "B initiative d6", "B initiative d6", "B lunge d6", "A parry d6", "A lunge d6", "B parry d6"]);
  });

  it("a full Initiative tie is settled by a d2 roll-off", () => {
    const init = (name: string) => ({ name, type: "minor", initiative: { attribute: 6, ranks: 1 }, lunge: { attribute: 6 }, parry: { attribute: 6 }, yieldLimit: 1 });
    const tray = new DiceTray(givenFaces([4, 3, 4, 3, 1, 6, 1]));
    expect(cavaliersDuel.fight(init("A"), init("B"), tray, 5)).toEqual({ winner: "a", rounds: 1 });
    expect(labels(tray)[4]).toBe("initiative roll-off d2");
  });
});

