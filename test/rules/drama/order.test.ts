/**
 * The order of a round as the rulebook gives it, and what the round does to those who are out of
 * it (issue 24): opening stances in Actor rank order; pools built in turn, the Momentum holder
 * second, seeing allocations and never a die, then rolled together; no part for a fighter knocked
 * out, passed out or dying; a courage test per wound that calls one; the armour roll against Flesh a
 * Shield Bash spills; a wavering test saved by a Drama Point alone. Each of these failed on main
 * before this change, as its test shows. Plain fighters (playFixtures.ts) unless a test says
 * otherwise: Phy 2, Agl 1, no skill, Grit 4, Flesh 6, a 1F weapon; every die after the faces given
 * shows a 3, which counts on no kind of die.
 */
import { describe, expect, it } from "vitest";
import type { Outcome } from "../../../src/core/outcome.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { dramaRules } from "../../../src/rules/drama/index.js";
import { checkLineUp } from "../../../src/rules/drama/lineup.js";
import { STANCES } from "../../../src/rules/drama/tables.js";
import { MULTI, SEED, warrior, fyrd } from "./fixtures.js";
import { awaited, duel, finished, labels, plain, playWith, stepsOf, trayOf } from "./playFixtures.js";

/** An action resolved on the faces given, then blanks. */
const resolve = (action: string, request: Record<string, unknown>, faces: number[] = []): Outcome => dramaRules.actions[action]!.resolve(request, trayOf(faces));

describe(`${SEED} §Joining the Melee: opening stances in Actor rank order`, () => {
  it("the lower actor level declares first, whatever the Grit: Grit 6 at level 1 declares before Grit 3 at level 2", () => {
    const { play } = duel(plain("Ada", { grit: 6, level: 1 }), plain("Bo", { grit: 3, level: 2 }), undefined, { interactive: true });
    expect(awaited(play).choice).toBe("aStance");
    const next = duel(plain("Ada", { grit: 6, level: 1 }), plain("Bo", { grit: 3, level: 2 }), undefined, { interactive: true, choices: { aStance: "press" } }).play;
    expect(awaited(next)).toMatchObject({ choice: "bStance", offer: { against: [{ key: "a", name: "Ada", stance: "press" }] } });
  });

  it("equal levels: the lower Agility declares first, then a cameo before a player actor, then the first named", () => {
    const first = (a: Partial<Combatant>, b: Partial<Combatant>) => awaited(duel(plain("Ada", a), plain("Bo", b), undefined, { interactive: true }).play).choice;
    expect(first({ grit: 9, agility: 3 }, { agility: 2 })).toBe("bStance");
    expect(first({ grit: 9, pc: true }, {})).toBe("bStance");
    expect(first({ grit: 9 }, { pc: true })).toBe("aStance");
    expect(first({ grit: 1 }, { grit: 9 })).toBe("aStance");
  });

  it("an engagement naming the later fighter first changes nothing: in a full tie f1 still declares first, and where rank decides it decides", () => {
    const request = { fighters: [plain("Ada"), plain("Bo")], engagements: [{ between: ["f2", "f1"] }], interactive: true };
    expect(resolve("skirmish", request).awaiting).toEqual({ choice: "f1Stance", by: "f1", offer: { stances: STANCES, against: [{ key: "f2", name: "Bo", stance: null }] } });
    expect(resolve("skirmish", { ...request, f1Stance: "stand" }).awaiting?.choice).toBe("f2Stance");
    // Rank, where it tells them apart, still decides: Ada's higher Agility lets her declare second.
    expect(resolve("skirmish", { ...request, fighters: [plain("Ada", { agility: 3 }), plain("Bo")] }).awaiting?.choice).toBe("f2Stance");
  });

  it("Momentum decides the later rounds: its holder declares second whatever her rank", () => {
    expect(awaited(duel(plain("Ada", { level: 5 }), plain("Bo"), "b", { interactive: true }).play).choice).toBe("aStance");
  });
});

