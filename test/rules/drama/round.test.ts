import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { strike } from "../../../src/rules/drama/damage.js";
import { fightDuel } from "../../../src/rules/drama/duel.js";
import { knockBack } from "../../../src/rules/drama/knockBack.js";
import { meleePools } from "../../../src/rules/drama/pools.js";
import { knockBackStep, strikeSteps } from "../../../src/rules/drama/report.js";
import { isOut, resolveMeleeRound, resolveMultiple, rollSide } from "../../../src/rules/drama/round.js";
import { defaults, fyrd, MULTI, warrior } from "./fixtures.js";

const brute: Combatant = { name: "Brute", physical: 2, agility: 1, skill: 1, grit: 4, flesh: 6, weapon: "small" };
const duellist: Combatant = { name: "Duellist", physical: 2, agility: 1, skill: 1, grit: 4, flesh: 6, weapon: "small" };

describe("a melee round", () => {
  it("a Defend that wins lands no blow either way, and takes Momentum", () => {
    // b (Momentum) builds second. a: 4Bd {5,5,1,1} = 2; b defends with 4Bd {5,5,5,1} = 3.
    const round = resolveMeleeRound({ a: { ...brute, skill: 2 }, b: { ...duellist, skill: 2, stance: "defend" }, momentum: "b", options: defaults }, new DiceTray(givenFaces([5, 5, 1, 1, 5, 5, 5, 1])));
    expect(round.judgement.winner).toBe("b");
    expect(round.noBlow).toBe(true);
    expect(round.sides.a.struck).toBeUndefined();
    expect(round.momentum).toBe("b");
  });

  it("a loser's critical lands 1 Grit and 1 Flesh on the winner (house default), and a critical wound", () => {
    // a: 4Bd {6,6,6,1} = 3 + 3 (critical). b: 4Bd + 2 situational {6,6,6,6,6,1} = 5 + 5. Then a's and b's 1Ad: {1}, {1}.
    const faces = [6, 6, 6, 1, 6, 6, 6, 6, 6, 1, 1, 1];
    const round = resolveMeleeRound({ a: { ...brute, skill: 2 }, b: { ...duellist, skill: 2, situationalBase: 2 }, momentum: "b", options: defaults }, new DiceTray(givenFaces(faces)));
    expect(round.judgement).toMatchObject({ kind: "win", winner: "b", level: 4, loserCriticalBlow: true });
    expect(round.sides.b.struck).toMatchObject({ gritLost: 1, incomingFlesh: 1, blocks: 0, wound: { flesh: 1, critical: true } });
    const off = resolveMeleeRound(
      { a: { ...brute, skill: 2 }, b: { ...duellist, skill: 2, situationalBase: 2 }, momentum: "b", options: { ...defaults, loserCriticalLimitedDamage: false } },
      new DiceTray(givenFaces(faces)),
    );
    expect(off.sides.b.struck).toBeUndefined();
    expect(off.sides.a.struck?.wound?.flesh).toBe(1);
  });

  it("a Shield Bash on a quad deals Grit by shield size (house default) even to the round's winner", () => {
    // a has a large shield and rolls 5Bd {2,2,2,2,1}: no successes but a quad. b: 3Bd {5,5,4} wins by 2; a's 6Ad all 1s.
    const bearer = { ...brute, skill: 2, physical: 3, shield: "large" as const };
    const faces = [2, 2, 2, 2, 1, 5, 5, 4, 1, 1, 1, 1, 1, 1];
    const round = resolveMeleeRound({ a: bearer, b: { ...duellist, skill: 1 }, momentum: "b", options: defaults }, new DiceTray(givenFaces(faces)));
    expect(round.judgement).toMatchObject({ kind: "win", winner: "b", level: 2 });
    expect(round.sides.a.after).toMatchObject({ grit: 2, flesh: 5 });
    expect(round.sides.b.bashed).toMatchObject({ grit: 3, gritLost: 3 });
    expect(round.sides.b.after.grit).toBe(1);
    const small = resolveMeleeRound({ a: bearer, b: { ...duellist, skill: 1 }, momentum: "b", options: { ...defaults, shieldBashGritLarge: 1 } }, new DiceTray(givenFaces(faces)));
    expect(small.sides.b.after.grit).toBe(3);
  });

  it("a knock-out leaves the loser knocked out and prone; no courage test is rolled", () => {
    // b rolls first: 3Bd {1,1,1}. a: 6Bd {5,5,5,4,4,1} = 3. Level 3 on Grit 1: 2 spill over + 1F, b's 1Ad {1}: 3F on 2 Flesh.
    const round = resolveMeleeRound(
      { a: { ...brute, skill: 2, situationalBase: 2, agility: 3 }, b: { ...duellist, grit: 1, flesh: 2, maxFlesh: 6, skill: 1 }, momentum: "a", options: defaults },
      new DiceTray(givenFaces([1, 1, 1, 5, 5, 5, 4, 4, 1, 1])),
    );
    expect(round.judgement).toMatchObject({ winner: "a", level: 3 });
    expect(round.sides.b.after.flesh).toBe(-1);
    expect(round.sides.b.statuses).toEqual(expect.arrayContaining(["knocked-out", "prone", "dying", "blown"]));
    expect(round.sides.b.courage).toBeUndefined();
  });
});

