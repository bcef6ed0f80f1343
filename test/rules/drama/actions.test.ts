import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { runCli } from "../../../src/cli/run.js";
import { dramaRules } from "../../../src/rules/drama/index.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { firstRoundMomentum, shooterWithPool } from "../../../src/rules/drama/actions.js";
import { resolveMeleeRound } from "../../../src/rules/drama/round.js";
import { SHIELD_SIZES, STANCES, WEAPON_CLASSES } from "../../../src/rules/drama/tables.js";
import { defaults, fyrd, MULTI, SEED, warrior } from "./fixtures.js";

const combatant = (name: string): fc.Arbitrary<Combatant> =>
  fc.record({
    name: fc.constant(name),
    physical: fc.integer({ min: 1, max: 5 }),
    agility: fc.integer({ min: 1, max: 5 }),
    skill: fc.integer({ min: 0, max: 6 }),
    grit: fc.integer({ min: 0, max: 8 }),
    flesh: fc.integer({ min: 1, max: 9 }),
    weapon: fc.constantFrom(...WEAPON_CLASSES),
    harness: fc.integer({ min: 0, max: 8 }),
    shield: fc.constantFrom(...SHIELD_SIZES),
    stance: fc.constantFrom(...STANCES),
    drama: fc.integer({ min: 0, max: 2 }),
    situationalResistance: fc.integer({ min: 0, max: 4 }),
  });

const action = (name: string) => {
  const found = dramaRules.actions[name];
  if (!found) throw new Error(`no action ${name}`);
  return found;
};

