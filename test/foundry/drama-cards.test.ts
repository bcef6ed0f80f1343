/**
 * The Drama in History cards on the card engine, in the harness, with a GM and two players each on
 * their own client: a melee round played in turn (stances, pools, the blow and its armour roll, the
 * courage test and its Drama Point) applied and undone; a round against several opponents with its
 * split; a shot; a courage test from the sheet; who shoots first. Each card's "Copy as request"
 * replays on the command line.
 */
import { describe, expect, it } from "vitest";
import { clearQueuedFaces, queueFaces } from "../../playground/foundry/dice.js";
import { runCli } from "../../src/cli/run.js";
import { card, bootDrama, gm, ada, bob, ines, berold, odo, fyrd1, fyrd2, type Message, statuses, sys } from "./drama-fixtures.js";
import { diceShown, headlineOf } from "./card-words.js";
import { pickFromMenu } from "./card-menu.js";

const { harness, game, fx } = bootDrama({ cardsInWords: true });

/** The card's copied request, resolved by the command line, prints the card's outcome exactly. */
async function replays(message: Message): Promise<void> {
  await pickFromMenu(message, "FRAY.Card.Copy");
  const copied = (game as unknown as { clipboard: { text: string } }).clipboard.text;
  const printed = runCli(["resolve"], () => copied);
  expect(printed.stderr).toBe("");
  const { ruleset: _r, action: _a, seed: _s, ...outcome } = JSON.parse(printed.stdout) as Record<string, unknown>;
  expect(outcome).toEqual(card(message).outcome);
}

const ODO_POOL = [4, 2, 1];
const INES_POOL = [6, 5, 5, 1, 3, 2, 4];
const ODO_ARMOUR = [1];
const COURAGE = [5, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3];

/** Ada's Ines presses against the GM's Odo, up to the courage test Odo must take. */
async function inesAgainstOdo(): Promise<Message> {
  harness.switchUser(ada);
  const message = await fx.melee(ines, [odo], { weapon: fx.itemId(ines, "Arming sword") });
  harness.switchUser(gm);
  await fx.click(message, "[data-fray-action='choose'][data-fray-value='stand']");
  harness.switchUser(ada);
  await fx.click(message, "[data-fray-action='choose'][data-fray-value='press']");
  harness.switchUser(gm);
  expect(await fx.choose(message, "bPool", {})).toMatchObject({ ok: true });
  // Nothing is rolled until Ines, holding Momentum, has built hers: then every pool is rolled on her client.
  expect(message.rolls).toEqual([]);
  harness.switchUser(ada);
  expect(await fx.choose(message, "aPool", { situations: ["heightAdvantage"], weapon: fx.itemId(ines, "Arming sword") }, ...ODO_POOL, ...INES_POOL, ...ODO_ARMOUR)).toMatchObject({ ok: true });
  return message;
}

