/**
 * What the Drama Foundry tests share: a GM and two players (Ada plays Ines, Bob plays Berold), the
 * GM's Odo and two fyrd, the card helpers (open, choose, click, read), and the world as stored, to
 * show a refused request changed nothing.
 */
import { expect } from "vitest";
import type { Actor, FoundryHarness, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { bootWorld, type ActorData, type Users, type WorldOptions } from "./world.js";

export type Message = { id: string; system: { toObject(): Record<string, unknown> }; whisper: string[]; renderHTML(): Promise<HTMLElement>; rolls: unknown[] };
export interface CardData {
  kind: string;
  state: string;
  request: Record<string, unknown>;
  rules: Record<string, unknown>;
  outcome: { result: Record<string, unknown>; awaiting?: { choice: string; by: string; offer: Record<string, unknown> }; dice: { label: string; sides: number; face: number }[]; steps: { rule: string; [k: string]: unknown }[]; effects: { participant: string; changes: Record<string, { from: unknown; to: unknown }>; statuses?: string[] }[] };
  applied: { uuid: string; name: string; key: string; kind: string; before: unknown; after: unknown }[];
}

export const card = (m: Message) => m.system.toObject() as unknown as CardData;
export type DramaSystem = {
  grit: { value: number; max: number };
  flesh: { value: number; max: number };
  wounds: { flesh: number; serious: boolean; critical: boolean; bleeding: boolean; note: string }[];
  penaltyDice: number;
  dramaPoints: number;
  disadvantage: string;
  disadvantageRound: number;
  roundsOut: number;
};
export const sys = (a: Actor) => a.system as unknown as DramaSystem;
export const statuses = (a: Actor) => [...(a as unknown as { statuses: Set<string> }).statuses].sort();

/** The fighters: Ines (Ada's), Berold (Bob's), the GM's Odo and two fyrd. */
function cast(u: Users<"Ada" | "Bob">): Record<"ines" | "berold" | "odo" | "fyrd1" | "fyrd2", ActorData> {
  const fyrd = (name: string): ActorData => ({ name, type: "dramaNpc", ownership: { default: 1 }, system: { attributes: { physical: 2, agility: 3 }, skill: 2, grit: { value: 3, max: 3 }, flesh: { value: 7, max: 7 }, weaponClass: "medium" } });
  return {
    ines: {
      name: "Ines",
      type: "dramaCharacter",
      ownership: { default: 1, [u.ada.id]: 3 },
      system: { level: 2, attributes: { physical: 3, agility: 2 }, skill: 1, grit: { value: 4, max: 4 }, flesh: { value: 6, max: 6 }, dramaPoints: 2, weaponClass: "unarmed", militaryTraining: 0 },
      items: [
        { name: "Arming sword", type: "dramaWeapon", system: { weaponClass: "large", skill: "", ranged: false } },
        { name: "Crossbow", type: "dramaWeapon", system: { weaponClass: "large", skill: "", ranged: true } },
        { name: "Love of her brother", type: "dramaAdvantage", system: { kind: "passion", dice: 1, cost: 0 } },
        { name: "Desperate lunge", type: "dramaAdvantage", system: { kind: "advantage", dice: 2, cost: 1 } },
      ],
    },
    berold: {
      name: "Berold",
      type: "dramaCharacter",
      ownership: { default: 1, [u.bob.id]: 3 },
      system: { attributes: { physical: 3, agility: 3 }, skill: 3, grit: { value: 6, max: 6 }, flesh: { value: 7, max: 7 }, weaponClass: "medium", armourDice: 2, militaryTraining: 2, dramaPoints: 1 },
    },
    odo: {
      name: "Odo",
      type: "dramaNpc",
      ownership: { default: 1 },
      system: { attributes: { physical: 2, agility: 1 }, skill: 1, grit: { value: 2, max: 2 }, flesh: { value: 6, max: 6 }, weaponClass: "small", dramaPoints: 1 },
    },
    fyrd1: fyrd("Fyrd 1"),
    fyrd2: fyrd("Fyrd 2"),
  };
}

export function dramaFixtures(current: () => FoundryHarness) {
  const h = () => current();
  const cards = () => import("../../src/foundry/cards/index.js");
  const drama = () => import("../../src/foundry/rulesets/drama/cards/post.js");

  const itemId = (actor: Actor, name: string) => (actor as unknown as { items: { contents: { id: string; name: string }[] } }).items.contents.find((i) => i.name === name)!.id;

  /** Opens a melee round as the current user, from given faces (none are rolled at opening). */
  async function melee(actor: Actor, targets: Actor[], answer: { weapon: string; unopposed?: number[] } = { weapon: "" }): Promise<Message> {
    const post = await drama();
    const message = await post.postMelee(actor as never, targets.map((t) => ({ actor: t as never })), { weapon: answer.weapon, unopposed: answer.unopposed ?? [] });
    expect(message, JSON.stringify(h().notifications.at(-1))).toBeTruthy();
    return message as unknown as Message;
  }

  /** The awaited choice, made from the current user's client through the engine, rolling these faces. */
  async function choose(message: Message, choice: string, value: unknown, ...faces: number[]) {
    if (faces.length) queueFaces(...faces);
    const answer = await (await cards()).chooseOnCard(message as never, choice, value);
    await (await cards()).cardsIdle();
    return answer;
  }

  async function buttons(message: Message): Promise<string[]> {
    const html = await message.renderHTML();
    return [...html.querySelectorAll<HTMLElement>("[data-fray-action]")].map((b) => `${b.dataset.frayAction}${b.dataset.frayValue ? `:${b.dataset.frayValue}` : ""}`).filter((b) => b !== "copy");
  }

  async function click(message: Message, selector: string): Promise<void> {
    const html = await message.renderHTML();
    const button = html.querySelector<HTMLElement>(selector);
    if (!button) throw new Error(`no button ${selector} for ${String(h().game.user?.name)} in state ${card(message).state}`);
    button.click();
    await (await cards()).cardsIdle();
  }

  /** Everything a forged request could reach: actors, messages, combats and users, as stored. */
  function stored(): string {
    const game = h().game as unknown as Record<string, { contents: { _source: unknown }[] } | undefined>;
    const sources = (name: string) => (game[name]?.contents ?? []).map((doc) => doc._source);
    return JSON.stringify({ actors: sources("actors"), messages: sources("messages"), combats: sources("combats"), users: sources("users").map((u) => ({ ...(u as object), flags: undefined })) });
  }

  /**
   * Bob's Berold against both fyrd (seed 001, Fighting Multiple Opponents): the fyrd stand, he
   * presses, their pools are built, and the card waits for his split; the GM is the current user.
   */
  async function awaitingSplit(): Promise<Message> {
    h().switchUser(bob);
    const message = await melee(berold, [fyrd1, fyrd2]);
    h().switchUser(gm);
    await choose(message, "opponent1Stance", "stand");
    await choose(message, "opponent2Stance", "stand");
    h().switchUser(bob);
    await choose(message, "actorStance", "press");
    h().switchUser(gm);
    await choose(message, "opponent1Pool", {});
    await choose(message, "opponent2Pool", {});
    expect(card(message).outcome.awaiting?.choice).toBe("actorPool");
    return message;
  }

  return { itemId, melee, choose, buttons, click, stored, awaitingSplit };
}

export type DramaWorld = Users<"Ada" | "Bob"> & Record<"ines" | "berold" | "odo" | "fyrd1" | "fyrd2", Actor>;

/**
 * This test's GM, players and fighters, laid afresh by bootDrama before each test. A test file
 * imports the ones it uses: an imported binding follows the module's, so it sees each test's.
 */
export let gm: User, ada: User, bob: User;
export let ines: Actor, berold: Actor, odo: Actor, fyrd1: Actor, fyrd2: Actor;

/**
 * A test file's Drama world (world.ts): Foundry installed and booted once (with these templates
 * loaded, as a running world has them after their first use), and before each test a fresh world
 * playing Drama with its users and fighters (the exports above), handed to `ready`.
 */
export function bootDrama(options: Pick<WorldOptions<never, never>, "cardsInWords" | "templates"> = {}, ready: (w: DramaWorld) => unknown = () => undefined) {
  const world = bootWorld("drama", { ...options, users: ["Ada", "Bob"], actors: cast }, (w) => {
    ({ gm, ada, bob } = w.users);
    ({ ines, berold, odo, fyrd1, fyrd2 } = w.actors);
    return ready({ ...w.users, ...w.actors });
  });
  return { harness: world.harness, game: world.game, CONFIG: world.CONFIG, fx: dramaFixtures(() => world.harness) };
}

/**
 * The GM puts a fighter out of the action for some rounds in his record of the fight (by fighter
 * key), as a failed courage test's Apply does; the actor's field is the copy her sheet shows.
 */
export async function putOut(combat: { update(d: Record<string, unknown>): Promise<unknown>; combatants: { contents: Array<{ actorId?: string | null; tokenId?: string | null }> } }, actor: { id: string | null; update(d: Record<string, unknown>): Promise<unknown> }, rounds: number): Promise<void> {
  const { fighterKey } = await import("../../src/foundry/combat/fighter.js");
  const combatant = combat.combatants.contents.find((c) => c.actorId === actor.id);
  await combat.update({ [`flags.fray.dramaOut.${fighterKey(combatant)}`]: rounds });
  await actor.update({ "system.roundsOut": rounds });
}
