/**
 * House rules live in one settings menu per ruleset: only the world's ruleset registers its menu,
 * the main settings list keeps the ruleset alone, the form shows and saves only that ruleset's
 * rules, under the same world-setting keys as before, and a bad value saves nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { RULESETS, RULESET_OPTIONS, optionSettings } from "../../src/rules/index.js";
import { bootWorld } from "./world.js";

let menu: typeof import("../../src/foundry/settings-menu.js");

const { harness, game } = bootWorld("cavaliers");
beforeAll(async () => {
  menu = await import("../../src/foundry/settings-menu.js");
});

type App = InstanceType<typeof import("../../src/foundry/settings-menu.js").HouseRulesConfig>;

async function open(rulesetId: (typeof RULESETS)[number]["id"]): Promise<{ app: App; form: HTMLFormElement }> {
  const app = new (menu.houseRulesMenuFor(rulesetId))();
  await app.render({ force: true });
  await harness.flush();
  return { app, form: app.element as HTMLFormElement };
}

async function submit(form: HTMLFormElement): Promise<void> {
  form.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await harness.flush();
  }
}

const get = (key: string) => game.settings.get("fray", key);

describe("the settings list", () => {
  it("shows the ruleset alone; every house rule is a world setting kept off the list, default from the rules layer", () => {
    const listed = [...game.settings.settings.values()].filter((s) => s.namespace === "fray" && s.config).map((s) => s.key);
    expect(listed).toEqual(["ruleset"]);
    for (const setting of optionSettings()) {
      const registered = game.settings.settings.get(`fray.${setting.key}`);
      expect(registered, setting.key).toMatchObject({ scope: "world", config: false, default: setting.definition.default });
    }
  });

  it("registers every ruleset's house defaults from the rules' own option objects, without loading the rules", () => {
    for (const ruleset of RULESETS) expect(RULESET_OPTIONS[ruleset.id], ruleset.id).toBe(ruleset.options);
    expect(Object.keys(RULESET_OPTIONS).sort()).toEqual(RULESETS.map((ruleset) => ruleset.id).sort());
  });

  it("has one house rules menu, the world's ruleset's, for the GM only", () => {
    const menus = [...(game.settings as unknown as { menus: Map<string, Record<string, unknown>> }).menus.entries()].filter(([id]) => id.startsWith("fray."));
    expect(menus.map(([id]) => id)).toEqual(["fray.cavaliers.houseRules"]);
    const [, config] = menus[0]!;
    expect(config).toMatchObject({ label: "FRAY.HouseRules.MenuLabel.cavaliers", restricted: true });
    expect(game.i18n.has(config.label as string)).toBe(true);
    expect((config.type as typeof menu.HouseRulesConfig).rulesetId).toBe("cavaliers");
  });
});

describe.each(RULESETS.map((ruleset) => [ruleset.id, ruleset] as const))("the %s menu", (id, ruleset) => {
  it("shows that ruleset's house rules only, each with its label, hint and house default", async () => {
    const { app, form } = await open(id);
    const rows = [...form.querySelectorAll<HTMLElement>(".fray-house-rule")].map((row) => row.dataset.rule);
    expect(rows).toEqual(Object.keys(ruleset.options));
    for (const setting of optionSettings([ruleset])) {
      const row = form.querySelector(`[data-rule="${setting.option}"]`) as HTMLElement;
      expect(row.textContent).toContain(game.i18n.localize(setting.name));
      expect(row.textContent).toContain(game.i18n.localize(setting.hint));
      expect(row.querySelector(".fray-house-default")?.textContent).toMatch(/^House default: .+\.$/);
      // The form says "House default" once a row, in that line only.
      expect(row.textContent?.match(/House default/g)).toHaveLength(1);
    }
    expect(app.title).toContain(game.i18n.localize(`FRAY.Setting.ruleset.Choices.${id}`));
    await app.close();
  });
});

describe("saving", () => {
  it("writes the changed rules under their old keys and leaves other rulesets' values alone", async () => {
    const { form } = await open("unhex");
    (form.elements.namedItem("boxesPerRow") as HTMLInputElement).value = "3";
    await submit(form);
    expect(get("unhex.boxesPerRow")).toBe(3);
    expect(get("unhex.unconsciousLevel")).toBe(RULESETS.find((r) => r.id === "unhex")!.options.unconsciousLevel!.default);
    for (const setting of optionSettings().filter((s) => s.ruleset !== "unhex")) expect(get(setting.key), setting.key).toEqual(setting.definition.default);
  });

  it("saves a checkbox turned off and a choice", async () => {
    const { form } = await open("cavaliers");
    (form.elements.namedItem("keepOneDie") as HTMLInputElement).checked = false;
    await submit(form);
    expect(get("cavaliers.keepOneDie")).toBe(false);
    const torchlight = optionSettings(RULESETS.filter((r) => r.id === "torchlight")).find((s) => s.definition.kind === "choice")!;
    const other = (torchlight.definition as { choices: readonly string[]; default: string }).choices.find((c) => c !== torchlight.definition.default)!;
    const second = await open("torchlight");
    (second.form.elements.namedItem(torchlight.option) as HTMLSelectElement).value = other;
    await submit(second.form);
    expect(get(torchlight.key)).toBe(other);
  });

  it("refuses a number outside its bounds with a message naming it, and saves nothing of the form", async () => {
    const { app, form } = await open("unhex");
    (form.elements.namedItem("unconsciousLevel") as HTMLInputElement).value = "2";
    (form.elements.namedItem("boxesPerRow") as HTMLInputElement).value = "999";
    await submit(form);
    expect(get("unhex.boxesPerRow")).toBe(RULESETS.find((r) => r.id === "unhex")!.options.boxesPerRow!.default);
    expect(get("unhex.unconsciousLevel")).toBe(RULESETS.find((r) => r.id === "unhex")!.options.unconsciousLevel!.default);
    expect(harness.notifications.at(-1)).toMatchObject({ type: "error" });
    expect(harness.notifications.at(-1)!.message).toContain(game.i18n.localize("FRAY.Setting.unhex.boxesPerRow.Name"));
    expect(app.rendered, "the form stays open to be corrected").toBe(true);
    await app.close();
  });

  it("puts the house defaults back into the form without saving them", async () => {
    await game.settings.set("fray", "unhex.boxesPerRow", 3);
    const { app, form } = await open("unhex");
    const input = form.elements.namedItem("boxesPerRow") as HTMLInputElement;
    expect(input.value).toBe("3");
    (form.querySelector('[data-action="resetDefaults"]') as HTMLElement).click();
    await harness.flush();
    expect(input.value).toBe(String(RULESETS.find((r) => r.id === "unhex")!.options.boxesPerRow!.default));
    expect(get("unhex.boxesPerRow")).toBe(3);
    await app.close();
  });
});
