/**
 * Seed 000 §Spending Initiative Points, *Interpose*, at the table: "the character makes herself the
 * target of someone else's attack ... any target in the same Area, or as a combined action with a
 * Move ... in an adjacent Area. Alternately ... prevent an opponent in the same Area from leaving
 * that Area ... A character can Interpose only once per round." The tracker's button asks what she
 * does; the GM re-reads the card, the tokens' places on the canvas, the roster and the clock.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import type { Actor, User } from "../../playground/foundry/index.js";
import type { Combat, Combatant } from "../../playground/foundry/combat.js";
import { clearQueuedFaces, queueFaces } from "../../playground/foundry/dice.js";
import { areaSceneData, pointInArea, type Scene, type TokenDocument } from "../../playground/foundry/scene.js";
import { NIGHTCLUB } from "../../src/core/areas/index.js";
import { giveInitiativePoints } from "./combat-fixtures.js";
import { bootWorld } from "./world.js";

let cavaliers: typeof import("../../src/foundry/rulesets/cavaliers/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");
let relay: typeof import("../../src/foundry/relay/index.js");
let requests: typeof import("../../src/foundry/combat/requests.js");
let hold: typeof import("../../src/foundry/rulesets/cavaliers/combat/hold.js");

const { harness, game } = bootWorld("cavaliers", { users: ["Ada", "Bob"] }, (w) => ({ gm, ada, bob } = w.users));
beforeAll(async () => {
  cavaliers = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
  relay = await import("../../src/foundry/relay/index.js");
  requests = await import("../../src/foundry/combat/requests.js");
  hold = await import("../../src/foundry/rulesets/cavaliers/combat/hold.js");
});

type Message = { id: string; system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
type CardData = { state: string; refs: Record<string, { actor: string; token?: string }>; request: Record<string, unknown>; rules: Record<string, Record<string, unknown>>; outcome: { steps: Record<string, unknown>[]; awaiting?: { choice: string; by: string; offer: { most: number } } } };
const card = (m: Message) => m.system.toObject() as unknown as CardData;
const ip = (a: Actor) => (a.system as unknown as { initiativePoints: number }).initiativePoints;
const warnings = () => harness.notifications.filter((n) => n.type === "warning").map((n) => n.message);
const at = (id: string) => pointInArea(NIGHTCLUB.areas.findIndex((a) => a.id === id));

let gm: User;
let ada: User;
let bob: User;
let duellist: Actor;
let heroine: Actor;
let guard: Actor;

async function make(name: string, type: string, system: Record<string, unknown>, ownership: Record<string, number>): Promise<Actor> {
  const cls = harness.CONFIG.Actor.documentClass as typeof Actor;
  return (await cls.create({ name, type, ownership, system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8, ...system } })) as Actor;
}

beforeEach(async () => {
  duellist = await make("Duellist", "cavaliersCharacter", {}, { default: 1, [ada.id]: 3 });
  heroine = await make("Heroine", "cavaliersCharacter", {}, { default: 1, [bob.id]: 3 });
  guard = await make("Guard", "cavaliersNpc", { npcType: "stock", competency: 6, attributes: { verve: 6, affinity: 6, guile: 6 } }, { default: 1 });
});

interface Table {
  combat: Combat;
  scene: Scene;
  tokens: Record<"duellist" | "heroine" | "guard", TokenDocument>;
  ids: Record<"duellist" | "heroine" | "guard", string>;
  /** Each one's fighter key: what the GM's records of the fight are kept under (issue 34). */
  keys: Record<"duellist" | "heroine" | "guard", string>;
}

/**
 * The nightclub drawn as Areas, the three on tokens where `areas` puts them (friends on friendly
 * tokens, the Guard hostile), Initiative rolled by the GM (Vigilance: Interpose costs 1 IP), the
 * fight begun; each PC has 3 IP. Interpose dialogs are answered with `pick` (their select's value).
 */
async function table(areas: { duellist: string; heroine: string; guard: string }, pick: () => Record<string, string | boolean> = () => ({})): Promise<Table> {
  const SceneClass = (globalThis as unknown as { Scene: typeof Scene }).Scene;
  const scene = (await SceneClass.create({ ...areaSceneData(NIGHTCLUB), active: true })) as Scene;
  const data = (actor: Actor, area: string, disposition: number) => ({ name: actor.name, actorId: actor.id, actorLink: true, disposition, ...at(area) });
  const made = (await scene.createEmbeddedDocuments("Token", [data(duellist, areas.duellist, 1), data(heroine, areas.heroine, 1), data(guard, areas.guard, -1)])) as TokenDocument[];
  await harness.flush();
  const tokens = { duellist: made[0]!, heroine: made[1]!, guard: made[2]! };
  const cls = harness.CONFIG.Combat.documentClass as typeof Combat;
  const combat = (await cls.create({ active: true, scene: scene.id })) as Combat;
  const combatants = (await combat.createEmbeddedDocuments(
    "Combatant",
    (["duellist", "heroine", "guard"] as const).map((role) => ({ actorId: tokens[role].actorId, tokenId: tokens[role].id, sceneId: scene.id, name: tokens[role].name })),
  )) as Combatant[];
  harness.onDialog((dialog) => (dialog.actions.includes("interpose") ? dialog.answer("interpose", pick()) : dialog.answer("roll", { specialty: "vigilance", surprised: false })));
  queueFaces(6, 4, 5, 3, 3, 2);
  await combat.rollInitiative(combatants.map((c) => c.id as string));
  await combat.startCombat();
  await giveInitiativePoints(combat, combatants.slice(0, 2) as never, 3);
  await cards.cardsIdle();
  const [d, h, g] = combatants.map((c) => recordKey(c));
  return { combat, scene, tokens, ids: { duellist: combatants[0]!.id as string, heroine: combatants[1]!.id as string, guard: combatants[2]!.id as string }, keys: { duellist: d!, heroine: h!, guard: g! } };
}

