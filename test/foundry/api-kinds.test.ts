/**
 * A macro author can open any card (issue 38 item 9): docs/api.md lists every card kind of every
 * ruleset with its roles and request fields, exactly as `npm run docs:api` makes them from the
 * kinds' schemas (a new kind, a new field or a changed one makes the list stale, and this fails);
 * each ruleset has an attack-card macro whose card the kinds accept; an unknown kind is answered
 * with the kinds there are, and a request without a required field is refused naming it.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import type { FrayApi } from "../../src/foundry/api/index.js";
import { bootWorld } from "./world.js";

let kinds: typeof import("../../src/foundry/cards/kinds.js");
let doc: typeof import("../../src/foundry/api/card-kinds-doc.js");

const page = readFileSync("docs/api.md", "utf8");
const api = () => (game as unknown as { fray: FrayApi }).fray;

const { harness } = bootWorld("every", { dom: false });
beforeAll(async () => {
  kinds = await import("../../src/foundry/cards/kinds.js");
  doc = await import("../../src/foundry/api/card-kinds-doc.js");
});

type Schema = { description?: string; properties?: Record<string, Schema>; items?: Schema; type?: string };

/** Every field (nested ones too) that says nothing about itself. */
function undescribed(schema: Schema, prefix = ""): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
    ...(field.description ? [] : [`${prefix}${name}`]),
    ...undescribed(field, `${prefix}${name}.`),
    ...(field.items ? undescribed(field.items, `${prefix}${name}[].`) : []),
  ]);
}

describe("docs/api.md's card kinds", () => {
  it("lists every kind of every ruleset as the kinds declare them (run npm run docs:api after changing one)", () => {
    const all = kinds.cardKinds();
    expect(new Set(all.map((kind) => kind.ruleset))).toEqual(new Set(RULESET_IDS));
    const start = page.indexOf(doc.KINDS_START);
    const end = page.indexOf(doc.KINDS_END);
    expect(start, "the list's markers").toBeGreaterThan(0);
    expect(page.slice(start, end + doc.KINDS_END.length)).toBe(doc.cardKindsSection(all));
    for (const kind of all) expect(page).toContain(`#### \`${kind.id}\``);
  });

  it("has every field of every kind's request say what it is", () => {
    expect(kinds.cardKinds().flatMap((kind) => undescribed(kind.request as Schema).map((field) => `${kind.id}: ${field}`))).toEqual([]);
  });

  it("fails when a kind is missing or stale: the list made from one kind more is not the page's", () => {
    const all = kinds.cardKinds();
    const extra = { ...all[0]!, id: "cavaliers.unlisted" };
    expect(doc.cardKindsSection([...all, extra])).not.toBe(doc.cardKindsSection(all));
    expect(doc.withCardKinds(page, doc.cardKindsSection([...all, extra]))).toContain("#### `cavaliers.unlisted`");
  });
});