describe(`${SEED} §Opposed Melee Rolls: the holder builds second, seeing allocations and no die`, () => {
  const ines = plain("Ines", { physical: 3, skill: 2, grit: 6, military: 2, dramaPoints: 2 });
  const odo = plain("Odo", { military: 2, dramaPoints: 1 });
  const stances = { aStance: "stand", bStance: "stand" };

  it("Odo builds first; Ines is offered his allocation (military dice to attack and to armour, Drama dice and Points, situations) but nothing is rolled", () => {
    const odoPool = { militaryAsArmour: 1, drama: 1, dramaPointsSpent: 1, situations: ["heightAdvantage"] };
    const { play, tray } = duel(ines, odo, "a", { interactive: true, choices: { ...stances, bPool: odoPool } });
    expect(awaited(play)).toMatchObject({
      choice: "aPool",
      by: "a",
      offer: { against: [{ key: "b", name: "Odo", stance: "stand", base: 5, military: 1, resistance: 0, drama: 1, armour: 2, militaryAsArmour: 1, dramaPointsSpent: 1, extraFlesh: 0, situations: ["heightAdvantage"] }] },
    });
    expect(tray.rolled).toEqual([]);
    expect(stepsOf(play, "pool-reading")).toEqual([]);
    expect(stepsOf(play, "build-pools")).toEqual([
      { rule: "build-pools", who: "Odo", side: "b", base: 5, baseParts: { attribute: 2, skill: 0, situational: 2, military: 1 }, resistance: 0, resistanceParts: { penalties: 0, situational: 0, disadvantage: 0, stance: 0 }, drama: 1, armour: 2, militaryAsArmour: 1 },
    ]);
  });

  it("once the holder has built, both pools are rolled, the first builder's first", () => {
    const { play, tray } = duel(ines, odo, "a", { interactive: true, choices: { ...stances, bPool: {}, aPool: {} } });
    expect(labels(tray)).toEqual([...Array(4).fill("Odo base"), ...Array(7).fill("Ines base")]);
    expect(play.steps.map((step) => step.rule).slice(0, 7)).toEqual(["stance", "stance", "momentum-holder", "build-pools", "build-pools", "pool-reading", "pool-reading"]);
  });

  it(`${MULTI}: the warrior splits his pool having seen both fyrd's allocations, and no fyrd's die`, () => {
    const request = { interactive: true, actor: warrior, opponents: [{ opponent: fyrd("Fyrd 1"), momentum: "actor" }, { opponent: fyrd("Fyrd 2"), momentum: "actor" }], opponent1Pool: {}, opponent2Pool: { situations: ["poorFooting"] } };
    const waiting = resolve("multiple", request);
    expect(waiting.awaiting).toMatchObject({ choice: "actorPool", offer: { against: [{ name: "Fyrd 1", base: 4, resistance: 0 }, { name: "Fyrd 2", base: 4, resistance: 2 }] } });
    expect(waiting.dice).toEqual([]);
    expect(waiting.steps.filter((step) => step.rule === "pool-reading")).toEqual([]);
  });
});

describe(`${SEED} §Surviving Damage and §Test of Courage: those out of the action take no part`, () => {
  const out = [
    ["knocked out (0 Flesh)", { flesh: 0, maxFlesh: 6 }, /Bo is knocked out and takes no part in the fight/],
    ["dying (Flesh below 0)", { flesh: -2, maxFlesh: 6 }, /Bo is dying and takes no part in the fight/],
    ["passed out (rounds out after a failed courage test)", { roundsOut: 3 }, /Bo is passed out for 3 more rounds and takes no part in the fight/],
  ] as const;

  for (const [what, tracks, refusal] of out) {
    it(`a fighter ${what} is refused in a melee round, against several and in a skirmish, and cannot shoot`, () => {
      const bo = plain("Bo", tracks);
      expect(() => resolve("melee", { a: plain("Ada"), b: bo }, [])).toThrow(refusal);
      expect(() => resolve("multiple", { actor: plain("Ada"), opponents: [{ opponent: plain("Cy") }, { opponent: bo }] }, [])).toThrow(refusal);
      expect(() => resolve("skirmish", { fighters: [plain("Ada"), bo], engagements: [{ between: ["f1", "f2"] }] }, [])).toThrow(refusal);
      expect(() => resolve("ranged", { shooter: bo, target: plain("Ada") }, [])).toThrow(refusal);
    });
  }

  it("one round out is said as one; a fighter back on 1 Flesh with no rounds out fights", () => {
    expect(() => resolve("melee", { a: plain("Ada"), b: plain("Bo", { roundsOut: 1 }) }, [])).toThrow(/passed out for 1 more round and/);
    expect(resolve("melee", { a: plain("Ada"), b: plain("Bo", { flesh: 1, maxFlesh: 6, roundsOut: 0 }) }, []).result).toMatchObject({ kind: "failure" });
  });

  it("a knocked-out target can still be shot at (he takes no part, but is there)", () => {
    expect(resolve("ranged", { shooter: plain("Ada"), target: plain("Bo", { flesh: 0, maxFlesh: 6 }) }, []).result).toMatchObject({ kind: "miss" });
  });
});

