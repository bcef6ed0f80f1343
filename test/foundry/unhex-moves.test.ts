/**
 * Moves in an Unhex fight on the nightclub as the pack ships it (rooms with gaps between them), with
 * tokens moved as Foundry v13 moves them: a drag arrives in pieces cut at every Area border, an
 * arrow key moves one square at a time, and only Foundry's own update options follow a move from
 * piece to piece. The GM's client judges each whole move from where the token stood and where it
 * stands: it charges the mover's action (the move card, with its Intercepts) or puts the token back
 * and says why. The GM's put-backs and Undo land in one piece; a ruling counts only from a GM; the
 * Area a card reads is where the token stands, never a flag its owner writes, and a card whose
 * actors stand on the map reads the map, whatever range the player names.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { Hooks } from "../../playground/foundry/hooks.js";
import { dragToken, holdTokenAnimations, pressArrowKey } from "../../playground/foundry/tokens.js";
import { bootUnhex, t, card, itemId, type Message } from "./unhex-fixtures.js";

let cards: typeof import("../../src/foundry/cards/index.js");
let areas: typeof import("../../src/foundry/areas/index.js");
let wholeMoves: typeof import("../../src/foundry/areas/whole-moves.js");
const { harness, game, fx } = bootUnhex({ shipped: true });
beforeAll(async () => {
  cards = await import("../../src/foundry/cards/index.js");
  areas = await import("../../src/foundry/areas/index.js");
  wholeMoves = await import("../../src/foundry/areas/whole-moves.js");
});

type Answer = { ok: boolean; reason?: string; value?: unknown };
const ask = async (kind: string, payload: Record<string, unknown>): Promise<Answer> => (await import("../../src/foundry/relay/index.js")).ask(kind, payload);

/** Every continued piece, every check the GM's client makes and every card step it started, done. */
async function settle(): Promise<void> {
  const idle = (areas as { movesIdle?: () => Promise<void> }).movesIdle;
  for (let i = 0; i < 3; i += 1) {
    await harness.flush();
    await idle?.();
    await cards.cardsIdle();
  }
  await harness.flush();
}

const budget = (name: string) => {
  const id = recordKey(t.combatants.find((c) => c.name === name)!);
  return ((t.combat as unknown as { flags: { fray?: { unhex?: Record<string, { available: number }> } } }).flags.fray?.unhex ?? {})[id];
};
const place = (token: { x: number; y: number }) => ({ x: token.x, y: token.y });
const cardsOf = (kind: string) => (game.messages.contents as unknown as Message[]).filter((m) => (m as unknown as { type: string }).type === "card" && card(m).kind === kind);
const lastMessage = () => game.messages.contents.at(-1) as unknown as Message & { whisper: string[]; content: string };
const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);

/** The positions a token was updated to, in order, as the GM's client hears of them (one entry per update Foundry sends). */
function recordPieces(token: { id: string | null }): { places: { x: number; y: number }[]; stop(): void } {
  const places: { x: number; y: number }[] = [];
  const id = Hooks.on("updateToken", (doc: unknown, changed: unknown) => {
    const moved = changed as { x?: number; y?: number };
    if (game.user?.id !== t.gm.id) return;
    if ((doc as { id: string }).id === token.id && (moved.x !== undefined || moved.y !== undefined)) places.push(place(doc as { x: number; y: number }));
  });
  return { places, stop: () => Hooks.off("updateToken", id) };
}