describe("a Shield Bash's Flesh", () => {
  it("seed 001 §Taking a Flesh Wound: Flesh lost to a Shield Bash calls a courage test like any wound of 3+", () => {
    // A failure for both: b (no Momentum) 3Bd {3,3,3} + 1Rd (blown) {3}; a's large shield 4Bd {2,2,2,2} is a quad.
    // The bash's 3 Grit all spill over: a 3F wound, and the courage test 4Bd {5,5,5,5} vs 0 + 3Rd... passes.
    const bearer: Combatant = { name: "Bearer", physical: 2, agility: 0, skill: 2, grit: 4, flesh: 6, weapon: "small", shield: "large" };
    const blown: Combatant = { name: "Blown", physical: 3, agility: 0, skill: 0, grit: 0, maxGrit: 4, flesh: 4, weapon: "small" };
    const round = resolveMeleeRound({ a: bearer, b: blown, momentum: "a", options: defaults }, new DiceTray(givenFaces([3, 3, 3, 3, 2, 2, 2, 2, 5, 5, 5, 5, 3, 3, 3, 3])));
    expect(round.judgement.kind).toBe("failure");
    expect(round.sides.b.bashed).toMatchObject({ grit: 3, gritLost: 0, transferred: 3, wound: { flesh: 3 }, serious: true, courageTest: true });
    expect(round.sides.b.courage?.pool).toEqual({ base: 4, resistance: 4, drama: 0 });
    expect(round.sides.b.courage?.result).toBe("passed");
    expect(round.sides.b.after).toMatchObject({ flesh: 1 });
  });
});

describe("what a round records", () => {
  // The knock-out above: Duellist (no Momentum) rolls first 3Bd {1,1,1}; Brute 6Bd {5,5,5,4,4,1} = 3; Duellist's 1Ad {1}.
  // Played inside each test, so that the rules run while the test does.
  const knockOut = () =>
    resolveMeleeRound(
      { a: { ...brute, skill: 2, situationalBase: 2, agility: 3 }, b: { ...duellist, grit: 1, flesh: 2, maxFlesh: 6, skill: 1 }, momentum: "a", options: defaults },
      new DiceTray(givenFaces([1, 1, 1, 5, 5, 5, 4, 4, 1, 1])),
    );

  it("who held Momentum, who built first, each side's roll, and the knock-back on the loser's side only", () => {
    const round = knockOut();
    expect(round.momentumBefore).toBe("a");
    expect(round.buildsFirst).toBe("b");
    expect([round.rolls.a.reading.net, round.rolls.b.reading.net]).toEqual([3, 0]);
    expect(round.sides.b.knockBack).toEqual({ knockDown: 5, physical: 2, agility: 1, result: "doubly" });
    expect(round.sides.a.knockBack).toBeUndefined();
  });

  it("a fighter who passed out is out of the fight as surely as one knocked out; prone alone is not", () => {
    expect(isOut({ statuses: ["passed-out"] })).toBe(true);
    expect(isOut({ statuses: ["knocked-out", "prone"] })).toBe(true);
    expect(isOut({ statuses: ["prone", "doubly-disadvantaged"] })).toBe(false);
  });
});