describe("the melee round card", () => {
  it("is played in the rulebook's order, each choice offered to its fighter's owners only", async () => {
    harness.switchUser(ada);
    const message = await fx.melee(ines, [odo], { weapon: fx.itemId(ines, "Arming sword") });
    const opened = card(message);
    expect(opened).toMatchObject({ kind: "drama.melee", state: "open", request: { names: { a: "Ines", b: "Odo" } } });
    // Ines is ahead on Grit, so Odo declares first; only the GM (who plays Odo) sees his stances.
    expect(opened.outcome.awaiting).toMatchObject({ choice: "bStance", by: "b" });
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(bob);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(gm);
    expect(await fx.buttons(message)).toEqual(["choose:press", "choose:stand", "choose:brace", "choose:defend", "choose:evade", "dramatic"]);
    await fx.click(message, "[data-fray-action='choose'][data-fray-value='stand']");
    // Ines sees Odo's stance before she declares hers.
    harness.switchUser(ada);
    const html = await message.renderHTML();
    expect(html.textContent).toContain("Odo declares Stand.");
    expect(await fx.buttons(message)).toEqual(["choose:press", "choose:stand", "choose:brace", "choose:defend", "choose:evade", "dramatic"]);
    await fx.click(message, "[data-fray-action='choose'][data-fray-value='press']");
    const declared = card(message);
    expect(declared.outcome.steps.find((s) => s.rule === "round-one-momentum")).toMatchObject({ scores: { Ines: 6, Odo: 2 }, holder: "Ines" });
    expect(declared.outcome.awaiting).toMatchObject({ choice: "bPool", by: "b" });
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(gm);
    expect(await fx.buttons(message)).toEqual(["pool"]);
  });

  it("rolls both pools once both are built (on the last builder's client), then the blow, armour, courage and its Drama Point, and applies it all", async () => {
    const message = await inesAgainstOdo();
    const read = card(message);
    expect(read.outcome.dice.map((d) => d.label)).toEqual([...ODO_POOL.map(() => "Odo base"), ...Array(6).fill("Ines base"), "Ines drama", "Odo armour"]);
    expect(read.outcome.steps.find((s) => s.rule === "flesh-wound")).toMatchObject({ who: "Odo", incoming: 5, blocks: 0, wound: 5, critical: true });
    expect(read.outcome.awaiting).toMatchObject({ choice: "bCourage", by: "b" });
    // Each die says what it counted for: base 5+ a success, a Drama 4 a success, armour under 5 stops nothing.
    const shown = await message.renderHTML();
    expect(diceShown(shown)).toEqual(["4 plain", "2 plain", "1 plain", "6 success", "5 success", "5 success", "1 plain", "3 plain", "2 plain", "4 success", "1 plain"]);
    expect([...shown.querySelectorAll<HTMLElement>(".fray-die")].map((die) => die.dataset.tooltip).at(-1)).toBe("Armour die, under 5: stops nothing");
    expect([...shown.querySelectorAll(".fray-dice-legend .fray-die-key")].map((key) => key.textContent)).toEqual(["Success"]);
    harness.switchUser(ada);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(gm);
    expect(await fx.buttons(message)).toEqual(["courage"]);
    // Issue 38 item 1: the first line says what the card waits for, and the pools' dice show under it, folded steps or not (armour and courage dice stay with their steps).
    expect(headlineOf(shown)).toBe("Odo must test courage.");
    expect([...shown.querySelectorAll(".fray-card-headline-dice .fray-die")].map((die) => die.firstChild?.textContent)).toEqual(["4", "2", "1", "6", "5", "5", "1", "3", "2", "4"]);
    expect(await fx.choose(message, "bCourage", {}, ...COURAGE)).toMatchObject({ ok: true });
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "bWaver", by: "b", offer: { net: 1, dramaPoints: 1 } });
    expect(await fx.buttons(message)).toEqual(["choose:spend", "choose:fall"]);
    await fx.click(message, "[data-fray-action='choose'][data-fray-value='spend']");

    const applied = card(message);
    expect(applied.state).toBe("applied");
    expect(applied.outcome.result).toMatchObject({ kind: "win", winner: "Ines", level: 4, knockBack: "doubly", momentum: "Ines" });
    // The Drama Point is the whole price of his wavering test: no penalty die is added (his wound and his Grit carry theirs).
    expect(sys(odo)).toMatchObject({ grit: { value: 0 }, flesh: { value: 1 }, penaltyDice: 0, dramaPoints: 0, disadvantage: "doubly", disadvantageRound: 0 });
    expect(sys(odo).wounds).toEqual([{ flesh: 5, serious: true, critical: true, bleeding: true, note: "" }]);
    expect(statuses(odo)).toEqual(["bleeding", "fray-blown", "fray-doubly-disadvantaged", "prone"]);
    expect(sys(ines)).toMatchObject({ grit: { value: 4 }, flesh: { value: 6 }, dramaPoints: 2 });
    const text = (await message.renderHTML()).textContent ?? "";
    expect(headlineOf(await message.renderHTML())).toBe("Ines wins by 4 levels of success. Odo takes a serious 5F wound. Odo: Wavers, spends a Drama Point and fights on.");
    for (const line of ["Odo: Grit 2 → 0", "Ines wins by 4 levels of success.", "Odo rolls 1Ad: 0 stopped.", "Wavers, spends a Drama Point", "Doubly disadvantaged and prone: 7Rd next round.", "Ines holds Momentum next round."]) expect(text).toContain(line);
    expect(text).not.toMatch(/FRAY\./);
    // Issue 38 item 4: what Apply changed, as sentences of the game (no "Disadvantage carried None → …", no "Wounds — → 5F").
    const changes = [...(await message.renderHTML()).querySelectorAll(".fray-card-changes li")].map((li) => li.textContent);
    expect(changes).toEqual(expect.arrayContaining(["Odo will fight doubly disadvantaged in a coming round", "Odo takes a wound of 5F"]));
    expect(changes.some((line) => /Round the disadvantage|Disadvantage carried|Combat:/.test(line ?? ""))).toBe(false);
    // Issue 38 item 5: the dice abbreviations in full, on the card that counts in them.
    expect((await message.renderHTML()).querySelector("[data-jargon]")?.textContent).toBe("Bd: Base dice · Rd: Resistance dice · Dd: Drama dice · Ad: Armour dice");
    await replays(message);

    // The last choice was Odo's: his owner (the GM) may take it back, Ada may not.
    harness.switchUser(ada);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(gm);
    await fx.click(message, "[data-fray-action='undo']");
    expect(card(message).state).toBe("undone");
    expect(sys(odo)).toMatchObject({ grit: { value: 2 }, flesh: { value: 6 }, penaltyDice: 0, dramaPoints: 1, disadvantage: "none", wounds: [] });
    expect(statuses(odo)).toEqual([]);
  });

  it("a card still awaiting a choice replays on the command line too", async () => {
    const message = await inesAgainstOdo();
    await replays(message);
  });

  it("a fighter knocked out or out for rounds cannot be engaged", async () => {
    await odo.update({ "system.flesh.value": 0 });
    harness.switchUser(ada);
    const { postMelee } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    expect(await postMelee(ines as never, [{ actor: odo as never }], { weapon: "", unopposed: [] })).toBeUndefined();
    expect(harness.notifications.at(-1)?.message).toContain("Odo is out of the fight");
  });
});

