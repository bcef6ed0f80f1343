/**
 * Tests of the harness itself: that it behaves as Foundry v13 documents (cleaning, validation,
 * updates that fail change nothing, hooks, settings, i18n, sheets and form submission).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Actor, Hooks, TypeDataModel, applications, fields, fromUuid, fromUuidSync, installFoundry, utils, type FoundryHarness, type HarnessConfig, type HarnessGame } from "../../playground/foundry/index.js";
import { REPO_ROOT, diskFetchText, installDom } from "../../playground/foundry/node.js";

const systemJson = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as Record<string, unknown>;
const lang = { FRAY: { Test: { Hello: "Hello {name}", Character: "Character (Cavaliers)", Npc: "NPC (Cavaliers)", Label: "Sheet" } } };

const TEMPLATE = `<section class="test-sheet">
  <h2 class="name">{{document.name}}</h2>
  <input type="text" name="name" value="{{document.name}}">
  <input type="number" name="system.competency" value="{{system.competency}}">
  <select name="system.attributes.verve">{{selectOptions dice selected=system.attributes.verve}}</select>
  <input type="checkbox" name="flags.fray.marked" {{checked marked}}>
  <button type="button" data-action="bump">+</button>
  <span class="limit">{{numberFormat system.derived.yieldLimit sign=true}}</span>
  <span class="hello">{{localize "FRAY.Test.Hello" name=document.name}}</span>
  {{#if (and editable (eq system.style 0))}}<span class="fresh">fresh</span>{{/if}}
</section>`;

const FORM = `<div><input name="a.b" type="number" value="2"><input name="flag" type="checkbox" checked><input name="n" data-dtype="Number" value="3"><select name="pick">{{selectOptions choices selected="y" blank="-" localize=true}}</select></div>`;
const templates: Record<string, string> = { "systems/fray/templates/test/sheet.hbs": TEMPLATE, "systems/fray/templates/test/form.hbs": FORM };
const disk = diskFetchText(REPO_ROOT, "fray");
const fetchText = async (path: string) => templates[path] ?? disk(path);

let harness: FoundryHarness;
let userAtInit: unknown = "unset";
// The globals, typed as the harness implements them (fvtt-types types the real globals).
let game: HarnessGame;
let CONFIG: HarnessConfig;
type CavaliersSystem = { competency: number; style: number; attributes: { verve: number; guile: number }; wounds: { value: number; track: number[] }; derived: { yieldLimit: number } };
const sys = (actor: Actor) => actor.system as unknown as CavaliersSystem;
let removeDom: () => Promise<void>;

/** A small typed model, in the shape of Fray's, built from the harness's own fields. */
const int = (initial: number, min?: number, max?: number) => new fields.NumberField({ required: true, nullable: false, integer: true, initial, min, max });
const die = (initial: number, choices: number[]) => new fields.NumberField({ required: true, nullable: false, integer: true, initial, choices });
class HeroModel extends TypeDataModel {
  declare competency: number;
  declare style: number;
  declare attributes: { verve: number; guile: number };
  declare wounds: { value: number; track: number[] };
  declare derived: { yieldLimit: number };
  static override defineSchema() {
    return {
      attributes: new fields.SchemaField({ verve: die(6, [6, 8, 10]), guile: die(6, [6, 8, 10]) }),
      competency: die(6, [0, 6, 8, 10, 12]),
      style: int(0, 0, 3),
      wounds: new fields.SchemaField({ value: int(0, 0, 10), track: new fields.ArrayField(int(0, 0, 10), { initial: () => [1, 2, 4] }) }),
      area: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    };
  }
  override prepareDerivedData(): void {
    this.derived = { yieldLimit: Math.max(0, 3 + this.competency - this.wounds.value) };
  }
}
class VillainModel extends HeroModel {}
const models = { CavaliersCharacterModel: HeroModel, CavaliersNpcModel: VillainModel };
let TestSheet: typeof applications.sheets.ActorSheetV2;
type Sheet = InstanceType<typeof applications.sheets.ActorSheetV2>;

