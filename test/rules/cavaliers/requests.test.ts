import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { cavaliersDuel } from "../../../src/rules/cavaliers/duel.js";
import { cavaliersRules } from "../../../src/rules/cavaliers/index.js";

// What a cavaliers request may say: each field's bounds met at the edge (the last value allowed
// beside the first refused), every die, type, level and specialty the game has accepted and no
// other, and no field the rules do not know. The command line and the Foundry layer refuse a request
// that fails its action's schema before any die is rolled (a player's client sends requests, not facts).
function accepts(action: string, request: unknown): boolean {
  const definition = cavaliersRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return Value.Check(definition.request, request);
}

const ines = { name: "Ines", attribute: 8 };
const attack = (over: Record<string, unknown> = {}, attacker: Record<string, unknown> = {}) => ({ attack: "lunge", attacker: { ...ines, ...attacker }, ...over });

describe("cavaliers requests: the pool of a roll", () => {
  it("an attribute die is d6, d8 or d10", () => {
    for (const attribute of [6, 8, 10]) expect(accepts("attack", attack({}, { attribute }))).toBe(true);
    for (const attribute of [4, 12]) expect(accepts("attack", attack({}, { attribute }))).toBe(false);
  });

  it("a competency die is none (0) or d6 to d12; an item or bonus die d6 to d12", () => {
    for (const competency of [0, 6, 8, 10, 12]) expect(accepts("attack", attack({}, { competency }))).toBe(true);
    expect(accepts("attack", attack({}, { competency: 4 }))).toBe(false);
    for (const item of [6, 8, 10, 12]) expect(accepts("attack", attack({}, { item, bonus: item }))).toBe(true);
    expect(accepts("attack", attack({}, { item: 0 }))).toBe(false);
    expect(accepts("attack", attack({}, { bonus: 4 }))).toBe(false);
  });

  it("ranks run 0 to 10", () => {
    expect(accepts("attack", attack({}, { ranks: 0 }))).toBe(true);
    expect(accepts("attack", attack({}, { ranks: 10 }))).toBe(true);
    expect(accepts("attack", attack({}, { ranks: 11 }))).toBe(false);
    expect(accepts("attack", attack({}, { ranks: -1 }))).toBe(false);
  });

  it("at most two helpers' Assists, each of one to ten dice", () => {
    expect(accepts("attack", attack({}, { assists: [[6], [8, 8]] }))).toBe(true);
    expect(accepts("attack", attack({}, { assists: [[6], [8], [6]] }))).toBe(false);
    expect(accepts("attack", attack({}, { assists: [[]] }))).toBe(false);
    expect(accepts("attack", attack({}, { assists: [Array.from({ length: 10 }, () => 6)] }))).toBe(true);
    expect(accepts("attack", attack({}, { assists: [Array.from({ length: 11 }, () => 6)] }))).toBe(false);
  });

  it("situational Drop runs 0 to 20; a chosen Drop names dice by their place in the pool (0 and up)", () => {
    expect(accepts("attack", attack({}, { drop: 20, dropChoice: [0] }))).toBe(true);
    expect(accepts("attack", attack({}, { drop: 21 }))).toBe(false);
    expect(accepts("attack", attack({}, { drop: -1 }))).toBe(false);
    expect(accepts("attack", attack({}, { dropChoice: [-1] }))).toBe(false);
  });

  it("an Advantage die is none or d6 to d12", () => {
    for (const advantage of [0, 6, 8, 10, 12]) expect(accepts("attack", attack({}, { advantage }))).toBe(true);
    expect(accepts("attack", attack({}, { advantage: 4 }))).toBe(false);
  });
});

