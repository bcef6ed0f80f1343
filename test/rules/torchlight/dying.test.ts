import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import type { Step } from "../../../src/core/outcome.js";
import { dyingSaves, dyingSavesInPhase } from "../../../src/rules/torchlight/dying.js";
import { toVitals } from "../../../src/rules/torchlight/schemas.js";
import { combatant, resolve } from "./helpers.js";

describe("dying, stabilizing and recovery", () => {
  it("at least four dying saves a Phase, else one per hour or unit travelled", () => {
    expect(dyingSavesInPhase(2)).toBe(4);
    expect(dyingSavesInPhase(7)).toBe(7);
  });

  it("seed 004 §Dying: a Phase asks at least four rounds of saves even when fewer hours pass, one round per hour beyond that", () => {
    // Str DC 6 (ST 14), Wil DC 9 (ST 11). Hour 1: Str 3 fails (−2: DC 4, ST 16), Wil 15 holds;
    // hours 2–4: Str 16 / Wil 11 hold each time. No hours given: still four rounds.
    const character = combatant("Elsa", 0, { str: 6, wil: 9 }, { incapacitated: true });
    const outcome = resolve("dying", { character, damaged: ["str", "wil"] }, [3, 2, 15, 16, 11, 17, 12, 18, 13]);
    expect(outcome.result).toEqual({ hoursRolled: 4, hoursInPhase: 4, stabilized: false, dead: false });
    expect(outcome.steps.filter((s) => s.rule === "dying-hour")).toHaveLength(4);
    expect(outcome.effects[0]?.changes).toEqual({ "strDc": { from: 6, to: 4 }, "strSt": { from: 14, to: 16 } });
    expect(outcome.effects[0]?.statuses).toEqual(["dying"]);
    // Two hours of travel are still a Phase of four; six hours are six.
    expect(resolve("dying", { character, damaged: ["wil"], hours: 2 }, [11, 12, 13, 14]).result).toMatchObject({ hoursRolled: 4 });
    expect(resolve("dying", { character, damaged: ["wil"], hours: 6 }, [11, 12, 13, 14, 15, 16]).result).toMatchObject({ hoursRolled: 6 });
  });

  it("seed 004 §Dying: a Stabilized character rolls no more dying saves, and neither does the dead; one still dying does", () => {
    const vitals = toVitals(combatant("Elsa", 0, { str: 6 }));
    const steps: Step[] = [];
    const tray = new DiceTray(givenFaces([]));
    const stabilized = { vitals, stabilized: true };
    expect(dyingSaves(tray, "Elsa", stabilized, ["str"], steps)).toBe(stabilized);
    const dead = { vitals: { ...vitals, dead: true }, stabilized: false };
    expect(dyingSaves(tray, "Elsa", dead, ["str"], steps)).toBe(dead);
    expect(steps).toEqual([]);
    const dying = new DiceTray(givenFaces([15]));
    expect(dyingSaves(dying, "Elsa", { vitals, stabilized: false }, ["str"], steps).stabilized).toBe(false);
    expect(dying.rolled).toHaveLength(1);
  });

  it("a natural 20 Stabilizes: no more saves", () => {
    const outcome = resolve("dying", { character: combatant("Elsa", 0, { str: 6 }), damaged: ["str", "wil"], hours: 4 }, [20]);
    expect(outcome.result).toEqual({ hoursRolled: 1, hoursInPhase: 4, stabilized: true, dead: false });
    expect(outcome.dice).toHaveLength(1);
    expect(outcome.effects[0]?.statuses).toEqual(["stabilized"]);
  });

  it("a Characteristic brought to 0 while dying is death", () => {
    const outcome = resolve("dying", { character: combatant("Elsa", 0, { str: 2 }), damaged: ["str"], hours: 4 }, [5, 3]);
    expect(outcome.result).toEqual({ hoursRolled: 1, hoursInPhase: 4, stabilized: false, dead: true });
    expect(outcome.effects[0]?.statuses).toEqual(["dead"]);
  });

  it("recovery brings Breath back; each day of rest 1d4 to each Characteristic below max, capped there", () => {
    const hurt = combatant("Elsa", 0, { str: 4, wil: 9 }, { maxBreath: 3, incapacitated: true, maxDc: { str: 11, dex: 10, wil: 10, san: 10, luck: 10 } });
    const outcome = resolve("recover", { character: hurt, restDays: 2 }, [4, 3, 4]);
    expect(outcome.effects[0]?.changes).toEqual({
      breath: { from: 0, to: 3 },
      "strDc": { from: 4, to: 11 },
      "strSt": { from: 16, to: 9 },
      "wilDc": { from: 9, to: 10 },
      "wilSt": { from: 11, to: 10 },
      incapacitated: { from: true, to: false },
    });
    // Day 1: Str 4+4, Wil 9+3 capped at 10. Day 2: only Str is still below max: 8+4 capped at 11.
    expect(outcome.dice.map((d) => d.label)).toEqual(["Elsa rest str", "Elsa rest wil", "Elsa rest str"]);
  });

  it("check and save actions", () => {
    expect(resolve("check", { name: "Elsa", characteristic: "dex", dc: 13 }, [13]).result).toEqual({ success: true, natural20: false });
    expect(resolve("save", { name: "Elsa", characteristic: "str", st: 12 }, [9]).result).toEqual({ success: false, natural20: false });
  });
});