describe("Foundry v13's order (issue 33 item 5): Region events after updateToken, a continued piece after the animation, a move stopped at the start of a turn", () => {
  it("Ada's drag with a slow animation: the piece at the bar's edge waits, nothing is charged and her move is under way; once the animation ends, one move card, one action, the Guard and the Sniper offered an Intercept", async () => {
    harness.switchUser(t.users.ada);
    const from = place(t.tokens.ada);
    const release = holdTokenAnimations();
    try {
      await dragToken(t.tokens.ada, t.at("pool-tables"));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(place(t.tokens.ada)).not.toEqual(from);
      expect(areas.areaAt(t.tokens.ada as never, place(t.tokens.ada) as never)).toBeNull();
      expect(cardsOf("unhex.move")).toHaveLength(0);
      harness.switchUser(t.gm);
      expect(wholeMoves.moveUnderway(t.tokens.ada as never)).toBe(true);
      harness.switchUser(t.users.ada);
    } finally {
      release();
    }
    await settle();
    expect(place(t.tokens.ada)).toEqual(t.at("pool-tables"));
    const moves = cardsOf("unhex.move");
    expect(moves).toHaveLength(1);
    expect(card(moves[0]!)).toMatchObject({ state: "applied", request: { from: "bar", to: "pool-tables", origin: from } });
    expect((card(moves[0]!).outcome.result as { interceptors: { name: string }[] }).interceptors.map((i) => i.name)).toEqual(["Guard", "Sniper"]);
    expect(budget("Ada")).toMatchObject({ available: 0 });
  });

  it("a turn starting clears Ada's movement history and stops her drag in the gap (Combat#_clearMovementHistoryOnStartTurn): the GM judges it at once, still the bar's, nothing charged; her drag on from there is one move from the bar", async () => {
    harness.switchUser(t.users.ada);
    const from = place(t.tokens.ada);
    const ada = t.combatants.find((c) => c.name === "Ada")!;
    const release = holdTokenAnimations();
    try {
      await dragToken(t.tokens.ada, t.at("pool-tables"));
      expect((t.tokens.ada._source as { _movementHistory: unknown[] })._movementHistory.length).toBeGreaterThan(0);
      // What v13's start-of-turn workflow runs on the active GM's client for the combatant whose turn begins.
      harness.switchUser(t.gm);
      await (t.combat as unknown as { _clearMovementHistoryOnStartTurn(c: unknown, context: object): Promise<void> })._clearMovementHistoryOnStartTurn(ada, { round: 1, turn: 0, skipped: false });
      expect(wholeMoves.moveUnderway(t.tokens.ada as never)).toBe(false);
    } finally {
      release();
    }
    await settle();
    const stopped = place(t.tokens.ada);
    expect(stopped).not.toEqual(from);
    expect(areas.areaAt(t.tokens.ada as never, stopped as never)).toBeNull();
    expect(t.tokens.ada.movement.state).toBe("stopped");
    expect(cardsOf("unhex.move")).toHaveLength(0);
    expect(budget("Ada")?.available ?? 1).toBe(1);
    expect(warnings()).toEqual([]);
    harness.switchUser(t.users.ada);
    await dragToken(t.tokens.ada, t.at("pool-tables"));
    await settle();
    const moves = cardsOf("unhex.move");
    expect(moves).toHaveLength(1);
    expect(card(moves[0]!)).toMatchObject({ state: "applied", request: { from: "bar", to: "pool-tables", origin: from } });
  });
});

