/**
 * The staged melee round (play.ts) from the dice on: the outcome each card shows, the blows and
 * Shield Bashes, the courage tests and what they ask, knock-back, Momentum, and a fighter against
 * several opponents. Unless a test says otherwise the fighters are plain (Phy 2, Agl 1, no skill:
 * 2Bd and 1Ad; Grit 4, Flesh 6, a 1F weapon) and every die after the faces given shows a 3, which
 * counts on no kind of die.
 */
import { describe, expect, it } from "vitest";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { DEFAULT_TABLES } from "../../../src/rules/drama/pools.js";
import { WEAPON_TABLE } from "../../../src/rules/drama/tables.js";
import { MULTI, SEED } from "./fixtures.js";
import { awaited, duel, finished, labels, plain, playWith, stepsOf } from "./playFixtures.js";

describe("the outcome of a round", () => {
  // Bo (no Momentum) rolls 5Bd first, all blank; Ada 3Bd {5,5,5}: a win by 3. Bo's 3Ad stop nothing.
  const win = () => duel(plain("Ada", { physical: 3 }), plain("Bo", { physical: 5, agility: 3 }), "a", {}, [3, 3, 3, 3, 3, 5, 5, 5]);

  it(`${SEED} §Outcome of an Opposed Melee Round: a win shows the winner, both nets, the level and the blow`, () => {
    const { play, tray } = win();
    expect(stepsOf(play, "opposed-outcome")).toEqual([{ rule: "opposed-outcome", kind: "win", winner: "Ada", nets: { a: 3, b: 0 }, level: 3, blow: "full", loserCriticalBlow: false }]);
    expect(labels(tray).slice(-3)).toEqual(["Bo armour", "Bo armour", "Bo armour"]);
    expect(stepsOf(play, "momentum-passes")).toEqual([{ rule: "momentum-passes", to: "Ada" }]);
  });

  it(`${SEED} §Check For Knock-Back: level 3 + Phy 3 = 6 beats the loser's Agility 3 but not Phy 5 + Agl 3: disadvantaged, (4 − 3)Rd next round`, () => {
    const { play } = win();
    expect(stepsOf(play, "knock-back")).toEqual([{ rule: "knock-back", who: "Bo", side: "b", knockDown: 6, physical: 5, agility: 3, result: "disadvantaged", disadvantageRd: 1 }]);
    const round = finished(play);
    expect(round.fighters.b!.statuses).toEqual(["disadvantaged"]);
    expect(round.fighters.b!.after.disadvantage).toBe("disadvantaged");
    expect(round.fighters.a!.after).not.toHaveProperty("dramaPoints");
    expect(round.fighters.b!.after).not.toHaveProperty("roundsOut");
  });

  it(`${SEED} §Outcome of an Opposed Melee Round: a failure has no winner, lands nothing and leaves Momentum with its holder`, () => {
    const { play } = duel(plain("Ada"), plain("Bo", { stance: "defend" }), "a");
    expect(stepsOf(play, "opposed-outcome")).toEqual([{ rule: "opposed-outcome", kind: "failure", winner: null, nets: { a: 0, b: 0 }, level: 0, blow: "none", loserCriticalBlow: false }]);
    expect(stepsOf(play, "no-blow")).toEqual([]);
    expect(stepsOf(play, "knock-back")).toEqual([]);
    expect(stepsOf(play, "momentum-passes")).toEqual([{ rule: "momentum-passes", to: "Ada" }]);
  });

  it(`${SEED} §Desperate Defend or Evade: a Defend that wins lands no blow either way and checks no knock-back, but takes Momentum`, () => {
    const { play } = duel(plain("Ada"), plain("Bo", { stance: "defend" }), "a", {}, [5, 5, 3, 3]);
    expect(stepsOf(play, "opposed-outcome")[0]).toMatchObject({ kind: "win", winner: "Bo", blow: "full" });
    expect(stepsOf(play, "no-blow")).toEqual([{ rule: "no-blow", defender: "Bo" }]);
    expect(stepsOf(play, "grit-damage")).toEqual([]);
    expect(stepsOf(play, "knock-back")).toEqual([]);
    expect(stepsOf(play, "momentum-passes")).toEqual([{ rule: "momentum-passes", to: "Bo" }]);
    expect(finished(play).fighters.a!.after).toMatchObject({ grit: 4, flesh: 6, disadvantage: "none" });
  });

  it(`${SEED} §Limited Amount of Damage: a marginal win deals 1 Grit and 1 Flesh and checks no knock-back`, () => {
    const { play } = duel(plain("Ada"), plain("Bo"), "a", {}, [3, 3, 5, 3]);
    expect(stepsOf(play, "opposed-outcome")[0]).toMatchObject({ kind: "marginal-win", winner: "Ada", blow: "limited" });
    expect(finished(play).fighters.b!.after).toMatchObject({ grit: 3, flesh: 5, disadvantage: "none" });
    expect(stepsOf(play, "knock-back")).toEqual([]);
  });

  it(`${SEED} §Opposed Melee Rolls: a draw goes to whoever holds Momentum, here the pairing's opponent`, () => {
    // Ada (no Momentum) rolls first: {5,5}; Bo {5,5}. Bo's full blow at level 0: 1F through Ada's blank 1Ad.
    const { play } = duel(plain("Ada"), plain("Bo"), "b", {}, [5, 5, 5, 5]);
    expect(stepsOf(play, "opposed-outcome")).toEqual([{ rule: "opposed-outcome", kind: "draw", winner: "Bo", nets: { a: 2, b: 2 }, level: 0, blow: "full", loserCriticalBlow: false }]);
    expect(finished(play).fights[0]!.judgement).toMatchObject({ winner: "b", momentum: "b" });
    expect(finished(play).fighters.a!.after).toMatchObject({ grit: 4, flesh: 5 });
  });

  it(`${SEED} §Outcome of an Opposed Melee Round: the loser's critical strikes back; each struck side rolls its own armour`, () => {
    // Bo 3Bd {6,6,6}: 3 + 3 = 6; Ada 8Bd all 5s: 8, a win by 2. Bo's 1Ad, then Ada's.
    const { play, tray } = duel(plain("Ada", { physical: 8 }), plain("Bo", { physical: 3 }), "a", {}, [6, 6, 6, 5, 5, 5, 5, 5, 5, 5, 5]);
    expect(stepsOf(play, "opposed-outcome")[0]).toMatchObject({ winner: "Ada", level: 2, loserCriticalBlow: true });
    expect(labels(tray).slice(-2)).toEqual(["Bo armour", "Ada armour"]);
  });

  it("the weapon table the world gives is the one the blow uses", () => {
    const tables = { ...DEFAULT_TABLES, weapons: { ...WEAPON_TABLE, small: { flesh: 4, examples: [] } } };
    const edited = finished(duel(plain("Ada"), plain("Bo"), "a", { tables }, [3, 3, 5, 5]).play);
    expect(edited.fights[0]!.struck.opponent).toMatchObject({ incomingFlesh: 4, wound: { flesh: 4 } });
    const standard = finished(duel(plain("Ada"), plain("Bo"), "a", {}, [3, 3, 5, 5]).play);
    expect(standard.fights[0]!.struck.opponent).toMatchObject({ incomingFlesh: 1, wound: { flesh: 1 } });
  });
});