beforeAll(async () => {
  removeDom = installDom();
  harness = installFoundry({ systemJson, lang, fetchText });
  game = harness.game;
  CONFIG = harness.CONFIG;
  const { HandlebarsApplicationMixin } = applications.api;
  const { ActorSheetV2 } = applications.sheets;
  class CavaliersTestSheet extends HandlebarsApplicationMixin(ActorSheetV2) {
    static override DEFAULT_OPTIONS = {
      classes: ["fray", "test"],
      form: { submitOnChange: true },
      actions: {
        bump(this: CavaliersTestSheet) {
          return this.actor.update({ "system.style": sys(this.actor as Actor).style + 1 });
        },
      },
    };
    static override PARTS = { sheet: { template: "systems/fray/templates/test/sheet.hbs" } };
    protected override async _prepareContext(options: Record<string, unknown>) {
      const context = await super._prepareContext(options);
      return Object.assign(context, { system: this.actor.system, dice: { 6: "d6", 8: "d8", 10: "d10" }, marked: this.actor.getFlag("fray", "marked") });
    }
  }
  TestSheet = CavaliersTestSheet;
  Hooks.once("init", () => {
    userAtInit = game.user;
    CONFIG.Actor.dataModels.cavaliersCharacter = models.CavaliersCharacterModel;
    CONFIG.Actor.dataModels.cavaliersNpc = models.CavaliersNpcModel;
    CONFIG.Actor.typeLabels = { cavaliersCharacter: "FRAY.Test.Character", cavaliersNpc: "FRAY.Test.Npc" };
    applications.apps.DocumentSheetConfig.registerSheet(Actor, "fray", CavaliersTestSheet, { types: ["cavaliersCharacter"], makeDefault: true, label: "FRAY.Test.Label" });
  });
  await harness.boot();
});

afterAll(async () => {
  await removeDom();
});

beforeEach(() => harness.reset());

const field = () => fields;

describe("boot", () => {
  it("runs init, i18nInit, setup and ready in Foundry's order and exposes the system", () => {
    expect(harness.hooksCalled.filter((h) => ["init", "i18nInit", "setup", "ready"].includes(h))).toEqual(["init", "i18nInit", "setup", "ready"]);
    expect(game.ready).toBe(true);
    expect(game.system.id).toBe("fray");
    expect(game.documentTypes.Actor).toContain("cavaliersCharacter");
    expect(game.user?.isGM).toBe(true);
    expect((globalThis as unknown as { game: unknown }).game).toBe(game);
    // As in Foundry, the user and the world collections exist only from "setup" on.
    expect(userAtInit).toBeNull();
  });
});

describe("foundry.utils", () => {
  const u = () => utils;
  it("mergeObject follows the documented options", () => {
    expect(u().mergeObject({ k1: "v1" }, { k2: "v2" }, { insertKeys: false })).toEqual({ k1: "v1" });
    expect(u().mergeObject({ k1: { i1: "v1" } }, { k1: { i2: "v2" } }, { insertValues: false })).toEqual({ k1: { i1: "v1" } });
    expect(u().mergeObject({ k1: "v1" }, { k1: "v2" }, { overwrite: false })).toEqual({ k1: "v1" });
    expect(u().mergeObject({ k1: "v1", k2: "v2" }, { "-=k1": null }, { performDeletions: true })).toEqual({ k2: "v2" });
    const original = { a: { b: 1 } };
    const merged = u().mergeObject(original, { "a.c": 2 }, { inplace: false });
    expect(merged).toEqual({ a: { b: 1, c: 2 } });
    expect(original).toEqual({ a: { b: 1 } });
  });
  it("expands, flattens, diffs and reads properties", () => {
    expect(u().expandObject({ "a.b": 1, c: 2 })).toEqual({ a: { b: 1 }, c: 2 });
    expect(u().flattenObject({ a: { b: 1 }, c: [1] })).toEqual({ "a.b": 1, c: [1] });
    expect(u().diffObject({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 3 } })).toEqual({ b: { c: 3 } });
    const o = {};
    u().setProperty(o, "x.y", 5);
    expect(u().getProperty(o, "x.y")).toBe(5);
    expect(u().hasProperty(o, "x.z")).toBe(false);
    expect(u().randomID()).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(u().getType([])).toBe("Array");
    expect(u().isEmpty({})).toBe(true);
  });
});

