/**
 * The Foundry layer as a world sees it: settings, data models with their bounds, the create dialog
 * per ruleset, token bars, and sheets that render and save.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import type { Actor as HarnessActor } from "../../playground/foundry/documents.js";
import { REPO_ROOT } from "../../playground/foundry/node.js";
import { RULESETS } from "../../src/rules/index.js";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import { bootWorld, playRuleset } from "./world.js";

const systemJson = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as { documentTypes: Record<string, Record<string, unknown>> };
const ACTOR_TYPES = Object.keys(systemJson.documentTypes.Actor ?? {});
const ITEM_TYPES = Object.keys(systemJson.documentTypes.Item ?? {});

const { harness, game, CONFIG } = bootWorld("cavaliers");
/** The last error notification shown (v13 shows a refused update instead of throwing). */
const lastError = () => harness.notifications.filter((n) => n.type === "error").at(-1)?.message;
/** Fray's Actor class, as the harness registered it. */
const ActorClass = () => CONFIG.Actor.documentClass as typeof HarnessActor;

const system = (actor: Actor) => actor.system as unknown as Record<string, unknown>;
async function create(type: string, data: Record<string, unknown> = {}): Promise<Actor> {
  return (await ActorClass().create({ name: `A ${type}`, type, ...data })) as Actor;
}

describe("registration", () => {
  it("gives every actor and item type in system.json a data model and a sheet", () => {
    expect(ACTOR_TYPES).toHaveLength(10);
    for (const type of ACTOR_TYPES) expect(CONFIG.Actor.dataModels[type], type).toBeTypeOf("function");
    for (const type of ITEM_TYPES) expect(CONFIG.Item.dataModels[type], type).toBeTypeOf("function");
    expect(Object.keys(CONFIG.Actor.dataModels).sort()).toEqual([...ACTOR_TYPES].sort());
    expect(Object.keys(CONFIG.Item.dataModels).sort()).toEqual([...ITEM_TYPES].sort());
  });

  it("registers the ruleset setting with every ruleset, reload required, cavaliers by default", () => {
    const setting = game.settings.settings.get("fray.ruleset") as { choices: Record<string, string>; requiresReload: boolean; scope: string };
    expect(Object.keys(setting.choices)).toEqual([...RULESET_IDS]);
    expect(setting.requiresReload).toBe(true);
    expect(setting.scope).toBe("world");
    expect(game.settings.get("fray", "ruleset")).toBe("cavaliers");
  });

  it("makes every house default a world setting with the rules layer's default and a label in en.json", () => {
    for (const ruleset of RULESETS) {
      for (const [name, option] of Object.entries(ruleset.options)) {
        const key = `${ruleset.id}.${name}`;
        expect(game.settings.get("fray", key), key).toEqual(option.default);
        const setting = game.settings.settings.get(`fray.${key}`) as { name: string; hint: string };
        expect(game.i18n.has(setting.name), setting.name).toBe(true);
        expect(game.i18n.has(setting.hint), setting.hint).toBe(true);
      }
    }
  });

  it("labels every type and setting choice in en.json", () => {
    for (const type of ACTOR_TYPES) expect(game.i18n.has(`TYPES.Actor.${type}`), type).toBe(true);
    for (const type of ITEM_TYPES) expect(game.i18n.has(`TYPES.Item.${type}`), type).toBe(true);
    for (const id of RULESET_IDS) expect(game.i18n.has(`FRAY.Setting.ruleset.Choices.${id}`), id).toBe(true);
  });
});

describe("the create dialog", () => {
  it.each(RULESET_IDS.map((id) => [id]))("offers only the %s ruleset's actor types", async (id) => {
    await playRuleset(game, id);
    await ActorClass().createDialog({});
    const offered = harness.createDialogs.at(-1)?.types.map((type) => type.value);
    expect(offered?.sort()).toEqual([`${id}Character`, `${id}Npc`].sort());
  });
});

