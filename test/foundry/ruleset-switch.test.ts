/**
 * Switching a world's ruleset and back leaves every actor's stored data exactly as it was. Each
 * step is a reload: a fresh Foundry with the system imported anew, booted, the setting changed and
 * the world's stored actors loaded back from their sources, as the server would hand them over.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Actor as HarnessActor } from "../../playground/foundry/documents.js";
import type { FoundryHarness } from "../../playground/foundry/index.js";
import { installFoundryFromDisk } from "../../playground/foundry/node.js";
import { RULESET_IDS, type RulesetId } from "../../src/rules/ruleset.js";
import { playRuleset, bootFray } from "./rulesets.js";

type Source = Record<string, unknown> & { _id: string; type: string };

/** Every actor type with data that differs from its defaults, so a reset would show. */
const WORLD: Array<Record<string, unknown>> = [
  { name: "Ines", type: "cavaliersCharacter", system: { attributes: { verve: 8, guile: 10 }, competency: 10, yield: { value: 2 }, wounds: { value: 1 }, advantage: 8, style: 2, area: "Dock" } },
  { name: "Bravo", type: "cavaliersNpc", system: { npcType: "major", wounds: { value: 0, track: [0, 1, 2, 4] }, competency: 8 } },
  { name: "Squire", type: "dramaCharacter", system: { grit: { value: 3, max: 7 }, flesh: { value: 5, max: 7 }, penaltyDice: 1, wounds: [{ flesh: 2, serious: false, critical: false, bleeding: false, note: "axe" }] } },
  { name: "Fyrd", type: "dramaNpc", system: { attributes: { physical: 2, agility: 3 }, shield: "buckler" } },
  { name: "Vee", type: "unhexCharacter", system: { level: { value: 41, max: 55 }, wounds: { torso: 2, leftLeg: 1 }, good: { other: "pistols", defend: true } } },
  { name: "Bouncer", type: "unhexNpc", system: { level: { value: 30, max: 30 }, good: { meleeAttack: true } }, items: [{ name: "Shotgun", type: "unhexWeapon", system: { kind: "two-handed-ranged", held: true } }] },
  { name: "Ash", type: "personalCharacter", system: { resolve: { value: 0, max: 12 }, wounded: true, fates: ["Shaken"], armor: [{ type: "physical", rating: 3 }, { type: "fire", rating: 1 }] } },
  { name: "Warden", type: "personalNpc", system: { major: true, initiativeRank: 4 } },
  { name: "Elsa", type: "torchlightCharacter", system: { breath: { value: 0, max: 3 }, characteristics: { str: { dc: 8, max: 11 }, dex: { dc: 13, max: 13 }, wil: { dc: 5, max: 5 } }, incapacitated: true } },
  { name: "Bandit", type: "torchlightNpc", system: { stance: "aggressive", lane: 4 } },
];

let harness: FoundryHarness | undefined;

/** A fresh Foundry playing `ruleset`, with the stored actors loaded back. */
async function reload(ruleset: RulesetId, stored: readonly Source[]): Promise<Source[]> {
  harness = installFoundryFromDisk();
  vi.resetModules();
  await import("../../src/foundry/fray.js");
  await bootFray(harness);
  await playRuleset(harness.game, ruleset);
  const Actor = harness.CONFIG.Actor.documentClass as typeof HarnessActor;
  for (const source of stored) await Actor.create(structuredClone(source), { keepId: true });
  return [...harness.game.actors].map((actor) => (actor as HarnessActor).toObject() as Source);
}

afterAll(() => harness?.reset());

describe("switching the ruleset", () => {
  it("keeps every actor's stored data exactly, through every ruleset and back", async () => {
    harness = installFoundryFromDisk();
    vi.resetModules();
    await import("../../src/foundry/fray.js");
    await bootFray(harness);
    const Actor = harness.CONFIG.Actor.documentClass as typeof HarnessActor;
    for (const data of WORLD) await Actor.create(data);
    const original = [...harness.game.actors].map((actor) => (actor as HarnessActor).toObject() as Source);
    expect(original.map((source) => source.type).sort()).toEqual(WORLD.map((data) => data.type as string).sort());

    let stored = original;
    for (const ruleset of [...RULESET_IDS.slice(1), RULESET_IDS[0] as RulesetId]) {
      stored = await reload(ruleset, stored);
      expect(stored, `after switching to ${ruleset}`).toEqual(original);
      await (harness.CONFIG.Actor.documentClass as typeof HarnessActor).createDialog({});
      expect(harness.createDialogs.at(-1)?.types.map((type) => type.value).sort()).toEqual([`${ruleset}Character`, `${ruleset}Npc`]);
    }
    // Six fresh boots of the whole system: more than the default 5 s on a busy machine.
  }, 30_000);

  it("would notice a change (the comparison can fail)", async () => {
    // A stored value the model must clean (a fractional Style) comes back different after a reload.
    const stored = [{ _id: "abcdefghijklmnop", name: "Ines", type: "cavaliersCharacter", system: { style: 2.5 } } as Source];
    const reloaded = await reload("drama", stored);
    expect((reloaded[0]?.system as { style: number }).style).toBe(3);
    expect(reloaded).not.toEqual(stored);
  });
});