/** The Guard's Lunge on the Heroine, posted by the GM; its defence is awaited. */
async function guardLunges(t: Table): Promise<Message> {
  harness.switchUser(gm);
  queueFaces(5, 4);
  const message = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: heroine.uuid, attackerTokenUuid: t.tokens.guard.uuid, targetTokenUuid: t.tokens.heroine.uuid, attack: "lunge", combined: [], useAdvantage: false, assists: [] } as never)) as unknown as Message;
  expect(card(message).outcome.awaiting).toMatchObject({ choice: "defence", by: "defender" });
  return message;
}

/** Ada's click on her row's Interpose, through the tracker's request (her dialog answered by the table's `pick`). */
async function adaInterposes(t: Table): Promise<void> {
  harness.switchUser(ada);
  await requests.requestAction(t.combat as never, t.combat.combatants.get(t.ids.duellist) as never, "interpose");
  await cards.cardsIdle();
}

/** A forged tracker request from Ada's client, with whatever choice she writes. */
async function forged(t: Table, choice: Record<string, unknown>, combatant = t.ids.duellist) {
  harness.switchUser(ada);
  const answer = await relay.ask("combat.act", { combat: t.combat.id, combatants: [combatant], action: "interpose", choice, roll: null });
  await cards.cardsIdle();
  return answer as { ok: boolean; reason?: string };
}

const dropOn = (message: Message, roll: string) => card(message).outcome.steps.find((s) => s.rule === "drop-total" && s.roll === roll);

describe("seed 000 §Spending Initiative Points, Interpose: she takes the attack", () => {
  it("in her own Area: the card's defender is now her, its defence hers to roll, and 1 IP (Vigilance) is spent", async () => {
    const posted: { id?: string } = {};
    const t = await table({ duellist: "dance-floor", heroine: "dance-floor", guard: "dance-floor" }, () => ({ target: `redirect:${posted.id}` }));
    const message = await guardLunges(t);
    posted.id = message.id;
    await adaInterposes(t);
    expect(card(message).refs.defender!.actor).toBe(duellist.uuid);
    expect(card(message).refs.defender!.token).toBe(t.tokens.duellist.uuid);
    expect(card(message).request.interposed).toEqual({ by: "Duellist", insteadOf: "Heroine", move: false });
    expect(ip(duellist)).toBe(2);
    expect((await message.renderHTML()).textContent).toContain("Duellist interposed: she takes this attack instead of Heroine.");
    // Bob may no longer defend; Ada does, with no Drop for a Move.
    harness.switchUser(bob);
    expect((await cards.chooseOnCard(message as never, "defence", "dodge")).ok).toBe(false);
    harness.switchUser(ada);
    queueFaces(6, 6, 6);
    expect((await cards.chooseOnCard(message as never, "defence", "dodge")).ok).toBe(true);
    expect(card(message).rules.defender).toMatchObject({ name: "Duellist" });
    expect(card(message).rules.defender).not.toHaveProperty("combined");
    expect(dropOn(message, "defence pool")).toMatchObject({ combined: 0 });
  });

  it("from the next Area: the Move's Drop 1 goes on her defence (the map says so, whatever her client sends)", async () => {
    const t = await table({ duellist: "bar", heroine: "dance-floor", guard: "dance-floor" });
    const message = await guardLunges(t);
    expect((await forged(t, { mode: "redirect", message: message.id, moved: false })).ok).toBe(true);
    expect(card(message).request.interposed).toEqual({ by: "Duellist", insteadOf: "Heroine", move: true });
    harness.switchUser(ada);
    queueFaces(6, 6);
    expect((await cards.chooseOnCard(message as never, "defence", "dodge")).ok).toBe(true);
    expect(card(message).rules.defender).toMatchObject({ combined: ["move"] });
    expect(dropOn(message, "defence pool")).toMatchObject({ combined: 1 });
  });
});

describe("seed 000 §Spending Initiative Points, Interpose: held herself", () => {
  it("one an opponent holds in her Area cannot step in from the next Area (her Move is what the hold forbids)", async () => {
    const t = await table({ duellist: "bar", heroine: "dance-floor", guard: "dance-floor" });
    const message = await guardLunges(t);
    harness.switchUser(gm);
    await t.combat.update({ [`flags.fray.cavaliersHolds.${t.keys.duellist}`]: { round: 1, by: t.keys.guard } });
    expect((await forged(t, { mode: "redirect", message: message.id })).reason).toBe("An Interpose holds her in her own Area this round: she cannot Move to step in from the next one.");
    expect(card(message).refs.defender!.actor).toBe(heroine.uuid);
    expect(ip(duellist)).toBe(3);
  });
});

