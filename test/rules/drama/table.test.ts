/**
 * The round as a table plays it (`"interactive": true`): each choice is awaited from the one who
 * makes it, in the rulebook's order, and the dice of each step are the ones rolled by then.
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import type { Outcome } from "../../../src/core/outcome.js";
import { RuleError } from "../../../src/core/ruleError.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { dramaRules } from "../../../src/rules/drama/index.js";
import { fyrd, MULTI, SEED, warrior } from "./fixtures.js";

const resolve = (action: string, request: Record<string, unknown>, faces: number[] = []): Outcome => dramaRules.actions[action]!.resolve(request, new DiceTray(givenFaces(faces)));

const ines: Combatant = { name: "Ines", pc: true, physical: 3, agility: 2, skill: 1, grit: 4, flesh: 6, weapon: "large", dramaPoints: 2 };
const odo: Combatant = { name: "Odo", physical: 2, agility: 1, skill: 1, grit: 2, flesh: 6, weapon: "small", dramaPoints: 1 };

describe("a melee round played in turn", () => {
  const start = { interactive: true, a: ines, b: odo };
  const oddFaces = [4, 2, 1];
  const inesFaces = [6, 5, 5, 1, 3, 2, 4];
  const odoArmour = [1];
  const courageFaces = [5, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3];

  it(`${SEED} §Joining the Melee: in the first round the fighter higher in Actor rank (equal levels: Agility 2 against 1) declares second, after seeing the other's stance`, () => {
    const first = resolve("melee", start);
    expect(first.awaiting).toEqual({ choice: "bStance", by: "b", offer: expect.objectContaining({ stances: expect.arrayContaining(["press", "stand", "brace", "defend", "evade", "dramatic"]) }) });
    expect(first.dice).toEqual([]);
    expect(first.effects).toEqual([]);
    const second = resolve("melee", { ...start, bStance: "stand" });
    expect(second.awaiting).toMatchObject({ choice: "aStance", by: "a", offer: { against: [{ key: "b", name: "Odo", stance: "stand" }] } });
    expect(second.steps).toEqual([{ rule: "stance", who: "Odo", side: "b", stance: "stand" }]);
  });

  it(`${SEED} §Opposed Melee Rolls: Momentum (Grit + stance) set, the side without it builds first; the holder builds second seeing his allocation and no die, and only then are both pools rolled`, () => {
    const stances = { ...start, bStance: "stand", aStance: "press" };
    const third = resolve("melee", stances);
    expect(third.awaiting).toMatchObject({ choice: "bPool", by: "b", offer: { base: 3, resistance: 0, drama: 0, armour: 1, dramaPoints: 1, against: [] } });
    expect(third.steps.find((step) => step.rule === "round-one-momentum")).toMatchObject({ scores: { Ines: 6, Odo: 2 }, holder: "Ines" });
    const fourth = resolve("melee", { ...stances, bPool: { situations: ["poorFooting"], militaryAsArmour: 0 } });
    expect(fourth.awaiting).toMatchObject({ choice: "aPool", by: "a", offer: { base: 4, drama: 1, against: [{ key: "b", name: "Odo", stance: "stand", base: 3, resistance: 2, drama: 0, armour: 1, situations: ["poorFooting"] }] } });
    // Nothing is rolled before the holder has built: no die, no reading, on the card.
    expect(fourth.dice).toEqual([]);
    expect(fourth.steps.filter((step) => step.rule === "pool-reading")).toEqual([]);
    expect(fourth.steps.filter((step) => step.rule === "build-pools")).toEqual([expect.objectContaining({ who: "Odo", base: 3, resistance: 2 })]);
    const rolled = resolve("melee", { ...stances, bPool: {}, aPool: {} }, [...oddFaces, 3, 3, 3, 3, 3]);
    expect(rolled.dice.map((die) => die.label)).toEqual([...Array(3).fill("Odo base"), ...Array(4).fill("Ines base"), "Ines drama"]);
  });

  it(`${SEED} §Results of a Melee Round: the blow, the armour roll, and the courage test offered to the one who must take it, then the Drama Point to stay up`, () => {
    const pools = { ...start, bStance: "stand", aStance: "press", bPool: {}, aPool: { situations: ["heightAdvantage"] } };
    const fifth = resolve("melee", pools, [...oddFaces, ...inesFaces, ...odoArmour]);
    // 6Bd {6,5,5,1,3,2} + 1Dd {4}: 4 net; level 4 takes Odo's 2 Grit and spills 2: 3F + 2 = 5F, 1Ad stops none.
    expect(fifth.awaiting).toMatchObject({ choice: "bCourage", by: "b", offer: { woundFlesh: 5, pool: { base: 6, resistance: 5, drama: 0 } } });
    expect(fifth.steps.find((step) => step.rule === "flesh-wound")).toMatchObject({ who: "Odo", incoming: 5, blocks: 0, wound: 5, critical: true });
    const sixth = resolve("melee", { ...pools, bCourage: {} }, [...oddFaces, ...inesFaces, ...odoArmour, ...courageFaces]);
    expect(sixth.awaiting).toMatchObject({ choice: "bWaver", by: "b", offer: { net: 1, dramaPoints: 1 } });
    const done = resolve("melee", { ...pools, bCourage: {}, bWaver: "spend" }, [...oddFaces, ...inesFaces, ...odoArmour, ...courageFaces]);
    expect(done.awaiting).toBeUndefined();
    expect(done.result).toMatchObject({ kind: "win", winner: "Ines", level: 4, knockBack: "doubly", momentum: "Ines", momentumSide: "a" });
    expect(done.effects[1]).toEqual({
      participant: "Odo",
      changes: {
        grit: { from: 2, to: 0 },
        flesh: { from: 6, to: 1 },
        penaltyDice: { from: 0, to: 2 },
        wounds: { from: [], to: [{ flesh: 5, critical: true, bleeding: true }] },
        disadvantage: { from: "none", to: "doubly" },
        dramaPoints: { from: 1, to: 0 },
      },
      statuses: ["blown", "bleeding", "doubly-disadvantaged", "prone"],
    });
    // Falling instead: out for 8 − Physical rounds.
    const fell = resolve("melee", { ...pools, bCourage: {}, bWaver: "fall" }, [...oddFaces, ...inesFaces, ...odoArmour, ...courageFaces]);
    expect(fell.effects[1]?.changes.roundsOut).toEqual({ from: 0, to: 6 });
    expect(fell.effects[1]?.statuses).toContain("passed-out");
  });

  it("the same choices and faces give the same outcome straight through from the stat blocks", () => {
    const faces = [...oddFaces, ...inesFaces, ...odoArmour, ...courageFaces];
    const table = resolve("melee", { ...start, bStance: "stand", aStance: "press", bPool: {}, aPool: { situations: ["heightAdvantage"] }, bCourage: {}, bWaver: "spend" }, faces);
    const straight = resolve("melee", { a: { ...ines, stance: "press", situationalBase: 2 }, b: { ...odo, courage: { spendDramaPoint: true } } }, faces);
    expect(straight.result).toEqual(table.result);
    expect(straight.effects).toEqual(table.effects);
  });

  it("a wavering test cannot be saved without a Drama Point: nothing is asked, the fighter falls", () => {
    const pools = { ...start, b: { ...odo, dramaPoints: 0 }, bStance: "stand", aStance: "press", bPool: {}, aPool: { situations: ["heightAdvantage"] }, bCourage: {} };
    const done = resolve("melee", pools, [...oddFaces, ...inesFaces, ...odoArmour, ...courageFaces]);
    expect(done.awaiting).toBeUndefined();
    expect(done.effects[1]?.statuses).toContain("passed-out");
    expect(() => resolve("melee", { ...pools, bWaver: "spend", interactive: false, b: { ...odo, dramaPoints: 0, courage: { spendDramaPoint: true } } }, [...oddFaces, ...inesFaces, ...odoArmour, ...courageFaces])).toThrow(RuleError);
  });

  it("Drama Points spent on dramatic actions are counted, and more than held are refused", () => {
    const pools = { ...start, bStance: "stand", aStance: "press", bPool: {}, aPool: { drama: 1, dramaPointsSpent: 2 } };
    // 4Bd {1,1,1,1} + 2Dd {2,2}: a failure for both, nothing else to roll.
    const outcome = resolve("melee", pools, [...oddFaces, 1, 1, 1, 1, 2, 2]);
    expect(outcome.awaiting).toBeUndefined();
    expect(outcome.effects[0]?.changes.dramaPoints).toEqual({ from: 2, to: 0 });
    expect(() => resolve("melee", { ...pools, aPool: { dramaPointsSpent: 3 } }, oddFaces)).toThrow(/2 Drama Points, cannot spend 3/);
  });

  it("a stance in the stat block counts as declared (the tracker's), so only the missing one is asked", () => {
    const outcome = resolve("melee", { ...start, a: { ...ines, stance: "brace" } });
    expect(outcome.awaiting?.choice).toBe("bStance");
    const next = resolve("melee", { ...start, a: { ...ines, stance: "brace" }, bStance: "stand" });
    expect(next.awaiting?.choice).toBe("bPool");
  });

  it("with Momentum held, its holder declares second whatever the Grit", () => {
    expect(resolve("melee", { ...start, momentum: "b" }).awaiting?.choice).toBe("aStance");
    expect(resolve("melee", { ...start, momentum: "b", aStance: "stand" }).awaiting?.choice).toBe("bStance");
  });
});

describe("several opponents played in turn", () => {
  const undeclared = (c: Combatant): Combatant => {
    const { stance: _stance, ...rest } = c;
    return rest;
  };
  const start = { interactive: true, actor: undeclared(warrior), opponents: [{ opponent: undeclared(fyrd("Fyrd 1")) }, { opponent: undeclared(fyrd("Fyrd 2")) }] };
  const choices = { opponent1Stance: "stand", opponent2Stance: "stand", actorStance: "press" };

  it(`${MULTI}: the fyrd declare first, the warrior (ahead on Grit) last; then they build in the same order, the warrior splitting her pool`, () => {
    const steps: Array<[Record<string, unknown>, number[], string]> = [
      [{}, [], "opponent1Stance"],
      [{ opponent1Stance: "stand" }, [], "opponent2Stance"],
      [{ opponent2Stance: "stand" }, [], "actorStance"],
      [{ actorStance: "press" }, [], "opponent1Pool"],
      [{ opponent1Pool: {} }, [4, 3, 3, 1], "opponent2Pool"],
      [{ opponent2Pool: {} }, [6, 2, 1, 1], "actorPool"],
    ];
    let request: Record<string, unknown> = start;
    let faces: number[] = [];
    for (const [choice, dice, awaited] of steps) {
      request = { ...request, ...choice };
      faces = [...faces, ...dice];
      const outcome = resolve("multiple", request, faces);
      expect(outcome.awaiting?.choice).toBe(awaited);
      expect(outcome.awaiting?.by).toBe(awaited.replace(/(Stance|Pool)$/, ""));
      if (awaited === "actorPool") expect(outcome.awaiting?.offer.split).toEqual({ ownBase: 6, engaged: 2, opponents: [expect.objectContaining({ key: "opponent1", name: "Fyrd 1", unopposed: false }), expect.objectContaining({ key: "opponent2" })] });
    }
  });

  it(`${MULTI}, Fights 1 and 2: the split chosen at the table gives the example's results`, () => {
    const faces = [4, 3, 3, 1, 6, 2, 1, 1, 6, 3, 2, 1, 1, 5, 4, 2, 1, 4, 3, 1, 5, 4, 4, 3, 2, 2];
    const request = { ...start, ...choices, opponent1Pool: {}, opponent2Pool: {}, actorPool: { split: [{ military: 2, drama: true }, {}] } };
    const outcome = resolve("multiple", { ...request, opponents: [{ opponent: undeclared(fyrd("Fyrd 1")), momentum: "actor" }, { opponent: undeclared(fyrd("Fyrd 2")), momentum: "actor" }] }, faces);
    expect(outcome.result).toMatchObject({ fights: [{ kind: "win", winner: "Warrior", level: 2 }, { kind: "marginal-win", winner: "Fyrd 2" }] });
    expect(outcome.dice.map((die) => die.face)).toEqual(faces);
  });

  it(`${MULTI}: the base pool splits as evenly as it can; only the odd dice and the military dice are placed freely`, () => {
    const request = { ...start, ...choices, opponent1Pool: {}, opponent2Pool: {} };
    expect(() => resolve("multiple", { ...request, actorPool: { split: [{ baseDice: 4 }, { baseDice: 2 }] } }, [4, 3, 3, 1, 6, 2, 1, 1])).toThrow(/as evenly as it can be: 6 dice among 2 make 3\/3, not 4\/2/);
    expect(() => resolve("multiple", { ...request, actorPool: { split: [{ military: 1 }, {}] } }, [4, 3, 3, 1, 6, 2, 1, 1])).toThrow(/1 of 2 military dice placed/);
    expect(() => resolve("multiple", { ...request, actorPool: { split: [{}] } }, [4, 3, 3, 1, 6, 2, 1, 1])).toThrow(/names 1 opponents/);
    const odd = { ...request, actor: { ...undeclared(warrior), skill: 2, physical: 5 } };
    // 7 own dice among 2: 4/3 either way round.
    expect(resolve("multiple", { ...odd, actorPool: { split: [{ baseDice: 3 }, { baseDice: 4 }] } }, [4, 3, 3, 1, 6, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]).awaiting).toBeUndefined();
  });

  it("choices for an opponent the request does not have are refused", () => {
    expect(() => resolve("multiple", { ...start, opponent3Stance: "stand" })).toThrow(/only 2 opponents/);
  });
});

describe("a shot and a courage test played in turn", () => {
  const archer = { name: "Archer", physical: 2, agility: 3, skill: 3, grit: 5, flesh: 6, weapon: "large" as const };
  const deer = { name: "Deer", physical: 3, agility: 3, skill: 0, grit: 4, flesh: 6 };

  it("a shot's serious wound waits for the target's courage test, offered to the target", () => {
    const request = { interactive: true, shooter: archer, target: deer, situation: { range: "pointBlank" } };
    const hit = [5, 5, 5, 5, 2, 3, 4, 3, 2];
    const waiting = resolve("ranged", request, hit);
    expect(waiting.awaiting).toMatchObject({ choice: "targetCourage", by: "target", offer: { woundFlesh: 3, pool: { base: 6, resistance: 3 } } });
    expect(waiting.steps.map((step) => step.rule)).toEqual(["ranged-pool", "pool-reading", "shot", "grit-damage", "armour-roll", "flesh-wound"]);
    const done = resolve("ranged", { ...request, targetCourage: { base: 2 } }, [...hit, 5, 5, 2, 2, 2, 2, 2, 2, 3, 3, 3]);
    expect(done.steps.find((step) => step.rule === "courage-test")).toMatchObject({ base: 8, resistance: 3, result: "passed" });
  });

  it("a courage test that wavers asks whether to spend a Drama Point, and only if one is left", () => {
    const actor = { name: "Squire", maxFlesh: 7, physical: 3, penalties: 1, woundFlesh: 3, dramaPoints: 1 };
    // 7Bd {6,6,5,3,3,3,3}: 3; 4Rd {2,2,3,3}: −2; net 1.
    const faces = [6, 6, 5, 3, 3, 3, 3, 2, 2, 3, 3];
    const waiting = resolve("courage", { interactive: true, actor }, faces);
    expect(waiting.awaiting).toMatchObject({ choice: "actorWaver", by: "actor", offer: { net: 1, dramaPoints: 1 } });
    const spent = resolve("courage", { interactive: true, actor, actorWaver: "spend" }, faces);
    expect(spent.result).toMatchObject({ result: "passed-at-a-price", dramaPointSpent: true });
    expect(spent.effects[0]?.changes).toEqual({ dramaPoints: { from: 1, to: 0 } });
    const none = resolve("courage", { interactive: true, actor: { ...actor, dramaPoints: 0 } }, faces);
    expect(none.awaiting).toBeUndefined();
    expect(none.result).toMatchObject({ result: "failed", roundsOut: 5 });
  });
});
