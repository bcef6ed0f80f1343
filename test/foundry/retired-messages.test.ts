/**
 * The ChatMessage type cavaliersExchange is gone from system.json. In v13 a stored message of a type
 * the world no longer declares does not load (the stand-in's WorldCollection#loadStored models
 * DocumentCollection#_initialize); the world migration to schema version 4, on the active GM's
 * client only, makes each such message a plain one with everything it held, once.
 */
import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deepClone } from "../../playground/foundry/utils.js";
import { bootWorld } from "./world.js";

let migrations: typeof import("../../src/foundry/migrations/index.js");
const systemJson = JSON.parse(readFileSync("system.json", "utf8")) as { documentTypes: Record<string, Record<string, unknown>> };

const { harness, game } = bootWorld("cavaliers", { dom: false });
beforeAll(async () => {
  migrations = await import("../../src/foundry/migrations/index.js");
});
beforeEach(async () => {
  // A world last migrated by the Fray before the type was retired.
  await game.settings.set("fray", "schemaVersion", 3);
});

type Source = Record<string, unknown>;
const messages = () => game.messages;
const sourceOf = (id: string) => (messages().get(id) as unknown as { _source: Source } | undefined)?._source;

async function storedExchange(id: string, overrides: Source = {}): Promise<Source> {
  const RollClass = (globalThis as unknown as { Roll: new (formula: string) => { evaluate(): Promise<{ toJSON(): unknown }> } }).Roll;
  const roll = await new RollClass("2d6").evaluate();
  return {
    _id: id,
    type: "cavaliersExchange",
    author: game.user!.id,
    timestamp: 1_700_000_000_000,
    flavor: "Exchange, round 2",
    content: "<p>Aldo's blade meets Bruna's guard.</p>",
    speaker: { scene: null, actor: "aldoActor000001", token: null, alias: "Aldo" },
    whisper: [game.user!.id],
    blind: false,
    rolls: [JSON.stringify(roll.toJSON())],
    sound: null,
    system: { exchange: 2 },
    flags: { fray: { ruleset: "cavaliers" }, "other-module": { mark: 1 } },
    ...overrides,
  };
}

/** What the migration must keep: every stored field but the type (and the note it adds). */
const kept = (source: Source) => {
  const { type: _type, flags, ...rest } = source;
  return { ...rest, flags };
};

describe("a stored message of a type the world no longer declares (v13 DocumentCollection#_initialize)", () => {
  it("loads as an invalid document: outside game.messages, its id in invalidDocumentIds, readable through getInvalid", async () => {
    const exchange = await storedExchange("exchange00000001");
    messages().loadStored([exchange, { _id: "plainMessage0001", type: "base", content: "<p>hi</p>" }]);
    expect(messages().contents.map((message) => message.id)).toEqual(["plainMessage0001"]);
    expect([...messages().invalidDocumentIds]).toEqual(["exchange00000001"]);
    expect(messages().get("exchange00000001")).toBeUndefined();
    const invalid = messages().getInvalid("exchange00000001") as unknown as { type: string; content: string; id: string };
    expect(invalid).toMatchObject({ id: "exchange00000001", type: "cavaliersExchange", content: exchange.content });
    expect(messages().has("exchange00000001")).toBe(false);
    expect(() => messages().getInvalid("plainMessage0001")).toThrow(/not in the set of invalid ids/);
  });

  it("system.json no longer declares it, and its migration is at or below the schema version every migrated world reaches", () => {
    expect(Object.keys(systemJson.documentTypes.ChatMessage ?? {})).toEqual(["card"]);
    for (const retired of migrations.RETIRED_MESSAGE_TYPES) {
      expect(systemJson.documentTypes.ChatMessage).not.toHaveProperty(retired.type);
      expect(retired.version).toBeLessThanOrEqual(migrations.SCHEMA_VERSION);
      expect(migrations.MIGRATION_STEPS.some((step) => step.version === retired.version && step.summary.includes(retired.type))).toBe(true);
    }
  });
});