describe("seed 000 §Spending Initiative Points, Interpose: she holds an opponent", () => {
  it("in her Area: the hold is on the Combat for this round; his combined Move is refused, on the card and in the dialog's plan", async () => {
    // The Heroine stands next door in the pool tables (no cover into it, so a Lunge with a Move would reach her).
    const t = await table({ duellist: "dance-floor", heroine: "pool-tables", guard: "dance-floor" }, () => ({ target: `block:${t.ids.guard}` }));
    await adaInterposes(t);
    expect(ip(duellist)).toBe(2);
    const guardCombatant = t.combat.combatants.get(t.ids.guard) as never;
    expect(hold.holdOf(t.combat as never, guardCombatant)).toEqual({ round: 1, by: t.keys.duellist });
    expect(hold.actorHeldInArea(guard as never)).toBe(true);
    harness.switchUser(gm);
    queueFaces(5, 4);
    const closing = await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: heroine.uuid, attackerTokenUuid: t.tokens.guard.uuid, targetTokenUuid: t.tokens.heroine.uuid, attack: "lunge", combined: ["move"], useAdvantage: false, assists: [] } as never);
    expect(closing).toBeUndefined();
    expect(warnings().at(-1)).toMatch(/an Interpose holds her in her Area this round/);
    const { planAttack } = await import("../../src/foundry/rulesets/cavaliers/ui/attack-plan.js");
    const values = { specialty: ":lunge", weapon: "", combined: ["move"], useAdvantage: false, assists: ["", ""], range: 1, cover: 0, rollMode: "publicroll" };
    expect(planAttack(values, { attackerUuid: guard.uuid, targetUuid: heroine.uuid, specialties: {}, weapons: [], woundDrop: 0, advantage: 0, ...(hold.actorHeldInArea(guard as never) ? { heldInArea: true } : {}) }).problems).toContain("An Interpose holds her in her Area this round: no Move or Run.");
    // Next round (the GM's clock) he is free again.
    await t.combat.nextRound();
    expect(hold.actorHeldInArea(guard as never)).toBe(false);
  });
});

describe("forged Interpose requests are refused on the GM's side, and change nothing", () => {
  it("re-pointing a card two Areas away, one already defended, her own attack, or a card that is not there", async () => {
    const t = await table({ duellist: "kitchen", heroine: "dance-floor", guard: "dance-floor" });
    const message = await guardLunges(t);
    const far = await forged(t, { mode: "redirect", message: message.id, moved: true });
    expect(far).toMatchObject({ ok: false, reason: "Heroine is 2 Areas away: an Interpose protects someone in her Area, or in the next one with a Move." });
    expect(card(message).refs.defender!.actor).toBe(heroine.uuid);
    expect(ip(duellist)).toBe(3);
    // Her own attack, and a message she wrote in the card's shape.
    harness.switchUser(gm);
    await t.tokens.duellist.update(at("dance-floor"), { fray: { ruling: true } } as never);
    await harness.flush();
    harness.switchUser(ada);
    queueFaces(6, 5, 4);
    const own = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attackerTokenUuid: t.tokens.duellist.uuid, targetTokenUuid: t.tokens.guard.uuid, attack: "lunge", combined: [], useAdvantage: false, assists: [] } as never)) as unknown as Message;
    expect((await forged(t, { mode: "redirect", message: own.id })).reason).toBe("She cannot interpose in her own attack.");
    expect((await forged(t, { mode: "redirect", message: "nope" })).reason).toBe("That attack card cannot be found; nothing changed.");
    // Defended already: too late.
    harness.switchUser(bob);
    queueFaces(1, 1);
    expect((await cards.chooseOnCard(message as never, "defence", "dodge")).ok).toBe(true);
    expect((await forged(t, { mode: "redirect", message: message.id })).reason).toMatch(/has already rolled a defence|is settled/);
    expect(ip(duellist)).toBe(3);
  });

  it("a hold on the wrong combatant: one on her side, one in another Area, herself, or a choice of no shape", async () => {
    const t = await table({ duellist: "dance-floor", heroine: "dance-floor", guard: "bar" });
    expect((await forged(t, { mode: "block", combatant: t.ids.heroine })).reason).toBe("Heroine fights on her side: an Interpose holds an opponent.");
    expect((await forged(t, { mode: "block", combatant: t.ids.guard })).reason).toBe("Guard is not in her Area: an Interpose holds an opponent in the same Area.");
    expect((await forged(t, { mode: "block", combatant: t.ids.duellist })).reason).toBe("She cannot hold herself.");
    expect((await forged(t, { mode: "block", combatant: "someone" })).reason).toBe("That combatant is not in this fight.");
    expect((await forged(t, { mode: "seize" })).reason).toBe("Choose an attack to take or an opponent to hold; nothing changed.");
    // Another's combatant is not hers to interpose with.
    expect((await forged(t, { mode: "block", combatant: t.ids.guard }, t.ids.heroine)).reason).toBe("Heroine is not yours to roll or act for.");
    expect(ip(duellist)).toBe(3);
    expect(hold.holdOf(t.combat as never, t.combat.combatants.get(t.ids.guard) as never)).toBeUndefined();
  });

  it("a second Interpose in a round, even with the round written on by her client: the GM's clock decides", async () => {
    const t = await table({ duellist: "dance-floor", heroine: "dance-floor", guard: "dance-floor" });
    expect((await forged(t, { mode: "block", combatant: t.ids.guard })).ok).toBe(true);
    expect(ip(duellist)).toBe(2);
    const message = await guardLunges(t);
    harness.switchUser(ada);
    await t.combat.update({ round: 5 });
    await cards.cardsIdle();
    expect((await forged(t, { mode: "redirect", message: message.id })).reason).toBe("Interpose can be bought only once per round.");
    expect(card(message).refs.defender!.actor).toBe(heroine.uuid);
    expect(ip(duellist)).toBe(2);
    // The hold counts in the GM's round 1 only, whatever round her client wrote.
    expect(hold.holdOf(t.combat as never, t.combat.combatants.get(t.ids.guard) as never)).toEqual({ round: 1, by: t.keys.duellist });
    harness.switchUser(gm);
    await t.combat.nextRound();
    expect((await forged(t, { mode: "redirect", message: message.id })).ok).toBe(true);
    expect(ip(duellist)).toBe(1);
  });
});