describe("data fields", () => {
  it("NumberField casts, rounds integers and clamps to min/max; choices are enforced", () => {
    const f = new (field().NumberField)({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 3 });
    expect(f.clean("3.6", {})).toBe(4);
    expect(f.clean(42, {})).toBe(10);
    expect(f.clean(undefined, {})).toBe(3);
    expect(f.clean(null, {})).toBe(3);
    const c = new (field().NumberField)({ integer: true, choices: [6, 8, 10], initial: 6 });
    expect(c.nullable).toBe(false);
    expect(c.validate(7)?.message).toMatch(/not a valid choice/);
    expect(c.validate(8)).toBeUndefined();
    expect(f.validate("x")?.message).toMatch(/number/);
  });
  it("StringField trims and respects blank; BooleanField casts strings; ArrayField takes index objects", () => {
    const s = new (field().StringField)({ required: true, blank: false, initial: "a" });
    expect(s.clean("  b ", {})).toBe("b");
    expect(s.clean("", {})).toBe("a");
    expect(new (field().StringField)({ required: true, choices: ["x"] }).validate("")?.message).toMatch(/blank/);
    expect(new (field().BooleanField)().clean("true", {})).toBe(true);
    const a = new (field().ArrayField)(new (field().NumberField)({ integer: true }), { initial: () => [1] });
    expect(a.clean({ 0: "2", 1: "3" }, {})).toEqual([2, 3]);
    expect(a.getInitialValue({})).toEqual([1]);
  });
});

describe("DataModel", () => {
  it("fills initial values, drops unknown keys and exposes _source, toObject and schema", () => {
    const m = new models.CavaliersCharacterModel({ competency: 8, bogus: 1 });
    expect(m.competency).toBe(8);
    expect(m.attributes.verve).toBe(6);
    expect(m.wounds.track).toEqual([1, 2, 4]);
    expect("bogus" in m._source).toBe(false);
    expect(m.toObject()).toEqual(m._source);
    expect(m.schema.fields.competency).toBeInstanceOf(field().NumberField);
  });
  it("rejects invalid construction naming the field", () => {
    expect(() => new models.CavaliersCharacterModel({ competency: 7 })).toThrow(/competency: 7 is not a valid choice/);
  });
  it("an invalid updateSource throws and changes nothing", () => {
    const m = new models.CavaliersCharacterModel({});
    const before = structuredClone(m._source);
    expect(() => m.updateSource({ style: 2, competency: 9 })).toThrow(/competency/);
    expect(m._source).toEqual(before);
    expect(m.style).toBe(0);
    expect(m.updateSource({ "attributes.guile": 10 })).toEqual({ attributes: { guile: 10 } });
    expect(m.attributes.guile).toBe(10);
  });
  it("validate({changes, clean}) checks only the given keys", () => {
    const m = new models.CavaliersCharacterModel({});
    const changes = { style: "2" };
    expect(m.validate({ changes: changes, clean: true })).toBe(true);
    expect(changes.style).toBe(2);
    expect(() => m.validate({ changes: { competency: 5 }  })).toThrow(/competency/);
  });
});

async function createCharacter(name = "Aramis", data: Record<string, unknown> = {}) {
  return (await Actor.create({ name, type: "cavaliersCharacter", ...data })) as Actor;
}

