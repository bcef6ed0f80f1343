import { describe, expect, it } from "vitest";
import type { Step } from "../../../src/core/outcome.js";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { fightDuel } from "../../../src/rules/torchlight/duel.js";
import { damageSaves, landHits, resolveEndOfRound, squadHits } from "../../../src/rules/torchlight/endOfRound.js";
import { combatant, resolve } from "./helpers.js";

// What each card shows and writes: the steps that explain a result, the dice it asks for (their
// labels name whose roll it is) and the changes it writes. Edges of the end of the round, Dying and
// the plain rolls sit here beside the cards they show on.

describe("seed 004 §Rounds: the end of the round", () => {
  it("seed 004 §Squads: each Squad's hits on each target are weighed apart; the first of equal hits stays", () => {
    const steps: Step[] = [];
    const kept = squadHits(
      [
        { target: "Ines", amount: 5, damageType: "physical", squad: "orcs" },
        { target: "Bo", amount: 2, damageType: "physical", squad: "orcs" },
        { target: "Ines", amount: 5, damageType: "fire", squad: "orcs" },
        { target: "Ines", amount: 3, damageType: "physical", squad: "wolves" },
      ],
      steps,
    );
    expect(kept.map((h) => [h.target, h.amount, h.damageType])).toEqual([
      ["Ines", 5, "physical"],
      ["Bo", 2, "physical"],
      ["Ines", 3, "physical"],
    ]);
    expect(steps).toEqual([{ rule: "squad-lower", hit: 2, squad: "orcs", amount: 5 }]);
  });

  it("seed 004 §Parry: a Parry stops a hit whose melee is not given (melee unless said otherwise), but not one from no one named", () => {
    const steps: Step[] = [];
    const parrier = { name: "Ines", vitals: { breath: 5, maxBreath: 5, characteristics: {} as never, incapacitated: false, dead: false }, stance: "steadied" as const, parrying: ["Orc"] };
    const landed = landHits([parrier], [{ target: "Ines", amount: 4, damageType: "physical", from: "Orc" }, { target: "Ines", amount: 2, damageType: "physical" }], "down", steps);
    expect(landed).toEqual([{ receiver: "Ines", amount: 2, damageType: "physical", hit: 1 }]);
    // A hit that names its dealer carries the name to the Breath it meets.
    expect(landHits([parrier], [{ target: "Ines", amount: 3, damageType: "fire", from: "Bo" }], "down", [])).toEqual([{ receiver: "Ines", amount: 3, damageType: "fire", hit: 0, from: "Bo" }]);
    expect(steps).toEqual([
      { rule: "hit", hit: 0, from: "Orc", target: "Ines", amount: 4, damageType: "physical" },
      { rule: "parried", hit: 0, amount: 4 },
      { rule: "hit", hit: 1, target: "Ines", amount: 2, damageType: "physical" },
    ]);
  });

  it("seed 004 §Evade: the evaded hit is shown as evaded; a Precision Strike through an Evade is shown as one", () => {
    const outcome = resolve("round", { combatants: [combatant("Eve", 5, {}, { evading: true })], hits: [{ target: "Eve", amount: 3 }, { target: "Eve", amount: 1, precisionStrike: true }] }, []);
    expect(outcome.steps.slice(0, 3)).toEqual([
      { rule: "hit", hit: 0, target: "Eve", amount: 3, damageType: "physical" },
      { rule: "evaded", hit: 0, amount: 3 },
      { rule: "hit", hit: 1, target: "Eve", amount: 1, damageType: "physical", precisionStrike: true },
    ]);
  });

  it("seed 004 §Evade: the evading character is the one hit, wherever she stands in the round's list", () => {
    const outcome = resolve("round", { combatants: [combatant("Ana", 5), combatant("Eve", 5, {}, { evading: true })], hits: [{ target: "Eve", amount: 3 }] }, []);
    expect(outcome.effects).toEqual([]);
  });

  it("seed 004 §Combat Stances, On Guard: a protector who is not On Guard at the end of the round protects no one", () => {
    const steps: Step[] = [];
    const vitals = { breath: 5, maxBreath: 5, characteristics: {} as never, incapacitated: false, dead: false };
    const landed = landHits([{ name: "Ana", vitals, stance: "steadied" }, { name: "Bo", vitals, stance: "aggressive" }], [{ target: "Ana", amount: 4, damageType: "physical", protectedBy: "Bo" }], "down", steps);
    expect(landed).toEqual([{ receiver: "Ana", amount: 4, damageType: "physical", hit: 0 }]);
    expect(steps).toContainEqual({ rule: "protect-refused", hit: 0, by: "Bo" });
    expect(() => landHits([{ name: "Ana", vitals, stance: "steadied" }], [{ target: "Ana", amount: 4, damageType: "physical", protectedBy: "Ghost" }], "down", [])).toThrow(/Ghost is not in the round/);
    expect(() => landHits([], [{ target: "Ana", amount: 4, damageType: "physical" }], "down", [])).toThrow(/Ana is not in the round/);
  });

  it("seed 004 §Combat Stances, On Guard: the card shows On Guard's 1 off, by whom it was taken", () => {
    const outcome = resolve("round", { combatants: [combatant("Bo", 5, {}, { stance: "on-guard" })], hits: [{ target: "Bo", amount: 3 }] }, []);
    expect(outcome.steps).toContainEqual({ rule: "on-guard", hit: 0, participant: "Bo", before: 3, after: 2 });
  });

  it("seed 004 §Damage: the card shows each Characteristic's total, what Breath took and what the Characteristic took", () => {
    const outcome = resolve("round", { combatants: [combatant("Elsa", 2, { str: 11 })], hits: [{ target: "Elsa", amount: 3 }, { target: "Elsa", amount: 2, damageType: "slashing" }], saves: { Elsa: true } }, [15]);
    expect(outcome.steps).toContainEqual({ rule: "damage", participant: "Elsa", characteristic: "str", total: 5, toBreath: 2, toCharacteristic: 3 });
    expect(outcome.steps.at(-1)).toEqual({ rule: "damage-save", participant: "Elsa", characteristic: "str", roll: 15, st: 12, success: true });
    expect(outcome.dice).toEqual([{ label: "Elsa str save", sides: 20, face: 15 }]);
  });

  it("seed 004 §Incapacitated and Death: a character already dead makes no save; one killed this round neither", () => {
    const killed = resolve("round", { combatants: [combatant("Elsa", 0, { str: 3 })], hits: [{ target: "Elsa", amount: 3 }] }, []);
    expect(killed.dice).toEqual([]);
    expect(killed.awaiting).toBeUndefined();
    expect(killed.result).toEqual({ resolved: true, incapacitated: [], dead: ["Elsa"], standing: [] });
    expect(killed.effects[0]?.statuses).toEqual(["dead"]);
  });

  it("seed 004 §Characteristic Score Loss: a failed save Incapacitates and knocks prone; the card lists who fell and who stands", () => {
    const outcome = resolve("round", { combatants: [combatant("Elsa", 0), combatant("Bo", 4)], hits: [{ target: "Elsa", amount: 2 }], saves: { Elsa: true } }, [3]);
    expect(outcome.result).toEqual({ resolved: true, incapacitated: ["Elsa"], dead: [], standing: ["Bo"] });
    expect(outcome.effects).toEqual([
      { participant: "Elsa", changes: { strDc: { from: 10, to: 8 }, strSt: { from: 10, to: 12 }, incapacitated: { from: false, to: true } }, statuses: ["incapacitated", "prone"] },
    ]);
  });

  it("seed 004 §Rounds: while a character's saves are awaited the card says whose, and writes nothing", () => {
    const outcome = resolve("round", { combatants: [combatant("Elsa", 0, {}, { id: "e1" })], hits: [{ target: "Elsa", amount: 2 }] }, []);
    expect(outcome.result).toEqual({ resolved: false, savesOwedBy: "Elsa" });
    expect(outcome.effects).toEqual([]);
    expect(outcome.awaiting).toEqual({ choice: "saves.e1", by: "e1", offer: { characteristics: ["str"], st: { str: 12 } } });
  });

  it("seed 004 §Combat Stances, Steadied: the Rally's reach is shown before its rolls, each roll labelled with whom it reaches", () => {
    const combatants = [combatant("Elsa", 2, {}, { side: "party", lane: 1 }), combatant("Bo", 1, {}, { side: "party", lane: 2, maxBreath: 4 })];
    const outcome = resolve("round", { combatants, hits: [], rally: { by: "Elsa" } }, [2]);
    expect(outcome.steps).toEqual([{ rule: "rally-reach", by: "Elsa", reaches: ["Bo"] }, { rule: "rally", participant: "Bo", roll: 2, breath: 3 }]);
    expect(outcome.effects).toEqual([{ participant: "Bo", changes: { breath: { from: 1, to: 3 } } }]);
  });

  it("seed 004 §Combat Stances, On Guard: a Protect Companion on a companion nobody hit protects nothing; the largest hit is the first of equals", () => {
    const combatants = [combatant("Ana", 9, {}, { side: "party", lane: 2 }), combatant("Bo", 9, {}, { stance: "on-guard", side: "party", lane: 3 })];
    const outcome = resolve("round", { combatants, hits: [{ target: "Ana", amount: 4, from: "A" }, { target: "Ana", amount: 4, from: "B" }], protect: [{ by: "Bo", companion: "Ana" }] }, []);
    expect(outcome.steps.filter((s) => s.rule === "protect-companion")).toEqual([{ rule: "protect-companion", hit: 0, attack: 4, taken: 2 }]);
    expect(resolve("round", { combatants, hits: [], protect: [{ by: "Bo", companion: "Ana" }] }, []).effects).toEqual([]);
  });

  it("seed 004 §Combat Stances, On Guard: Protect Companion takes the largest hit on her companion, never a larger one on someone else", () => {
    const combatants = [combatant("Ana", 9, {}, { side: "party", lane: 2 }), combatant("Bo", 9, {}, { stance: "on-guard", side: "party", lane: 3 }), combatant("Cy", 9, {}, { side: "party", lane: 1 })];
    const hits = [{ target: "Cy", amount: 8, from: "A" }, { target: "Ana", amount: 6, from: "B" }, { target: "Ana", amount: 2, from: "C" }];
    const outcome = resolve("round", { combatants, hits, protect: [{ by: "Bo", companion: "Ana" }] }, []);
    expect(outcome.steps.filter((s) => s.rule === "protect-companion")).toEqual([{ rule: "protect-companion", hit: 1, attack: 6, taken: 3 }]);
  });
});