describe("leave and rejoin (issue 34): her Interpose this round and the hold she made are her fighter's", () => {
  it("she deletes her combatant and creates it again on her token: no second Interpose in the round, and the hold she made still stands", async () => {
    const t = await table({ duellist: "dance-floor", heroine: "dance-floor", guard: "dance-floor" });
    expect((await forged(t, { mode: "block", combatant: t.ids.guard })).ok).toBe(true);
    expect(ip(duellist)).toBe(2);
    const message = await guardLunges(t);
    harness.switchUser(ada);
    const mine = t.combat.combatants.get(t.ids.duellist) as Combatant;
    await mine.delete();
    const [again] = (await t.combat.createEmbeddedDocuments("Combatant", [{ actorId: mine.actorId, tokenId: mine.tokenId, sceneId: mine.sceneId, name: "Duellist", initiative: 99 }])) as Combatant[];
    const { combatsKept } = await import("../../src/foundry/combat/keeper.js");
    await combatsKept();
    expect(recordKey(again!)).toBe(t.keys.duellist);
    expect((await forged(t, { mode: "redirect", message: message.id }, again!.id as string)).reason).toBe("Interpose can be bought only once per round.");
    expect(card(message).refs.defender!.actor).toBe(heroine.uuid);
    expect(ip(duellist)).toBe(2);
    expect(hold.holdOf(t.combat as never, t.combat.combatants.get(t.ids.guard) as never)).toEqual({ round: 1, by: t.keys.duellist });
    expect(again!.initiative).toBe(10);
  });
});

describe("the Interpose dialog", () => {
  it("offers what she may take or hold, and lists the rest with the rules' reasons", async () => {
    const t = await table({ duellist: "dance-floor", heroine: "bar", guard: "bar" });
    await guardLunges(t);
    const { interposeOffers } = await import("../../src/foundry/rulesets/cavaliers/combat/interpose-dialog.js");
    harness.switchUser(ada);
    const { offers } = interposeOffers(t.combat as never, t.combat.combatants.get(t.ids.duellist) as never);
    expect(offers.map((o) => [o.label, o.refusal ?? null])).toEqual([
      ["Take Guard's Lunge on Heroine (a Move from the next Area: Drop 1 on her defence)", null],
      ["Hold Heroine in the Area", "Heroine fights on her side: an Interpose holds an opponent."],
      ["Hold Guard in the Area", "Guard is not in her Area: an Interpose holds an opponent in the same Area."],
    ]);
    expect(warnings()).toEqual([]);
  });
});

describe("seed 000 §Movement, combined with an attack: a Lunge that closes in", () => {
  it("reaches a target in a covered Area (cover hinders only an Aim): the Duellist steps from the dance floor into the bar", async () => {
    const t = await table({ duellist: "dance-floor", heroine: "dance-floor", guard: "bar" });
    harness.switchUser(ada);
    queueFaces(6, 5, 4, 3);
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attackerTokenUuid: t.tokens.duellist.uuid, targetTokenUuid: t.tokens.guard.uuid, attack: "lunge", combined: ["move"], useAdvantage: false, assists: [] } as never)) as unknown as Message | undefined;
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    expect(card(message!).request.cover).toBeUndefined();
    expect(card(message!).outcome.steps.some((s) => s.rule === "close-in")).toBe(true);
  });
});

type Visible = Message & { whisper: string[]; blind: boolean; isContentVisible: boolean };
const combinedOf = (t: Table, role: "duellist" | "heroine" | "guard") => (t.combat.getFlag("fray" as never, "cavaliersCombined" as never) as Record<string, { round: number; actions: string[] }> | undefined)?.[t.keys[role]];

