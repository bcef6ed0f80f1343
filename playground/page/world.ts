/**
 * Builds the chosen ruleset's table in the freshly booted stand-in: the two players, the
 * characters and foes, the scene with their tokens, and the combat in the tracker. Documents are
 * created as the GM, through the same calls a GM's client makes.
 */
import { placeToken } from "../foundry/tokens.js";
import { SCENARIOS, type RulesetId } from "./scenarios.js";

/** The few document methods the page calls, as the stand-in implements them. */
export interface Doc {
  id: string;
  uuid: string;
  name: string;
  type: string;
  img?: string;
  ownership: Record<string, number>;
  testUserPermission(user: unknown, level: string): boolean;
  sheet: { rendered: boolean; element: HTMLElement; render(options: object): Promise<{ element: HTMLElement }>; close(): Promise<unknown> };
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[]>;
}
export interface TokenDoc extends Doc {
  x: number;
  y: number;
  actor: Doc;
  disposition: number;
}
export interface SceneDoc extends Doc {
  width: number;
  height: number;
  tokens: { contents: TokenDoc[] };
  regions: { contents: { name: string; color?: string; shapes: { x: number; y: number; width: number; height: number }[] }[] };
}
export type Token = ReturnType<typeof placeToken>;

export interface Table {
  ruleset: RulesetId;
  users: { gm: string; ada: string; bob: string };
  scene: SceneDoc;
  /** The drawn token of each TokenDocument, by its id: what a click targets. */
  tokens: Map<string, Token>;
  combat: Doc;
}

type Data = Record<string, unknown>;

/** A compendium document as a world import: without the pack's _key fields and its own _id. */
function importable(document: Data): Data {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "_key").map(([key, v]) => [key, strip(v)]));
    return value;
  };
  const { _id: _unused, ...rest } = strip(document) as Data;
  return rest;
}

const packs = new Map<string, Promise<Data[]>>();
function pack(name: string): Promise<Data[]> {
  let documents = packs.get(name);
  if (!documents) {
    documents = fetch(`/packs/${name}.json`).then((response) => {
      if (!response.ok) throw new Error(`The pack ${name} is not served (${response.status})`);
      return response.json() as Promise<Data[]>;
    });
    packs.set(name, documents);
  }
  return documents;
}

async function fromPack(name: string, documentName: string): Promise<Data> {
  const found = (await pack(name)).find((document) => document.name === documentName);
  if (!found) throw new Error(`The pack ${name} has no ${documentName}`);
  return importable(found);
}

interface Globals {
  CONFIG: { Actor: { documentClass: { create(data: object): Promise<Doc> } }; Combat: { documentClass: { create(data: object): Promise<Doc & { startCombat(): Promise<unknown> }> } } };
  Scene: { create(data: object): Promise<SceneDoc> };
}

/** A scene's Areas with the given lines made shut doors, listed on both Areas as a door must be (docs/play/areas.md). */
function withDoors(scene: Data, doors: [string, string][]): Data {
  type Line = { to: string; kind: string; open: boolean; transparent: boolean; cover: number };
  const copy = structuredClone(scene) as Data & { regions: { behaviors: { system: { areaId: string; connections: Line[] } }[] }[] };
  for (const region of copy.regions)
    for (const behavior of region.behaviors) {
      const here = behavior.system.areaId;
      for (const [a, b] of doors) {
        if (here !== a && here !== b) continue;
        const there = here === a ? b : a;
        const line = behavior.system.connections.find((c) => c.to === there);
        if (line) Object.assign(line, { kind: "door", open: false, transparent: false });
        else behavior.system.connections.push({ to: there, kind: "door", open: false, transparent: false, cover: 0 });
      }
    }
  return copy;
}

/** Make the table for `ruleset` in a world just booted, as the GM. */
export async function setUpTable(ruleset: RulesetId): Promise<Table> {
  const harness = window.harness;
  if (!harness) throw new Error("The Foundry stand-in has not booted");
  const g = globalThis as unknown as Globals;
  const gm = harness.game.user as unknown as { id: string };
  const ada = harness.createUser({ name: "Ada", role: "PLAYER" }) as unknown as { id: string };
  const bob = harness.createUser({ name: "Bob", role: "PLAYER" }) as unknown as { id: string };
  const scenario = SCENARIOS[ruleset];

  // Players see each other's characters (observer) and only the foes' tokens (limited), as many tables set it.
  const characters = await Promise.all(
    scenario.characters.map(async (character, index) => {
      const data = "data" in character ? character.data : await fromPack(character.pack, character.name);
      const owner = index === 0 ? ada.id : bob.id;
      return g.CONFIG.Actor.documentClass.create({ ...data, ownership: { default: 2, [owner]: 3 } });
    }),
  );
  const foes = [];
  for (const foe of scenario.foes) foes.push(await g.CONFIG.Actor.documentClass.create({ ...(await fromPack(foe.pack, foe.name)), ownership: { default: 1 } }));
  const fighters = [...characters, ...foes];

  const sceneData: Data = scenario.scene ? withDoors("data" in scenario.scene ? scenario.scene.data : await fromPack(scenario.scene.pack, scenario.scene.name), scenario.scene.doors ?? []) : { name: "The fight", width: 1200, height: 700, grid: { type: 1, size: 100, distance: 5, units: "ft" }, regions: [] };
  const scene = await g.Scene.create({ ...sceneData, active: true, tokens: [] });
  const perArea = new Map<string, number>();
  const place = (index: number): { x: number; y: number } => {
    const area = scenario.scene?.areas[index];
    const region = area ? scene.regions.contents.find((r) => (r as unknown as { behaviors: { contents: { system: { areaId?: string } }[] } }).behaviors.contents.some((b) => b.system.areaId === area)) : undefined;
    const rect = region?.shapes[0];
    // Two fighters in one Area stand one above the other (their names side by side would overlap); without Areas, the party on the left, the foes on the right.
    if (rect && area) {
      const before = perArea.get(area) ?? 0;
      perArea.set(area, before + 1);
      return { x: rect.x + 100, y: rect.y + 100 + before * 300 };
    }
    return index < characters.length ? { x: 200, y: 150 + index * 250 } : { x: 900, y: 150 + (index - characters.length) * 250 };
  };
  const tokenData = fighters.map((actor, index) => ({ name: actor.name, actorId: actor.id, actorLink: true, disposition: index < characters.length ? 1 : -1, ...place(index) }));
  const tokenDocs = await scene.createEmbeddedDocuments("Token", tokenData);
  const tokens = new Map<string, Token>();
  tokenDocs.forEach((token, index) => tokens.set(token.id, placeToken(fighters[index] as never, { document: token as never })));

  const combat = await g.CONFIG.Combat.documentClass.create({ active: true, scene: scene.id });
  await combat.createEmbeddedDocuments(
    "Combatant",
    tokenDocs.map((token, index) => ({ actorId: fighters[index]!.id, tokenId: token.id, sceneId: scene.id, name: token.name })),
  );
  // Beyond the Torchlight's grid and attacks follow a started combat; the other rulesets begin from the tracker.
  if (scenario.combatGrid) await combat.startCombat();
  await harness.flush();
  return { ruleset, users: { gm: gm.id, ada: ada.id, bob: bob.id }, scene: (harness.game as unknown as { scenes: { get(id: string): SceneDoc } }).scenes.get(scene.id), tokens, combat };
}
