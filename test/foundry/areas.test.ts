/**
 * Areas on a Foundry scene: the seed 002 nightclub drawn as Regions with `area` behaviours answers
 * range, line of sight and cover exactly as the core does; a token's Area follows it as it is
 * dragged (and the cavaliers actor's Area with it); Move and Run are checked and too-far moves are
 * warned about, not blocked, and worked out on the whole move however many pieces Foundry cuts it
 * into; cavaliers' same-Area, band and cover rules, read from where the tokens stand; a broken map
 * is shown to the GM once and never thrown at players. Also the harness itself: tokens move as
 * Foundry v13 moves them (cut at Area borders, continued piece by piece).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { areaSceneData, pointInArea, type Scene, type TokenDocument } from "../../playground/foundry/scene.js";
import { Hooks } from "../../playground/foundry/hooks.js";
import { holdTokenAnimations, placeToken, pressArrowKey } from "../../playground/foundry/tokens.js";
import { RegionDocument } from "../../playground/foundry/regions.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { middleOf, shippedNightclub } from "./unhex-fixtures.js";
import { NIGHTCLUB, coverAgainst, lineOfSight, rangeBetween, type AreaMap } from "../../src/core/areas/index.js";
import { AIMED_WEAPONS } from "../../src/rules/cavaliers/tables.js";
import type * as Areas from "../../src/foundry/areas/index.js";
import type * as CavaliersAreas from "../../src/foundry/rulesets/cavaliers/areas.js";
import { bootWorld } from "./world.js";

let areas: typeof Areas;
let cavaliersAreas: typeof CavaliersAreas;

const { harness, game } = bootWorld("cavaliers");
beforeAll(async () => {
  areas = await import("../../src/foundry/areas/index.js");
  cavaliersAreas = await import("../../src/foundry/rulesets/cavaliers/areas.js");
});

const ids = NIGHTCLUB.areas.map((a) => a.id);
const at = (id: string, map: AreaMap = NIGHTCLUB) => pointInArea(map.areas.findIndex((a) => a.id === id));

async function sceneOf(map: AreaMap): Promise<Scene> {
  const SceneClass = (globalThis as unknown as { Scene: typeof Scene }).Scene;
  // The active scene, which every client's canvas shows (a placed token is on the canvas only there).
  return (await SceneClass.create({ ...areaSceneData(map), active: true })) as Scene;
}

async function tokenIn(scene: Scene, area: string | null, data: Record<string, unknown> = {}, map: AreaMap = NIGHTCLUB): Promise<TokenDocument> {
  const where = area ? at(area, map) : { x: 3000, y: 2500 };
  const [token] = (await scene.createEmbeddedDocuments("Token", [{ name: `Token ${area ?? "outside"}`, ...where, ...data }])) as TokenDocument[];
  await harness.flush();
  return token as TokenDocument;
}

async function drag(token: TokenDocument, area: string | null, map: AreaMap = NIGHTCLUB): Promise<void> {
  await token.update(area ? at(area, map) : { x: 3000, y: 2500 });
  await harness.flush();
}

async function shippedClub(): Promise<Scene> {
  const SceneClass = (globalThis as unknown as { Scene: typeof Scene }).Scene;
  return (await SceneClass.create(shippedNightclub())) as Scene;
}

/** Each movement the mover's client is asked about (preMoveToken), with the options it came with. */
function recordMovements(): { seen: { chain: number; pending: number; fray: unknown; animate: unknown; place: { x: number; y: number } }[]; stop(): void } {
  const seen: { chain: number; pending: number; fray: unknown; animate: unknown; place: { x: number; y: number } }[] = [];
  const id = Hooks.on("preMoveToken", (_token: unknown, movement: unknown, options: unknown) => {
    const m = movement as { chain: string[]; pending: { waypoints: unknown[] }; destination: { x: number; y: number } };
    const o = options as { fray?: unknown; animate?: unknown };
    seen.push({ chain: m.chain.length, pending: m.pending.waypoints.length, fray: o.fray, animate: o.animate, place: { x: m.destination.x, y: m.destination.y } });
  });
  return { seen, stop: () => Hooks.off("preMoveToken", id) };
}

