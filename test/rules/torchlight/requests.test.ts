import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { FighterSchema } from "../../../src/rules/torchlight/duel.js";
import { torchlightRules } from "../../../src/rules/torchlight/index.js";
import { combatant } from "./helpers.js";

// What a Beyond the Torchlight request may say: each field's bounds met at the edge (the last value
// allowed beside the first refused), every stance, Maneuver and direction the game has and no
// other, and no field the rules do not know. The command line and the Foundry layer refuse a
// request failing its action's schema before any die is rolled.
function accepts(action: string, request: unknown): boolean {
  const definition = torchlightRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return Value.Check(definition.request, request);
}

/** The request with one field (a dotted path) set to each value: which are accepted. */
function acceptedAt(action: string, base: Record<string, unknown>, path: string, values: unknown[]): boolean[] {
  return values.map((value) => {
    const request = structuredClone(base);
    const keys = path.split(".");
    let node = request as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys.at(-1)!] = value;
    return accepts(action, request);
  });
}

const attack = { attacker: { name: "Ines", weaponDie: 8 }, target: { name: "Orc" } };
const full = {
  attacker: { name: "Ines", weaponDie: 8, proficiencies: 1, stance: "aggressive", weapon: "melee", damageType: "fire", breath: 2, dex: 12 },
  squadMates: [{ name: "Bo", weaponDie: 6, proficiencies: 0 }],
  target: { name: "Orc", stance: "on-guard", incapacitated: false, hidden: false },
  situation: { hidden: true, calledShot: false, elevation: "above", targetIsSquad: false, squadAttack: false, area: false, intimidated: false, grappled: false, untrainedOffHand: false, goaded: "at-goader", targetDistracted: true, enhancements: 0, impairments: 0 },
  position: { attackerLane: 1, targetLane: 1, attackerEngaged: true, laneCount: 6 },
  maneuver: { name: "trip", payWith: "breath" },
  precision: "extra-die",
  push: "back",
  options: { enhancedAddsD4: true, protectRounding: "up", diagonalAdjacency: false, cellCapacity: 1 },
};

