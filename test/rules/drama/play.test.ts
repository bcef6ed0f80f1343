/**
 * The staged melee round (play.ts) up to the dice: who declares a stance when and what she is
 * offered, who holds Momentum, and the pools each fighter builds from her choices.
 */
import { describe, expect, it } from "vitest";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { MELEE_SITUATION_IDS } from "../../../src/rules/drama/choices.js";
import { withPoolChoice } from "../../../src/rules/drama/play.js";
import { PoolError } from "../../../src/rules/drama/pools.js";
import { STANCES } from "../../../src/rules/drama/tables.js";
import { SEED } from "./fixtures.js";
import { awaited, duel, finished, plain, playWith, stepsOf } from "./playFixtures.js";

describe("declaring stances", () => {
  it(`${SEED} §1st Round Establishing Momentum: the fighter behind on Grit alone declares first; Momentum is then Grit + the stance declared`, () => {
    const { play } = duel(plain("Ada", { grit: 4, stance: "press" }), plain("Bo", { grit: 5 }), undefined);
    expect(play.steps.slice(0, 4)).toEqual([
      { rule: "stance", who: "Ada", side: "a", stance: "press" },
      { rule: "stance", who: "Bo", side: "b", stance: "stand" },
      { rule: "round-one-momentum", scores: { Ada: 6, Bo: 5 }, holder: "Ada", unresolvedTie: false },
      { rule: "momentum-holder", holder: "Ada", buildsFirst: "Bo" },
    ]);
  });

  it(`${SEED} §1st Round Establishing Momentum: equal on Grit and Agility, the higher actor level holds Momentum, then a player actor; a tie past that is reported and the first named keeps it`, () => {
    const first = (a: Partial<Combatant>, b: Partial<Combatant>) => stepsOf(duel(plain("Ada", a), plain("Bo", b), undefined).play, "round-one-momentum");
    const scores = { Ada: 4, Bo: 4 };
    expect(first({ level: 2 }, { level: 3 })).toEqual([{ rule: "round-one-momentum", scores, holder: "Bo", unresolvedTie: false }]);
    expect(first({}, { pc: true })).toEqual([{ rule: "round-one-momentum", scores, holder: "Bo", unresolvedTie: false }]);
    expect(first({ pc: true }, {})).toEqual([{ rule: "round-one-momentum", scores, holder: "Ada", unresolvedTie: false }]);
    expect(first({}, {})).toEqual([{ rule: "round-one-momentum", scores, holder: "Ada", unresolvedTie: true }]);
  });

  it("a Dramatic stance in the stat block counts as declared, with the GM's modifiers, and its Bd count in the pool", () => {
    const ada = plain("Ada", { stance: "dramatic", dramatic: { base: 2 } });
    const first = duel(ada, plain("Bo"), "b", { interactive: true });
    expect(first.play.steps).toEqual([{ rule: "stance", who: "Ada", side: "a", stance: "dramatic", dramatic: { base: 2 } }]);
    expect(awaited(first.play)).toEqual({ choice: "bStance", by: "b", offer: { stances: [...STANCES], against: [{ key: "a", name: "Ada", stance: "dramatic" }] } });
    const pools = duel(ada, plain("Bo"), "b", { interactive: true, choices: { bStance: "stand" } });
    expect(awaited(pools.play)).toMatchObject({ choice: "aPool", offer: { base: 4 } });
  });

  it("played from the stat blocks, a Dramatic stance keeps the GM's modifiers too", () => {
    const { play } = duel(plain("Ada", { stance: "dramatic", dramatic: { base: 2 } }), plain("Bo"), "a");
    expect(stepsOf(play, "stance").find((step) => step.who === "Ada")).toEqual({ rule: "stance", who: "Ada", side: "a", stance: "dramatic", dramatic: { base: 2 } });
    expect(stepsOf(play, "build-pools").find((step) => step.who === "Ada")).toMatchObject({ base: 4, baseParts: { situational: 2 } });
  });

  it("a Dramatic stance declared at the table carries the modifiers the GM agreed", () => {
    const { play } = duel(plain("Ada"), plain("Bo"), "b", { interactive: true, choices: { aStance: { stance: "dramatic", dramatic: { resistance: 1 } } } });
    expect(play.steps).toEqual([{ rule: "stance", who: "Ada", side: "a", stance: "dramatic", dramatic: { resistance: 1 } }]);
    expect(awaited(play).choice).toBe("bStance");
  });

  it(`${SEED} §Joining the Melee: each fyrd, lower in actor level, declares seeing only the fighter he faces; the warrior last, seeing both`, () => {
    const fighters = { actor: plain("Wulf", { grit: 6, level: 3 }), opponent1: plain("Fyrd 1", { grit: 3 }), opponent2: plain("Fyrd 2", { grit: 3 }) };
    const pairings = [
      { actor: "actor", opponent: "opponent1" },
      { actor: "actor", opponent: "opponent2" },
    ];
    expect(awaited(playWith(fighters, pairings, { interactive: true }).play)).toEqual({
      choice: "opponent1Stance",
      by: "opponent1",
      offer: { stances: [...STANCES], against: [{ key: "actor", name: "Wulf", stance: null }] },
    });
    const last = playWith(fighters, pairings, { interactive: true, choices: { opponent1Stance: "stand", opponent2Stance: "press" } }).play;
    expect(awaited(last)).toEqual({
      choice: "actorStance",
      by: "actor",
      offer: {
        stances: [...STANCES],
        against: [
          { key: "opponent1", name: "Fyrd 1", stance: "stand" },
          { key: "opponent2", name: "Fyrd 2", stance: "press" },
        ],
      },
    });
  });
});