describe("tokens move as Foundry v13 moves them (the harness)", () => {
  it("cuts a move at each Area border it crosses, continues it piece by piece, and carries on only Foundry's own options", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await tokenIn(scene, "entrance");
    const record = recordMovements();
    await token.update(at("alley"), { animate: false, fray: { ruling: true } });
    await harness.flush();
    record.stop();
    // Entrance (0–300) and alley (400–700) with a gap between: out of one, into the other, then the rest of the way.
    expect(record.seen.map((s) => [s.chain, s.pending])).toEqual([[0, 1], [1, 1], [2, 0]]);
    expect(record.seen.map((s) => s.place)).toEqual([{ x: 250, y: 100 }, { x: 350, y: 100 }, at("alley")]);
    expect(record.seen.map((s) => s.animate)).toEqual([false, false, false]);
    expect(record.seen.map((s) => s.fray)).toEqual([{ ruling: true }, undefined, undefined]);
    expect({ x: token.x, y: token.y }).toEqual(at("alley"));
  });

  it("moves a displacement, a paste and an undo in one piece", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await tokenIn(scene, "entrance");
    const record = recordMovements();
    await (token as unknown as { move(w: object): Promise<boolean> }).move({ ...at("alley"), action: "displace" });
    await token.update(at("entrance"), { isUndo: true });
    await token.update(at("bar"), { isPaste: true });
    await harness.flush();
    record.stop();
    expect(record.seen.map((s) => [s.chain, s.pending, s.place])).toEqual([[0, 0, at("alley")], [0, 0, at("entrance")], [0, 0, at("bar")]]);
  });

  it("moves a token one square per arrow key, cut at a border like any move", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await tokenIn(scene, "entrance");
    const record = recordMovements();
    await pressArrowKey(token, 1, 0);
    await pressArrowKey(token, 1, 0);
    await harness.flush();
    record.stop();
    expect({ x: token.x, y: token.y }).toEqual({ x: at("entrance").x + 200, y: at("entrance").y });
    // The second square leaves the entrance (its centre crosses x = 300 at x = 250): two pieces.
    expect(record.seen.map((s) => [s.chain, s.place.x])).toEqual([[0, 200], [0, 250], [1, 300]]);
  });

  it("a player's own client is the one that continues her move", async () => {
    const scene = await shippedClub();
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    const actor = (await (game.actors.documentClass as unknown as { create(d: object): Promise<{ id: string }> }).create({ name: "Aurore", type: "cavaliersCharacter", ownership: { [player.id]: 3 } }))!;
    const [token] = (await scene.createEmbeddedDocuments("Token", [{ name: "Aurore", actorId: actor.id, actorLink: true, ...middleOf(scene, "bar") }])) as TokenDocument[];
    await harness.flush();
    const movers: string[] = [];
    const id = Hooks.on("preMoveToken", () => void movers.push(String(game.user?.name)));
    harness.switchUser(player);
    await token!.update(middleOf(scene, "pool-tables"));
    harness.switchUser(game.users.contents[0] as never);
    await harness.flush();
    Hooks.off("preMoveToken", id);
    expect(movers).toEqual(["Player", "Player", "Player"]);
  });
});