describe("torchlight requests: an attack", () => {
  it("every field the attack knows, at once, is accepted; one it does not know is not", () => {
    expect(accepts("attack", full)).toBe(true);
    expect(accepts("attack", attack)).toBe(true);
    for (const path of ["attacker", "squadMates.0", "target", "situation", "position", "maneuver", "options"]) {
      const request = structuredClone(full) as Record<string, unknown>;
      let node = request;
      for (const key of path.split(".")) node = node[key] as Record<string, unknown>;
      node.extra = 1;
      expect(accepts("attack", request), path).toBe(false);
    }
    expect(accepts("attack", { ...attack, round: 2 })).toBe(false);
  });

  it("a weapon die runs d2 to d100, a Squad mate's too", () => {
    expect(acceptedAt("attack", attack, "attacker.weaponDie", [1, 2, 100, 101])).toEqual([false, true, true, false]);
    expect(acceptedAt("attack", full, "squadMates.0.weaponDie", [1, 2, 100, 101])).toEqual([false, true, true, false]);
  });

  it("Proficiencies are whole numbers; Breath 0 and up; Dex 0 to 20; a damage type at most 40 letters", () => {
    expect(acceptedAt("attack", full, "attacker.proficiencies", [-2, 0.5])).toEqual([true, false]);
    expect(acceptedAt("attack", full, "squadMates.0.proficiencies", [0.5])).toEqual([false]);
    expect(acceptedAt("attack", full, "attacker.breath", [-1, 0])).toEqual([false, true]);
    expect(acceptedAt("attack", full, "attacker.dex", [-1, 0, 20, 21])).toEqual([false, true, true, false]);
    expect(acceptedAt("attack", full, "attacker.damageType", ["x".repeat(40), "x".repeat(41)])).toEqual([true, false]);
  });

  it("the stances, weapons, elevations, goads, Maneuvers, payments, Precision choices and Push directions the game has, and no other", () => {
    expect(acceptedAt("attack", full, "attacker.stance", ["aggressive", "steadied", "on-guard", "rearguard", "prone"])).toEqual([true, true, true, true, false]);
    expect(acceptedAt("attack", full, "target.stance", ["rearguard", "hidden"])).toEqual([true, false]);
    expect(acceptedAt("attack", full, "attacker.weapon", ["melee", "reach", "ranged", "thrown"])).toEqual([true, true, true, false]);
    expect(acceptedAt("attack", full, "situation.elevation", ["above", "level", "below", "beside"])).toEqual([true, true, true, false]);
    expect(acceptedAt("attack", full, "situation.goaded", ["at-goader", "at-other", "yes"])).toEqual([true, true, false]);
    const maneuvers = ["disarm", "distract", "evade", "feint", "goad", "grapple", "hide", "parry", "push", "trip"];
    expect(acceptedAt("attack", full, "maneuver.name", [...maneuvers, "taunt"])).toEqual([...maneuvers.map(() => true), false]);
    expect(acceptedAt("attack", full, "maneuver.payWith", ["precision", "breath", "luck"])).toEqual([true, true, false]);
    expect(acceptedAt("attack", full, "precision", ["extra-die", "trip", "two-dice"])).toEqual([true, true, false]);
    expect(acceptedAt("attack", full, "push", ["lane-up", "lane-down", "forward", "back", "sideways"])).toEqual([true, true, true, true, false]);
  });

  it("the GM's other Enhancements and Impairments run 0 to 10", () => {
    expect(acceptedAt("attack", full, "situation.enhancements", [-1, 0, 10, 11])).toEqual([false, true, true, false]);
    expect(acceptedAt("attack", full, "situation.impairments", [-1, 0, 10, 11])).toEqual([false, true, true, false]);
  });

  it("each situation and target flag is yes or no", () => {
    for (const flag of ["hidden", "calledShot", "targetIsSquad", "squadAttack", "area", "intimidated", "grappled", "untrainedOffHand", "targetDistracted"]) {
      expect(acceptedAt("attack", full, `situation.${flag}`, [true, "yes"]), flag).toEqual([true, false]);
    }
    expect(acceptedAt("attack", full, "target.incapacitated", [true, 1])).toEqual([true, false]);
    expect(acceptedAt("attack", full, "target.hidden", [true, 1])).toEqual([true, false]);
  });

  it("lanes are numbered from 1; a grid has 1 to 12 lanes; Engaged is yes or no", () => {
    expect(acceptedAt("attack", full, "position.attackerLane", [0, 1])).toEqual([false, true]);
    expect(acceptedAt("attack", full, "position.targetLane", [0, 1])).toEqual([false, true]);
    expect(acceptedAt("attack", full, "position.laneCount", [0, 1, 12, 13])).toEqual([false, true, true, false]);
    expect(acceptedAt("attack", full, "position.attackerEngaged", ["no"])).toEqual([false]);
  });

  it("seed 004 §Feint (Melee): the choice after the damage die is seen is reroll or keep, and no other", () => {
    expect(acceptedAt("attack", attack, "feint", ["reroll", "keep", "", "both"])).toEqual([true, true, false, false]);
  });

  it("seed 004 §Goad, §Parry and §Combat Stances, Aggressive: at most 10 compulsions, each a kind the game has and who compels, nothing else", () => {
    const parry = { kind: "parry", by: "Elsa" };
    expect(acceptedAt("attack", attack, "compelled", [[parry], Array(10).fill(parry), Array(11).fill(parry), [{ ...parry, round: 2 }], [{ ...parry, kind: "taunt" }]])).toEqual([true, true, false, false, false]);
    const ability = { grid: [{ name: "Orc", side: "foes", lane: 1, stance: "steadied" }], by: "Orc" };
    expect(acceptedAt("ability", ability, "compelled", [[{ kind: "intimidation", by: "Riddic" }], [{ kind: "intimidation", by: "Riddic", impaired: true }]])).toEqual([true, false]);
  });

  it("the house options: protectRounding down or up, cellCapacity 1 to 6, the switches yes or no", () => {
    expect(acceptedAt("attack", full, "options.protectRounding", ["down", "up", "nearest"])).toEqual([true, true, false]);
    expect(acceptedAt("attack", full, "options.cellCapacity", [0, 1, 6, 7])).toEqual([false, true, true, false]);
    expect(acceptedAt("attack", full, "options.enhancedAddsD4", ["on"])).toEqual([false]);
    expect(acceptedAt("attack", full, "options.diagonalAdjacency", ["on"])).toEqual([false]);
  });
});