/** The attack macros: the ```js blocks of the "Card kinds" section, before its generated list. */
const macros = (() => {
  const section = page.slice(page.indexOf("\n## Card kinds"), page.indexOf("<!-- card kinds: made"));
  return [...section.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
})();

const ATTACK_KINDS: Record<string, string> = { cavaliers: "cavaliers.attack", drama: "drama.melee", unhex: "unhex.attack", personal: "personal.attack", torchlight: "torchlight.attack" };

describe("docs/api.md's attack-card macros", () => {
  it.each(RULESET_IDS)("%s: a macro opens its attack card with roles and a request the kind accepts", async (id) => {
    const wanted = ATTACK_KINDS[id]!;
    const command = macros.find((macro) => macro.includes(`kind: "${wanted}"`));
    expect(command, `an attack macro for ${id}`).toBeDefined();
    const opened: Array<{ kind: string; refs: Record<string, { actor: string; token?: string }>; request: Record<string, unknown> }> = [];
    const items = [
      { id: "unhex-blade", type: "unhexWeapon", system: { held: true } },
      { id: "personal-sabre", type: "personalWeapon", system: {} },
    ];
    const hero = { uuid: "Actor.hero", items, getActiveTokens: () => [{ document: { uuid: "Scene.s.Token.hero" } }] };
    const fakeGame = {
      fray: { openCard: async (open: (typeof opened)[number]) => void opened.push(open) },
      user: { targets: { first: () => ({ actor: { uuid: "Actor.foe" }, document: { uuid: "Scene.s.Token.foe" } }) } },
      combat: { id: "combat-1" },
    };
    const warn = { notifications: { warn: (text: string) => opened.push({ kind: `warned: ${text}`, refs: {}, request: {} }) } };
    const run = new Function("game", "character", "actor", "ui", `return (async () => {\n${command}\n})();`) as (...args: unknown[]) => Promise<unknown>;
    await run(fakeGame, hero, null, warn);
    expect(opened.map((open) => open.kind)).toEqual([wanted]);
    const [open] = opened;
    const kind = kinds.cardKind(wanted)!;
    expect(Object.keys(open!.refs).sort()).toEqual([...kind.roles].filter((role) => Object.hasOwn(open!.refs, role)).sort());
    expect(open!.refs[kind.opener]?.actor).toBe("Actor.hero");
    expect(kinds.missingField(kind, open!.request)).toBeNull();
    for (const field of Object.keys(open!.request)) expect(Object.keys(kind.request.properties), `${wanted}: ${field}`).toContain(field);
  });

  it("without a target, says so and opens nothing", async () => {
    const warned: string[] = [];
    const fakeGame = { fray: { openCard: () => warned.push("opened") }, user: { targets: { first: () => undefined } }, combat: null };
    const run = new Function("game", "character", "actor", "ui", `return (async () => {\n${macros[0]}\n})();`) as (...args: unknown[]) => Promise<unknown>;
    await run(fakeGame, { uuid: "Actor.hero", items: [], getActiveTokens: () => [] }, null, { notifications: { warn: (text: string) => warned.push(text) } });
    expect(warned).toEqual(["Target the token you attack."]);
  });
});

describe("game.fray.openCard's refusals name what is wrong", () => {
  it("answers an unknown kind with the kinds there are (its ruleset's, when it names one)", async () => {
    const answer = await api().openCard({ kind: "torchlight.atack", refs: {}, request: {} });
    expect(answer.ok).toBe(false);
    const reason = (answer as { reason: string }).reason;
    expect(reason).toContain('"torchlight.atack"');
    for (const kind of kinds.cardKinds().filter((k) => k.ruleset === "torchlight")) expect(reason).toContain(kind.id);
    expect(reason).not.toContain("cavaliers.attack");
    const bare = (await api().openCard({ kind: "attack", refs: {}, request: {} })) as { reason: string };
    expect(bare.reason).toContain("cavaliers.attack");
    expect(bare.reason).toContain("torchlight.attack");
  });

  it("names a missing required field (a torchlight attack without its combat) instead of saying no fight is running", async () => {
    const ActorClass = harness.CONFIG.Actor.documentClass as unknown as { create(data: object): Promise<Actor> };
    const elsa = await ActorClass.create({ name: "Elsa", type: "torchlightCharacter" });
    const bandit = await ActorClass.create({ name: "Bandit", type: "torchlightCharacter" });
    const answer = (await api().openCard({ kind: "torchlight.attack", refs: { attacker: { actor: elsa.uuid! }, target: { actor: bandit.uuid! } }, request: {} })) as { ok: boolean; reason: string };
    expect(answer.ok).toBe(false);
    expect(answer.reason).toBe(game.i18n!.format("FRAY.Card.Refused.MissingField", { kind: "torchlight.attack", field: "combat", what: "the id of the running Combat (game.combat.id)" }));
    expect(answer.reason).not.toBe(game.i18n!.localize("FRAY.Torchlight.Refused.NoFight"));
    expect(game.messages!.size).toBe(0);
  });
});
