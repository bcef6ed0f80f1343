/**
 * Unlinked tokens in every ruleset, as a real table has them (issue 33): two tokens of one pack NPC
 * dragged onto a scene (unlinked and numbered, as the pack says) and a player character's token
 * (linked, as Fray makes a character). Each NPC token keeps its own tracks and statuses, the
 * character's sheet shows her damage, Undo restores the right token, and a character token the GM
 * left unlinked fights on its copy, as Foundry v13 has it. The same fights played by cards, one
 * each side, are in unlinked-cards.test.ts.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "../../playground/foundry/index.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import { bootWorld } from "./world.js";
import { type Fighter, PACK_NPC, type Token, unlinkedTable } from "./unlinked-table.js";

let changes: typeof import("../../src/foundry/cards/changes.js");
let fighter: typeof import("../../src/foundry/combat/fighter.js");
const world = bootWorld("every");
const { harness, game } = world;
beforeAll(async () => {
  changes = await import("../../src/foundry/cards/changes.js");
  fighter = await import("../../src/foundry/combat/fighter.js");
});

const trackOf = (actor: Actor, track: string) => (actor.system as Record<string, { value: number }>)[track]!.value;
/** A value the track takes that differs from the one it holds (down if it can, else up). */
const another = (value: number) => (value > 0 ? value - 1 : value + 1);

const table = (id: RulesetId) => unlinkedTable(world, id);

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

describe("the API: a hotbar macro names an unlinked token's actor by its uuid", () => {
  it("finds that token's actor, and refuses a player who does not own it by its name", async () => {
    const { two } = await table("personal");
    const api = () => (game as unknown as { fray: { rollAction(uuid: string, action: string): Promise<unknown> } }).fray;
    harness.switchUser(harness.createUser({ name: "Ada", role: "PLAYER" }));
    expect(await api().rollAction(two.actor.uuid, "rest")).toBeNull();
    expect(harness.notifications.at(-1)?.message).toBe(game.i18n.format("FRAY.Ui.NotYours", { actor: two.actor.name }));
  });
});
