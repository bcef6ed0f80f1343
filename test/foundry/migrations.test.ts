/**
 * World data migrations against the harness: old-shaped documents of every actor and item type (a
 * Fray 0.1.0 world, test/fixtures/migration-v0.ts) load without loss, the world migration saves
 * them in the current shape once, on the active GM's client, with a progress notice and a report;
 * whatever could not be migrated is kept in flags.fray.unmigrated, never dropped.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientDocument } from "../../playground/foundry/documents.js";
import type { Scene, TokenDocument } from "../../playground/foundry/scene.js";
import { deepClone, getProperty } from "../../playground/foundry/utils.js";
import { V0_FIXTURES, type V0Fixture } from "../fixtures/migration-v0.js";
import { bootWorld } from "./world.js";

let migrations: typeof import("../../src/foundry/migrations/index.js");

const { harness, game, CONFIG } = bootWorld("cavaliers");
beforeAll(async () => {
  migrations = await import("../../src/foundry/migrations/index.js");
});
beforeEach(() => {
  game.messages.clear();
});

type Doc = ClientDocument & { _source: Record<string, unknown>; items?: { get(id: string): Doc | undefined } };
const documentClass = (name: "Actor" | "Item") => CONFIG[name].documentClass as unknown as { fromSource(data: unknown, options?: unknown): Doc };

/** Foundry's world load (DocumentCollection#_initialize): each stored document built from its source, strictly. */
function loadWorld(fixtures: readonly V0Fixture[] = V0_FIXTURES): void {
  for (const fixture of fixtures) {
    const stored = deepClone({ ...fixture.stored, items: fixture.items?.map((item) => item.stored) ?? (fixture.documentName === "Actor" ? [] : undefined) });
    if (stored.items === undefined) delete stored.items;
    const doc = documentClass(fixture.documentName).fromSource(stored, { strict: true });
    (fixture.documentName === "Actor" ? game.actors : game.items).set(doc.id as string, doc as never);
  }
}

const find = (fixture: V0Fixture, parent?: Doc): Doc => {
  const id = fixture.stored._id as string;
  const doc = parent ? parent.items!.get(id) : ((fixture.documentName === "Actor" ? game.actors.get(id) : game.items.get(id)) as unknown as Doc | undefined);
  if (!doc) throw new Error(`${fixture.stored.name} was not loaded`);
  return doc;
};
const kept = (doc: Doc) => (getProperty(doc._source, "flags.fray.unmigrated") ?? []) as { path: string; value: unknown; reason: string; schema: number }[];
const sortByPath = <T extends { path: string }>(list: T[]) => [...list].sort((a, b) => a.path.localeCompare(b.path));
const everyFixture = V0_FIXTURES.flatMap((fixture) => [{ fixture, parent: undefined as V0Fixture | undefined }, ...(fixture.items ?? []).map((item) => ({ fixture: item, parent: fixture }))]);

describe("the fixtures", () => {
  it("cover every actor and item type", () => {
    const types = new Set(everyFixture.map(({ fixture }) => fixture.stored.type));
    expect([...types].sort()).toEqual([...Object.keys(CONFIG.Actor.dataModels), ...Object.keys(CONFIG.Item.dataModels)].sort());
  });
});

describe("loading a 0.1.0 world", () => {
  it.each(everyFixture.map(({ fixture, parent }) => [`${fixture.stored.type} ${fixture.stored.name}`, fixture, parent] as const))("%s loads valid, reshaped, its unplaceable values kept in flags", (_name, fixture, parent) => {
    loadWorld();
    const doc = parent ? find(fixture, find(parent)) : find(fixture);
    expect((doc as unknown as { invalid: boolean }).invalid).toBe(false);
    for (const [path, value] of Object.entries(fixture.expect)) expect(getProperty(doc._source, `system.${path}`), path).toEqual(value);
    expect(sortByPath(kept(doc).map(({ path, value, reason }) => ({ path, value, reason })))).toEqual(sortByPath(fixture.kept));
    for (const entry of kept(doc)) expect(entry.schema).toBe(migrations.SCHEMA_VERSION);
  });

  it("keeps other modules' flags", () => {
    loadWorld();
    expect(getProperty(find(V0_FIXTURES[0]!)._source, "flags.other-module.mark")).toBe(1);
  });
});