describe("cavaliers requests: a combatant's tracks", () => {
  it("every combatant type the game has, and no other", () => {
    for (const type of ["pc", "rabble", "stock", "minor", "major"]) expect(accepts("attack", attack({}, { type }))).toBe(true);
    expect(accepts("attack", attack({}, { type: "boss" }))).toBe(false);
  });

  it("seed 000 §Wounds: a character's own wound track is up to 10 Drops of 0 to 10 each, on an attack and at the end of the fight", () => {
    const tracked = (woundTrack: unknown) => accepts("attack", attack({}, { woundTrack }));
    expect(tracked([1, 2, 4, 4])).toBe(true);
    expect(tracked([0, 10])).toBe(true);
    expect(tracked([-1])).toBe(false);
    expect(tracked([11])).toBe(false);
    expect(tracked(Array(10).fill(2))).toBe(true);
    expect(tracked(Array(11).fill(2))).toBe(false);
    const ended = (combatant: Record<string, unknown>) => accepts("end-combat", { combatants: [{ name: "Bravo", type: "minor", ...combatant }] });
    expect(ended({ wounds: 4, woundTrack: [1, 2, 4, 4], competency: 8, yieldLimit: 0 })).toBe(true);
    expect(ended({ woundTrack: [11] })).toBe(false);
    expect(ended({ yieldLimit: -1 })).toBe(false);
  });

  it("a name is not empty; Yield, Wounds and the Yield Limit are 0 or more; Style 0 to 6", () => {
    expect(accepts("attack", attack({}, { yield: 0, wounds: 0, yieldLimit: 0, style: 6 }))).toBe(true);
    expect(accepts("attack", attack({}, { name: "" }))).toBe(false);
    expect(accepts("attack", attack({}, { yield: -1 }))).toBe(false);
    expect(accepts("attack", attack({}, { wounds: -1 }))).toBe(false);
    expect(accepts("attack", attack({}, { yieldLimit: -1 }))).toBe(false);
    expect(accepts("attack", attack({}, { style: 7 }))).toBe(false);
    expect(accepts("attack", attack({}, { style: -1 }))).toBe(false);
  });

  it("a participant or a bare target carries no field the rules do not know", () => {
    expect(accepts("attack", attack({}, { luck: 3 }))).toBe(false);
    expect(accepts("skill", { actor: ines, skill: "deceive", opposition: "easy", target: { name: "Bravo", attribute: 8 } })).toBe(false);
    expect(accepts("skill", { actor: ines, skill: "deceive", opposition: "easy", target: { name: "Bravo", wounds: 1 } })).toBe(true);
  });

  it("at most forty purchases in one spend", () => {
    const spend = (n: number) => Array.from({ length: n }, () => "inflict-yield");
    expect(accepts("attack", attack({ spend: spend(40), landingSpend: spend(40) }))).toBe(true);
    expect(accepts("attack", attack({ spend: spend(41) }))).toBe(false);
  });
});

