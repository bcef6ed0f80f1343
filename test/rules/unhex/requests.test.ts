import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { unhexRules } from "../../../src/rules/unhex/index.js";

// What an unhex request may say: each field's bounds met at the edge (the last value allowed beside
// the first refused), every reroll, die, weapon, reaction and connection the game has and no other,
// and no field the rules do not know. The command line and the Foundry layer refuse a request that
// fails its action's schema before any die is rolled (a player's client sends requests, not facts).
function accepts(action: string, request: unknown): boolean {
  const definition = unhexRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return Value.Check(definition.request, request);
}
const fighter = (over: Record<string, unknown>) => Value.Check(unhexRules.duel.fighter, { name: "Vet", level: 50, ...over });

const ines = { name: "Ines", level: 50 };
const check = (character: Record<string, unknown>, over: Record<string, unknown> = {}) => accepts("check", { character: { ...ines, ...character }, ...over });
const inBar = { attacker: { ...ines, area: "bar", weapon: "melee" }, target: { name: "Thug", level: 45, area: "bar" } };
const attack = (over: Record<string, unknown>) => accepts("attack", { ...inBar, ...over });
const target = (over: Record<string, unknown>) => attack({ target: { ...inBar.target, ...over } });

describe("unhex requests: who rolls", () => {
  it("a name of 1 to 200 characters", () => {
    expect(check({ name: "I" })).toBe(true);
    expect(check({ name: "" })).toBe(false);
    expect(check({ name: "x".repeat(200) })).toBe(true);
    expect(check({ name: "x".repeat(201) })).toBe(false);
  });

  it("a current level from -99 to 99, a whole number; a max level from 1 to 99", () => {
    for (const level of [-99, 0, 99]) expect(check({ level })).toBe(true);
    for (const level of [-100, 100, 2.5]) expect(check({ level })).toBe(false);
    for (const maxLevel of [1, 99]) expect(check({ maxLevel })).toBe(true);
    for (const maxLevel of [0, 100]) expect(check({ maxLevel })).toBe(false);
  });

  it("PC and good are yes or no; nothing else about the roller", () => {
    expect(check({ pc: true, good: false })).toBe(true);
    expect(check({ pc: "yes" })).toBe(false);
    expect(check({ good: 1 })).toBe(false);
    expect(check({ luck: 3 })).toBe(false);
  });
});

describe("unhex requests: the choices after the dice", () => {
  it("a reroll is none, tens, units or both", () => {
    for (const reroll of ["none", "tens", "units", "both"]) expect(check({}, { reroll })).toBe(true);
    expect(check({}, { reroll: "all" })).toBe(false);
  });

  it("a critical's choice is the extra action or dice set from 1 to 99, and nothing more", () => {
    expect(check({}, { critical: "extra-action" })).toBe(true);
    for (const set of [1, 99]) expect(check({}, { critical: { set } })).toBe(true);
    for (const set of [0, 100]) expect(check({}, { critical: { set } })).toBe(false);
    expect(check({}, { critical: { set: 5, twice: true } })).toBe(false);
    expect(check({}, { critical: "both" })).toBe(false);
  });

  it("in combat is yes or no; a check has no other field", () => {
    expect(check({}, { inCombat: false })).toBe(true);
    expect(check({}, { inCombat: "no" })).toBe(false);
    expect(check({}, { target: "Thug" })).toBe(false);
  });

  it("an opposed roll: b's roll is only true; rerolls and criticals are a's and b's", () => {
    const opposed = (over: Record<string, unknown>) => accepts("opposed", { a: ines, b: { name: "Thug", level: 45 }, ...over });
    expect(opposed({ roll: true, rerolls: { a: "tens", b: "none" }, criticals: { a: "extra-action", b: { set: 3 } }, inCombat: true })).toBe(true);
    expect(opposed({ roll: false })).toBe(false);
    expect(opposed({ rerolls: { c: "tens" } })).toBe(false);
    expect(opposed({ criticals: { c: "extra-action" } })).toBe(false);
    expect(opposed({ inCombat: 1 })).toBe(false);
    expect(opposed({ winner: "a" })).toBe(false);
  });
});