describe("Region events and continued moves in v13's order (the harness, issue 33 item 5)", () => {
  /** A token of an actor, drawn on the canvas (so its moves animate). */
  async function drawnTokenIn(scene: Scene, area: string): Promise<TokenDocument> {
    const actor = (await (game.actors.documentClass as unknown as { create(d: object): Promise<{ id: string }> }).create({ name: "Aurore", type: "cavaliersCharacter" }))!;
    const token = await tokenIn(scene, area, { actorId: actor.id, actorLink: true });
    placeToken(token.actor as never, { document: token as never });
    return token;
  }

  it("a token's exit and entry are heard after every updateToken hook (TokenDocument._onUpdateOperation), the Regions it stands in already changed", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await tokenIn(scene, "entrance");
    const heard: string[] = [];
    const hook = Hooks.on("updateToken", (doc: unknown) => void heard.push(`update: ${[...(doc as TokenDocument).regions].map((r) => r.name).join()}`));
    const spy = vi.spyOn(RegionDocument.prototype, "_handleEvent").mockImplementation(async function (this: RegionDocument, event) {
      heard.push(`${event.name}: ${this.name}`);
    });
    try {
      await token.update(at("alley"), { fray: { ruling: true } });
      await harness.flush();
    } finally {
      spy.mockRestore();
      Hooks.off("updateToken", hook);
    }
    // Out of the entrance into the gap, into the alley, then within it: each piece's hook first, its Region event after.
    expect(heard).toEqual(["update: ", "tokenExit: Entrance", "update: Alley", "tokenEnter: Alley", "update: Alley"]);
  });

  it("a Region's behaviours handle an event side by side (Promise.allSettled): one waiting or failing holds up none of the others", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const region = scene.regions.contents[0]!;
    await region.createEmbeddedDocuments("RegionBehavior", [{ name: "Trap", type: "executeScript" }]);
    const [first, second] = region.behaviors.contents;
    let fail = (_error: Error) => {};
    const order: string[] = [];
    vi.spyOn(first!, "_handleRegionEvent").mockImplementation(() => new Promise<void>((_resolve, reject) => (fail = reject)).finally(() => void order.push("first done")));
    vi.spyOn(second!, "_handleRegionEvent").mockImplementation(async () => void order.push("second"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const handled = region._handleEvent({ name: "tokenEnter", data: {}, region, user: game.user as never });
      await Promise.resolve();
      expect(order).toEqual(["second"]);
      fail(new Error("the trap jammed"));
      await handled;
      expect(order).toEqual(["second", "first done"]);
      expect(errors).toHaveBeenCalledWith(new Error("the trap jammed"));
    } finally {
      errors.mockRestore();
    }
  });

  it("a continued piece waits for the drawn token's movement animation (TokenDocument#continueMovement, _movementContinuation.waitPromise)", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await drawnTokenIn(scene, "entrance");
    const release = holdTokenAnimations();
    try {
      await token.update(at("alley"), { fray: { ruling: true } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Cut at the entrance's edge; the rest waits while the token is still on its way there.
      expect({ x: token.x, y: token.y }).toEqual({ x: 250, y: 100 });
      expect(token.movement.state).toBe("pending");
    } finally {
      release();
    }
    await harness.flush();
    expect({ x: token.x, y: token.y }).toEqual(at("alley"));
  });

  it("clearing a token's movement history (as the start of its combatant's turn does) stops its move under way: the rest is never sent, and every client hears stopToken", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await drawnTokenIn(scene, "entrance");
    token.updateSource({ _movementHistory: [{ ...at("entrance"), action: "walk" }] } as never);
    const stops: string[] = [];
    const hook = Hooks.on("stopToken", () => void stops.push(String(game.user?.name)));
    const release = holdTokenAnimations();
    try {
      await token.update(at("alley"), { fray: { ruling: true } });
      await (token as unknown as { clearMovementHistory(): Promise<void> }).clearMovementHistory();
    } finally {
      release();
      Hooks.off("stopToken", hook);
    }
    await harness.flush();
    expect({ x: token.x, y: token.y }).toEqual({ x: 250, y: 100 });
    expect([token.movement.state, token._source._movementHistory]).toEqual(["stopped", []]);
    expect(stops).toEqual([String(game.user?.name)]);
  });
});

// The harness documents are typed by the harness; the functions under test by fvtt-types.
const asToken = (token: TokenDocument) => token as unknown as Areas.TokenLike;
const asScene = (scene: Scene) => scene as unknown as Parameters<typeof areas.sceneAreaMap>[0];

