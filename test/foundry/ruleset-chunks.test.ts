/**
 * Each ruleset is a chunk the world fetches by `import()` (src/foundry/rulesets/loading.ts), and
 * Foundry v13 does not wait for it: `init` starts the fetch and the boot goes on to `ready`
 * (client/game.mjs, Game#initialize; hooks are never awaited). Here every chunk is held at a gate
 * until the test lets it through, so what is drawn or asked before it arrives can be checked.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor, FoundryHarness, HarnessGame } from "../../playground/foundry/index.js";
import { installDom, installFoundryFromDisk } from "../../playground/foundry/node.js";
import { RULESET_IDS, type RulesetId } from "../../src/rules/ruleset.js";
import type { FoundryRuleset } from "../../src/foundry/rulesets/types.js";

let harness: FoundryHarness;
let game: HarnessGame;
let removeDom: () => Promise<void>;
let loading: typeof import("../../src/foundry/rulesets/loading.js");
let relay: typeof import("../../src/foundry/relay/index.js");
let combat: typeof import("../../src/foundry/combat/active.js");

/** Which chunks were fetched, in order, and a gate per ruleset that holds its chunk back. */
const fetched: RulesetId[] = [];
const gates = new Map<RulesetId, { open(): void; opened: Promise<void> }>();
/** A fetch that fails once, as a dropped connection would. */
const failOnce = new Set<RulesetId>();

function gate(id: RulesetId): { open(): void; opened: Promise<void> } {
  let known = gates.get(id);
  if (!known) {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    known = { open, opened };
    gates.set(id, known);
  }
  return known;
}

const flushed = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(async () => {
  removeDom = installDom();
  harness = installFoundryFromDisk();
  game = harness.game;
  await import("../../src/foundry/fray.js");
  loading = await import("../../src/foundry/rulesets/loading.js");
  relay = await import("../../src/foundry/relay/index.js");
  combat = await import("../../src/foundry/combat/active.js");
  const real = loading.rulesetLoaders();
  // fray.ts gave the real table when it loaded; the same table behind gates replaces it before the boot.
  loading.provideRulesetLoaders(
    Object.fromEntries(
      RULESET_IDS.map((id) => [
        id,
        async (): Promise<FoundryRuleset> => {
          fetched.push(id);
          if (failOnce.delete(id)) throw new Error("net::ERR_CONNECTION_RESET");
          await gate(id).opened;
          return real[id]!();
        },
      ]),
    ),
  );
  // The server hands the world's stored actors over before ready; one of them is of a ruleset the world no longer plays.
  const { Hooks } = globalThis as unknown as { Hooks: { once(hook: string, fn: () => void): void } };
  Hooks.once("setup", () => {
    const kept = new (ActorClass())({ _id: "keptSquire000001", name: "Squire", type: "dramaCharacter" });
    (game.actors as unknown as Map<string, unknown>).set(kept.id as string, kept);
  });
  await harness.boot();
});
afterAll(async () => removeDom());

const ActorClass = () => harness.CONFIG.Actor.documentClass as typeof Actor;
const createActor = async (data: Record<string, unknown>) => (await ActorClass().create(data)) as unknown as Actor;

describe("a world and its ruleset's chunk", () => {
  it("reaches ready with its ruleset's chunk still on its way, having fetched that chunk and, at ready, the chunk of a kept actor's ruleset: no other", () => {
    expect(game.ready).toBe(true);
    expect(fetched).toEqual(["cavaliers", "drama"]);
    expect(loading.loadedRulesetIds()).toEqual([]);
  });

  it("opens a sheet and runs a saved macro before the chunk arrives: both wait, then the sheet draws whole with its ruleset's choices", async () => {
    const actor = await createActor({ name: "Aurore", type: "cavaliersCharacter", system: { attributes: { verve: 8 } } });
    const sheet = actor.sheet as unknown as { render(o: object): Promise<{ element: HTMLElement }>; rendered: boolean };
    const rendering = sheet.render({ force: true });
    // A macro saved in the world calls game.fray, which waits for the actor's ruleset's chunk before it takes a sheet action.
    const api = (game as unknown as { fray: { rollAction(actor: string, action: string): Promise<unknown> } }).fray;
    const rolling = api.rollAction(actor.uuid, "noSuchAction");
    let rolled = false;
    void rolling.then(() => (rolled = true));
    await flushed();
    expect(sheet.rendered).toBe(false);
    expect(rolled).toBe(false);
    gate("cavaliers").open();
    const app = await rendering;
    expect(await rolling).toBeNull();
    // Only once the chunk had registered the sheet's actions could it say which a macro may take.
    expect(harness.notifications.at(-1)?.message).toBe(game.i18n.format("FRAY.Api.NoAction", { actor: "Aurore", action: "noSuchAction", choices: "rollSpecialty, attack, rest, survival" }));
    await harness.flush();
    const verve = app.element.querySelector<HTMLSelectElement>('select[name="system.attributes.verve"]');
    // The die choices come from the cavaliers chunk's sheet context; without it the select would be empty.
    const { ATTRIBUTE_DICE } = await import("../../src/foundry/rulesets/cavaliers/models.js");
    expect([...(verve?.options ?? [])].map((option) => option.value)).toEqual(ATTRIBUTE_DICE.map(String));
    expect(verve?.value).toBe("8");
    expect(loading.loadedRulesetIds()).toEqual(["cavaliers"]);
  });

  it("says so when a chunk cannot be fetched, in the ruleset's name; the sheet still opens, and nothing is changed", async () => {
    failOnce.add("personal");
    const actor = await createActor({ name: "Ash", type: "personalCharacter" });
    const before = JSON.stringify(actor.toObject());
    const sheet = actor.sheet as unknown as { render(o: object): Promise<{ element: HTMLElement }> };
    const app = await sheet.render({ force: true });
    await harness.flush();
    expect(app.element).toBeTruthy();
    const error = harness.notifications.find((note) => note.type === "error");
    expect(error?.message).toContain("Personal Combat");
    expect(error?.message).toContain("net::ERR_CONNECTION_RESET");
    expect(JSON.stringify(actor.toObject())).toBe(before);
    expect(loading.loadedRulesetIds()).not.toContain("personal");
  });

  it("fetches a failed chunk again at the next wait, and a chunk once however many wait for it", async () => {
    const first = loading.loadRuleset("personal");
    const second = loading.loadRuleset("personal");
    expect(second).toBe(first);
    gate("personal").open();
    expect(await first).toBe(await second);
    expect(fetched.filter((id) => id === "personal")).toEqual(["personal", "personal"]);
  });

  it("refuses a ruleset it has no loader for, and names it", async () => {
    await expect(loading.loadRuleset("chess" as RulesetId)).rejects.toThrow('no loader for the ruleset "chess"');
  });
});

