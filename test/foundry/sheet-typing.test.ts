/**
 * A sheet keeps what is being typed (issue 33, item 7). v13 renders every combatant's actor sheet again
 * on every update of a Combat, on every client (client/documents/combat.mjs `_onUpdate` →
 * `updateCombatantActors`), and the re-render restores focus but not the typed value
 * (HandlebarsApplication#_preSyncPartState/_syncPartState). A GM writing the Combat's flags while a
 * player types in her sheet must not wipe her text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor, FoundryHarness, HarnessGame, User } from "../../playground/foundry/index.js";
import type { Combat } from "../../playground/foundry/combat.js";
import { installDom, installFoundryFromDisk } from "../../playground/foundry/node.js";
import { bootFray, playRuleset } from "./rulesets.js";

let harness: FoundryHarness;
let game: HarnessGame;
let removeDom: () => Promise<void>;

beforeAll(async () => {
  removeDom = installDom();
  harness = installFoundryFromDisk();
  game = harness.game;
  await import("../../src/foundry/fray.js");
  await bootFray(harness);
});
afterAll(async () => removeDom());
beforeEach(() => harness.reset());

type Sheet = { render(options: object): Promise<Sheet>; element: HTMLElement; close(): Promise<unknown> };

describe("a player's sheet while the GM writes the Combat", () => {
  it("is rendered again (v13's updateCombatantActors), and keeps the text she was typing and had not sent", async () => {
    await playRuleset(game, "cavaliers");
    const gmUser = game.user as User;
    const bob = harness.createUser({ name: "Bob", role: "PLAYER" });
    const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
    const heroine = (await ActorClass.create({ name: "Heroine", type: "cavaliersCharacter", ownership: { default: 0, [bob.id]: 3 } })) as Actor;
    const CombatClass = harness.CONFIG.Combat.documentClass as unknown as { create(data: object): Promise<Combat> };
    const combat = await CombatClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: heroine.id }]);
    harness.switchUser(bob);
    const sheet = await (heroine.sheet as unknown as Sheet).render({ force: true });
    let renders = 0;
    const hook = (globalThis as unknown as { Hooks: { on(h: string, f: () => void): number; off(h: string, id: number): void } }).Hooks;
    const id = hook.on("renderFrayActorSheet", () => renders++);
    const field = sheet.element.querySelector<HTMLInputElement>('input[name="name"]')!;
    field.focus();
    field.value = "Heroine the Bo";
    harness.switchUser(gmUser);
    await combat.setFlag("fray", "probe", 1);
    await harness.flush();
    hook.off("renderFrayActorSheet", id);
    expect(renders).toBeGreaterThan(0);
    const after = sheet.element.querySelector<HTMLInputElement>('input[name="name"]')!;
    expect(after).not.toBe(field);
    expect(after.value).toBe("Heroine the Bo");
    expect(heroine.name).toBe("Heroine");
    await sheet.close();
  });
});