describe(`${SEED} §Taking a Flesh Wound: each serious wound calls its own courage test`, () => {
  // The warrior holds Momentum over both: each fyrd rolls {5,5} first, her 1Bd against each is blank.
  // Both win by 2; her Grit 4 → 2 → 0, her 1Ad stops nothing, so each wound is the fyrd's weapon.
  const round = (first: Combatant["weapon"], second: Combatant["weapon"], choices: Record<string, unknown>, faces: number[] = []) => {
    const fighters = { actor: plain("Wulf", { flesh: 10, stance: "stand" }), opponent1: plain("Fyrd 1", { weapon: first, stance: "stand" }), opponent2: plain("Fyrd 2", { weapon: second, stance: "stand" }) };
    const pairings = [
      { actor: "actor", opponent: "opponent1", momentum: "actor" },
      { actor: "actor", opponent: "opponent2", momentum: "actor" },
    ];
    return playWith(fighters, pairings, { interactive: true, choices: { opponent1Pool: {}, opponent2Pool: {}, actorPool: {}, ...choices } }, [5, 5, 5, 5, 3, 3, 3, 3, ...faces]).play;
  };
  // 10Bd {5,5,3...} against the wound's Rd, all blank: net 2, a pass.
  const passes = [5, 5];

  it(`${MULTI}: a 3F wound then a 4F one are two tests, in the order they landed; the second counts the first wound's penalty die (1 + 4Rd)`, () => {
    expect(awaited(round("large", "extraLarge", {}))).toEqual({ choice: "actorCourage", by: "actor", offer: { woundFlesh: 3, pool: { base: 10, resistance: 3, drama: 0 }, test: 1, of: 2 } });
    expect(awaited(round("large", "extraLarge", { actorCourage: {} }, passes))).toEqual({ choice: "actorCourage2", by: "actor", offer: { woundFlesh: 4, pool: { base: 10, resistance: 5, drama: 0 }, test: 2, of: 2 } });
    const done = finished(round("large", "extraLarge", { actorCourage: {}, actorCourage2: { base: 1 } }, [...passes, ...Array(13).fill(3), 5, 5]));
    expect(done.fighters.actor!.courageTests.map((test) => [test.pool, test.result])).toEqual([
      [{ base: 10, resistance: 3, drama: 0 }, "passed"],
      [{ base: 11, resistance: 5, drama: 0 }, "passed"],
    ]);
  });

  it("a lone serious wound's test is asked without a count; only a fighter with two or more due is told which of them it is", () => {
    // Fyrd 2's small weapon makes a 1F wound, which calls no test: Fyrd 1's 3F wound is the round's only one.
    expect(awaited(round("large", "small", {}))).toEqual({ choice: "actorCourage", by: "actor", offer: { woundFlesh: 3, pool: { base: 10, resistance: 3, drama: 0 } } });
    expect(awaited(round("large", "large", {})).offer).toEqual({ woundFlesh: 3, pool: { base: 10, resistance: 3, drama: 0 }, test: 1, of: 2 });
  });

  it("two tests wavering ask for two Drama Points, one at a time, each by its own choice", () => {
    const wavers = [5];
    const second = round("large", "large", { actorCourage: {}, actorWaver: "spend", actorCourage2: {} }, [...wavers, ...Array(12).fill(3), ...wavers]);
    expect(awaited(second)).toMatchObject({ choice: "actorWaver2", by: "actor" });
  });

  it("a first test failed puts her out: the second wound asks nothing more of her", () => {
    const done = finished(round("large", "extraLarge", { actorCourage: {} }));
    expect(done.fighters.actor!.courageTests.map((test) => test.result)).toEqual(["failed"]);
    expect(done.fighters.actor!.statuses).toContain("passed-out");
  });

  it("played from the stat blocks, both tests are taken with the same modifiers", () => {
    const fighters = { actor: plain("Wulf", { flesh: 10, stance: "stand", courage: { base: 2 } }), opponent1: plain("Fyrd 1", { weapon: "large" }), opponent2: plain("Fyrd 2", { weapon: "large" }) };
    const pairings = [
      { actor: "actor", opponent: "opponent1", momentum: "actor" },
      { actor: "actor", opponent: "opponent2", momentum: "actor" },
    ];
    const { play } = playWith(fighters, pairings, {}, [5, 5, 5, 5, 3, 3, 3, 3, 5, 5]);
    expect(stepsOf(play, "courage-test").map((step) => [step.base, step.resistance, step.result])).toEqual([
      [12, 3, "passed"],
      [12, 4, "failed"],
    ]);
  });

  it("a melee round: the blow's serious wound and the Shield Bash's are two tests for one fighter", () => {
    // Ada's 4Bd {5,5,5,5}: a quad and a win by 4 over Bo's blanks. Bo, 20 Flesh, Grit 4: the level takes it
    // all; her 3F weapon makes a 3F wound; then the large shield's 3 Grit spill into a 3F wound past 1Ad.
    const bo = plain("Bo", { flesh: 20 });
    const { play } = duel(plain("Ada", { physical: 4, weapon: "large", shield: "large" }), bo, "a", { interactive: true, choices: { aStance: "stand", bStance: "stand", aPool: {}, bPool: {}, bCourage: {} } }, [3, 3, 5, 5, 5, 5, 3, 3, ...Array(23).fill(5)]);
    expect(stepsOf(play, "flesh-wound")).toMatchObject([{ who: "Bo", wound: 3, courageTest: true }]);
    expect(stepsOf(play, "shield-bash")).toMatchObject([{ who: "Bo", wound: 3, courageTest: true }]);
    expect(awaited(play)).toMatchObject({ choice: "bCourage2", offer: { woundFlesh: 3, test: 2, of: 2 } });
  });
});