describe("seed 000 §Combined Actions, Drop 4 a round: Interpose's Move counts with the round's other combined actions", () => {
  it("her attack's combined actions are on the GM's record; a Move to step in that passes Drop 4 is refused (dialog and forged), and her wiping the record changes nothing", async () => {
    const t = await table({ duellist: "bar", heroine: "dance-floor", guard: "bar" });
    harness.switchUser(ada);
    queueFaces(6, 5, 4, 3, 2);
    const own = await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attackerTokenUuid: t.tokens.duellist.uuid, targetTokenUuid: t.tokens.guard.uuid, attack: "lunge", combined: ["reload-musket", "draw-weapon"], useAdvantage: false, assists: [] } as never);
    expect(own, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: ["reload-musket", "draw-weapon"] });
    // Her client may write the Combat's round and turn, never its flags: the record stands.
    await t.combat.update({ [`flags.fray.cavaliersCombined.-=${t.keys.duellist}`]: null }).catch(() => undefined);
    expect(combinedOf(t, "duellist")?.actions).toEqual(["reload-musket", "draw-weapon"]);
    harness.switchUser(gm);
    // The GM's word (Alt on the drop): in a fight, a plain drag would be the Guard's Move, out of his turn.
    await t.tokens.guard.update(at("dance-floor"), { fray: { ruling: true } } as never);
    await harness.flush();
    const message = await guardLunges(t);
    const overCap = "She took combined actions of Drop 4 this round: the Move to step in from the next Area would come to Drop 5, over the round's Drop 4.";
    const { interposeOffers } = await import("../../src/foundry/rulesets/cavaliers/combat/interpose-dialog.js");
    harness.switchUser(ada);
    expect(interposeOffers(t.combat as never, t.combat.combatants.get(t.ids.duellist) as never).offers[0]).toMatchObject({ refusal: overCap });
    expect((await forged(t, { mode: "redirect", message: message.id, moved: false })).reason).toBe(overCap);
    expect(card(message).refs.defender!.actor).toBe(heroine.uuid);
    expect(ip(duellist)).toBe(3);
    expect(combinedOf(t, "duellist")?.actions).toEqual(["reload-musket", "draw-weapon"]);
    // Next round (the GM's clock) her record is spent: the Move fits again.
    harness.switchUser(gm);
    await t.combat.nextRound();
    expect((await forged(t, { mode: "redirect", message: message.id })).ok).toBe(true);
    expect(combinedOf(t, "duellist")).toEqual({ round: 2, actions: ["move"] });
  });

  it("the Interpose's Move is on the record: her own attack that round may add Drop 3 more, not Drop 4, and no Run", async () => {
    const t = await table({ duellist: "bar", heroine: "dance-floor", guard: "dance-floor" });
    const message = await guardLunges(t);
    expect((await forged(t, { mode: "redirect", message: message.id })).ok).toBe(true);
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: ["move"] });
    const lunge = (combined: string[]) => {
      queueFaces(6, 5, 4, 3, 2);
      return cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attackerTokenUuid: t.tokens.duellist.uuid, targetTokenUuid: t.tokens.guard.uuid, attack: "lunge", combined, useAdvantage: false, assists: [] } as never);
    };
    harness.switchUser(gm);
    await t.tokens.duellist.update(at("dance-floor"), { fray: { ruling: true } } as never);
    await harness.flush();
    harness.switchUser(ada);
    expect(await lunge(["reload-musket", "draw-weapon"])).toBeUndefined();
    expect(warnings().at(-1)).toMatch(/capped at Drop 4 in a round; this turn comes to Drop 5/);
    expect(await lunge(["run"])).toBeUndefined();
    expect(warnings().at(-1)).toMatch(/moves 3/);
    const fits = (await lunge(["reload-musket"])) as unknown as Message;
    expect(card(fits).rules.attacker).toMatchObject({ combined: ["reload-musket"], combinedThisRound: ["move"] });
    expect(combinedOf(t, "duellist")?.actions).toEqual(["move", "reload-musket"]);
  });
});

