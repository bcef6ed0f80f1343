import { describe, expect, it } from "vitest";
import lang from "../../lang/en.json" with { type: "json" };
import * as core from "../../src/core/index.js";
import { cavaliers, drama, optionSettings, personal, RULESETS, torchlight, unhex } from "../../src/rules/index.js";
import { RULESET_IDS } from "../../src/rules/ruleset.js";

// The Foundry layer registers every ruleset option as the world setting `fray.<ruleset>.<option>`
// and labels it from FRAY.Setting.<ruleset>.<option>.Name/Hint; a missing key would show the raw key.
const settings = lang.FRAY.Setting as Record<string, unknown>;

function text(path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), settings);
}

const optionKeys = RULESETS.flatMap((ruleset) => Object.keys(ruleset.options).map((option) => [ruleset.id, option] as const));

describe("FRAY.Setting labels in lang/en.json", () => {
  it("there are options to label", () => {
    expect(optionKeys.length).toBeGreaterThan(0);
  });

  it.each(optionKeys)("fray.%s.%s has a Name and a Hint", (ruleset, option) => {
    for (const leaf of ["Name", "Hint"]) {
      const value = text([ruleset, option, leaf]);
      expect(typeof value === "string" && value.trim().length > 0, `FRAY.Setting.${ruleset}.${option}.${leaf}`).toBe(true);
    }
  });

  it.each(RULESETS.flatMap((r) => Object.entries(r.options).filter(([, o]) => o.kind === "choice").map(([name, o]) => [r.id, name, o] as const)))(
    "fray.%s.%s labels each of its choices",
    (ruleset, option, definition) => {
      if (definition.kind !== "choice") throw new Error("not a choice option");
      for (const choice of definition.choices) expect(typeof text([ruleset, option, "Choices", choice]), `${ruleset}.${option}.Choices.${choice}`).toBe("string");
    },
  );

  it("the ruleset picker has a Name, a Hint and a label for every ruleset", () => {
    expect(typeof text(["ruleset", "Name"])).toBe("string");
    expect(typeof text(["ruleset", "Hint"])).toBe("string");
    for (const id of RULESET_IDS) expect(typeof text(["ruleset", "Choices", id]), id).toBe("string");
  });

  it("labels no option that does not exist", () => {
    for (const ruleset of RULESETS) {
      const labelled = Object.keys((settings[ruleset.id] ?? {}) as Record<string, unknown>);
      expect(labelled.sort()).toEqual(Object.keys(ruleset.options).sort());
    }
  });

  it("optionSettings gives each option its setting key and label keys, all present in lang/en.json", () => {
    const settingsList = optionSettings();
    expect(settingsList.map((s) => s.key)).toEqual(optionKeys.map(([ruleset, option]) => `${ruleset}.${option}`));
    const lookup = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], lang as unknown);
    for (const setting of settingsList) {
      expect(typeof lookup(setting.name), setting.name).toBe("string");
      expect(typeof lookup(setting.hint), setting.hint).toBe("string");
      for (const key of Object.values(setting.choices ?? {})) expect(typeof lookup(key), key).toBe("string");
    }
  });
});

describe("what src/rules/index.ts and src/core/index.ts export for the Foundry layer", () => {
  it("each ruleset's pure step functions, and the shared resolver", () => {
    const steps = [
      cavaliers.buildPool, cavaliers.rollCheck, cavaliers.validateSpend, cavaliers.applySpend, cavaliers.orderInitiative,
      drama.meleePools, drama.resolveMeleeRound, drama.strike, drama.testCourage,
      unhex.rollDice, unhex.settleRoll, unhex.attackReach, unhex.applyHit, unhex.rollTeamInitiative, unhex.spendAction,
      personal.strike, personal.chooseFate, personal.validateTurn, personal.rest,
      torchlight.rollDamage, torchlight.resolveEndOfRound, torchlight.isEngaged, torchlight.dyingSaves,
      core.DiceTray, core.givenFaces, core.seededDice, core.effectOf, core.areas.rangeBetween, core.tracks.applyDamage,
    ];
    for (const step of steps) expect(typeof step).toBe("function");
    expect(new core.RuleError("x")).toBeInstanceOf(Error);
  });
});