describe("drama actions", () => {
  it("replaying an outcome's recorded faces gives the identical outcome (melee, ranged, multiple)", () => {
    fc.assert(
      fc.property(combatant("A"), combatant("B"), combatant("C"), fc.nat(), (a, b, c, seed) => {
        const requests: Array<[string, unknown]> = [
          ["melee", { a, b }],
          ["ranged", { shooter: a, target: b, situation: { range: "mid" }, bonuses: ["aiming"] }],
          ["multiple", { actor: a, opponents: [{ opponent: b }, { opponent: c }] }],
        ];
        for (const [name, request] of requests) {
          const tray = new DiceTray(seededDice(seed));
          const first = action(name).resolve(request, tray);
          const replay = action(name).resolve(request, new DiceTray(givenFaces(tray.faces())));
          expect(replay).toEqual(first);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a full blow's damage is conserved: Grit lost + Flesh transferred + discarded = level, transfer at most 3", () => {
    fc.assert(
      fc.property(combatant("A"), combatant("B"), fc.nat(), (a, b, seed) => {
        const round = resolveMeleeRound({ a, b, momentum: "a", options: defaults }, new DiceTray(seededDice(seed)));
        const j = round.judgement;
        if (j.winner === "none" || round.noBlow || j.blow !== "full") return;
        const loser = j.winner === "a" ? "b" : "a";
        const hit = round.sides[loser].struck;
        expect(hit).toBeDefined();
        expect(hit!.gritLost + hit!.transferred + hit!.discarded).toBe(j.level);
        expect(hit!.transferred).toBeLessThanOrEqual(3);
        expect(hit!.wound?.flesh ?? 0).toBe(Math.max(0, hit!.incomingFlesh - hit!.blocks));
      }),
      { numRuns: 200 },
    );
  });

  it(`${MULTI}, Fight 1 through the multiple action: outcome, effects on the warrior and both fyrd`, () => {
    const faces = [4, 3, 3, 1, 6, 2, 1, 1, 6, 3, 2, 1, 1, 5, 4, 2, 1, 4, 3, 1, 5, 4, 4, 3, 2, 2];
    const request = { actor: warrior, opponents: [{ opponent: fyrd("Fyrd 1"), momentum: "actor" }, { opponent: fyrd("Fyrd 2"), momentum: "actor" }] };
    const outcome = action("multiple").resolve(request, new DiceTray(givenFaces(faces)));
    expect(outcome.result).toEqual({
      fights: [
        { opponent: "Fyrd 1", kind: "win", winner: "Warrior", level: 2, momentum: "Warrior", momentumSide: "actor" },
        { opponent: "Fyrd 2", kind: "marginal-win", winner: "Fyrd 2", level: 0, momentum: "Fyrd 2", momentumSide: "opponent2" },
      ],
      actorDisadvantage: "none",
    });
    expect(outcome.effects[0]).toEqual({ participant: "Warrior", changes: { grit: { from: 6, to: 5 } } });
    expect(outcome.effects[1]?.changes).toMatchObject({ grit: { from: 3, to: 1 }, flesh: { from: 7, to: 5 }, penaltyDice: { from: 0, to: 1 } });
    expect(outcome.effects[2]).toEqual({ participant: "Fyrd 2", changes: {} });
    expect(outcome.dice.map((d) => d.face)).toEqual(faces);
  });

  it("without a Momentum holder, melee works out round-one Momentum first", () => {
    const outcome = action("melee").resolve({ a: { ...fyrd("Low"), grit: 3 }, b: { ...fyrd("High"), grit: 5 } }, new DiceTray(seededDice(1)));
    const rules = outcome.steps.map((step) => step.rule);
    expect(rules.slice(0, 4)).toEqual(["stance", "stance", "round-one-momentum", "momentum-holder"]);
    expect(outcome.steps[2]).toMatchObject({ rule: "round-one-momentum", holder: "High" });
    expect(outcome.steps[3]).toMatchObject({ rule: "momentum-holder", holder: "High", buildsFirst: "Low" });
  });

  it("the momentum action ranks with stance modifiers; ranged order goes by Agility", () => {
    const tray = new DiceTray(givenFaces([]));
    const melee = action("momentum").resolve({ combatants: [{ name: "Farmer 1", grit: 7, agility: 2 }, { name: "Farmer 2", grit: 7, agility: 2, stance: "press" }] }, tray);
    expect(melee.result).toEqual({ order: ["Farmer 2", "Farmer 1"], first: "Farmer 2", unresolvedTies: [] });
    const ranged = action("momentum").resolve({ for: "ranged", combatants: [{ name: "Slow", agility: 2 }, { name: "Quick", agility: 4 }] }, tray);
    expect(ranged.result).toMatchObject({ first: "Quick" });
  });

  it("a duel fights to a knock-out or pass-out within the round limit, and repeats for the same seed", () => {
    const a = { name: "A", physical: 3, agility: 3, skill: 3, grit: 5, flesh: 7, weapon: "large" as const, harness: 2 };
    const b = { ...a, name: "B", weapon: "medium" as const };
    const first = dramaRules.duel.fight(a, b, new DiceTray(seededDice(5)), 50);
    expect(["a", "b"]).toContain(first.winner);
    expect(first.rounds).toBeGreaterThan(0);
    expect(first.rounds).toBeLessThanOrEqual(50);
    expect(dramaRules.duel.fight(a, b, new DiceTray(seededDice(5)), 50)).toEqual(first);
  });

  it("the command line refuses a bad stance and too many military dice as armour, with exit 2", () => {
    const bad = runCli(["resolve"], () => JSON.stringify({ ruleset: "drama", action: "melee", a: { ...warrior, stance: "charge" }, b: fyrd("F") }));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/a\.stance/);
    const military = runCli(["resolve"], () => JSON.stringify({ ruleset: "drama", action: "melee", a: { ...warrior, militaryAsArmour: 3 }, b: fyrd("F") }));
    expect(military.code).toBe(2);
  });
});

const resolveWith = (name: string, request: Record<string, unknown>, faces: number[]) => action(name).resolve(request, new DiceTray(givenFaces(faces)));
const blanks = (n: number) => Array.from({ length: n }, () => 3);
const brute: Combatant = { name: "Brute", physical: 2, agility: 1, skill: 1, grit: 4, flesh: 6, weapon: "small" };
const duellist: Combatant = { name: "Duellist", physical: 2, agility: 1, skill: 1, grit: 4, flesh: 6, weapon: "small" };

describe("the melee action reports the round", () => {
  it("a Defend that wins names its winner and takes Momentum, but no blow lands and nobody is knocked back", () => {
    // Duellist (Momentum) builds second. Brute 4Bd {5,5,1,1} = 2; Duellist defends with 4Bd {5,5,5,1} = 3.
    const outcome = resolveWith("melee", { a: { ...brute, skill: 2 }, b: { ...duellist, skill: 2, stance: "defend" }, momentum: "b" }, [5, 5, 1, 1, 5, 5, 5, 1]);
    expect(outcome.result).toEqual({ kind: "win", winner: "Duellist", level: 1, blow: "none", knockBack: "none", momentum: "Duellist", momentumSide: "b" });
  });

  it("a failure names no winner and leaves Momentum with its holder", () => {
    const outcome = resolveWith("melee", { a: brute, b: duellist, momentum: "a" }, blanks(6));
    expect(outcome.result).toEqual({ kind: "failure", winner: null, level: 0, blow: "none", knockBack: "none", momentum: "Brute", momentumSide: "a" });
  });

  it("a full blow reports its knock-back: level 3 + Physical 2 = 5 is above the loser's Physical 2 + Agility 1, doubly disadvantaged", () => {
    // Duellist (no Momentum) rolls first: 3Bd {1,1,1}. Brute: 6Bd {5,5,5,4,4,1} = 3. Duellist's 1Ad {1}.
    const outcome = resolveWith(
      "melee",
      { a: { ...brute, skill: 2, situationalBase: 2, agility: 3 }, b: { ...duellist, grit: 1, flesh: 2, maxFlesh: 6 }, momentum: "a" },
      [1, 1, 1, 5, 5, 5, 4, 4, 1, 1],
    );
    expect(outcome.result).toEqual({ kind: "win", winner: "Brute", level: 3, blow: "full", knockBack: "doubly", momentum: "Brute", momentumSide: "a" });
  });

  it(`${SEED} §Joining the Melee: played in turn, round one: the lower actor level declares her stance first, whatever the Grit, and the outcome says whose choice it awaits`, () => {
    const outcome = resolveWith("melee", { a: { ...brute, stance: undefined, grit: 4, level: 2 }, b: { ...duellist, stance: undefined, grit: 5, level: 1 }, interactive: true }, []);
    expect(outcome.result).toEqual({ awaiting: "bStance", by: "b" });
    expect(outcome.awaiting).toMatchObject({ choice: "bStance", by: "b" });
    expect(outcome.effects).toEqual([]);
  });
});

describe("round-one Momentum between two fighters", () => {
  const base: Combatant = { name: "A", physical: 2, agility: 3, skill: 2, grit: 5, flesh: 6, stance: "stand" };
  it("the higher Grit + stance modifier holds it: Grit 4 pressing (6) beats Grit 5 standing", () => {
    expect(firstRoundMomentum(base, { ...base, name: "B", grit: 4, stance: "press" }).holder).toBe("b");
    expect(firstRoundMomentum({ ...base, grit: 4, stance: "press" }, { ...base, name: "B" }).holder).toBe("a");
  });
  it("on equal scores and Agility the higher actor level holds it, then a player actor; a full tie stays with the first named", () => {
    expect(firstRoundMomentum({ ...base, level: 1 }, { ...base, name: "B", level: 2 }).holder).toBe("b");
    expect(firstRoundMomentum(base, { ...base, name: "B", pc: true }).holder).toBe("b");
    expect(firstRoundMomentum(base, { ...base, name: "B" }).holder).toBe("a");
  });
});

describe("the multiple action reports each pairing", () => {
  const dull = (name: string): Combatant => ({ ...fyrd(name), stance: "stand" });
  const split = { actor: { ...warrior, skill: 2 }, opponents: [{ opponent: dull("Fyrd 1"), baseDice: 2, military: 0, momentum: "opponent" }, { opponent: dull("Fyrd 2"), baseDice: 3, military: 2, drama: true, momentum: "actor" }] };

  it("the actor's share of dice goes where she says: the odd base die, both military dice and her Drama die against fyrd #2", () => {
    const outcome = resolveWith("multiple", split, blanks(16));
    expect(outcome.steps.find((step) => step.rule === "split-pool")).toEqual({ rule: "split-pool", who: "Warrior", side: "actor", base: [2, 3], military: [0, 2], dramaTo: "Fyrd 2" });
    expect(outcome.steps.map((step) => step.rule)).not.toContain("round-one-momentum");
  });

  it("failed pairings name no winner and leave each pairing's Momentum with whoever held it, the opponent in one and the actor in the other", () => {
    const outcome = resolveWith("multiple", split, blanks(16));
    expect(outcome.result).toEqual({
      fights: [
        { opponent: "Fyrd 1", kind: "failure", winner: null, level: 0, momentum: "Fyrd 1", momentumSide: "opponent1" },
        { opponent: "Fyrd 2", kind: "failure", winner: null, level: 0, momentum: "Warrior", momentumSide: "actor" },
      ],
      actorDisadvantage: "none",
    });
  });

  it(`${MULTI}, alternative through the action: fyrd #2 left unopposed wins by 2 and leaves the warrior disadvantaged`, () => {
    const failedCourage = [4, 4, 3, 3, 2, 2, 1, 3, 3, 3];
    const faces = [4, 3, 1, 1, 5, 5, 3, 2, 1, 1, 6, 5, 5, 4, 3, 2, 2, 1, 6, 2, 4, 3, 1, 6, 6, 2, 2, 2, 1, ...failedCourage];
    const request = {
      actor: warrior,
      opponents: [
        { opponent: fyrd("Fyrd 1"), baseDice: 6, military: 2, drama: true, momentum: "actor" },
        { opponent: fyrd("Fyrd 2"), unopposed: true, momentum: "actor" },
      ],
    };
    expect(resolveWith("multiple", request, faces).result).toEqual({
      fights: [
        { opponent: "Fyrd 1", kind: "win", winner: "Warrior", level: 4, momentum: "Warrior", momentumSide: "actor" },
        { opponent: "Fyrd 2", kind: "win", winner: "Fyrd 2", level: 2, momentum: "Fyrd 2", momentumSide: "opponent2" },
      ],
      actorDisadvantage: "disadvantaged",
    });
  });

  it("a choice for an opponent the round does not have is refused; one for an opponent it has is taken", () => {
    const one = { actor: warrior, opponents: [{ opponent: dull("Fyrd 1"), momentum: "actor" }], interactive: true };
    expect(() => resolveWith("multiple", { ...one, opponent2Stance: "stand" }, [])).toThrow(/opponent2Stance: there are only 1 opponents/);
    expect(() => resolveWith("multiple", { ...one, opponents: [...one.opponents, { opponent: dull("Fyrd 2"), momentum: "actor" }], opponent3Pool: {} }, [])).toThrow(/opponent3Pool/);
    const taken = resolveWith("multiple", { ...one, opponent1Stance: "stand" }, []);
    expect(taken.awaiting?.choice).toBe("opponent1Pool");
  });
});

describe("the ranged action reports the shot", () => {
  // Archer: Agility 3 + skill 3 + aiming 2 + 1 situational + 1 declared = 10Bd; 1 situational + 4 (mid range) = 5Rd; 1Dd declared.
  const archer: Combatant = { name: "Archer", physical: 2, agility: 3, skill: 3, grit: 4, flesh: 6, weapon: "large", situationalBase: 1, dramaPoints: 2 };
  const deer: Combatant = { name: "Stag", physical: 2, agility: 2, skill: 0, grit: 1, flesh: 6 };
  const shot = { shooter: archer, target: deer, situation: { range: "mid" }, bonuses: ["aiming"], shooterPool: { base: 1, resistance: 1, drama: 1, dramaPointsSpent: 1 } };
  // Net 4: level 2 takes the Stag's 1 Grit and spills 1 into Flesh, 3F + 1 = 4 against 2Ad {1,1}. Courage 6Bd vs 4Rd nets 3.
  const faces = [5, 5, 5, 5, 3, 3, 3, 3, 3, 3, ...blanks(5), 3, 1, 1, 5, 5, 5, 3, 3, 3, ...blanks(4)];

  it("the pool counts the declared dice on top of the stat block's, and the Drama Point they cost", () => {
    const outcome = resolveWith("ranged", shot, faces);
    expect(outcome.steps[0]).toEqual({ rule: "ranged-pool", who: "Archer", attribute: 3, skill: 3, bonuses: 4, situational: 1, penalties: 0, table: 4, drama: 1 });
    expect(outcome.effects[1]).toEqual({ participant: "Archer", changes: { dramaPoints: { from: 2, to: 1 } } });
  });

  it("a hit of level 2 with a 3F bow: a 4F wound, a courage test that passes, and knock-back 2 + 3 = 5 above Physical 2 + Agility 2", () => {
    const outcome = resolveWith("ranged", shot, faces);
    expect(outcome.result).toEqual({ kind: "hit", net: 4, level: 2, wound: 4, knockBack: "doubly" });
    expect(outcome.steps).toHaveLength(9);
    expect(outcome.steps.slice(6)).toEqual([
      { rule: "pool-reading", who: "Stag", baseSuccesses: 3, resistanceLosses: 0, dramaSuccesses: 0, sixes: 0, critical: false, criticalBonus: 0, unintendedOutcome: false, net: 3, test: "courage", pool: { base: 6, resistance: 4, drama: 0 } },
      { rule: "courage-test", who: "Stag", base: 6, resistance: 4, drama: 0, net: 3, result: "passed", roundsOut: 0 },
      { rule: "knock-back", who: "Stag", knockDown: 5, physical: 2, agility: 2, result: "doubly", disadvantageRd: 6 },
    ]);
    expect(outcome.effects).toHaveLength(2);
    expect(outcome.effects[0]?.statuses).toEqual(["blown", "bleeding", "doubly-disadvantaged", "prone"]);
  });

  it("played in turn, the shot stops at the target's courage choice with the steps as far as the wound", () => {
    const outcome = resolveWith("ranged", { ...shot, interactive: true }, faces);
    expect(outcome.result).toEqual({ awaiting: "targetCourage", by: "target" });
    expect(outcome.steps.map((step) => step.rule)).toEqual(["ranged-pool", "pool-reading", "shot", "grit-damage", "armour-roll", "flesh-wound"]);
  });

  it("a miss reports no wound and no knock-back, and changes nobody", () => {
    const outcome = resolveWith("ranged", { shooter: { ...archer, dramaPoints: undefined }, target: deer, shooterPool: { dramaPointsSpent: 1 } }, blanks(7));
    expect(outcome.result).toEqual({ kind: "miss", net: 0, level: 0, wound: 0, knockBack: "none" });
    expect(outcome.effects).toEqual([
      { participant: "Stag", changes: {} },
      { participant: "Archer", changes: {} },
    ]);
  });

  it("spending every Drama Point held is allowed; one more than held is refused", () => {
    expect(shooterWithPool(archer, { dramaPointsSpent: 2 }).dramaPoints).toBe(0);
    expect(() => shooterWithPool(archer, { dramaPointsSpent: 3 })).toThrow(/has 2 Drama Points, cannot spend 3/);
  });
});

describe("the courage action", () => {
  // seed 001 §Test of Courage: max Flesh 7 + 'brave' 2Bd = 9Bd {6,6,5,5,4,3,2,2,1} = 4; 1 penalty die + the 3F wound = 4Rd {4,2,2,1} = −3.
  const squire = { name: "Squire", maxFlesh: 7, physical: 3, penalties: 1, woundFlesh: 3, dramaPoints: 2, modifiers: { base: 2, spendDramaPoint: true } };
  const squireFaces = [6, 6, 5, 5, 4, 3, 2, 2, 1, 4, 2, 2, 1];

  it(`${SEED} §Test of Courage: the squire wavers on net 1 and spends a Drama Point to fight on; the penalty die from the pain is his wound's, so the test adds none`, () => {
    const outcome = resolveWith("courage", { actor: squire }, squireFaces);
    expect(outcome.result).toEqual({ result: "passed-at-a-price", net: 1, roundsOut: 0, dramaPointSpent: true });
    expect(outcome.steps).toEqual([
      { rule: "pool-reading", who: "Squire", baseSuccesses: 4, resistanceLosses: 3, dramaSuccesses: 0, sixes: 2, critical: false, criticalBonus: 0, unintendedOutcome: false, net: 1, test: "courage", pool: { base: 9, resistance: 4, drama: 0 } },
      { rule: "courage-test", who: "Squire", base: 9, resistance: 4, drama: 0, net: 1, result: "passed-at-a-price", roundsOut: 0 },
    ]);
    expect(outcome.effects).toEqual([{ participant: "Squire", changes: { dramaPoints: { from: 2, to: 1 } } }]);
    expect(outcome.dice.map((die) => die.label)).toEqual([...Array(9).fill("Squire courage base"), ...Array(4).fill("Squire courage resistance")]);
  });

  it(`${MULTI}, second round: the fyrd's courage test nets 1 and, spending nothing, he collapses for 8 − 2 = 6 rounds`, () => {
    const outcome = resolveWith("courage", { actor: { name: "Fyrd 2", maxFlesh: 7, physical: 2, woundFlesh: 4 } }, [6, 6, 4, 3, 2, 2, 1, 5, 3, 3, 1]);
    expect(outcome.result).toEqual({ result: "failed", net: 1, roundsOut: 6, dramaPointSpent: false });
    expect(outcome.effects).toEqual([{ participant: "Fyrd 2", changes: { roundsOut: { from: 0, to: 6 } }, statuses: ["passed-out"] }]);
  });

  it("a Drama Point spent by a fighter whose Drama Points are not counted changes no count", () => {
    const outcome = resolveWith("courage", { actor: { ...squire, dramaPoints: undefined } }, squireFaces);
    expect(outcome.result).toMatchObject({ result: "passed-at-a-price" });
    expect(outcome.effects[0]?.changes).toEqual({});
  });

  it("a fighter with no Drama Point left who passes outright is not asked for one, nor refused", () => {
    const passing = [6, 6, 5, 5, 4, 3, 2, 2, 1, 4, 3, 3, 3];
    expect(resolveWith("courage", { actor: { ...squire, dramaPoints: 0 } }, passing).result).toEqual({ result: "passed", net: 4, roundsOut: 0, dramaPointSpent: false });
  });

  it("Drama dice from a passion roll as the fighter's courage drama", () => {
    const outcome = resolveWith("courage", { actor: { ...squire, modifiers: { base: 2, drama: 1 } } }, [...squireFaces, 4]);
    expect(outcome.dice.at(-1)).toEqual({ label: "Squire courage drama", sides: 6, face: 4 });
    expect(outcome.result).toMatchObject({ net: 2, result: "passed" });
  });

  it("the last Drama Point can be spent; with none left the spend is refused", () => {
    expect(resolveWith("courage", { actor: { ...squire, dramaPoints: 1 } }, squireFaces).effects[0]?.changes.dramaPoints).toEqual({ from: 1, to: 0 });
    expect(() => resolveWith("courage", { actor: { ...squire, dramaPoints: 0 } }, squireFaces)).toThrow(/no Drama Point left/);
  });

  it("played in turn, a wavering test waits for the fighter to spend or fall, offering her count of Drama Points", () => {
    const outcome = resolveWith("courage", { actor: squire, interactive: true }, squireFaces);
    expect(outcome.result).toEqual({ awaiting: "actorWaver", by: "actor" });
    expect(outcome.awaiting).toEqual({ choice: "actorWaver", by: "actor", offer: { net: 1, dramaPoints: 2, choices: ["spend", "fall"] } });
    expect(resolveWith("courage", { actor: squire, interactive: true, actorWaver: "spend" }, squireFaces).result).toMatchObject({ result: "passed-at-a-price" });
    expect(resolveWith("courage", { actor: squire, interactive: true, actorWaver: "fall" }, squireFaces).result).toMatchObject({ result: "failed", roundsOut: 5 });
  });

  it("played in turn, nothing is asked of a fighter with no Drama Point left (she falls), nor on a test that passes outright", () => {
    expect(resolveWith("courage", { actor: { ...squire, dramaPoints: 0 }, interactive: true }, squireFaces).result).toEqual({ result: "failed", net: 1, roundsOut: 5, dramaPointSpent: false });
    const passing = [6, 6, 5, 5, 4, 3, 2, 2, 1, 4, 3, 3, 3];
    expect(resolveWith("courage", { actor: squire, interactive: true }, passing).result).toEqual({ result: "passed", net: 4, roundsOut: 0, dramaPointSpent: false });
  });
});

describe("the momentum action", () => {
  const momentum = (request: Record<string, unknown>) => resolveWith("momentum", request, []);

  it(`${SEED} §1st Round Establishing Momentum: farmers on Grit 7 and 6, both standing: the first holds it`, () => {
    const outcome = momentum({ combatants: [{ name: "Farmer 1", grit: 7, agility: 2 }, { name: "Farmer 2", grit: 6, agility: 2 }] });
    expect(outcome.result).toEqual({ order: ["Farmer 1", "Farmer 2"], first: "Farmer 1", unresolvedTies: [] });
    expect(outcome.steps).toEqual([
      { rule: "momentum-score", who: "Farmer 1", grit: 7, stanceModifier: 0, score: 7, agility: 2, level: 0, pc: false },
      { rule: "momentum-score", who: "Farmer 2", grit: 6, stanceModifier: 0, score: 6, agility: 2, level: 0, pc: false },
    ]);
    expect(outcome.effects).toEqual([]);
  });

  it(`${SEED} §1st Round Establishing Momentum: the second farmer (Grit 7) pressing scores 9 and takes it (+2, not the example's +3)`, () => {
    const outcome = momentum({ combatants: [{ name: "Farmer 1", grit: 7, agility: 2 }, { name: "Farmer 2", grit: 7, agility: 2, stance: "press" }] });
    expect(outcome.steps[1]).toEqual({ rule: "momentum-score", who: "Farmer 2", grit: 7, stanceModifier: 2, score: 9, agility: 2, level: 0, pc: false });
    expect(outcome.result).toMatchObject({ first: "Farmer 2" });
  });

  it("a Dramatic stance adds the GM's Momentum modifier; any other stance ignores one given", () => {
    const outcome = momentum({ combatants: [{ name: "Foe", grit: 5, agility: 2, stance: "press", dramaticMomentum: 1 }, { name: "Hero", grit: 4, agility: 2, stance: "dramatic", dramaticMomentum: 4 }] });
    expect(outcome.steps.map((step) => [step.who, step.stanceModifier, step.score])).toEqual([
      ["Foe", 2, 7],
      ["Hero", 4, 8],
    ]);
    expect(outcome.result).toMatchObject({ order: ["Hero", "Foe"] });
  });

  it("equal scores and Agility go to the higher level, then to the player actor; a full tie is reported", () => {
    expect(momentum({ combatants: [{ name: "Squire", grit: 5, agility: 3, level: 1 }, { name: "Knight", grit: 5, agility: 3, level: 2 }] }).result).toMatchObject({ first: "Knight" });
    expect(momentum({ combatants: [{ name: "NPC", grit: 5, agility: 3 }, { name: "PC", grit: 5, agility: 3, pc: true }] }).result).toMatchObject({ first: "PC", unresolvedTies: [] });
    expect(momentum({ combatants: [{ name: "A", grit: 5, agility: 3 }, { name: "B", grit: 5, agility: 3 }] }).result).toEqual({ order: ["A", "B"], first: "A", unresolvedTies: [["A", "B"]] });
  });

  it(`${SEED} §Who shoots first?: in Agility order, whatever the Grit; the steps show what was compared`, () => {
    const outcome = momentum({ for: "ranged", combatants: [{ name: "Slow", grit: 9, agility: 2 }, { name: "Quick", grit: 1, agility: 4, level: 1, pc: true }] });
    expect(outcome.result).toEqual({ order: ["Quick", "Slow"], first: "Quick", unresolvedTies: [] });
    expect(outcome.steps).toEqual([
      { rule: "shooting-order-keys", who: "Slow", agility: 2, level: 0, pc: false },
      { rule: "shooting-order-keys", who: "Quick", agility: 4, level: 1, pc: true },
    ]);
  });
});
