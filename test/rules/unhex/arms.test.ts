/**
 * A full arm holds nothing (issue 36, item 5): RULINGS.md §unhex ("arm: drop held item") and seed 002
 * §Attack ("Attacking requires that you have a weapon in hand"). The request carries the arms' state
 * in the attacker's wound boxes and the hands her weapon takes; the rules refuse what she cannot wield.
 * Three boxes a row, as the source sheet has them: an arm is full at 3.
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { usableArms, wieldProblem } from "../../../src/rules/unhex/character.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { UNHEX_OPTIONS } from "../../../src/rules/unhex/options.js";
import { withDefaults } from "../../../src/rules/options.js";

const attack = unhexRules.actions.attack!;
const resolve = (request: Record<string, unknown>, ...faces: number[]) => attack.resolve({ options: { boxesPerRow: 3 }, ...request }, new DiceTray(givenFaces(faces)));
const target = { name: "Bouncer", level: 45, area: "bar" };
const ines = (wounds: Record<string, number>, weapon = "melee", hands?: 1 | 2) => ({ name: "Ines", level: 50, pc: true, area: "bar", weapon, wounds, ...(hands ? { hands } : {}) });
const three = withDefaults(UNHEX_OPTIONS, { boxesPerRow: 3 });
const character = (wounds: Record<string, number>) => ({ name: "Ines", level: 50, maxLevel: 50, pc: true, wounds });

describe("RULINGS.md §unhex: a full arm cannot wield", () => {
  it("counts the arms not full: two, one with either arm full, none with both; a box short of full still holds", () => {
    expect(usableArms(character({}), three)).toBe(2);
    expect(usableArms(character({ "right-arm": 2, "left-arm": 2 }), three)).toBe(2);
    expect(usableArms(character({ "right-arm": 3 }), three)).toBe(1);
    expect(usableArms(character({ "left-arm": 3 }), three)).toBe(1);
    expect(usableArms(character({ "right-arm": 3, "left-arm": 3 }), three)).toBe(0);
    expect(wieldProblem(character({ "right-arm": 3 }), 1, three)).toBeNull();
    expect(wieldProblem(character({ "right-arm": 3 }), 2, three)).toBe("Ines has one usable arm: a two-handed weapon needs two");
    expect(wieldProblem(character({ "right-arm": 3, "left-arm": 3 }), 1, three)).toBe("both of Ines's arms are full: she holds no weapon");
  });

  it("with both arms full a melee attack is refused before any die; one arm full still attacks", () => {
    expect(() => resolve({ attacker: ines({ "right-arm": 3, "left-arm": 3 }), target, reaction: "none", roll: true })).toThrow("both of Ines's arms are full: she holds no weapon");
    expect(resolve({ attacker: ines({ "right-arm": 3 }), target, reaction: "none", roll: true }, 9, 9).result).toMatchObject({ hit: false });
  });

  it("a two-handed ranged weapon needs both arms (unsaid hands: two); a two-handed melee weapon says so with hands 2", () => {
    const far = { ...target, area: "dance-floor" };
    expect(() => resolve({ attacker: ines({ "left-arm": 3 }, "two-handed-ranged"), target: far, reaction: "none", roll: true })).toThrow("Ines has one usable arm: a two-handed weapon needs two");
    expect(resolve({ attacker: ines({}, "two-handed-ranged"), target: far, reaction: "none", roll: true }, 9, 9).result).toMatchObject({ hit: false });
    expect(() => resolve({ attacker: ines({ "left-arm": 3 }, "melee", 2), target, reaction: "none", roll: true })).toThrow("two-handed weapon needs two");
    expect(resolve({ attacker: ines({ "left-arm": 3 }, "melee", 1), target, reaction: "none", roll: true }, 9, 9).result).toMatchObject({ hit: false });
  });

  it("a target with both arms full is not offered a Counterattack and cannot declare one", () => {
    const attacker = { name: "Bouncer", level: 45, area: "bar", weapon: "melee" };
    const full = { name: "Ines", level: 50, pc: true, area: "bar", weapons: ["melee"], wounds: { "right-arm": 3, "left-arm": 3 } };
    expect(resolve({ attacker, target: full }).awaiting?.offer).toMatchObject({ reactions: ["none", "defend"] });
    expect(() => resolve({ attacker, target: full, reaction: "counterattack" })).toThrow("holds no melee weapon to counterattack with");
    expect(resolve({ attacker, target: { ...full, wounds: { "right-arm": 3 } } }).awaiting?.offer).toMatchObject({ reactions: ["none", "defend", "counterattack"] });
  });
});