describe("a drag across the nightclub's gaps in a fight", () => {
  it("Ada drags from the bar to the pool tables: one move card, one action spent, the Guard and the Sniper offered an Intercept", async () => {
    harness.switchUser(t.users.ada);
    const from = place(t.tokens.ada);
    const pieces = recordPieces(t.tokens.ada);
    await dragToken(t.tokens.ada, t.at("pool-tables"));
    await settle();
    pieces.stop();
    // Foundry cut the drag at the bar's edge and at the pool tables' edge: three updates.
    expect(pieces.places, JSON.stringify(pieces.places)).toHaveLength(3);
    expect(place(t.tokens.ada)).toEqual(t.at("pool-tables"));
    const moves = cardsOf("unhex.move");
    expect(moves).toHaveLength(1);
    expect(card(moves[0]!)).toMatchObject({ state: "applied", request: { from: "bar", to: "pool-tables", origin: from } });
    expect(budget("Ada")).toMatchObject({ available: 0 });
    expect((card(moves[0]!).outcome.result as { interceptors: { name: string }[] }).interceptors.map((i) => i.name)).toEqual(["Guard", "Sniper"]);
    expect(warnings()).toEqual([]);
  });

  it("seed 002 §Rounds: a move is an act: in the hostile team's turn Ada's drag is refused on her client, the token stays and no card opens", async () => {
    harness.switchUser(t.users.ada);
    const ada = t.combatants.find((c) => c.name === "Ada")!;
    await (t.combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([ada.id!]);
    await settle();
    const message = lastMessage();
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 3, 2);
    await fx.choose(t.gm, message, "rolls.hostile", "true", 7, 1);
    await fx.choose(t.users.ada, message, "order", "hostile,friendly");
    harness.switchUser(t.users.ada);
    const from = place(t.tokens.ada);
    await dragToken(t.tokens.ada, t.at("pool-tables"));
    await settle();
    expect(place(t.tokens.ada)).toEqual(from);
    expect(warnings().at(-1)).toContain("It is the Hostile team's turn: Ada of the Friendly team may only react now");
    expect(cardsOf("unhex.move")).toHaveLength(0);
  });

  it("a drag two Areas away, through the gaps, is refused whole on her client: the token stays and no card opens", async () => {
    harness.switchUser(t.users.bob);
    const from = place(t.tokens.bea);
    await dragToken(t.tokens.bea, t.at("pool-tables")); // the entrance, the dance floor, the pool tables
    await settle();
    expect(place(t.tokens.bea)).toEqual(from);
    expect(warnings().at(-1)).toContain("Bea cannot go from Entrance to Pool tables");
    expect(cardsOf("unhex.move")).toHaveLength(0);
    expect(budget("Bea")?.available ?? 1).toBe(1);
  });

  it("a drag to an Area the map does not let her walk to is refused, even when the first piece only reaches the gap", async () => {
    harness.switchUser(t.users.ada);
    const from = place(t.tokens.ada);
    await dragToken(t.tokens.ada, t.at("catwalk")); // a dashed line: sight only
    await settle();
    expect(place(t.tokens.ada)).toEqual(from);
    expect(warnings().at(-1)).toContain('Ada cannot go from Bar to Catwalk: the line between "bar" and "catwalk" carries sight only');
    expect(cardsOf("unhex.move")).toHaveLength(0);
  });

  it("arrow keys take Ada across the gap square by square: the move is charged once, when she stands in the pool tables", async () => {
    harness.switchUser(t.users.ada);
    const from = place(t.tokens.ada);
    let presses = 0;
    while (t.tokens.ada.x < t.at("pool-tables").x && presses < 12) {
      await pressArrowKey(t.tokens.ada, 1, 0);
      await settle();
      presses += 1;
      if (t.tokens.ada.x < 2700 - 50) expect(cardsOf("unhex.move"), `after ${presses} presses`).toHaveLength(0);
    }
    expect(place(t.tokens.ada)).toEqual({ x: t.at("pool-tables").x, y: from.y });
    const moves = cardsOf("unhex.move");
    expect(moves).toHaveLength(1);
    expect(card(moves[0]!)).toMatchObject({ state: "applied", request: { from: "bar", to: "pool-tables" } });
    expect(budget("Ada")).toMatchObject({ available: 0 });
  });

  it("arrow keys from the gap into an Area the map does not allow are refused against the Area she left", async () => {
    harness.switchUser(t.users.ada);
    // Down out of the bar into the gap above the dance floor (her move is still the bar's), then down onto the dance floor: allowed.
    for (let i = 0; i < 4; i += 1) await pressArrowKey(t.tokens.ada, 0, 1);
    await settle();
    expect(cardsOf("unhex.move")).toHaveLength(1);
    expect(card(cardsOf("unhex.move")[0]!).request).toMatchObject({ from: "bar", to: "dance-floor" });
  });
});