/** What v13's DataModel#updateSource does with an update (common/abstract/data.mjs, common/data/fields.mjs#_updateDiff). */
describe("DataModel#updateSource as v13", () => {
  class Gear extends TypeDataModel {
    static override defineSchema() {
      return {
        bonus: new fields.NumberField({ required: false, nullable: true, initial: 1 }),
        marks: new fields.ArrayField(int(0, 0, 9)),
        notes: new fields.ArrayField(new fields.ObjectField()),
        extra: new fields.ObjectField(),
        pool: new fields.SchemaField({ value: int(2, 0, 9), max: int(5, 0, 9) }),
      };
    }
  }
  const gear = () => new Gear({ marks: [1, 2], extra: { keep: 1, drop: 2 }, pool: { value: 3, max: 4 } });

  it("'==field' replaces a schema field whole, its missing fields at their defaults", () => {
    const m = gear();
    expect(m.updateSource({ "==pool": { value: 7 } })).toEqual({ "==pool": { value: 7, max: 5 } });
    expect(m._source.pool).toEqual({ value: 7, max: 5 });
  });

  it("a non-recursive update replaces each field it names whole, missing fields at their defaults", () => {
    const m = gear();
    m.updateSource({ pool: { value: 8 }, extra: { "-=keep": null, other: 3 } }, { recursive: false });
    expect(m._source.pool).toEqual({ value: 8, max: 5 });
    expect(m._source.extra).toEqual({ other: 3 });
  });

  it("refuses a list sent as an index-keyed object with a gap, instead of storing a null in it", () => {
    const m = gear();
    expect(() => m.updateSource({ marks: { 0: 3, 2: 4 } })).toThrow(/marks\.1: may not be undefined/);
    expect(m._source.marks).toEqual([1, 2]);
    expect(m.updateSource({ marks: { 0: 3, 1: 4 } })).toEqual({ marks: [3, 4] });
  });

  it("drops '-=' and '==' keys inside a value that replaces a field whole", () => {
    const m = gear();
    m.updateSource({ notes: [{ "-=gone": null, kept: 1, "==set": { a: 1 } }] });
    expect(m._source.notes).toEqual([{ kept: 1, set: { a: 1 } }]);
    m.updateSource({ "==extra": { fresh: { "-=x": null, y: 1 } } });
    expect(m._source.extra).toEqual({ fresh: { y: 1 } });
  });

  it("an empty string in a nullable number field is null, not 0", () => {
    const m = gear();
    expect(m.updateSource({ bonus: "" })).toEqual({ bonus: null });
  });

  it("expands and cleans the caller's own update object in place", () => {
    const m = gear();
    const changes: Record<string, unknown> = { "pool.value": "6" };
    m.updateSource(changes);
    expect(changes).toEqual({ pool: { value: 6 } });
  });
});