describe("seed 004 §Dying, Stabilization, and Recovery: the cards", () => {
  it("seed 004 §Dying: each failed save shows the 1d4 it cost and the DC left; each held one its roll and ST", () => {
    const outcome = resolve("dying", { character: combatant("Elsa", 0, { str: 9, wil: 9 }), damaged: ["str", "wil"], hours: 4 }, [5, 2, 12, 15, 15, 15, 15, 15, 15]);
    expect(outcome.steps.slice(0, 3)).toEqual([
      { rule: "dying-hour", hour: 1 },
      { rule: "dying-save", characteristic: "str", roll: 5, st: 11, success: false, loss: 2, dc: 7 },
      { rule: "dying-save", characteristic: "wil", roll: 12, st: 11, success: true },
    ]);
    expect(outcome.dice.slice(0, 3).map((d) => d.label)).toEqual(["Elsa dying str save", "Elsa dying str loss", "Elsa dying wil save"]);
  });

  it("seed 004 §Stabilization: a natural 20 is shown as Stabilizing", () => {
    expect(resolve("dying", { character: combatant("Elsa", 0), damaged: ["str"] }, [20]).steps).toEqual([{ rule: "dying-hour", hour: 1 }, { rule: "stabilized", characteristic: "str", roll: 20 }]);
  });

  it("seed 004 §Dying: death on one Characteristic ends the hour: the next is not saved", () => {
    const outcome = resolve("dying", { character: combatant("Elsa", 0, { str: 1 }), damaged: ["str", "wil"], hours: 4 }, [2, 1]);
    expect(outcome.dice).toHaveLength(2);
    expect(outcome.result).toMatchObject({ dead: true, hoursRolled: 1 });
  });

  it("seed 004 §Dying: the Dying card marks the character Incapacitated even when it was not marked", () => {
    const outcome = resolve("dying", { character: combatant("Elsa", 0), damaged: ["str"] }, [12, 12, 12, 12]);
    expect(outcome.effects).toEqual([{ participant: "Elsa", changes: {}, statuses: ["dying"] }]);
  });

  it("seed 004 §Recovery: recovery shows the Breath regained, each day of rest, and says Recovered only for one who was down", () => {
    const down = combatant("Elsa", 0, { str: 8 }, { maxBreath: 3, incapacitated: true, maxDc: { str: 10, dex: 10, wil: 10, san: 10, luck: 10 } });
    const outcome = resolve("recover", { character: down, restDays: 1 }, [1]);
    expect(outcome.steps).toEqual([{ rule: "recover", breath: 3 }, { rule: "rest-day", day: 1 }, { rule: "rest", characteristic: "str", roll: 1, dc: 9 }]);
    expect(outcome.effects[0]?.statuses).toEqual(["recovered"]);
    expect(outcome.result).toEqual({ dead: false });
    expect(resolve("recover", { character: combatant("Bo", 1, {}, { maxBreath: 2 }) }, []).effects).toEqual([{ participant: "Bo", changes: { breath: { from: 1, to: 2 } } }]);
  });

  it("seed 004 §Incapacitated and Death: the dead neither recover nor rest", () => {
    const dead = combatant("Elsa", 0, { str: 0 }, { maxBreath: 3, maxDc: { str: 10, dex: 10, wil: 10, san: 10, luck: 10 } });
    const outcome = resolve("recover", { character: dead, restDays: 2 }, []);
    expect(outcome.dice).toEqual([]);
    expect(outcome.effects).toEqual([{ participant: "Elsa", changes: {} }]);
    expect(outcome.result).toEqual({ dead: true });
    expect(resolve("recover", { character: { ...dead, incapacitated: true } }, []).effects).toEqual([{ participant: "Elsa", changes: {} }]);
    expect(resolve("dying", { character: dead, damaged: ["str"] }, []).result).toEqual({ hoursRolled: 0, hoursInPhase: 4, stabilized: false, dead: true });
  });
});

