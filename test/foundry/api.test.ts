/**
 * game.fray and the card hooks (docs/api.md), against the harness: resolve and odds answer as the
 * command line does for the same request; a card's "Copy as request" resolves to the card's own
 * outcome; a module's hooks see each step in order, frozen, and can stop a step only before it
 * writes; a sheet action or an item dragged to the hotbar, in every ruleset, becomes a macro that
 * runs the very action its button runs; the skip-dialog key rolls with the dialog's defaults.
 */
import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { dropOnHotbar, type Macro } from "../../playground/foundry/ui.js";
import { runCli } from "../../src/cli/run.js";
import { RULESET_IDS, type RulesetId } from "../../src/rules/ruleset.js";
import { rulesetById } from "../../src/rules/index.js";
import type { CardHookEvent, FrayApi } from "../../src/foundry/api/index.js";
import { bootWorld, CHARACTERS } from "./world.js";

let cards: { cardsIdle(): Promise<void>; requestOf(card: unknown, message: unknown): Record<string, unknown> };

const { harness, game } = bootWorld("every", { templates: ["dialog/cavaliers-check.hbs", "dialog/problems.hbs", "dialog/footer.hbs"] });
beforeAll(async () => {
  cards = (globalThis as unknown as { CONFIG: { fray: { cards: typeof cards } } }).CONFIG.fray.cards;
});

const api = () => (game as unknown as { fray: FrayApi }).fray;
type Message = { id: string; system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
const ActorClass = () => harness.CONFIG.Actor.documentClass as typeof Actor;
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await harness.flush();
  }
};
/** What a script macro does with its command (Macro#_executeScript wraps it in an async function). */
const runMacro = (command: string) => new Function("game", `return (async () => { ${command} })();`)(game) as Promise<unknown>;

