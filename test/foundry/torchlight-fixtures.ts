/**
 * A Beyond the Torchlight fight in the harness, shared by the torchlight Foundry tests: a GM, Ada
 * (who plays Elsa) and Bob (who plays Riddic), two bandits the GM runs, a running Combat of the
 * four, and the helpers a test needs to act as each of them.
 */
import type { Actor, FoundryHarness, HarnessGame, User } from "../../playground/foundry/index.js";
import type { Combat } from "../../playground/foundry/combat.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import { bootWorld, type ActorData, type Users, type WorldOptions } from "./world.js";

export type Message = {
  id: string;
  system: { toObject(): Record<string, unknown> };
  whisper: string[];
  renderHTML(): Promise<HTMLElement>;
  update(d: object): Promise<unknown>;
};

export interface Card {
  kind: string;
  state: string;
  request: Record<string, unknown>;
  rules: Record<string, unknown>;
  outcome: { result: Record<string, unknown>; awaiting?: { choice: string; by: string; offer: Record<string, unknown> }; dice: { label: string; sides: number; face: number }[]; steps: Record<string, unknown>[]; effects: Record<string, unknown>[] };
  applied: { uuid: string; key: string; kind: string; before: unknown; after: unknown }[];
}

export const cardOf = (m: Message) => m.system.toObject() as unknown as Card;

export interface TorchlightWorld {
  gm: User;
  ada: User;
  bob: User;
  elsa: Actor;
  riddic: Actor;
  bandit: Actor;
  archer: Actor;
  combat: Combat;
  ids: { elsa: string; riddic: string; bandit: string; archer: string };
  /** Each one's fighter key: what the Combat's Torchlight state and the Combat Grid name them by (issue 34). */
  keys: { elsa: string; riddic: string; bandit: string; archer: string };
}

const sword = { name: "Sword", type: "torchlightWeapon", system: { die: 10, kind: "melee", damageType: "slashing" } };
const bow = { name: "Shortbow", type: "torchlightWeapon", system: { die: 6, kind: "ranged", damageType: "piercing" } };

/** Characteristics at DC 10 unless given, each undamaged. */
export function scores(dcs: Partial<Record<"str" | "dex" | "wil" | "san" | "luck", number>> = {}): Record<string, { dc: number; max: number }> {
  return Object.fromEntries(["str", "dex", "wil", "san", "luck"].map((c) => [c, { dc: dcs[c as "str"] ?? 10, max: dcs[c as "str"] ?? 10 }]));
}

/** The cast: Elsa (Ada's), Riddic (Bob's), a bandit with a sword and an archer. */
function cast(u: Users<"Ada" | "Bob">): Record<"elsa" | "riddic" | "bandit" | "archer", ActorData> {
  const make = (name: string, type: string, owner: User | null, system: Record<string, unknown>, items: object[]): ActorData => ({ name, type, ownership: { default: 1, ...(owner ? { [owner.id]: 3 } : {}) }, system, items });
  return {
    elsa: make("Elsa", "torchlightCharacter", u.ada, { breath: { value: 1, max: 3 }, characteristics: scores({ str: 11, dex: 13, wil: 5 }), proficiencies: 1, lane: 3, stance: "steadied" }, [sword]),
    riddic: make("Riddic", "torchlightCharacter", u.bob, { breath: { value: 5, max: 5 }, characteristics: scores({ str: 12, dex: 12 }), lane: 3, stance: "aggressive" }, [sword]),
    bandit: make("Bandit", "torchlightNpc", null, { breath: { value: 2, max: 2 }, characteristics: scores(), lane: 3, stance: "steadied" }, [sword]),
    archer: make("Archer", "torchlightNpc", null, { breath: { value: 2, max: 2 }, characteristics: scores(), lane: 5, stance: "rearguard" }, [bow]),
  };
}

/**
 * One file's torchlight world (world.ts): Fray booted once, and before each test the GM, Ada, Bob
 * and the cast in a begun Combat (tokenless, in that order), handed to `ready` as a TorchlightWorld.
 * The world plays Beyond the Torchlight unless `ruleset` says otherwise.
 */
export function bootTorchlight(options: Pick<WorldOptions<never, never>, "cardsInWords" | "templates"> & { ruleset?: RulesetId } = {}, ready: (w: TorchlightWorld) => unknown = () => undefined) {
  const world = bootWorld(options.ruleset ?? "torchlight", { ...options, users: ["Ada", "Bob"], actors: cast, combat: "begun" }, (b) => {
    const c = b.combatants;
    const handles = ["elsa", "riddic", "bandit", "archer"] as const;
    const ids = Object.fromEntries(handles.map((h) => [h, c[h].id as string])) as TorchlightWorld["ids"];
    const keys = Object.fromEntries(handles.map((h) => [h, recordKey(c[h] as never)])) as TorchlightWorld["keys"];
    return ready({ ...b.users, ...b.actors, combat: b.combat!, ids, keys });
  });
  return { harness: world.harness, fx: torchlightFixtures(() => world.harness) };
}

