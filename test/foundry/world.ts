/**
 * One test world, booted the way every Foundry-layer test file needs it (docs/testing.md, *A world
 * in a Foundry test*): the harness and a DOM installed, Fray loaded and booted once per file, the
 * ruleset's chunk arrived; and before each test a fresh world: no documents, no queued dice, no
 * tokens, macros or targets, the ruleset played, the players, the actors, their tokens on a scene
 * and a combat, as the file asks.
 *
 * A world loads its ruleset's chunk the way one loads (src/foundry/rulesets/loading.ts): Foundry
 * reloads the page when the setting changes and the new world fetches the chunk at `init`; the tests
 * switch in place, so each waits for it here.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Actor, FoundryHarness, HarnessConfig, HarnessGame, User } from "../../playground/foundry/index.js";
import type { Combat, Combatant } from "../../playground/foundry/combat.js";
import type { Scene, TokenDocument } from "../../playground/foundry/scene.js";
import { clearQueuedFaces } from "../../playground/foundry/dice.js";
import { installDom, installFoundryFromDisk } from "../../playground/foundry/node.js";
import { clearTokens, placeToken } from "../../playground/foundry/tokens.js";
import { everyCardInWords } from "./card-words.js";
import { RULESET_IDS, type RulesetId } from "../../src/rules/ruleset.js";

interface SettingsOwner {
  settings: { set(namespace: string, key: string, value: unknown): Promise<unknown>; get(namespace: string, key: string): unknown };
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

const loadTemplates = (paths: string[]) => (globalThis as unknown as { foundry: { applications: { handlebars: { loadTemplates(p: string[]): Promise<unknown> } } } }).foundry.applications.handlebars.loadTemplates(paths);

/** A character of each ruleset with one weapon, rendered by its sheet. */
export const CHARACTERS: Record<RulesetId, { type: string; weapon: { name: string; type: string; system?: object } }> = {
  cavaliers: { type: "cavaliersCharacter", weapon: { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } } },
  drama: { type: "dramaCharacter", weapon: { name: "Arming sword", type: "dramaWeapon" } },
  unhex: { type: "unhexCharacter", weapon: { name: "Pistol", type: "unhexWeapon" } },
  personal: { type: "personalCharacter", weapon: { name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } } },
  torchlight: { type: "torchlightCharacter", weapon: { name: "Sword", type: "torchlightWeapon", system: { die: 10, kind: "melee", damageType: "slashing" } } },
};

/** The GM (the first user) and each player, by her name in lower case: `ada`, `bob`. */
export type Users<P extends string = string> = Record<Lowercase<P>, User> & { gm: User };

/** An actor's data as `Actor.create` takes it. */
export type ActorData = Record<string, unknown> & { name: string; type: string };

export interface WorldOptions<P extends string, A extends string> {
  /** Players (role PLAYER) made before each test, by name: `["Ada", "Bob"]` gives `users.ada`, `users.bob`. */
  users?: readonly P[];
  /** Actors made before each test (after the users, so their ownership can name them), by handle. */
  actors?: (users: Users<P>) => Record<A, ActorData>;
  /**
   * Which of those actors are dragged onto the world's active scene, as v13 makes a token
   * (Actor#getTokenDocument: from the prototype token, an unlinked one numbered), and drawn on the
   * canvas: `true` for every actor, or their handles. Each token is `tokens[handle]`.
   */
  tokens?: boolean | readonly A[];
  /** Every token linked (true) or not (false) to its actor, whatever the prototype token says. */
  linked?: boolean;
  /** An active combat of the tokens (or, without tokens, of the actors), its combatants by handle; `"begun"` starts it too. */
  combat?: boolean | "begun";
  /** After each test, every card it posted is in the game's words (card-words.ts). */
  cardsInWords?: boolean;
  /** A happy-dom DOM on the globals (sheets, dialogs, cards rendered); true unless false. */
  dom?: boolean;
  /** Templates under systems/fray/templates/ loaded once after boot, as a running world has them after their first use. */
  templates?: readonly string[];
  /** Called after Fray is loaded and before it boots: what must be in place at `init` (a pack, a loader). */
  beforeBoot?: (harness: FoundryHarness) => void | Promise<void>;
}

export interface World<P extends string = string, A extends string = string> {
  readonly harness: FoundryHarness;
  /** The harness's globals, with its types. */
  readonly game: HarnessGame;
  readonly CONFIG: HarnessConfig;
  /** This test's users, actors, scene, tokens, combat and combatants (empty where the file asked for none). */
  readonly users: Users<P>;
  readonly gm: User;
  readonly actors: Record<A, Actor>;
  readonly scene: Scene | null;
  /** By actor handle: only the placed ones are there. */
  readonly tokens: Record<A, TokenDocument>;
  readonly combat: Combat | null;
  readonly combatants: Record<A, Combatant>;
  /** Another actor of this world, made as `actors` makes them. */
  actor(data: ActorData): Promise<Actor>;
  /** Drags an actor onto the world's scene (made active when the world has none yet) as the GM's drag makes its token. */
  drag(actor: Actor, data?: Record<string, unknown>): Promise<TokenDocument>;
  /** An active combat (on the world's scene, if it has one) of these tokens and tokenless actors, in order; begun if `begin`. */
  fight(fighters: ReadonlyArray<TokenDocument | Actor>, begin?: boolean): Promise<{ combat: Combat; combatants: Combatant[] }>;
}