describe("Shield Bash", () => {
  const bearer = (shield: Combatant["shield"]) => plain("Ada", { physical: 4, shield });

  it(`${SEED} §Defensive Harness & Armour: a buckler's quad bashes the opponent for 1 Grit (house default) on a failed round`, () => {
    const { play } = duel(bearer("buckler"), plain("Bo"), "a", {}, [3, 3, 2, 2, 2, 2]);
    expect(stepsOf(play, "shield-bash")).toEqual([{ rule: "shield-bash", who: "Bo", side: "b", by: "Ada", grit: 1, gritLost: 1, transferredToFlesh: 0, armourDice: 0, blocks: 0, wound: 0, flesh: 6, courageTest: false }]);
    expect(finished(play).fighters.b!.after.grit).toBe(3);
  });

  it("a Shield Bash set to 0 Grit bashes nothing, and a shield with no quad never bashes", () => {
    const none = duel(bearer("buckler"), plain("Bo"), "a", { options: { shieldBashGritBuckler: 0 } }, [3, 3, 2, 2, 2, 2]).play;
    expect(stepsOf(none, "shield-bash")).toEqual([]);
    expect(finished(none).fighters.b!.after.grit).toBe(4);
    const noQuad = duel(bearer("large"), plain("Bo"), "a", {}, [3, 3, 2, 2, 3, 3]).play;
    expect(stepsOf(noQuad, "shield-bash")).toEqual([]);
    expect(finished(noQuad).fighters.b!.after.grit).toBe(4);
  });

  it(`${SEED} §Taking a Flesh Wound: a large shield's 3 Grit on 1 Grit spills 2 into Flesh; Bo's 1Ad stops none: a 2F wound, no courage test`, () => {
    const { play, tray } = duel(bearer("large"), plain("Bo", { grit: 1 }), "a", {}, [3, 3, 2, 2, 2, 2]);
    expect(stepsOf(play, "shield-bash")).toEqual([{ rule: "shield-bash", who: "Bo", side: "b", by: "Ada", grit: 3, gritLost: 1, transferredToFlesh: 2, armourDice: 1, blocks: 0, wound: 2, flesh: 4, courageTest: false }]);
    expect(labels(tray).at(-1)).toBe("Bo armour");
    expect(stepsOf(play, "courage-test")).toEqual([]);
    expect(finished(play).fighters.b!.courage).toBeUndefined();
  });
});

