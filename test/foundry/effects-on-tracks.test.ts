/**
 * Active Effects on a player's own actor (issue 34 item 5). v13 lets the owner of an actor create
 * and edit its effects; the rules read a track's prepared value while Apply writes its stored one,
 * so an effect overriding Cavaliers Yield to 0 would make her immune. Fray's ActiveEffect declines
 * every change to a track the GM's cards and tracker write (actor/effect.ts, each ruleset's
 * `tracks`): the value shown, read by the rules and written by Apply is the stored one. A change to
 * a rating (what she may edit on her sheet anyway) still applies.
 */
import { describe, expect, it } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { clearQueuedFaces, queueFaces } from "../../playground/foundry/dice.js";
import { getProperty } from "../../playground/foundry/utils.js";
import { RULESET_IDS, type RulesetId } from "../../src/rules/ruleset.js";
import { bootWorld } from "./world.js";

let gm: User;
let ada: User;
const { harness } = bootWorld("every", { users: ["Ada"] }, (w) => ({ gm, ada } = w.users));

const ActorClass = () => harness.CONFIG.Actor.documentClass as typeof Actor;
const OVERRIDE = 5;
const ADD = 2;

/** Per ruleset: her character's stored tracks, the effect's changes to them, and one rating change that applies. */
const CASES: Record<RulesetId, { type: string; system: object; tracks: Array<[string, number, string]>; rating: [string, number, string, unknown] }> = {
  cavaliers: {
    type: "cavaliersCharacter",
    system: { yield: { value: 2 }, wounds: { value: 1 }, initiativePoints: 3, style: 1 },
    tracks: [["system.yield.value", OVERRIDE, "0"], ["system.wounds.value", OVERRIDE, "0"], ["system.initiativePoints", ADD, "50"], ["system.style", ADD, "9"], ["system.advantage", OVERRIDE, "12"]],
    rating: ["system.attributes.verve", OVERRIDE, "10", 10],
  },
  drama: {
    type: "dramaCharacter",
    system: { flesh: { value: 3, max: 6 }, roundsOut: 2, penaltyDice: 2, dramaPoints: 1 },
    tracks: [["system.flesh.value", OVERRIDE, "6"], ["system.roundsOut", OVERRIDE, "0"], ["system.penaltyDice", OVERRIDE, "0"], ["system.dramaPoints", ADD, "10"], ["system.disadvantage", OVERRIDE, "none"]],
    rating: ["system.attributes.physical", ADD, "1", 3],
  },
  unhex: {
    type: "unhexCharacter",
    system: { level: { value: 2, max: 3 } },
    tracks: [["system.level.value", OVERRIDE, "9"], ["system.wounds.head", OVERRIDE, "0"]],
    rating: ["system.level.max", ADD, "1", 4],
  },
  personal: {
    type: "personalCharacter",
    system: { resolve: { value: 4, max: 10 }, fatesIgnored: 1 },
    tracks: [["system.resolve.value", OVERRIDE, "10"], ["system.fatesIgnored", OVERRIDE, "0"]],
    rating: ["system.defense", ADD, "2", 12],
  },
  torchlight: {
    type: "torchlightCharacter",
    system: { breath: { value: 0 }, encounter: { str: 3 }, dying: true, incapacitated: true },
    tracks: [["system.breath.value", OVERRIDE, "3"], ["system.encounter.str", OVERRIDE, "0"], ["system.dying", OVERRIDE, "false"], ["system.incapacitated", OVERRIDE, "false"]],
    rating: ["system.characteristics.str.max", ADD, "2", 12],
  },
};

