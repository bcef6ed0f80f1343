/**
 * The Beyond the Torchlight compendium sources (packs/torchlight-*): they are what
 * scripts/packs/torchlight.ts writes, every document loads into Fray's data models unchanged, and
 * what the chapter prints is there (Elsa's Breath and Characteristics, the sword's 1d10).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packFile, torchlightPacks } from "../../scripts/packs/torchlight.js";
import { bootWorld } from "./world.js";

type Doc = Record<string, unknown> & { name: string; type: string; system: Record<string, unknown>; items?: Doc[] };

const committed = (pack: string): Record<string, Doc> =>
  Object.fromEntries(readdirSync(join("packs", pack)).map((file) => [file, JSON.parse(readFileSync(join("packs", pack, file), "utf8")) as Doc]));

const { harness } = bootWorld("cavaliers", { dom: false });

describe("torchlight packs", () => {
  it("are what scripts/packs/torchlight.ts writes (run it after changing the gear or the combatants)", () => {
    for (const [pack, docs] of Object.entries(torchlightPacks())) {
      expect(committed(pack), pack).toEqual(Object.fromEntries(docs.map((doc) => [packFile(String(doc.name)), doc])));
    }
  });

  it("load into Fray's data models exactly as stored", async () => {
    const packs = torchlightPacks();
    const ItemClass = harness.CONFIG.Item.documentClass as unknown as { create(d: object): Promise<{ system: { toObject(): Record<string, unknown> } }> };
    const ActorClass = harness.CONFIG.Actor.documentClass as unknown as { create(d: object): Promise<{ system: { toObject(): Record<string, unknown> }; items: { contents: { name: string; system: { toObject(): Record<string, unknown> } }[] } }> };
    for (const doc of packs["torchlight-gear"]! as Doc[]) {
      const made = await ItemClass.create({ name: doc.name, type: doc.type, system: doc.system });
      expect(made.system.toObject(), doc.name).toEqual(doc.system);
    }
    for (const doc of packs["torchlight-combatants"]! as Doc[]) {
      const made = await ActorClass.create({ name: doc.name, type: doc.type, system: doc.system, items: (doc.items ?? []).map((i) => ({ name: i.name, type: i.type, system: i.system })) });
      expect(made.system.toObject(), doc.name).toEqual(doc.system);
      expect(made.items.contents.map((i) => i.system.toObject()), doc.name).toEqual((doc.items ?? []).map((i) => i.system));
    }
  });

  it("seed 004 §Characteristic Score Loss (Elsa: Breath 3, Str 11, Dex 13, Wil 5) and §Enhanced Attacks (her sword, 1d10)", () => {
    const elsa = committed("torchlight-combatants")["elsa.json"]!;
    expect(elsa.system).toMatchObject({ breath: { value: 3, max: 3 }, characteristics: { str: { dc: 11 }, dex: { dc: 13 }, wil: { dc: 5 } } });
    expect(committed("torchlight-gear")["sword.json"]!.system).toMatchObject({ die: 10, kind: "melee" });
    expect(Object.keys(committed("torchlight-combatants")).sort()).toEqual(["bandit-archer.json", "bandit-cutthroat.json", "bandit-knife-thrower.json", "bandit-swordsman.json", "breyer.json", "elsa.json", "riddic.json", "tahula.json"]);
  });
});