describe("building pools at the table", () => {
  const stances = { aStance: "stand", bStance: "stand" };

  it(`${SEED} §Opposed Melee Rolls: each fighter is offered her pools as they stand, her military dice and Drama Points, and the situations; one opponent means nothing to split`, () => {
    const ada = plain("Ada", { military: 2, dramaPoints: 2 });
    const first = duel(ada, plain("Bo"), "a", { interactive: true, choices: stances });
    expect(awaited(first.play)).toEqual({ choice: "bPool", by: "b", offer: { base: 2, resistance: 0, drama: 0, armour: 1, military: 0, dramaPoints: null, situations: MELEE_SITUATION_IDS, against: [] } });
    const second = duel(ada, plain("Bo"), "a", { interactive: true, choices: { ...stances, bPool: {} } });
    const bo = { key: "b", name: "Bo", stance: "stand", base: 2, military: 0, resistance: 0, drama: 0, armour: 1, militaryAsArmour: 0, dramaPointsSpent: 0, extraFlesh: 0, situations: [] };
    expect(awaited(second.play)).toEqual({ choice: "aPool", by: "a", offer: { base: 4, resistance: 0, drama: 0, armour: 1, military: 2, dramaPoints: 2, situations: MELEE_SITUATION_IDS, against: [bo] } });
  });

  it(`${SEED} §Fighting Multiple Opponents: the actor is offered the split of her own Base dice among those she engages; an opponent is offered no split`, () => {
    const fighters = { actor: plain("Wulf", { physical: 4, grit: 6, military: 1, stance: "stand" }), opponent1: plain("Fyrd 1", { stance: "stand" }), opponent2: plain("Fyrd 2", { stance: "stand" }) };
    const pairings = [
      { actor: "actor", opponent: "opponent1", momentum: "actor" },
      { actor: "actor", opponent: "opponent2", momentum: "actor", unopposed: true },
    ];
    const fyrd = playWith(fighters, pairings, { interactive: true }).play;
    expect(awaited(fyrd)).toEqual({ choice: "opponent1Pool", by: "opponent1", offer: { base: 2, resistance: 0, drama: 0, armour: 1, military: 0, dramaPoints: null, situations: MELEE_SITUATION_IDS, against: [] } });
    const warrior = playWith(fighters, pairings, { interactive: true, choices: { opponent1Pool: {}, opponent2Pool: {} } }).play;
    expect(awaited(warrior)).toMatchObject({ choice: "actorPool", offer: { base: 5, military: 1 } });
    expect(awaited(warrior).offer.split).toEqual({
      ownBase: 4,
      engaged: 1,
      opponents: [
        { key: "opponent1", name: "Fyrd 1", unopposed: false },
        { key: "opponent2", name: "Fyrd 2", unopposed: true },
      ],
    });
  });

  it("a split naming the one opponent is allowed; a split of a single opponent between two is refused", () => {
    const choices = { ...stances, bPool: {} };
    expect(finished(duel(plain("Ada"), plain("Bo"), "a", { interactive: true, choices: { ...choices, aPool: { split: [{}] } } }).play).fights).toHaveLength(1);
    expect(() => duel(plain("Ada"), plain("Bo"), "a", { interactive: true, choices: { ...choices, aPool: { split: [{}, {}] } } })).toThrow(/Ada faces one opponent: there is nothing to split/);
  });
});