describe("seed 000 §Combined Actions, Drop 4 a round: a skill roll or a Flourish counts too, and an Undo takes its share back", () => {
  const check = (kind: "skill" | "flourish", combined: string[]) => {
    clearQueuedFaces();
    // Her d8s (verve, competency) and a helper's d8, one die gone to the Drop 1 before the roll; then the opposition's.
    queueFaces(8, 8, 1, 1, 1);
    return cavaliers.postCheck({ actorUuid: duellist.uuid, kind, opposition: kind === "flourish" ? "easy" : "moderate", combined, assists: [[8]] }) as unknown as Promise<Message | undefined>;
  };
  const lunge = (t: Table, combined: string[]) => {
    clearQueuedFaces();
    queueFaces(6, 5, 4, 3, 2);
    return cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attackerTokenUuid: t.tokens.duellist.uuid, targetTokenUuid: t.tokens.guard.uuid, attack: "lunge", combined, useAdvantage: false, assists: [] } as never) as unknown as Promise<Message | undefined>;
  };

  it("a skill roll's combined actions join her round: her attack that round is held to what is left, and a forged 'nothing earlier' is not read", async () => {
    const t = await table({ duellist: "bar", heroine: "dance-floor", guard: "bar" });
    harness.switchUser(ada);
    const skill = await check("skill", ["reload-musket", "draw-weapon"]);
    expect(skill).toBeTruthy();
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: ["reload-musket", "draw-weapon"] });
    expect(await lunge(t, ["move"])).toBeUndefined();
    expect(warnings().at(-1)).toMatch(/capped at Drop 4 in a round; this turn comes to Drop 5/);
    // Her own request saying she took nothing earlier is not read: the GM's record is.
    const forged = await cards.openCard({ kind: "cavaliers.flourish", refs: { actor: { actor: duellist.uuid } }, request: { specialty: "", combined: ["draw-weapon"], combinedThisRound: [], assists: [] } });
    expect(forged).toMatchObject({ ok: false, reason: expect.stringMatching(/capped at Drop 4 in a round; this turn comes to Drop 5/) });
    expect(combinedOf(t, "duellist")?.actions).toEqual(["reload-musket", "draw-weapon"]);
    // The check dialog says so before she rolls.
    const { CheckDialog } = await import("../../src/foundry/rulesets/cavaliers/ui/check-dialog.js");
    const dialog = new CheckDialog({ actor: duellist as never, kind: "skill" });
    const { planCheck } = await import("../../src/foundry/rulesets/cavaliers/ui/check-dialog.js");
    const plan = planCheck(duellist as never, undefined, { ...dialog.values, combined: ["move"] }, dialog.round());
    expect(plan.request).toBeNull();
    expect(plan.problems).toEqual(["With what she took earlier this round, combined actions come to Drop 5; at most Drop 4 may be taken in a round."]);
  });

  it("held in her Area by an Interpose, a skill roll with a Move is refused on the card and in the dialog", async () => {
    const t = await table({ duellist: "bar", heroine: "dance-floor", guard: "bar" });
    harness.switchUser(gm);
    await t.combat.setFlag("fray" as never, "cavaliersHolds" as never, { [t.keys.duellist]: { round: 1, by: t.keys.guard } } as never);
    harness.switchUser(ada);
    expect(await check("skill", ["move"])).toBeUndefined();
    expect(warnings().at(-1)).toMatch(/Interpose holds her in her Area/);
    const { CheckDialog, planCheck } = await import("../../src/foundry/rulesets/cavaliers/ui/check-dialog.js");
    const dialog = new CheckDialog({ actor: duellist as never, kind: "skill" });
    expect(planCheck(duellist as never, undefined, { ...dialog.values, combined: ["move"] }, dialog.round()).problems).toEqual(["An Interpose holds her in her Area this round: no Move or Run."]);
    expect(await check("skill", ["draw-weapon"])).toBeTruthy();
    expect(combinedOf(t, "duellist")?.actions).toEqual(["draw-weapon"]);
    // The dialog draws the choices and their Drop on the roll; Survival offers none.
    dialog.values = { ...dialog.values, combined: ["reload-pistol"] };
    const shown = (await dialog.render({ force: true })).element;
    expect(shown.querySelectorAll("input[name^='combined.']")).toHaveLength(16);
    expect(shown.querySelector("[data-drop='combined']")?.textContent).toBe("Combined actions put Drop 2 on this roll.");
    const survival = (await new CheckDialog({ actor: duellist as never, kind: "survival" }).render({ force: true })).element;
    expect(survival.querySelectorAll("input[name^='combined.']")).toHaveLength(0);
  });

  it("Undo of an applied Flourish takes its combined actions off this round's record, one each; in a later round it leaves the record alone", async () => {
    const t = await table({ duellist: "bar", heroine: "dance-floor", guard: "bar" });
    harness.switchUser(ada);
    await check("skill", ["draw-weapon"]);
    const flourish = (await check("flourish", ["draw-weapon"]))!;
    expect(flourish, JSON.stringify(warnings())).toBeTruthy();
    expect(card(flourish).request).toMatchObject({ combinedRound: 1 });
    expect(combinedOf(t, "duellist")?.actions).toEqual(["draw-weapon", "draw-weapon"]);
    await cards.chooseOnCard(flourish as never, "style", card(flourish).outcome.awaiting!.offer.most);
    expect(card(flourish).state).toBe("applied");
    await (await flourish.renderHTML()).querySelector<HTMLElement>("[data-fray-action='undo']")!.click();
    await cards.cardsIdle();
    expect(card(flourish).state).toBe("undone");
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: ["draw-weapon"] });
    // Undone in round 2, a round-1 card takes nothing from round 2's record.
    const second = (await check("flourish", ["draw-weapon"]))!;
    await cards.chooseOnCard(second as never, "style", card(second).outcome.awaiting!.offer.most);
    expect(card(second).state).toBe("applied");
    harness.switchUser(gm);
    await t.combat.nextRound();
    harness.switchUser(ada);
    await check("skill", ["draw-weapon"]);
    expect(combinedOf(t, "duellist")).toEqual({ round: 2, actions: ["draw-weapon"] });
    await (await second.renderHTML()).querySelector<HTMLElement>("[data-fray-action='undo']")!.click();
    await cards.cardsIdle();
    expect(card(second).state).toBe("undone");
    expect(combinedOf(t, "duellist")).toEqual({ round: 2, actions: ["draw-weapon"] });
  });

  it("Undo of an applied attack takes its combined actions back, so she may take them again that round", async () => {
    const t = await table({ duellist: "bar", heroine: "dance-floor", guard: "bar" });
    harness.switchUser(ada);
    const attack = (await lunge(t, ["reload-musket", "draw-weapon"]))!;
    expect(combinedOf(t, "duellist")?.actions).toEqual(["reload-musket", "draw-weapon"]);
    harness.switchUser(gm);
    queueFaces(2, 1);
    await cards.chooseOnCard(attack as never, "defence", "parry");
    await cards.cardsIdle();
    while (card(attack).outcome.awaiting) {
      const { choice, by } = card(attack).outcome.awaiting!;
      harness.switchUser(by === "defender" ? gm : ada);
      // The Duellist's landing buys her Yield on the Guard, so the card has something to undo.
      await cards.chooseOnCard(attack as never, choice, choice === "landingSpend" ? ["inflict-yield"] : []);
      await cards.cardsIdle();
    }
    expect(card(attack).state).toBe("applied");
    harness.switchUser(gm);
    await relay.ask("card.undo", { message: attack.id });
    await cards.cardsIdle();
    expect(card(attack).state).toBe("undone");
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: [] });
    harness.switchUser(ada);
    expect(await lunge(t, ["reload-musket", "draw-weapon"])).toBeTruthy();
  });
});