describe("two serious wounds in one round", () => {
  it(`seed 001 §Taking a Flesh Wound: Ines's blow and her shield's bash each wound Odo seriously: two courage tests, each asked on the card, the bash's Flesh met by his armour`, async () => {
    const ActorItems = ines as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> };
    await ActorItems.createEmbeddedDocuments("Item", [{ name: "Large shield", type: "dramaArmour", system: { kind: "shield", shieldSize: "large", equipped: true } }]);
    await odo.update({ "system.flesh.max": 20, "system.flesh.value": 20 });
    harness.switchUser(ada);
    const message = await fx.melee(ines, [odo], { weapon: fx.itemId(ines, "Arming sword") });
    harness.switchUser(gm);
    await fx.choose(message, "bStance", "stand");
    harness.switchUser(ada);
    await fx.choose(message, "aStance", "stand");
    harness.switchUser(gm);
    await fx.choose(message, "bPool", {});
    harness.switchUser(ada);
    // Odo's 3Bd blank; Ines's 4Bd {5,5,5,5}: a win by 4 and a quad. His 1Ad against the blow, then against the bash: blank.
    expect(await fx.choose(message, "aPool", { weapon: fx.itemId(ines, "Arming sword") }, 3, 3, 3, 5, 5, 5, 5, 3, 3)).toMatchObject({ ok: true });
    const struck = card(message);
    expect(struck.outcome.steps.filter((s) => s.rule === "flesh-wound" || s.rule === "shield-bash").map((s) => [s.rule, s.wound])).toEqual([
      ["flesh-wound", 5],
      ["shield-bash", 3],
    ]);
    expect(struck.outcome.awaiting).toMatchObject({ choice: "bCourage", offer: { test: 1, of: 2 } });
    harness.switchUser(gm);
    expect(await fx.choose(message, "bCourage", {}, ...Array(30).fill(5))).toMatchObject({ ok: true });
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "bCourage2", by: "b", offer: { woundFlesh: 3, test: 2, of: 2 } });
    expect(await fx.buttons(message)).toEqual(["courage"]);
    expect((await message.renderHTML()).textContent).toContain("Wound 2 of 2 this round, 3F");
    harness.switchUser(ada);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(gm);
    expect(await fx.choose(message, "bCourage2", {}, ...Array(30).fill(5))).toMatchObject({ ok: true });
    const done = card(message);
    expect(done.state).toBe("applied");
    expect(done.outcome.steps.filter((s) => s.rule === "courage-test").map((s) => s.result)).toEqual(["passed", "passed"]);
    expect(sys(odo).wounds.map((w) => w.flesh)).toEqual([5, 3]);
    await replays(message);
  });
});

