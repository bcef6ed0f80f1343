import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { personalRules } from "../../../src/rules/personal/index.js";
import { Fighter as FighterSchema } from "../../../src/rules/personal/schemas.js";

// What a Personal Combat request may say: each field's bounds met at the edge (the last value
// allowed beside the first refused), and no field the rules do not know. The command line and the
// Foundry layer refuse a request failing its action's schema before any die is rolled.
function accepts(action: string, request: unknown): boolean {
  const definition = personalRules.actions[action];
  if (!definition) throw new Error(`no action ${action}`);
  return Value.Check(definition.request, request);
}

const weapon = { attack: "1d20", damage: "1d10", damageType: "physical" };
const bruno = { name: "Bruno", defense: 10, resolve: 10, maxResolve: 10, stamina: 2, control: 1 };
const attack = (target: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({ attacker: { name: "Ines", weapon }, target: { ...bruno, ...target }, ...over });
const withoutDefense = ({ defense: _defense, ...rest }: Record<string, unknown>) => rest;

describe("personal requests: a character's tracks", () => {
  it("Resolve runs 0 to 1000; max Resolve 1 to 1000", () => {
    expect(accepts("attack", attack({ resolve: 0, maxResolve: 1 }))).toBe(true);
    expect(accepts("attack", attack({ resolve: 1000, maxResolve: 1000 }))).toBe(true);
    expect(accepts("attack", attack({ resolve: -1 }))).toBe(false);
    expect(accepts("attack", attack({ resolve: 1001 }))).toBe(false);
    expect(accepts("attack", attack({ maxResolve: 0 }))).toBe(false);
    expect(accepts("attack", attack({ maxResolve: 1001 }))).toBe(false);
  });

  it("Stamina, Control and Initiative ranks run 0 to 30; ignores left 0 to 30", () => {
    expect(accepts("attack", attack({ stamina: 0, control: 30, ignoresLeft: 0 }))).toBe(true);
    expect(accepts("attack", attack({ stamina: 30, control: 0, ignoresLeft: 30 }))).toBe(true);
    expect(accepts("attack", attack({ stamina: 31 }))).toBe(false);
    expect(accepts("attack", attack({ control: -1 }))).toBe(false);
    expect(accepts("attack", attack({ ignoresLeft: 31 }))).toBe(false);
    expect(accepts("attack", attack({ ignoresLeft: -1 }))).toBe(false);
    expect(accepts("initiative", { pcs: [{ name: "Ines", rank: 30 }], npcs: [{ name: "Orc", rank: 0 }] })).toBe(true);
    expect(accepts("initiative", { pcs: [{ name: "Ines", rank: 31 }], npcs: [] })).toBe(false);
    expect(accepts("initiative", { pcs: [], npcs: [{ name: "Orc", rank: -1 }] })).toBe(false);
  });

  it("a character is a PC, a significant or a minor NPC, and nothing else", () => {
    for (const kind of ["pc", "significant", "minor"]) expect(accepts("attack", attack({ kind }))).toBe(true);
    expect(accepts("attack", attack({ kind: "boss" }))).toBe(false);
    expect(accepts("attack", attack({ kind: "" }))).toBe(false);
  });

  it("Wounded, defeated and the fates taken may be given; a fate is named", () => {
    expect(accepts("attack", attack({ wounded: true, defeated: false, fates: ["Maimed"] }))).toBe(true);
    expect(accepts("attack", attack({ wounded: "yes" }))).toBe(false);
    expect(accepts("attack", attack({ defeated: 1 }))).toBe(false);
    expect(accepts("attack", attack({ fates: [""] }))).toBe(false);
  });

  it("Defense runs 0 to 1000; Armor Ratings 0 to 100 per named damage type (an unnamed type was once let through)", () => {
    expect(accepts("attack", attack({ defense: 0, armor: { physical: 0, fire: 100 } }))).toBe(true);
    expect(accepts("attack", attack({ defense: 1000 }))).toBe(true);
    expect(accepts("attack", attack({ defense: -1 }))).toBe(false);
    expect(accepts("attack", attack({ defense: 1001 }))).toBe(false);
    expect(accepts("attack", attack({ armor: { physical: 101 } }))).toBe(false);
    expect(accepts("attack", attack({ armor: { physical: -1 } }))).toBe(false);
    expect(accepts("attack", attack({ armor: { "": 1 } }))).toBe(false);
  });

  it("names are never empty, and no field the rules do not know is taken", () => {
    expect(accepts("attack", attack({ name: "" }))).toBe(false);
    expect(accepts("attack", attack({ luck: 3 }))).toBe(false);
    expect(accepts("attack", attack({}, { attacker: { name: "", weapon } }))).toBe(false);
    expect(accepts("attack", attack({}, { attacker: { name: "Ines", weapon, rank: 2 } }))).toBe(false);
    expect(accepts("attack", attack({}, { bonus: 2 }))).toBe(false);
    expect(accepts("attack", attack({}, { fateChoice: "" }))).toBe(false);
    expect(accepts("attack", attack({}, { fateChoice: "ignore" }))).toBe(true);
  });
});

describe("personal requests: a weapon", () => {
  it("a weapon's formulas are 1 to 100 characters; its damage type is named; Piercing is yes or no", () => {
    const armed = (w: Record<string, unknown>) => attack({}, { attacker: { name: "Ines", weapon: { ...weapon, ...w } } });
    expect(accepts("attack", armed({ name: "Sabre", piercing: true, attack: "x".repeat(100), damage: "d" }))).toBe(true);
    expect(accepts("attack", armed({ attack: "" }))).toBe(false);
    expect(accepts("attack", armed({ damage: "" }))).toBe(false);
    expect(accepts("attack", armed({ attack: "x".repeat(101) }))).toBe(false);
    expect(accepts("attack", armed({ damage: "x".repeat(101) }))).toBe(false);
    expect(accepts("attack", armed({ damageType: "" }))).toBe(false);
    expect(accepts("attack", armed({ name: "" }))).toBe(false);
    expect(accepts("attack", armed({ piercing: "yes" }))).toBe(false);
    expect(accepts("attack", armed({ reach: 2 }))).toBe(false);
  });
});

describe("personal requests: the house options", () => {
  it("initiativeDie runs 2 to 20 sides; gainMomentumCap 2 to 6; the switches are yes or no", () => {
    const opts = (options: Record<string, unknown>) => accepts("initiative", { pcs: [], npcs: [], options });
    expect(opts({ initiativeDie: 2, gainMomentumCap: 2 })).toBe(true);
    expect(opts({ initiativeDie: 20, gainMomentumCap: 6 })).toBe(true);
    expect(opts({ initiativeDie: 1 })).toBe(false);
    expect(opts({ initiativeDie: 21 })).toBe(false);
    expect(opts({ gainMomentumCap: 1 })).toBe(false);
    expect(opts({ gainMomentumCap: 7 })).toBe(false);
    for (const name of ["gainMomentumExtraAction", "piercingHalvesArmor", "significantNpcFates", "minorNpcsWounded"]) {
      expect(opts({ [name]: true })).toBe(true);
      expect(opts({ [name]: "on" })).toBe(false);
    }
    expect(opts({ fumbles: true })).toBe(false);
  });
});

describe("personal requests: each action's own fields", () => {
  it("initiative: a PC's own face is 1 or more (an NPC gives none); a major NPC is yes or no; picks name someone", () => {
    expect(accepts("initiative", { pcs: [{ name: "Ines", rank: 1, face: 1 }], npcs: [{ name: "Orc", rank: 1, major: true }], pcPicks: ["Ines"] })).toBe(true);
    expect(accepts("initiative", { pcs: [{ name: "Ines", rank: 1, face: 0 }], npcs: [] })).toBe(false);
    expect(accepts("initiative", { pcs: [], npcs: [{ name: "Orc", rank: 1, major: "yes" }] })).toBe(false);
    expect(accepts("initiative", { pcs: [], npcs: [], pcPicks: [""] })).toBe(false);
    expect(accepts("initiative", { pcs: [{ name: "Ines", rank: 1, luck: 2 }], npcs: [] })).toBe(false);
    expect(accepts("initiative", { pcs: [], npcs: [{ name: "Orc", rank: 1, face: 4 }] })).toBe(false);
    expect(accepts("initiative", { pcs: [], npcs: [{ name: "", rank: 1 }] })).toBe(false);
    expect(accepts("initiative", { pcs: [], npcs: [], round: 1 })).toBe(false);
  });

  it("delay: the order holds someone; everyone is named", () => {
    const delay = { order: ["Ines"], acted: [], mover: "Ines", after: "Ines" };
    expect(accepts("delay", delay)).toBe(true);
    expect(accepts("delay", { ...delay, order: [] })).toBe(false);
    expect(accepts("delay", { ...delay, mover: "" })).toBe(false);
    expect(accepts("delay", { ...delay, after: "" })).toBe(false);
    expect(accepts("delay", { ...delay, acted: [""] })).toBe(false);
    expect(accepts("delay", { ...delay, round: 2 })).toBe(false);
  });

  it("fate: the damage runs 0 to 10000; the answer is named", () => {
    const character = withoutDefense({ ...bruno });
    expect(accepts("fate", { character, damage: 0 })).toBe(true);
    expect(accepts("fate", { character, damage: 10000, choice: "ignore" })).toBe(true);
    expect(accepts("fate", { character, damage: -1 })).toBe(false);
    expect(accepts("fate", { character, damage: 10001 })).toBe(false);
    expect(accepts("fate", { character, damage: 1, choice: "" })).toBe(false);
    expect(accepts("fate", { character: { ...character, defense: 3 }, damage: 1 })).toBe(false);
    expect(accepts("fate", { character, damage: 1, extra: 1 })).toBe(false);
  });

  it("turn: a Move names both zones; at most 10 item interactions; actions are named, free or not", () => {
    const turn = (over: Record<string, unknown>) => ({ character: { name: "Ines" }, actions: [{ name: "Attack", free: false }], ...over });
    expect(accepts("turn", turn({ move: { from: "Near", to: "Far" }, itemInteractions: 10, gainMomentum: true }))).toBe(true);
    expect(accepts("turn", turn({ itemInteractions: 0 }))).toBe(true);
    expect(accepts("turn", turn({ itemInteractions: 11 }))).toBe(false);
    expect(accepts("turn", turn({ itemInteractions: -1 }))).toBe(false);
    expect(accepts("turn", turn({ move: { from: "", to: "Far" } }))).toBe(false);
    expect(accepts("turn", turn({ move: { from: "Near", to: "Far", bands: 1 } }))).toBe(false);
    expect(accepts("turn", turn({ actions: [{ name: "" }] }))).toBe(false);
    expect(accepts("turn", turn({ actions: [{ name: "Aid", cost: 1 }] }))).toBe(false);
    expect(accepts("turn", turn({ gainMomentum: "yes" }))).toBe(false);
    expect(accepts("turn", turn({ character: { name: "Ines", rank: 1 } }))).toBe(false);
    expect(accepts("turn", turn({ character: { name: "" } }))).toBe(false);
    expect(accepts("turn", turn({ round: 1 }))).toBe(false);
  });

  it("the lists: each, when given, holds at least one named entry; a fate says whether it ends the fight", () => {
    const listed = (lists: Record<string, unknown>) => accepts("turn", { character: { name: "Ines" }, actions: [], lists });
    expect(listed({ zones: ["Here"], actions: ["Aid"], fates: [{ name: "Shaken", outOfFight: false }] })).toBe(true);
    expect(listed({ zones: [] })).toBe(false);
    expect(listed({ actions: [] })).toBe(false);
    expect(listed({ fates: [] })).toBe(false);
    expect(listed({ zones: [""] })).toBe(false);
    expect(listed({ fates: [{ name: "Shaken" }] })).toBe(false);
    expect(listed({ fates: [{ name: "Shaken", outOfFight: false, heal: 1 }] })).toBe(false);
    expect(listed({ feats: ["x"] })).toBe(false);
  });

  it("rest: the character's tracks and nothing else", () => {
    const character = withoutDefense({ ...bruno });
    expect(accepts("rest", { character })).toBe(true);
    expect(accepts("rest", { character: { ...character, name: "" } })).toBe(false);
    expect(accepts("rest", { character, days: 1 })).toBe(false);
    expect(accepts("rest", { character: { ...character, defense: 3 } })).toBe(false);
  });

  it("a duel fighter: Initiative rank 0 to 30, Defense 0 to 1000, a weapon, and the tracks", () => {
    const fighter = { ...bruno, initiative: 0, weapon };
    expect(Value.Check(FighterSchema, fighter)).toBe(true);
    expect(Value.Check(FighterSchema, { ...fighter, initiative: 30, major: true, defense: 1000, armor: { physical: 2 } })).toBe(true);
    expect(Value.Check(FighterSchema, { ...fighter, initiative: 31 })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, defense: 1001 })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, defense: -1 })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, name: "" })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, major: "yes" })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, armor: { physical: 101 } })).toBe(false);
    expect(Value.Check(FighterSchema, { ...fighter, speed: 3 })).toBe(false);
  });
});