describe(`${SEED} §Determine Armor Protection: Flesh a Shield Bash spills meets the armour roll`, () => {
  it("a large shield's 3 Grit on Bo at 0 Grit spill 3 Flesh; his 2Ad {5,6} stop 2: a 1F wound, and his dice are on the card", () => {
    // Bo (blown: 1Rd) rolls {3,3} {3}; Ada's 4Bd {2,2,2,2}: a failed round, and a quad.
    const { play, tray } = duel(plain("Ada", { physical: 4, shield: "large" }), plain("Bo", { grit: 0, agility: 2 }), "a", {}, [3, 3, 3, 2, 2, 2, 2, 5, 6]);
    expect(stepsOf(play, "shield-bash")).toEqual([{ rule: "shield-bash", who: "Bo", side: "b", by: "Ada", grit: 3, gritLost: 0, transferredToFlesh: 3, armourDice: 2, blocks: 2, wound: 1, flesh: 5, courageTest: false }]);
    expect(labels(tray).slice(-2)).toEqual(["Bo armour", "Bo armour"]);
    expect(finished(play).fighters.b!.after.wounds).toEqual([{ flesh: 1, critical: false, bleeding: false }]);
  });

  it("a bash's triple-boosted armour: a shield bearer's own triple adds 3Ad against the bash that hits her", () => {
    // Both carry large shields. Bo's 6Bd {2,2,2,4,4,4} (and his blown 1Rd): two triples, no quad; Ada's {1,1,1,1}: a
    // quad that bashes. Bo's armour: 1 Agility + 5 shield + 2 × 3 = 12Ad; all 6s stop the 3 Flesh spilled.
    const { play } = duel(plain("Ada", { physical: 4, shield: "large" }), plain("Bo", { grit: 0, physical: 6, shield: "large" }), "a", {}, [2, 2, 2, 4, 4, 4, 3, 1, 1, 1, 1, ...Array(12).fill(6)]);
    expect(stepsOf(play, "shield-bash")).toMatchObject([{ armourDice: 12, blocks: 12, wound: 0 }]);
  });
});