describe("the nightclub as Regions", () => {
  it("builds the core's map: every pair has the core's range, line of sight and cover", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const { map, problems } = areas.sceneAreaMap(asScene(scene));
    expect(problems).toEqual([]);
    for (const a of ids) {
      for (const b of ids) {
        expect(rangeBetween(map, a, b), `range ${a}→${b}`).toBe(rangeBetween(NIGHTCLUB, a, b));
        expect(lineOfSight(map, a, b), `sight ${a}→${b}`).toBe(lineOfSight(NIGHTCLUB, a, b));
        expect(coverAgainst(map, a, b), `cover ${a}→${b}`).toEqual(coverAgainst(NIGHTCLUB, a, b));
      }
    }
  });

  it("answers for two tokens what the core answers for their Areas", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const attacker = await tokenIn(scene, "entrance");
    const target = await tokenIn(scene, "bar");
    for (const [from, to] of [["dj-booth", "bar"], ["dance-floor", "bar"], ["bar", "dance-floor"], ["alley", "bar"], ["alley", "kitchen"], ["catwalk", "dance-floor"], ["bar", "bar"]] as const) {
      await drag(attacker, from);
      await drag(target, to);
      const context = areas.areaContext(asToken(attacker), asToken(target));
      expect(context, `${from}→${to}`).toEqual({
        range: rangeBetween(NIGHTCLUB, from, to),
        cover: coverAgainst(NIGHTCLUB, from, to).value,
        lineOfSight: lineOfSight(NIGHTCLUB, from, to),
        attackerArea: { id: from, name: NIGHTCLUB.areas.find((a) => a.id === from)?.name },
        targetArea: { id: to, name: NIGHTCLUB.areas.find((a) => a.id === to)?.name },
      });
    }
    // The seed's examples, spelled out.
    await drag(attacker, "dj-booth");
    expect(areas.areaContext(asToken(attacker), asToken(target))).toMatchObject({ range: 2, cover: 1, lineOfSight: true });
    await drag(attacker, "alley");
    expect(areas.areaContext(asToken(attacker), asToken(target))?.lineOfSight).toBe(false);
  });

  it("fits the attack dialog's lookup: placeable tokens in, {range, cover} out", async () => {
    const lookup: (a: Token.Implementation, b: Token.Implementation) => { range: number; cover: number } | null = areas.areaLookup;
    const scene = await sceneOf(NIGHTCLUB);
    const shooter = await tokenIn(scene, "dj-booth");
    const target = await tokenIn(scene, "bar");
    // A placeable Token carries its document; the lookup reads through it.
    const placeable = (document: TokenDocument) => ({ document }) as unknown as Token.Implementation;
    expect(lookup(placeable(shooter), placeable(target))).toMatchObject({ range: 2, cover: 1 });
  });

  it("has no answer for a token outside every Area", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const inside = await tokenIn(scene, "bar");
    const outside = await tokenIn(scene, null);
    expect(areas.tokenArea(asToken(outside))).toBeNull();
    expect(areas.areaContext(asToken(inside), asToken(outside))).toBeNull();
  });
});

