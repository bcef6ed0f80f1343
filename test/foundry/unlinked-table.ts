/**
 * The table of the unlinked-token tests (issue 33): the GM drags one pack NPC twice and a player
 * character once onto a scene, as Foundry v13 makes their tokens (Actor#getTokenDocument): the NPC's
 * unlinked and numbered, as its pack says, the character's linked, as Fray makes every character.
 */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import type { TokenDocument } from "../../playground/foundry/scene.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import { playRuleset, type ActorData, type World } from "./world.js";

export type Fighter = Actor & { isToken: boolean; statuses: Set<string>; getActiveTokens(linked?: boolean, document?: boolean): unknown[] };
export type Token = TokenDocument & { actor: Fighter; actorLink: boolean; name: string };

/** What of a test's world the table uses (any world, whatever its players and actors). */
type TableWorld = Pick<World, "harness" | "game" | "CONFIG" | "scene" | "actor" | "drag">;

/** One NPC of each ruleset's pack, and the track its token's first bar shows. */
export const PACK_NPC: Record<RulesetId, { file: string; track: string }> = {
  cavaliers: { file: "packs/cavaliers-npcs/road-agent.json", track: "yield" },
  drama: { file: "packs/drama-npcs/warrior.json", track: "grit" },
  personal: { file: "packs/personal-npcs/street-thug.json", track: "resolve" },
  torchlight: { file: "packs/torchlight-combatants/bandit-swordsman.json", track: "breath" },
  unhex: { file: "packs/unhex-npcs/bouncer.json", track: "level" },
};

/** A pack document as Foundry imports it: the CLI's `_key`s are not document fields. */
export function imported(file: string): ActorData {
  return JSON.parse(readFileSync(file, "utf8"), (key, value: unknown) => (key === "_key" ? undefined : value)) as ActorData;
}

/** The ruleset played, its pack NPC's two tokens ("one", "two") and the Heroine's ("heroine"), in that order. */
export async function unlinkedTable(world: TableWorld, id: RulesetId, character: Partial<ActorData> = {}) {
  await playRuleset(world.game, id);
  const npc = (await world.actor(imported(PACK_NPC[id].file))) as Fighter;
  const pc = (await world.actor({ name: "Heroine", type: `${id}Character`, ...character })) as Fighter;
  const drag = async (actor: Actor, extra: Record<string, unknown> = {}) => (await world.drag(actor, extra)) as Token;
  const one = await drag(npc);
  const two = await drag(npc);
  const heroine = await drag(pc);
  return { npc, pc, one, two, heroine, drag, scene: world.scene!, track: PACK_NPC[id].track };
}

/** The character as her sheet in the Actors directory shows her. */
export const fromDirectory = (world: TableWorld, actor: Actor) => world.game.actors.get(actor.id as string) as Actor;

/**
 * The token HUD's first status, put on the first NPC token: its actor has it, the second token's
 * actor and the pack's actor in the directory do not. Returns the status, for the test to take off.
 */
export async function statusOnOneToken(world: TableWorld, { npc, one, two }: { npc: Fighter; one: Token; two: Token }): Promise<string> {
  const status = (world.CONFIG as unknown as { statusEffects: { id: string }[] }).statusEffects[0]!.id;
  await (one.actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect(status, { active: true });
  await world.harness.flush();
  expect([one.actor.statuses.has(status), two.actor.statuses.has(status), npc.statuses.has(status)], `${status} on the first token alone`).toEqual([true, false, false]);
  return status;
}