describe("torchlight requests: a combatant and the round", () => {
  const round = { combatants: [combatant("Ines", 3, {}, { maxBreath: 4, maxDc: { str: 12 }, stance: "steadied", evading: false, id: "a1", side: "party", lane: 1, parrying: ["Orc"], incapacitated: false })], hits: [] };

  it("Breath is 0 and up; each DC 0 to 20, unhurt ones too", () => {
    expect(accepts("round", round)).toBe(true);
    expect(acceptedAt("round", round, "combatants.0.breath", [-1, 0])).toEqual([false, true]);
    expect(acceptedAt("round", round, "combatants.0.maxBreath", [-1, 0])).toEqual([false, true]);
    for (const c of ["str", "dex", "wil", "san", "luck"]) expect(acceptedAt("round", round, `combatants.0.${c}`, [-1, 0, 20, 21]), c).toEqual([false, true, true, false]);
    expect(acceptedAt("round", round, "combatants.0.maxDc", [{ luck: 20 }, { luck: 21 }, { str: -1 }, { grit: 3 }])).toEqual([true, false, false, false]);
  });

  it("seed 004 §Actions: a round's declarations, at most 60: who (at most 80 letters), a stance, a lane 1 to 12, whom she attacks, a stance ability, nothing more", () => {
    const declaration = { by: "Ines", stance: "steadied", lane: 1, attack: "Orc", ability: "rally" };
    const declaring = { ...round, declarations: [declaration] };
    expect(accepts("round", declaring)).toBe(true);
    expect(acceptedAt("round", declaring, "declarations", [Array(60).fill({ by: "Ines" }), Array(61).fill({ by: "Ines" })])).toEqual([true, false]);
    for (const name of ["by", "attack"]) expect(acceptedAt("round", declaring, `declarations.0.${name}`, ["x".repeat(80), "x".repeat(81), 3]), name).toEqual([true, false, false]);
    expect(acceptedAt("round", declaring, "declarations.0.lane", [0, 1, 12, 13, 1.5])).toEqual([false, true, true, false, false]);
    expect(acceptedAt("round", declaring, "declarations.0.stance", ["bold"])).toEqual([false]);
    expect(acceptedAt("round", declaring, "declarations.0.ability", ["fireball"])).toEqual([false]);
    expect(acceptedAt("round", declaring, "declarations.0.move", [2])).toEqual([false]);
  });

  it("an id is 1 to 40 letters, a side at most 40; a lane 1 to 12; a Parry names at most 40 enemies", () => {
    expect(acceptedAt("round", round, "combatants.0.id", ["", "x".repeat(40), "x".repeat(41)])).toEqual([false, true, false]);
    expect(acceptedAt("round", round, "combatants.0.side", ["x".repeat(40), "x".repeat(41)])).toEqual([true, false]);
    expect(acceptedAt("round", round, "combatants.0.lane", [0, 1, 12, 13])).toEqual([false, true, true, false]);
    expect(acceptedAt("round", round, "combatants.0.parrying", [Array(40).fill("Orc"), Array(41).fill("Orc")])).toEqual([true, false]);
    expect(acceptedAt("round", round, "combatants.0.evading", ["yes"])).toEqual([false]);
    expect(acceptedAt("round", round, "combatants.0.luckDc", [3])).toEqual([false]);
  });

  it("a round takes no field the rules do not know", () => {
    expect(acceptedAt("round", round, "initiative", [1])).toEqual([false]);
  });

  it("a round has 1 to 60 combatants and at most 200 hits", () => {
    expect(acceptedAt("round", round, "combatants", [[], Array(60).fill(round.combatants[0]), Array(61).fill(round.combatants[0])])).toEqual([false, true, false]);
    const hit = { target: "Ines", amount: 1 };
    expect(acceptedAt("round", round, "hits", [Array(200).fill(hit), Array(201).fill(hit)])).toEqual([true, false]);
  });

  it("a hit: 0 to 999; names at most 80 letters; a damage type and a Squad at most 40; the flags yes or no", () => {
    const hit = { target: "Ines", amount: 1, damageType: "fire", from: "Orc", precisionStrike: true, melee: true, parried: false, protectedBy: "Bo", squad: "orcs" };
    const withHit = { ...round, hits: [hit] };
    expect(accepts("round", withHit)).toBe(true);
    expect(acceptedAt("round", withHit, "hits.0.amount", [-1, 0, 999, 1000])).toEqual([false, true, true, false]);
    for (const name of ["target", "from", "protectedBy"]) expect(acceptedAt("round", withHit, `hits.0.${name}`, ["x".repeat(80), "x".repeat(81)]), name).toEqual([true, false]);
    for (const short of ["damageType", "squad"]) expect(acceptedAt("round", withHit, `hits.0.${short}`, ["x".repeat(40), "x".repeat(41)]), short).toEqual([true, false]);
    for (const flag of ["precisionStrike", "melee", "parried"]) expect(acceptedAt("round", withHit, `hits.0.${flag}`, ["yes"]), flag).toEqual([false]);
    expect(acceptedAt("round", withHit, "hits.0.critical", [true])).toEqual([false]);
  });

  it("RULINGS, Breath at the round's end: an owner's order of hits is by ids of 1 to 40 letters, each 1 to 200 hit numbers of at most 3 digits, commas between", () => {
    const order = (value: string) => ({ a1: value });
    expect(acceptedAt("round", round, "breathOrder", [order("2,0"), order("0"), { ["x".repeat(40)]: "0" }, { ["x".repeat(41)]: "0" }, { "": "0" }])).toEqual([true, true, true, false, false]);
    const hits = (count: number) => order(Array(count).fill("199").join(","));
    expect(acceptedAt("round", round, "breathOrder", [hits(200), hits(201), order(""), order("first"), order("1000"), order("2,"), order("2 0")])).toEqual([true, false, false, false, false, false, false]);
  });

  it("a Rally names at most 60 allies; at most 60 Protects; saves are given as true by ids of at most 40 letters", () => {
    expect(acceptedAt("round", round, "rally", [{ by: "Ines", allies: Array(60).fill("Bo") }, { by: "Ines", allies: Array(61).fill("Bo") }, { by: "Ines", range: 1 }, { by: "x".repeat(81) }])).toEqual([true, false, false, false]);
    const protect = { by: "Bo", companion: "Ines" };
    expect(acceptedAt("round", round, "protect", [Array(60).fill(protect), Array(61).fill(protect), [{ ...protect, half: true }]])).toEqual([true, false, false]);
    expect(acceptedAt("round", round, "saves", [{ a1: true }, { a1: false }, { ["x".repeat(40)]: true }, { ["x".repeat(41)]: true }, { "": true }])).toEqual([true, false, true, false, false]);
    expect(acceptedAt("round", round, "options", [{ protectRounding: "up" }, { protectRounding: "half" }])).toEqual([true, false]);
  });
});