describe("Interpose on a private card: the interposer now sees it, as Foundry v13 shows a whispered roll (ChatMessage#isContentVisible)", () => {
  const lungeOn = (t: Table, from: "guard" | "heroine", on: Actor, onToken: TokenDocument, rollMode: string) => {
    queueFaces(5, 4);
    const attacker = from === "guard" ? guard : heroine;
    return cavaliers.postAttack({ attackerUuid: attacker.uuid, targetUuid: on.uuid, attackerTokenUuid: t.tokens[from].uuid, targetTokenUuid: onToken.uuid, attack: "lunge", combined: [], useAdvantage: false, assists: [], rollMode } as never) as unknown as Promise<Visible>;
  };
  const seenBy = (message: Visible, user: User) => {
    harness.switchUser(user);
    return (game.messages!.get(message.id) as unknown as Visible).isContentVisible;
  };

  it("whispered to the GM (the GM's roll): Ada, who steps in, is added to its recipients and reads it; the target's owner keeps it", async () => {
    const t = await table({ duellist: "dance-floor", heroine: "dance-floor", guard: "dance-floor" });
    harness.switchUser(gm);
    const message = await lungeOn(t, "guard", heroine, t.tokens.heroine, "gmroll");
    expect(seenBy(message, ada)).toBe(false);
    expect((await forged(t, { mode: "redirect", message: message.id })).ok).toBe(true);
    expect(seenBy(message, ada)).toBe(true);
    expect(seenBy(message, bob)).toBe(true);
    expect(message.whisper).toEqual(expect.arrayContaining([gm.id, ada.id, bob.id]));
  });

  it("blind, rolled by a player: the interposer reads it, and its roller reads her declaration while no die is on it", async () => {
    const t = await table({ duellist: "dance-floor", heroine: "dance-floor", guard: "dance-floor" });
    harness.switchUser(bob);
    // Bob's Heroine attacks blind; the Duellist steps in for the Guard (an Interpose protects any target in her Area).
    const message = await lungeOn(t, "heroine", guard, t.tokens.guard, "blindroll");
    expect(message.blind).toBe(true);
    // A declared Lunge has no die yet: a blind roll hides dice, so Bob still reads what he declared (issue 38 item 11).
    expect(seenBy(message, bob)).toBe(true);
    expect(seenBy(message, ada)).toBe(false);
    expect((await forged(t, { mode: "redirect", message: message.id })).ok).toBe(true);
    expect(seenBy(message, ada)).toBe(true);
    expect(seenBy(message, bob)).toBe(true);
    expect(message.blind).toBe(true);
    expect(message.whisper).toContain(bob.id);
  });

  it("public stays public (no whisper list is made)", async () => {
    const t = await table({ duellist: "dance-floor", heroine: "dance-floor", guard: "dance-floor" });
    harness.switchUser(gm);
    const message = await lungeOn(t, "guard", heroine, t.tokens.heroine, "publicroll");
    expect((await forged(t, { mode: "redirect", message: message.id })).ok).toBe(true);
    expect(message.whisper).toEqual([]);
  });
});

