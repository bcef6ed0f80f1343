/**
 * The tracker's "Odds of this fight" (issue 40): each ruleset reads the combatants as they stand into
 * the stat blocks `fray fight` takes, on the right side; the GM's click runs the fights (here
 * in-process: the stand-in has no Worker, and the same module runs in one in the browser) and
 * draws the answer under the rows; a player never sees the control or the answer and her forged
 * click is refused; weighing a fight writes nothing in the world.
 */
import { Value } from "@sinclair/typebox/value";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor, User } from "../../playground/foundry/index.js";
import type { Combat } from "../../playground/foundry/combat.js";
import { fightOdds, marginOf, ODDS_LIMITS, type OddsRequest } from "../../src/foundry/combat/odds/simulate.js";
import { ACTOR_TYPES } from "../../src/rules/cavaliers/tables.js";
import { rulesetById } from "../../src/rules/index.js";
import type { RulesetId } from "../../src/rules/ruleset.js";
import { bootWorld, playRuleset, type ActorData } from "./world.js";

const w = bootWorld("every", { users: ["Ada"] });
const { harness } = w;
const FRIENDLY = 1;
const HOSTILE = -1;

// Fray's Foundry modules read Foundry's globals as they load: imported once the harness is in place.
let control: typeof import("../../src/foundry/combat/odds/control.js");
let run: typeof import("../../src/foundry/combat/odds/run.js");
let readSides: typeof import("../../src/foundry/combat/odds/sides.js").readSides;
let combatRulesFor: typeof import("../../src/foundry/combat/rules.js").combatRulesFor;
beforeAll(async () => {
  control = await import("../../src/foundry/combat/odds/control.js");
  run = await import("../../src/foundry/combat/odds/run.js");
  ({ readSides } = await import("../../src/foundry/combat/odds/sides.js"));
  ({ combatRulesFor } = await import("../../src/foundry/combat/rules.js"));
});

/** The fights of each click, run in-process on a short budget; every request is kept. */
const asked: OddsRequest[] = [];
beforeEach(() => {
  asked.length = 0;
  control.forgetOdds();
  run.useOddsRunner(async (request) => {
    asked.push(request);
    return fightOdds({ ...request, budgetMs: 150 });
  });
});
afterEach(() => run.useOddsRunner(run.inWorker));

/** A combat of these actors' tokens, each on the side its disposition says, begun. */
async function fightOf(fighters: ReadonlyArray<{ data: ActorData; disposition: number }>): Promise<{ combat: Combat; actors: Actor[] }> {
  const actors: Actor[] = [];
  const tokens = [];
  for (const { data, disposition } of fighters) {
    const actor = await w.actor(data);
    actors.push(actor);
    tokens.push(await w.drag(actor, { disposition }));
  }
  const { combat } = await w.fight(tokens, true);
  await harness.flush();
  return { combat, actors };
}

/** The sides as the world's ruleset reads them, each block checked against its `fray fight` shape. */
function sidesOf(id: RulesetId, combat: Combat) {
  const sides = readSides(combat as never, combatRulesFor(id)!.fighter!);
  const shape = rulesetById(id)!.fight!.fighter;
  for (const fighter of [...sides.party, ...sides.foes]) expect(Value.Check(shape, fighter.block), JSON.stringify(fighter.block)).toBe(true);
  return sides;
}

