/**
 * Range and cover without a map (seed 002 §Maps: positions are fixed "to avoid confusion or GM fiat
 * during combat"; RULINGS.md §unhex, Areas): the attacker may ask, only the GM rules. An attack that
 * asks waits for the GM's ruling before any reaction or die, offered every ruling the weapon reaches
 * under; the ruling, not the map given, places the target.
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { RULINGS, rulingKey, rulingOfKey, standInMap } from "../../../src/rules/unhex/ruling.js";

const attack = unhexRules.actions.attack!;
const resolve = (request: Record<string, unknown>, ...faces: number[]) => attack.resolve(request, new DiceTray(givenFaces(faces)));

const bouncer = { name: "Bouncer", level: 45 };
const ines = { name: "Ines", level: 50, pc: true };
const shot = (weapon: string, extra: Record<string, unknown> = {}) => ({ attacker: { ...bouncer, area: "here", weapon }, target: { ...ines, area: "there" }, ...extra });

describe("without a map, the GM rules range and cover (seed 002 §Maps)", () => {
  it("an attack that asks waits for the GM before anything else: no reaction asked, no die rolled, every ruling the weapon reaches under offered", () => {
    const outcome = resolve(shot("two-handed-ranged", { asked: { range: 0, cover: false } }));
    expect(outcome.dice).toEqual([]);
    expect(outcome.steps).toEqual([]);
    expect(outcome.awaiting).toStrictEqual({
      choice: "ruling",
      by: "gm",
      offer: { who: "Bouncer", asked: { range: 0, cover: false }, rulings: [{ range: 1, cover: false }, { range: 1, cover: true }, { range: 2, cover: false }, { range: 2, cover: true }] },
    });
    expect(resolve(shot("melee", { asked: { range: 2, cover: true } })).awaiting?.offer.rulings).toEqual([{ range: 0, cover: false }]);
    expect(resolve(shot("one-handed-ranged", { asked: { range: 1, cover: false } })).awaiting?.offer.rulings).toEqual([{ range: 0, cover: false }, { range: 1, cover: false }, { range: 1, cover: true }]);
  });

  it("the GM's ruling, not what was asked nor the map given, places the target: asked range 1 in the open, ruled range 1 in cover, the target splits the dice", () => {
    const outcome = resolve(shot("one-handed-ranged", { map: "nightclub", attacker: { ...bouncer, area: "entrance", weapon: "one-handed-ranged" }, target: { ...ines, area: "catwalk" }, asked: { range: 1, cover: false }, ruling: { range: 1, cover: true }, reaction: "none", roll: true }), 2, 5);
    expect(outcome.steps.slice(0, 2)).toEqual([
      { rule: "ruling", range: 1, cover: true, asked: { range: 1, cover: false } },
      { rule: "reach", weapon: "one-handed-ranged", range: 1, lineOfSight: true, cover: true },
    ]);
    expect(outcome.awaiting).toMatchObject({ choice: "damageDie", by: "target" });
  });

  it("a GM's own ruling (nothing asked) is read at once; a ruling the weapon does not reach under is refused", () => {
    expect(resolve(shot("melee", { ruling: { range: 0, cover: false } })).steps[0]).toEqual({ rule: "ruling", range: 0, cover: false });
    expect(resolve(shot("melee", { ruling: { range: 0, cover: false } })).awaiting).toMatchObject({ choice: "reaction", by: "target" });
    expect(() => resolve(shot("melee", { asked: { range: 0, cover: false }, ruling: { range: 1, cover: false } }))).toThrow(/range 1 is beyond a melee attack's 0/);
  });

  it("at range 0 there is no cover to rule (cover is against an attack from another area); an Intercept needs a map", () => {
    expect(resolve(shot("melee", { ruling: { range: 0, cover: true } })).steps[0]).toEqual({ rule: "ruling", range: 0, cover: false });
    expect(() => resolve({ attacker: { ...bouncer, area: "here", weapon: "melee" }, target: { ...ines, moving: { from: "here", to: "there" } }, asked: { range: 0, cover: false } })).toThrow(/Intercept needs a map/);
  });

  it("each ruling has one word a button sends, and reads back to itself; the stand-in puts the target 0, 1 or 2 connections away", () => {
    expect(RULINGS.map(rulingKey)).toEqual(["0", "1", "1+cover", "2", "2+cover"]);
    for (const ruling of RULINGS) expect(rulingOfKey(rulingKey(ruling))).toEqual(ruling);
    expect(rulingOfKey("3")).toBeUndefined();
    expect(rulingKey({ range: 0, cover: true })).toBe("0");
    expect(standInMap(2, true).map.connections).toEqual([
      { from: "here", to: "between", kind: "two-way" },
      { from: "between", to: "there", kind: "two-way", cover: { there: 1 } },
    ]);
  });

  it("the odds of an attack that asks are those of the ruling asked for", () => {
    const odds = attack.odds!;
    const asked = odds.exact(shot("one-handed-ranged", { asked: { range: 1, cover: true } }));
    const ruled = odds.exact(shot("one-handed-ranged", { ruling: { range: 1, cover: true } }));
    expect(asked).toEqual(ruled);
    expect(asked.chances.hit).toBeCloseTo(0.45, 2);
  });
});