describe("unhex requests: the attack", () => {
  it("the attacker's weapon is one of the three kinds; she stands in an area", () => {
    for (const weapon of ["melee", "one-handed-ranged", "two-handed-ranged"]) expect(attack({ attacker: { ...inBar.attacker, weapon } })).toBe(true);
    expect(attack({ attacker: { ...inBar.attacker, weapon: "thrown" } })).toBe(false);
    expect(attack({ attacker: { ...ines, weapon: "melee" } })).toBe(false);
    expect(attack({ attacker: { ...inBar.attacker, area: 3 } })).toBe(false);
    expect(attack({ attacker: { ...inBar.attacker, reach: 2 } })).toBe(false);
  });

  it("the target stands in an area or moves from one to another, nothing more", () => {
    expect(target({ area: undefined, moving: { from: "bar", to: "kitchen" } })).toBe(true);
    expect(target({ area: 3 })).toBe(false);
    expect(target({ moving: { from: "bar" } })).toBe(false);
    expect(target({ moving: { from: "bar", to: "kitchen", via: "alley" } })).toBe(false);
    expect(target({ cover: true })).toBe(false);
  });

  it("a combatant's shield, wounds (0 to 99 boxes), budget (0 to 10 each) and up to four weapons", () => {
    expect(target({ shield: true, wounds: { head: 0, torso: 99 }, budget: { available: 10, owed: 10 }, weapons: ["melee", "melee", "one-handed-ranged", "two-handed-ranged"] })).toBe(true);
    expect(target({ shield: "big" })).toBe(false);
    expect(target({ wounds: { torso: 100 } })).toBe(false);
    expect(target({ wounds: { torso: -1 } })).toBe(false);
    expect(target({ budget: { available: 11, owed: 0 } })).toBe(false);
    expect(target({ budget: { available: 0, owed: 11 } })).toBe(false);
    expect(target({ budget: { available: -1, owed: 0 } })).toBe(false);
    expect(target({ budget: { available: 1 } })).toBe(false);
    expect(target({ budget: { available: 1, owed: 0, extra: 1 } })).toBe(false);
    expect(target({ weapons: ["melee", "melee", "melee", "melee", "melee"] })).toBe(false);
    expect(target({ weapons: ["sword"] })).toBe(false);
  });

  it("a reaction is none, defend or counterattack (or the object forms, a counterattack naming its weapon)", () => {
    for (const reaction of ["none", "defend", "counterattack", { kind: "defend" }, { kind: "counterattack", weapon: "melee" }]) expect(attack({ reaction })).toBe(true);
    for (const reaction of ["intercept", { kind: "counterattack" }, { kind: "defend", weapon: "melee" }, { kind: "intercept" }]) expect(attack({ reaction })).toBe(false);
  });

  it("the attacker's roll is only true; rerolls and criticals are the attacker's and the target's; the split names tens or units", () => {
    expect(attack({ roll: true, rerolls: { attacker: "both", target: "tens" }, criticals: { attacker: "extra-action", target: { set: 9 } }, damageDie: "tens", counterDamageDie: "units", stopIn: "bar" })).toBe(true);
    expect(attack({ roll: false })).toBe(false);
    expect(attack({ rerolls: { a: "both" } })).toBe(false);
    expect(attack({ criticals: { b: "extra-action" } })).toBe(false);
    expect(attack({ damageDie: "both" })).toBe(false);
    expect(attack({ counterDamageDie: "hundreds" })).toBe(false);
    expect(attack({ stopIn: 2 })).toBe(false);
    expect(attack({ hit: true })).toBe(false);
  });

  it("house options: 1 to 10 boxes a row, unconscious at or below 0 to 9", () => {
    for (const options of [{ boxesPerRow: 1 }, { boxesPerRow: 10 }, { unconsciousLevel: 0 }, { unconsciousLevel: 9 }]) expect(attack({ options })).toBe(true);
    for (const options of [{ boxesPerRow: 0 }, { boxesPerRow: 11 }, { unconsciousLevel: -1 }, { unconsciousLevel: 10 }, { boxesPerRow: 2.5 }, { hitLocations: 10 }]) expect(attack({ options })).toBe(false);
  });
});