describe("an Active Effect on a track changes nothing the rules or Apply read (issue 34 item 5)", () => {
  it.each(RULESET_IDS)("%s: her effect on each track is declined (the prepared value is the stored one); her effect on a rating applies", async (id) => {
    const { type, system, tracks, rating } = CASES[id];
    const hero = (await ActorClass().create({ name: "Hero", type, ownership: { default: 0, [ada.id]: 3 }, system })) as Actor;
    const stored = (key: string) => getProperty((hero as unknown as { _source: object })._source, key);
    const prepared = (key: string) => getProperty(hero, key);
    const before = Object.fromEntries(tracks.map(([key]) => [key, prepared(key)]));
    expect(Object.fromEntries(tracks.map(([key]) => [key, stored(key)]))).toEqual(before);
    harness.switchUser(ada);
    const changes = [...tracks, rating].map(([key, mode, value]) => ({ key, mode, value }));
    await (hero as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }).createEmbeddedDocuments("ActiveEffect", [{ name: "Charm", changes }]);
    expect((hero as unknown as { effects: { size: number } }).effects.size).toBe(1);
    for (const [key] of tracks) expect(prepared(key), key).toEqual(before[key]);
    expect(prepared(rating[0])).toEqual(rating[3]);
    // A key above a track (the whole object) is declined too.
    const whole = tracks[0]![0].split(".").slice(0, 2).join(".");
    const { touchesTrack } = await import("../../src/foundry/actor/effect.js");
    expect(touchesTrack(type, whole)).toBe(true);
    expect(touchesTrack(type, rating[0])).toBe(false);
  });
});

describe("Cavaliers: an effect overriding her Yield to 0 does not make her immune", () => {
  it("the Guard's Lunge lands on her stored Yield: the card reads it, Apply adds to it, her sheet shows it", async () => {
    const duellist = (await ActorClass().create({
      name: "Duellist",
      type: "cavaliersCharacter",
      ownership: { default: 0, [ada.id]: 3 },
      system: { attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6, yield: { value: 2 } },
      items: [{ name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 6, melee: true } }],
    })) as Actor;
    const guard = (await ActorClass().create({
      name: "Guard",
      type: "cavaliersNpc",
      ownership: { default: 1 },
      system: { npcType: "major", attributes: { verve: 10, affinity: 6, guile: 6 }, competency: 10 },
      items: [{ name: "Sabre", type: "cavaliersWeapon", system: { itemDie: 10, melee: true } }],
    })) as Actor;
    harness.switchUser(ada);
    await (duellist as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }).createEmbeddedDocuments("ActiveEffect", [{ name: "Unbending", changes: [{ key: "system.yield.value", mode: OVERRIDE, value: "0" }] }]);
    const yieldOf = () => (duellist.system as unknown as { yield: { value: number } }).yield.value;
    expect(yieldOf()).toBe(2);

    const cavaliers = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
    const cards = await import("../../src/foundry/cards/index.js");
    harness.switchUser(gm);
    const sabre = (guard as unknown as { items: { contents: { id: string }[] } }).items.contents[0]!.id;
    const message = (await cavaliers.postAttack({ attackerUuid: guard.uuid, targetUuid: duellist.uuid, attack: "lunge", weaponItemId: sabre, combined: [], useAdvantage: false, assists: [] })) as unknown as { system: { toObject(): Record<string, unknown> } };
    expect(message).toBeTruthy();
    harness.switchUser(ada);
    // Once she has chosen, the GM rolls both pools: the Lunge's three d10 (all 10s), then her Parry's three d6 (all 1s).
    queueFaces(10, 10, 10, 1, 1, 1);
    expect(await cards.chooseOnCard(message as never, "defence", "parry")).toMatchObject({ ok: true });
    clearQueuedFaces();
    harness.switchUser(gm);
    expect(await cards.chooseOnCard(message as never, "spend", ["inflict-yield"])).toMatchObject({ ok: true });
    await cards.cardsIdle();
    const card = message.system.toObject() as { state: string; applied: Array<{ key: string; before: unknown; after: unknown }> };
    expect(card.state).toBe("applied");
    expect(card.applied).toContainEqual(expect.objectContaining({ key: "system.yield.value", before: 2, after: 3 }));
    expect(yieldOf()).toBe(3);
  });
});
