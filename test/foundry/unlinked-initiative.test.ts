/**
 * Rolling initiative for several unlinked tokens of one NPC (issue 33): as Foundry v13's
 * Combat#rollInitiative rolls each combatant on its own (client/documents/combat.mjs), Roll NPCs,
 * Roll All, a row's own roll and the Actors directory's Roll Initiative give each token's combatant
 * its own roll, read from that token's own actor, in every ruleset whose tracker rolls initiative.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import type { Combat, Combatant } from "../../playground/foundry/combat.js";
import type { TokenDocument } from "../../playground/foundry/scene.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import { bootWorld, playRuleset } from "./world.js";
import { imported } from "./unlinked-table.js";

const world = bootWorld("every");
const { harness, game } = world;

type Token = TokenDocument & { actor: Actor };
type Rolling = Combat & { rollNPC(): Promise<unknown>; rollAll(): Promise<unknown>; rollInitiative(ids: string[]): Promise<unknown> };

/** Two tokens of the pack NPC and a linked character's, in a combat not yet rolled. */
async function fight(id: RulesetId, file: string) {
  await playRuleset(game, id);
  const npc = await world.actor(imported(file));
  const pc = await world.actor({ name: "Heroine", type: `${id}Character` });
  const tokens = [(await world.drag(npc)) as Token, (await world.drag(npc)) as Token, (await world.drag(pc)) as Token];
  const { combat, combatants } = await world.fight(tokens);
  return { npc, tokens, combat: combat as Rolling, combatants };
}

/** The Actors directory's Roll Initiative on an actor's row. */
async function directoryRoll(actor: Actor): Promise<void> {
  const options: { name: string; callback(li: HTMLElement): unknown }[] = [];
  (globalThis as unknown as { Hooks: { call(h: string, ...a: unknown[]): boolean } }).Hooks.call("getActorContextOptions", null, options);
  const li = document.createElement("li");
  li.dataset.entryId = actor.id!;
  await options.find((o) => o.name === "FRAY.Api.RollInitiative")!.callback(li);
  await harness.flush();
}

const initiatives = (combatants: Combatant[]) => combatants.map((c) => c.initiative);

describe("cavaliers: each Road Agent's token rolls its own initiative", () => {
  async function rolled(how: (combat: Rolling, combatants: Combatant[], npc: Actor) => Promise<unknown>) {
    const { npc, combat, combatants } = await fight("cavaliers", "packs/cavaliers-npcs/road-agent.json");
    harness.onDialog((dialog) => dialog.answer("roll", { specialty: "vigilance", surprised: false }));
    const { stateOf } = await import("../../src/foundry/rulesets/cavaliers/combat/state.js");
    // The first Road Agent's two dice are ones, the second's sixes.
    queueFaces(1, 1, 6, 6);
    await how(combat, combatants, npc);
    await harness.flush();
    return combatants.slice(0, 2).map((c) => (stateOf(c as never) as { total: number } | null)?.total);
  }

  it("Roll NPCs", async () => {
    expect(await rolled((combat) => combat.rollNPC())).toEqual([2, 12]);
  });

  it("the Actors directory's Roll Initiative on the Road Agent", async () => {
    expect(await rolled((_combat, _combatants, npc) => directoryRoll(npc))).toEqual([2, 12]);
  });

  it("each row's own roll", async () => {
    expect(await rolled(async (combat, combatants) => {
      await combat.rollInitiative([combatants[0]!.id as string]);
      await combat.rollInitiative([combatants[1]!.id as string]);
    })).toEqual([2, 12]);
  });
});

describe("drama and personal: each NPC token's initiative is read from its own actor", () => {
  it("drama: Roll NPCs scores each Warrior by its own token's Grit", async () => {
    const { tokens, combat, combatants } = await fight("drama", "packs/drama-npcs/warrior.json");
    await tokens[1]!.actor.update({ "system.grit.value": 2 });
    await combat.rollNPC();
    await harness.flush();
    expect(initiatives(combatants.slice(0, 2))).toEqual([6, 2]);
  });

  it("personal: Roll NPCs gives each Street Thug its own score: the second token's copy is a major NPC", async () => {
    const { tokens, combat, combatants } = await fight("personal", "packs/personal-npcs/street-thug.json");
    await tokens[1]!.actor.update({ "system.major": true });
    await combat.rollNPC();
    await harness.flush();
    const [first, second] = initiatives(combatants.slice(0, 2)) as number[];
    expect(second! - first!).toBe(3);
  });
});

describe("torchlight: Roll NPCs asks each Bandit Swordsman's token for its own Dex save", () => {
  it("the initiative card rolls one save per token, each kept under its own token", async () => {
    const { tokens, combat } = await fight("torchlight", "packs/torchlight-combatants/bandit-swordsman.json");
    queueFaces(3, 17);
    await combat.rollNPC();
    const { cardsIdle } = await import("../../src/foundry/cards/index.js");
    await cardsIdle();
    const saves = (combat.flags as { fray: { torchlight: { initiative: Record<string, unknown> } } }).fray.torchlight.initiative;
    const [one, two] = tokens.map((token) => saves[`Token:${token.id}`]);
    expect([one, two]).toMatchObject([{ roll: 3, success: false }, { roll: 17, success: true }]);
  });
});