describe(`${SEED} §Test of Courage: the squire's Drama Point is the whole price`, () => {
  it("a melee's wavering test saved with a Drama Point adds no penalty die: Odo carries his wound's die and his Grit's, nothing more", () => {
    // Odo rolls blanks; Ada's 6Bd {5,5,5,5,3,3} win by 4 with a 3F weapon: Grit 2 → 0, 2 spill, a 5F wound past 1Ad.
    const request = { a: plain("Ada", { physical: 6, weapon: "large" }), b: plain("Bo", { grit: 2, dramaPoints: 1, courage: { spendDramaPoint: true } }), momentum: "a" };
    const outcome = resolve("melee", request, [3, 3, 5, 5, 5, 5, 3, 3, 3, ...[5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]]);
    expect(outcome.steps.find((step) => step.rule === "courage-test")).toMatchObject({ net: 1, result: "passed-at-a-price" });
    expect(outcome.effects[1]!.changes).toMatchObject({ penaltyDice: { from: 0, to: 2 }, dramaPoints: { from: 1, to: 0 } });
    expect(outcome.effects[1]!.changes).not.toHaveProperty("otherPenalties");
  });
});

describe(`${SEED} §Taking a Flesh Wound: extra Flesh from a dramatic advantage`, () => {
  it("declared with her pool, it adds to her full blow: a 1F weapon + 2 extra at level 2 makes a 3F wound", () => {
    const { play } = duel(plain("Ada"), plain("Bo"), "a", { interactive: true, choices: { aStance: "stand", bStance: "stand", bPool: {}, aPool: { drama: 1, dramaPointsSpent: 1, extraFlesh: 2 } } }, [3, 3, 5, 5, 3]);
    expect(stepsOf(play, "build-pools")[1]).toMatchObject({ who: "Ada", extraFlesh: 2 });
    expect(stepsOf(play, "flesh-wound")).toMatchObject([{ who: "Bo", incoming: 3, wound: 3, serious: true }]);
  });

  it("a limited blow ignores it: a marginal win still deals at most 1 Flesh", () => {
    const { play } = duel(plain("Ada", { extraFlesh: 2 }), plain("Bo"), "a", {}, [3, 3, 5, 3]);
    expect(stepsOf(play, "flesh-wound")).toMatchObject([{ incoming: 1 }]);
  });

  it(`${MULTI}: it goes with her Drama dice, against one opponent only`, () => {
    const fighters = { actor: plain("Wulf", { physical: 4, extraFlesh: 1 }), opponent1: plain("Fyrd 1"), opponent2: plain("Fyrd 2") };
    const pairings = [
      { actor: "actor", opponent: "opponent1", momentum: "actor" },
      { actor: "actor", opponent: "opponent2", momentum: "actor", split: { drama: true } },
    ];
    // The fyrd roll blanks; Wulf's 2Bd against each {5,5}: a win by 2 in each pairing.
    const { play } = playWith(fighters, pairings, {}, [3, 3, 3, 3, 5, 5, 5, 5]);
    expect(stepsOf(play, "flesh-wound").map((step) => [step.who, step.incoming])).toEqual([
      ["Fyrd 1", 1],
      ["Fyrd 2", 2],
    ]);
  });

  it("a shot that hits adds it too; the request carries it in the shooter's pool", () => {
    const outcome = resolve("ranged", { shooter: plain("Ada", { agility: 2 }), target: plain("Bo", { grit: 0 }), shooterPool: { extraFlesh: 1 } }, [5, 5]);
    expect(outcome.steps.find((step) => step.rule === "flesh-wound")).toMatchObject({ incoming: 2, wound: 2 });
  });
});