describe("a blind melee round (issue 38 item 11)", () => {
  it("Ines's owner declares her stance and builds her pool while no die is on the card; once every pool is rolled, it is hidden from her and credited to Ines and to her", async () => {
    harness.switchUser(ada);
    const { postMelee } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    const message = (await postMelee(ines as never, [{ actor: odo as never }], { weapon: fx.itemId(ines, "Arming sword"), unopposed: [] }, "blindroll")) as unknown as Message & { blind: boolean; whisper: string[] };
    expect(message.blind).toBe(true);
    harness.switchUser(gm);
    await fx.click(message, "[data-fray-action='choose'][data-fray-value='stand']");
    // A stance needs no sight of a die (none is rolled yet): Ada reads the card and declares Ines's.
    harness.switchUser(ada);
    expect(await fx.buttons(message)).toEqual(["choose:press", "choose:stand", "choose:brace", "choose:defend", "choose:evade", "dramatic"]);
    await fx.click(message, "[data-fray-action='choose'][data-fray-value='press']");
    harness.switchUser(gm);
    expect(await fx.choose(message, "bPool", {})).toMatchObject({ ok: true });
    harness.switchUser(ada);
    expect(await fx.buttons(message)).toEqual(["pool"]);
    expect(await fx.choose(message, "aPool", { weapon: fx.itemId(ines, "Arming sword") }, ...ODO_POOL, ...INES_POOL, ...ODO_ARMOUR)).toMatchObject({ ok: true });
    // Every pool rolled: the dice are the GM's to see.
    expect(message.whisper).not.toContain(ada.id);
    const html = await message.renderHTML();
    expect(html.querySelector(".fray-card")).toBeNull();
    expect(html.querySelector(".message-sender")?.textContent).toBe("Ines");
    expect(html.querySelector(".flavor-text")?.textContent).toBe("Ada rolled blind: only the GM sees the dice.");
    harness.switchUser(gm);
    expect((await message.renderHTML()).querySelector(".fray-card")).not.toBeNull();
  });
});

describe("a round against several opponents", () => {
  it(`seed 001 §Fighting Multiple Opponents: Berold splits his pool between two fyrd, every result applied together`, async () => {
    harness.switchUser(bob);
    const message = await fx.melee(berold, [fyrd1, fyrd2]);
    // Berold is ahead on Grit against both: the fyrd declare first, then he does.
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "opponent1Stance", by: "opponent1" });
    harness.switchUser(gm);
    await fx.choose(message, "opponent1Stance", "stand");
    await fx.choose(message, "opponent2Stance", "stand");
    harness.switchUser(bob);
    await fx.choose(message, "actorStance", "press");
    harness.switchUser(gm);
    await fx.choose(message, "opponent1Pool", {});
    await fx.choose(message, "opponent2Pool", {});
    expect(message.rolls).toEqual([]);
    harness.switchUser(bob);
    const offer = card(message).outcome.awaiting!.offer as { split: { ownBase: number; engaged: number } };
    expect(offer.split).toMatchObject({ ownBase: 6, engaged: 2 });
    // An uneven split is refused by the rules, and nothing changes.
    const before = fx.stored();
    expect(await fx.choose(message, "actorPool", { split: [{ baseDice: 4 }, { baseDice: 2 }] }, 1, 1, 1, 1, 1, 1, 1, 1, 1)).toMatchObject({ ok: false, reason: expect.stringContaining("as evenly") });
    expect(fx.stored()).toBe(before);
    clearQueuedFaces();
    // Every pool rolls on Bob's client once his is built: the fyrd's 4Bd each; his 3 own + 2 military and the Press Dd
    // on Fyrd 1, 3 on Fyrd 2; then Fyrd 1's armour (3Ad), Berold's (5Ad).
    expect(await fx.choose(message, "actorPool", { split: [{ baseDice: 3, military: 2, drama: true }, { baseDice: 3 }] }, 4, 3, 3, 1, 6, 2, 1, 1, 6, 3, 2, 1, 1, 5, 4, 2, 1, 4, 3, 1, 5, 4, 4, 3, 2)).toMatchObject({ ok: true });
    const done = card(message);
    expect(done.state).toBe("applied");
    expect(done.outcome.result).toMatchObject({ fights: [{ opponent: "Fyrd 1", kind: "win", winner: "Berold", level: 2 }, { opponent: "Fyrd 2", kind: "marginal-win", winner: "Fyrd 2" }] });
    expect(sys(fyrd1)).toMatchObject({ grit: { value: 1 }, flesh: { value: 5 }, disadvantage: "doubly" });
    expect(sys(berold)).toMatchObject({ grit: { value: 5 }, flesh: { value: 7 } });
    expect(statuses(fyrd1)).toEqual(["fray-doubly-disadvantaged", "prone"]);
    expect(headlineOf(await message.renderHTML())).toBe("Berold wins by 2 levels of success. Fyrd 1 takes a 2F wound. Fyrd 2 wins marginally: limited damage. Berold loses 1 Grit. Berold's armour stops the blow.");
    await replays(message);
  });
});