describe("seed 004 §Initiative and the plain rolls: the cards", () => {
  it("seed 004 §Initiative (RULINGS): each Dex save is shown in placement order, the successes first even when a failure rolled higher; those who fail wait, marked waiting", () => {
    // Fails on main before issue 23: Tahula's failed 11 was placed ahead of Ines's successful 9.
    const outcome = resolve("initiative", { combatants: [{ name: "Ines", dex: 12 }, { name: "Tahula", dex: 8 }] }, [9, 11]);
    expect(outcome.steps).toEqual([
      { rule: "dex-save", participant: "Ines", roll: 9, st: 8, success: true },
      { rule: "dex-save", participant: "Tahula", roll: 11, st: 12, success: false },
    ]);
    expect(outcome.effects).toEqual([{ participant: "Tahula", changes: {}, statuses: ["waiting"] }]);
    expect(outcome.result).toEqual({ placementOrder: ["Ines", "Tahula"], actsFrom: { Tahula: 2, Ines: 1 } });
    expect(outcome.dice.map((d) => d.label)).toEqual(["dex save: Ines", "dex save: Tahula"]);
    expect(resolve("initiative", { combatants: [{ name: "Ines", dex: 12 }], joinRound: 3 }, [9]).result).toEqual({ placementOrder: ["Ines"], actsFrom: { Ines: 3 } });
  });

  it("a check or save names its roller and Characteristic, and either alone when the other is not given", () => {
    expect(resolve("check", { name: "Elsa", characteristic: "dex", dc: 13 }, [13]).dice[0]?.label).toBe("Elsa dex check");
    expect(resolve("check", { name: "Elsa", dc: 13 }, [13]).dice[0]?.label).toBe("Elsa check");
    expect(resolve("save", { name: "Elsa", characteristic: "str", st: 12 }, [12]).dice[0]?.label).toBe("Elsa str save");
    expect(resolve("save", { name: "Elsa", st: 12 }, [12]).dice[0]?.label).toBe("Elsa save");
    expect(resolve("check", { name: "Elsa", dc: 13 }, [14]).steps).toEqual([{ rule: "check", roll: 14, dc: 13 }]);
    expect(resolve("save", { name: "Elsa", st: 12 }, [20]).steps).toEqual([{ rule: "save", roll: 20, st: 12 }]);
    expect(resolve("save", { name: "Elsa", st: 12 }, [20]).result).toEqual({ success: true, natural20: true });
    expect(resolve("check", { name: "Elsa", dc: 13 }, [14]).effects).toEqual([]);
    expect(resolve("save", { name: "Elsa", st: 12 }, [20]).effects).toEqual([]);
  });

  it("seed 004 §Grapple: the hold's card shows the Str save; a failed one marks the target released", () => {
    const held = resolve("grapple-hold", { grappler: { name: "Ines", st: 12 }, target: "Orc" }, [12]);
    expect(held.steps).toEqual([{ rule: "grapple-hold", roll: 12, st: 12, held: true }]);
    expect(held.effects).toEqual([{ participant: "Orc", changes: {}, statuses: ["grappled"] }]);
    expect(held.dice[0]?.label).toBe("Ines str save to hold Orc");
    const lost = resolve("grapple-hold", { grappler: { name: "Ines", st: 12 }, target: "Orc" }, [11]);
    expect(lost.effects).toEqual([{ participant: "Orc", changes: {}, statuses: ["released"] }]);
    expect(lost.result).toEqual({ held: false });
  });

  it("seed 004 §Engaged: the engagement card shows, for each, whether Engaged, the nearest engaged enemy and whether it may Retreat", () => {
    const grid = [{ name: "Ana", side: "party", lane: 1, stance: "rearguard" }, { name: "Orc", side: "foes", lane: 2, stance: "aggressive" }];
    const outcome = resolve("engagement", { grid }, []);
    expect(outcome.steps).toEqual([
      { rule: "engagement", participant: "Ana", engaged: false, nearestEnemy: null, mayRetreat: true },
      { rule: "engagement", participant: "Orc", engaged: false, nearestEnemy: null, mayRetreat: false },
    ]);
    expect(outcome.result).toEqual({ engaged: [], mayRetreat: ["Ana"] });
    expect(outcome.effects).toEqual([]);
  });

  it("seed 004 §Combat Stances: the ability card names who used which ability from which stance, and what it reaches", () => {
    const grid = [{ name: "Rid", side: "party", lane: 1, stance: "aggressive" }, { name: "Orc", side: "foes", lane: 1, stance: "steadied" }];
    const outcome = resolve("ability", { grid, by: "Rid" }, []);
    expect(outcome.steps).toEqual([
      { rule: "ability", by: "Rid", stance: "aggressive", ability: "intimidation", intimidated: "Orc" },
      { rule: "compels", kind: "intimidation", by: "Rid", target: "Orc" },
    ]);
    expect(outcome.result).toEqual({ ability: "intimidation", intimidated: "Orc" });
    expect(outcome.effects).toEqual([]);
    const shot = resolve("ability", { grid: [{ name: "Bre", side: "party", lane: 1, stance: "rearguard" }, grid[1]], by: "Bre", target: "Orc" }, []);
    expect(shot.result).toEqual({ ability: "called-shot", calledShotOn: "Orc" });
    const guard = resolve("ability", { grid: [{ name: "Bo", side: "party", lane: 1, stance: "on-guard" }, { name: "Ana", side: "party", lane: 2, stance: "on-guard" }], by: "Bo", target: "Ana" }, []);
    expect(guard.result).toEqual({ ability: "protect-companion", protects: "Ana" });
    const rally = resolve("ability", { grid: [{ name: "Elsa", side: "party", lane: 1, stance: "steadied" }, { name: "Ana", side: "party", lane: 2, stance: "aggressive" }], by: "Elsa", options: { diagonalAdjacency: false } }, []);
    expect(rally.result).toEqual({ ability: "rally", reaches: [] });
  });

  it("seed 004 §Retreat: the Retreat card shows the round left and the first round back", () => {
    const outcome = resolve("retreat", { grid: [{ name: "Bre", side: "party", lane: 1, stance: "rearguard" }], by: "Bre", round: 3 }, []);
    expect(outcome.steps).toEqual([{ rule: "retreat", participant: "Bre", leftInRound: 3, mayReturnFrom: 5 }]);
  });
});

