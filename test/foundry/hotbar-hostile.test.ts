/**
 * The hotbar against a hostile player, in every ruleset. v13 lets any Player make a script macro
 * with any command, authored by herself, and edit it later (common/documents/macro.mjs, #canCreate
 * and #canUpdate); a GM owns every macro. A macro she made with the very command a GM's drag would
 * produce must never reach his bar: a drop reuses only a macro the dropping user authored and Fray
 * marked, else makes one authored by him. And a player the GM denied MACRO_SCRIPT is told at once
 * why a sheet button cannot go on her bar, as v13 refuses her a script macro (issue 33 item 11).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { dropOnHotbar, hotbarOf, type Macro } from "../../playground/foundry/ui.js";
import { Hooks } from "../../playground/foundry/hooks.js";
import { RULESET_IDS, type RulesetId } from "../../src/rules/ruleset.js";
import { bootWorld, CHARACTERS } from "./world.js";

let hotbar: typeof import("../../src/foundry/api/hotbar.js");
let sheets: typeof import("../../src/foundry/actor/sheet.js");
let gm: User;
let ada: User;
const { harness, game } = bootWorld("every", { users: ["Ada"] }, (w) => ({ gm, ada } = w.users));
beforeAll(async () => {
  hotbar = await import("../../src/foundry/api/hotbar.js");
  sheets = await import("../../src/foundry/actor/sheet.js");
});

const macros = () => (game as unknown as { macros: Map<string, Macro> & { contents: Macro[] } }).macros;
const MacroClass = () => (globalThis as unknown as { Macro: { create(data: object): Promise<Macro | undefined> } }).Macro;
const ActorClass = () => harness.CONFIG.Actor.documentClass as typeof Actor;
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await harness.flush();
  }
};
const authorOf = (macro: Macro) => (macro as unknown as { _source: { author: string } })._source.author;


async function guardOf(id: RulesetId): Promise<{ guard: Actor; action: string; itemUuid: string }> {
  const { type, weapon } = CHARACTERS[id];
  harness.switchUser(gm);
  const guard = (await ActorClass().create({ name: "Guard", type, items: [{ system: {}, ...weapon }] })) as Actor;
  const action = sheets.sheetExtensionOf(type)!.macroActions![0]!;
  const item = (guard as unknown as { items: { contents: Array<{ uuid: string; type: string }> } }).items.contents.find((i) => i.type === weapon.type)!;
  return { guard, action, itemUuid: item.uuid };
}

describe("a player's macro never reaches a GM's hotbar (issue 34 item 1), in every ruleset", () => {
  it.each(RULESET_IDS)("%s: Ada's script macro with the command a GM's drag makes stays off his bar; he gets a macro of his own, and her later edit runs nothing of his", async (id) => {
    const { guard, action, itemUuid } = await guardOf(id);
    // Ada reads the Guard's uuid (every client has the world) and makes the two macros the GM's drags would make, marked as Fray marks its own.
    harness.switchUser(ada);
    const actionCommand = hotbar.actionMacroCommand(guard.uuid!, action, {});
    const itemCommand = hotbar.itemMacroCommand(itemUuid);
    const forged = [];
    for (const command of [actionCommand, itemCommand]) forged.push((await MacroClass().create({ name: "Guard", type: "script", command, author: gm.id, flags: { fray: { hotbar: true } } }))!);
    // v13's server makes them hers whatever they say.
    expect(forged.map(authorOf)).toEqual([ada.id, ada.id]);

    harness.switchUser(gm);
    expect(dropOnHotbar({ type: sheets.ACTION_DRAG_TYPE, actorUuid: guard.uuid, action, data: {}, label: "Attack" }, 5)).toBe(false);
    expect(dropOnHotbar({ type: "Item", uuid: itemUuid }, 6)).toBe(false);
    await settle();
    const bar = hotbarOf(gm as never);
    const onBar = [bar[5], bar[6]].map((macroId) => macros().get(macroId!)!);
    expect(onBar.map((m) => m.id)).not.toContain(forged[0]!.id);
    expect(onBar.map((m) => m.id)).not.toContain(forged[1]!.id);
    expect(onBar.map(authorOf)).toEqual([gm.id, gm.id]);
    expect(onBar.map((m) => m.command)).toEqual([actionCommand, itemCommand]);

    // v13 lets her edit her own macro: his bar is untouched by it.
    harness.switchUser(ada);
    await (forged[0] as unknown as { update(d: object): Promise<unknown> }).update({ command: "game.users.activeGM.update({role: 1});" });
    expect(forged[0]!.command).toContain("role");
    expect(onBar[0]!.command).toBe(actionCommand);
    // And she may not touch his.
    await expect((onBar[0] as unknown as { update(d: object): Promise<unknown> }).update({ command: "alert(1)" })).rejects.toThrow(/lacks permission/);
    expect(onBar[0]!.command).toBe(actionCommand);

    // The GM's next drag reuses his own macro; nothing more is made.
    harness.switchUser(gm);
    dropOnHotbar({ type: sheets.ACTION_DRAG_TYPE, actorUuid: guard.uuid, action, data: {}, label: "Attack" }, 7);
    await settle();
    expect(hotbarOf(gm as never)[7]).toBe(onBar[0]!.id);
    expect(macros().size).toBe(4);
  });

  it("a player's drag makes her own macro even where the GM has one with the same command: no one receives another's macro", async () => {
    const { type } = CHARACTERS.personal;
    const hero = (await ActorClass().create({ name: "Hero", type, ownership: { default: 0, [ada.id]: 3 } })) as Actor;
    const action = sheets.sheetExtensionOf(type)!.macroActions![0]!;
    const drag = { type: sheets.ACTION_DRAG_TYPE, actorUuid: hero.uuid, action, data: {}, label: "Rest" };
    dropOnHotbar(drag, 1);
    await settle();
    const his = macros().get(hotbarOf(gm as never)[1]!)!;
    harness.switchUser(ada);
    dropOnHotbar(drag, 1);
    await settle();
    const hers = macros().get(hotbarOf(ada as never)[1]!)!;
    expect(hers.id).not.toBe(his.id);
    expect([authorOf(his), authorOf(hers)]).toEqual([gm.id, ada.id]);
    expect(hers.command).toBe(his.command);
  });
});

describe("script macros need MACRO_SCRIPT (issue 33 item 11)", () => {
  it("a Player has it by default (v13 USER_PERMISSIONS.MACRO_SCRIPT.defaultRole is PLAYER); the GM may deny it to one player", async () => {
    expect((ada as unknown as { can(p: string): boolean }).can("MACRO_SCRIPT")).toBe(true);
    await (ada as unknown as { update(d: object): Promise<unknown> }).update({ permissions: { MACRO_SCRIPT: false } });
    expect((ada as unknown as { can(p: string): boolean }).can("MACRO_SCRIPT")).toBe(false);
  });

  it.each(RULESET_IDS)("%s: without it, her drag of a sheet button or a weapon is refused with a message saying why; no macro is made, her bar is empty", async (id) => {
    const { type, weapon } = CHARACTERS[id];
    const hero = (await ActorClass().create({ name: "Hero", type, ownership: { default: 0, [ada.id]: 3 }, items: [{ system: {}, ...weapon }] })) as Actor;
    const item = (hero as unknown as { items: { contents: Array<{ uuid: string; type: string }> } }).items.contents.find((i) => i.type === weapon.type)!;
    await (ada as unknown as { update(d: object): Promise<unknown> }).update({ permissions: { MACRO_SCRIPT: false } });
    harness.switchUser(ada);
    const action = sheets.sheetExtensionOf(type)!.macroActions![0]!;
    expect(dropOnHotbar({ type: sheets.ACTION_DRAG_TYPE, actorUuid: hero.uuid, action, data: {}, label: "Rest" }, 1)).toBe(false);
    await settle();
    expect(harness.notifications.at(-1)).toMatchObject({ type: "warning", message: game.i18n.localize("FRAY.Api.NoScriptMacros") });
    harness.notifications.length = 0;
    expect(dropOnHotbar({ type: "Item", uuid: item.uuid }, 2)).toBe(false);
    await settle();
    expect(harness.notifications.at(-1)).toMatchObject({ type: "warning", message: game.i18n.localize("FRAY.Api.NoScriptMacros") });
    expect(macros().size).toBe(0);
    expect(hotbarOf(ada as never)).toEqual({});
  });

  it("without it, v13 refuses her a script macro and a change to a script's command, and lets her make a chat macro", async () => {
    harness.switchUser(ada);
    const old = (await MacroClass().create({ name: "Mine", type: "script", command: "1;" }))!;
    harness.switchUser(gm);
    await (ada as unknown as { update(d: object): Promise<unknown> }).update({ permissions: { MACRO_SCRIPT: false } });
    harness.switchUser(ada);
    await expect(MacroClass().create({ name: "Script", type: "script", command: "game.fray.useItem('x');" })).rejects.toThrow(/lacks permission/);
    await expect((old as unknown as { update(d: object): Promise<unknown> }).update({ command: "2;" })).rejects.toThrow(/lacks permission/);
    expect(old.command).toBe("1;");
    const chat = (await MacroClass().create({ name: "Say", type: "chat", command: "Hello" }))!;
    await expect((chat as unknown as { update(d: object): Promise<unknown> }).update({ type: "script" })).rejects.toThrow(/lacks permission/);
    expect(macros().size).toBe(2);
  });
});

describe("the stand-in's Macro#execute and hotbar (v13 client/documents/macro.mjs, the playground's hotbar)", () => {
  it("runs a script macro's command for whoever may see it, with actor, character and scope; another's macro she may not see warns and runs nothing; a slot assigned is an updateUser", async () => {
    harness.switchUser(gm);
    const mine = (await MacroClass().create({ name: "Count", type: "script", command: "scope.ran.push(actor); return 7;" })) as Macro & { execute(scope?: object): Promise<unknown> };
    const ran: unknown[] = [];
    expect(await mine.execute({ ran })).toBe(7);
    expect(ran).toEqual([null]);
    const updates: unknown[] = [];
    const hook = Hooks.on("updateUser", (_user: unknown, changed: unknown) => updates.push(changed));
    await (ada as unknown as { assignHotbarMacro(m: Macro, slot: number): Promise<unknown> }).assignHotbarMacro(mine, 3);
    Hooks.off("updateUser", hook);
    expect(updates).toEqual([{ hotbar: { 3: mine.id } }]);
    // On her bar, the GM's macro is his, not shown to her: running it is refused.
    harness.switchUser(ada);
    const notes = harness.notifications.length;
    expect(await mine.execute({ ran })).toBeUndefined();
    expect(ran).toEqual([null]);
    expect(harness.notifications.slice(notes).map((n) => n.message)).toEqual(['You do not have permission to execute Macro "Count".']);
  });
});