describe("seed 000 §Combined Actions: in a fight, a drag into another Area is her Move or Run (issue 34, item 4)", () => {
  const place = (token: TokenDocument) => ({ x: token.x, y: token.y });
  const putBackWhispers = () => game.messages.contents.map((m) => (m as unknown as { content: string }).content).filter((c) => c.includes("fray-put-back"));
  /** Every piece of a move and every check the GM's client made, done. */
  async function settle(): Promise<void> {
    const { movesIdle } = await import("../../src/foundry/areas/index.js");
    for (let i = 0; i < 3; i += 1) {
      await harness.flush();
      await movesIdle();
      await cards.cardsIdle();
    }
  }
  /** A drag from a client that skips its own check (Foundry's preMoveToken), so the GM's client judges it. */
  async function tamperedDrag(token: TokenDocument, to: { x: number; y: number }): Promise<void> {
    const { Hooks } = await import("../../playground/foundry/hooks.js");
    const { dragToken } = await import("../../playground/foundry/tokens.js");
    const restore = Hooks.silence("preMoveToken");
    try {
      await dragToken(token as never, to);
      await settle();
    } finally {
      restore();
    }
  }

  it("her drag into the next Area is her Move, on the GM's record of her round; a Run then is past two Areas and goes back, whispered why", async () => {
    const t = await table({ duellist: "bar", heroine: "bar", guard: "dance-floor" });
    harness.switchUser(ada);
    const { dragToken } = await import("../../playground/foundry/tokens.js");
    await dragToken(t.tokens.duellist as never, at("dance-floor"));
    await settle();
    expect(place(t.tokens.duellist)).toEqual(at("dance-floor"));
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: ["move"] });
    // Her own screen refuses a Run on top of it (three Areas in the turn) and the token stays.
    await dragToken(t.tokens.duellist as never, at("catwalk"));
    await settle();
    expect(place(t.tokens.duellist)).toEqual(at("dance-floor"));
    expect(warnings().at(-1)).toContain("has moved 1 Areas this round");
    // A client that skips that check is put back by the GM's.
    await tamperedDrag(t.tokens.duellist, at("dj-booth"));
    await tamperedDrag(t.tokens.duellist, at("catwalk"));
    expect(place(t.tokens.duellist)).toEqual(at("dj-booth"));
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: ["move", "move"] });
    expect(putBackWhispers().at(-1)).toContain("has moved 2 Areas this round");
  });

  it("in Foundry v13's order (issue 33 item 5): with a slow animation her Move is recorded once the drag is whole, not at the gap; a drag stopped in the gap by the start of a turn records nothing and is put back by no one", async () => {
    const t = await table({ duellist: "bar", heroine: "bar", guard: "dance-floor" });
    const { dragToken, holdTokenAnimations, placeToken } = await import("../../playground/foundry/tokens.js");
    placeToken(t.tokens.duellist.actor as never, { document: t.tokens.duellist as never });
    harness.switchUser(ada);
    let release = holdTokenAnimations();
    try {
      await dragToken(t.tokens.duellist as never, at("dance-floor"));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(place(t.tokens.duellist)).not.toEqual(at("dance-floor"));
      expect(combinedOf(t, "duellist")).toBeUndefined();
    } finally {
      release();
    }
    await settle();
    expect(place(t.tokens.duellist)).toEqual(at("dance-floor"));
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: ["move"] });
    // Back to the bar by the GM's ruling, then a drag the start of a turn stops in the gap (what v13's start-of-turn workflow runs).
    harness.switchUser(gm);
    await t.tokens.duellist.update(at("bar"), { fray: { ruling: true } } as never);
    await settle();
    harness.switchUser(ada);
    release = holdTokenAnimations();
    try {
      await dragToken(t.tokens.duellist as never, at("dance-floor"));
      harness.switchUser(gm);
      await (t.combat as unknown as { _clearMovementHistoryOnStartTurn(c: unknown, context: object): Promise<void> })._clearMovementHistoryOnStartTurn(t.combat.combatants.get(t.ids.duellist), { round: 1, turn: 0, skipped: false });
    } finally {
      release();
    }
    await settle();
    expect(place(t.tokens.duellist)).not.toEqual(at("dance-floor"));
    expect(place(t.tokens.duellist)).not.toEqual(at("bar"));
    expect(combinedOf(t, "duellist")).toEqual({ round: 1, actions: ["move"] });
    expect(putBackWhispers()).toEqual([]);
  });

  it("a drag of three Areas, a drag out of the Area an Interpose holds her in, and a drag out of her turn go back, whispered why; nothing is recorded", async () => {
    const t = await table({ duellist: "bar", heroine: "bar", guard: "dance-floor" });
    harness.switchUser(ada);
    await tamperedDrag(t.tokens.duellist, at("catwalk"));
    expect(place(t.tokens.duellist)).toEqual(at("bar"));
    expect(putBackWhispers().at(-1)).toContain("two Areas at most");
    harness.switchUser(gm);
    await t.combat.update({ [`flags.fray.cavaliersHolds.${t.keys.duellist}`]: { round: 1, by: t.keys.guard } });
    harness.switchUser(ada);
    await tamperedDrag(t.tokens.duellist, at("pool-tables"));
    expect(place(t.tokens.duellist)).toEqual(at("bar"));
    expect(putBackWhispers().at(-1)).toContain("An Interpose holds Duellist");
    // Bob's Heroine acts after the Duellist: not her turn.
    harness.switchUser(bob);
    await tamperedDrag(t.tokens.heroine, at("pool-tables"));
    expect(place(t.tokens.heroine)).toEqual(at("bar"));
    expect(putBackWhispers().at(-1)).toContain("she moves (to Pool tables) on her own turn");
    expect(combinedOf(t, "duellist")).toBeUndefined();
    expect(combinedOf(t, "heroine")).toBeUndefined();
  });
});