describe("each ruleset reads the combatants as they stand into the sides of `fray fight`", () => {
  it("Cavaliers: type, competency, the room left under the Yield Limit, Wounds, and the Lunge and Parry pools with the weapon's die", async () => {
    await playRuleset(w.game, "cavaliers");
    const { combat } = await fightOf([
      {
        data: {
          name: "Ana",
          type: "cavaliersCharacter",
          system: { attributes: { verve: 8, affinity: 6, guile: 10 }, competency: 8, yield: { value: 3 }, wounds: { value: 1 } },
          items: [
            { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, melee: true } },
            { name: "Lunge", type: "cavaliersSpecialty", system: { skill: "Dueling", attribute: "guile", ranks: 2, action: "lunge" } },
          ],
        } as ActorData,
        disposition: FRIENDLY,
      },
      { data: { name: "Guard", type: "cavaliersNpc", system: { npcType: "stock", attributes: { verve: 6, affinity: 6, guile: 6 }, competency: 6 } } as ActorData, disposition: HOSTILE },
    ]);
    const sides = sidesOf("cavaliers", combat);
    const ana = sides.party[0]!.block as Record<string, unknown>;
    // A PC's Yield Limit with a d8 competency die, less the 3 Yield she has taken: the room she has left.
    expect(ana.yieldLimit).toBe(ACTOR_TYPES.pc.yieldLimit(8) - 3);
    expect(ana).toMatchObject({ name: "Ana", type: "pc", competency: 8, wounds: 1, lunge: { attribute: 10, ranks: 2, item: 8 }, parry: { attribute: 8, ranks: 0, item: 8 } });
    expect(sides.foes.map((f) => f.name)).toEqual(["Guard"]);
    expect(sides.foes[0]!.block).toMatchObject({ type: "stock", competency: 6, wounds: 0 });
  });

  it("Drama: Grit, Flesh and Drama Points as they stand; a fighter with no Flesh left is out and left out quietly", async () => {
    await playRuleset(w.game, "drama");
    const fyrd = (name: string, flesh: number): ActorData => ({ name, type: "dramaNpc", system: { attributes: { physical: 2, agility: 3 }, skill: 2, grit: { value: 3, max: 3 }, flesh: { value: flesh, max: 7 }, weaponClass: "medium" } });
    const { combat } = await fightOf([
      { data: { name: "Heroine", type: "dramaCharacter", system: { attributes: { physical: 4, agility: 4 }, skill: 4, grit: { value: 2, max: 5 }, flesh: { value: 6, max: 9 }, dramaPoints: 2, weaponClass: "medium" } }, disposition: FRIENDLY },
      { data: fyrd("Fyrd", 7), disposition: HOSTILE },
      { data: fyrd("Fyrd", 0), disposition: HOSTILE },
    ]);
    const sides = sidesOf("drama", combat);
    expect(sides.party[0]!.block).toMatchObject({ name: "Heroine", pc: true, grit: 2, maxGrit: 5, flesh: 6, maxFlesh: 9, dramaPoints: 2 });
    expect(sides.foes.map((f) => f.name)).toEqual(["Fyrd"]);
    expect(sides.leftOut).toEqual([]);
  });

  it("Unhex: Level as it stands, player character or not, good at melee attacks, the shield held", async () => {
    await playRuleset(w.game, "unhex");
    const { combat } = await fightOf([
      { data: { name: "Vee", type: "unhexCharacter", system: { level: { value: 41, max: 55 }, good: { meleeAttack: true } }, items: [{ name: "Riot shield", type: "unhexShield", system: { held: true } }] } as ActorData, disposition: FRIENDLY },
      { data: { name: "Bouncer", type: "unhexNpc", system: { level: { value: 30, max: 30 } } }, disposition: HOSTILE },
    ]);
    const sides = sidesOf("unhex", combat);
    expect(sides.party.map((f) => f.block)).toEqual([{ name: "Vee", level: 41, maxLevel: 55, pc: true, good: "both", shield: true }]);
    expect(sides.foes.map((f) => f.block)).toEqual([{ name: "Bouncer", level: 30, maxLevel: 30, pc: false, shield: false }]);
  });

  it("Personal Combat: Defense, Resolve, Initiative rank and the first weapon; one without a weapon is named as left out", async () => {
    await playRuleset(w.game, "personal");
    const sabre = { name: "Sabre", type: "personalWeapon", system: { attack: "1d20+2", damage: "2d6", damageType: "physical" } };
    const { combat } = await fightOf([
      { data: { name: "Bruno", type: "personalCharacter", system: { resolve: { value: 7, max: 10 }, stamina: 1, control: 1, defense: 12, initiativeRank: 3 }, items: [sabre] } as ActorData, disposition: FRIENDLY },
      { data: { name: "Thug", type: "personalNpc", system: { resolve: { value: 5, max: 5 }, defense: 10, major: true }, items: [sabre] } as ActorData, disposition: HOSTILE },
      { data: { name: "Bystander", type: "personalNpc", system: { resolve: { value: 5, max: 5 } } } as ActorData, disposition: HOSTILE },
    ]);
    const sides = sidesOf("personal", combat);
    expect(sides.party[0]!.block).toMatchObject({ name: "Bruno", kind: "pc", resolve: 7, maxResolve: 10, defense: 12, initiative: 3, weapon: { name: "Sabre", attack: "1d20+2", damage: "2d6", damageType: "physical", piercing: false } });
    expect(sides.foes[0]!.block).toMatchObject({ name: "Thug", major: true, resolve: 5 });
    expect(sides.leftOut).toEqual(["Bystander"]);
  });

  it("Beyond the Torchlight: Breath and DCs as they stand, proficiencies, the weapon of the largest die; the Incapacitated are out", async () => {
    await playRuleset(w.game, "torchlight");
    const scores = (dc: number) => Object.fromEntries(["str", "dex", "wil", "san", "luck"].map((c) => [c, { dc, max: 12 }]));
    const { combat } = await fightOf([
      {
        data: { name: "Elsa", type: "torchlightCharacter", system: { breath: { value: 1, max: 3 }, characteristics: scores(11), proficiencies: 2 }, items: [{ name: "Sword", type: "torchlightWeapon", system: { die: 10, kind: "melee", damageType: "slashing" } }] } as ActorData,
        disposition: FRIENDLY,
      },
      { data: { name: "Bandit", type: "torchlightNpc", system: { breath: { value: 2, max: 2 }, characteristics: scores(10) } } as ActorData, disposition: HOSTILE },
      { data: { name: "Brute", type: "torchlightNpc", system: { breath: { value: 0, max: 2 }, characteristics: scores(10), incapacitated: true } } as ActorData, disposition: HOSTILE },
    ]);
    const sides = sidesOf("torchlight", combat);
    expect(sides.party[0]!.block).toMatchObject({ name: "Elsa", breath: 1, maxBreath: 3, str: 11, dex: 11, weaponDie: 10, proficiencies: 2, damageType: "slashing" });
    expect(sides.foes.map((f) => f.name)).toEqual(["Bandit"]);
    expect(sides.leftOut).toEqual([]);
  });

  it("a combatant the GM marked defeated is out of the fight, and a neutral token goes by whether a player owns it", async () => {
    await playRuleset(w.game, "unhex");
    const ada = w.users.ada as User;
    const { combat } = await fightOf([
      { data: { name: "Vee", type: "unhexCharacter", ownership: { default: 0, [ada.id]: 3 }, system: { level: { value: 41, max: 55 } } } as ActorData, disposition: 0 },
      { data: { name: "Bouncer", type: "unhexNpc", system: { level: { value: 30, max: 30 } } }, disposition: 0 },
      { data: { name: "Doorman", type: "unhexNpc", system: { level: { value: 30, max: 30 } } }, disposition: HOSTILE },
    ]);
    const doorman = combat.combatants.contents.find((c) => c.name === "Doorman")!;
    await (doorman as unknown as { update(d: object): Promise<unknown> }).update({ defeated: true });
    await harness.flush();
    const sides = sidesOf("unhex", combat);
    expect(sides.party.map((f) => f.name)).toEqual(["Vee"]);
    expect(sides.foes.map((f) => f.name)).toEqual(["Bouncer"]);
  });
});

