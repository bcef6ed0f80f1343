import { describe, expect, it } from "vitest";
import { rollKeepTwo } from "../../../src/core/dice/keepTwo.js";
import { rollDrama } from "../../../src/core/dice/successPool.js";
import { enumerateDice, EnumerationTooLarge, groupOutcomes } from "../../../src/core/odds/enumerate.js";
import type { DiceTray } from "../../../src/core/dice/source.js";
import { ODDS_CUT } from "../../../src/core/odds/odds.js";

describe("enumerateDice", () => {
  it("lists every face of one die once, each at 1/sides", () => {
    const listed = enumerateDice((tray) => tray.roll(6, "d6"));
    expect(listed.outcomes.map((o) => o.value).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const outcome of listed.outcomes) expect(outcome.p).toBeCloseTo(1 / 6, 15);
    expect(listed.cut).toBe(0);
  });

  it("follows dice that depend on earlier faces: a reroll only on a 1 (2d6 worth of branches for one face)", () => {
    const listed = enumerateDice((tray) => {
      const first = tray.roll(6, "die");
      return first === 1 ? tray.roll(6, "reroll") : first;
    });
    // 5 faces that stand, and 6 rerolls of the 1.
    expect(listed.outcomes).toHaveLength(11);
    const chance = (value: number) => listed.outcomes.filter((o) => o.value === value).reduce((sum, o) => sum + o.p, 0);
    expect(chance(1)).toBeCloseTo(1 / 36, 15);
    expect(chance(6)).toBeCloseTo(1 / 6 + 1 / 36, 15);
  });

  it("cuts an exploding chain where a branch falls below the cut, and says how much it left out", () => {
    const listed = enumerateDice((tray) => rollDrama(tray, 1, "drama"), { cut: 1e-3 });
    const kept = listed.outcomes.reduce((sum, o) => sum + o.p, 0);
    expect(kept + listed.cut).toBeCloseTo(1, 14);
    // 6^-4 < 1e-3 < 6^-3: after three 6s the fourth die's faces 2-6 (each 1/1296) are cut; the run
    // that took face 1 for it is kept, as every run's first branch is.
    expect(Math.max(...listed.outcomes.map((o) => o.value.length))).toBe(4);
    expect(listed.cut).toBeCloseTo(5 / 1296, 14);
    // At the standard cut the loss is of the order of the cut itself.
    expect(enumerateDice((tray) => rollDrama(tray, 1, "drama")).cut).toBeLessThan(10 * ODDS_CUT);
  });

  it("agrees with the counting of a keep-two pool and groups outcomes by key", () => {
    const listed = enumerateDice((tray) => rollKeepTwo(tray, [{ sides: 4 }, { sides: 4 }], "pool"));
    const grouped = groupOutcomes(listed.outcomes, (r) => String(r.total));
    // Two d4s: 16 outcomes; a total of 5 comes up 4 ways.
    expect(listed.outcomes).toHaveLength(16);
    expect(grouped.find((g) => g.value.total === 5)?.p).toBeCloseTo(4 / 16, 15);
  });

  it("refuses a listing larger than its limit instead of running for ever", () => {
    expect(() => enumerateDice((tray) => [tray.roll(100, "a"), tray.roll(100, "b")], { maxOutcomes: 1000 })).toThrow(EnumerationTooLarge);
    expect(() => enumerateDice((tray) => [tray.roll(100, "a"), tray.roll(100, "b")], { maxOutcomes: 1000 })).toThrow(/more than 1000 ways/);
    expect(new EnumerationTooLarge("too many").name).toBe("EnumerationTooLarge");
  });

  it("lists exactly as many outcomes as its limit, and refuses one more", () => {
    const twoD6 = (tray: DiceTray) => tray.roll(6, "a") + tray.roll(6, "b");
    expect(enumerateDice(twoD6, { maxOutcomes: 36 }).outcomes).toHaveLength(36);
    expect(() => enumerateDice(twoD6, { maxOutcomes: 35 })).toThrow(EnumerationTooLarge);
  });

  it("keeps a branch exactly as likely as the cut, and leaves out one just below it", () => {
    // Two d4s: each face of the second die is a branch of exactly 1/16.
    const twoD4 = (tray: DiceTray) => tray.roll(4, "a") * 10 + tray.roll(4, "b");
    const atCut = enumerateDice(twoD4, { cut: 1 / 16 });
    expect(atCut.outcomes).toHaveLength(16);
    expect(atCut.cut).toBe(0);
    const aboveCut = enumerateDice(twoD4, { cut: 1 / 16 + 1e-15 });
    // Each first face keeps only the run that took a 1 for the second die: 3 branches of 1/16 cut, four times.
    expect(aboveCut.outcomes.map((o) => o.value).sort()).toEqual([11, 21, 31, 41]);
    expect(aboveCut.cut).toBe(12 / 16);
  });

  it("refuses rules that draw different dice for the same faces", () => {
    let calls = 0;
    expect(() =>
      enumerateDice((tray) => {
        calls += 1;
        return tray.roll(calls > 1 ? 2 : 6, "shifty");
      }),
    ).toThrow(/same dice/);
  });
});