describe("torchlight requests: the other actions", () => {
  it("initiative: 1 to 60 combatants, Dex 0 to 20, rounds from 1", () => {
    const initiative = { combatants: [{ name: "Ines", dex: 10, leftInRound: 1 }], joinRound: 1 };
    expect(accepts("initiative", initiative)).toBe(true);
    const one = initiative.combatants[0];
    expect(acceptedAt("initiative", initiative, "combatants", [[], Array(60).fill(one), Array(61).fill(one)])).toEqual([false, true, false]);
    expect(acceptedAt("initiative", initiative, "combatants.0.dex", [-1, 0, 20, 21])).toEqual([false, true, true, false]);
    expect(acceptedAt("initiative", initiative, "combatants.0.leftInRound", [0])).toEqual([false]);
    expect(acceptedAt("initiative", initiative, "joinRound", [0])).toEqual([false]);
    expect(acceptedAt("initiative", initiative, "combatants.0.luck", [3])).toEqual([false]);
    expect(acceptedAt("initiative", initiative, "round", [3])).toEqual([false]);
  });

  it("check, save and the grapple hold: a DC or ST 0 to 20, a Characteristic the game has", () => {
    expect(acceptedAt("check", { name: "Ines", characteristic: "dex", dc: 10 }, "dc", [-1, 0, 20, 21])).toEqual([false, true, true, false]);
    expect(acceptedAt("save", { name: "Ines", characteristic: "luck", st: 10 }, "st", [-1, 0, 20, 21])).toEqual([false, true, true, false]);
    expect(acceptedAt("check", { name: "Ines", dc: 10 }, "characteristic", ["str", "dex", "wil", "san", "luck", "cha"])).toEqual([true, true, true, true, true, false]);
    expect(acceptedAt("check", { name: "Ines", dc: 10 }, "bonus", [1])).toEqual([false]);
    expect(acceptedAt("save", { name: "Ines", st: 10 }, "bonus", [1])).toEqual([false]);
    expect(acceptedAt("grapple-hold", { grappler: { name: "Ines", st: 10 }, target: "Orc" }, "grappler.st", [-1, 0, 20, 21])).toEqual([false, true, true, false]);
    expect(acceptedAt("grapple-hold", { grappler: { name: "Ines", st: 10 }, target: "Orc" }, "grappler.dc", [1])).toEqual([false]);
    expect(acceptedAt("grapple-hold", { grappler: { name: "Ines", st: 10 }, target: "Orc" }, "round", [1])).toEqual([false]);
  });

  it("dying: at least one damaged Characteristic, 0 to 48 hours; recover: 0 to 60 days of rest", () => {
    const dying = { character: combatant("Elsa", 0), damaged: ["str"], hours: 4 };
    expect(acceptedAt("dying", dying, "damaged", [[], ["str", "luck"], ["grit"]])).toEqual([false, true, false]);
    expect(acceptedAt("dying", dying, "hours", [-1, 0, 48, 49])).toEqual([false, true, true, false]);
    expect(acceptedAt("dying", dying, "days", [1])).toEqual([false]);
    const recover = { character: combatant("Elsa", 0), restDays: 1 };
    expect(acceptedAt("recover", recover, "restDays", [-1, 0, 60, 61])).toEqual([false, true, true, false]);
    expect(acceptedAt("recover", recover, "hours", [1])).toEqual([false]);
  });

  it("the grid: at least one placement, lanes 1 to 12, a stance the game has; an ability grid at most 60", () => {
    const place = { name: "Ines", side: "party", lane: 1, stance: "steadied", incapacitated: false };
    expect(acceptedAt("engagement", { grid: [place] }, "grid", [[], [place, { ...place, lane: 12 }], [{ ...place, lane: 0 }], [{ ...place, lane: 13 }], [{ ...place, stance: "hidden" }], [{ ...place, speed: 1 }], [{ ...place, incapacitated: "no" }]])).toEqual([false, true, false, false, false, false, false]);
    expect(acceptedAt("engagement", { grid: [place] }, "round", [1])).toEqual([false]);
    const ability = { grid: [place], by: "Ines", ability: "rally", target: "Bo", weapon: "ranged", rallyTaken: false, options: {} };
    expect(accepts("ability", ability)).toBe(true);
    expect(acceptedAt("ability", ability, "grid", [[], Array(60).fill(place), Array(61).fill(place), [{ ...place, lane: 13 }]])).toEqual([false, true, false, false]);
    expect(acceptedAt("ability", ability, "grid", [[{ ...place, speed: 1 }]])).toEqual([false]);
    expect(acceptedAt("retreat", { grid: [place], by: "Ines", round: 1 }, "grid", [[{ ...place, speed: 1 }]])).toEqual([false]);
    expect(acceptedAt("ability", ability, "ability", ["intimidation", "rally", "protect-companion", "called-shot", "charge"])).toEqual([true, true, true, true, false]);
    expect(acceptedAt("ability", ability, "weapon", ["thrown"])).toEqual([false]);
    expect(acceptedAt("ability", ability, "rallyTaken", ["yes"])).toEqual([false]);
    expect(acceptedAt("ability", ability, "round", [1])).toEqual([false]);
    expect(acceptedAt("retreat", { grid: [place], by: "Ines", round: 1 }, "round", [0, 1, 9999, 10000])).toEqual([false, true, true, false]);
    expect(acceptedAt("retreat", { grid: [place], by: "Ines", round: 1 }, "grid", [[], Array(61).fill(place)])).toEqual([false, false]);
    expect(acceptedAt("retreat", { grid: [place], by: "Ines", round: 1 }, "to", [1])).toEqual([false]);
  });

  it("a Maneuver on its own: Breath 0 and up, Dex 0 to 20, lanes from 1, 1 to 12 lanes, a direction the game has", () => {
    const maneuver = { actor: { name: "Ines", breath: 1, dex: 10, weapon: "reach" }, maneuver: "push", target: { name: "Orc", stance: "steadied" }, position: { actorLane: 1, targetLane: 1, laneCount: 6 }, push: "back" };
    expect(accepts("maneuver", maneuver)).toBe(true);
    expect(acceptedAt("maneuver", maneuver, "actor.breath", [-1, 0])).toEqual([false, true]);
    expect(acceptedAt("maneuver", maneuver, "actor.dex", [-1, 0, 20, 21])).toEqual([false, true, true, false]);
    expect(acceptedAt("maneuver", maneuver, "actor.weapon", ["thrown"])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "actor.luck", [1])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "target.stance", ["hidden"])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "target.lane", [1])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "position.actorLane", [0])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "position.targetLane", [0])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "position.laneCount", [0, 12, 13])).toEqual([false, true, false]);
    expect(acceptedAt("maneuver", maneuver, "position.gap", [1])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "push", ["sideways"])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "maneuver", ["taunt"])).toEqual([false]);
    expect(acceptedAt("maneuver", maneuver, "round", [1])).toEqual([false]);
  });

  it("a duel fighter: a weapon die d2 to d100, whole Proficiencies", () => {
    const fighter = { ...combatant("Ines", 3), weaponDie: 8, proficiencies: 1, damageType: "fire" };
    expect(Value.Check(FighterSchema, fighter)).toBe(true);
    expect(Value.Check(FighterSchema, { ...fighter, weaponDie: 1 })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, weaponDie: 101 })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, proficiencies: 0.5 })).toBe(false);
  });

  it("a duel fighter starts the fight standing and in the open: no Evading or Incapacitated, and no field the rules do not know", () => {
    const fighter = { ...combatant("Ines", 3), weaponDie: 8 };
    expect(Value.Check(FighterSchema, fighter)).toBe(true);
    expect(Value.Check(FighterSchema, { ...fighter, evading: true })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, incapacitated: true })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, luckPoints: 2 })).toBe(false);
  });
});