describe("a token's Area follows it", () => {
  it("records the Area on the token and on the cavaliers actor as the GM drags it", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const actor = (await (game.actors.documentClass as unknown as { create(d: object): Promise<{ id: string; system: { area: string } }> }).create({ name: "Marguerite", type: "cavaliersCharacter" }))!;
    const token = await tokenIn(scene, "entrance", { actorId: actor.id, actorLink: true });
    expect(areas.tokenArea(asToken(token))).toBe("entrance");
    expect(actor.system.area).toBe("Entrance");

    await drag(token, "dance-floor");
    expect(areas.tokenArea(asToken(token))).toBe("dance-floor");
    expect(actor.system.area).toBe("Dance floor");

    await drag(token, null);
    expect(areas.tokenArea(asToken(token))).toBeNull();
    expect(token.getFlag("fray", "area")).toBeUndefined();
    expect(actor.system.area).toBe("");
  });

  it("is found when an Area is drawn under a token already standing there", async () => {
    const SceneClass = (globalThis as unknown as { Scene: typeof Scene }).Scene;
    const scene = (await SceneClass.create({ name: "Empty" })) as Scene;
    const token = await tokenIn(scene, "entrance");
    expect(areas.tokenArea(asToken(token))).toBeNull();
    const [region] = await scene.createEmbeddedDocuments("Region", [{ name: "Hall", shapes: [{ type: "rectangle", x: 0, y: 0, width: 300, height: 300 }] }]);
    await harness.flush();
    expect(areas.tokenArea(asToken(token))).toBeNull(); // a Region without an Area behaviour is no Area
    await region!.createEmbeddedDocuments("RegionBehavior", [{ name: "Hall", type: "area", system: { areaId: "hall" } }]);
    await harness.flush();
    expect(areas.tokenArea(asToken(token))).toBe("hall");
  });

  it("keeps the actor's Area right whichever of a move's exit and entry is handled last", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const actor = (await (game.actors.documentClass as unknown as { create(d: object): Promise<{ id: string; system: { area: string } }> }).create({ name: "Marguerite", type: "cavaliersCharacter" }))!;
    const token = await tokenIn(scene, "bar", { actorId: actor.id, actorLink: true });
    await drag(token, "kitchen");
    expect(actor.system.area).toBe("Kitchen");
    const region = (name: string) => scene.regions.find((r) => r.name === name)!;
    const user = game.user as never;
    // The bar's exit handled again after the kitchen's entry (Foundry starts both without awaiting either).
    await region("Kitchen")._handleEvent({ name: "tokenEnter", data: { token, movement: null }, region: region("Kitchen"), user });
    await region("Bar")._handleEvent({ name: "tokenExit", data: { token, movement: null }, region: region("Bar"), user });
    expect(actor.system.area).toBe("Kitchen");
  });

  it("follows a player's own token too, written by her client", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const player = harness.createUser({ name: "Player", role: "PLAYER" });
    const actor = (await (game.actors.documentClass as unknown as { create(d: object): Promise<{ id: string; system: { area: string } }> }).create({ name: "Aurore", type: "cavaliersCharacter", ownership: { [player.id]: 3 } }))!;
    const token = await tokenIn(scene, "bar", { actorId: actor.id, actorLink: true });
    harness.switchUser(player);
    await drag(token, "pool-tables");
    expect(areas.tokenArea(asToken(token))).toBe("pool-tables");
    expect(actor.system.area).toBe("Pool tables");
  });
});

describe("a token's Area is where it stands", () => {
  it("is read from its place, not from a flag its owner may write", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await tokenIn(scene, "bar");
    await token.update({ "flags.fray.area": "catwalk" });
    expect(areas.tokenArea(asToken(token))).toBe("bar");
  });

  it("leaves nothing broken when the token is deleted in an Area: its linked actor stands nowhere", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const actor = (await (game.actors.documentClass as unknown as { create(d: object): Promise<{ id: string; system: { area: string } }> }).create({ name: "Marguerite", type: "cavaliersCharacter" }))!;
    const token = await tokenIn(scene, "bar", { actorId: actor.id, actorLink: true });
    expect(actor.system.area).toBe("Bar");
    await token.delete();
    await harness.flush();
    expect(actor.system.area).toBe("");
  });
});