describe("cavaliers requests: each action's own fields", () => {
  it("attack: the five attacks, the four Defenses, a Riposte after a Parry or a Feint", () => {
    for (const kind of ["lunge", "feint", "aim", "brawl", "riposte"]) expect(accepts("attack", attack({ attack: kind }))).toBe(true);
    expect(accepts("attack", attack({ attack: "shove" }))).toBe(false);
    for (const defence of ["parry", "block", "dodge", "brawl"]) expect(accepts("attack", attack({ defence, defender: { name: "Guard", attribute: 6 } }))).toBe(true);
    expect(accepts("attack", attack({ defence: "duck" }))).toBe(false);
    for (const after of ["parry", "feint"]) expect(accepts("attack", attack({ attack: "riposte", riposteAfter: after }))).toBe(true);
    expect(accepts("attack", attack({ attack: "riposte", riposteAfter: "dodge" }))).toBe(false);
    expect(accepts("attack", attack({ stance: "high" }))).toBe(false);
  });

  it("attack: range 0 and up, cover Drop 0 to 2, a weapon's range Drops 0 to 4 or out of reach for each band and no other band", () => {
    const drops = { close: 0, short: 4, medium: null, long: null };
    expect(accepts("attack", attack({ attack: "aim", range: 0, cover: 2, weapon: "bow", rangeDrops: drops }))).toBe(true);
    expect(accepts("attack", attack({ range: -1 }))).toBe(false);
    expect(accepts("attack", attack({ cover: 3 }))).toBe(false);
    expect(accepts("attack", attack({ cover: -1 }))).toBe(false);
    expect(accepts("attack", attack({ rangeDrops: { ...drops, short: 5 } }))).toBe(false);
    expect(accepts("attack", attack({ rangeDrops: { ...drops, short: -1 } }))).toBe(false);
    expect(accepts("attack", attack({ rangeDrops: { ...drops, extreme: 2 } }))).toBe(false);
  });

  it("skill and Flourish: a skill is named; the five Standard Opposition levels; 0 to 6 Style bought", () => {
    for (const opposition of ["very-easy", "easy", "moderate", "hard", "very-hard"]) expect(accepts("skill", { actor: ines, skill: "deceive", opposition })).toBe(true);
    expect(accepts("skill", { actor: ines, skill: "deceive", opposition: "impossible" })).toBe(false);
    expect(accepts("skill", { actor: ines, skill: "", opposition: "easy" })).toBe(false);
    expect(accepts("skill", { actor: ines, skill: "prowl", opposition: "easy", beforeCombat: true, spend: [] })).toBe(true);
    expect(accepts("skill", { actor: ines, skill: "prowl", opposition: "easy", secret: true })).toBe(false);
    expect(accepts("flourish", { actor: ines, skill: "dodge", style: 6 })).toBe(true);
    expect(accepts("flourish", { actor: ines, skill: "dodge", style: 7 })).toBe(false);
    expect(accepts("flourish", { actor: ines, skill: "dodge", style: -1 })).toBe(false);
    expect(accepts("flourish", { actor: ines, skill: "" })).toBe(false);
    expect(accepts("flourish", { actor: ines, skill: "dodge", opposition: "hard" })).toBe(false);
  });

  it("initiative: at least one combatant, each with one of the three specialties; a shared roll names its members", () => {
    const roller = { name: "Ines", specialty: "impulse", attribute: 8 };
    for (const specialty of ["impulse", "vigilance", "timing"]) expect(accepts("initiative", { combatants: [{ ...roller, specialty }] })).toBe(true);
    expect(accepts("initiative", { combatants: [{ ...roller, specialty: "luck" }] })).toBe(false);
    expect(accepts("initiative", { combatants: [] })).toBe(false);
    expect(accepts("initiative", { combatants: [{ ...roller, name: "" }] })).toBe(false);
    expect(accepts("initiative", { combatants: [{ ...roller, type: "rabble", members: ["a", "b", "c"], surprised: true }] })).toBe(true);
    expect(accepts("initiative", { combatants: [{ ...roller, members: ["a", ""] }] })).toBe(false);
    expect(accepts("initiative", { combatants: [{ ...roller, drop: 1 }] })).toBe(false);
    expect(accepts("initiative", { combatants: [roller], round: 2 })).toBe(false);
  });

  it("focus: a roller and her current position, whose numbers are 0 or more", () => {
    const request = { roller: { name: "Ines", specialty: "timing", attribute: 8, drop: 0, combined: ["move"] }, current: { total: 0, successPoints: 0, initiativePoints: 0 } };
    expect(accepts("focus", request)).toBe(true);
    expect(accepts("focus", { ...request, roller: { ...request.roller, name: "" } })).toBe(false);
    // Her Wounds and type say whether she is Dying (and so takes no action); her Yield does not enter a Focus.
    expect(accepts("focus", { ...request, roller: { ...request.roller, wounds: 1, type: "pc", competent: false } })).toBe(true);
    expect(accepts("focus", { ...request, roller: { ...request.roller, wounds: -1 } })).toBe(false);
    expect(accepts("focus", { ...request, roller: { ...request.roller, yield: 1 } })).toBe(false);
    for (const field of ["total", "successPoints", "initiativePoints"]) expect(accepts("focus", { ...request, current: { ...request.current, [field]: -1 } })).toBe(false);
    expect(accepts("focus", { ...request, current: { ...request.current, place: 1 } })).toBe(false);
    expect(accepts("focus", { ...request, surprised: true })).toBe(false);
  });

  it("spend-initiative: Seize, Interpose or Reprise, from 0 IP and up, each at most once in what was used", () => {
    const request = { name: "Ines", specialty: "impulse", initiativePoints: 0, spend: "seize" };
    for (const spend of ["seize", "interpose", "reprise"]) expect(accepts("spend-initiative", { ...request, spend, usedThisRound: [spend], attackFailed: true })).toBe(true);
    expect(accepts("spend-initiative", { ...request, spend: "flee" })).toBe(false);
    expect(accepts("spend-initiative", { ...request, usedThisRound: ["flee"] })).toBe(false);
    expect(accepts("spend-initiative", { ...request, initiativePoints: -1 })).toBe(false);
    expect(accepts("spend-initiative", { ...request, name: "" })).toBe(false);
    expect(accepts("spend-initiative", { ...request, bonus: 1 })).toBe(false);
  });

  it("join: the order so far (named, totals and SP 0 or more) and the joiner", () => {
    const request = { order: [{ name: "Bravo", total: 0, successPoints: 0 }], joiner: { name: "Ines", specialty: "timing", attribute: 8 } };
    expect(accepts("join", request)).toBe(true);
    expect(accepts("join", { ...request, order: [{ name: "", total: 0, successPoints: 0 }] })).toBe(false);
    expect(accepts("join", { ...request, order: [{ name: "Bravo", total: -1, successPoints: 0 }] })).toBe(false);
    expect(accepts("join", { ...request, order: [{ name: "Bravo", total: 0, successPoints: -1 }] })).toBe(false);
    expect(accepts("join", { ...request, order: [{ name: "Bravo", total: 0, successPoints: 0, place: 1 }] })).toBe(false);
    expect(accepts("join", { ...request, late: true })).toBe(false);
  });

  it("turn: a name and lists of actions; assist", () => {
    expect(accepts("turn", { name: "Ines", rolled: ["lunge"], combined: ["move"], atTrigger: ["run"], assist: false })).toBe(true);
    expect(accepts("turn", { name: "" })).toBe(false);
    expect(accepts("turn", { name: "Ines", drop: 1 })).toBe(false);
  });

  it("assist: the helper's attribute, ranks 0 to 10 and competency", () => {
    expect(accepts("assist", { helper: { name: "Luc", attribute: 8, ranks: 10, competency: 12 } })).toBe(true);
    expect(accepts("assist", { helper: { name: "", attribute: 8 } })).toBe(false);
    expect(accepts("assist", { helper: { name: "Luc", attribute: 8, ranks: 11 } })).toBe(false);
    expect(accepts("assist", { helper: { name: "Luc", attribute: 8, ranks: -1 } })).toBe(false);
    expect(accepts("assist", { helper: { name: "Luc", attribute: 8, item: 6 } })).toBe(false);
    expect(accepts("assist", { helper: { name: "Luc", attribute: 8 }, target: "Ines" })).toBe(false);
  });

  it("survival: a Dying character (1 Wound or more) rolls Verve and her competency die", () => {
    const request = { name: "Ines", verve: 8, competency: 8, wounds: 1, spend: [] };
    expect(accepts("survival", request)).toBe(true);
    expect(accepts("survival", { ...request, wounds: 0 })).toBe(false);
    expect(accepts("survival", { ...request, name: "" })).toBe(false);
    expect(accepts("survival", { ...request, verve: 12 })).toBe(false);
    expect(accepts("survival", { ...request, medicine: true })).toBe(false);
  });

  it("rest: 0 or more Wounds and days", () => {
    expect(accepts("rest", { name: "Ines", wounds: 0, days: 0 })).toBe(true);
    expect(accepts("rest", { name: "", wounds: 0, days: 0 })).toBe(false);
    expect(accepts("rest", { name: "Ines", wounds: -1, days: 0 })).toBe(false);
    expect(accepts("rest", { name: "Ines", wounds: 0, days: -1 })).toBe(false);
    expect(accepts("rest", { name: "Ines", wounds: 0, days: 0, inn: true })).toBe(false);
  });

  it("every action's house options are the ruleset's, each a true or false", () => {
    expect(accepts("turn", { name: "Ines", options: { keepOneDie: false, seizeOncePerRound: false } })).toBe(true);
    expect(accepts("turn", { name: "Ines", options: { keepOneDie: 1 } })).toBe(false);
    expect(accepts("turn", { name: "Ines", options: { explodingDice: true } })).toBe(false);
  });
});