describe("the steps a card shows", () => {
  const tracks = { grit: 3, maxGrit: 3, flesh: 10, maxFlesh: 10, wounds: [], otherPenalties: 0 };

  it("a blow the armour stops whole shows a wound of 0, neither serious nor critical", () => {
    const hit = strike(tracks, { kind: "full", level: 0, weaponFlesh: 1, criticalHit: false, armourDice: 1 }, new DiceTray(givenFaces([5])), "armour");
    expect(strikeSteps("Odo", hit)[2]).toEqual({ rule: "flesh-wound", who: "Odo", incoming: 1, blocks: 1, wound: 0, serious: false, critical: false, flesh: 10, courageTest: false });
  });

  it("a knock-back shows the knock-down, the loser's footing and the Rd she carries: doubly on Agility 1 is 7Rd", () => {
    expect(knockBackStep("Odo", knockBack(5, { physical: 2, agility: 1 }), 1)).toEqual({ rule: "knock-back", who: "Odo", knockDown: 5, physical: 2, agility: 1, result: "doubly", disadvantageRd: 7 });
  });

  it("each die is labelled with its roller, its kind and, for a share of a split pool, the opponent it is against", () => {
    const ann: Combatant = { name: "Ann", physical: 1, agility: 1, skill: 0, grit: 0, maxGrit: 2, flesh: 6, stance: "press" };
    const tray = new DiceTray(givenFaces([3, 3, 3, 3, 3, 3]));
    rollSide(ann, meleePools(ann), tray);
    rollSide(ann, meleePools(ann), tray, " (vs Bo)");
    expect(tray.rolled.map((die) => die.label)).toEqual(["Ann base", "Ann resistance", "Ann drama", "Ann base (vs Bo)", "Ann resistance (vs Bo)", "Ann drama (vs Bo)"]);
  });

  it("four of a kind from a fighter without a shield is no pattern at all", () => {
    const bare: Combatant = { name: "Bare", physical: 4, agility: 1, skill: 0, grit: 2, flesh: 6 };
    expect(rollSide(bare, meleePools(bare), new DiceTray(givenFaces([2, 2, 2, 2]))).patterns).toEqual({ triples: 0, quad: false });
  });
});

describe("a duel", () => {
  // 2Bd each (Physical 2, no skill), no armour, a large (3F) weapon and Grit 1: one win by 2 knocks out.
  const a: Combatant = { name: "A", physical: 2, agility: 0, skill: 0, grit: 1, flesh: 3, weapon: "large" };
  const b: Combatant = { ...a, name: "B" };

  it("a round limit of 1 fights exactly one round: A (Momentum on the first-named tie) knocks B out in it", () => {
    // B rolls first {1,1}; A {5,5} wins by 2: B's Grit 1 goes, 1 spills, 3F + 1 = 4 on 3 Flesh.
    expect(fightDuel(a, b, new DiceTray(givenFaces([1, 1, 5, 5])), 1, defaults)).toEqual({ winner: "a", rounds: 1 });
  });

  it("a round that knocks nobody out fights on: B knocks A out in the second", () => {
    expect(fightDuel(a, b, new DiceTray(givenFaces([3, 3, 3, 3, 5, 5, 1, 1])), 5, defaults)).toEqual({ winner: "b", rounds: 2 });
  });

  it("when both fall in the same round (a loser's critical strikes back) nobody wins", () => {
    // B 3Bd {6,6,6} = 6 with a critical; A 8Bd of 6s = 16: B takes a full blow, A limited damage on her last Flesh.
    const strong: Combatant = { ...a, physical: 4, skill: 4, flesh: 1 };
    const critical: Combatant = { ...b, physical: 3 };
    expect(fightDuel(strong, critical, new DiceTray(givenFaces(Array(11).fill(6))), 5, defaults)).toEqual({ winner: "none", rounds: 1 });
  });

  it("a duel nobody wins within the limit ends with no winner after that many rounds", () => {
    expect(fightDuel(a, b, new DiceTray(givenFaces(Array(8).fill(3))), 2, defaults)).toEqual({ winner: "none", rounds: 2 });
  });
});