describe("Move and Run", () => {
  const notices = () => harness.notifications.map((n) => `${n.type}: ${n.message}`);

  it("says nothing of a Move, notes a Run, warns of a longer move and lets it stand", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await tokenIn(scene, "entrance", { name: "Gaspard" });
    await drag(token, "dance-floor");
    expect(notices()).toEqual([]);
    await drag(token, "catwalk"); // dance floor → DJ booth → catwalk: the dashed line is not walked
    expect(notices()).toEqual(["info: Gaspard ran from Dance floor to Catwalk (a Run: two Areas)."]);
    await drag(token, "kitchen"); // catwalk → DJ booth → dance floor → bar → kitchen
    expect(notices()[1]).toBe("warning: Gaspard went from Catwalk to Kitchen: 4 Areas, more than a Run allows. The move stands.");
    expect(areas.tokenArea(asToken(token))).toBe("kitchen");
  });

  it("checks a move made through empty floor against the Area last left", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const token = await tokenIn(scene, "alley", { name: "Gaspard" });
    await drag(token, null);
    await drag(token, "catwalk");
    expect(notices()).toEqual(["warning: Gaspard went from Alley to Catwalk: 4 Areas, more than a Run allows. The move stands."]);
  });

  it("works out a drag on the shipped nightclub as one move, however many pieces it arrives in", async () => {
    const scene = await shippedClub();
    const [token] = (await scene.createEmbeddedDocuments("Token", [{ name: "Gaspard", ...middleOf(scene, "entrance") }])) as TokenDocument[];
    await harness.flush();
    await token!.update(middleOf(scene, "pool-tables")); // across the dance floor: a Run
    await harness.flush();
    expect(notices()).toEqual(["info: Gaspard ran from Entrance to Pool tables (a Run: two Areas)."]);
  });

  it("warns of a move through a shut door", async () => {
    const map: AreaMap = { name: "cellar", areas: [{ id: "cellar", name: "Cellar" }, { id: "stair", name: "Stair" }], connections: [{ from: "cellar", to: "stair", kind: "door", open: false }] };
    const scene = await sceneOf(map);
    const token = await tokenIn(scene, "cellar", { name: "Gaspard" }, map);
    await drag(token, "stair", map);
    expect(notices()).toEqual(["warning: Gaspard went from Cellar to Stair, which cannot be walked to from there. The move stands."]);
    expect(areas.tokenArea(asToken(token))).toBe("stair");
  });
});

describe("cavaliers attacks and Areas", () => {
  const context = (range: number | null, cover = 0, lineOfSight = true): Areas.AreaContext => ({ range, cover, lineOfSight, attackerArea: { id: "a", name: "Bar" }, targetArea: { id: "b", name: "Kitchen" } });

  it("fights Dueling and Brawl within one Area only", () => {
    for (const attack of ["lunge", "feint", "riposte", "brawl"] as const) {
      expect(cavaliersAreas.cavaliersAttackCheck(context(0), attack, null)).toMatchObject({ allowed: true, rangeDrop: 0, coverDrop: 0 });
      const refused = cavaliersAreas.cavaliersAttackCheck(context(1, 1), attack, null);
      expect(refused).toMatchObject({ allowed: false, rangeDrop: 0, coverDrop: 0 });
      expect(refused.reason).toBe("Dueling and Brawl need both fighters in the same Area (Bar and Kitchen are not).");
    }
  });

  it("gives an aimed attack its band's Drop and the cover Drop", () => {
    const pistol = AIMED_WEAPONS["flintlock-pistol"]!;
    const musket = AIMED_WEAPONS["flintlock-musket"]!;
    expect(cavaliersAreas.cavaliersAttackCheck(context(0), "aim", musket)).toMatchObject({ allowed: true, band: "close", rangeDrop: 1, coverDrop: 0 });
    expect(cavaliersAreas.cavaliersAttackCheck(context(2, 1), "aim", pistol)).toMatchObject({ allowed: true, band: "short", rangeDrop: 0, coverDrop: 1 });
    expect(cavaliersAreas.cavaliersAttackCheck(context(3, 2), "aim", pistol)).toMatchObject({ allowed: true, band: "medium", rangeDrop: 2, coverDrop: 2 });
    expect(cavaliersAreas.cavaliersAttackCheck(context(5), "aim", musket)).toMatchObject({ allowed: true, band: "long", rangeDrop: 2 });
    expect(cavaliersAreas.cavaliersAttackCheck(context(5), "aim", pistol)).toMatchObject({ allowed: false, reason: "The weapon cannot reach Long range (Bar to Kitchen)." });
    expect(cavaliersAreas.cavaliersAttackCheck(context(2, 0, false), "aim", pistol)).toMatchObject({ allowed: false, reason: "There is no line of sight from Bar to Kitchen." });
    expect(cavaliersAreas.cavaliersAttackCheck(context(null), "aim", pistol)).toMatchObject({ allowed: false });
  });

  it("adds and refuses nothing without Areas", () => {
    expect(cavaliersAreas.cavaliersAttackCheck(null, "lunge", null)).toEqual({ allowed: true, reason: null, band: null, rangeDrop: 0, coverDrop: 0 });
  });

  it("refuses a Lunge between two Areas when the attack names no token: the fighters' tokens on the scene decide", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const ActorClass = game.actors.documentClass as unknown as { create(d: object): Promise<{ id: string; uuid: string; items: { contents: { id: string }[] } }> };
    const duellist = (await ActorClass.create({ name: "Duellist", type: "cavaliersCharacter", system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8 }, items: [{ name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } }] }))!;
    const guard = (await ActorClass.create({ name: "Guard", type: "cavaliersNpc", system: { npcType: "stock", attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6 } }))!;
    placeToken(duellist as never, { document: (await tokenIn(scene, "bar", { actorId: duellist.id, actorLink: true })) as never });
    placeToken(guard as never, { document: (await tokenIn(scene, "kitchen", { actorId: guard.id, actorLink: true })) as never });
    const { postAttack } = await import("../../src/foundry/rulesets/cavaliers/cards/post.js");
    queueFaces(7, 6, 2, 1);
    const posted = await postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", weaponItemId: duellist.items.contents[0]!.id, combined: [], useAdvantage: false, assists: [], range: 0 });
    expect(posted).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toBe("Dueling and Brawl need both fighters in the same Area (Bar and Kitchen are not).");
  });

  it("reads the Drops off the nightclub for two tokens", async () => {
    const scene = await sceneOf(NIGHTCLUB);
    const shooter = await tokenIn(scene, "dj-booth");
    const target = await tokenIn(scene, "bar");
    const check = cavaliersAreas.cavaliersAttackCheck(areas.areaContext(asToken(shooter), asToken(target)), "aim", AIMED_WEAPONS["flintlock-pistol"]!);
    expect(check).toMatchObject({ allowed: true, band: "short", rangeDrop: 0, coverDrop: 1 });
    expect(cavaliersAreas.cavaliersAttackCheck(areas.areaContext(asToken(shooter), asToken(target)), "lunge", null).allowed).toBe(false);
  });
});