type Tracker = { render(o: object): Promise<{ element: HTMLElement }> };
const tracker = async () => new (harness.CONFIG.ui.combat as new () => Tracker)().render({ force: true });

/** An Unhex fight of Vee and Wes against two Bouncers. */
async function unhexFight() {
  await playRuleset(w.game, "unhex");
  const pc = (name: string): ActorData => ({ name, type: "unhexCharacter", system: { level: { value: 50, max: 50 } } });
  const bouncer: ActorData = { name: "Bouncer", type: "unhexNpc", system: { level: { value: 30, max: 30 } } };
  return fightOf([
    { data: pc("Vee"), disposition: FRIENDLY },
    { data: pc("Wes"), disposition: FRIENDLY },
    { data: bouncer, disposition: HOSTILE },
    { data: bouncer, disposition: HOSTILE },
  ]);
}

/** Everything a click could have written: the actors, their tokens, the combat and its combatants, the messages, the settings. */
function worldNow() {
  const all = (collection: unknown) => (collection as { contents: Array<{ toObject(): unknown }> }).contents.map((d) => JSON.stringify(d.toObject()));
  const scenes = (w.game as unknown as { scenes: { contents: Array<{ tokens: unknown }> } }).scenes.contents;
  return { actors: all(w.game.actors), combats: all(w.game.combats), tokens: scenes.flatMap((s) => all(s.tokens)), messages: all(w.game.messages), users: all(w.game.users) };
}