describe("a pool choice", () => {
  const ada = plain("Ada", { military: 2, situationalBase: 1, situationalResistance: 1, situationalArmour: 1, drama: 1, dramaPoints: 2 });

  it(`${SEED} §Opposed Melee Rolls: situations, extra dice, military dice into armour and declared Drama dice all add to the stat block's own`, () => {
    const built = withPoolChoice(ada, { situations: ["heightAdvantage", "poorFooting"], base: 1, resistance: 1, armour: 2, militaryAsArmour: 1, drama: 2, dramaPointsSpent: 1 });
    expect(built).toEqual({ ...ada, situationalBase: 4, situationalResistance: 4, situationalArmour: 3, militaryAsArmour: 1, drama: 3, dramaPoints: 1 });
  });

  it("no choice leaves the fighter as she is; an empty one adds nothing and keeps no count she did not have", () => {
    expect(withPoolChoice(ada, undefined)).toBe(ada);
    const bo = plain("Bo");
    const built = withPoolChoice(bo, {});
    expect(built).toEqual({ ...bo, situationalBase: 0, situationalResistance: 0, situationalArmour: 0 });
    expect(built).not.toHaveProperty("dramaPoints");
    expect(built).not.toHaveProperty("drama");
    expect(built).not.toHaveProperty("militaryAsArmour");
    expect(withPoolChoice(bo, { dramaPointsSpent: 1 })).not.toHaveProperty("dramaPoints");
  });

  it("Drama Points: spending all she holds is allowed, one more is refused; with none, spending none is allowed", () => {
    expect(withPoolChoice(ada, { dramaPointsSpent: 2 }).dramaPoints).toBe(0);
    expect(() => withPoolChoice(ada, { dramaPointsSpent: 3 })).toThrow(PoolError);
    expect(withPoolChoice({ ...ada, dramaPoints: 0 }, {}).dramaPoints).toBe(0);
  });
});

describe("the pools as built and read", () => {
  it(`${SEED} §Opposed Melee Rolls: each side's build shows its parts, and its reading each kind of die`, () => {
    const ada = plain("Ada", { skill: 1, situationalBase: 1, otherPenalties: 1, situationalResistance: 2, drama: 1 });
    // Bo (no Momentum) rolls 2Bd first; Ada 4Bd {5,6,3,3}, 3Rd {1,3,3}, 1Dd {4}: 2 − 1 + 1 = 2.
    const { play } = duel(ada, plain("Bo"), "a", {}, [3, 3, 5, 6, 3, 3, 1, 3, 3, 4]);
    expect(stepsOf(play, "build-pools")).toEqual([
      { rule: "build-pools", who: "Bo", side: "b", base: 2, baseParts: { attribute: 2, skill: 0, situational: 0, military: 0 }, resistance: 0, resistanceParts: { penalties: 0, situational: 0, disadvantage: 0, stance: 0 }, drama: 0, armour: 1 },
      { rule: "build-pools", who: "Ada", side: "a", base: 4, baseParts: { attribute: 2, skill: 1, situational: 1, military: 0 }, resistance: 3, resistanceParts: { penalties: 1, situational: 2, disadvantage: 0, stance: 0 }, drama: 1, armour: 1 },
    ]);
    expect(stepsOf(play, "pool-reading")[1]).toEqual({ rule: "pool-reading", who: "Ada", side: "a", baseSuccesses: 2, resistanceLosses: 1, dramaSuccesses: 1, sixes: 1, critical: false, criticalBonus: 0, unintendedOutcome: false, net: 2 });
  });

  it(`${SEED} §Dramatic Outcome Patterns: a shield bearer's triple and quad are shown; with no pattern nothing is`, () => {
    const ada = plain("Ada", { physical: 4, shield: "buckler" });
    const triple = duel(ada, plain("Bo"), "a", {}, [3, 3, 2, 2, 2, 5]).play;
    expect(stepsOf(triple, "shield-pattern")).toEqual([{ rule: "shield-pattern", who: "Ada", side: "a", triples: 1, quad: false }]);
    const quad = duel(ada, plain("Bo"), "a", {}, [3, 3, 2, 2, 2, 2]).play;
    expect(stepsOf(quad, "shield-pattern")).toEqual([{ rule: "shield-pattern", who: "Ada", side: "a", triples: 0, quad: true }]);
    expect(stepsOf(duel(ada, plain("Bo"), "a", {}, [3, 3, 2, 3, 4, 5]).play, "shield-pattern")).toEqual([]);
  });
});
