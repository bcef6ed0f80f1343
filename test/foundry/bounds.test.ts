/**
 * "Immune to cards": no sheet may make the rules request read from it fail its schema, or every
 * card about that actor would be refused as malformed. For every actor type of the five rulesets,
 * an actor with every field of its model at its ceiling, carrying items of every type of its
 * ruleset at theirs (three of each, so sums add up), and a name of 1,000 characters, is read by
 * the ruleset's own reader into a stat block the rules' schema accepts, its name cut to what a card
 * keeps. The tracker's sent dice get a card's size cap.
 */
import type { TSchema } from "@sinclair/typebox";
import { Check } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import type { Combatant } from "../../playground/foundry/combat.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import { combatFixtures, ids } from "./combat-fixtures.js";
import { bootWorld, playRuleset } from "./world.js";

const { harness, game } = bootWorld("cavaliers");

type Field = { fields?: Record<string, Field>; element?: Field; max?: number; min?: number; choices?: unknown; getInitialValue(data: object): unknown };
type FieldClass = new (...args: never[]) => Field;
const fieldClasses = () => (globalThis as unknown as { foundry: { data: { fields: Record<"SchemaField" | "ArrayField" | "NumberField" | "BooleanField" | "StringField", FieldClass> } } }).foundry.data.fields;

/** The values a field allows, from its choices. */
function choicesOf(field: Field): unknown[] | null {
  const raw = typeof field.choices === "function" ? (field.choices as () => unknown)() : field.choices;
  if (Array.isArray(raw)) return raw;
  return raw && typeof raw === "object" ? Object.keys(raw) : null;
}

/** A source at the field's ceiling: numbers at their maximum, each list three entries long, the `pick`-th choice (cycling), every flag on. */
function atCeiling(field: Field, pick: number): unknown {
  const classes = fieldClasses();
  // A plain test, not a type guard: the field classes share one shape here.
  const is = (kind: keyof typeof classes): boolean => field instanceof classes[kind];
  const choices = choicesOf(field);
  if (choices?.length) return choices[pick % choices.length];
  if (is("SchemaField")) return Object.fromEntries(Object.entries(field.fields!).map(([key, inner]) => [key, atCeiling(inner, pick)]));
  if (is("ArrayField")) return [0, 1, 2].map((index) => atCeiling(field.element!, pick + index));
  if (is("NumberField")) return field.max ?? 999;
  if (is("BooleanField")) return true;
  // A text keeps its initial value where it has one (a formula must stay a formula).
  if (is("StringField")) return field.getInitialValue({}) || "Ceiling";
  return field.getInitialValue({});
}

const LONG_NAME = `Sir ${"Longname ".repeat(110)}the Last`;

/** An actor of the type at its ceiling, with three items at theirs of each of its ruleset's item types. */
async function ceilingActor(type: string, itemTypes: readonly string[]): Promise<Actor> {
  const models = harness.CONFIG.Actor.dataModels as Record<string, { schema: Field }>;
  const itemModels = harness.CONFIG.Item.dataModels as Record<string, { schema: Field }>;
  const items = itemTypes.flatMap((itemType) => [0, 1, 2].map((pick) => ({ name: `${itemType} ${pick}`, type: itemType, system: atCeiling(itemModels[itemType]!.schema, pick) })));
  const ActorClass = harness.CONFIG.Actor.documentClass as typeof Actor;
  return (await ActorClass.create({ name: LONG_NAME, type, system: atCeiling(models[type]!.schema, 0), items })) as Actor;
}

interface Reader {
  schema: () => Promise<TSchema>;
  read: (actor: Actor) => Promise<Record<string, unknown>>;
}

