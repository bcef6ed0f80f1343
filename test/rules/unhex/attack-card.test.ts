/**
 * What an attack's card shows, whole: every step in order, every awaited question with the result
 * so far, and each participant's changes. Seed 002 §Attack, §Defend, §Counterattack and the source's
 * Intercept (RULINGS.md); three wound boxes a row, as the source sheet draws them.
 */
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";

const attack = unhexRules.actions.attack!;
const resolve = (request: Record<string, unknown>, ...faces: number[]) => attack.resolve({ options: { boxesPerRow: 3 }, ...request }, new DiceTray(givenFaces(faces)));

const bouncer = { name: "Bouncer", level: 45 };
const ines = { name: "Ines", level: 50, pc: true };
const inBar = { attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" } };
const meleeReach = { rule: "reach", weapon: "melee", range: 0, lineOfSight: true, cover: false };
const roll = (who: string, label: string, tens: number, units: number, level: number, grade: string) => ({ rule: "percentile-roll", who, roll: label, tens, units, reading: tens * 10 + units, level, grade });
const fresh = { available: 1, owed: 0 };

describe("seed 002 §Attack: the card of a hit", () => {
  it("reach, the declined reaction, the attacker's roll, the split and the boxes; the attack is the attacker's action, the target keeps hers", () => {
    const outcome = resolve({ attacker: { ...inBar.attacker, budget: fresh }, target: { ...inBar.target, budget: fresh }, reaction: "none", roll: true, damageDie: "tens" }, 2, 5);
    expect(outcome.steps).toEqual([
      meleeReach,
      { rule: "reaction", who: "Ines", reaction: "none" },
      roll("Bouncer", "attack", 2, 5, 45, "success"),
      { rule: "damage-and-location", picker: "attacker", damageDie: "tens", damage: 2, locationDigit: 5, location: "torso" },
      { rule: "mark-wounds", target: "Ines", placed: [{ location: "torso", boxes: 2 }], filled: [], unplaced: 0, level: 48 },
    ]);
    expect(outcome.result).toEqual({ hit: true, damage: 2, location: "torso", picker: "attacker" });
    expect(outcome.effects).toEqual([
      { participant: "Bouncer", changes: { "budget.available": { from: 1, to: 0 } } },
      { participant: "Ines", changes: { level: { from: 50, to: 48 }, "wounds.torso": { from: 0, to: 2 } } },
    ]);
  });

  it("doubles split the same either way, so nobody is asked: the tens die is the damage", () => {
    const outcome = resolve({ ...inBar, reaction: "none", roll: true, criticals: { attacker: "extra-action" } }, 1, 1);
    expect(outcome.steps[4]).toEqual({ rule: "damage-and-location", picker: "attacker", damageDie: "tens", damage: 1, locationDigit: 1, location: "left-leg" });
  });

  it("with nothing she could react with, the target is not asked, no reaction is shown and the attacker rolls at once", () => {
    const request = { attacker: { ...bouncer, area: "bar", weapon: "one-handed-ranged" }, target: { ...ines, area: "dance-floor" }, damageDie: "units" };
    const outcome = resolve(request, 1, 3);
    expect(outcome.steps.slice(0, 2)).toEqual([{ rule: "reach", weapon: "one-handed-ranged", range: 1, lineOfSight: true, cover: false }, roll("Bouncer", "attack", 1, 3, 45, "success")]);
    expect(outcome.result).toEqual({ hit: true, damage: 3, location: "left-leg", picker: "attacker" });
    // Declaring "none" anyway still shows the declaration, and the attacker's roll is hers to make.
    expect(resolve({ ...request, reaction: "none" })).toEqual({
      dice: [],
      steps: [{ rule: "reach", weapon: "one-handed-ranged", range: 1, lineOfSight: true, cover: false }, { rule: "reaction", who: "Ines", reaction: "none" }],
      result: { reaction: "none" },
      effects: [],
      awaiting: { choice: "roll", by: "attacker", offer: { who: "Bouncer" } },
    });
  });

  it("the questions on the way: the reaction (with what is on offer), then the attacker's roll after the declared Defend was rolled", () => {
    expect(resolve(inBar)).toEqual({
      dice: [],
      steps: [meleeReach],
      result: { reactions: ["defend", "counterattack"] },
      effects: [],
      awaiting: { choice: "reaction", by: "target", offer: { who: "Ines", reactions: ["none", "defend", "counterattack"] } },
    });
    const defended = resolve({ ...inBar, reaction: "defend" }, 4, 1);
    expect(defended.steps).toEqual([meleeReach, { rule: "reaction", who: "Ines", reaction: "defend" }, roll("Ines", "defend", 4, 1, 50, "success")]);
    expect(defended.result).toEqual({ reaction: "defend" });
    expect(defended.awaiting).toEqual({ choice: "roll", by: "attacker", offer: { who: "Bouncer" } });
  });

  it("a good attacker's reroll is asked with the steps so far and the declared reaction", () => {
    const outcome = resolve({ ...inBar, attacker: { ...inBar.attacker, good: true }, reaction: "none", roll: true }, 2, 5);
    expect(outcome.steps).toEqual([meleeReach, { rule: "reaction", who: "Ines", reaction: "none" }, roll("Bouncer", "attack", 2, 5, 45, "success")]);
    expect(outcome.result).toEqual({ reaction: "none" });
  });

  it("the split is asked of whoever picks, with the hit and the reaction so far", () => {
    const outcome = resolve({ ...inBar, reaction: "none", roll: true }, 2, 5);
    expect(outcome.result).toEqual({ hit: true, reaction: "none" });
    expect(outcome.awaiting).toEqual({ choice: "damageDie", by: "attacker", offer: { hit: "Ines", tens: { damage: 2, location: "torso" }, units: { damage: 5, location: "right-leg" } } });
  });

  it("a target with a tracked action who does not react keeps it", () => {
    const outcome = resolve({ ...inBar, target: { ...inBar.target, budget: fresh }, reaction: "none", roll: true, damageDie: "tens" }, 2, 5);
    expect(outcome.effects[1]?.changes["budget.available"]).toBeUndefined();
    const missed = resolve({ ...inBar, target: { ...inBar.target, budget: fresh }, reaction: "none", roll: true }, 9, 7);
    expect(missed.effects).toEqual([
      { participant: "Bouncer", changes: {} },
      { participant: "Ines", changes: {} },
    ]);
  });
});

describe("seed 002 §Defend: the opposed roll on the card", () => {
  const defend = { ...inBar, reaction: "defend", roll: true };

  it("the defender wins: the compare names her and the attack misses", () => {
    const outcome = resolve(defend, 4, 1, 2, 4);
    expect(outcome.steps).toEqual([
      meleeReach,
      { rule: "reaction", who: "Ines", reaction: "defend" },
      // In rolling order: the Defend is rolled as it is declared, then the attack.
      roll("Ines", "defend", 4, 1, 50, "success"),
      roll("Bouncer", "attack", 2, 4, 45, "success"),
      { rule: "defend-compare", winner: "Ines", missed: true },
    ]);
  });

  it("the attacker wins: the compare names him and the hit lands", () => {
    const outcome = resolve({ ...defend, damageDie: "tens" }, 2, 4, 4, 1);
    expect(outcome.steps[4]).toEqual({ rule: "defend-compare", winner: "Bouncer", missed: false });
    expect(outcome.result).toEqual({ hit: true, reaction: "defend", defended: false, damage: 4, location: "left-leg", picker: "attacker" });
  });

  it("both fail: a tie, nobody wins the compare and nothing lands", () => {
    const outcome = resolve(defend, 9, 7, 8, 7);
    expect(outcome.steps[4]).toEqual({ rule: "defend-compare", winner: null, missed: false });
    expect(outcome.result).toEqual({ hit: false, reaction: "defend", defended: false });
  });

  it("a target holding only a ranged weapon may still Defend (only a Counterattack needs a melee one)", () => {
    const outcome = resolve({ ...defend, target: { ...inBar.target, weapons: ["two-handed-ranged"] } }, 4, 1, 2, 4);
    expect(outcome.result).toEqual({ hit: false, reaction: "defend", defended: true });
  });
});

describe("seed 002 §Counterattack: separate rolls on the card", () => {
  const counter = { ...inBar, reaction: "counterattack", roll: true };

  it("the counterattack's roll comes first, as it is declared, then the attack's; a missed counterattack is shown as a miss", () => {
    const outcome = resolve({ ...counter, damageDie: "tens" }, 9, 7, 2, 5);
    expect(outcome.steps.slice(0, 4)).toEqual([meleeReach, { rule: "reaction", who: "Ines", reaction: "counterattack" }, roll("Ines", "counterattack", 9, 7, 50, "failure"), roll("Bouncer", "attack", 2, 5, 45, "success")]);
    expect(outcome.result).toEqual({ hit: true, reaction: "counterattack", damage: 2, location: "torso", picker: "attacker", counterattack: { hit: false } });
  });

  it("a counterattack that hits asks its split with whether the attack hit", () => {
    const outcome = resolve(counter, 2, 4, 8, 7);
    expect(outcome.result).toEqual({ hit: false, reaction: "counterattack" });
    expect(outcome.awaiting).toEqual({ choice: "counterDamageDie", by: "target", offer: { hit: "Bouncer", tens: { damage: 2, location: "torso" }, units: { damage: 4, location: "right-leg" } } });
    expect(resolve({ ...counter, damageDie: "tens" }, 2, 4, 2, 5).result).toEqual({ hit: true, reaction: "counterattack" });
  });

  it("the counterattacker splits her dice as the attacker of that hit; a shield on the attacker makes it his pick", () => {
    const outcome = resolve({ ...counter, counterDamageDie: "units" }, 2, 4, 8, 7);
    expect(outcome.steps.slice(-2)).toEqual([
      { rule: "damage-and-location", picker: "attacker", damageDie: "units", damage: 4, locationDigit: 2, location: "right-leg" },
      { rule: "mark-wounds", target: "Bouncer", placed: [{ location: "right-leg", boxes: 4 }], filled: [], unplaced: 0, level: 41 },
    ]);
    const shielded = resolve({ ...counter, attacker: { ...inBar.attacker, shield: true }, counterDamageDie: "units" }, 2, 4, 8, 7);
    expect(shielded.steps.at(-2)).toMatchObject({ rule: "damage-and-location", picker: "target" });
  });

  it("counterattack doubles split the same either way: nobody is asked, the tens die is the damage", () => {
    const outcome = resolve({ ...counter, criticals: { target: "extra-action" } }, 3, 3, 8, 7);
    expect(outcome.result).toEqual({ hit: false, reaction: "counterattack", counterattack: { hit: true, damage: 3, location: "right-leg" } });
    expect(outcome.steps.at(-2)).toEqual({ rule: "damage-and-location", picker: "attacker", damageDie: "tens", damage: 3, locationDigit: 3, location: "right-leg" });
  });

  it("a target known to hold a melee weapon is offered the Counterattack", () => {
    expect(resolve({ ...inBar, target: { ...inBar.target, weapons: ["melee"] } }).awaiting?.offer).toEqual({ who: "Ines", reactions: ["none", "defend", "counterattack"] });
  });

  it("a target holding a melee weapon among others may counterattack", () => {
    const outcome = resolve({ ...counter, target: { ...inBar.target, weapons: ["one-handed-ranged", "melee"] } }, 9, 7, 8, 7);
    expect(outcome.result).toEqual({ hit: false, reaction: "counterattack", counterattack: { hit: false } });
  });
});

describe("source combat.adoc §Intercept: where a stopped mover ends up", () => {
  const intercept = { attacker: { ...bouncer, area: "dance-floor", weapon: "melee" }, target: { ...ines, moving: { from: "dance-floor", to: "bar" } } };

  it("a hit that neither fills a leg nor knocks out does not stop the mover: nothing is asked", () => {
    const outcome = resolve({ ...intercept, damageDie: "tens" }, 2, 5);
    expect(outcome.awaiting).toBeUndefined();
    expect(outcome.result).toEqual({ hit: true, damage: 2, location: "torso", picker: "attacker" });
  });

  it("a hit that knocks the mover out stops her: the interceptor says where, and the card shows it", () => {
    const request = { ...intercept, target: { ...intercept.target, wounds: { head: 2 } }, damageDie: "tens" };
    const asked = resolve(request, 1, 9);
    expect(asked.result).toEqual({ hit: true, stopped: true });
    expect(asked.awaiting).toEqual({ choice: "stopIn", by: "attacker", offer: { areas: ["dance-floor", "bar"] } });
    const told = resolve({ ...request, stopIn: "bar" }, 1, 9);
    expect(told.steps.at(-1)).toEqual({ rule: "intercept-stop", area: "bar" });
    expect(told.result).toMatchObject({ stopsIn: "bar" });
  });

  it("a hit that fills an arm makes her drop what she holds but does not stop her", () => {
    const outcome = resolve({ ...intercept, target: { ...intercept.target, wounds: { "right-arm": 2 } }, damageDie: "tens" }, 1, 8);
    expect(outcome.awaiting).toBeUndefined();
    expect(outcome.result).toEqual({ hit: true, damage: 1, location: "right-arm", picker: "attacker" });
    expect(outcome.effects[1]?.statuses).toEqual(["right-arm-useless", "dropped-right-hand-item"]);
  });

  it("a mover stopped on a move that starts and ends in one area stops there, without a question", () => {
    const outcome = resolve({ ...intercept, target: { ...ines, moving: { from: "dance-floor", to: "dance-floor" }, wounds: { head: 2 } }, damageDie: "tens" }, 1, 9);
    expect(outcome.awaiting).toBeUndefined();
    expect(outcome.steps.at(-1)).toEqual({ rule: "intercept-stop", area: "dance-floor" });
    expect(outcome.result).toMatchObject({ stopsIn: "dance-floor" });
  });

  it("a hit that kills a mover already out stops her too", () => {
    const outcome = resolve({ ...intercept, target: { ...intercept.target, level: 0 }, damageDie: "tens" }, 1, 5);
    expect(outcome.awaiting).toMatchObject({ choice: "stopIn", by: "attacker" });
  });

  it("a hit that fills the second leg stops the mover", () => {
    const outcome = resolve({ ...intercept, target: { ...intercept.target, wounds: { "left-leg": 6, "right-leg": 5 } }, damageDie: "tens" }, 1, 2);
    expect(outcome.awaiting).toMatchObject({ choice: "stopIn", by: "attacker" });
  });
});