describe("seed 004 §Attacking: the attack card", () => {
  const riddic = { name: "Riddic", weaponDie: 10 };
  const bandit = { name: "Bandit" };

  it("seed 004 §Combat Stances: an Aggressive attacker's die shows the stance and its +2 among the terms; each Squad mate's shows her own", () => {
    const outcome = resolve("attack", { attacker: { ...riddic, stance: "aggressive" }, target: bandit }, [4]);
    expect(outcome.steps[1]).toStrictEqual({ rule: "damage-die", member: "Riddic", sides: 10, faces: [4], kept: 4, precisionStrike: false, terms: { dice: 4, proficiencies: 0, stance: "aggressive", stanceBonus: 2, distracted: 0 }, total: 6 });
    // seed 004 §Squads: a Squad is Enhanced (two dice, the higher kept); a mate's terms are her own Proficiencies and stance.
    const squad = resolve("attack", { attacker: { name: "Gob 1", weaponDie: 4 }, squadMates: [{ name: "Gob 2", weaponDie: 4, stance: "aggressive", proficiencies: 1 }, { name: "Gob 3", weaponDie: 6 }], target: { name: "Ines" }, situation: { targetDistracted: true } }, [1, 2, 3, 1, 2, 5]);
    const mates = squad.steps.filter((step) => step.rule === "damage-die" && step.member !== "Gob 1").map((step) => step.terms);
    expect(mates).toStrictEqual([
      { dice: 3, proficiencies: 1, stance: "aggressive", stanceBonus: 2, distracted: 1 },
      { dice: 5, proficiencies: 0, distracted: 1 },
    ]);
  });

  it("seed 004 §Actions: a declared attack is held: the card says it is declared and waits, its one choice, the GM's, being to roll it", () => {
    const held = resolve("attack", { attacker: riddic, target: bandit, held: true }, []);
    expect(held.result).toStrictEqual({ declared: true });
    expect(held.awaiting).toStrictEqual({ choice: "held", by: "gm", offer: { options: [false] } });
  });

  it("seed 004 §Attacking: a plain hit shows its die and total, writes nothing, and says physical melee by default", () => {
    const outcome = resolve("attack", { attacker: { ...riddic, proficiencies: 2 }, target: bandit }, [4]);
    expect(outcome.steps).toEqual([
      { rule: "edges", enhanced: 0, impaired: 0, net: 0, why: [] },
      // Issue 38 item 4: every term of the total, so the card can say "4 + 2 Proficiencies = 6".
      { rule: "damage-die", member: "Riddic", sides: 10, faces: [4], kept: 4, precisionStrike: false, terms: { dice: 4, proficiencies: 2, distracted: 0 }, total: 6 },
    ]);
    expect(outcome.result).toEqual({ damage: 6, received: 6, precisionStrike: false, damageType: "physical", melee: true });
    expect(outcome.effects).toEqual([]);
    const bow = resolve("attack", { attacker: { ...riddic, weapon: "ranged", damageType: "fire" }, target: bandit }, [4]);
    expect(bow.result).toMatchObject({ damageType: "fire", melee: false });
    expect(resolve("attack", { attacker: { ...riddic, weapon: "reach" }, target: bandit }, [4]).result).toMatchObject({ melee: true });
  });

  it("house option enhancedAddsD4: the card shows the d4 added; Breath given but not spent is not written", () => {
    const outcome = resolve("attack", { attacker: { ...riddic, breath: 2 }, target: bandit, situation: { elevation: "above" }, options: { enhancedAddsD4: true }, feint: "keep" }, [3, 4]);
    expect(outcome.steps.at(-1)).toEqual({ rule: "damage-die", member: "Riddic", sides: 10, faces: [3], kept: 3, d4: 4, precisionStrike: false, total: 7 });
    expect(resolve("attack", { attacker: { ...riddic, breath: 2 }, target: bandit, feint: "keep" }, [3]).effects).toEqual([]);
  });

  it("seed 004 §Squads: each Squad member's dice are labelled with its name", () => {
    const outcome = resolve("attack", { attacker: { name: "Gob 1", weaponDie: 6 }, squadMates: [{ name: "Gob 2", weaponDie: 6 }, { name: "Gob 3", weaponDie: 6 }], target: bandit }, [1, 2, 3, 4, 5, 1]);
    expect(outcome.dice.map((d) => d.label)).toEqual(["Gob 1 damage die", "Gob 1 damage die", "Gob 2 damage die", "Gob 2 damage die", "Gob 3 damage die", "Gob 3 damage die"]);
  });

  it("seed 004 §Attacking: Proficiencies below 0 never make the damage negative", () => {
    expect(resolve("attack", { attacker: { ...riddic, proficiencies: -5 }, target: bandit }, [2]).result).toMatchObject({ damage: 0, received: 0 });
  });

  it("seed 004 §Precision Strike: the waiting card shows the top face and offers no Maneuver already declared, nor Grapple without Dex", () => {
    const waiting = resolve("attack", { attacker: { ...riddic, breath: 2 }, target: bandit, maneuver: { name: "feint", payWith: "breath" } }, [10]);
    expect(waiting.awaiting).toEqual({ choice: "precision", by: "attacker", offer: { options: ["extra-die", "disarm", "distract", "evade", "goad", "hide", "parry", "push", "trip"] } });
    expect(waiting.result).toEqual({ precisionStrike: true, die: 10 });
    expect(waiting.steps.at(-1)).toEqual({ rule: "damage-die", member: "Riddic", sides: 10, faces: [10], kept: 10, precisionStrike: true });
  });

  it("seed 004 §Precision Strike: the extra die shows on the card and adds to the total", () => {
    const outcome = resolve("attack", { attacker: riddic, target: bandit, precision: "extra-die" }, [10, 4]);
    expect(outcome.steps.at(-1)).toEqual({ rule: "damage-die", member: "Riddic", sides: 10, faces: [10], kept: 10, precisionStrike: true, extraDie: 4, total: 14 });
    expect(outcome.result).toEqual({ damage: 14, received: 14, precisionStrike: true, damageType: "physical", melee: true, precision: "extra-die" });
    expect(outcome.dice.map((d) => d.label)).toEqual(["Riddic damage die", "Riddic precision strike die"]);
  });

  it("seed 004 §Feint: the reroll shows on the card; the higher of the two counts, the first when it is higher", () => {
    const outcome = resolve("attack", { attacker: { ...riddic, breath: 1 }, target: bandit, maneuver: { name: "feint", payWith: "breath" } }, [7, 3]);
    expect(outcome.steps).toContainEqual({ rule: "damage-die", member: "Riddic", sides: 10, faces: [7], kept: 7, precisionStrike: false, feint: 3, total: 7 });
    expect(outcome.steps).toContainEqual({ rule: "maneuver", maneuver: "feint", payWith: "breath", success: true });
    expect(outcome.dice.map((d) => d.label)).toEqual(["Riddic damage die", "Riddic feint reroll"]);
  });

  it("seed 004 §Maneuvers: a Maneuver bought with Breath and another earned by the Precision Strike are both taken", () => {
    const outcome = resolve("attack", { attacker: { ...riddic, breath: 3 }, target: bandit, maneuver: { name: "evade", payWith: "breath" }, precision: "trip" }, [10]);
    expect(outcome.result).toMatchObject({ damage: 10, precision: "trip", maneuvers: [{ name: "evade", paidWith: "breath", success: true }, { name: "trip", paidWith: "precision", success: true }] });
    expect(outcome.effects).toEqual([
      { participant: "Riddic", changes: { breath: { from: 3, to: 2 } }, statuses: ["evading"] },
      { participant: "Bandit", changes: {}, statuses: ["prone"] },
    ]);
  });

  it("seed 004 §Grapple: the Dex check shows on the card; a failed Grapple marks no one", () => {
    const slipped = resolve("attack", { attacker: { ...riddic, dex: 12 }, target: bandit, precision: "grapple" }, [10, 13]);
    expect(slipped.steps).toContainEqual({ rule: "grapple-check", roll: 13, dc: 12, success: false });
    expect(slipped.steps).toContainEqual({ rule: "maneuver", maneuver: "grapple", payWith: "precision", success: false });
    expect(slipped.effects).toEqual([]);
  });

  it("seed 004 §Hide/Cover: an attacker coming out of hiding is shown revealed; area damage on a target not hidden is not Impaired", () => {
    const outcome = resolve("attack", { attacker: { ...riddic, breath: 2 }, target: bandit, situation: { hidden: true }, feint: "keep" }, [3, 5]);
    expect(outcome.effects).toEqual([{ participant: "Riddic", changes: {}, statuses: ["revealed"] }]);
    const splash = resolve("attack", { attacker: riddic, target: bandit, situation: { area: true } }, [3]);
    expect(splash.steps.map((s) => s.rule)).toEqual(["edges", "damage-die"]);
    const hidden = resolve("attack", { attacker: riddic, target: { ...bandit, hidden: true }, situation: { area: true } }, [3, 5]);
    expect(hidden.steps[1]).toEqual({ rule: "area-on-hidden" });
    expect(hidden.result).toMatchObject({ damage: 3 });
  });

  it("seed 004 §Push: with no grid a Push offers both lanes and the stances the target can move to, and keeps its stance on a lane move", () => {
    const push = { attacker: riddic, target: { ...bandit, stance: "aggressive" }, precision: "push" };
    expect(resolve("attack", push, [10]).awaiting).toEqual({ choice: "push", by: "attacker", offer: { directions: ["lane-up", "lane-down", "back"] } });
    expect(resolve("attack", push, [10]).result).toEqual({ precisionStrike: true, damage: 10 });
    expect(resolve("attack", { ...push, push: "lane-up" }, [10]).result).toMatchObject({ pushedTo: { stance: "aggressive" } });
    expect(resolve("attack", { ...push, push: "lane-down" }, [10]).result).toMatchObject({ pushedTo: { stance: "aggressive" } });
    expect(resolve("attack", { ...push, push: "back" }, [10]).result).toMatchObject({ pushedTo: { stance: "steadied" } });
    expect(resolve("attack", { ...push, push: "lane-up" }, [10]).steps).toContainEqual({ rule: "push", direction: "lane-up", stance: "aggressive" });
    expect(resolve("attack", { ...push, target: bandit, push: "forward" }, [10]).result).toMatchObject({ pushedTo: { stance: "aggressive" } });
  });

  it("seed 004 §Push: on a grid, the lanes the grid has bound the Push", () => {
    const push = { attacker: riddic, target: bandit, precision: "push", position: { attackerLane: 3, targetLane: 3, attackerEngaged: true, laneCount: 3 } };
    expect(resolve("attack", push, [10]).awaiting?.offer).toEqual({ directions: ["lane-up", "forward", "back"] });
    expect(resolve("attack", { ...push, position: { attackerLane: 6, targetLane: 6, attackerEngaged: true } }, [10]).awaiting?.offer).toEqual({ directions: ["lane-up", "forward", "back"] });
    expect(resolve("attack", { ...push, position: { attackerLane: 5, targetLane: 5, attackerEngaged: true } }, [10]).awaiting?.offer).toEqual({ directions: ["lane-up", "lane-down", "forward", "back"] });
    expect(resolve("attack", { ...push, push: "lane-up" }, [10]).result).toMatchObject({ pushedTo: { lane: 2, stance: "steadied" } });
  });
});

