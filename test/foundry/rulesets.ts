/**
 * A test world that plays a ruleset, the way one loads: the setting, then the ruleset's chunk
 * (src/foundry/rulesets/loading.ts), awaited. Foundry reloads the page when the setting changes and
 * the new world fetches the chunk at `init`; the tests switch in place, so each waits for it here.
 */
import type { RulesetId } from "../../src/rules/ruleset.js";

interface SettingsOwner {
  settings: { set(namespace: string, key: string, value: unknown): Promise<unknown> };
}

/** The ruleset's chunk, arrived and registered (its cards, tracker rules and hooks). */
export async function rulesetArrived(id: RulesetId): Promise<void> {
  const { loadRuleset } = await import("../../src/foundry/rulesets/loading.js");
  await loadRuleset(id);
}

/** Sets the world's ruleset and waits for its chunk. */
export async function playRuleset(game: SettingsOwner, id: RulesetId): Promise<void> {
  await game.settings.set("fray", "ruleset", id);
  await rulesetArrived(id);
}

/** Boots the harness, then waits for the chunk of the ruleset the world plays (cavaliers unless a test set another). */
export async function bootFray(harness: { boot(): Promise<void>; game: { settings: { get(namespace: string, key: string): unknown } } }): Promise<void> {
  await harness.boot();
  await rulesetArrived(harness.game.settings.get("fray", "ruleset") as RulesetId);
}

/** A character of each ruleset with one weapon, rendered by its sheet. */
export const CHARACTERS: Record<RulesetId, { type: string; weapon: { name: string; type: string; system?: object } }> = {
  cavaliers: { type: "cavaliersCharacter", weapon: { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } } },
  drama: { type: "dramaCharacter", weapon: { name: "Arming sword", type: "dramaWeapon" } },
  unhex: { type: "unhexCharacter", weapon: { name: "Pistol", type: "unhexWeapon" } },
  personal: { type: "personalCharacter", weapon: { name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } } },
  torchlight: { type: "torchlightCharacter", weapon: { name: "Sword", type: "torchlightWeapon", system: { die: 10, kind: "melee", damageType: "slashing" } } },
};
