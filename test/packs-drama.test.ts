import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ARMOUR_ITEMS, ARMOUR_SETS, harnessDice, SHIELD_DICE, SHIELD_SIZES, WEAPON_CLASSES, WEAPON_TABLE } from "../src/rules/drama/tables.js";
import { fyrd, MULTI, warrior } from "./rules/drama/fixtures.js";

/**
 * The Drama in History compendium sources (packs/drama-*) read as plain JSON: the weapons, harness
 * and shields are the rules tables' own, every field fits the data models' bounds
 * (src/foundry/rulesets/drama/models.ts and items.ts), and the combat chapter's example combatants
 * are the rules tests' own.
 */
type Doc = { _id: string; _key: string; name: string; type: string; system: Record<string, unknown>; items?: Doc[] };

function readPack(pack: string): Doc[] {
  const dir = join("packs", pack);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as Doc);
}

const gear = readPack("drama-gear");
const npcs = readPack("drama-npcs");
const named = (docs: Doc[], name: string) => docs.find((d) => d.name === name) ?? expect.unreachable(`no ${name}`);
const lower = (s: string) => s.toLowerCase();

describe("packs/drama-gear", () => {
  it("holds a weapon for every example of every weapon class, of that class, ranged only for bows", () => {
    const weapons = gear.filter((d) => d.type === "dramaWeapon");
    for (const weaponClass of WEAPON_CLASSES) {
      for (const example of WEAPON_TABLE[weaponClass].examples.filter((e) => e !== "fist" && e !== "hilt of dagger")) {
        const weapon = weapons.find((w) => lower(w.name) === example);
        expect(weapon, example).toBeDefined();
        expect(weapon!.system).toMatchObject({ weaponClass, ranged: /bow/.test(example) });
      }
    }
    expect(weapons.length).toBe(WEAPON_CLASSES.reduce((n, c) => n + WEAPON_TABLE[c].examples.filter((e) => e !== "fist" && e !== "hilt of dagger").length, 0));
  });

  it("holds every piece of harness and every whole harness with the armour dice the rules give, and every shield size", () => {
    const harness = gear.filter((d) => d.type === "dramaArmour" && d.system.kind === "harness");
    for (const piece of ARMOUR_ITEMS) expect(named(harness, piece.name.charAt(0).toUpperCase() + piece.name.slice(1)).system.dice, piece.name).toBe(piece.dice);
    // A man-at-arms is 8Ad; full plate is printed as 16Ad but its listed pieces add to 15Ad, which Fray sums (docs/rules/drama.md).
    expect(named(harness, "Man-at-arms harness").system.dice).toBe(8);
    expect(named(harness, "Full plate harness").system.dice).toBe(15);
    for (const [set, pieces] of Object.entries(ARMOUR_SETS)) expect(harness.some((h) => h.system.dice === harnessDice(pieces)), set).toBe(true);
    const shields = gear.filter((d) => d.type === "dramaArmour" && d.system.kind === "shield");
    expect(shields.map((s) => s.system.shieldSize).sort()).toEqual(SHIELD_SIZES.filter((s) => s !== "none").sort());
    for (const shield of shields) expect(SHIELD_DICE[shield.system.shieldSize as keyof typeof SHIELD_DICE]).toBeGreaterThan(0);
  });
});

describe("packs/drama-npcs", () => {
  const fits = (doc: Doc) => {
    const s = doc.system as { level: number; attributes: { physical: number; agility: number }; skill: number; grit: { value: number; max: number }; flesh: { value: number; max: number }; militaryTraining: number; dramaPoints: number; weaponClass: string };
    expect(doc.type).toBe("dramaNpc");
    for (const [value, min, max] of [[s.level, 0, 20], [s.attributes.physical, 0, 10], [s.attributes.agility, 0, 10], [s.skill, 0, 10], [s.grit.max, 0, 40], [s.flesh.max, 0, 40], [s.militaryTraining, 0, 10], [s.dramaPoints, 0, 20]] as const) {
      expect(Number.isInteger(value) && value >= min && value <= max, `${doc.name}: ${value} in ${min}..${max}`).toBe(true);
    }
    expect(s.grit.value).toBe(s.grit.max);
    expect(s.flesh.value).toBe(s.flesh.max);
    expect(WEAPON_CLASSES).toContain(s.weaponClass);
    for (const item of doc.items ?? []) {
      expect(item._key).toBe(`!actors.items!${doc._id}.${item._id}`);
      const fromGear = named(gear, item.name);
      expect(item.system, `${doc.name}'s ${item.name}`).toEqual(fromGear.system);
    }
  };

  it("every opponent fits the data model, and carries gear from the gear pack", () => {
    expect(npcs.length).toBeGreaterThanOrEqual(5);
    npcs.forEach(fits);
  });

  it(`${MULTI}: the warrior and the fyrd are the rules tests' own`, () => {
    const harnessOf = (doc: Doc) => (doc.items ?? []).filter((i) => i.type === "dramaArmour" && i.system.kind === "harness").reduce((n, i) => n + Number(i.system.dice), 0);
    for (const [doc, rules] of [[named(npcs, "Warrior"), warrior], [named(npcs, "Fyrd"), fyrd("Fyrd")]] as const) {
      const s = doc.system as { attributes: { physical: number; agility: number }; skill: number; grit: { max: number }; flesh: { max: number }; militaryTraining: number; weaponClass: string };
      expect({ physical: s.attributes.physical, agility: s.attributes.agility, skill: s.skill, grit: s.grit.max, flesh: s.flesh.max, weapon: s.weaponClass }, doc.name).toEqual({ physical: rules.physical, agility: rules.agility, skill: rules.skill, grit: rules.grit, flesh: rules.flesh, weapon: rules.weapon });
      expect(s.militaryTraining).toBe(rules.military ?? 0);
      expect(harnessOf(doc)).toBe(rules.harness ?? 0);
    }
  });
});