export function torchlightFixtures(current: () => FoundryHarness) {
  const game = () => current().game as HarnessGame;

  const torchlight = async () => import("../../src/foundry/rulesets/torchlight/cards/index.js");
  const cards = async () => import("../../src/foundry/cards/index.js");
  const who = (actor: Actor) => ({ actor: actor.uuid });

  /** The GM rolls everyone's Dex saves (faces in the Combat's order) and the card applies. */
  async function initiative(w: TorchlightWorld, ...faces: number[]): Promise<Message> {
    current().switchUser(w.gm);
    queueFaces(...faces);
    const message = await (await torchlight()).postTorchlightInitiative(w.combat as never, Object.values(w.ids));
    await (await cards()).cardsIdle();
    return message as unknown as Message;
  }

  /**
   * An attack card, opened by `user` over `faces`. A melee die below its maximum then waits for the
   * Feint choice: `feint` clicks "keep" (the default) or "reroll" (its die from `feintFaces`), or
   * "wait" leaves the card waiting.
   */
  async function attack(w: TorchlightWorld, user: User, attacker: Actor, target: Actor, faces: number[], extra: Record<string, unknown> = {}, feint: "keep" | "reroll" | "wait" = "keep", feintFaces: number[] = []): Promise<Message | undefined> {
    queueFaces(...faces);
    const message = await declare(w, user, attacker, target, extra);
    // The GM closes the side's declarations, so this attack rolls now over `faces`.
    if (message && cardOf(message).outcome.awaiting?.choice === "held") {
      current().switchUser(w.gm);
      await rollDeclared(w, String(cardOf(message).request.side));
      current().switchUser(user);
    }
    if (message && feint !== "wait" && cardOf(message).outcome.awaiting?.choice === "feint") await click(message, `[data-fray-value='${feint}']`, feintFaces);
    return message;
  }

  /**
   * Attacks of one side in one turn, each `[user, attacker, target, faces]`: all declared first, then
   * rolled together when the declarations close (the last of them, or the GM), each over its faces in
   * the order declared (seed 004, Actions: a declaration after the side's attacks rolled is refused).
   * A melee die below its maximum then keeps its Feint ("keep"), clicked by the attacker's user.
   */
  async function attacks(w: TorchlightWorld, list: ReadonlyArray<readonly [User, Actor, Actor, number[]]>): Promise<Message[]> {
    queueFaces(...list.flatMap(([, , , faces]) => faces));
    const messages: Message[] = [];
    for (const [user, attacker, target] of list) messages.push((await declare(w, user, attacker, target))!);
    const held = messages.find((message) => cardOf(message).outcome.awaiting?.choice === "held");
    if (held) {
      current().switchUser(w.gm);
      await rollDeclared(w, String(cardOf(held).request.side));
    }
    for (const [index, message] of messages.entries()) {
      current().switchUser(list[index]![0]);
      if (cardOf(message).outcome.awaiting?.choice === "feint") await click(message, "[data-fray-value='keep']");
    }
    return messages;
  }

  /** An attack declared by `user`: its card waits, unrolled, for its side's declarations to close. */
  async function declare(w: TorchlightWorld, user: User, attacker: Actor, target: Actor, extra: Record<string, unknown> = {}): Promise<Message | undefined> {
    current().switchUser(user);
    const weapon = (attacker as unknown as { items: { contents: { id: string }[] } }).items.contents[0]!.id;
    const message = (await (await torchlight()).postTorchlightAttack({ combat: w.combat.id as string, attacker: who(attacker), target: who(target), weapon, ...extra })) as unknown as Message | undefined;
    await (await cards()).cardsIdle();
    return message;
  }

  /** The GM's "Roll declared attacks" for a side ("players" or "gm"), rolling from the queued faces. */
  async function rollDeclared(w: TorchlightWorld, side: string): Promise<void> {
    const { askGrid } = await import("../../src/foundry/rulesets/torchlight/combat/grid-requests.js");
    await askGrid("rollDeclared", { combat: w.combat.id, side });
    await (await cards()).cardsIdle();
  }

  /** A click on a card's button, as the user now acting sees the card. */
  async function click(message: Message, selector: string, faces: number[] = []): Promise<void> {
    queueFaces(...faces);
    const html = await message.renderHTML();
    const button = html.querySelector<HTMLElement>(selector);
    if (!button) throw new Error(`no ${selector} for ${String(game().user?.name)} on ${cardOf(message).kind} (${cardOf(message).state})`);
    button.click();
    await (await cards()).cardsIdle();
  }

  async function buttons(message: Message): Promise<string[]> {
    const html = await message.renderHTML();
    return [...html.querySelectorAll<HTMLElement>("[data-fray-action]")].map((b) => `${b.dataset.frayAction}${b.dataset.frayValue ? `:${b.dataset.frayValue}` : ""}`).filter((b) => b !== "copy");
  }

  /** Everything a forged request could reach: actors, combats, messages and users, as stored. */
  function stored(): string {
    const sources = (name: "actors" | "messages" | "users" | "combats") => (game()[name] as unknown as { contents: { _source: unknown }[] }).contents.map((doc) => doc._source);
    return JSON.stringify({ actors: sources("actors"), combats: sources("combats"), messages: sources("messages"), users: sources("users").map((u) => ({ ...(u as object), flags: undefined })) });
  }

  const flags = (w: TorchlightWorld) => ((w.combat as unknown as { flags: { fray?: { torchlight?: Record<string, Record<string, unknown>> } } }).flags.fray?.torchlight ?? {}) as Record<string, Record<string, unknown>>;

  return { initiative, attack, attacks, declare, rollDeclared, click, buttons, stored, flags, who, torchlight, cards };
}