describe("documents", () => {
  it("a document's type changes only with its system replaced whole ('==system') or a non-recursive update (SchemaField#_updateDiff)", async () => {
    const actor = await createCharacter("Aramis", { system: { style: 2 } });
    expect(await actor.update({ type: "cavaliersNpc" })).toBeUndefined();
    expect(harness.notifications.at(-1)).toMatchObject({ type: "error", message: expect.stringContaining("The type of a Document can be changed only if the system field is force-replaced") });
    expect(actor.type).toBe("cavaliersCharacter");
    await actor.update({ type: "cavaliersNpc", "==system": { competency: 8 } });
    expect(actor.type).toBe("cavaliersNpc");
    expect(actor.system).toBeInstanceOf(models.CavaliersNpcModel);
    expect(sys(actor)).toMatchObject({ competency: 8, style: 0 });
  });

  it("the caller's update object is the one v13 sends: it gets the _id and the type, expanded and cleaned in place", async () => {
    const actor = await createCharacter();
    const data: Record<string, unknown> = { "system.style": "2" };
    await actor.update(data);
    expect(data).toEqual({ _id: actor.id, type: "cavaliersCharacter", system: { style: 2 } });
  });

  it("creates an actor of CONFIG.Actor.documentClass with a prepared system model", async () => {
    class FrayActor extends Actor {}
    CONFIG.Actor.documentClass = FrayActor;
    try {
      const actor = await createCharacter();
      expect(actor).toBeInstanceOf(FrayActor);
      expect(actor.system).toBeInstanceOf(models.CavaliersCharacterModel);
      expect(sys(actor).derived.yieldLimit).toBe(9);
      expect(game.actors.get(actor.id as string)).toBe(actor);
      expect(game.actors.getName("Aramis")).toBe(actor);
      expect(actor.uuid).toBe(`Actor.${actor.id}`);
      expect(fromUuidSync(actor.uuid)).toBe(actor);
    } finally {
      CONFIG.Actor.documentClass = Actor;
    }
  });

  it("an invalid update resolves undefined with an error shown and changes nothing (v13 client-backend.mjs); a valid one re-prepares and fires hooks", async () => {
    const actor = await createCharacter();
    const seen: unknown[] = [];
    const id = Hooks.on("updateActor", (_doc: unknown, changed: unknown) => seen.push(changed));
    expect(await actor.update({ "system.competency": 7, name: "Other" })).toBeUndefined();
    const shown = harness.notifications.at(-1);
    expect(shown?.type).toBe("error");
    expect(shown?.message).toMatch(/^validation errors:[\s\S]*competency/);
    expect(actor.name).toBe("Aramis");
    expect(seen).toEqual([]);
    await actor.update({ "system.wounds.value": 1 });
    expect(sys(actor).derived.yieldLimit).toBe(8);
    expect(seen).toEqual([{ _id: actor.id, system: { wounds: { value: 1 } } }]);
    Hooks.off("updateActor", id);
  });

  it("pre-hooks returning false cancel; the model's _preUpdate may change the update", async () => {
    const actor = await createCharacter();
    const id = Hooks.on("preUpdateActor", () => false);
    expect(await actor.update({ name: "Porthos" })).toBeUndefined();
    expect(actor.name).toBe("Aramis");
    Hooks.off("preUpdateActor", id);
    const proto = models.CavaliersCharacterModel.prototype as unknown as { _preUpdate: (c: Record<string, unknown>) => Promise<unknown> };
    const original = proto._preUpdate;
    proto._preUpdate = async (changes) => {
      foundry.utils.setProperty(changes, "system.style", 3);
    };
    try {
      await actor.update({ name: "Athos" });
      expect(sys(actor).style).toBe(3);
    } finally {
      proto._preUpdate = original;
    }
    const cancel = Hooks.on("preCreateActor", () => false);
    expect(await createCharacter("Nobody")).toBeUndefined();
    Hooks.off("preCreateActor", cancel);
  });

  it("embedded items, flags, deletion and uuids", async () => {
    const actor = await createCharacter();
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Rapier", type: "cavaliersWeapon" }]);
    expect(actor.items.size).toBe(1);
    const stocked = await createCharacter("Stocked", { items: [{ name: "Dagger", type: "cavaliersWeapon" }] });
    expect(stocked.items.contents[0]?.id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(item?.uuid).toBe(`Actor.${actor.id}.Item.${item?.id}`);
    expect(await fromUuid(item?.uuid as string)).toBe(item);
    await actor.updateEmbeddedDocuments("Item", [{ _id: item?.id, name: "Sabre" }]);
    expect(actor.items.contents[0]?.name).toBe("Sabre");
    expect(actor.toObject().items).toHaveLength(1);
    await actor.setFlag("fray", "x", 2);
    expect(actor.getFlag("fray", "x")).toBe(2);
    await actor.unsetFlag("fray", "x");
    expect(actor.getFlag("fray", "x")).toBeUndefined();
    await actor.deleteEmbeddedDocuments("Item", [item?.id as string]);
    expect(actor.items.size).toBe(0);
    await actor.delete();
    expect(game.actors.get(actor.id as string)).toBeUndefined();
    expect(fromUuidSync(item?.uuid as string)).toBeNull();
  });

  it("ownership: players act for what they own; GMs for everything", async () => {
    const actor = await createCharacter();
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    expect(actor.testUserPermission(player, "OWNER")).toBe(false);
    harness.switchUser(player);
    expect(actor.isOwner).toBe(false);
    await expect(actor.update({ name: "Mine" })).rejects.toThrow(/lacks permission/);
    await expect(createCharacter("Theirs")).rejects.toThrow(/lacks permission/);
    harness.switchUser(game.users.find((u) => u.isGM) ?? player);
    await actor.update({ [`ownership.${player.id}`]: 3 });
    expect(actor.testUserPermission(player, "OWNER")).toBe(true);
    expect(actor.canUserModify(player, "update")).toBe(true);
  });

  it("createDialog records the offered types with their labels, honouring the restriction", async () => {
    await Actor.createDialog({}, {}, { types: ["cavaliersNpc", "cavaliersCharacter"] });
    expect(harness.createDialogs[0]?.types).toEqual([
      { value: "cavaliersCharacter", label: "Character (Cavaliers)" },
      { value: "cavaliersNpc", label: "NPC (Cavaliers)" },
    ]);
    await Actor.createDialog();
    expect(harness.createDialogs[1]?.types.map((t) => t.value)).toContain("dramaCharacter");
  });

  it("users can run queries on the GM's client", async () => {
    CONFIG.queries["fray.test"] = (async (data: { n: number }) => ({ n: data.n + 1, asGM: game.user?.isGM })) ;
    const player = harness.createUser({ name: "P", role: "PLAYER" });
    harness.switchUser(player);
    expect(await game.users?.activeGM?.query("fray.test", { n: 1 })).toEqual({ n: 2, asGM: true });
    expect(game.user).toBe(player);
  });
});

describe("settings and i18n", () => {
  it("registers, validates and calls onChange", async () => {
    const changes: unknown[] = [];
    game.settings.register("fray", "ruleset", { name: "Ruleset", scope: "world", config: true, type: String, choices: { cavaliers: "C", drama: "D" }, default: "cavaliers", onChange: (v: unknown) => changes.push(v) });
    expect(game.settings.get("fray", "ruleset")).toBe("cavaliers");
    await expect(game.settings.set("fray", "ruleset", "chess")).rejects.toThrow(/not one of/);
    await game.settings.set("fray", "ruleset", "drama");
    expect(game.settings.get("fray", "ruleset")).toBe("drama");
    expect(changes).toEqual(["drama"]);
    expect([...game.settings.settings.keys()]).toContain("fray.ruleset");
    harness.switchUser(harness.createUser({ name: "P" }));
    await expect(game.settings.set("fray", "ruleset", "cavaliers")).rejects.toThrow(/lacks permission/);
  });
  it("localizes, formats and falls back to the key", () => {
    expect(game.i18n.localize("FRAY.Test.Hello")).toBe("Hello {name}");
    expect(game.i18n.format("FRAY.Test.Hello", { name: "Ann" })).toBe("Hello Ann");
    expect(game.i18n.localize("FRAY.Missing")).toBe("FRAY.Missing");
    expect(game.i18n.has("FRAY.Missing")).toBe(false);
  });
  it("records notifications", () => {
    (globalThis as unknown as { ui: { notifications: { warn(m: string): void } } }).ui.notifications.warn("careful");
    expect(harness.notifications).toEqual([expect.objectContaining({ type: "warning", message: "careful" })]);
  });
});

describe("sheets", () => {
  it("renders the registered sheet's parts in a framed form with helpers applied", async () => {
    const actor = await createCharacter();
    const sheet = actor.sheet as Sheet;
    expect(sheet).toBeInstanceOf(TestSheet);
    expect(actor.sheet).toBe(sheet);
    await sheet.render({ force: true });
    const el = sheet.element;
    expect(el.tagName).toBe("FORM");
    expect(el.classList.contains("application")).toBe(true);
    expect(el.classList.contains("fray")).toBe(true);
    expect(el.querySelector(".window-title")?.textContent).toBe("Character (Cavaliers): Aramis");
    const part = el.querySelector('[data-application-part="sheet"]') as HTMLElement;
    expect(part.querySelector(".limit")?.textContent).toBe("+9");
    expect(part.querySelector(".hello")?.textContent).toBe("Hello Aramis");
    expect(part.querySelector(".fresh")).not.toBeNull();
    expect((part.querySelector("select") as HTMLSelectElement).value).toBe("6");
    expect(document.body.contains(el)).toBe(true);
  });

  it("submits the form through FormDataExtended → expandObject → update, and re-renders", async () => {
    const actor = await createCharacter();
    const sheet = actor.sheet as Sheet;
    await sheet.render({ force: true });
    const competency = sheet.element.querySelector('[name="system.competency"]') as HTMLInputElement;
    competency.value = "8";
    (sheet.element.querySelector("select") as HTMLSelectElement).value = "10";
    competency.dispatchEvent(new Event("change", { bubbles: true }));
    await harness.flush();
    const system = sys(actor);
    expect(system.competency).toBe(8);
    expect(system.attributes.verve).toBe(10);
    expect(sheet.element.querySelector(".limit")?.textContent).toBe("+11");
    expect((sheet.element.querySelector("select") as HTMLSelectElement).value).toBe("10");
    (sheet.element.querySelector('[name="system.competency"]') as HTMLInputElement).value = "7";
    await expect(sheet.submit()).rejects.toThrow(/competency/);
    expect(system.competency).toBe(8);
  });

  it("runs concurrent renders one after another, producing one element", async () => {
    const actor = await createCharacter();
    const sheet = actor.sheet as Sheet;
    await Promise.all([sheet.render({ force: true }), sheet.render({ force: true }), actor.update({ name: "Renamed" })]);
    await harness.flush();
    expect(document.querySelectorAll(`[id="${sheet.id}"]`)).toHaveLength(1);
    expect(sheet.element.querySelector(".name")?.textContent).toBe("Renamed");
    await sheet.close();
  });

  it("delegates [data-action] clicks to the actions with this = the sheet", async () => {
    const actor = await createCharacter();
    const sheet = actor.sheet as Sheet;
    await sheet.render({ force: true });
    (sheet.element.querySelector('[data-action="bump"]') as HTMLElement).click();
    await harness.flush();
    expect(sys(actor).style).toBe(1);
    expect(sheet.element.querySelector(".fresh")).toBeNull();
    await sheet.close();
    expect(sheet.rendered).toBe(false);
    expect(document.body.contains(sheet.element)).toBe(false);
  });

  it("is read-only for a user who only observes", async () => {
    const actor = await createCharacter();
    const player = harness.createUser({ name: "Obs", role: "PLAYER" });
    await actor.update({ [`ownership.${player.id}`]: 2 });
    harness.switchUser(player);
    const sheet = actor.sheet as Sheet;
    await sheet.render({ force: true });
    expect(sheet.isEditable).toBe(false);
    expect((sheet.element.querySelector('[name="name"]') as HTMLInputElement).disabled).toBe(true);
    await sheet.close();
  });
});

describe("ApplicationV2", () => {
  const { ApplicationV2, HandlebarsApplicationMixin } = applications.api;
  it("merges DEFAULT_OPTIONS along the class chain: arrays concatenate, objects merge one level", () => {
    class A extends HandlebarsApplicationMixin(ApplicationV2) {
      static override DEFAULT_OPTIONS: Record<string, unknown> = { classes: ["a"], window: { title: "A" }, actions: { x() {} } };
    }
    class B extends A {
      static override DEFAULT_OPTIONS = { classes: ["b"], window: { resizable: true }, actions: { y() {} } };
    }
    const b = new B({ classes: ["c"] });
    expect(b.options.classes).toEqual(["application", "a", "b", "c"]);
    expect(b.options.window).toMatchObject({ title: "A", resizable: true, frame: true });
    expect(Object.keys(b.options.actions)).toEqual(["x", "y"]);
    expect(b.options.tag).toBe("div");
  });

  it("submits a form to its handler with typed FormDataExtended values, then closes", async () => {
    let received: unknown;
    class Form extends HandlebarsApplicationMixin(ApplicationV2) {
      static override DEFAULT_OPTIONS = {
        tag: "form",
        window: { title: "FRAY.Test.Label" },
        form: {
          handler(_event: Event, _form: HTMLFormElement, data: { object: unknown }) {
            received = data.object;
          },
          closeOnSubmit: true,
        },
      };
      static override PARTS = { form: { template: "systems/fray/templates/test/form.hbs" } };
      protected override async _prepareContext() {
        return { choices: { x: "FRAY.Test.Label", y: "Why" } };
      }
    }
    const app = new Form();
    await app.render({ force: true });
    expect(app.element.querySelector(".window-title")?.textContent).toBe("Sheet");
    expect(Array.from(app.element.querySelectorAll("option")).map((o) => [o.value, o.textContent, o.selected])).toEqual([
      ["", "-", false],
      ["x", "Sheet", false],
      ["y", "Why", true],
    ]);
    app.element.dispatchEvent(new Event("submit", { cancelable: true }));
    await harness.flush();
    expect(received).toEqual({ "a.b": 2, flag: true, n: 3, pick: "y" });
    expect(app.rendered).toBe(false);
  });
});

describe("DialogV2", () => {
  it("resolves with what the test answers", async () => {
    const { DialogV2 } = applications.api;
    harness.onDialog((d) => d.answer("yes"));
    expect(await DialogV2.confirm({ window: { title: "Sure?" } })).toBe(true);
    harness.onDialog(undefined);
    const pending = DialogV2.wait({ buttons: [{ action: "a", label: "A", callback: (_e: Event, button: HTMLButtonElement) => (button.form?.elements.namedItem("n") as HTMLInputElement).value }], content: '<input name="n">' });
    harness.dialogs[0]?.answer("a", { n: "42" });
    expect(await pending).toBe("42");
  });
});