function cli(command: string, request: unknown): Record<string, unknown> {
  const result = runCli([command], () => JSON.stringify(request));
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe("game.fray.resolve and odds", () => {
  it("answer a request exactly as fray resolve and fray odds do (examples/cavaliers-lunge.json, with faces)", async () => {
    const request: Record<string, unknown> & { faces: number[] } = { ...(JSON.parse(readFileSync("examples/cavaliers-lunge.json", "utf8")) as Record<string, unknown>), faces: [6, 3, 1, 5] };
    const { seed: _seed, ...printed } = cli("resolve", request);
    const { faces, ...resolved } = await api().resolve(request as never);
    expect(resolved).toEqual(printed);
    expect(faces).toEqual(request.faces);
    const { ruleset, action, ...body } = request;
    const exact = rulesetById(ruleset as string)!.actions[action as string]!.odds!.exact({ ...body, faces: undefined } as never);
    const { faces: _faces, ...withoutFaces } = request;
    expect(await api().odds(withoutFaces as never)).toEqual(exact);
  });

  it("rolls the dice a request does not give through Foundry's Roll, and returns every face used", async () => {
    const { faces: _f, ...request } = JSON.parse(readFileSync("examples/cavaliers-lunge.json", "utf8")) as Record<string, unknown>;
    queueFaces(6, 3, 1, 5, 2, 2, 2, 2);
    const { faces, ...resolved } = await api().resolve(request as never);
    expect(faces).toEqual([6, 3, 1, 5].slice(0, faces.length));
    // Replaying the faces it used on the command line gives the same outcome.
    const { seed: _seed, ...printed } = cli("resolve", { ...request, faces });
    expect(resolved).toEqual(printed);
  });

  it("refuses what the command line refuses, with one message, and posts nothing", async () => {
    const count = game.messages.size;
    await expect(api().resolve({ ruleset: "chess", action: "move" } as never)).rejects.toThrow(/no ruleset "chess"/);
    await expect(api().resolve({ ruleset: "cavaliers", action: "castle" })).rejects.toThrow(/no action "castle"/);
    await expect(api().resolve({ ruleset: "cavaliers", action: "attack", attack: 7 })).rejects.toThrow(/does not fit cavaliers.attack/);
    await expect(api().resolve(null as never)).rejects.toThrow(/must be an object/);
    const example = JSON.parse(readFileSync("examples/cavaliers-lunge.json", "utf8")) as Record<string, unknown>;
    await expect(api().resolve({ ...example, faces: [6, 3, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1] } as never)).rejects.toThrow(/were not used/);
    expect(game.messages.size).toBe(count);
  });
});

describe("card hooks", () => {
  let bob: User;
  let bruno: Actor;
  const seen: Array<[string, CardHookEvent]> = [];
  const hookIds: Array<[string, number]> = [];
  const on = (hook: string, fn: (event: CardHookEvent) => unknown) => hookIds.push([hook, (globalThis as unknown as { Hooks: { on(h: string, f: unknown): number } }).Hooks.on(hook, fn)]);

  beforeEach(async () => {
    seen.length = 0;
    bob = harness.createUser({ name: "Bob", role: "PLAYER" });
    bruno = (await ActorClass().create({ name: "Bruno", type: "personalCharacter", ownership: { default: 1, [bob.id]: 3 }, system: { resolve: { value: 10, max: 10 }, stamina: 1, control: 1, fatesIgnored: 1 } })) as Actor;
    for (const hook of Object.values(api().hooks)) on(hook, (event) => void seen.push([hook, event]));
    return () => {
      for (const [hook, id] of hookIds.splice(0)) (globalThis as unknown as { Hooks: { off(h: string, id: number): void } }).Hooks.off(hook, id);
    };
  });

  const rest = async () => {
    harness.switchUser(bob);
    const { postForCharacter } = await import("../../src/foundry/rulesets/personal/cards/index.js");
    const message = (await postForCharacter("rest", { actor: bruno.uuid })) as unknown as Message | undefined;
    await cards.cardsIdle();
    return message;
  };
  const fatesIgnored = () => (bruno.system as unknown as { fatesIgnored: number }).fatesIgnored;
  const undo = async (message: Message) => {
    (await message.renderHTML()).querySelector<HTMLElement>("[data-fray-action='undo']")!.click();
    await cards.cardsIdle();
  };

  it("a module's hooks see resolve, apply and undo in order, frozen, with who asked and what was written", async () => {
    const message = (await rest())!;
    expect(seen.map(([hook]) => hook)).toEqual(["fray.preResolveCard", "fray.resolveCard", "fray.preApplyCard", "fray.applyCard"]);
    const [pre, resolved, preApply, applied] = seen.map(([, event]) => event);
    expect(pre).toMatchObject({ step: "open", user: bob.id, message: null, kind: "personal.rest", ruleset: "personal", action: "rest", outcome: null });
    expect(resolved!.outcome).toEqual((message.system.toObject() as { outcome: unknown }).outcome);
    expect(preApply!.changes).toEqual([{ uuid: bruno.uuid, name: "Bruno", fields: { "system.fatesIgnored": 0 }, statuses: {} }]);
    expect(applied!.applied).toEqual([{ uuid: bruno.uuid, name: "Bruno", key: "system.fatesIgnored", kind: "field", before: 1, after: 0 }]);
    for (const [, event] of seen) {
      expect(Object.isFrozen(event)).toBe(true);
      expect(Object.isFrozen(event.card)).toBe(true);
    }
    seen.length = 0;
    harness.switchUser(bob);
    await undo(message);
    expect(seen.map(([hook]) => hook)).toEqual(["fray.preUndoCard", "fray.undoCard"]);
    expect(seen[1]![1]).toMatchObject({ step: "undo", message: message.id, card: { state: "undone" } });
    expect(fatesIgnored()).toBe(1);
  });

  it("a hook cannot change what the GM applies: its writes to the event throw, its return value is ignored", async () => {
    on("fray.preApplyCard", (event) => {
      (event.changes![0]!.fields as Record<string, unknown>)["system.fatesIgnored"] = 5;
    });
    on("fray.preResolveCard", (event) => {
      (event.card.request as Record<string, unknown>).hacked = true;
      return { changes: [] };
    });
    on("fray.resolveCard", () => ({ outcome: null }));
    const message = (await rest())!;
    // The rules' value, and the request as the player sent it: the hooks' writes failed on frozen copies.
    expect(fatesIgnored()).toBe(0);
    expect((message.system.toObject() as { request: Record<string, unknown>; state: string }).request).not.toHaveProperty("hacked");
    expect((message.system.toObject() as { state: string }).state).toBe("applied");
  });

  it("a pre hook returning false stops its step before anything is written, and the asker is told", async () => {
    on("fray.preApplyCard", () => false);
    const count = game.messages.size;
    expect(await rest()).toBeUndefined();
    expect(fatesIgnored()).toBe(1);
    expect(game.messages.size).toBe(count);
    expect(harness.notifications.at(-1)?.message).toBe(game.i18n.format("FRAY.Api.HookStopped", { hook: "fray.preApplyCard" }));
    expect(seen.map(([hook]) => hook)).not.toContain("fray.applyCard");
  });

  it("a pre-undo hook returning false keeps the card applied", async () => {
    const message = (await rest())!;
    on("fray.preUndoCard", () => false);
    harness.switchUser(bob);
    await undo(message);
    expect(fatesIgnored()).toBe(0);
    expect((message.system.toObject() as { state: string }).state).toBe("applied");
  });

  it("the card's Copy as request resolves, through game.fray.resolve, to the card's own outcome", async () => {
    const message = (await rest())!;
    const card = message.system.toObject() as { outcome: Record<string, unknown> };
    const resolved = await api().resolve(cards.requestOf(card, message) as never);
    const { ruleset: _r, action: _a, faces: _f, ...outcome } = resolved;
    expect(outcome).toEqual(card.outcome);
  });
});


describe("the hotbar, in every ruleset", () => {
  it.each(RULESET_IDS)("%s: each hotbar action dragged from the sheet makes a macro that runs the action as its button does; a weapon makes its own", async (id) => {
    const { sheetExtensionOf } = await import("../../src/foundry/actor/sheet.js");
    const { type, weapon } = CHARACTERS[id];
    const actor = (await ActorClass().create({ name: "Hero", type, items: [{ system: {}, ...weapon }] })) as Actor;
    const extension = sheetExtensionOf(type)!;
    const real = { ...extension.actions };
    const calls: Array<{ action: string; actor: string; itemId?: string; characteristic?: string }> = [];
    for (const action of extension.macroActions!) {
      extension.actions![action] = (sheet, _event, target) => {
        calls.push({ action, actor: sheet.actor.uuid!, itemId: target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId, characteristic: target.closest<HTMLElement>("[data-characteristic]")?.dataset.characteristic });
      };
    }
    try {
      const sheet = (await (actor.sheet as unknown as { render(o: object): Promise<{ element: HTMLElement }> }).render({ force: true })) as { element: HTMLElement };
      await settle();
      const buttons = [...sheet.element.querySelectorAll<HTMLButtonElement>("[data-action]")].filter((b) => b.draggable && !b.disabled);
      expect(buttons.length).toBeGreaterThan(0);
      expect(buttons.every((b) => extension.macroActions!.includes(b.dataset.action!))).toBe(true);
      for (const button of buttons) {
        calls.length = 0;
        button.click();
        await settle();
        const clicked = calls.splice(0);
        let dragged = "";
        const event = Object.assign(new Event("dragstart", { bubbles: true }), { dataTransfer: { setData: (_t: string, text: string) => (dragged = text) } });
        button.dispatchEvent(event);
        const drag = JSON.parse(dragged) as { actorUuid: string; action: string; data: Record<string, string> };
        expect(dropOnHotbar(drag as unknown as Record<string, unknown>, 7)).toBe(false);
        await settle();
        const command = `game.fray.rollAction(${JSON.stringify(actor.uuid)}, ${JSON.stringify(button.dataset.action)}, ${JSON.stringify(drag.data)});`;
        const macro = [...(game as unknown as { macros: Map<string, Macro> }).macros.values()].find((m) => m.command === command);
        expect(macro?.command).toMatch(/^game\.fray\.rollAction\(/);
        await runMacro(macro!.command);
        await settle();
        expect(calls, `${macro!.command} ${JSON.stringify(harness.notifications.at(-1))}`).toEqual(clicked);
      }
      const item = (actor as unknown as { items: { contents: Array<{ uuid: string; id: string; type: string }> } }).items.contents.find((i) => i.type === weapon.type)!;
      expect(dropOnHotbar({ type: "Item", uuid: item.uuid }, 9)).toBe(false);
      await settle();
      const itemMacro = [...(game as unknown as { macros: Map<string, Macro> }).macros.values()].find((m) => m.command === `game.fray.useItem(${JSON.stringify(item.uuid)});`);
      expect(itemMacro).toBeDefined();
      calls.length = 0;
      await runMacro(itemMacro!.command);
      await settle();
      expect(calls).toEqual([expect.objectContaining({ action: extension.itemAction!(item as never), actor: actor.uuid, itemId: item.id })]);
    } finally {
      Object.assign(extension.actions!, real);
    }
  });

  it("refuses an action the sheet does not offer for the hotbar, or an actor that is not yours, and changes nothing", async () => {
    const ada = harness.createUser({ name: "Ada", role: "PLAYER" });
    const actor = (await ActorClass().create({ name: "Hero", type: "personalCharacter", ownership: { default: 2 } })) as Actor;
    expect(await api().rollAction(actor.uuid!, "deleteItem")).toBeNull();
    expect(harness.notifications.at(-1)?.message).toContain('no action "deleteItem"');
    harness.switchUser(ada);
    expect(await api().rollAction(actor.uuid!, "rest")).toBeNull();
    expect(harness.notifications.at(-1)?.message).toBe(game.i18n.format("FRAY.Ui.NotYours", { actor: "Hero" }));
    expect(game.messages.size).toBe(0);
  });
});

describe("the skip-dialog keybinding", () => {
  const specialty = { name: "Etiquette", type: "cavaliersSpecialty", system: { skill: "Society", attribute: "verve", ranks: 3, action: "skill" } };
  const dialogOpen = () => document.querySelector(".fray-check-dialog");

  it("is registered as fray.skipDialog on Shift, and rebinding is Foundry's", () => {
    expect((game as unknown as { keybindings: { get(n: string, a: string): unknown } }).keybindings.get("fray", "skipDialog")).toEqual([
      { key: "ShiftLeft", modifiers: [] },
      { key: "ShiftRight", modifiers: [] },
    ]);
  });

  it("held, a roll opens no dialog: the card is posted with the dialog's defaults; not held, the dialog waits", async () => {
    const actor = (await ActorClass().create({ name: "Aurore", type: "cavaliersCharacter", system: { attributes: { verve: 8 } }, items: [specialty] })) as Actor;
    const etiquette = (actor as unknown as { items: { contents: Array<{ uuid: string }> } }).items.contents[0]!;
    await api().useItem(etiquette.uuid);
    await settle();
    expect(dialogOpen()).not.toBeNull();
    expect(game.messages.size).toBe(0);
    (document.querySelector(".fray-check-dialog [data-action='close']") as HTMLElement | null)?.click();
    for (const app of [...document.querySelectorAll(".fray-check-dialog")]) app.remove();

    (game as unknown as { keyboard: { press(code: string): void } }).keyboard.press("ShiftLeft");
    queueFaces(5, 5, 5);
    await api().useItem(etiquette.uuid);
    await cards.cardsIdle();
    await settle();
    expect(dialogOpen()).toBeNull();
    const posted = [...game.messages.values()] as unknown as Message[];
    expect(posted.map((m) => (m.system.toObject() as { kind: string }).kind)).toEqual(["cavaliers.skill"]);
  });
});

describe("the skip-dialog keybinding on Fray's simple prompts", () => {
  const keyboard = () => (game as unknown as { keyboard: { press(code: string): void; release(code: string): void } }).keyboard;
  const kinds = () => ([...game.messages.values()] as unknown as Message[]).map((m) => m.system.toObject() as { kind: string; request: Record<string, unknown> });
  const dying = () => ActorClass().create({ name: "Elsa", type: "torchlightCharacter", system: { dying: true, encounter: { str: 2 } } }) as Promise<Actor>;

  it("held, a torchlight Phase of Dying and a Recovery roll at once with the prompt's number (0 hours, 0 days), their cards posted; not held, the prompt waits", async () => {
    const elsa = await dying();
    void api().rollAction(elsa.uuid!, "torchlightDying");
    await settle();
    expect(harness.dialogs.map((d) => d.kind)).toEqual(["prompt"]);
    expect(game.messages.size).toBe(0);
    harness.dialogs[0]!.dismiss();
    await settle();

    keyboard().press("ShiftRight");
    try {
      await api().rollAction(elsa.uuid!, "torchlightDying");
      await cards.cardsIdle();
      await api().rollAction(elsa.uuid!, "torchlightRecover");
      await cards.cardsIdle();
    } finally {
      keyboard().release("ShiftRight");
    }
    expect(harness.dialogs).toEqual([]);
    expect(kinds().map((card) => [card.kind, card.request])).toEqual([
      ["torchlight.dying", expect.objectContaining({ hours: 0 })],
      ["torchlight.recover", expect.objectContaining({ restDays: 0 })],
    ]);
  });

  it("held, the prompts whose default is not safe still ask: deleting an item, a cavaliers rest (written with no card to undo)", async () => {
    const actor = (await ActorClass().create({ name: "Aurore", type: "cavaliersCharacter", items: [{ name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } }] })) as Actor;
    const sheet = (await (actor.sheet as unknown as { render(o: object): Promise<{ element: HTMLElement }> }).render({ force: true })) as { element: HTMLElement };
    await settle();
    keyboard().press("ShiftLeft");
    try {
      // Each waits on its dialog, so the test yields to it rather than waiting for the handler to end.
      sheet.element.querySelector<HTMLElement>("[data-action='deleteItem']")!.click();
      void api().rollAction(actor.uuid!, "rest");
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      keyboard().release("ShiftLeft");
    }
    expect(harness.dialogs.map((d) => d.kind)).toEqual(["confirm", "prompt"]);
    for (const dialog of [...harness.dialogs]) dialog.dismiss();
    await settle();
    expect((actor as unknown as { items: { size: number } }).items.size).toBe(1);
  });
});

/** The Actors directory's entries, as v13's ActorDirectory hands them to getActorContextOptions, and an entry's row. */
type DirectoryOption = { name: string; icon: string; condition?(li: HTMLElement): boolean; callback(li: HTMLElement): unknown };
function directoryOptions(): DirectoryOption[] {
  const options: DirectoryOption[] = [];
  (globalThis as unknown as { Hooks: { call(h: string, ...a: unknown[]): boolean } }).Hooks.call("getActorContextOptions", null, options);
  return options;
}
function directoryRow(actor: Actor): HTMLElement {
  const li = document.createElement("li");
  li.className = "directory-item";
  li.dataset.entryId = actor.id!;
  return li;
}

describe("the Actors directory's context menu", () => {
  /** Each ruleset's Attack and Rest, and the dialog or card each opens. */
  const ENTRIES: Record<RulesetId, { attack: string; recover: string | null }> = {
    cavaliers: { attack: "attack", recover: "rest" },
    drama: { attack: "meleeRound", recover: null },
    unhex: { attack: "unhexAttack", recover: null },
    personal: { attack: "attack", recover: "rest" },
    torchlight: { attack: "torchlightAttack", recover: "torchlightRecover" },
  };

  it.each(RULESET_IDS)("%s: Attack and Rest run the sheet's own buttons, for those who own the actor; the names are localized", async (id) => {
    const { sheetExtensionOf } = await import("../../src/foundry/actor/sheet.js");
    const ada = harness.createUser({ name: "Ada", role: "PLAYER" });
    const hers = (await ActorClass().create({ name: "Hers", type: CHARACTERS[id].type, ownership: { default: 0, [ada.id]: 3 } })) as Actor;
    const other = (await ActorClass().create({ name: "Other", type: CHARACTERS[id].type, ownership: { default: 2 } })) as Actor;
    const extension = sheetExtensionOf(CHARACTERS[id].type)!;
    const real = { ...extension.actions };
    const calls: string[] = [];
    for (const action of extension.macroActions!) extension.actions![action] = (sheet) => void calls.push(`${action} ${sheet.actor.name}`);
    try {
      const options = directoryOptions();
      const attack = options.find((o) => o.name === "FRAY.Api.Directory.attack")!;
      const recover = options.find((o) => o.name === "FRAY.Api.Directory.recover")!;
      for (const option of [attack, recover]) expect(game.i18n.localize(option.name)).not.toBe(option.name);
      // The GM owns every actor.
      expect([attack.condition!(directoryRow(hers)), recover.condition!(directoryRow(hers))]).toEqual([true, ENTRIES[id].recover !== null]);
      harness.switchUser(ada);
      expect([attack.condition!(directoryRow(hers)), attack.condition!(directoryRow(other)), recover.condition!(directoryRow(other))]).toEqual([true, false, false]);
      await attack.callback(directoryRow(hers));
      await recover.callback(directoryRow(hers));
      expect(calls).toEqual([`${ENTRIES[id].attack} Hers`, ...(ENTRIES[id].recover ? [`${ENTRIES[id].recover} Hers`] : [])]);
    } finally {
      Object.assign(extension.actions!, real);
    }
  });

  it("a player who forges a choice on an actor she does not own is refused, and nothing is posted or changed", async () => {
    const ada = harness.createUser({ name: "Ada", role: "PLAYER" });
    const bruno = (await ActorClass().create({ name: "Bruno", type: "personalCharacter", ownership: { default: 2 }, system: { resolve: { value: 10, max: 10 }, stamina: 1, control: 1, fatesIgnored: 1 } })) as Actor;
    const recover = directoryOptions().find((o) => o.name === "FRAY.Api.Directory.recover")!;
    harness.switchUser(ada);
    // The menu would not show it; a client that calls the entry anyway.
    expect(recover.condition!(directoryRow(bruno))).toBe(false);
    await recover.callback(directoryRow(bruno));
    await cards.cardsIdle();
    expect(harness.notifications.at(-1)?.message).toBe(game.i18n.format("FRAY.Ui.NotYours", { actor: "Bruno" }));
    // And one that skips the client's check and asks the GM for the card itself.
    const answer = await api().openCard({ kind: "personal.rest", refs: { character: { actor: bruno.uuid! } }, request: {} });
    await cards.cardsIdle();
    expect(answer.ok).toBe(false);
    expect(game.messages.size).toBe(0);
    expect((bruno.system as unknown as { fatesIgnored: number }).fatesIgnored).toBe(1);
  });

  it("offers Roll Initiative for an owned actor in the current combat, and rolls it through the combat as the tracker does", async () => {
    const hero = (await ActorClass().create({ name: "Hero", type: "personalCharacter" })) as Actor;
    const bystander = (await ActorClass().create({ name: "Bystander", type: "personalCharacter" })) as Actor;
    const CombatClass = harness.CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<{ createEmbeddedDocuments(n: string, d: object[]): Promise<Array<{ id: string }>>; rollInitiative(ids: string[]): Promise<unknown> }> };
    const combat = await CombatClass.create({ active: true });
    const [combatant] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id, name: "Hero" }]);
    const roll = directoryOptions().find((o) => o.name === "FRAY.Api.RollInitiative")!;
    const li = document.createElement("li");
    li.dataset.entryId = hero.id!;
    const other = document.createElement("li");
    other.dataset.entryId = bystander.id!;
    expect(roll.condition!(li)).toBe(true);
    expect(roll.condition!(other)).toBe(false);
    const asked: string[][] = [];
    combat.rollInitiative = async (ids: string[]) => asked.push(ids);
    await roll.callback(li);
    expect(asked).toEqual([[combatant!.id]]);
  });
});
