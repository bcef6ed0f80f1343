import { describe, expect, it } from "vitest";
import { type AreaMap, coverAgainst } from "../../src/core/areas/index.js";
import { ownValue } from "../../src/core/ownKey.js";
import { RuleError } from "../../src/core/ruleError.js";
import { characteristicOf } from "../../src/core/tracks/breath.js";
import { combinedActionDrop } from "../../src/rules/cavaliers/combined.js";
import { checkDefence, offeredEntries } from "../../src/rules/cavaliers/exchange.js";
import type { AttackId } from "../../src/rules/cavaliers/tables.js";
import { armorAgainst } from "../../src/rules/personal/attack.js";
import { resolveWith } from "./cavaliers/helpers.js";

// Issue 7, item 10: a user-supplied string that indexes a plain-object table must find only the
// table's own keys. Each of these names is a property every object inherits (or its prototype).
const KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"] as const;

describe.each(KEYS)("the key %j", (key) => {
  it("is no entry of a table, though a real key still is", () => {
    const table: Readonly<Record<string, number>> = { move: 1 };
    expect(ownValue(table, key)).toBeUndefined();
    expect(ownValue(table, "move")).toBe(1);
    // A table that really has the key (JSON.parse makes "__proto__" an own key) still finds it.
    expect(ownValue(JSON.parse(`{${JSON.stringify(key)}: 5}`) as Record<string, number>, key)).toBe(5);
  });

  it("is no torchlight damage type", () => {
    expect(() => characteristicOf(key)).toThrow(RuleError);
    expect(() => characteristicOf(key)).toThrow(`no Characteristic takes ${key} damage`);
  });

  it("is no cavaliers combined action", () => {
    expect(() => combinedActionDrop(["move", key])).toThrow(`"${key}" is not a combined action`);
  });

  it("is no cavaliers aimed weapon", () => {
    const request = { attack: "aim", defence: "dodge", attacker: { name: "Ines", attribute: 8 }, defender: { name: "Guard", attribute: 6 }, range: 2, weapon: key };
    expect(() => resolveWith("attack", request, [])).toThrow(`unknown aimed weapon "${key}"`);
  });

  it("is no cavaliers attack, for the defences it allows or its success table", () => {
    expect(() => checkDefence(key as AttackId, "dodge", false)).toThrow(RuleError);
    const ines = { name: "Ines", type: "pc" as const, yield: 0, wounds: 0, yieldLimit: 4, advantage: 0, style: 0 };
    expect(() => offeredEntries("attacker", key as AttackId, "dodge", ines)).toThrow(`no success table for ${key}`);
  });

  it("is no personal damage type with an Armor Rating", () => {
    expect(armorAgainst({ physical: 3 }, key, 0, false)).toEqual({ base: 0, rating: 0, halved: false });
  });

  it("as an area of a user's map, takes no cover that is not drawn", () => {
    // The one cover mark protects the yard, not the other area.
    const map: AreaMap = { areas: [{ id: "yard" }, { id: key }], connections: [{ from: "yard", to: key, kind: "two-way", cover: { yard: 1 } }] };
    expect(coverAgainst(map, "yard", key)).toEqual({ cover: false, value: 0 });
    const covered: AreaMap = { ...map, connections: [{ from: "yard", to: key, kind: "two-way", cover: JSON.parse(`{${JSON.stringify(key)}: 2}`) as Record<string, number> }] };
    expect(coverAgainst(covered, "yard", key)).toEqual({ cover: true, value: 2 });
  });
});
