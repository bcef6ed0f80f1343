/**
 * The turn order as one number per combatant (src/foundry/combat/ranks.ts): whatever keys a ruleset
 * gives, ordering by those numbers (ties by id) is exactly the order of the keys compared element by
 * element (a missing element 0, no key last, ties by id), as Fray's combat has always ordered them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareKeys, placesOf } from "../../src/foundry/combat/ranks.js";
import type { OrderKey } from "../../src/foundry/combat/rules.js";

const byId = (a: string, b: string) => (a > b ? 1 : -1);

/** The order the keys give, compared as they are. */
const compared = (ids: string[], keys: Map<string, OrderKey>) => [...ids].sort((a, b) => compareKeys(keys.get(a), keys.get(b)) || byId(a, b));

/** The order the places give, ties by id. */
function placed(ids: string[], keys: Map<string, OrderKey>): string[] {
  const places = placesOf(ids, keys);
  const placeOf = new Map(ids.map((id, i) => [id, places[i]!]));
  return [...ids].sort((a, b) => placeOf.get(a)! - placeOf.get(b)! || byId(a, b));
}

/** What rulesets put in a key: small counts and rolls, places between others, a waiting combatant's last place, and the edges. */
const element = fc.oneof(
  fc.integer({ min: -30, max: 30 }),
  fc.double({ min: -100, max: 100, noNaN: true }),
  fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 40, -(2 ** 40)),
);

const fights = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 0, maxLength: 40 }).chain((ids) =>
  fc.tuple(
    fc.constant(ids),
    fc.array(fc.option(fc.array(element, { maxLength: 4 }), { nil: undefined }), { minLength: ids.length, maxLength: ids.length }),
  ),
);

describe("the turn order as one number per combatant", () => {
  it("orders exactly as the keys compared element by element, whatever keys a ruleset gives", () => {
    fc.assert(
      fc.property(fights, ([ids, given]) => {
        const keys = new Map(ids.flatMap((id, i) => (given[i] ? [[id, given[i]] as const] : [])));
        expect(placed(ids, keys)).toEqual(compared(ids, keys));
      }),
      { numRuns: 500 },
    );
  });

  it("keys of whole numbers alike in width (Torchlight's phase, save and roll; Drama's score and ranks) pack into one number each", () => {
    const keys = new Map<string, OrderKey>([
      ["gm", [1, 0, -17]],
      ["ada", [0, 1, -20]],
      ["bob", [0, 0, -3]],
      ["cid", [0, 0, -12]],
    ]);
    expect(placed(["gm", "ada", "bob", "cid", "env"], keys)).toEqual(["cid", "bob", "ada", "gm", "env"]);
  });

  it("a place between two others (a Cavaliers late joiner), a waiting combatant's last place and ties by id", () => {
    const keys = new Map<string, OrderKey>([
      ["b", [2]],
      ["a", [2]],
      ["c", [1.5]],
      ["w", [Number.MAX_SAFE_INTEGER]],
      ["d", [1]],
    ]);
    expect(placed(["w", "b", "a", "c", "d", "none"], keys)).toEqual(["d", "c", "a", "b", "w", "none"]);
  });
});