describe("courage after the blows", () => {
  // Bo rolls {3,3}, Ada's 2Bd {5,5} win by 2 with a 3F weapon: Bo's Grit 4 → 2, his 1Ad stops
  // nothing, a serious 3F wound on 6 Flesh. His courage test: 6Bd (max Flesh) against 0 + 3Rd.
  const ada = plain("Ada", { weapon: "large" });
  const blow = [3, 3, 5, 5, 3];
  const passes = [5, 5, 3, 3, 3, 3, 3, 3, 3];
  const wavers = [5, 3, 3, 3, 3, 3, 3, 3, 3];
  const table = { interactive: true, choices: { aStance: "stand", bStance: "stand", bPool: {}, aPool: {}, bCourage: {} } };

  it(`${SEED} §Test of Courage: a 3F wound calls a test of the max Flesh (6Bd) against the wound (3Rd) and any Dd her traits give; every die is hers`, () => {
    const { play, tray } = duel(ada, plain("Bo", { courage: { drama: 1 } }), "a", {}, [...blow, ...passes, 3]);
    expect(labels(tray).slice(blow.length)).toEqual([...Array(6).fill("Bo courage base"), ...Array(3).fill("Bo courage resistance"), "Bo courage drama"]);
    const pool = { base: 6, resistance: 3, drama: 1 };
    expect(stepsOf(play, "pool-reading").filter((step) => step.test === "courage")).toEqual([
      { rule: "pool-reading", who: "Bo", side: "b", test: "courage", pool, baseSuccesses: 2, resistanceLosses: 0, dramaSuccesses: 0, sixes: 0, critical: false, criticalBonus: 0, unintendedOutcome: false, net: 2 },
    ]);
    expect(stepsOf(play, "courage-test")).toEqual([{ rule: "courage-test", who: "Bo", side: "b", base: 6, resistance: 3, drama: 1, net: 2, result: "passed", roundsOut: 0 }]);
    expect(finished(play).fighters.b!.after).not.toHaveProperty("roundsOut");
  });

  it("a test that passes outright spends no Drama Point and asks nothing, even of a fighter ready to spend one", () => {
    const ready = finished(duel(ada, plain("Bo", { dramaPoints: 1, courage: { spendDramaPoint: true } }), "a", {}, [...blow, ...passes]).play);
    expect(ready.fighters.b!.courage?.result).toBe("passed");
    expect(ready.fighters.b!.after.dramaPoints).toBe(1);
    expect(finished(duel(ada, plain("Bo"), "a", table, [...blow, ...passes]).play).fighters.b!.courage?.result).toBe("passed");
  });

  it(`${SEED} §Test of Courage: a wavering test (net 1) fails unless a Drama Point is spent; failing keeps her out 8 − Physical rounds`, () => {
    const fell = finished(duel(ada, plain("Bo"), "a", {}, [...blow, ...wavers]).play).fighters.b!;
    expect(fell.courage).toMatchObject({ result: "failed", roundsOut: 6 });
    expect(fell.after.roundsOut).toBe(6);
    expect(fell.statuses).toContain("passed-out");
  });

  it("a fighter whose stat block keeps no count of Drama Points can still spend one: no count appears", () => {
    const spent = finished(duel(ada, plain("Bo", { courage: { spendDramaPoint: true } }), "a", {}, [...blow, ...wavers]).play).fighters.b!;
    expect(spent.courage?.result).toBe("passed-at-a-price");
    expect(spent.after).not.toHaveProperty("dramaPoints");
  });

  it("at the table a wavering fighter with no count kept is asked; one who falls keeps her Drama Point", () => {
    expect(awaited(duel(ada, plain("Bo"), "a", table, [...blow, ...wavers]).play)).toEqual({ choice: "bWaver", by: "b", offer: { net: 1, dramaPoints: null, choices: ["spend", "fall"] } });
    const fall = finished(duel(ada, plain("Bo", { dramaPoints: 1 }), "a", { ...table, choices: { ...table.choices, bWaver: "fall" } }, [...blow, ...wavers]).play).fighters.b!;
    expect(fall.courage?.result).toBe("failed");
    expect(fall.after.dramaPoints).toBe(1);
  });

  it(`${SEED} §Surviving Damage: a wound that leaves exactly 0 Flesh knocks the fighter out: no courage test is rolled`, () => {
    const { play, tray } = duel(ada, plain("Bo", { flesh: 3, maxFlesh: 6 }), "a", {}, blow);
    expect(finished(play).fighters.b!.after.flesh).toBe(0);
    expect(finished(play).fighters.b!.courage).toBeUndefined();
    expect(labels(tray)).not.toContain("Bo courage base");
  });

  it(`${SEED} §Surviving Damage: a serious wound's courage test is not taken once a Shield Bash of the same round has left the fighter on exactly 0 Flesh`, () => {
    // Ada's 4Bd {5,5,5,5}: 4 net and a quad. Level 4 takes Bo's Grit; her 3F weapon makes a 3F wound (6 → 3 Flesh);
    // then the large shield's 3 Grit all spill into Flesh: 3 → 0.
    const { play } = duel(plain("Ada", { physical: 4, weapon: "large", shield: "large" }), plain("Bo"), "a", {}, [3, 3, 5, 5, 5, 5]);
    expect(stepsOf(play, "flesh-wound")).toMatchObject([{ who: "Bo", wound: 3, flesh: 3, courageTest: true }]);
    expect(stepsOf(play, "shield-bash")).toMatchObject([{ who: "Bo", wound: 3, flesh: 0 }]);
    expect(finished(play).fighters.b!.courage).toBeUndefined();
    expect(stepsOf(play, "courage-test")).toEqual([]);
  });
});