describe("torchlight requests: placing and moving on the Combat Grid", () => {
  const standing = { name: "Ines", side: "party", lane: 1, stance: "steadied" };
  const newcomer = { name: "Bo", side: "party", wish: { lane: 2, stance: "aggressive" } };
  const placing = { grid: [standing], lanes: [{ level: 0 }, { level: 1, edge: true }], newcomers: [newcomer], options: { cellCapacity: 2 } };
  const moving = { grid: [standing], lanes: [{ level: 0 }, { level: 0 }], by: "Ines", to: { lane: 2, stance: "aggressive" }, movedThisRound: false, grappled: false, pushed: false, options: { cellCapacity: 2 } };
  const cells = [
    { lane: 1, stance: "rearguard" },
    { lane: 12, stance: "on-guard" },
    { lane: 0, stance: "steadied" },
    { lane: 13, stance: "steadied" },
    { lane: 1.5, stance: "steadied" },
    { lane: 1, stance: "hidden" },
    { lane: 1, stance: "steadied", level: 1 },
    { lane: 1 },
  ];
  const cellsAccepted = [true, true, false, false, false, false, false, false];

  it("seed 004 §Initiative: placing takes who stands already (at most 60), the lanes, 1 to 60 newcomers and the house options, and nothing else", () => {
    expect(accepts("place", placing)).toBe(true);
    expect(accepts("place", { newcomers: [newcomer] })).toBe(true);
    expect(acceptedAt("place", placing, "grid", [[], Array(60).fill(standing), Array(61).fill(standing)])).toEqual([true, true, false]);
    expect(acceptedAt("place", placing, "newcomers", [[], Array(60).fill(newcomer), Array(61).fill(newcomer)])).toEqual([false, true, false]);
    expect(acceptedAt("place", placing, "round", [1])).toEqual([false]);
  });

  it("seed 004 §Initiative: a newcomer is a name, a side and the lane and stance she wishes, and nothing else", () => {
    expect(acceptedAt("place", placing, "newcomers.0", [newcomer, { ...newcomer, dex: 12 }, { name: "Bo", side: "party" }])).toEqual([true, false, false]);
    expect(acceptedAt("place", placing, "newcomers.0.wish", cells)).toEqual(cellsAccepted);
  });

  it("seed 004 §Movement: a move takes the grid (1 to 60 placements), the lanes, who moves, where to, what the fight's marks say, and nothing else", () => {
    expect(accepts("move", moving)).toBe(true);
    expect(accepts("move", { grid: [standing], by: "Ines", to: { lane: 2, stance: "aggressive" } })).toBe(true);
    expect(acceptedAt("move", moving, "grid", [[], Array(60).fill(standing), Array(61).fill(standing)])).toEqual([false, true, false]);
    expect(acceptedAt("move", moving, "round", [1])).toEqual([false]);
    for (const mark of ["movedThisRound", "grappled", "pushed"]) expect(acceptedAt("move", moving, mark, [true, "yes"]), mark).toEqual([true, false]);
  });

  it("seed 004 §Movement: the lane and stance moved to is a lane 1 to 12 and a stance the game has, and nothing else", () => {
    expect(acceptedAt("move", moving, "to", cells)).toEqual(cellsAccepted);
  });

  it("seed 004 §Action Lanes: a grid has 1 to 12 lanes, each a level 0 to 9 and whether cover gives it an edge, nothing else", () => {
    const flat = { level: 0 };
    expect(acceptedAt("move", moving, "lanes", [[flat], Array(12).fill(flat), Array(13).fill(flat), []])).toEqual([true, true, false, false]);
    expect(acceptedAt("move", moving, "lanes", [[flat, { level: 9, edge: true }], [flat, { level: -1 }], [flat, { level: 10 }], [flat, { level: 0.5 }], [flat, { level: 0, edge: "yes" }], [flat, { level: 0, cover: true }], [flat, {}]])).toEqual([true, false, false, false, false, false, false]);
    expect(acceptedAt("place", placing, "lanes", [[flat, { level: 0, cover: true }], Array(13).fill(flat)])).toEqual([false, false]);
  });
});
