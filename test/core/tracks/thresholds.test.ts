import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/core/ruleError.js";
import { characteristicOf, DAMAGE_TYPES } from "../../../src/core/tracks/breath.js";
import { type GritFlesh, takeWound, woundSize } from "../../../src/core/tracks/gritFlesh.js";
import { LocationError, type LocationTable, markWounds } from "../../../src/core/tracks/locationBoxes.js";
import { freshTrack, takeDamage } from "../../../src/core/tracks/resolve.js";

// The tracks' thresholds and tables exactly at their edges.
describe("Breath: which Characteristic each damage type wounds (seed 004 §Damage types)", () => {
  it("Strength takes physical, bludgeoning, piercing and slashing; Dexterity cold, lightning, radiant and thunder", () => {
    for (const type of ["physical", "bludgeoning", "piercing", "slashing"]) expect(characteristicOf(type)).toBe("str");
    for (const type of ["cold", "lightning", "radiant", "thunder"]) expect(characteristicOf(type)).toBe("dex");
  });

  it("Willpower takes fire, poison, force, acid and stench; Sanity psychic, necrotic, curse, hallucination and rage", () => {
    for (const type of ["fire", "poison", "force", "acid", "stench"]) expect(characteristicOf(type)).toBe("wil");
    for (const type of ["psychic", "necrotic", "curse", "hallucination", "rage"]) expect(characteristicOf(type)).toBe("san");
  });

  it("Luck takes fragrance, charm, gluing, healing, seduction, addiction and withdrawal; nothing else is a damage type", () => {
    for (const type of ["fragrance", "charm", "gluing", "healing", "seduction", "addiction", "withdrawal"]) expect(characteristicOf(type)).toBe("luck");
    expect(Object.keys(DAMAGE_TYPES)).toHaveLength(25);
    expect(() => characteristicOf("toString")).toThrow(RuleError);
  });
});

describe("Grit and Flesh at their edges", () => {
  const body = (flesh: number): GritFlesh => ({ grit: 0, maxGrit: 4, flesh, maxFlesh: 6, wounds: [], otherPenalties: 0 });

  it("extra Flesh from a dramatic advantage makes the wound bigger", () => {
    expect(woundSize({ weaponFlesh: 2, transferred: 1, extra: 2, blocks: 1 })).toBe(4);
    expect(woundSize({ weaponFlesh: 2, transferred: 0, blocks: 0 })).toBe(2);
  });

  it("a wound of no Flesh changes nothing: no courage test, not serious; at 0 Flesh she stays knocked out, below it dying", () => {
    expect(takeWound(body(2), 0, true)).toEqual({ state: body(2), wound: null, serious: false, courageTest: false, knockedOut: false, dying: false });
    expect(takeWound(body(0), 0, false)).toMatchObject({ wound: null, knockedOut: true, dying: false });
    expect(takeWound(body(-1), 0, false)).toMatchObject({ knockedOut: true, dying: true });
    expect(takeWound(body(1), -2, false)).toMatchObject({ wound: null, serious: false, courageTest: false, knockedOut: false, dying: false });
  });
});

describe("Resolve at its edges", () => {
  it("a hit that leaves Resolve above 0, or a hit of 0, calls for no fate and so none can be ignored", () => {
    const track = freshTrack(8, 2, 1);
    expect(takeDamage(track, 3)).toEqual({ track: { ...track, resolve: 5 }, becameWounded: false, fateNeeded: false, canIgnore: false });
    expect(takeDamage(track, 0)).toEqual({ track, becameWounded: false, fateNeeded: false, canIgnore: false });
  });
});

describe("location boxes at their edges", () => {
  const table: LocationTable = {
    overflowTo: "torso",
    locations: [
      { id: "head", name: "Head", digits: [9], rows: 1 },
      { id: "torso", name: "Torso", digits: [4, 5, 6], rows: 2 },
    ],
  };

  it("damage to the overflow location itself marks it, and what it cannot hold is left unplaced", () => {
    expect(markWounds(table, 3, {}, "torso", 2)).toEqual({ marked: { head: 0, torso: 2 }, placed: [{ location: "torso", boxes: 2 }], filled: [], unplaced: 0 });
    expect(markWounds(table, 3, { torso: 5 }, "torso", 3)).toEqual({ marked: { head: 0, torso: 6 }, placed: [{ location: "torso", boxes: 1 }], filled: ["torso"], unplaced: 2 });
    expect(new LocationError("x").name).toBe("LocationError");
  });
});

describe("rule errors", () => {
  it("a refusal of the rules is a RuleError by name", () => {
    expect(new RuleError("x").name).toBe("RuleError");
  });
});