describe("the world migration of retired chat messages", () => {
  it("makes each a plain message that keeps its content, speaker, author, flags, rolls, whisper and timestamp", async () => {
    const stored = [await storedExchange("exchange00000001"), await storedExchange("exchange00000002", { whisper: [], content: "<p>A second pass.</p>", flags: {} })];
    messages().loadStored(deepClone(stored));
    const report = await migrations.migrateWorld();
    expect(report).toMatchObject({ from: 3, to: migrations.SCHEMA_VERSION, messages: 2, failed: [] });
    expect(game.settings.get("fray", "schemaVersion")).toBe(migrations.SCHEMA_VERSION);
    expect(harness.notifications.at(-1)).toMatchObject({ type: "info" });
    expect(harness.notifications.at(-1)!.message).toContain("2 stored chat messages");
    // As in v13, this session's copies stay as they were loaded: the server has the change, the chat log shows it after a reload.
    expect(messages().size).toBe(0);

    messages().reloadInvalid();
    expect(messages().invalidDocumentIds.size).toBe(0);
    for (const before of stored) {
      const after = sourceOf(before._id as string)!;
      expect(after.type).toBe("base");
      const { flags, ...rest } = kept(before);
      expect(kept(after)).toMatchObject(rest);
      expect(after.flags).toEqual({ ...(flags as Source), fray: { ...((flags as Source).fray as Source), formerType: "cavaliersExchange" } });
    }
    const shown = messages().get("exchange00000001") as unknown as { content: string; whisper: string[]; rolls: { total: number }[] };
    expect(shown.content).toBe("<p>Aldo's blade meets Bruna's guard.</p>");
    expect(shown.rolls[0]!.total).toBe((JSON.parse((stored[0]!.rolls as string[])[0]!) as { total: number }).total);
  });

  it("a second run changes nothing: the world is current, and even from the old version there is nothing left to convert", async () => {
    messages().loadStored([await storedExchange("exchange00000001")]);
    await migrations.migrateWorld();
    messages().reloadInvalid();
    const before = JSON.stringify(sourceOf("exchange00000001"));
    const notices = harness.notifications.length;
    expect(await migrations.migrateWorld()).toBeNull();
    await game.settings.set("fray", "schemaVersion", 3);
    expect(await migrations.migrateWorld()).toMatchObject({ messages: 0, failed: [] });
    expect(JSON.stringify(sourceOf("exchange00000001"))).toBe(before);
    expect(harness.notifications.slice(notices).every((notice) => notice.type !== "info" || !notice.message.includes("chat messages"))).toBe(true);
  });

  it("does nothing on a player's client: the messages stay as stored and the version stays", async () => {
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    messages().loadStored([await storedExchange("exchange00000001")]);
    harness.switchUser(player);
    expect(await migrations.migrateWorld()).toBeNull();
    harness.switchUser(game.users.find((user) => user.isGM)!);
    expect(game.settings.get("fray", "schemaVersion")).toBe(3);
    messages().reloadInvalid();
    expect([...messages().invalidDocumentIds]).toEqual(["exchange00000001"]);
  });

  it("is safe on garbage: a flags.fray that is not an object stays as it is, another module's missing type is left alone", async () => {
    messages().loadStored([await storedExchange("exchange00000001", { flags: { fray: "hand edit" }, speaker: {}, rolls: [] }), { _id: "moduleMessage001", type: "gone-module.note", content: "<p>theirs</p>" }]);
    const report = await migrations.migrateWorld();
    expect(report).toMatchObject({ messages: 1, failed: [] });
    messages().reloadInvalid();
    expect(sourceOf("exchange00000001")).toMatchObject({ type: "base", flags: { fray: "hand edit" } });
    expect([...messages().invalidDocumentIds]).toEqual(["moduleMessage001"]);
    expect((messages().getInvalid("moduleMessage001") as unknown as { type: string }).type).toBe("gone-module.note");
  });

  it("a message the server refuses stays as stored, and the world keeps its version so the next load tries again", async () => {
    messages().loadStored([await storedExchange("exchange00000001")]);
    const ChatMessage = harness.CONFIG.ChatMessage.documentClass as unknown as { updateDocuments(...args: unknown[]): Promise<unknown> };
    const refuse = vi.spyOn(ChatMessage, "updateDocuments").mockRejectedValueOnce(new Error("the server refused it"));
    try {
      const report = await migrations.migrateWorld();
      expect(report!.failed).toEqual([{ uuid: "ChatMessage.exchange00000001", name: "cavaliersExchange", error: "the server refused it" }]);
    } finally {
      refuse.mockRestore();
    }
    expect(game.settings.get("fray", "schemaVersion")).toBe(3);
    messages().reloadInvalid();
    expect([...messages().invalidDocumentIds]).toEqual(["exchange00000001"]);
    expect(await migrations.migrateWorld()).toMatchObject({ messages: 1, failed: [] });
  });
});