describe("the world migration", () => {
  it("saves every document whole, once, reports what was kept, and stores the schema version", async () => {
    loadWorld();
    const updates: { name: string; changes: Record<string, unknown>; options: Record<string, unknown> }[] = [];
    const hook = (doc: Doc, changes: Record<string, unknown>, options: Record<string, unknown>) => void updates.push({ name: doc.name as string, changes, options });
    const { Hooks } = globalThis as unknown as { Hooks: { on(name: string, fn: unknown): number; off(name: string, id: number): void } };
    const ids = [Hooks.on("preUpdateActor", hook), Hooks.on("preUpdateItem", hook)];
    let report: Awaited<ReturnType<typeof migrations.migrateWorld>>;
    try {
      expect(migrations.storedSchemaVersion()).toBe(0);
      report = await migrations.migrateWorld();
    } finally {
      Hooks.off("preUpdateActor", ids[0]!);
      Hooks.off("preUpdateItem", ids[1]!);
    }
    expect(report).not.toBeNull();
    expect(report!.failed).toEqual([]);
    expect(report!.migrated).toBe(everyFixture.length);
    expect(updates.map((u) => u.name).sort()).toEqual(everyFixture.map(({ fixture }) => fixture.stored.name as string).sort());
    // Whole documents, not diffs: the stored system is replaced, so keys no schema holds leave the database.
    for (const update of updates) {
      expect(update.options).toMatchObject({ diff: false, recursive: false });
      expect(update.changes).toHaveProperty("system");
    }
    const expectedKept = everyFixture.flatMap(({ fixture }) => fixture.kept);
    expect(report!.kept).toHaveLength(expectedKept.length);
    expect(game.settings.get("fray", "schemaVersion")).toBe(migrations.SCHEMA_VERSION);

    for (const { fixture, parent } of everyFixture) {
      const doc = parent ? find(fixture, find(parent)) : find(fixture);
      const system = doc._source.system as Record<string, unknown>;
      for (const { path, reason } of fixture.kept) if (reason === "unknown") expect(getProperty(doc._source, path), `${path} left the system data`).toBeUndefined();
      for (const [path, value] of Object.entries(fixture.expect)) expect(getProperty(system, path), path).toEqual(value);
      expect(kept(doc)).toHaveLength(fixture.kept.length);
    }
  });

  it("shows its progress, then tells the GM, and whispers the list of kept values", async () => {
    loadWorld();
    await migrations.migrateWorld();
    const [started, ...rest] = harness.notifications;
    expect(started).toMatchObject({ type: "info", pct: 1 });
    expect(started!.message).toMatch(new RegExp(`of ${everyFixture.length}\\b`));
    expect(rest.at(-1)).toMatchObject({ type: "warning" });
    expect(rest.at(-1)!.message).toContain("flags.fray.unmigrated");
    const report = game.messages.contents.at(-1) as unknown as { content: string; whisper: string[] };
    expect(report.whisper).toEqual([game.user!.id]);
    for (const { fixture } of everyFixture) for (const entry of fixture.kept) expect(report.content).toContain(entry.path);
  });

  it("runs once: a second call finds the world current and changes nothing", async () => {
    loadWorld();
    await migrations.migrateWorld();
    const before = JSON.stringify(game.actors.contents.map((a) => (a as unknown as Doc)._source));
    const notices = harness.notifications.length;
    expect(await migrations.migrateWorld()).toBeNull();
    expect(JSON.stringify(game.actors.contents.map((a) => (a as unknown as Doc)._source))).toBe(before);
    expect(harness.notifications.length).toBe(notices);
  });

  it("reloading the migrated world keeps the same values once, not twice", async () => {
    loadWorld();
    await migrations.migrateWorld();
    for (const { fixture } of everyFixture.filter(({ parent }) => !parent)) {
      const doc = find(fixture);
      const reloaded = documentClass(fixture.documentName).fromSource(deepClone(doc._source), { strict: true });
      expect(kept(reloaded)).toEqual(kept(doc));
    }
  });

  it("is left to the active GM: a player's client, or a second GM, does not migrate", () => {
    expect(migrations.isMigratingClient()).toBe(true);
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    harness.switchUser(player);
    expect(migrations.isMigratingClient()).toBe(false);
    const assistant = harness.createUser({ name: "Assistant", role: "ASSISTANT" });
    harness.switchUser(assistant);
    expect(migrations.isMigratingClient()).toBe(false);
  });

  it("refuses a world migrated by a newer Fray, and changes nothing", async () => {
    loadWorld();
    await game.settings.set("fray", "schemaVersion", migrations.SCHEMA_VERSION + 1);
    const before = JSON.stringify(game.items.contents.map((i) => (i as unknown as Doc)._source));
    expect(await migrations.migrateWorld()).toBeNull();
    expect(harness.notifications.at(-1)).toMatchObject({ type: "error" });
    expect(JSON.stringify(game.items.contents.map((i) => (i as unknown as Doc)._source))).toBe(before);
    expect(game.settings.get("fray", "schemaVersion")).toBe(migrations.SCHEMA_VERSION + 1);
  });

  it("an empty world just records the version, without a notice", async () => {
    expect(await migrations.migrateWorld()).toMatchObject({ migrated: 0, kept: [] });
    expect(game.settings.get("fray", "schemaVersion")).toBe(migrations.SCHEMA_VERSION);
    expect(harness.notifications).toEqual([]);
  });
});