describe("the ranged shot card", () => {
  /** Ada's Ines aims her crossbow at the GM's Odo at close range: 3Bd + 2Bd aiming against 2Rd from the range table. */
  async function inesShootsOdo(): Promise<Message> {
    harness.switchUser(ada);
    const { postRanged } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(...SHOT, ...ODO_ARMOUR_SHOT);
    const answer = { weapon: fx.itemId(ines, "Crossbow"), situation: { range: "close" }, bonuses: ["aiming"], advantages: [], base: 0, resistance: 0, shootsBack: false };
    const message = (await postRanged(ines as never, { actor: odo as never }, answer)) as unknown as Message;
    expect(message, JSON.stringify(harness.notifications.at(-1))).toBeTruthy();
    return message;
  }
  const SHOT = [6, 6, 5, 5, 5, 3, 3];
  const ODO_ARMOUR_SHOT = [2];

  it("rolls the shot and its armour on the shooter's client, then offers the target's courage test to his owner only", async () => {
    const message = await inesShootsOdo();
    const rolled = card(message);
    expect(rolled.outcome.dice.map((d) => d.label)).toEqual([...Array(5).fill("Ines base"), "Ines resistance", "Ines resistance", "Odo armour"]);
    // Net 5: a hit of 3 levels with a large weapon's 3F; Odo's 2 Grit go and 1 spills: a 4F wound, serious and critical.
    expect(rolled.outcome.steps.find((s) => s.rule === "shot")).toMatchObject({ kind: "hit", net: 5, level: 3 });
    expect(rolled.outcome.steps.find((s) => s.rule === "flesh-wound")).toMatchObject({ who: "Odo", wound: 4, serious: true, critical: true, courageTest: true });
    expect(rolled.outcome.awaiting).toMatchObject({ choice: "targetCourage", by: "target" });
    expect(sys(odo).flesh.value).toBe(6);
    harness.switchUser(ada);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(gm);
    expect(await fx.buttons(message)).toEqual(["courage"]);
    await replays(message);

    // 6Bd {6,5,4,3,3,3} against 4Rd {3,3,3,3}: net 2, Odo stays in the fight.
    expect(await fx.choose(message, "targetCourage", {}, 6, 5, 4, 3, 3, 3, 3, 3, 3, 3)).toMatchObject({ ok: true });
    const applied = card(message);
    expect(applied.state).toBe("applied");
    expect(applied.outcome.result).toMatchObject({ kind: "hit", level: 3, wound: 4, knockBack: "doubly" });
    expect(applied.outcome.steps.find((s) => s.rule === "courage-test")).toMatchObject({ who: "Odo", net: 2, result: "passed" });
    expect(sys(odo)).toMatchObject({ grit: { value: 0 }, flesh: { value: 2 }, disadvantage: "doubly" });
    expect(sys(odo).wounds).toEqual([{ flesh: 4, serious: true, critical: true, bleeding: true, note: "" }]);
    expect(statuses(odo)).toEqual(["bleeding", "fray-blown", "fray-doubly-disadvantaged", "prone"]);
    expect(sys(ines)).toMatchObject({ grit: { value: 4 }, flesh: { value: 6 } });
    const text = (await message.renderHTML()).textContent ?? "";
    expect(text).toContain("Odo tests courage: 6Bd against 4Rd, net 2.");
    expect(headlineOf(await message.renderHTML())).toBe("Hit: net 5, 3 levels of success and 3F. Odo takes a serious 4F wound. Odo: Stays in the fight.");
    expect(text).toContain("Odo takes a wound of 4F");
    expect(text).not.toMatch(/FRAY\./);
    await replays(message);
  });

  it("a shot that takes Flesh below 0 leaves the target Dying, a status Undo takes back", async () => {
    await odo.update({ "system.grit.value": 0, "system.flesh.value": 2 });
    const message = await inesShootsOdo();
    // 3 levels and 3F all go to Flesh: a 6F wound leaves him on −4, dying, with no courage test to take.
    expect(card(message).outcome.awaiting).toBeUndefined();
    expect(card(message).state).toBe("applied");
    expect(card(message).outcome.steps.find((s) => s.rule === "flesh-wound")).toMatchObject({ wound: 6, flesh: -4, courageTest: false });
    expect(sys(odo).flesh.value).toBe(-4);
    expect(statuses(odo)).toEqual(expect.arrayContaining(["fray-dying", "bleeding"]));
    harness.switchUser(gm);
    await fx.click(message, "[data-fray-action='undo']");
    expect(sys(odo)).toMatchObject({ grit: { value: 0 }, flesh: { value: 2 } });
    expect(statuses(odo)).not.toContain("fray-dying");
  });

  it(`seed 001 §Check For Knock-Back: a hit that does not knock Berold back leaves the disadvantage he carries (issue 36)`, async () => {
    await berold.update({ "system.disadvantage": "disadvantaged", "system.disadvantageRound": 0 });
    harness.switchUser(ada);
    const { postRanged } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    // 5Bd {5,5,3,3,3} against 2Rd {3,3}: net 2, a hit at level 0; knock-down 0 + 3F = 3, not above his Physical or Agility 3. His 5Ad stop 1 of the 3F.
    queueFaces(5, 5, 3, 3, 3, 3, 3, 5, 3, 3, 3, 3);
    const answer = { weapon: fx.itemId(ines, "Crossbow"), situation: { range: "close" }, bonuses: ["aiming"], advantages: [], base: 0, resistance: 0, shootsBack: false };
    const message = (await postRanged(ines as never, { actor: berold as never }, answer)) as unknown as Message;
    expect(card(message).outcome.result).toMatchObject({ kind: "hit", level: 0, wound: 2, knockBack: "none" });
    expect(card(message).state).toBe("applied");
    expect(sys(berold)).toMatchObject({ flesh: { value: 5 }, disadvantage: "disadvantaged" });
  });

  it("a miss changes nothing and closes the card", async () => {
    harness.switchUser(ada);
    const { postRanged } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(1, 2, 3, 4, 2, 6, 6);
    const answer = { weapon: fx.itemId(ines, "Crossbow"), situation: { range: "close" }, bonuses: ["aiming"], advantages: [], base: 0, resistance: 0, shootsBack: false };
    const before = JSON.stringify([odo.system, ines.system]);
    const message = (await postRanged(ines as never, { actor: odo as never }, answer)) as unknown as Message;
    expect(card(message).outcome.result).toMatchObject({ kind: "miss" });
    expect(card(message).outcome.awaiting).toBeUndefined();
    expect(JSON.stringify([odo.system, ines.system])).toBe(before);
    await replays(message);
  });
});

