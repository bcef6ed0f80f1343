/**
 * The Unhex compendium sources as Foundry would load them: every item and NPC fits its data model,
 * the gear covers what the rules name (each kind of weapon, a shield, armour for every location,
 * first aid and ammo), every NPC has a weapon in hand, and the nightclub Scene, made from its
 * source, is the rules' nightclub: the same range, sight and cover between every pair of Areas.
 * Also the GM's door control, which writes both sides of a door.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import type { Scene } from "../../playground/foundry/scene.js";
import { coverAgainst, lineOfSight, NIGHTCLUB, rangeBetween } from "../../src/core/areas/index.js";
import { HIT_LOCATIONS, WEAPON_KINDS } from "../../src/rules/unhex/tables.js";
import { linesOf } from "../../scripts/packs/unhex.js";
import { bootWorld } from "./world.js";

type Doc = Record<string, unknown> & { _id: string; name: string; type: string; system: Record<string, unknown>; items?: Doc[]; regions?: Doc[] };
const read = (pack: string): Doc[] => readdirSync(join("packs", pack)).map((file) => JSON.parse(readFileSync(join("packs", pack, file), "utf8")) as Doc);

let areas: typeof import("../../src/foundry/areas/index.js");
const { harness } = bootWorld("cavaliers");
beforeAll(async () => {
  areas = await import("../../src/foundry/areas/index.js");
});

const gear = read("unhex-gear");
const npcs = read("unhex-npcs");
const [nightclub] = read("unhex-scenes");

describe("the Unhex packs", () => {
  it("hold every kind of weapon, a shield, armour for each location, first aid and ammo", () => {
    const kinds = new Set(gear.filter((d) => d.type === "unhexWeapon").map((d) => d.system.kind));
    expect([...kinds].sort()).toEqual([...WEAPON_KINDS].sort());
    expect(gear.some((d) => d.type === "unhexWeapon" && d.system.kind === "melee" && d.system.hands === 2)).toBe(true);
    expect(gear.some((d) => d.type === "unhexShield")).toBe(true);
    const locations = new Set(gear.filter((d) => d.type === "unhexArmour").map((d) => d.system.location));
    expect(locations.size).toBe(HIT_LOCATIONS.locations.length);
    expect(new Set(gear.filter((d) => d.type === "unhexGear").map((d) => d.system.kind))).toEqual(new Set(["first-aid", "ammo"]));
  });

  it("load valid into the data models, and every NPC has a weapon in hand", async () => {
    const Actor = harness.CONFIG.Actor.documentClass as typeof import("../../playground/foundry/index.js").Actor;
    const Item = harness.CONFIG.Item.documentClass as unknown as { create(data: object): Promise<{ toObject(): Doc }> };
    for (const doc of gear) {
      const made = await Item.create({ name: doc.name, type: doc.type, system: doc.system });
      expect(made.toObject().system, doc.name).toEqual(doc.system);
    }
    for (const doc of npcs) {
      const made = (await Actor.create({ name: doc.name, type: doc.type, system: doc.system, items: (doc.items ?? []).map((i) => ({ name: i.name, type: i.type, system: i.system })) })) as Actor;
      expect((made.toObject() as Doc).system, doc.name).toEqual(doc.system);
      const held = (doc.items ?? []).filter((i) => i.type === "unhexWeapon" && i.system.held === true);
      expect(held.length, `${doc.name} holds a weapon`).toBeGreaterThan(0);
    }
  });

  it("the nightclub Scene is the rules' nightclub: every Area, and the same range, sight and cover between each pair", async () => {
    const SceneClass = (globalThis as unknown as { Scene: typeof Scene }).Scene;
    const source = nightclub!;
    const scene = (await SceneClass.create({ name: source.name, regions: source.regions!.map(({ _key: _k, ...region }) => ({ ...region, behaviors: (region.behaviors as Doc[]).map(({ _key: _b, ...b }) => b) })) })) as Scene;
    const { map, problems } = areas.sceneAreaMap(scene as never);
    expect(problems).toEqual([]);
    const ids = NIGHTCLUB.areas.map((a) => a.id);
    expect(map.areas.map((a) => a.id).sort()).toEqual([...ids].sort());
    for (const a of ids) {
      for (const b of ids) {
        expect(rangeBetween(map, a, b), `range ${a}→${b}`).toBe(rangeBetween(NIGHTCLUB, a, b));
        expect(lineOfSight(map, a, b), `sight ${a}→${b}`).toBe(lineOfSight(NIGHTCLUB, a, b));
        expect(coverAgainst(map, a, b), `cover ${a}→${b}`).toEqual(coverAgainst(NIGHTCLUB, a, b));
      }
    }
    // The committed source is what the script writes from the rules' map.
    for (const region of source.regions!) {
      const behavior = (region.behaviors as Doc[])[0]!;
      expect(behavior.system.connections, String(region.name)).toEqual(linesOf(NIGHTCLUB, String(behavior.system.areaId)));
    }
  });
});

describe("the GM's door control", () => {
  it("opens and shuts a door on both Areas it joins, so the map never disagrees with itself", async () => {
    const house = { name: "House", areas: [{ id: "yard" }, { id: "hall" }], connections: [{ from: "yard", to: "hall", kind: "door" as const, open: false, cover: { hall: 1 } }] };
    const { areaSceneData } = await import("../../playground/foundry/scene.js");
    const SceneClass = (globalThis as unknown as { Scene: typeof Scene }).Scene;
    const scene = (await SceneClass.create(areaSceneData(house))) as Scene;
    const { setDoorOnScene } = await import("../../src/foundry/areas/doors.js");
    await setDoorOnScene(scene as never, "yard", "hall", true);
    const { map, problems } = areas.sceneAreaMap(scene as never);
    expect(problems).toEqual([]);
    expect(map.connections).toEqual([{ from: "yard", to: "hall", kind: "door", open: true, transparent: false, cover: { hall: 1 } }]);
    await setDoorOnScene(scene as never, "hall", "yard", false);
    expect(areas.sceneAreaMap(scene as never).map.connections[0]?.open).toBe(false);
  });
});
