import { describe, expect, it } from "vitest";
import { rangeBand } from "../../../src/rules/cavaliers/range.js";
import { changesOf, resolveWith } from "./helpers.js";

describe("cavaliers skill rolls", () => {
  it("seed 000 §Use a Skill example: Deceive in a fight uses the Non-Combat table and buys Advantage (3 SP each; dice chosen by hand, the example gives none)", () => {
    const outcome = resolveWith("skill", { actor: { name: "Ines", attribute: 10, competency: 8 }, skill: "deceive", opposition: "moderate", spend: ["increase-advantage", "increase-advantage"] }, [9, 6, 5, 3, 1]);
    expect(outcome.result).toMatchObject({ success: true, total: 15, successPoints: 6, oppositionTotal: 8 });
    expect(changesOf(outcome, "Ines").advantage).toEqual({ from: 0, to: 8 });
  });

  it("a tie with the opposition fails and buys nothing", () => {
    const outcome = resolveWith("skill", { actor: { name: "Ines", attribute: 10, competent: false }, skill: "deceive", opposition: "easy", spend: ["gain-style"] }, [6, 3, 3, 1]);
    expect(outcome.result).toMatchObject({ success: false, total: 6, oppositionTotal: 6 });
    expect(changesOf(outcome, "Ines")).toEqual({});
  });

  it("Very Easy is automatic: no opposition dice, the roll's SP are spent", () => {
    const outcome = resolveWith("skill", { actor: { name: "Ines", attribute: 8, competency: 8 }, skill: "carouse", opposition: "very-easy", target: { name: "Bravo", type: "minor" }, spend: ["inflict-yield"] }, [4, 2]);
    expect(outcome.dice).toHaveLength(2);
    expect(changesOf(outcome, "Bravo").yield).toEqual({ from: 0, to: 1 });
  });

  it("Wounds do not Drop a non-combat skill", () => {
    const outcome = resolveWith("skill", { actor: { name: "Ines", attribute: 8, competency: 8, wounds: 3 }, skill: "deceive", opposition: "very-easy" }, [4, 2]);
    expect(outcome.dice).toHaveLength(2);
  });

  it("a roll before the fight spends its SP only on Advantage", () => {
    const request = { actor: { name: "Ines", attribute: 10, competency: 8 }, skill: "prowl", opposition: "moderate", beforeCombat: true };
    expect(() => resolveWith("skill", { ...request, spend: ["gain-style"] }, [9, 6, 5, 3, 1])).toThrow(/"gain-style" is not on this success table \(choices: increase-advantage\)/);
    expect(changesOf(resolveWith("skill", { ...request, spend: ["increase-advantage"] }, [9, 6, 5, 3, 1]), "Ines").advantage).toEqual({ from: 0, to: 6 });
  });

  it("assist suggests the fullest offer: 1d12 competency beats a single d6 specialty die", () => {
    const outcome = resolveWith("assist", { helper: { name: "Luc", attribute: 6, ranks: 1, competency: 12 } }, []);
    expect(outcome.result).toMatchObject({ suggested: [12] });
  });

  it("range bands: Close 0, Short 1–2, Medium 3–4, Long 5+", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(rangeBand)).toEqual(["close", "short", "short", "medium", "medium", "long", "long"]);
  });
});