describe("the GM's control in the tracker", () => {
  it("the GM's click runs the fights of the party against the foes and shows who wins, how long, who drops and how many fights", async () => {
    await unhexFight();
    harness.switchUser(w.gm);
    const app = await tracker();
    const button = app.element.querySelector<HTMLElement>('[data-action="frayOdds"]')!;
    expect(button.textContent).toContain("Odds of this fight");
    button.click();
    await harness.flush();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.ruleset).toBe("unhex");
    expect(asked[0]!.sides.a.map((b) => (b as { name: string }).name)).toEqual(["Vee", "Wes"]);
    expect(asked[0]!.sides.b.map((b) => (b as { name: string }).name)).toEqual(["Bouncer", "Bouncer (2)"]);
    const answer = app.element.querySelector<HTMLElement>(".fray-fight-odds-answer")!;
    expect(answer.querySelector(".fray-fight-odds-headline")!.textContent).toMatch(/^The party wins \d+% \(±\d+%\), about (\d+ rounds|1 round)$/);
    expect(answer.textContent).toMatch(/Weighed at round 1: \d+ fights of 2 against 2 in \d+\.\d s \(seed \d+\)/);
    expect(answer.textContent).toMatch(/Most likely to drop (in the party|among the foes): /);
    expect(answer.textContent).not.toMatch(/FRAY\./);
  });

  it("can be run again at a later round, reading the fight as it stands then", async () => {
    const { combat, actors } = await unhexFight();
    harness.switchUser(w.gm);
    const app = await tracker();
    app.element.querySelector<HTMLElement>('[data-action="frayOdds"]')!.click();
    await harness.flush();
    await (actors[0] as unknown as { update(d: object): Promise<unknown> }).update({ "system.level.value": 12 });
    await (combat as unknown as { nextRound(): Promise<unknown> }).nextRound();
    await harness.flush();
    const again = await tracker();
    again.element.querySelector<HTMLElement>('[data-action="frayOdds"]')!.click();
    await harness.flush();
    expect(asked).toHaveLength(2);
    expect(asked[1]!.sides.a[0]).toMatchObject({ name: "Vee", level: 12 });
    expect(again.element.querySelector(".fray-fight-odds-answer")!.textContent).toContain("Weighed at round 2");
  });

  it("Post to chat makes one plain message of the GM's with the answer, for everyone", async () => {
    await unhexFight();
    harness.switchUser(w.gm);
    const app = await tracker();
    app.element.querySelector<HTMLElement>('[data-action="frayOdds"]')!.click();
    await harness.flush();
    const headline = app.element.querySelector(".fray-fight-odds-headline")!.textContent!;
    app.element.querySelector<HTMLElement>('[data-action="frayOddsPost"]')!.click();
    await harness.flush();
    const messages = (w.game.messages as unknown as { contents: Array<{ content: string; whisper: string[]; author: { id: string } | string | null; type: string }> }).contents;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.content).toContain(headline);
    expect(messages[0]!.whisper).toEqual([]);
  });

  it("running it changes nothing in the world", async () => {
    await unhexFight();
    harness.switchUser(w.gm);
    const before = worldNow();
    const app = await tracker();
    app.element.querySelector<HTMLElement>('[data-action="frayOdds"]')!.click();
    await harness.flush();
    expect(asked).toHaveLength(1);
    expect(app.element.querySelector(".fray-fight-odds-answer")).not.toBeNull();
    expect(worldNow()).toEqual(before);
  });

  it("a ruleset's sides with nobody standing on one say so, and no fight is run", async () => {
    await playRuleset(w.game, "unhex");
    await fightOf([{ data: { name: "Vee", type: "unhexCharacter", system: { level: { value: 50, max: 50 } } }, disposition: FRIENDLY }]);
    harness.switchUser(w.gm);
    const app = await tracker();
    app.element.querySelector<HTMLElement>('[data-action="frayOdds"]')!.click();
    await harness.flush();
    expect(asked).toEqual([]);
    expect(app.element.querySelector(".fray-fight-odds-problem")!.textContent).toContain("each side needs someone standing");
  });
});