describe("the GM's put-backs and rulings across the gaps", () => {
  it("the Guard's Intercept stops Ada where she set out: the put-back lands there in one piece and opens no move card; its Undo returns her in one piece too", async () => {
    harness.switchUser(t.users.ada);
    const from = place(t.tokens.ada);
    await dragToken(t.tokens.ada, t.at("pool-tables"));
    await settle();
    const move = cardsOf("unhex.move")[0]!;
    expect(move).toBeDefined();
    harness.switchUser(t.gm);
    await t.ada.update({ "system.wounds.rightLeg": 8 });
    queueFaces(2, 4);
    await fx.click(move, `[data-fray-action='intercept'][data-fray-actor='${t.guard.uuid}']`);
    const intercept = lastMessage();
    await fx.choose(t.gm, intercept, "damageDie", "units");
    const pieces = recordPieces(t.tokens.ada);
    await fx.choose(t.gm, intercept, "stopIn", "bar");
    await settle();
    expect(card(intercept).state).toBe("applied");
    expect(place(t.tokens.ada)).toEqual(from);
    expect(pieces.places).toEqual([from]);
    expect(cardsOf("unhex.move")).toHaveLength(1);
    pieces.places.length = 0;
    await fx.click(intercept, "[data-fray-action='undo']");
    await settle();
    pieces.stop();
    expect(place(t.tokens.ada)).toEqual(t.at("pool-tables"));
    expect(pieces.places.at(-1)).toEqual(t.at("pool-tables"));
    expect(pieces.places.length).toBeLessThanOrEqual(2); // x and y are put back one field at a time, each in one piece
    expect(cardsOf("unhex.move")).toHaveLength(1);
    expect(warnings()).toEqual([]);
  });

  it("the GM's ruling places Ada on the catwalk across the gaps: every piece is the ruling's, no refusal, no card", async () => {
    harness.switchUser(t.gm);
    await t.tokens.ada.update(t.at("catwalk"), { fray: { ruling: true } });
    await settle();
    expect(place(t.tokens.ada)).toEqual(t.at("catwalk"));
    expect(cardsOf("unhex.move")).toHaveLength(0);
    expect(warnings()).toEqual([]);
  });

  it("the GM holding Alt as she drops Ada on the catwalk places her there, across the gaps, free; a player's Alt is no ruling", async () => {
    // KeyboardManager#isModifierActive: Alt held while the token is dropped.
    const keyboard = { isModifierActive: (modifier: string) => modifier === "Alt" };
    Object.assign(game, { keyboard });
    try {
      harness.switchUser(t.users.bob);
      const from = place(t.tokens.bea);
      await dragToken(t.tokens.bea, t.at("catwalk"));
      await settle();
      expect(place(t.tokens.bea)).toEqual(from);
      expect(warnings().at(-1)).toContain("Bea cannot go from Entrance to Catwalk");
      harness.switchUser(t.gm);
      await dragToken(t.tokens.ada, t.at("catwalk"));
      await settle();
    } finally {
      Object.assign(game, { keyboard: undefined });
    }
    expect(place(t.tokens.ada)).toEqual(t.at("catwalk"));
    expect(cardsOf("unhex.move")).toHaveLength(0);
    expect(warnings()).toHaveLength(1);
  });

  it("on a map with problems moves stand, and nothing is charged or sent back (the GM is told what to fix)", async () => {
    harness.switchUser(t.gm);
    const bar = t.scene.regions.contents.find((r) => r.name === "Bar")!.behaviors.contents[0]!;
    await bar.update({ "system.connections": [{ to: "cellar", kind: "two-way", cover: 0 }] });
    harness.switchUser(t.users.ada);
    await dragToken(t.tokens.ada, t.at("pool-tables"));
    await settle();
    expect(place(t.tokens.ada)).toEqual(t.at("pool-tables"));
    expect(cardsOf("unhex.move")).toHaveLength(0);
    expect(harness.notifications.filter((n) => n.type === "error").map((n) => n.message)).toEqual([expect.stringContaining('unknown area "cellar"')]);
  });

  it("the GM drags the Guard into the pool tables without a ruling: the Guard's action is charged on his move card", async () => {
    harness.switchUser(t.gm);
    await dragToken(t.tokens.guard, t.at("pool-tables"));
    await settle();
    expect(cardsOf("unhex.move")).toHaveLength(1);
    expect(card(cardsOf("unhex.move")[0]!)).toMatchObject({ state: "applied", request: { from: "bar", to: "pool-tables" } });
    expect(budget("Guard")).toMatchObject({ available: 0 });
  });
});

