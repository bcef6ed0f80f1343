import { describe, expect, it } from "vitest";
import { defaultSurvivalSpend, restHeal } from "../../../src/rules/cavaliers/recovery.js";
import { changesOf, resolveWith, statusesOf } from "./helpers.js";

describe("cavaliers survival and healing", () => {
  it("a failed Survival roll (tie to the 3d8) is death", () => {
    const outcome = resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4 }, [5, 3, 4, 4, 1]);
    expect(outcome.result).toMatchObject({ survived: false, total: 8, oppositionTotal: 8 });
    expect(statusesOf(outcome, "Ines")).toEqual(["dead"]);
  });

  it("a survivor's purchases are awaited, with the usual pick suggested", () => {
    const awaited = resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4 }, [8, 4, 2, 2, 1]);
    expect(awaited.awaiting).toMatchObject({ choice: "spend", by: "actor", offer: { sp: 4, suggested: ["heal-wound"] } });
    expect(awaited.effects).toEqual([]);
  });

  it("4 SP heal a Wound and end Dying; 3 SP wake her and buy 8 hours", () => {
    const healed = resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4, spend: defaultSurvivalSpend(4) }, [8, 4, 2, 2, 1]);
    expect(healed.result).toMatchObject({ survived: true, successPoints: 4, healed: true });
    expect(changesOf(healed, "Ines").wounds).toEqual({ from: 4, to: 3 });
    expect(statusesOf(healed, "Ines")).toEqual(["no-longer-dying"]);
    const awake = resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4, spend: defaultSurvivalSpend(3) }, [8, 3, 2, 2, 1]);
    expect(awake.result).toMatchObject({ survived: true, surviveHours: 8, regainConsciousness: true, healed: false });
    expect(statusesOf(awake, "Ines")).toEqual(["dying", "conscious"]);
  });

  it("8 SP heal two Wounds by the suggested pick (an entry can be bought again)", () => {
    expect(defaultSurvivalSpend(8)).toEqual(["heal-wound", "heal-wound"]);
    const outcome = resolveWith("survival", { name: "Ines", verve: 10, competency: 12, wounds: 4, spend: defaultSurvivalSpend(8) }, [9, 8, 2, 2, 1]);
    expect(changesOf(outcome, "Ines").wounds).toEqual({ from: 4, to: 2 });
  });

  it("an explicit spend is checked against the Survival table", () => {
    const hours = resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4, spend: ["survive-8-hours", "survive-8-hours", "survive-8-hours"] }, [8, 3, 2, 2, 1]);
    expect(hours.result).toMatchObject({ surviveHours: 24 });
    expect(() => resolveWith("survival", { name: "Ines", verve: 8, wounds: 4, spend: ["heal-wound"] }, [8, 3, 2, 2, 1])).toThrow(/cost 4 SP/);
  });

  it("seed 000 §Dying and Death: only a Dying character rolls to survive; 3 Wounds of a PC's 4 is refused, before any die", () => {
    expect(() => resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 3 }, [])).toThrow("Ines is not Dying (3 Wounds, Wound Limit 4): only a Dying character makes a Survival roll");
    expect(resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4 }, [8, 4, 2, 2, 1]).result).toMatchObject({ survived: true });
  });

  it("rest: two days heal one Wound, six days heal all", () => {
    expect(restHeal(3, 1)).toBe(3);
    expect(restHeal(3, 2)).toBe(2);
    expect(restHeal(3, 5)).toBe(1);
    expect(restHeal(4, 6)).toBe(0);
    expect(resolveWith("rest", { name: "Ines", wounds: 3, days: 4 }, []).result).toEqual({ wounds: 1 });
  });
});