describe("a player neither sees nor runs it", () => {
  it("her tracker has no control and no answer, even after the GM weighed the fight on this machine", async () => {
    await unhexFight();
    harness.switchUser(w.gm);
    const gmApp = await tracker();
    gmApp.element.querySelector<HTMLElement>('[data-action="frayOdds"]')!.click();
    await harness.flush();
    harness.switchUser(w.users.ada as User);
    const app = await tracker();
    expect(app.element.querySelector('[data-action="frayOdds"]')).toBeNull();
    expect(app.element.querySelector(".fray-fight-odds-answer")).toBeNull();
    expect(app.element.textContent).not.toContain("The party wins");
  });

  it("her forged clicks (a control she added to her page) are refused: no fight is run, nothing is posted or written", async () => {
    await unhexFight();
    harness.switchUser(w.gm);
    const gmApp = await tracker();
    gmApp.element.querySelector<HTMLElement>('[data-action="frayOdds"]')!.click();
    await harness.flush();
    asked.length = 0;
    harness.switchUser(w.users.ada as User);
    const before = worldNow();
    const app = await tracker();
    const spy = vi.fn();
    run.useOddsRunner(async (request) => (spy(request), fightOdds(request)));
    for (const action of ["frayOdds", "frayOddsPost"]) {
      const forged = document.createElement("button");
      forged.dataset.action = action;
      app.element.querySelector(".fray-fight-odds")!.append(forged);
      forged.click();
      await harness.flush();
    }
    expect(spy).not.toHaveBeenCalled();
    expect(app.element.querySelector(".fray-fight-odds-answer")).toBeNull();
    expect(harness.notifications.filter((n) => n.type === "warning").map((n) => n.message)).toEqual(["Only a GM may weigh the odds of a fight.", "Only a GM may weigh the odds of a fight."]);
    expect(worldNow()).toEqual(before);
  });
});