describe("a round against several opponents, read pairing by pairing", () => {
  it(`${MULTI}, alternative: the split (all on fyrd #1, fyrd #2 unopposed), both pairings' results, and the warrior disadvantaged`, () => {
    const failedCourage = [4, 4, 3, 3, 2, 2, 1, 3, 3, 3];
    const faces = [4, 3, 1, 1, 5, 5, 3, 2, 1, 1, 6, 5, 5, 4, 3, 2, 2, 1, 6, 2, 4, 3, 1, 6, 6, 2, 2, 2, 1, ...failedCourage];
    const engagements = [
      { opponent: fyrd("Fyrd 1"), baseDice: 6, military: 2, drama: true, momentum: "actor" as const },
      { opponent: fyrd("Fyrd 2"), unopposed: true, momentum: "actor" as const },
    ];
    const round = resolveMultiple(warrior, engagements, defaults, new DiceTray(givenFaces(faces)));
    expect(round.plan).toEqual({ base: [6, 0], military: [2, 0], dramaTo: 0 });
    expect(round.fights.map((fight) => [fight.judgement.winner, fight.judgement.level, fight.momentum])).toEqual([
      ["a", 4, "a"],
      ["b", 2, "b"],
    ]);
    expect(round.fights[1]?.sides.a.knockBack?.result).toBe("disadvantaged");
    expect(round.actor.after).toMatchObject({ grit: 4, disadvantage: "disadvantaged" });
    expect(round.actor.statuses).toContain("disadvantaged");
  });
});

describe("who holds Momentum against several opponents", () => {
  // Against a fyrd of lower Grit the warrior would take round-one Momentum; a pairing that names
  // its holder keeps it, and with no successes on either side (every die a 2) nobody wins it away.
  const heldBy = (momentum: "actor" | "opponent", opponent = fyrd("Fyrd 1")) => {
    const round = resolveMultiple(warrior, [{ opponent, momentum }], defaults, new DiceTray(givenFaces(Array(40).fill(2))));
    const fight = round.fights[0]!;
    return { before: fight.momentumBefore, buildsFirst: fight.buildsFirst, winner: fight.judgement.winner, after: fight.momentum };
  };

  it(`${MULTI}: an opponent who holds Momentum lets the actor build first and keeps it through a round nobody wins`, () => {
    expect(heldBy("opponent")).toEqual({ before: "b", buildsFirst: "a", winner: "none", after: "b" });
  });

  it(`${MULTI}: an actor who holds Momentum lets the opponent build first and keeps it through a round nobody wins`, () => {
    expect(heldBy("actor")).toEqual({ before: "a", buildsFirst: "b", winner: "none", after: "a" });
    // A fyrd of higher Grit than the warrior's would take round-one Momentum were no holder named.
    expect(heldBy("actor", { ...fyrd("Fyrd 1"), grit: 9 })).toEqual({ before: "a", buildsFirst: "b", winner: "none", after: "a" });
  });
});
