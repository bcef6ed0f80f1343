/**
 * Unlinked tokens in every ruleset, as a real table has them (issue 33): two tokens of one pack NPC
 * dragged onto a scene (unlinked and numbered, as the pack says) and a player character's token
 * (linked, as Fray makes a character). Each NPC token keeps its own tracks and statuses, the
 * character's sheet shows her damage, Undo restores the right token, and a character token the GM
 * left unlinked fights on its copy, as Foundry v13 has it.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import type { TokenDocument } from "../../playground/foundry/scene.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import { bootWorld, playRuleset, type ActorData } from "./world.js";

let changes: typeof import("../../src/foundry/cards/changes.js");
let fighter: typeof import("../../src/foundry/combat/fighter.js");
const world = bootWorld("every");
const { harness, game } = world;
beforeAll(async () => {
  changes = await import("../../src/foundry/cards/changes.js");
  fighter = await import("../../src/foundry/combat/fighter.js");
});

type Token = TokenDocument & { actor: Fighter; actorLink: boolean; name: string };
type Fighter = Actor & { isToken: boolean; statuses: Set<string>; getActiveTokens(linked?: boolean, document?: boolean): unknown[] };

/** One NPC of each ruleset's pack, and the track its token's first bar shows. */
const PACK_NPC: Record<RulesetId, { file: string; track: string }> = {
  cavaliers: { file: "packs/cavaliers-npcs/road-agent.json", track: "yield" },
  drama: { file: "packs/drama-npcs/warrior.json", track: "grit" },
  personal: { file: "packs/personal-npcs/street-thug.json", track: "resolve" },
  torchlight: { file: "packs/torchlight-combatants/bandit-swordsman.json", track: "breath" },
  unhex: { file: "packs/unhex-npcs/bouncer.json", track: "level" },
};

/** A pack document as Foundry imports it: the CLI's `_key`s are not document fields. */
function imported(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, "utf8"), (key, value: unknown) => (key === "_key" ? undefined : value)) as Record<string, unknown>;
}

const trackOf = (actor: Actor, track: string) => (actor.system as Record<string, { value: number }>)[track]!.value;
/** A value the track takes that differs from the one it holds (down if it can, else up). */
const another = (value: number) => (value > 0 ? value - 1 : value + 1);

/** The GM drags the pack NPC twice and the character once onto a scene, as v13 makes their tokens (Actor#getTokenDocument). */
async function table(id: RulesetId) {
  await playRuleset(game, id);
  const npc = await world.actor(imported(PACK_NPC[id]!.file) as ActorData);
  const pc = await world.actor({ name: "Heroine", type: `${id}Character` });
  const drag = async (actor: Actor, extra: object = {}) => (await world.drag(actor, extra as Record<string, unknown>)) as Token;
  const one = await drag(npc);
  const two = await drag(npc);
  const heroine = await drag(pc);
  return { npc, pc, scene: world.scene!, one, two, heroine, drag, track: PACK_NPC[id]!.track };
}

/** A status every ruleset's token HUD offers. */
const aStatus = () => (harness.CONFIG as unknown as { statusEffects: { id: string }[] }).statusEffects[0]!.id;