describe("a tampered client in a fight", () => {
  it("a player's own 'ruling' counts for nothing: her illegal move is put back by the GM's client, and she is told why", async () => {
    harness.switchUser(t.users.ada);
    const from = place(t.tokens.ada);
    const restore = Hooks.silence("preMoveToken");
    try {
      await t.tokens.ada.update(t.at("entrance"), { fray: { ruling: true } });
      await settle();
    } finally {
      restore();
    }
    await settle();
    expect(place(t.tokens.ada)).toEqual(from);
    expect(cardsOf("unhex.move")).toHaveLength(0);
    const told = lastMessage();
    expect(told.whisper).toContain(t.users.ada.id);
    expect(told.content).toContain("Ada cannot go from Bar to Entrance");
  });

  it("a client that opens no move card still pays: the GM's client charges the move", async () => {
    harness.switchUser(t.users.ada);
    const restore = Hooks.silence("preMoveToken");
    try {
      await dragToken(t.tokens.ada, t.at("pool-tables"));
      await settle();
    } finally {
      restore();
    }
    expect(cardsOf("unhex.move")).toHaveLength(1);
    expect(budget("Ada")).toMatchObject({ available: 0 });
  });

  it("a client that says more of its move is coming, and sends nothing, is judged where the token stands once the chain goes quiet", async () => {
    const { chainStall } = await import("../../src/foundry/areas/whole-moves.js");
    const saved = chainStall.ms;
    chainStall.ms = 30;
    harness.switchUser(t.users.ada);
    const restore = Hooks.silence("preMoveToken");
    // Her client rewrites each piece's movement to claim one more waypoint (where it already stands), so Foundry's own continuation sends nothing.
    const forge = Hooks.on("preUpdateToken", (doc: unknown, _changes: unknown, options: unknown) => {
      const recorded = (options as { _movement?: Record<string, { destination: object; pending: object }> })._movement;
      const id = (doc as { id: string }).id;
      if (recorded?.[id]) recorded[id] = { ...recorded[id], pending: { ...recorded[id].pending, waypoints: [{ ...recorded[id].destination, action: "walk", checkpoint: true }] } };
    });
    try {
      await t.tokens.ada.update(t.at("pool-tables"), { movement: { [t.tokens.ada.id!]: { waypoints: [{ ...t.at("pool-tables"), action: "displace" }] } } });
      await settle();
      expect(place(t.tokens.ada)).toEqual(t.at("pool-tables"));
      expect(cardsOf("unhex.move")).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 60));
      await settle();
    } finally {
      Hooks.off("preUpdateToken", forge);
      restore();
      chainStall.ms = saved;
    }
    expect(cardsOf("unhex.move")).toHaveLength(1);
    expect(budget("Ada")).toMatchObject({ available: 0 });
  });

  it("a client that says its move goes on and on is judged once the chain has lasted too long", async () => {
    const { chainStall } = await import("../../src/foundry/areas/whole-moves.js");
    const saved = { ...chainStall };
    chainStall.longestMs = 0;
    harness.switchUser(t.users.ada);
    const restore = Hooks.silence("preMoveToken");
    // Her client makes every movement claim to continue her first one, with more still to come.
    let first: string | null = null;
    const forge = Hooks.on("preUpdateToken", (doc: unknown, _changes: unknown, options: unknown) => {
      const recorded = (options as { _movement?: Record<string, { id: string; chain: string[]; destination: object; pending: object }> })._movement;
      const id = (doc as { id: string }).id;
      if (!recorded?.[id]) return;
      first ??= recorded[id].id;
      recorded[id] = { ...recorded[id], chain: recorded[id].id === first ? [] : [first], pending: { ...recorded[id].pending, waypoints: [{ ...recorded[id].destination, action: "walk", checkpoint: true }] } };
    });
    const displace = (to: { x: number; y: number }) => t.tokens.ada.update(to, { movement: { [t.tokens.ada.id!]: { waypoints: [{ ...to, action: "displace" }] } } });
    try {
      await displace(t.at("pool-tables"));
      await settle();
      expect(cardsOf("unhex.move")).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await displace({ x: t.at("pool-tables").x, y: t.at("pool-tables").y + 100 });
      await settle();
    } finally {
      Hooks.off("preUpdateToken", forge);
      restore();
      Object.assign(chainStall, saved);
    }
    expect(cardsOf("unhex.move")).toHaveLength(1);
    expect(card(cardsOf("unhex.move")[0]!).request).toMatchObject({ from: "bar", to: "pool-tables" });
  });

  it("a legal move with no action left is put back", async () => {
    harness.switchUser(t.users.ada);
    await dragToken(t.tokens.ada, t.at("pool-tables"));
    await settle();
    expect(budget("Ada")).toMatchObject({ available: 0 });
    const there = place(t.tokens.ada);
    const restore = Hooks.silence("preMoveToken");
    try {
      await dragToken(t.tokens.ada, t.at("dance-floor"));
      await settle();
    } finally {
      restore();
    }
    expect(place(t.tokens.ada)).toEqual(there);
    expect(cardsOf("unhex.move")).toHaveLength(1);
  });

  it("a disposition her players turn does not change sides: Bea turned hostile is offered no Intercept on Ada, and Ada turned hostile is still the Guard's enemy", async () => {
    harness.switchUser(t.users.bob);
    await t.tokens.bea.update({ disposition: -1 });
    harness.switchUser(t.users.ada);
    await t.tokens.ada.update({ disposition: -1 });
    expect([t.tokens.ada.disposition, t.tokens.bea.disposition]).toEqual([-1, -1]);
    await dragToken(t.tokens.ada, t.at("pool-tables"));
    await settle();
    const moves = cardsOf("unhex.move");
    expect(moves).toHaveLength(1);
    expect((card(moves[0]!).outcome.result as { interceptors: { name: string }[] }).interceptors.map((i) => i.name)).toEqual(["Guard", "Sniper"]);
  });

  it("the Area she writes on her token is not where she stands: her knife does not reach the Sniper from the bar", async () => {
    harness.switchUser(t.users.ada);
    await t.tokens.ada.update({ "flags.fray.area": "catwalk" });
    const before = game.messages.size;
    const answer = await ask("card.open", { kind: "unhex.attack", refs: { attacker: { actor: t.ada.uuid, token: t.tokens.ada.uuid }, target: { actor: t.sniper.uuid, token: t.tokens.sniper.uuid } }, request: { weapon: itemId(t.ada, "Knife") }, roll: null });
    expect(answer.ok).toBe(false);
    expect(game.messages.size).toBe(before);
  });

  it("a door she is not beside stays shut, whatever Area her token's flag names", async () => {
    const house = { name: "House", areas: [{ id: "attic", name: "Attic" }, { id: "hall", name: "Hall" }, { id: "yard", name: "Yard" }], connections: [{ from: "attic", to: "hall", kind: "two-way" as const }, { from: "yard", to: "hall", kind: "door" as const, open: false }] };
    const scene = await fx.scene(house);
    const token = await fx.token(scene, t.ada, "attic", 1, house);
    harness.switchUser(t.users.ada);
    await token.update({ "flags.fray.area": "yard" });
    const answer = await ask("card.open", { kind: "unhex.door", refs: { actor: { actor: t.ada.uuid, token: token.uuid } }, request: { between: ["yard", "hall"], open: true }, roll: null });
    expect(answer.ok).toBe(false);
  });

  it("an attack that leaves the tokens out reads the map the tokens stand on, not the range she names", async () => {
    harness.switchUser(t.users.ada);
    const knife = await ask("card.open", { kind: "unhex.attack", refs: { attacker: { actor: t.ada.uuid }, target: { actor: t.sniper.uuid } }, request: { weapon: itemId(t.ada, "Knife"), range: 0 }, roll: null });
    expect(knife.ok).toBe(false);
    harness.switchUser(t.users.bob);
    const rifle = await ask("card.open", { kind: "unhex.attack", refs: { attacker: { actor: t.bea.uuid }, target: { actor: t.guard.uuid } }, request: { weapon: itemId(t.bea, "Rifle"), range: 1, cover: false }, roll: null });
    expect(rifle.ok).toBe(true);
    const shot = game.messages.get(rifle.value as string) as unknown as Message;
    // The entrance is two Areas from the bar, and the bar has cover against the dance floor's side.
    expect(card(shot).request).toMatchObject({ from: "entrance", to: "bar" });
    expect(card(shot).request.range).toBeUndefined();
  });
});