describe("a map with problems", () => {
  const broken: AreaMap = {
    name: "broken",
    areas: [{ id: "hall", name: "Hall" }, { id: "yard", name: "Yard" }],
    connections: [{ from: "hall", to: "garden", kind: "two-way" }, { from: "hall", to: "yard", kind: "two-way" }],
  };

  it("is shown to the GM once, and answers nothing", async () => {
    const scene = await sceneOf(broken);
    const a = await tokenIn(scene, "hall", {}, broken);
    const b = await tokenIn(scene, "yard", {}, broken);
    harness.notifications.length = 0;
    expect(areas.areaContext(asToken(a), asToken(b))).toBeNull();
    expect(areas.areaContext(asToken(a), asToken(b))).toBeNull();
    const errors = harness.notifications.filter((n) => n.type === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('The Areas of scene "broken" cannot be used until they are fixed');
    expect(errors[0]?.message).toContain('unknown area "garden"');
  });

  it("finds the two sides of a line disagreeing", async () => {
    const scene = await sceneOf({ name: "split", areas: [{ id: "a" }, { id: "b" }], connections: [] });
    const [first, second] = scene.regions.contents;
    await first!.behaviors.contents[0]!.update({ "system.connections": [{ to: "b", kind: "two-way", cover: 0 }] });
    await second!.behaviors.contents[0]!.update({ "system.connections": [{ to: "a", kind: "sight", cover: 1 }] });
    expect(areas.sceneAreaMap(asScene(scene)).problems).toEqual(["a – b: one side says two-way, the other sight"]);
  });

  it("is never shown to a player, nor thrown at one", async () => {
    const scene = await sceneOf(broken);
    const a = await tokenIn(scene, "hall", {}, broken);
    const b = await tokenIn(scene, "yard", {}, broken);
    harness.switchUser(harness.createUser({ name: "Player", role: "PLAYER" }));
    harness.notifications.length = 0;
    expect(() => areas.areaContext(asToken(a), asToken(b))).not.toThrow();
    expect(areas.areaContext(asToken(a), asToken(b))).toBeNull();
    expect(harness.notifications).toEqual([]);
  });
});