describe(`${MULTI}: a skirmish, where more than one fighter splits her pool`, () => {
  // Two against two, crossed: Ines engages both fyrd; Fyrd 1 engages Ines and Berold; Berold only Fyrd 1;
  // Fyrd 2 only Ines. Ines and Fyrd 1 each split their own Base dice between two.
  const ines = plain("Ines", { physical: 4, grit: 6, pc: true, level: 2 });
  const berold = plain("Berold", { physical: 3, grit: 5, pc: true, level: 1 });
  const fyrd1 = plain("Fyrd 1", { physical: 4 });
  const fyrd2 = plain("Fyrd 2");
  const engagements = [
    { between: ["f1", "f3"], momentum: "f1" },
    { between: ["f1", "f4"], momentum: "f1" },
    { between: ["f2", "f3"], momentum: "f3" },
  ];
  const request = { fighters: [ines, berold, fyrd1, fyrd2], engagements };

  it("each fighter in two engagements rolls her Base dice split between them; the others roll whole pools", () => {
    const outcome = resolve("skirmish", request);
    const rolled = outcome.dice.map((die) => die.label);
    expect(rolled.filter((label) => label.startsWith("Ines"))).toEqual(["Ines base (vs Fyrd 1)", "Ines base (vs Fyrd 1)", "Ines base (vs Fyrd 2)", "Ines base (vs Fyrd 2)"]);
    expect(rolled.filter((label) => label.startsWith("Fyrd 1"))).toEqual(["Fyrd 1 base (vs Ines)", "Fyrd 1 base (vs Ines)", "Fyrd 1 base (vs Berold)", "Fyrd 1 base (vs Berold)"]);
    expect(rolled.filter((label) => label.startsWith("Berold"))).toEqual(Array(3).fill("Berold base"));
    expect(rolled.filter((label) => label.startsWith("Fyrd 2"))).toEqual(Array(2).fill("Fyrd 2 base"));
    expect(outcome.steps.filter((step) => step.rule === "split-pool")).toEqual([
      { rule: "split-pool", who: "Fyrd 1", side: "f3", base: [2, 2], military: [0, 0], dramaTo: "Ines" },
      { rule: "split-pool", who: "Ines", side: "f1", base: [2, 2], military: [0, 0], dramaTo: "Fyrd 1" },
    ]);
  });

  it("the holders build last: Berold first, then Fyrd 1 (who holds Momentum over him) and Fyrd 2, then Ines, who holds it over both fyrd", () => {
    const order: string[] = [];
    let choices: Record<string, unknown> = { interactive: true, f1Stance: "stand", f2Stance: "stand", f3Stance: "stand", f4Stance: "stand" };
    for (let step = 0; step < 4; step += 1) {
      const waiting = resolve("skirmish", { ...request, ...choices });
      order.push(waiting.awaiting!.choice);
      choices = { ...choices, [waiting.awaiting!.choice]: {} };
    }
    expect(order).toEqual(["f2Pool", "f3Pool", "f4Pool", "f1Pool"]);
    const ineses = resolve("skirmish", { ...request, ...choices, f1Pool: undefined });
    expect(ineses.awaiting?.offer).toMatchObject({ split: { ownBase: 4, engaged: 2 }, against: [{ key: "f3", base: 2 }, { key: "f4", base: 2 }] });
    expect(ineses.dice).toEqual([]);
  });

  it("results land together: Ines wins against both fyrd, Fyrd 1 against Berold; each pairing passes its own Momentum", () => {
    // Rolled as built: Berold 3Bd, Fyrd 1 2Bd against Ines and 2Bd against Berold, Fyrd 2 2Bd, Ines 2Bd + 2Bd.
    const faces = [3, 3, 3, 3, 3, 5, 5, 3, 3, 5, 5, 5, 5];
    const outcome = resolve("skirmish", request, faces);
    expect(outcome.result).toEqual({
      fights: [
        { between: ["Ines", "Fyrd 1"], kind: "win", winner: "Ines", level: 2, momentum: "Ines", momentumSide: "f1" },
        { between: ["Ines", "Fyrd 2"], kind: "win", winner: "Ines", level: 2, momentum: "Ines", momentumSide: "f1" },
        { between: ["Berold", "Fyrd 1"], kind: "win", winner: "Fyrd 1", level: 2, momentum: "Fyrd 1", momentumSide: "f3" },
      ],
    });
    expect(outcome.effects.map((effect) => [effect.participant, effect.changes.grit])).toEqual([
      ["Ines", undefined],
      ["Berold", { from: 5, to: 3 }],
      ["Fyrd 1", { from: 4, to: 2 }],
      ["Fyrd 2", { from: 4, to: 2 }],
    ]);
  });

  it("a fighter may leave an opponent unopposed: he rolls his share +2Bd against nothing of hers", () => {
    const outcome = resolve("skirmish", { ...request, engagements: [engagements[0], { ...engagements[1], unopposedBy: "f1" }, engagements[2]] });
    const rolled = outcome.dice.map((die) => die.label);
    expect(rolled.filter((label) => label.startsWith("Ines"))).toEqual(Array(4).fill("Ines base (vs Fyrd 1)"));
    expect(rolled.filter((label) => label.startsWith("Fyrd 2"))).toEqual(Array(4).fill("Fyrd 2 base"));
  });

  it("an opponent may leave the fighter unopposed: Fyrd 2 rolls nothing; Ines rolls her share against him +2Bd, her share against Fyrd 1 as it was", () => {
    const outcome = resolve("skirmish", { ...request, engagements: [engagements[0], { ...engagements[1], unopposedBy: "f4" }, engagements[2]] });
    const rolled = outcome.dice.map((die) => die.label);
    expect(rolled.filter((label) => label.startsWith("Fyrd 2"))).toEqual([]);
    expect(rolled.filter((label) => label.startsWith("Ines"))).toEqual([...Array(2).fill("Ines base (vs Fyrd 1)"), ...Array(4).fill("Ines base (vs Fyrd 2)")]);
    expect(outcome.steps.filter((step) => step.rule === "build-pools" && step.who === "Ines").map((step) => [step.against, step.base, step.baseParts])).toEqual([
      ["Fyrd 1", 2, { attribute: 2, skill: 0, situational: 0, military: 0 }],
      ["Fyrd 2", 4, { attribute: 2, skill: 0, situational: 2, military: 0 }],
    ]);
  });

  it("refuses what cannot be fought: two fighters of one name, a fighter in no engagement, one pair twice, an absent fighter, a fighter against herself, an outsider holding back or holding Momentum", () => {
    expect(() => resolve("skirmish", { ...request, fighters: [ines, berold, fyrd1, { ...fyrd2, name: "Ines" }] })).toThrow(/same name/);
    expect(() => resolve("skirmish", { ...request, fighters: [...request.fighters, plain("Cy")] })).toThrow(/Cy fights no one/);
    expect(() => resolve("skirmish", { ...request, engagements: [...engagements, { between: ["f3", "f1"] }] })).toThrow(/Fyrd 1 and Ines are paired twice/);
    expect(() => resolve("skirmish", { ...request, engagements: [...engagements, { between: ["f1", "f3"] }] })).toThrow(/Ines and Fyrd 1 are paired twice/);
    expect(() => resolve("skirmish", { ...request, engagements: [...engagements, { between: ["f1", "f5"] }] })).toThrow(/f5, who is not in the fight/);
    expect(() => resolve("skirmish", { ...request, engagements: [{ between: ["f1", "f1"] }] })).toThrow(/cannot fight herself/);
    expect(() => resolve("skirmish", { ...request, engagements: [{ ...engagements[0], unopposedBy: "f2" }] })).toThrow(/f2 is not in the engagement f1–f3/);
    expect(() => resolve("skirmish", { ...request, engagements: [{ between: ["f1", "f3"], momentum: "f2" }, engagements[1], engagements[2]] })).toThrow(/cannot be held by Berold/);
    expect(() => resolve("skirmish", { ...request, f5Stance: "stand" })).toThrow(/f5Stance: there are only 4 fighters/);
  });
});

