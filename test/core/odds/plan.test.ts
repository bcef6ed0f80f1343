import { describe, expect, it } from "vitest";
import type { DiceTray } from "../../../src/core/dice/source.js";
import { dicePlan } from "../../../src/core/odds/plan.js";

describe("dicePlan", () => {
  it("lists the sides each label asks for, in the order rolled", () => {
    const plan = dicePlan((tray) => {
      tray.roll(8, "attack pool");
      tray.roll(10, "defence pool");
      tray.roll(6, "attack pool");
    });
    expect([...plan.entries()]).toEqual([
      ["attack pool", [8, 6]],
      ["defence pool", [10]],
    ]);
  });

  it("rules that roll no die have an empty plan", () => {
    expect(dicePlan(() => undefined).size).toBe(0);
  });

  it("refuses rules that ask for another die only on a low face (a reroll of a 1)", () => {
    const reroll = (tray: DiceTray) => (tray.roll(6, "die") === 1 ? tray.roll(6, "reroll") : 0);
    expect(() => dicePlan(reroll)).toThrow(/different dice/);
  });

  it("refuses rules that ask for another die only on the highest face (an explosion)", () => {
    const explode = (tray: DiceTray) => (tray.roll(6, "die") === 6 ? tray.roll(6, "explosion") : 0);
    expect(() => dicePlan(explode)).toThrow(/different dice/);
  });

  it("refuses rules that ask for as many dice either way but of another size", () => {
    expect(() => dicePlan((tray) => tray.roll(tray.roll(6, "step") === 1 ? 6 : 8, "damage"))).toThrow(/different dice/);
  });

  it("refuses rules that ask for the same sizes under another label", () => {
    expect(() => dicePlan((tray) => tray.roll(6, tray.roll(6, "who") === 1 ? "attack" : "defence"))).toThrow(/different dice/);
  });

  it("tells two plans apart die by die, even where labels could run into each other", () => {
    // Low faces: "p" d1 then "q" d2; high faces: one d2 labelled "p:d1q". Written end to end, both read "p:d1q:d2".
    const run = (tray: DiceTray) => {
      if (tray.roll(6, "first") === 1) {
        tray.roll(1, "p");
        tray.roll(2, "q");
      } else tray.roll(2, "p:d1q");
    };
    expect(() => dicePlan(run)).toThrow(/different dice/);
  });
});