describe("cavaliers requests: a duel's fighters", () => {
  const fighter = { name: "Ines", lunge: { attribute: 8 }, parry: { attribute: 8 } };
  const accepted = (value: unknown) => Value.Check(cavaliersDuel.fighter, value);

  it("a fighter has a name, a Lunge pool and a Parry pool, and may have an Initiative pool, a type, a competency die, a Yield Limit and Wounds", () => {
    expect(accepted({ ...fighter, type: "stock", competency: 6, yieldLimit: 0, wounds: 0, initiative: { attribute: 6, competent: false, ranks: 10, item: 6 } })).toBe(true);
    // The competency die is the fighter's, not a pool's.
    expect(accepted({ ...fighter, initiative: { attribute: 6, competency: 6 } })).toBe(false);
    expect(accepted({ ...fighter, competency: 7 })).toBe(false);
    expect(accepted({ ...fighter, name: "" })).toBe(false);
    expect(accepted({ ...fighter, yieldLimit: -1 })).toBe(false);
    expect(accepted({ ...fighter, wounds: -1 })).toBe(false);
    expect(accepted({ ...fighter, style: 1 })).toBe(false);
    expect(accepted({ ...fighter, lunge: { attribute: 8, ranks: 11 } })).toBe(false);
    expect(accepted({ ...fighter, lunge: { attribute: 8, ranks: -1 } })).toBe(false);
    expect(accepted({ ...fighter, parry: { attribute: 8, drop: 1 } })).toBe(false);
  });
});