describe("data models", () => {
  it.each(ACTOR_TYPES.map((type) => [type]))("a new %s is valid with its defaults and its token bars point at its tracks", async (type) => {
    const actor = await create(type);
    expect(actor.type).toBe(type);
    const bar = (actor.toObject() as { prototypeToken: { bar1: { attribute: string } } }).prototypeToken.bar1.attribute;
    expect(bar).toBeTruthy();
    expect(foundryGet(system(actor), bar)).toBeDefined();
  });

  it.each(ACTOR_TYPES.map((type) => [type]))("a new %s's tokens are linked if it is a character, unlinked if it is an NPC (v13 leaves both unlinked)", async (type) => {
    const actor = await create(type);
    const token = (actor.toObject() as { prototypeToken: { actorLink: boolean } }).prototypeToken;
    expect(token.actorLink).toBe(type.endsWith("Character"));
  });

  it("refuses a fractional or out-of-range value and a current value above its maximum, changing nothing and showing why", async () => {
    const drama = await create("dramaCharacter", { system: { grit: { value: 4, max: 6 } } });
    expect(await drama.update({ "system.grit.value": 9 })).toBeUndefined();
    expect(lastError()).toMatch(/grit/);
    expect((system(drama).grit as { value: number }).value).toBe(4);
    const torch = await create("torchlightCharacter");
    expect(await torch.update({ "system.characteristics.str.dc": 12 })).toBeUndefined();
    expect(lastError()).toMatch(/DC 12 is above/);
    expect((system(torch).characteristics as Record<string, { dc: number }>).str?.dc).toBe(10);
    const cav = await create("cavaliersCharacter");
    expect(await cav.update({ "system.competency": 7 })).toBeUndefined();
    expect(lastError()).toMatch(/competency/);
    expect(system(cav).competency).toBe(6);
  });

  it("rounds integers and clamps to the field's bounds as Foundry's NumberField does", async () => {
    const cav = await create("cavaliersCharacter");
    await cav.update({ "system.style": 2.6 });
    expect(system(cav).style).toBe(3);
    await cav.update({ "system.yield.value": -4 });
    expect((system(cav).yield as { value: number }).value).toBe(0);
  });

  it("derives the cavaliers Yield Limit, Wound Drop and Dying from the tracks (seed 000 §Wounds)", async () => {
    const cav = await create("cavaliersCharacter", { system: { competency: 8 } });
    const derived = () => system(cav).derived as { yieldLimit: number; woundDrop: number; dying: boolean; woundLimit: number };
    expect(derived()).toMatchObject({ yieldLimit: 11, woundDrop: 0, dying: false, woundLimit: 4 });
    await cav.update({ "system.wounds.value": 1 });
    expect(derived()).toMatchObject({ yieldLimit: 10, woundDrop: 1 });
    await cav.update({ "system.wounds.value": 3 });
    expect(derived()).toMatchObject({ yieldLimit: 8, woundDrop: 4, dying: false });
    await cav.update({ "system.wounds.value": 4 });
    expect(derived().dying).toBe(true);
  });

  it("gives a cavaliers NPC the wound track of its type when the type changes", async () => {
    const npc = await create("cavaliersNpc");
    expect((system(npc).wounds as { track: number[] }).track).toEqual([1]);
    await npc.update({ "system.npcType": "major" });
    expect((system(npc).wounds as { track: number[] }).track).toEqual([0, 1, 2, 4]);
    expect((system(npc).derived as { woundLimit: number }).woundLimit).toBe(5);
  });

  it("keeps torchlight's Saving Throw at 20 − DC (seed 004 §Damage)", async () => {
    const torch = await create("torchlightCharacter", { system: { characteristics: { str: { dc: 11, max: 11 } } } });
    expect((system(torch).savingThrows as Record<string, number>).str).toBe(9);
    await torch.update({ "system.characteristics.str.dc": 8 });
    expect((system(torch).savingThrows as Record<string, number>).str).toBe(12);
  });
});

function foundryGet(object: Record<string, unknown>, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], object);
}