describe("the courage test card", () => {
  it("from the sheet: the wound chosen counts through its Flesh, not also its penalty die; a wavering test asks for the Drama Point", async () => {
    await ines.update({ "system.wounds": [{ flesh: 3, serious: true, critical: false, bleeding: false, note: "" }] });
    harness.switchUser(ada);
    const { postCourage } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    // 6Bd (max Flesh) {6,5,3,3,3,3} = 2; Rd = 1 penalty (the wound's) − 1 + 3 = 3Rd {2,3,3}: net 1.
    queueFaces(6, 5, 3, 3, 3, 3, 2, 3, 3);
    const message = (await postCourage(ines as never, { wound: 0, base: 0, resistance: 0, drama: 0 })) as unknown as Message;
    expect(card(message).rules).toMatchObject({ actor: { maxFlesh: 6, penalties: 0, woundFlesh: 3 } });
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "actorWaver", by: "actor" });
    harness.switchUser(bob);
    expect(await fx.buttons(message)).toEqual([]);
    harness.switchUser(ada);
    await fx.click(message, "[data-fray-action='choose'][data-fray-value='fall']");
    expect(card(message).state).toBe("applied");
    expect(sys(ines).roundsOut).toBe(5);
    expect(statuses(ines)).toContain("unconscious");
    await replays(message);
  });

  it(`seed 001 §Test of Courage: like the squire, a wavering test saved with a Drama Point costs the point alone; the penalty die she fights on with is her wound's`, async () => {
    await ines.update({ "system.wounds": [{ flesh: 3, serious: true, critical: false, bleeding: false, note: "" }] });
    harness.switchUser(ada);
    const { postCourage } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    queueFaces(6, 5, 3, 3, 3, 3, 2, 3, 3);
    const message = (await postCourage(ines as never, { wound: 0, base: 0, resistance: 0, drama: 0 })) as unknown as Message;
    await fx.click(message, "[data-fray-action='choose'][data-fray-value='spend']");
    expect(card(message).state).toBe("applied");
    expect(sys(ines)).toMatchObject({ dramaPoints: 1, penaltyDice: 0, roundsOut: 0 });
    expect((await message.renderHTML()).textContent).toContain("Wavers, spends a Drama Point and fights on.");
    await replays(message);
  });
});

