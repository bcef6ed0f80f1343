/**
 * Unhex's tables, each compared whole with the game's: RULINGS.md unhex (hit locations from the
 * source sheet, reaches from seed 002 §Range), and the house options' defaults.
 */
import { describe, expect, it } from "vitest";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { UNHEX_OPTIONS } from "../../../src/rules/unhex/options.js";
import { optionsOf } from "../../../src/rules/unhex/requests.js";
import { HIT_LOCATIONS, LEVEL_CAP, LOCATION_EFFECTS, STARTING_LEVEL, WEAPON_KINDS, WEAPON_REACH } from "../../../src/rules/unhex/tables.js";

describe("RULINGS.md unhex §Attack: hit locations", () => {
  it("9 head, 8 right arm, 7 left arm, 4–6 torso, 2–3 right leg, 0–1 left leg; rows as the sheet draws them; a full location spills into the torso", () => {
    expect(HIT_LOCATIONS).toEqual({
      overflowTo: "torso",
      locations: [
        { id: "head", name: "Head", digits: [9], rows: 1 },
        { id: "right-arm", name: "Right arm", digits: [8], rows: 1 },
        { id: "left-arm", name: "Left arm", digits: [7], rows: 1 },
        { id: "torso", name: "Torso", digits: [4, 5, 6], rows: 3 },
        { id: "right-leg", name: "Right leg", digits: [2, 3], rows: 2 },
        { id: "left-leg", name: "Left leg", digits: [0, 1], rows: 2 },
      ],
    });
  });

  it("a full head or torso knocks out, a full arm drops what it holds, a full leg stops", () => {
    expect(LOCATION_EFFECTS).toEqual({ head: "unconscious", torso: "unconscious", "right-arm": "drop-held-item", "left-arm": "drop-held-item", "right-leg": "leg", "left-leg": "leg" });
  });
});

describe("seed 002 §Range: what each weapon reaches", () => {
  it("melee 0; one-handed ranged 0–1; two-handed ranged 1 and beyond, in sight", () => {
    expect(WEAPON_KINDS).toEqual(["melee", "one-handed-ranged", "two-handed-ranged"]);
    expect(WEAPON_REACH).toEqual({
      melee: { min: 0, max: 0, ranged: false },
      "one-handed-ranged": { min: 0, max: 1, ranged: true },
      "two-handed-ranged": { min: 1, max: null, ranged: true },
    });
  });
});

describe("RULINGS.md unhex §Characters and the house options", () => {
  it("levels start at 50, the max level caps at 99", () => {
    expect([STARTING_LEVEL, LEVEL_CAP]).toEqual([50, 99]);
  });

  it("five boxes a row and unconscious at 0 unless the world says otherwise; each option a whole number in its range", () => {
    expect(optionsOf(undefined)).toEqual({ boxesPerRow: 5, unconsciousLevel: 0 });
    expect(optionsOf({ unconsciousLevel: 9 })).toEqual({ boxesPerRow: 5, unconsciousLevel: 9 });
    const { boxesPerRow, unconsciousLevel } = UNHEX_OPTIONS;
    expect({ ...boxesPerRow, summary: undefined }).toEqual({ kind: "integer", default: 5, min: 1, max: 10, summary: undefined });
    expect({ ...unconsciousLevel, summary: undefined }).toEqual({ kind: "integer", default: 0, min: 0, max: 9, summary: undefined });
    expect(unhexRules.options).toBe(UNHEX_OPTIONS);
  });

  it("the ruleset names itself and its game", () => {
    expect([unhexRules.id, unhexRules.game]).toEqual(["unhex", "Unhex"]);
  });
});