describe("unhex requests: maps", () => {
  const map = (connection: Record<string, unknown>, over: Record<string, unknown> = {}) => accepts("range", { map: { areas: [{ id: "a", name: "A" }, { id: "b" }], connections: [{ from: "a", to: "b", kind: "two-way", ...connection }], ...over }, from: "a", to: "b" });

  it("the nightclub by name, or a map of areas and connections", () => {
    expect(accepts("range", { map: "nightclub", from: "bar", to: "kitchen" })).toBe(true);
    expect(accepts("range", { map: "warehouse", from: "bar", to: "kitchen" })).toBe(false);
    expect(map({}, { name: "Yard" })).toBe(true);
    expect(map({}, { scale: 2 })).toBe(false);
    expect(accepts("range", { map: { areas: [{ id: "a", size: 3 }], connections: [] }, from: "a", to: "a" })).toBe(false);
  });

  it("a connection is two-way, sight, one-way, door or sight-blocked; doors open or not; cover marks of 1 or 2", () => {
    for (const kind of ["two-way", "sight", "one-way", "door", "sight-blocked"]) expect(map({ kind })).toBe(true);
    expect(map({ kind: "window" })).toBe(false);
    expect(map({ kind: "door", open: true, transparent: false, cover: { b: 1, a: 2 } })).toBe(true);
    expect(map({ cover: { b: 0 } })).toBe(false);
    expect(map({ cover: { b: 3 } })).toBe(false);
    expect(map({ width: 2 })).toBe(false);
  });

  it("the range query: two areas and perhaps where the target is moving to, nothing more", () => {
    expect(accepts("range", { from: "bar", to: "kitchen", movingTo: "alley" })).toBe(true);
    expect(accepts("range", { from: "bar", to: "kitchen", weapon: "melee" })).toBe(false);
  });
});