describe(`${MULTI}: leaving an opponent unopposed`, () => {
  const fighters = { actor: plain("Wulf", { physical: 4, situationalResistance: 1 }), opponent1: plain("Fyrd 1"), opponent2: plain("Fyrd 2") };
  const pairings = [
    { actor: "actor", opponent: "opponent1", momentum: "actor" },
    { actor: "actor", opponent: "opponent2", momentum: "actor", unopposed: true },
  ];

  it("the unopposed fyrd rolls +2Bd; the warrior rolls her whole own pool and her Resistance against the other, nothing against him", () => {
    const { play, tray } = playWith(fighters, pairings);
    expect(labels(tray)).toEqual([...Array(2).fill("Fyrd 1 base"), ...Array(4).fill("Fyrd 2 base"), ...Array(4).fill("Wulf base (vs Fyrd 1)"), "Wulf resistance (vs Fyrd 1)"]);
    expect(finished(play).plans).toEqual({ actor: { base: [4, 0], military: [0, 0], dramaTo: 0 } });
    expect(stepsOf(play, "build-pools")).toEqual([
      { rule: "build-pools", who: "Fyrd 1", side: "opponent1", base: 2, baseParts: { attribute: 2, skill: 0, situational: 0, military: 0 }, resistance: 0, resistanceParts: { penalties: 0, situational: 0, disadvantage: 0, stance: 0 }, drama: 0, armour: 1 },
      { rule: "build-pools", who: "Fyrd 2", side: "opponent2", base: 4, baseParts: { attribute: 2, skill: 0, situational: 2, military: 0 }, resistance: 0, resistanceParts: { penalties: 0, situational: 0, disadvantage: 0, stance: 0 }, drama: 0, armour: 1 },
      { rule: "build-pools", who: "Wulf", side: "actor", against: "Fyrd 1", base: 4, baseParts: { attribute: 4, skill: 0, situational: 0, military: 0 }, resistance: 1, resistanceParts: { penalties: 0, situational: 1, disadvantage: 0, stance: 0 }, drama: 0, armour: 1 },
      { rule: "build-pools", who: "Wulf", side: "actor", against: "Fyrd 2", base: 0, baseParts: { attribute: 0, skill: 0, situational: 0, military: 0 }, resistance: 0, resistanceParts: { penalties: 0, situational: 0, disadvantage: 0, stance: 0 }, drama: 0, armour: 1 },
    ]);
    expect(stepsOf(play, "pool-reading").filter((step) => step.who === "Wulf").map((step) => step.against)).toEqual(["Fyrd 1", "Fyrd 2"]);
  });

  it("each pairing's Momentum is shown with its pairing, before the dice and after the blows", () => {
    const { play } = playWith(fighters, pairings);
    expect(stepsOf(play, "momentum-holder")).toEqual([
      { rule: "momentum-holder", holder: "Wulf", buildsFirst: "Fyrd 1", pairing: ["actor", "opponent1"] },
      { rule: "momentum-holder", holder: "Wulf", buildsFirst: "Fyrd 2", pairing: ["actor", "opponent2"] },
    ]);
    expect(stepsOf(play, "momentum-passes")).toEqual([
      { rule: "momentum-passes", to: "Wulf", pairing: ["actor", "opponent1"] },
      { rule: "momentum-passes", to: "Wulf", pairing: ["actor", "opponent2"] },
    ]);
    expect(finished(duel(plain("Ada"), plain("Bo"), "a").play).plans).toEqual({});
  });

  it("a fighter who leaves her only opponent unopposed rolls nothing; he rolls +2Bd", () => {
    const { tray } = playWith({ actor: fighters.actor, opponent1: fighters.opponent1 }, [{ actor: "actor", opponent: "opponent1", momentum: "actor", unopposed: true }]);
    expect(labels(tray)).toEqual(Array(4).fill("Fyrd 1 base"));
  });

  it("no dice of the actor's may go against an opponent left unopposed", () => {
    for (const split of [{ baseDice: 1 }, { military: 1 }, { drama: true }]) {
      expect(() => playWith(fighters, [pairings[0]!, { ...pairings[1]!, split }])).toThrow(/no dice can go against Fyrd 2, who is left unopposed/);
    }
  });
});

describe(`${MULTI}: a pairing's split is its actor's share, never its opponent's`, () => {
  it("Wulf's split sends his Drama die against Cy; Cy, engaging Bo and engaged by Wulf, keeps the default: hers goes against Bo, her first engaged", () => {
    const dramatic = (name: string) => plain(name, { drama: 1 });
    const { play, tray } = playWith({ a: dramatic("Wulf"), b: dramatic("Bo"), c: dramatic("Cy") }, [
      { actor: "a", opponent: "b", momentum: "a" },
      { actor: "c", opponent: "b", momentum: "c" },
      { actor: "a", opponent: "c", momentum: "a", split: { drama: true } },
    ]);
    expect(stepsOf(play, "split-pool").map((step) => [step.who, step.dramaTo])).toEqual([
      ["Bo", "Wulf"],
      ["Cy", "Bo"],
      ["Wulf", "Cy"],
    ]);
    expect(labels(tray).filter((label) => label.includes("drama"))).toEqual(["Bo drama (vs Wulf)", "Cy drama (vs Bo)", "Wulf drama (vs Cy)"]);
  });
});
