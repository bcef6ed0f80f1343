/**
 * What a world offers of its ruleset: the Create Item dialog lists the world's ruleset's item types
 * only (as the Create Actor dialog does), the token HUD offers each of Fray's statuses to the actor
 * types of the rulesets that set it (others' stay in CONFIG, so old effects keep their names), and
 * every type and sheet Fray registers has a label in lang/en.json.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import { bootWorld, playRuleset } from "./world.js";

const { harness, game } = bootWorld("cavaliers", { dom: false });
const systemJson = JSON.parse(readFileSync("system.json", "utf8")) as { documentTypes: Record<string, Record<string, unknown>> };


describe("the Create Item dialog", () => {
  it.each(RULESET_IDS)("in a %s world offers that ruleset's item types only", async (id) => {
    await playRuleset(game, id);
    const { documentsOf } = await import("../../src/foundry/rulesets/registry.js");
    const Item = harness.CONFIG.Item.documentClass as unknown as { createDialog(data?: object): Promise<unknown> };
    await Item.createDialog({});
    const offered = harness.createDialogs.at(-1)?.types.map((type) => type.value).sort();
    expect(offered).toEqual(Object.keys(documentsOf(id).items).sort());
    expect(offered!.every((type) => type.startsWith(id))).toBe(true);
  });
});

describe("the token HUD's statuses", () => {
  type StatusEntry = { id: string; hud?: boolean | { actorTypes?: string[] } };
  const entries = () => (harness.CONFIG as unknown as { statusEffects: StatusEntry[] }).statusEffects;

  it("offers each of Fray's statuses to the actor types of the rulesets that set it, and keeps every one in CONFIG", async () => {
    const { FRAY_STATUS } = await import("../../src/foundry/statuses/table.js");
    const { STATUS_RULESETS } = await import("../../src/foundry/statuses/hud.js");
    expect(Object.keys(STATUS_RULESETS).sort()).toEqual(Object.keys(FRAY_STATUS).sort());
    for (const [key, status] of Object.entries(FRAY_STATUS)) {
      const entry = entries().find((e) => e.id === status.id);
      const types = (entry?.hud as { actorTypes: string[] }).actorTypes;
      const rulesets = STATUS_RULESETS[key as keyof typeof STATUS_RULESETS];
      expect(types.sort(), key).toEqual(rulesets.flatMap((id) => [`${id}Character`, `${id}Npc`]).sort());
    }
  });

  it("in a personal world, a personal token is offered Wounded but not Blown; Foundry's own statuses stay for everyone", () => {
    // v13 TokenHUD#_getStatusEffectChoices skips an entry whose hud.actorTypes leaves the token's actor type out.
    const offered = (actorType: string) => entries().filter((e) => e.hud !== false && !(typeof e.hud === "object" && e.hud.actorTypes?.includes(actorType) === false)).map((e) => e.id);
    expect(offered("personalCharacter")).toContain("fray-wounded");
    expect(offered("personalCharacter")).not.toContain("fray-blown");
    expect(offered("dramaNpc")).toContain("fray-blown");
    for (const type of ["personalCharacter", "dramaNpc", "unhexCharacter"]) expect(offered(type)).toEqual(expect.arrayContaining(["dead", "unconscious", "prone"]));
  });
});

describe("labels", () => {
  it("every document type in system.json has TYPES.<Document>.<type>, and every Actor and Item type its sheet's label", () => {
    for (const [document, types] of Object.entries(systemJson.documentTypes)) {
      if (document === "RegionBehavior") continue;
      for (const type of Object.keys(types)) {
        expect(game.i18n.has(`TYPES.${document}.${type}`), `TYPES.${document}.${type}`).toBe(true);
        if (document === "Actor" || document === "Item") expect(game.i18n.has(`FRAY.Sheet.${type}`), `FRAY.Sheet.${type}`).toBe(true);
      }
    }
  });
});
