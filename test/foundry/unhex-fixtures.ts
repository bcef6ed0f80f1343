/**
 * An Unhex fight in the harness, for the Foundry tests: a GM and two players (Ada's player owns Ada,
 * Bob owns Bea), the nightclub drawn as Regions, four tokens in its Areas on two teams, a started
 * combat of them, and helpers to open, click and read cards as each user.
 */
import { expect } from "vitest";
import type { Actor, FoundryHarness, User } from "../../playground/foundry/index.js";
import type { Combat, Combatant } from "../../playground/foundry/combat.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { areaSceneData, pointInArea, type Scene, type TokenDocument } from "../../playground/foundry/scene.js";
import { placeToken } from "../../playground/foundry/tokens.js";
import { NIGHTCLUB } from "../../src/core/areas/nightclub.js";
import type { AreaMap } from "../../src/core/areas/types.js";
import { middleOfArea, shippedNightclub } from "../fixtures/nightclub.js";
import { bootWorld } from "./world.js";

export type Message = {
  id: string;
  system: { toObject(): Record<string, unknown> };
  whisper: string[];
  _source: { rolls: unknown[] };
  renderHTML(): Promise<HTMLElement>;
};

export interface CardView {
  kind: string;
  state: string;
  request: Record<string, unknown>;
  rules: Record<string, unknown>;
  refs: Record<string, { actor: string; token?: string }>;
  outcome: { result: Record<string, unknown>; awaiting?: { choice: string; by: string; offer: Record<string, unknown> }; dice: { label: string; sides: number; face: number }[]; steps: Record<string, unknown>[]; effects: { participant: string; statuses?: string[] }[] };
  applied: { uuid: string; name: string; key: string; kind: string; before: unknown; after: unknown }[];
}

export const card = (m: Message) => m.system.toObject() as unknown as CardView;
export const level = (a: Actor) => (a.system as unknown as { level: { value: number } }).level.value;
export const wounds = (a: Actor) => ({ ...(a.system as unknown as { wounds: Record<string, number> }).wounds });
export const statuses = (a: Actor) => [...(a as unknown as { statuses: Set<string> }).statuses].sort();
export const itemId = (a: Actor, name: string) => (a as unknown as { items: { contents: { id: string; name: string }[] } }).items.contents.find((i) => i.name === name)!.id;

export { shippedNightclub } from "../fixtures/nightclub.js";

/** The top-left corner that puts a 1×1 token in the middle of an Area's Region on a scene. */
export function middleOf(scene: Scene, area: string): { x: number; y: number } {
  return middleOfArea({ regions: scene.regions.contents.map((r) => ({ shapes: r.shapes, behaviors: r.behaviors.contents.map((b) => ({ system: b.system })) })), grid: scene.grid }, area);
}