describe("seed 004 §Maneuvers: the Maneuver card", () => {
  it("seed 004 §Maneuvers: it shows the Breath spent and the Maneuver; a Maneuver with no target named marks no one else", () => {
    const outcome = resolve("maneuver", { actor: { name: "Ines", breath: 2 }, maneuver: "evade", target: { name: "Orc" } }, []);
    expect(outcome.steps).toEqual([{ rule: "maneuver-breath", cost: 1 }, { rule: "maneuver", maneuver: "evade", payWith: "breath", success: true }]);
    expect(outcome.result).toEqual({ maneuver: "evade", success: true });
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { breath: { from: 2, to: 1 } }, statuses: ["evading"] }]);
  });

  it("seed 004 §Maneuvers: a Maneuver that is not (Melee) reaches any lane; a (Melee) one with no lanes given is not measured", () => {
    expect(resolve("maneuver", { actor: { name: "Ines", breath: 1 }, maneuver: "distract", target: { name: "Orc" }, position: { actorLane: 1, targetLane: 6 } }, []).result).toEqual({ maneuver: "distract", success: true });
    expect(resolve("maneuver", { actor: { name: "Ines", breath: 1 }, maneuver: "trip", target: { name: "Orc" } }, []).result).toEqual({ maneuver: "trip", success: true });
  });

  it("seed 004 §Grapple (RULINGS): with an attack bought for Breath it takes the Dex check after the damage; failed, it marks no one", () => {
    const outcome = resolve("attack", { attacker: { name: "Ines", weaponDie: 8, breath: 1, dex: 9 }, target: { name: "Orc" }, maneuver: { name: "grapple", payWith: "breath" } }, [3, 10]);
    expect(outcome.result).toMatchObject({ damage: 3, maneuvers: [{ name: "grapple", paidWith: "breath", success: false }] });
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { breath: { from: 1, to: 0 } } }]);
    expect(outcome.dice.map((d) => d.label)).toEqual(["Ines damage die", "Ines grapple dex check"]);
  });

  it("seed 004 §Push: on its own, the Push waits with the target's stance read as Steadied when not given, and lands on the grid's lanes", () => {
    const push = { actor: { name: "Ines", breath: 1 }, maneuver: "push", target: { name: "Orc" }, position: { actorLane: 2, targetLane: 2, laneCount: 2 } };
    expect(resolve("maneuver", push, []).awaiting).toEqual({ choice: "push", by: "actor", offer: { directions: ["lane-up", "forward", "back"] } });
    expect(resolve("maneuver", push, []).result).toEqual({ maneuver: "push" });
    expect(resolve("maneuver", { ...push, push: "back" }, []).result).toEqual({ maneuver: "push", success: true, pushedTo: { lane: 2, stance: "on-guard" } });
    expect(resolve("maneuver", { ...push, position: { actorLane: 5, targetLane: 5 } }, []).awaiting?.offer).toEqual({ directions: ["lane-up", "lane-down", "forward", "back"] });
  });
});

