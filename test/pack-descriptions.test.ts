/**
 * Every item in the compendium sources (packs/, as scripts/packs/*.ts write them) has a description
 * in HTML, and every @Rule link in one names a term a rules page explains (in the item's own
 * ruleset), so no pack item shows a dead rules link.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rulesPackSources } from "../scripts/rules-pack.mjs";
import { buildRulesIndex, findRule } from "../src/foundry/rules-journal/terms.js";
import { RULESET_IDS } from "../src/rules/ruleset.js";

type Doc = { name: string; type?: string; system?: { description?: unknown }; items?: Doc[] };

const manifest = JSON.parse(readFileSync("system.json", "utf8")) as { packs: { name: string; type: string }[] };
const itemsOf = (doc: Doc): Doc[] => (doc.items ? doc.items : doc.type ? [doc] : []);
const packItems = manifest.packs
  .filter((pack) => pack.type === "Item" || pack.type === "Actor")
  .flatMap((pack) =>
    readdirSync(join("packs", pack.name))
      .filter((file) => file.endsWith(".json"))
      .flatMap((file) => itemsOf(JSON.parse(readFileSync(join("packs", pack.name, file), "utf8")) as Doc).map((item) => ({ where: `packs/${pack.name}/${file}: ${item.name}`, item }))),
  );

describe("pack items' descriptions", async () => {
  const index = buildRulesIndex(
    (await rulesPackSources("docs/rules")).map((entry) => ({
      ruleset: entry.flags.fray.ruleset,
      pages: entry.pages.map((page) => ({ uuid: page._id, name: page.name, terms: page.flags.fray.terms })),
    })),
  );

  it("there are items to check in every ruleset", () => {
    for (const id of RULESET_IDS) expect(packItems.filter(({ item }) => item.type?.startsWith(id)).length, id).toBeGreaterThan(0);
  });

  it("every item has a description: HTML paragraphs, not blank", () => {
    for (const { where, item } of packItems) {
      const description = item.system?.description;
      expect(typeof description, where).toBe("string");
      expect(description as string, where).toMatch(/^<p>[\s\S]+<\/p>$/);
    }
  });

  it("every @Rule link in a description names a term its own ruleset's rules explain", () => {
    const dead: string[] = [];
    for (const { where, item } of packItems) {
      const ruleset = RULESET_IDS.find((id) => item.type?.startsWith(id))!;
      for (const match of String(item.system?.description).matchAll(/@Rule\[([^\]]+)\]/g)) {
        const link = findRule(index, match[1]!, ruleset, RULESET_IDS);
        if (link?.ruleset !== ruleset) dead.push(`${where}: @Rule[${match[1]}]`);
      }
    }
    expect(dead).toEqual([]);
  });
});