describe("the models' migrateData", () => {
  it("reshapes a pool stored as a number and Unhex wounds under the rules' ids, and is idempotent", () => {
    const drama = CONFIG.Actor.dataModels.dramaCharacter as unknown as { migrateData(source: Record<string, unknown>): Record<string, unknown> };
    expect(drama.migrateData({ grit: 5, flesh: { value: 2, max: 6 } })).toEqual({ grit: { value: 5, max: 5 }, flesh: { value: 2, max: 6 } });
    const unhex = CONFIG.Actor.dataModels.unhexNpc as unknown as { migrateData(source: Record<string, unknown>): Record<string, unknown> };
    const once = unhex.migrateData({ wounds: { "left-arm": 2, "right-leg": 1, torso: 3 } });
    expect(once).toEqual({ wounds: { leftArm: 2, rightLeg: 1, torso: 3 } });
    expect(unhex.migrateData(deepClone(once))).toEqual(once);
  });

  it("leaves a kebab key alone when the stored key is already there, so the keep step can hold it", () => {
    const unhex = CONFIG.Actor.dataModels.unhexCharacter as unknown as { migrateData(source: Record<string, unknown>): Record<string, unknown> };
    expect(unhex.migrateData({ wounds: { "left-arm": 2, leftArm: 1 } })).toEqual({ wounds: { "left-arm": 2, leftArm: 1 } });
  });

  it("every step has a version above the last and a summary, and SCHEMA_VERSION is the last", () => {
    const versions = migrations.MIGRATION_STEPS.map((step) => step.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(migrations.SCHEMA_VERSION).toBe(versions.at(-1));
    for (const step of migrations.MIGRATION_STEPS) expect(step.summary.length).toBeGreaterThan(10);
  });
});

describe("a flags.fray.unmigrated its owner filled with anything", () => {
  /** What a player (or a module) may have written in the flag: none of these is an entry Fray wrote. */
  const GARBAGE: unknown[] = [null, 7, "text", [], { value: 1 }, { path: 3, value: 1 }, { path: "system.x" }, { path: "system.y", value: 1, reason: "<b>made up</b>" }];
  const withGarbage = (fixture: V0Fixture): V0Fixture => ({ ...fixture, stored: { ...fixture.stored, flags: { fray: { unmigrated: deepClone(GARBAGE) } } } });

  it("loads every document (the garbage stays in the flag, the new values join it), and skips what is not an entry", () => {
    const fixtures = V0_FIXTURES.map(withGarbage);
    expect(() => loadWorld(fixtures)).not.toThrow();
    for (const fixture of fixtures) {
      const doc = find(fixture);
      expect((doc as unknown as { invalid: boolean }).invalid).toBe(false);
      expect(kept(doc).slice(0, GARBAGE.length)).toEqual(GARBAGE);
      expect(kept(doc).length).toBe(GARBAGE.length + fixture.kept.length);
      expect(migrations.unmigratedOf(doc as never).map((entry) => entry.path).sort()).toEqual(["system.x", "system.y", ...fixture.kept.map((entry) => entry.path)].sort());
    }
  });

  it("a flag that is one value, not a list, is kept in the list it becomes", () => {
    const fixture = V0_FIXTURES[0]!;
    loadWorld([{ ...fixture, stored: { ...fixture.stored, flags: { fray: { unmigrated: null } } } }]);
    expect(kept(find(fixture)).slice(0, 1)).toEqual([null]);
  });

  it("does not stop the world migration: the GM's report comes, listing only real entries, escaped", async () => {
    loadWorld(V0_FIXTURES.map(withGarbage));
    const report = await migrations.migrateWorld();
    expect(report).toMatchObject({ failed: [] });
    expect(game.settings.get("fray", "schemaVersion")).toBe(migrations.SCHEMA_VERSION);
    const whisper = game.messages.contents.at(-1) as unknown as { content: string };
    expect(whisper.content).toContain("system.x");
    expect(whisper.content).not.toContain("<b>made up</b>");
    expect(whisper.content).toContain("&lt;b&gt;made up&lt;/b&gt;");
  });
});

describe("linking characters' tokens (schema version 5)", () => {
  type Linkable = Doc & { type: string; prototypeToken: { actorLink: boolean } };
  type Offer = ClientDocument & { whisper: string[]; getFlag(scope: string, key: string): unknown; renderHTML(): Promise<HTMLElement> };
  const offerOf = () => game.messages.contents.find((message) => (message as unknown as Offer).getFlag("fray", "linkCharacterTokens")) as unknown as Offer | undefined;

  /** A 0.1.0 world with a scene where the GM placed a character's token and an NPC's, both unlinked as v13 left them. */
  async function placedWorld(): Promise<{ character: Linkable; npc: Linkable; tokens: TokenDocument[] }> {
    loadWorld();
    const character = game.actors.find((actor) => actor.type === "cavaliersCharacter") as unknown as Linkable;
    const npc = game.actors.find((actor) => actor.type === "cavaliersNpc") as unknown as Linkable;
    const scene = (await (globalThis as unknown as { Scene: typeof Scene }).Scene.create({ name: "Inn" })) as Scene;
    const tokens = (await scene.createEmbeddedDocuments("Token", [{ name: character.name, actorId: character.id }, { name: npc.name, actorId: npc.id }])) as TokenDocument[];
    return { character, npc, tokens };
  }

  it("links every character's prototype token and no NPC's; with no token placed, offers nothing", async () => {
    loadWorld();
    expect(game.actors.contents.every((actor) => !(actor as unknown as Linkable).prototypeToken.actorLink)).toBe(true);
    await migrations.migrateWorld();
    for (const actor of game.actors.contents as unknown as Linkable[]) expect(actor.prototypeToken.actorLink, actor.type).toBe(actor.type.endsWith("Character"));
    expect(offerOf()).toBeUndefined();
  });

  it("whispers the GMs a button that links the character tokens already placed, not the NPC's", async () => {
    const { character, tokens } = await placedWorld();
    await migrations.migrateWorld();
    const offer = offerOf()!;
    expect(offer.whisper).toEqual([game.user!.id]);
    expect(migrations.unlinkedCharacterTokens()).toEqual([tokens[0]]);
    const html = await offer.renderHTML();
    html.querySelector<HTMLButtonElement>("button[data-action]")!.click();
    await vi.waitFor(() => expect(tokens[0]!.actorLink).toBe(true));
    expect(tokens[1]!.actorLink).toBe(false);
    expect((tokens[0] as unknown as { actor: unknown }).actor).toBe(character);
    expect(harness.notifications.at(-1)).toMatchObject({ type: "info" });
  });

  it("refuses a player's click, and an offer a player posted, changing nothing", async () => {
    const { tokens } = await placedWorld();
    await migrations.migrateWorld();
    const gm = game.user!;
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    harness.switchUser(player);
    expect(await migrations.linkCharacterTokens(offerOf() as never)).toBe(0);
    expect(harness.notifications.at(-1)).toMatchObject({ type: "warning" });
    const forged = (await (CONFIG.ChatMessage.documentClass as { create(data: object): Promise<unknown> }).create({ content: "<button data-action=\"fray-link-character-tokens\">Link</button>", flags: { fray: { linkCharacterTokens: true } } })) as unknown as Offer;
    harness.switchUser(gm as never);
    expect(await migrations.linkCharacterTokens(forged as never)).toBe(0);
    expect(tokens.map((token) => token.actorLink)).toEqual([false, false]);
  });
});

describe("a save Foundry refuses", () => {
  it("counts as failed, and the world keeps its old version so the next load tries again (v13 resolves a refused update without the document, client-backend.mjs)", async () => {
    loadWorld();
    const fixture = V0_FIXTURES.find((f) => f.documentName === "Actor")!;
    const { Hooks } = globalThis as unknown as { Hooks: { on(name: string, fn: unknown): number; off(name: string, id: number): void } };
    // A module's hook empties the name, which an actor's model refuses.
    const id = Hooks.on("preUpdateActor", (doc: Doc, changes: Record<string, unknown>) => {
      if (doc.id === fixture.stored._id) changes.name = "";
    });
    let report: Awaited<ReturnType<typeof migrations.migrateWorld>>;
    try {
      report = await migrations.migrateWorld();
    } finally {
      Hooks.off("preUpdateActor", id);
    }
    expect(report!.failed.map((failure) => failure.uuid)).toEqual([`Actor.${String(fixture.stored._id)}`]);
    expect(report!.migrated).toBe(everyFixture.length - 1);
    expect(migrations.storedSchemaVersion()).toBe(0);
  });
});