export function unhexFixtures(current: () => FoundryHarness) {
  const at = (id: string, map: AreaMap = NIGHTCLUB) => pointInArea(map.areas.findIndex((a) => a.id === id));

  async function scene(map: AreaMap = NIGHTCLUB): Promise<Scene> {
    const SceneClass = (globalThis as unknown as { Scene: typeof Scene }).Scene;
    return (await SceneClass.create({ ...areaSceneData(map), active: true })) as Scene;
  }

  async function token(on: Scene, actor: Actor, area: string, disposition: number, map: AreaMap = NIGHTCLUB): Promise<TokenDocument> {
    const [made] = (await on.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: true, disposition, ...at(area, map) }])) as TokenDocument[];
    await current().flush();
    placeToken(actor as never, { document: made as never });
    return made as TokenDocument;
  }

  async function actors(users: { ada: User; bob: User }) {
    const ActorClass = current().CONFIG.Actor.documentClass as typeof Actor;
    const ada = (await ActorClass.create({
      name: "Ada",
      type: "unhexCharacter",
      ownership: { default: 1, [users.ada.id]: 3 },
      system: { level: { value: 50, max: 55 }, good: { defend: true } },
      items: [
        { name: "Knife", type: "unhexWeapon", system: { kind: "melee", held: true } },
        { name: "Pistol", type: "unhexWeapon", system: { kind: "one-handed-ranged", held: false } },
      ],
    })) as Actor;
    const bea = (await ActorClass.create({
      name: "Bea",
      type: "unhexCharacter",
      ownership: { default: 1, [users.bob.id]: 3 },
      system: { level: { value: 45, max: 50 } },
      items: [{ name: "Rifle", type: "unhexWeapon", system: { kind: "two-handed-ranged", held: true } }],
    })) as Actor;
    const guard = (await ActorClass.create({
      name: "Guard",
      type: "unhexNpc",
      ownership: { default: 1 },
      system: { level: { value: 50, max: 50 } },
      items: [{ name: "Club", type: "unhexWeapon", system: { kind: "melee", held: true } }],
    })) as Actor;
    const sniper = (await ActorClass.create({
      name: "Sniper",
      type: "unhexNpc",
      ownership: { default: 1 },
      system: { level: { value: 40, max: 40 }, good: { twoHandedAttack: true } },
      items: [{ name: "Long rifle", type: "unhexWeapon", system: { kind: "two-handed-ranged", held: true } }],
    })) as Actor;
    return { ada, bea, guard, sniper };
  }

  /**
   * The whole table: users, actors, the nightclub, tokens (Ada and the Guard in the bar, Bea at the
   * entrance, the Sniper on the catwalk) and a started combat. `shipped` lays it on the pack's
   * nightclub (rooms of their own sizes, gaps between them) instead of the test grid of squares.
   */
  async function table({ shipped = false }: { shipped?: boolean } = {}) {
    const harness = current();
    const gm = harness.game.user as User;
    const users = { ada: harness.createUser({ name: "Ada's player", role: "PLAYER" }), bob: harness.createUser({ name: "Bob", role: "PLAYER" }) };
    const cast = await actors(users);
    const SceneClass = (globalThis as unknown as { Scene: typeof Scene }).Scene;
    const club = shipped ? ((await SceneClass.create({ ...shippedNightclub(), active: true })) as Scene) : await scene();
    const at = (id: string, map: AreaMap = NIGHTCLUB) => (shipped ? middleOf(club, id) : pointInArea(map.areas.findIndex((a) => a.id === id)));
    const place = async (actor: Actor, area: string, disposition: number) => {
      const [made] = (await club.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: true, disposition, ...at(area) }])) as TokenDocument[];
      await harness.flush();
      placeToken(actor as never, { document: made as never });
      return made as TokenDocument;
    };
    const tokens = {
      ada: await place(cast.ada, "bar", 1),
      bea: await place(cast.bea, "entrance", 1),
      guard: await place(cast.guard, "bar", -1),
      sniper: await place(cast.sniper, "catwalk", -1),
    };
    const CombatClass = harness.CONFIG.Combat.documentClass as typeof Combat;
    const combat = (await CombatClass.create({ active: true, scene: club.id })) as Combat;
    const combatants = (await combat.createEmbeddedDocuments(
      "Combatant",
      (Object.keys(tokens) as Array<keyof typeof tokens>).map((key) => ({ actorId: cast[key].id, tokenId: tokens[key].id, sceneId: club.id, name: cast[key].name })),
    )) as Combatant[];
    await combat.startCombat();
    await harness.flush();
    return { gm, users, ...cast, scene: club, tokens, combat, combatants, at };
  }

  /** The user's click on a card's button (as the chat log binds it), then every step it started. */
  async function click(message: Message, selector: string): Promise<void> {
    const html = await message.renderHTML();
    const button = html.querySelector<HTMLElement>(selector);
    if (!button) throw new Error(`no button ${selector} for ${String(current().game.user?.name)} in state ${card(message).state}: ${html.innerHTML.slice(0, 400)}`);
    button.click();
    const cards = await import("../../src/foundry/cards/index.js");
    await cards.cardsIdle();
    await current().flush();
  }

  /** The card's buttons this user sees (choice:value), Copy left out. */
  async function buttons(message: Message): Promise<string[]> {
    const html = await message.renderHTML();
    return [...html.querySelectorAll<HTMLElement>("[data-fray-action]")].map((b) => `${b.dataset.frayAction}${b.dataset.frayValue ? `:${b.dataset.frayValue}` : ""}`).filter((b) => b !== "copy");
  }

  /** Chooses on the card as `user`, rolling the given faces on her client if the step needs dice. */
  async function choose(user: User, message: Message, choice: string, value: string, ...faces: number[]): Promise<void> {
    current().switchUser(user);
    if (faces.length) queueFaces(...faces);
    await click(message, `[data-fray-action='choose'][data-fray-choice='${choice}'][data-fray-value='${value}']`);
    expect(card(message).outcome.awaiting?.choice, `after ${choice}=${value}`).not.toBe(choice);
  }

  return { scene, token, actors, table, click, buttons, choose, at };
}

export type UnhexTable = Awaited<ReturnType<ReturnType<typeof unhexFixtures>["table"]>>;

/**
 * This test's table, laid afresh by bootUnhex before each test. A test file imports it: an imported
 * binding follows the module's, so it sees each test's.
 */
export let t: UnhexTable;

/**
 * One file's Unhex world on the shared fixture (world.ts): Fray booted once with a DOM, the world
 * playing Unhex, and before each test the whole table laid afresh (`table()`: `t` above) and handed to `ready`.
 */
export function bootUnhex(options: { shipped?: boolean; cardsInWords?: boolean } = {}, ready: (t: UnhexTable) => unknown = () => undefined) {
  const world = bootWorld("unhex", { cardsInWords: options.cardsInWords ?? false }, async () => ready((t = await fx.table({ shipped: options.shipped ?? false }))));
  const fx = unhexFixtures(() => world.harness);
  return { harness: world.harness, game: world.game, fx };
}