describe("seed 004 §Rounds: the end of the round read in parts", () => {
  const vitals = (breath: number) => ({ breath, maxBreath: breath, characteristics: Object.fromEntries(["str", "dex", "wil", "san", "luck"].map((c) => [c, { dc: 10, max: 10 }])) as never, incapacitated: false, dead: false });

  it("seed 004 §Rounds: while one owner's saves are awaited, those before have saved, she and those after carry their damage unsaved", () => {
    const combatants = [
      { name: "Ana", vitals: vitals(0), stance: "steadied" as const },
      { name: "Bo", vitals: vitals(0), stance: "steadied" as const },
      { name: "Cy", vitals: vitals(0), stance: "steadied" as const },
    ];
    const hits = ["Ana", "Bo", "Cy"].map((target) => ({ target, amount: 2, damageType: "physical" }));
    const end = resolveEndOfRound(new DiceTray(givenFaces([3])), combatants, hits, "down", undefined, (c) => c.name === "Ana");
    expect(end.awaiting).toEqual({ kind: "saves", combatant: combatants[1], characteristics: ["str"], st: { str: 12 } });
    expect(end.combatants.map((c) => [c.name, c.vitals.characteristics.str.dc, c.vitals.incapacitated])).toEqual([
      ["Ana", 8, true],
      ["Bo", 8, false],
      ["Cy", 8, false],
    ]);
  });

  it("RULINGS, Breath at the round's end (house option breathOrder owner): while one owner's order of her hits is awaited, those before carry their damage, she and those after none yet", () => {
    const combatants = [
      { name: "Ana", vitals: vitals(0), stance: "steadied" as const },
      { name: "Bo", vitals: vitals(3), stance: "steadied" as const },
      { name: "Cy", vitals: vitals(0), stance: "steadied" as const },
    ];
    // Bo's Breath of 3 meets a sword and a torch: which first decides what it absorbs.
    const hits = [
      { target: "Ana", amount: 2, damageType: "physical" },
      { target: "Bo", amount: 2, damageType: "physical" },
      { target: "Bo", amount: 3, damageType: "fire" },
      { target: "Cy", amount: 2, damageType: "physical" },
    ];
    const end = resolveEndOfRound(new DiceTray(givenFaces([])), combatants, hits, "down", undefined, () => true, () => []);
    expect(end.awaiting).toMatchObject({ kind: "order", combatant: combatants[1], chosen: [] });
    expect(end.combatants.map((c) => [c.name, c.vitals.breath, c.vitals.characteristics.str.dc])).toEqual([
      ["Ana", 0, 8],
      ["Bo", 3, 10],
      ["Cy", 0, 10],
    ]);
  });

  it("seed 004 §Characteristic Score Loss: the saves made are read in order, the first failure the last", () => {
    const hurt = vitals(0);
    const saved = damageSaves(new DiceTray(givenFaces([15, 3])), "Ana", hurt, hurt, ["str", "dex", "wil"], []);
    expect(saved.saves.map((r) => [r.roll, r.success])).toEqual([
      [15, true],
      [3, false],
    ]);
    expect(saved.vitals.incapacitated).toBe(true);
  });

  it("seed 004 §Combat Stances, On Guard: a hit already protected by one companion is not taken over by another's Protect", () => {
    const combatants = [
      combatant("Ana", 9, {}, { side: "party", lane: 2 }),
      combatant("Bo", 9, {}, { stance: "on-guard", side: "party", lane: 3 }),
      combatant("Cy", 9, {}, { stance: "on-guard", side: "party", lane: 1 }),
    ];
    const hits = [{ target: "Ana", amount: 8, protectedBy: "Cy" }, { target: "Ana", amount: 6 }];
    const outcome = resolve("round", { combatants, hits, protect: [{ by: "Bo", companion: "Ana" }] }, []);
    expect(outcome.steps.filter((s) => s.rule === "protect-companion")).toEqual([
      { rule: "protect-companion", hit: 0, attack: 8, taken: 4 },
      { rule: "protect-companion", hit: 1, attack: 6, taken: 3 },
    ]);
    expect(Object.fromEntries(outcome.effects.map((e) => [e.participant, e.changes.breath]))).toEqual({ Cy: { from: 9, to: 6 }, Bo: { from: 9, to: 7 } });
  });
});

describe("seed 004 §Attacking: a duel's dice", () => {
  it("each blow of a duel is its fighter's damage die, labelled with her name", () => {
    const tray = new DiceTray(givenFaces([12, 12, 1, 2]));
    fightDuel({ ...combatant("Ines", 9), weaponDie: 8 }, { ...combatant("Orc", 9), weaponDie: 6 }, tray, 1);
    expect(tray.rolled.slice(2)).toEqual([
      { label: "Ines damage die", sides: 8, face: 1 },
      { label: "Orc damage die", sides: 6, face: 2 },
    ]);
  });
});