describe("a card whose ruleset has not arrived", () => {
  type Message = { id: string; renderHTML(): Promise<HTMLElement> };
  const MessageClass = () => harness.CONFIG.ChatMessage.documentClass as unknown as { create(d: object): Promise<Message> };
  const card = (kind: string) => ({ kind, refs: {}, request: {}, rules: {}, outcome: null, state: "open", applied: [], history: [], notes: {} });
  const content = '<section class="fray-card"><button data-fray-action="choose">Choose</button></section>';

  it("is shown without buttons, then drawn again, whole, by the chat log once its chunk is here", async () => {
    const redrawn: HTMLElement[] = [];
    (globalThis as unknown as { ui: Record<string, unknown> }).ui.chat = { updateMessage: vi.fn(async (message: Message) => void redrawn.push(await message.renderHTML())) };
    const message = await MessageClass().create({ type: "card", system: card("drama.melee"), content });
    const shown = await message.renderHTML();
    expect(shown.querySelector("[data-fray-action]")).toBeNull();
    expect(redrawn).toEqual([]);
    gate("drama").open();
    await loading.loadRuleset("drama");
    await flushed();
    expect(redrawn).toHaveLength(1);
    expect(redrawn[0]?.querySelector('[data-fray-action="choose"]')).not.toBeNull();
  });

  it("fetches nothing for a kind that names no ruleset, nor for a card a player wrote", async () => {
    const before = [...fetched];
    const forged = await MessageClass().create({ type: "card", system: card("chess.move"), content });
    expect((await forged.renderHTML()).querySelector("[data-fray-action]")).toBeNull();
    const ada = harness.createUser({ name: "Ada", role: "PLAYER" });
    harness.switchUser(ada);
    try {
      const hers = await MessageClass().create({ type: "card", system: card("torchlight.attack"), content });
      expect((await hers.renderHTML()).querySelector("[data-fray-action]")).toBeNull();
    } finally {
      harness.switchUser(game.users.contents[0]!);
    }
    expect(fetched).toEqual(before);
  });

  it("on the GM, a step of a kind no ruleset has is refused; one naming a ruleset loads it first, then is refused too", async () => {
    // Refused with the kinds it may have meant: every kind loaded, or the named ruleset's once it has arrived.
    const chess = (await relay.ask("card.open", { kind: "chess.move", refs: {}, request: {} })) as { ok: boolean; reason: string };
    expect(chess.ok).toBe(false);
    expect(chess.reason).toMatch(/^"chess\.move" is not a card kind here; the kinds are: /);
    gate("unhex").open();
    const unhex = (await relay.ask("card.open", { kind: "unhex.no-such-card", refs: {}, request: {} })) as { ok: boolean; reason: string };
    expect(unhex.ok).toBe(false);
    expect(unhex.reason).toMatch(/^"unhex\.no-such-card" is not a card kind here; the kinds are: .*unhex\.attack/);
    expect(unhex.reason).not.toContain("cavaliers.");
    expect(loading.loadedRulesetIds()).toContain("unhex");
    expect(fetched).not.toContain("chess");
  });
});

describe("the tracker before its ruleset arrives", () => {
  it("switching the ruleset starts the new chunk's fetch; the tracker's rules wait for it, and it is drawn again on arrival", async () => {
    const render = vi.fn(async () => undefined);
    (globalThis as unknown as { ui: Record<string, unknown> }).ui.combat = { rendered: true, render };
    await game.settings.set("fray", "ruleset", "torchlight");
    expect(fetched.at(-1)).toBe("torchlight");
    expect(combat.activeCombatRules()).toBeUndefined();
    const arriving = combat.arrivedCombatRules();
    await flushed();
    expect(render).not.toHaveBeenCalled();
    gate("torchlight").open();
    const rules = await arriving;
    expect(rules).toBeDefined();
    expect(rules).toBe(combat.activeCombatRules());
    expect(render).toHaveBeenCalledTimes(1);
  });
});