describe("a line-up the rules refuse before anything is declared", () => {
  const fighters = [
    { key: "a", combatant: plain("Ada") },
    { key: "b", combatant: plain("Bo") },
  ];

  it("two fighters who both leave the other unopposed do not fight; a key named twice is refused", () => {
    expect(() => checkLineUp(fighters, [{ actor: "a", opponent: "b", unopposed: true, opponentLeavesUnopposed: true }])).toThrow(/Ada and Bo both leave the other unopposed/);
    expect(() => checkLineUp([...fighters, fighters[0]!], [{ actor: "a", opponent: "b" }])).toThrow(/named twice/);
    expect(() => checkLineUp(fighters, [{ actor: "a", opponent: "b", unopposed: true }])).not.toThrow();
    expect(() => checkLineUp(fighters, [{ actor: "a", opponent: "b", opponentLeavesUnopposed: true }])).not.toThrow();
  });

  it("a fighter left unopposed by one who splits rolls her whole pool +2Bd; the one holding back puts nothing against her", () => {
    const { tray } = playWith({ a: plain("Ada"), b: plain("Bo"), c: plain("Cy") }, [
      { actor: "a", opponent: "b", momentum: "a" },
      { actor: "c", opponent: "a", momentum: "a", opponentLeavesUnopposed: true },
    ]);
    expect(labels(tray)).toEqual(["Bo base", "Bo base", ...Array(4).fill("Cy base"), "Ada base (vs Bo)", "Ada base (vs Bo)"]);
  });
});