describe.each(Object.keys(PACK_NPC) as RulesetId[])("%s: two unlinked tokens of one pack NPC and a linked character", (id) => {
  it("the pack's NPC gives numbered unlinked tokens, each its own synthetic actor; the character's token is her sheet", async () => {
    const { npc, pc, one, two, heroine } = await table(id);
    expect([one.name, two.name]).toEqual([`${npc.name} (1)`, `${npc.name} (2)`]);
    expect([one.actorLink, two.actorLink, heroine.actorLink]).toEqual([false, false, true]);
    expect(one.actor.isToken && two.actor.isToken).toBe(true);
    expect(one.actor).not.toBe(two.actor);
    expect(one.actor.uuid).not.toBe(two.actor.uuid);
    expect(heroine.actor).toBe(pc);
  });

  it("Apply to one NPC token changes its track and statuses only; Undo restores that token; the other and the world NPC never change", async () => {
    const { npc, one, two, track } = await table(id);
    const before = trackOf(one.actor, track);
    const status = aStatus();
    const records = await changes.applyChanges([{ actor: one.actor as never, fields: { [`system.${track}.value`]: another(before) }, statuses: { [status]: true } }]);
    expect(records.map((record) => record.uuid)).toEqual([one.actor.uuid, one.actor.uuid]);
    expect(trackOf(one.actor, track)).toBe(another(before));
    expect(one.actor.statuses.has(status)).toBe(true);
    expect([trackOf(two.actor, track), two.actor.statuses.has(status)]).toEqual([before, false]);
    expect([trackOf(npc, track), (npc as Fighter).statuses.has(status)]).toEqual([before, false]);
    // The token draws its own actor's status, the other token draws none.
    const drawn = (token: Token) => (token as unknown as { object: { effects: { icons: string[] } } }).object.effects.icons.length;
    expect([drawn(one) > 0, drawn(two)]).toEqual([true, 0]);
    await changes.undoChanges(records, {}, (record) => record.key);
    expect([trackOf(one.actor, track), one.actor.statuses.has(status)]).toEqual([before, false]);
  });

  it("Apply to the character's linked token shows on her sheet in the Actors directory", async () => {
    const { pc, heroine, track } = await table(id);
    const before = trackOf(pc, track);
    await changes.applyChanges([{ actor: heroine.actor as never, fields: { [`system.${track}.value`]: another(before) } }]);
    expect(trackOf(game.actors.get(pc.id as string) as Actor, track)).toBe(another(before));
  });

  it("a character token the GM left unlinked fights on its copy, as in Foundry: her sheet does not change", async () => {
    const { pc, drag, track } = await table(id);
    const copy = await drag(pc, { actorLink: false });
    const before = trackOf(pc, track);
    await changes.applyChanges([{ actor: copy.actor as never, fields: { [`system.${track}.value`]: another(before) } }]);
    expect(trackOf(copy.actor, track)).toBe(another(before));
    expect(trackOf(pc, track)).toBe(before);
  });

  it("in a combat, each token is a fighter of its own: its own key, its own actor, and Defeated on one marks its row alone", async () => {
    const { one, two, heroine } = await table(id);
    const { combatants: made } = await world.fight([one, two, heroine]);
    expect(made.map((combatant) => fighter.fighterKey(combatant as never))).toEqual([one, two, heroine].map((token) => `Token:${token.id}`));
    expect(made.map((combatant) => combatant.actor)).toEqual([one.actor, two.actor, heroine.actor]);
    expect(new Set(made.map((combatant) => combatant.actor)).size).toBe(3);
    // The token HUD's Defeated on the second token marks its row alone (the keeper reads the effect's own actor).
    await (two.actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("dead", { active: true });
    await vi.waitFor(() => expect(made.map((combatant) => combatant.defeated)).toEqual([false, true, false]));
  });
});

describe("finding an unlinked token's fighter from its actor alone", () => {
  /** A combat of the three tokens on the table's scene. */
  async function fightOn(id: RulesetId) {
    const setup = await table(id);
    const { combat, combatants: made } = await world.fight([setup.one, setup.two, setup.heroine]);
    return { ...setup, combat, made };
  }

  it("drama: the second bandit's actor is the second bandit's combatant, not the first token of its world actor", async () => {
    const { two, made } = await fightOn("drama");
    const { combatantFor } = await import("../../src/foundry/rulesets/drama/combat/state.js");
    expect(combatantFor(two.actor as never, null)?.combatant).toBe(made[1]);
  });

  it("unhex: the second bouncer's actor fights as the second bouncer", async () => {
    const { two, combat, made } = await fightOn("unhex");
    await combat.startCombat();
    await harness.flush();
    const { fightOf } = await import("../../src/foundry/rulesets/unhex/combat/state.js");
    expect(fightOf(two.actor as never)?.combatant).toBe(made[1]);
  });

  it("areas: an unlinked token's actor stands on its own token", async () => {
    const { two } = await fightOn("cavaliers");
    const { standingToken } = await import("../../src/foundry/areas/service.js");
    expect(standingToken(two.actor as never, null)).toBe(two);
  });
});

describe("cavaliers: an attack card at one of two Road Agents", () => {
  type Message = { system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
  const card = (message: Message) => message.system.toObject() as { state: string; refs: Record<string, { actor: string; token?: string }>; applied: { uuid: string; key: string }[] };
  const sys = (actor: Actor) => actor.system as unknown as { yield: { value: number }; wounds: { value: number } };

  it("names that token's actor, applies Yield to it alone, and Undo restores it; the other Road Agent and the pack's actor never change", async () => {
    const { npc, pc, one, two } = await table("cavaliers");
    const { queueFaces } = await import("../../playground/foundry/dice.js");
    const cavaliers = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
    const cards = await import("../../src/foundry/cards/index.js");
    const [rapier] = (await pc.createEmbeddedDocuments("Item", [
      { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } },
      { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 1, action: "lunge" } },
    ])) as { id: string }[];
    await pc.update({ "system.attributes.verve": 8, "system.competency": 8 });
    const click = async (message: Message, selector: string) => {
      (await message.renderHTML()).querySelector<HTMLElement>(selector)!.click();
      await cards.cardsIdle();
    };
    queueFaces(7, 6, 2, 1); // d8 verve, d8 competency, d8 rank, d8 rapier: 13
    const message = (await cavaliers.postAttack({ attackerUuid: pc.uuid, targetUuid: two.actor.uuid, attack: "lunge", weaponItemId: rapier!.id, combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    // The card names the second Road Agent's own actor (Scene.….Token.….Actor.…), not the pack's.
    expect(Object.values(card(message).refs).map((ref) => ref.actor)).toContain(two.actor.uuid);
    queueFaces(1, 1, 1, 1); // the Road Agent's parry: 4
    await click(message, "[data-fray-action='choose'][data-fray-value='parry']");
    const html = await message.renderHTML();
    html.querySelector<HTMLElement>("[data-entry='inflict-yield'] [data-fray-action='buy']")!.click();
    await cards.cardsIdle();
    html.querySelector<HTMLElement>("[data-fray-action='spend']")!.click();
    await cards.cardsIdle();
    expect(card(message).state).toBe("applied");
    expect(card(message).applied.map((record) => record.uuid)).toEqual([two.actor.uuid]);
    expect([sys(one.actor).yield.value, sys(two.actor).yield.value, sys(npc).yield.value]).toEqual([0, 1, 0]);
    await click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect([sys(one.actor).yield.value, sys(two.actor).yield.value, sys(npc).yield.value]).toEqual([0, 0, 0]);
  });
});

describe("the API: a hotbar macro names an unlinked token's actor by its uuid", () => {
  it("finds that token's actor, and refuses a player who does not own it by its name", async () => {
    const { two } = await table("personal");
    const api = () => (game as unknown as { fray: { rollAction(uuid: string, action: string): Promise<unknown> } }).fray;
    harness.switchUser(harness.createUser({ name: "Ada", role: "PLAYER" }));
    expect(await api().rollAction(two.actor.uuid, "rest")).toBeNull();
    expect(harness.notifications.at(-1)?.message).toBe(game.i18n.format("FRAY.Ui.NotYours", { actor: two.actor.name }));
  });
});

describe("personal: an attack card at one of two Street Thugs, through its token", () => {
  type Message = { system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
  const card = (message: Message) => message.system.toObject() as { state: string; refs: Record<string, { actor: string; token?: string }>; applied: { uuid: string; key: string; before: unknown; after: unknown }[] };
  const resolve = (actor: Actor) => (actor.system as unknown as { resolve: { value: number } }).resolve.value;

  it("takes Resolve off that token's actor alone, and Undo puts it back there", async () => {
    const { npc, pc, one, two } = await table("personal");
    const { queueFaces } = await import("../../playground/foundry/dice.js");
    const personal = await import("../../src/foundry/rulesets/personal/cards/index.js");
    const cards = await import("../../src/foundry/cards/index.js");
    const [sabre] = (await pc.createEmbeddedDocuments("Item", [{ name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } }])) as { id: string }[];
    queueFaces(10, 3, 1); // 12 against Defense 9: a hit; 3 + 1 = 4 off Resolve 6
    const message = (await personal.postAttack({ attacker: { actor: pc.uuid }, target: { actor: two.actor.uuid, token: two.uuid }, weapon: sabre!.id })) as unknown as Message;
    expect(card(message).state).toBe("applied");
    expect(card(message).refs.target).toEqual({ actor: two.actor.uuid, token: two.uuid });
    expect(card(message).applied).toMatchObject([{ uuid: two.actor.uuid, key: "system.resolve.value", before: 6, after: 2 }]);
    expect([resolve(one.actor), resolve(two.actor), resolve(npc)]).toEqual([6, 2, 6]);
    (await message.renderHTML()).querySelector<HTMLElement>("[data-fray-action='undo']")!.click();
    await cards.cardsIdle();
    expect(card(message).state).toBe("undone");
    expect([resolve(one.actor), resolve(two.actor), resolve(npc)]).toEqual([6, 6, 6]);
  });
});
