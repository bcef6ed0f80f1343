import { describe, expect, it } from "vitest";
import { dramaRules } from "../../../src/rules/drama/index.js";
import { actionOf, expectMonteCarloAgrees, expectPartition } from "../oddsChecks.js";
import { fyrd, MULTI, warrior } from "./fixtures.js";

const melee = actionOf(dramaRules, "melee");
const multiple = actionOf(dramaRules, "multiple");
const skirmish = actionOf(dramaRules, "skirmish");

/** The seed's warrior (6Bd of his own, 2 military, pressing: 1Dd) against two fyrd who stand. */
const twoFyrd = (split: { baseDice?: number; military?: number; drama?: boolean }[]) => ({
  actor: warrior,
  opponents: [
    { opponent: fyrd("Fyrd 1"), momentum: "actor" as const, ...split[0] },
    { opponent: fyrd("Fyrd 2"), momentum: "actor" as const, ...split[1] },
  ],
});

describe("drama exact odds of a split pool (Fighting Multiple Opponents)", () => {
  it(`${MULTI}: the warrior's 5Bd + 1Dd against fyrd #1 and 3Bd against fyrd #2 agree with a seeded Monte Carlo, each pairing summing to 1`, () => {
    const odds = expectMonteCarloAgrees(multiple, twoFyrd([{ baseDice: 3, military: 2, drama: true }, { baseDice: 3 }]), 3000, 7);
    expectPartition(odds, ["actorBeatsOpponent1", "opponent1BeatsActor", "noWinnerActorOpponent1"]);
    expectPartition(odds, ["actorBeatsOpponent2", "opponent2BeatsActor", "noWinnerActorOpponent2"]);
    // More dice against fyrd #1 than against fyrd #2: he is the likelier to fall.
    expect(odds.chances.actorBeatsOpponent1!).toBeGreaterThan(odds.chances.actorBeatsOpponent2!);
    expect(odds.expected.opponent1GritLost!).toBeGreaterThan(odds.expected.opponent2GritLost!);
    // The warrior is in two pairings: his losses are not one pairing's to tell.
    expect(odds.expected.actorGritLost).toBeUndefined();
  }, 30_000);

  it(`${MULTI}: each pairing is the melee round of the warrior's share against that fyrd`, () => {
    const odds = multiple.odds.exact(twoFyrd([{ baseDice: 3, military: 2, drama: true }, { baseDice: 3 }]));
    // Fight 2 as one round: the warrior with 3 of his own Bd, no military or Drama dice (Press's 1Dd went
    // against fyrd #1; Press changes nothing else of the blows), his whole armour, against fyrd #2.
    const alone = melee.odds.exact({ a: { ...warrior, skill: 0, military: 0, stance: "stand" }, b: fyrd("Fyrd 2"), momentum: "a" });
    expect(odds.chances.actorBeatsOpponent2).toBeCloseTo(alone.chances.aWins!, 12);
    expect(odds.chances.opponent2BeatsActor).toBeCloseTo(alone.chances.bWins!, 12);
  });

  it(`${MULTI}, alternative: every die against fyrd #1, fyrd #2 left unopposed with +2Bd, agrees with a seeded Monte Carlo`, () => {
    const request = { actor: warrior, opponents: [{ opponent: fyrd("Fyrd 1"), momentum: "actor" as const }, { opponent: fyrd("Fyrd 2"), momentum: "actor" as const, unopposed: true }] };
    const odds = expectMonteCarloAgrees(multiple, request, 3000, 11);
    const split = multiple.odds.exact(twoFyrd([{ baseDice: 3, military: 2, drama: true }, { baseDice: 3 }]));
    expect(odds.chances.actorBeatsOpponent1!).toBeGreaterThan(split.chances.actorBeatsOpponent1!);
    // Unopposed, fyrd #2 is never beaten, and lands more often than against 3Bd.
    expect(odds.chances.actorBeatsOpponent2).toBe(0);
    expect(odds.chances.opponent2BeatsActor!).toBeGreaterThan(split.chances.opponent2BeatsActor!);
  }, 30_000);

  it("a card's pool choice that splits the dice counts as the same split given in the request", () => {
    const card = { ...twoFyrd([{}, {}]), interactive: true, actorStance: "press", opponent1Stance: "stand", opponent2Stance: "stand", actorPool: { split: [{ baseDice: 3 }, { baseDice: 3, military: 2, drama: true }] } };
    const straight = multiple.odds.exact(twoFyrd([{ baseDice: 3 }, { baseDice: 3, military: 2, drama: true }]));
    expect(multiple.odds.exact(card).chances).toEqual(straight.chances);
    // Another split is another round.
    const other = multiple.odds.exact({ ...card, actorPool: { split: [{ baseDice: 3, military: 2, drama: true }, { baseDice: 3 }] } });
    expect(other.chances.actorBeatsOpponent1!).toBeGreaterThan(straight.chances.actorBeatsOpponent1!);
  });

  it("a skirmish of three, the middle fighter splitting between the other two, agrees with a seeded Monte Carlo", () => {
    const request = { fighters: [fyrd("Alda"), warrior, { ...fyrd("Cyne"), shield: "buckler" }], engagements: [{ between: ["f1", "f2"] }, { between: ["f2", "f3"], momentum: "f3" }] };
    const odds = expectMonteCarloAgrees(skirmish, request, 3000, 5);
    expectPartition(odds, ["f1BeatsF2", "f2BeatsF1", "noWinnerF1F2"]);
    expectPartition(odds, ["f2BeatsF3", "f3BeatsF2", "noWinnerF2F3"]);
    expect(Object.keys(odds.expected).sort()).toEqual(["f1FleshLost", "f1GritLost", "f3FleshLost", "f3GritLost"]);
  }, 30_000);
});