/**
 * Boots a world for the test file that calls it (at its top level): `ruleset` is the one the world
 * plays before each test, or `"every"` for a file that plays each in turn (every chunk arrives at
 * boot; the setting stays at its default until the test sets it). The harness and its globals are
 * installed at once; Fray boots in `beforeAll`; each test starts in a fresh world laid by
 * `beforeEach`, which then calls `ready` with it (its hooks run before the file's own).
 */
export function bootWorld<const P extends string = never, const A extends string = never>(ruleset: RulesetId | "every", options: WorldOptions<P, A> = {}, ready?: (world: World<P, A>) => unknown): World<P, A> {
  const removeDom = options.dom === false ? null : installDom();
  const harness = installFoundryFromDisk();
  const game = harness.game;
  const ActorClass = () => harness.CONFIG.Actor.documentClass as typeof Actor;
  const SceneClass = () => (globalThis as unknown as { Scene: typeof Scene }).Scene;
  let now = fresh();

  function fresh() {
    return { users: {} as Users<P>, actors: {} as Record<A, Actor>, scene: null as Scene | null, tokens: {} as Record<A, TokenDocument>, combat: null as Combat | null, combatants: {} as Record<A, Combatant> };
  }

  async function actor(data: ActorData): Promise<Actor> {
    return (await ActorClass().create(data)) as Actor;
  }

  async function drag(actor: Actor, data: Record<string, unknown> = {}): Promise<TokenDocument> {
    now.scene ??= (await SceneClass().create({ name: "Scene", active: true })) as Scene;
    const linked = options.linked === undefined ? {} : { actorLink: options.linked };
    const made = await (actor as unknown as { getTokenDocument(d: object, o: object): Promise<{ toObject(): Record<string, unknown> }> }).getTokenDocument({ ...linked, ...data }, { parent: now.scene });
    const [token] = (await now.scene.createEmbeddedDocuments("Token", [made.toObject()])) as TokenDocument[];
    await harness.flush();
    placeToken(actor as never, { document: token as never });
    return token!;
  }

  async function lay(): Promise<void> {
    now = fresh();
    const setting = game.settings.get("fray", "ruleset");
    if (ruleset !== "every" && setting !== ruleset) await playRuleset(game, ruleset);
    const users: Record<string, User> = { gm: game.user as User };
    for (const name of options.users ?? []) users[name.toLowerCase()] = harness.createUser({ name, role: "PLAYER" });
    now.users = users as Users<P>;
    const actors = options.actors?.(now.users) ?? ({} as Record<A, ActorData>);
    for (const handle of Object.keys(actors) as A[]) now.actors[handle] = await actor(actors[handle]);
    const placed = options.tokens === true ? (Object.keys(now.actors) as A[]) : options.tokens || [];
    for (const handle of placed) now.tokens[handle] = await drag(now.actors[handle]);
    if (!options.combat) return;
    const handles = placed.length ? placed : (Object.keys(now.actors) as A[]);
    const made = await fight(handles.map((h) => (placed.length ? now.tokens[h] : now.actors[h])), options.combat === "begun");
    now.combat = made.combat;
    handles.forEach((h, i) => (now.combatants[h] = made.combatants[i]!));
  }

  async function fight(fighters: ReadonlyArray<TokenDocument | Actor>, begin = false): Promise<{ combat: Combat; combatants: Combatant[] }> {
    const CombatClass = harness.CONFIG.Combat.documentClass as typeof Combat;
    const combat = (await CombatClass.create({ active: true, ...(now.scene ? { scene: now.scene.id } : {}) })) as Combat;
    const data = fighters.map((f) => {
      if (f.documentName !== "Token") return { actorId: f.id, name: f.name };
      const token = f as TokenDocument & { actorId: string | null; name: string };
      return { tokenId: token.id, sceneId: (token.parent as Scene | null)?.id, actorId: token.actorId, name: token.name };
    });
    const combatants = (await combat.createEmbeddedDocuments("Combatant", data)) as Combatant[];
    if (begin) await combat.startCombat();
    return { combat, combatants };
  }

  const world: World<P, A> = {
    harness,
    game,
    CONFIG: harness.CONFIG,
    get users() {
      return now.users;
    },
    get gm() {
      return now.users.gm;
    },
    get actors() {
      return now.actors;
    },
    get scene() {
      return now.scene;
    },
    get tokens() {
      return now.tokens;
    },
    get combat() {
      return now.combat;
    },
    get combatants() {
      return now.combatants;
    },
    actor,
    drag,
    fight,
  };

  beforeAll(async () => {
    await import("../../src/foundry/fray.js");
    await options.beforeBoot?.(harness);
    await bootFray(harness);
    if (ruleset === "every") for (const id of RULESET_IDS) await rulesetArrived(id);
    if (options.templates) await loadTemplates(options.templates.map((t) => `systems/fray/templates/${t}`));
  });
  afterAll(async () => removeDom?.());
  if (options.cardsInWords) everyCardInWords(() => game.messages);
  beforeEach(async () => {
    harness.reset();
    clearQueuedFaces();
    clearTokens();
    (game as unknown as { macros?: Map<string, unknown> }).macros?.clear();
    for (const user of game.users.contents) (user as unknown as { targets?: Set<unknown> }).targets?.clear();
    await lay();
    await ready?.(world);
  });
  return world;
}