/** Each ruleset's own reader of an actor into the rules' stat block, and the schema that block must fit. */
const READERS: Record<RulesetId, Reader> = {
  cavaliers: {
    schema: async () => (await import("../../src/rules/cavaliers/schemas.js")).Participant,
    read: async (actor) => {
      const { participantOf } = await import("../../src/foundry/rulesets/cavaliers/cards/participants.js");
      const specialty = (actor as unknown as { items: { contents: { type: string }[] } }).items.contents.find((item) => item.type === "cavaliersSpecialty");
      return { ...participantOf(actor as never, { skill: "Dueling", specialty: specialty as never, itemDie: 12 }) };
    },
  },
  drama: {
    schema: async () => (await import("../../src/rules/drama/schemas.js")).CombatantSchema,
    read: async (actor) => ({ ...(await import("../../src/foundry/rulesets/drama/gear.js")).combatantOf(actor as never, { name: actor.name, weapon: null }) }),
  },
  personal: {
    schema: async () => (await import("../../src/rules/personal/schemas.js")).Target,
    read: async (actor) => (await import("../../src/foundry/rulesets/personal/data.js")).targetOf(actor as never),
  },
  torchlight: {
    schema: async () => (await import("../../src/rules/torchlight/schemas.js")).CombatantSchema,
    read: async (actor) => ({ ...(await import("../../src/foundry/rulesets/torchlight/actor-data.js")).rulesCombatant(actor as never) }),
  },
  unhex: {
    schema: async () => (await import("../../src/rules/unhex/schemas.js")).CombatantSchema,
    read: async (actor) => ({ ...(await import("../../src/foundry/rulesets/unhex/actors.js")).fighterOf(actor as never, true) }),
  },
};

describe("a sheet at its ceiling, read by its ruleset", () => {
  it.each(Object.keys(READERS) as RulesetId[])("%s: every actor type reads into a stat block its schema accepts, named as a card keeps names", async (id) => {
    await playRuleset(game, id);
    const { documentsOf } = await import("../../src/foundry/rulesets/registry.js");
    const documents = documentsOf(id);
    const schema = await READERS[id].schema();
    for (const type of Object.keys(documents.actors)) {
      const actor = await ceilingActor(type, Object.keys(documents.items));
      const block = await READERS[id].read(actor);
      expect(Check(schema, block), `${type}: ${JSON.stringify(block).slice(0, 400)}`).toBe(true);
      expect(String(block.name).length).toBeLessThanOrEqual(100);
      expect(String(block.name).endsWith("the Last")).toBe(true);
    }
  });
});

describe("the tracker's sent dice", () => {
  const { answerInitiative, actor, rolledFight } = combatFixtures(() => harness);

  it("are refused past a card's size cap, before they are read: the roll changes nothing", async () => {
    await playRuleset(game, "cavaliers");
    const { combat } = await rolledFight();
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    const eve = await actor("Eve");
    await eve.update({ [`ownership.${player.id}`]: 3 });
    const [mine] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: eve.id, name: "Eve" }])) as Combatant[];
    // Her client pads the Roll it sends (30,000 characters: under what the relay reads, over a card's cap).
    const { Hooks } = globalThis as unknown as { Hooks: { on(name: string, fn: (...args: unknown[]) => void): number; off(name: string, id: number): void } };
    const hook = Hooks.on("preUpdateUser", (_user, changes) => {
      const scope = (changes as { flags?: { fray?: { request?: unknown } } }).flags?.fray;
      if (typeof scope?.request !== "string") return;
      const request = JSON.parse(scope.request) as { payload: { roll: string | null } };
      if (request.payload.roll) request.payload.roll = JSON.stringify({ ...(JSON.parse(request.payload.roll) as object), padding: "x".repeat(30_000) });
      scope.request = JSON.stringify(request);
    });
    const before = JSON.stringify(combat._source);
    try {
      harness.switchUser(player);
      answerInitiative();
      queueFaces(6, 3);
      await combat.rollInitiative(ids([mine!]));
    } finally {
      Hooks.off("preUpdateUser", hook);
    }
    expect(harness.notifications.filter((n) => n.type === "warning").at(-1)?.message).toMatch(/roll/i);
    expect(JSON.stringify(combat._source)).toBe(before);
  });
});
