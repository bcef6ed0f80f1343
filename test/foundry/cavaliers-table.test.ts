/**
 * Issue 23 at the cavaliers table: the competency die a roll adds only in a skill the sheet ticks
 * (the Yield Limit reads it always), an attack that closes in with a combined Move between tokens in
 * Areas, the attack dialog's refusals (Dying, the round's cap and movement), and the end of a fight
 * posted when the GM ends the Combat (Yield back to 0, a Dying NPC's fate).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import { queueFaces } from "../../playground/foundry/dice.js";
import { combatFixtures } from "./combat-fixtures.js";
import { bootWorld } from "./world.js";

let cavaliers: typeof import("../../src/foundry/rulesets/cavaliers/cards/index.js");
let cards: typeof import("../../src/foundry/cards/index.js");
let areas: typeof import("../../src/foundry/rulesets/cavaliers/areas.js");
let plan: typeof import("../../src/foundry/rulesets/cavaliers/ui/attack-plan.js");

const { harness, game } = bootWorld("cavaliers", { users: ["Ada"] }, (w) => ({ gm, ada } = w.users));
beforeAll(async () => {
  cavaliers = await import("../../src/foundry/rulesets/cavaliers/cards/index.js");
  cards = await import("../../src/foundry/cards/index.js");
  areas = await import("../../src/foundry/rulesets/cavaliers/areas.js");
  plan = await import("../../src/foundry/rulesets/cavaliers/ui/attack-plan.js");
});

type Message = { id: string; system: { toObject(): Record<string, unknown> }; renderHTML(): Promise<HTMLElement> };
type CardData = { kind: string; state: string; rules: Record<string, unknown>; outcome: { result: Record<string, unknown>; awaiting?: { choice: string; by: string }; dice: { label: string; sides: number }[] }; applied: unknown[] };
const card = (m: Message) => m.system.toObject() as unknown as CardData;
const sys = (a: Actor) => a.system as unknown as { yield: { value: number }; wounds: { value: number } };
const statuses = (a: Actor) => [...(a as unknown as { statuses: Set<string> }).statuses].sort();
const { fight } = combatFixtures(() => harness);

let gm: User;
let ada: User;
let duellist: Actor;
let guard: Actor;

async function make(name: string, type: string, system: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Actor> {
  const cls = harness.CONFIG.Actor.documentClass as typeof Actor;
  return (await cls.create({ name, type, system: { attributes: { verve: 8, affinity: 6, guile: 6 }, ...system }, ...extra })) as Actor;
}

beforeEach(async () => {
  duellist = await make("Duellist", "cavaliersCharacter", { competency: 8 }, {
    ownership: { default: 0, [ada.id]: 3 },
    items: [{ name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "verve", ranks: 1, action: "lunge" } }],
  });
  guard = await make("Guard", "cavaliersNpc", { npcType: "stock", competency: 6, attributes: { verve: 6, affinity: 6, guile: 6 } }, { ownership: { default: 1 } });
});

describe("seed 000 §Yield (RULINGS: Competency die) at the table", () => {
  it("a Lunge in a skill her sheet does not tick rolls without her d8; her Yield Limit still reads it", async () => {
    await duellist.update({ "system.competentSkills": ["Defense", "Military"] });
    harness.switchUser(ada);
    queueFaces(7, 6); // Verve d8 and one rank d8: no competency die
    const message = (await cavaliers.postAttack({ attackerUuid: duellist.uuid, targetUuid: guard.uuid, attack: "lunge", combined: [], useAdvantage: false, assists: [] })) as unknown as Message;
    expect(card(message).rules.attacker).toMatchObject({ competency: 8, competent: false, ranks: 1 });
    // The Guard parries (Defense, ticked by default): Verve d6 and his d6 competency die.
    harness.switchUser(gm);
    queueFaces(1, 1);
    expect((await cards.chooseOnCard(message as never, "defence", "parry")).ok).toBe(true);
    expect(card(message).outcome.dice.filter((d) => d.label === "attack pool").map((d) => d.sides)).toEqual([8, 8]);
    expect(card(message).rules.defender).toMatchObject({ competency: 6 });
    expect(card(message).rules.defender).not.toHaveProperty("competent");
  });
});

describe("seed 000 §Attack: a combined Move closes in, between tokens in Areas", () => {
  const context = (range: number | null, lineOfSight = true) => ({ range, cover: 1, lineOfSight, attackerArea: { id: "a", name: "Bar" }, targetArea: { id: "b", name: "Kitchen" } });

  it("a Lunge one Area away with a Move (or two away with a Run) reaches; a Move does not reach two", () => {
    expect(areas.cavaliersAttackCheck(context(1), "lunge", null, 1)).toMatchObject({ allowed: true, band: "close" });
    expect(areas.cavaliersAttackCheck(context(2), "brawl", null, 2)).toMatchObject({ allowed: true });
    expect(areas.cavaliersAttackCheck(context(2), "brawl", null, 1)).toMatchObject({ allowed: false, reason: expect.stringContaining("same Area") });
    expect(areas.cavaliersAttackCheck(context(1), "lunge", null)).toMatchObject({ allowed: false });
  });

  it("an Aim reads its band where the move ends; after a move, line of sight is the GM's to judge", () => {
    const pistol = { close: 0, short: 0, medium: 2, long: null };
    expect(areas.cavaliersAttackCheck(context(3), "aim", pistol, 1)).toMatchObject({ allowed: true, band: "short", rangeDrop: 0, coverDrop: 1 });
    expect(areas.cavaliersAttackCheck(context(3), "aim", pistol)).toMatchObject({ allowed: true, band: "medium", rangeDrop: 2 });
    expect(areas.cavaliersAttackCheck(context(5), "aim", pistol, 1)).toMatchObject({ allowed: true, band: "medium" });
    expect(areas.cavaliersAttackCheck(context(2, false), "aim", pistol)).toMatchObject({ allowed: false });
    expect(areas.cavaliersAttackCheck(context(2, false), "aim", pistol, 1)).toMatchObject({ allowed: true, band: "short" });
    expect(areas.cavaliersAttackCheck(context(null), "aim", pistol, 1)).toMatchObject({ allowed: false });
  });
});

describe("the attack dialog offers what the rules allow", () => {
  const values = (over: Record<string, unknown> = {}) => ({ specialty: ":lunge", weapon: "", combined: [] as string[], useAdvantage: false, assists: ["", ""], range: 0 as number | null, cover: 0, rollMode: "publicroll", ...over });
  const context = (over: Record<string, unknown> = {}) => ({ attackerUuid: "A", targetUuid: "T", specialties: {}, weapons: [], woundDrop: 0, advantage: 0, ...over });

  it("a Lunge one Area away with a Move goes with its range before the move; without it, it is refused", () => {
    const closing = plan.planAttack(values({ range: 1, combined: ["move"] }), context());
    expect(closing.problems).toEqual([]);
    expect(closing.request).toMatchObject({ range: 1, combined: ["move"] });
    expect(plan.planAttack(values({ range: 1 }), context()).problems).toEqual(["Dueling and Brawl need the target's Area: add a Move or Run to close the distance, or Aim."]);
  });

  it("a Dying attacker or a Dying target, three Areas of movement, and the round's cap are refused", () => {
    expect(plan.planAttack(values(), context({ dying: true })).problems).toEqual(["She is Dying: unconscious for the rest of the fight, she takes no action."]);
    expect(plan.planAttack(values(), context({ targetDying: true })).problems).toEqual(["The target is Dying: out of the fight, she cannot be attacked."]);
    expect(plan.planAttack(values({ combined: ["run", "move"] }), context()).problems).toEqual(["A turn moves at most 2 Areas: a Run, or one or two Moves."]);
    expect(plan.planAttack(values({ combined: ["reload-pistol"] }), context({ combinedThisRound: ["reload-musket"] })).problems).toEqual([
      "With what she took earlier this round, combined actions come to Drop 5; at most Drop 4 may be taken in a round.",
    ]);
    expect(plan.planAttack(values({ combined: ["move"] }), context({ combinedThisRound: ["run"] })).problems).toEqual(["A turn moves at most 2 Areas: a Run, or one or two Moves."]);
    expect(plan.planAttack(values({ combined: ["move"] }), context({ heldInArea: true })).problems).toEqual(["An Interpose holds her in her Area this round: no Move or Run."]);
    expect(plan.planAttack(values({ combined: ["reload-musket", "move"] }), context()).request).not.toBeNull();
  });
});

describe("seed 000 §Yield and §Dying and Death: the GM ends the fight", () => {
  async function endedFight() {
    const bravo = await make("Bravo", "cavaliersNpc", { npcType: "minor", competency: 6, wounds: { value: 4 }, yield: { value: 5 } });
    await duellist.update({ "system.yield.value": 12 });
    await (duellist as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("fray-fights-on", { active: true });
    await guard.update({ "system.yield.value": 2 });
    const { combat } = await fight(duellist as never, guard as never, bravo as never);
    const before = game.messages.size;
    await combat.delete();
    await vi.waitFor(() => expect(game.messages.size).toBe(before + 1));
    await cards.cardsIdle();
    return { bravo, message: game.messages.contents.at(-1) as unknown as Message };
  }

  it("the card waits for the Dying NPC's fate from the GM alone, then resets everyone's Yield; Undo takes it back", async () => {
    const { bravo, message } = await endedFight();
    expect(card(message)).toMatchObject({ kind: "cavaliers.endCombat", state: "open", outcome: { awaiting: { choice: "medicine.c2", by: "c2" } } });
    expect(sys(duellist).yield.value).toBe(12);
    harness.switchUser(ada);
    expect((await message.renderHTML()).querySelector("[data-fray-action='choose']")).toBeNull();
    harness.switchUser(gm);
    const html = await message.renderHTML();
    expect([...html.querySelectorAll<HTMLElement>("[data-fray-action='choose']")].map((b) => `${b.dataset.frayChoice}=${b.dataset.frayValue}:${b.textContent}`)).toEqual(["medicine.c2=saved:Saved with Medicine", "medicine.c2=not-saved:Not saved"]);
    html.querySelector<HTMLElement>("[data-fray-value='not-saved']")!.click();
    await cards.cardsIdle();
    expect(card(message).state).toBe("applied");
    expect([duellist, guard, bravo].map((a) => sys(a).yield.value)).toEqual([0, 0, 0]);
    expect(statuses(bravo)).toContain("dead");
    expect(statuses(duellist)).not.toContain("fray-fights-on");
    expect((await message.renderHTML()).textContent).toContain("Died of their wounds: Bravo");
    await (await message.renderHTML()).querySelector<HTMLElement>("[data-fray-action='undo']")!.click();
    await cards.cardsIdle();
    expect([duellist, guard, bravo].map((a) => sys(a).yield.value)).toEqual([12, 2, 5]);
    expect(statuses(bravo)).not.toContain("dead");
    expect(statuses(duellist)).toContain("fray-fights-on");
  });

  it("an NPC saved with Medicine lives, Stabilised; a fight with no one Dying applies at once", async () => {
    const { bravo, message } = await endedFight();
    expect((await cards.chooseOnCard(message as never, "medicine.c2", "saved")).ok).toBe(true);
    expect(statuses(bravo)).toContain("fray-stabilised");
    expect(statuses(bravo)).not.toContain("dead");
    const calm = await make("Calm", "cavaliersCharacter", { competency: 6, yield: { value: 3 } });
    const { combat } = await fight(calm as never);
    await combat.delete();
    await vi.waitFor(() => expect(sys(calm).yield.value).toBe(0));
    await cards.cardsIdle();
    expect(card(game.messages.contents.at(-1) as unknown as Message).state).toBe("applied");
  });
});
