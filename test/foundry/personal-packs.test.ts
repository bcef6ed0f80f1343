/**
 * The Personal Combat compendium sources (packs/personal-*): what scripts/packs/personal.ts writes,
 * every document valid for Fray's data models as they are (nothing cleaned away or kept aside), the
 * lists equal to the rules' house defaults with each Fallen Fate's status the one the status table
 * gives it, and the lists pack, imported into a world, read by the rules as the GM edits it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Actor as HarnessActor, Item as HarnessItem } from "../../playground/foundry/documents.js";
import { REPO_ROOT } from "../../playground/foundry/node.js";
import { fileName } from "../../scripts/packs/common.js";
import { personalPackDocs } from "../../scripts/packs/personal.js";
import { DEFAULT_LISTS, FREE_ACTIONS } from "../../src/rules/personal/lists.js";
import { RULES_STATUSES } from "../../src/foundry/statuses/table.js";
import { bootWorld } from "./world.js";

type Doc = Record<string, unknown> & { name: string; type: string; system: Record<string, unknown>; items?: Doc[] };

const PACKS = ["personal-gear", "personal-lists", "personal-npcs"];
const read = (pack: string): Doc[] =>
  readdirSync(join(REPO_ROOT, "packs", pack))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(REPO_ROOT, "packs", pack, file), "utf8")) as Doc);

const { harness, game } = bootWorld("cavaliers");

describe("the Personal Combat packs", () => {
  it("are exactly what scripts/packs/personal.ts writes, and system.json lists them in their folder", () => {
    const generated = personalPackDocs();
    expect(Object.keys(generated).sort()).toEqual(PACKS);
    for (const pack of PACKS) {
      const byFile = Object.fromEntries(generated[pack]!.map((doc) => [fileName(String(doc.name)), doc]));
      expect(readdirSync(join(REPO_ROOT, "packs", pack)).sort(), pack).toEqual(Object.keys(byFile).sort());
      for (const doc of read(pack)) expect(doc, `${pack}/${doc.name}`).toEqual(byFile[fileName(doc.name)]);
    }
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as { packs: { name: string }[]; packFolders: { name: string; packs: string[] }[] };
    expect(manifest.packs.map((p) => p.name)).toEqual(expect.arrayContaining(PACKS));
    expect(manifest.packFolders.find((f) => f.name === "Personal Combat")?.packs).toEqual(PACKS);
  });

  it("load into Fray's models unchanged: no value cleaned, clamped or kept aside", async () => {
    const Actor = harness.CONFIG.Actor.documentClass as typeof HarnessActor;
    const Item = harness.CONFIG.Item.documentClass as typeof HarnessItem;
    for (const pack of PACKS) {
      for (const source of read(pack)) {
        const { _key: _k, items, ...data } = source as Doc & { _key: string };
        const created = (source.type === "personalNpc" ? await Actor.create({ ...data, items: items?.map(({ _key: _ik, ...item }) => item) }) : await Item.create(data)) as unknown as { system: { toObject(): unknown }; getFlag(s: string, k: string): unknown; items?: { contents: { name: string; system: { toObject(): unknown } }[] } };
        expect(created.getFlag("fray", "unmigrated"), source.name).toBeUndefined();
        expect(created.system.toObject(), source.name).toEqual(source.system);
        for (const embedded of items ?? []) expect(created.items!.contents.find((i) => i.name === embedded.name)!.system.toObject(), `${source.name}: ${embedded.name}`).toEqual(embedded.system);
      }
    }
  });

  it("hold the rules' house lists, each Fallen Fate with the status the status table gives it", () => {
    const lists = read("personal-lists");
    const of = (type: string) => lists.filter((d) => d.type === type).sort((a, b) => Number(a.sort) - Number(b.sort));
    expect(of("personalBand").sort((a, b) => Number(a.system.order) - Number(b.system.order)).map((d) => d.name)).toEqual([...DEFAULT_LISTS.zones]);
    // Issue 38 item 6: the house free actions follow the actions, marked free.
    expect(of("personalAction").map((d) => [d.name, d.system.free])).toEqual([...DEFAULT_LISTS.actions.map((name) => [name, false]), ...FREE_ACTIONS.map((name) => [name, true])]);
    expect(of("personalFate").map((d) => ({ name: d.name, outOfFight: d.system.outOfFight }))).toEqual([...DEFAULT_LISTS.fates]);
    for (const fate of of("personalFate")) expect(fate.system.status, fate.name).toBe((RULES_STATUSES[fate.name] as { set?: string } | undefined)?.set);
  });

  it("imported into the world, the lists are what the rules read; the GM's edit changes them", async () => {
    const Item = harness.CONFIG.Item.documentClass as typeof HarnessItem;
    for (const { _key: _k, ...data } of read("personal-lists") as (Doc & { _key: string })[]) await Item.create(data);
    const { tableLists } = await import("../../src/foundry/rulesets/personal/lists.js");
    const imported = tableLists();
    expect(imported.request).toEqual({ zones: [...DEFAULT_LISTS.zones], actions: [...DEFAULT_LISTS.actions], fates: [...DEFAULT_LISTS.fates] });
    expect(imported.freeActions).toEqual([...FREE_ACTIONS]);
    const far = game.items.contents.find((i) => i.name === "Far") as unknown as { update(d: object): Promise<unknown> };
    await far.update({ "system.order": 9 });
    await (game.items.contents.find((i) => i.name === "Shaken") as unknown as { update(d: object): Promise<unknown> }).update({ name: "Rattled" });
    const edited = tableLists();
    expect(edited.zones).toEqual(["Engaged", "Near", "Distant", "Far"]);
    expect(edited.fates.map((f) => f.name)).toContain("Rattled");
    expect(edited.fates.map((f) => f.name)).not.toContain("Shaken");
    // The GM's own free action replaces the house list: a table names its free actions.
    for (const name of FREE_ACTIONS) await (game.items.contents.find((i) => i.name === name) as unknown as { delete(): Promise<unknown> }).delete();
    expect(tableLists().freeActions).toEqual([...FREE_ACTIONS]);
    await Item.create({ name: "Wink", type: "personalAction", system: { free: true } });
    expect(tableLists().freeActions).toEqual(["Wink"]);
  });
});