describe("who shoots first", () => {
  it("orders the shooters by Agility, then level, then player actors, and offers each her shot", async () => {
    harness.switchUser(ada);
    const { postShootFirst } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    const message = (await postShootFirst(ines as never, { actor: berold as never })) as unknown as Message;
    expect(card(message).outcome.result).toMatchObject({ order: ["Berold", "Ines"], first: "Berold" });
    expect(card(message).state).toBe("closed");
    // The list numbers each shooter once, and the card reads as what comes next, not as done.
    const drawn = await message.renderHTML();
    expect([...drawn.querySelectorAll(".fray-drama-shooters > li")].map((li) => li.firstChild?.textContent?.trim())).toEqual(["Berold", "Ines"]);
    expect(drawn.querySelector(".fray-card-state")?.textContent).toContain("Shoot in this order");
    expect(headlineOf(drawn)).toBe("Berold shoots first.");
    // Each shooter's Shoot button is her owner's.
    expect(await fx.buttons(message)).toEqual(["shoot"]);
    harness.switchUser(bob);
    expect(await fx.buttons(message)).toEqual(["shoot"]);
    harness.switchUser(gm);
    expect(await fx.buttons(message)).toEqual(["shoot", "shoot"]);
    await replays(message);
  });

  it("a shooter who has shot says so on her line and offers no Shoot button; a card a player wrote is no shot", async () => {
    harness.switchUser(ada);
    const { postRanged, postShootFirst } = await import("../../src/foundry/rulesets/drama/cards/post.js");
    const message = (await postShootFirst(ines as never, { actor: berold as never })) as unknown as Message;
    const line = async (name: string) => [...(await message.renderHTML()).querySelectorAll<HTMLElement>(".fray-drama-shooters > li")].find((li) => li.firstChild?.textContent?.trim() === name);
    // Bob, Berold's owner, writes a "shot" of his own: only a GM writes cards, so it counts for nothing.
    harness.switchUser(bob);
    const ChatMessage = (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: { create(data: object): Promise<unknown> } } } }).CONFIG.ChatMessage.documentClass;
    await ChatMessage.create({ type: "card", content: "<section class='fray-card'></section>", system: { kind: "drama.ranged", state: "applied", refs: { shooter: { actor: berold.uuid }, target: { actor: ines.uuid } } } });
    expect(await fx.buttons(message)).toEqual(["shoot"]);
    // Ines shoots Berold from her line.
    harness.switchUser(ada);
    const answer = { weapon: fx.itemId(ines, "Crossbow"), situation: { range: "close" }, bonuses: [], advantages: [], base: 0, resistance: 0, shootsBack: false };
    // Every die a 1: no success on either side, so the shot is a miss and the card settles at once
    // (a hit could wait on Berold's courage test, and the line would say only "has shot").
    clearQueuedFaces();
    queueFaces(...Array.from({ length: 40 }, () => 1));
    expect(await postRanged(ines as never, { actor: berold as never }, answer)).toBeTruthy();
    clearQueuedFaces();
    expect(await fx.buttons(message)).toEqual([]);
    expect((await line("Ines"))?.querySelector("[data-shot]")?.textContent).toBe("has shot: a miss");
    harness.switchUser(gm);
    expect(await fx.buttons(message)).toEqual(["shoot"]);
    expect((await line("Berold"))?.querySelector("[data-fray-action='shoot']")).toBeTruthy();
    expect((await line("Berold"))?.querySelector("[data-shot]")).toBeNull();
  });
});