describe("move claims (issue 34, item 3): where she lands is judged, whatever her client says is still coming", () => {
  /** Her client rewrites each piece's movement: more is coming (`pending`), and every piece after the first continues it (`chain`). */
  function claimingMore(pendingFor: (index: number) => boolean): () => void {
    let first: string | null = null;
    let index = 0;
    const forge = Hooks.on("preUpdateToken", (doc: unknown, _changes: unknown, options: unknown) => {
      const recorded = (options as { _movement?: Record<string, { id: string; chain: string[]; destination: object; pending: { waypoints: object[] } }> })._movement;
      const id = (doc as { id: string }).id;
      if (!recorded?.[id]) return;
      first ??= recorded[id].id;
      const more = pendingFor(index++);
      recorded[id] = { ...recorded[id], chain: recorded[id].id === first ? [] : [first], pending: { ...recorded[id].pending, waypoints: more ? [{ ...recorded[id].destination, action: "walk", checkpoint: true }] : [] } };
    });
    const restore = Hooks.silence("preMoveToken");
    return () => {
      Hooks.off("preUpdateToken", forge);
      restore();
    };
  }
  const displace = (to: { x: number; y: number }) => t.tokens.ada.update(to, { movement: { [t.tokens.ada.id!]: { waypoints: [{ ...to, action: "displace" }] } } });
  /** Ada's knife at an enemy, opened as her client would. */
  const knifeAt = (enemy: "sniper" | "guard") => ask("card.open", { kind: "unhex.attack", refs: { attacker: { actor: t.ada.uuid, token: t.tokens.ada.uuid }, target: { actor: t[enemy].uuid, token: t.tokens[enemy].uuid } }, request: { weapon: itemId(t.ada, "Knife") }, roll: null });

  it("a teleport three Areas away, said to go on, is put back soon after it lands: her knife reaches no one on the catwalk, before or after", async () => {
    const { chainStall } = await import("../../src/foundry/areas/whole-moves.js");
    const saved = { ...chainStall };
    chainStall.refusedMs = 30;
    harness.switchUser(t.users.ada);
    const bar = place(t.tokens.ada);
    const undo = claimingMore(() => true);
    try {
      await displace(t.at("catwalk"));
      await settle();
      expect((await knifeAt("sniper")).reason).toContain("still moving");
      await new Promise((resolve) => setTimeout(resolve, 60));
      await settle();
    } finally {
      undo();
      Object.assign(chainStall, saved);
    }
    // No waiting for the chain to go quiet (15 s): the bar to the catwalk is refused where it landed.
    expect(place(t.tokens.ada)).toEqual(bar);
    expect(cardsOf("unhex.move")).toHaveLength(0);
    expect(budget("Ada")?.available ?? 1).toBe(1);
    expect((await knifeAt("sniper")).ok).toBe(false);
  });

  it("a move said to go on is not read by a card until it ends: her attack from there is refused; 'going on' back home is no move at all", async () => {
    harness.switchUser(t.users.ada);
    const bar = place(t.tokens.ada);
    const undo = claimingMore((index) => index === 0);
    try {
      await displace(t.at("pool-tables"));
      await settle();
      expect(place(t.tokens.ada)).toEqual(t.at("pool-tables"));
      const before = game.messages.contents.length;
      expect(await knifeAt("guard")).toMatchObject({ ok: false, reason: expect.stringContaining("still moving") });
      expect(game.messages.contents.length).toBe(before);
      await displace({ ...bar }); // a copy: v13 writes the id into the update object it is given
      await settle();
    } finally {
      undo();
    }
    expect(place(t.tokens.ada)).toEqual(bar);
    expect(cardsOf("unhex.move")).toHaveLength(0);
    expect(budget("Ada")?.available ?? 1).toBe(1);
    const { moveUnderway } = await import("../../src/foundry/areas/whole-moves.js");
    harness.switchUser(t.gm);
    expect(moveUnderway(t.tokens.ada as never)).toBe(false);
  });
});