describe("unhex requests: moves, doors and initiative", () => {
  it("a move: the mover in an area, up to 100 enemies each with up to four weapons and an id of up to 100 characters", () => {
    const enemy = { name: "Thug", level: 45, area: "bar", weapons: ["melee"] };
    const move = (over: Record<string, unknown>) => accepts("move", { mover: { ...ines, area: "bar" }, to: "kitchen", ...over });
    expect(move({ free: true, enemies: [{ ...enemy, id: "x".repeat(100) }] })).toBe(true);
    expect(move({ enemies: [{ ...enemy, id: "x".repeat(101) }] })).toBe(false);
    expect(move({ enemies: Array.from({ length: 100 }, () => enemy) })).toBe(true);
    expect(move({ enemies: Array.from({ length: 101 }, () => enemy) })).toBe(false);
    expect(move({ enemies: [{ ...enemy, weapons: ["melee", "melee", "melee", "melee", "melee"] }] })).toBe(false);
    expect(move({ enemies: [{ ...enemy, weapons: undefined }] })).toBe(false);
    expect(move({ enemies: [{ ...enemy, speed: 2 }] })).toBe(false);
    expect(move({ mover: { ...ines } })).toBe(false);
    expect(move({ mover: { ...ines, area: "bar", speed: 2 } })).toBe(false);
    expect(move({ free: "yes" })).toBe(false);
  });

  it("a door: two areas, open or shut, and perhaps who works it", () => {
    expect(accepts("door", { between: ["a", "b"], open: true, actor: { ...ines, area: "a" } })).toBe(true);
    expect(accepts("door", { between: ["a"], open: true })).toBe(false);
    expect(accepts("door", { between: ["a", "b"], open: "yes" })).toBe(false);
    expect(accepts("door", { between: ["a", "b"], open: true, actor: { ...ines } })).toBe(false);
    expect(accepts("door", { between: ["a", "b"], open: true, actor: { ...ines, area: "a", speed: 2 } })).toBe(false);
    expect(accepts("door", { between: ["a", "b"], open: true, locked: true })).toBe(false);
  });

  it("initiative: 2 to 8 teams of 1 to 100 members, names of 1 to 200 characters, levels -99 to 99, max levels 1 to 99", () => {
    const member = { name: "Ines", level: 50 };
    const team = (name: string, over: Record<string, unknown> = {}, members: unknown[] = [member]) => ({ name, pc: true, members, ...over });
    const initiative = (over: Record<string, unknown>) => accepts("initiative", { teams: [team("PCs"), team("NPCs", { pc: false })], ...over });
    expect(initiative({ previousHolder: "PCs", rolls: { PCs: true }, rerolls: { PCs: "units" }, order: ["NPCs", "PCs"] })).toBe(true);
    // Seed 002 §Initiative: a critical success on initiative is an extra action, so there is no critical's choice to send.
    expect(initiative({ criticals: { NPCs: { set: 4 } } })).toBe(false);
    expect(initiative({ criticals: { NPCs: "extra-action" } })).toBe(false);
    expect(initiative({ teams: [team("PCs")] })).toBe(false);
    expect(initiative({ teams: Array.from({ length: 8 }, (_, i) => team(`T${i}`)) })).toBe(true);
    expect(initiative({ teams: Array.from({ length: 9 }, (_, i) => team(`T${i}`)) })).toBe(false);
    expect(initiative({ teams: [team(""), team("NPCs")] })).toBe(false);
    expect(initiative({ teams: [team("x".repeat(201)), team("NPCs")] })).toBe(false);
    expect(initiative({ teams: [team("PCs", {}, []), team("NPCs")] })).toBe(false);
    expect(initiative({ teams: [team("PCs", {}, Array.from({ length: 100 }, () => member)), team("NPCs")] })).toBe(true);
    expect(initiative({ teams: [team("PCs", {}, Array.from({ length: 101 }, () => member)), team("NPCs")] })).toBe(false);
    for (const level of [-99, 99]) expect(initiative({ teams: [team("PCs", {}, [{ ...member, level, maxLevel: 99, good: true }]), team("NPCs")] })).toBe(true);
    for (const over of [{ level: -100 }, { level: 100 }, { maxLevel: 0 }, { maxLevel: 100 }, { name: "" }, { name: "x".repeat(201) }, { speed: 1 }]) expect(initiative({ teams: [team("PCs", {}, [{ ...member, ...over }]), team("NPCs")] })).toBe(false);
    expect(initiative({ teams: [team("PCs", { roller: "Ines" }), team("NPCs")] })).toBe(true);
    expect(initiative({ teams: [team("PCs", { pc: "yes" }), team("NPCs")] })).toBe(false);
    expect(initiative({ teams: [team("PCs", { colour: "red" }), team("NPCs")] })).toBe(false);
    expect(initiative({ rolls: { PCs: false } })).toBe(false);
    expect(initiative({ order: Array.from({ length: 9 }, () => "PCs") })).toBe(false);
    expect(initiative({ winner: "PCs" })).toBe(false);
  });

  it("initiative: a member counted out says why (surrendered, retreated, unconscious, defeated or dead), in one of those words", () => {
    const initiative = (out: unknown) => accepts("initiative", { teams: [{ name: "PCs", pc: true, members: [{ name: "Ada", level: 60, out }, { name: "Bea", level: 40 }] }, { name: "Gang", pc: false, members: [{ name: "Vic", level: 45 }] }] });
    for (const out of ["surrendered", "retreated", "unconscious", "defeated", "dead"]) expect(initiative(out)).toBe(true);
    for (const out of ["asleep", "", true]) expect(initiative(out)).toBe(false);
  });

  it("without a map, an asked range and the GM's ruling: range 0 to 2, a whole number, cover yes or no, nothing more (seed 002 §Maps)", () => {
    for (const field of ["asked", "ruling"]) {
      const place = (value: unknown) => attack({ [field]: value });
      for (const range of [0, 1, 2]) expect(place({ range, cover: range > 0 })).toBe(true);
      for (const range of [-1, 3, 1.5]) expect(place({ range, cover: false })).toBe(false);
      expect(place({ range: 1 })).toBe(false);
      expect(place({ cover: true })).toBe(false);
      expect(place({ range: 1, cover: "yes" })).toBe(false);
      expect(place({ range: 1, cover: true, lineOfSight: false })).toBe(false);
    }
  });

  it("a duel's fighter: a name, a level of 1 to 99, the dice she rerolls after a failure when good, a shield", () => {
    expect(fighter({ maxLevel: 99, pc: true, good: "tens", shield: true })).toBe(true);
    for (const good of ["tens", "units", "both"]) expect(fighter({ good })).toBe(true);
    expect(fighter({ good: "none" })).toBe(false);
    expect(fighter({ name: "" })).toBe(false);
    for (const level of [1, 99]) expect(fighter({ level })).toBe(true);
    for (const level of [0, 100]) expect(fighter({ level })).toBe(false);
    for (const maxLevel of [0, 100]) expect(fighter({ maxLevel })).toBe(false);
    expect(fighter({ weapons: ["melee"] })).toBe(false);
  });
});