describe("the answer in words", () => {
  it('"The party wins 73% (±2%), about 4 rounds", the most likely to drop on each side, the fights run and who was left out', () => {
    const sides = { party: [{ name: "Ana", block: {} }, { name: "Bel", block: {} }], foes: [{ name: "Guard", block: {} }], leftOut: ["Cid"] };
    const answer = { runs: 2000, ms: 1234, seed: 7, chance: { a: { chance: 0.73, low: 0.71, high: 0.75 }, b: { chance: 0.25, low: 0.23, high: 0.27 }, none: { chance: 0.02, low: 0.01, high: 0.03 } }, medianRounds: 4, dropped: { a: [0.1, 0.41], b: [0.73] } };
    expect(control.oddsText(answer, sides, 3)).toEqual({
      headline: "The party wins 73% (±2%), about 4 rounds",
      lines: [
        "No side wins 2% of the fights (everyone down, or still fighting after 50 rounds)",
        "Most likely to drop in the party: Bel (41%)",
        "Most likely to drop among the foes: Guard (73%)",
        "Weighed at round 3: 2000 fights of 2 against 1 in 1.2 s (seed 7)",
        "Left out (the rules cannot read them into a fight): Cid",
      ],
    });
    expect(control.oddsText({ ...answer, medianRounds: 1.2, chance: { ...answer.chance, none: { chance: 0, low: 0, high: 0.01 } } }, sides, 0).headline).toBe("The party wins 73% (±2%), about 1 round");
  });
});

describe("the fights, stopped by a time budget or a narrow interval", () => {
  const vee = { name: "Vee", level: 50, maxLevel: 50, pc: true };
  const bouncer = { name: "Bouncer", level: 30, maxLevel: 30 };

  it("stops once the budget is spent, however wide the interval still is, and says how many fights it ran", () => {
    let clock = 0;
    // Each reading of the clock moves it on 10 ms: the budget of 100 ms is spent after a few fights.
    const answer = fightOdds({ ruleset: "unhex", sides: { a: [vee], b: [bouncer, bouncer] }, seed: 4, budgetMs: 100 }, () => (clock += 10));
    expect(answer.runs).toBeGreaterThan(0);
    expect(answer.runs).toBeLessThan(ODDS_LIMITS.minRuns);
    expect(answer.chance.a.high - answer.chance.a.low).toBeGreaterThan(2 * ODDS_LIMITS.margin);
    expect(answer.ms).toBeGreaterThanOrEqual(100);
  });

  it("with time to spare, stops as soon as the party's interval is ±2% (never before its least number of fights)", () => {
    const answer = fightOdds({ ruleset: "unhex", sides: { a: [vee, vee, vee], b: [{ ...bouncer, level: 5 }] }, seed: 4, budgetMs: 60_000 }, () => 0);
    expect(answer.runs).toBeGreaterThanOrEqual(ODDS_LIMITS.minRuns);
    expect(answer.runs).toBeLessThan(ODDS_LIMITS.maxRuns);
    expect(marginOf(Math.round(answer.chance.a.chance * answer.runs), answer.runs)).toBeLessThanOrEqual(ODDS_LIMITS.margin);
    expect(marginOf(Math.round(answer.chance.a.chance * (answer.runs - 1)), answer.runs - 1)).toBeGreaterThan(answer.runs > ODDS_LIMITS.minRuns ? ODDS_LIMITS.margin : -1);
  });

  it("a seed replays exactly", () => {
    const request: OddsRequest = { ruleset: "unhex", sides: { a: [vee], b: [bouncer] }, seed: 12, budgetMs: 12 };
    // A clock that moves on 1 ms a reading: the same number of fights each time.
    const ticking = () => {
      let t = 0;
      return () => t++;
    };
    const once = fightOdds(request, ticking());
    expect(once.runs).toBeGreaterThan(5);
    expect(fightOdds(request, ticking())).toEqual(once);
    expect(fightOdds({ ...request, seed: 13 }, ticking())).not.toEqual(once);
  });

  it("refuses a stat block the rules cannot read rather than fight a wrong fight", () => {
    expect(() => fightOdds({ ruleset: "unhex", sides: { a: [{ name: "Vee" }], b: [bouncer] }, seed: 1, budgetMs: 10 })).toThrow(/cannot read: "\/level"/);
  });
});
