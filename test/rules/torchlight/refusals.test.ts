import { describe, expect, it } from "vitest";
import { TorchlightRefusal, type TorchlightRefusalCode } from "../../../src/rules/torchlight/refusal.js";
import { combatant, resolve } from "./helpers.js";

// Every refusal a Beyond the Torchlight request can meet, met by a request: the code for code, and
// a few of the words people read (with the names and rounds it concerns), never a bare code.

function refusal(action: string, request: Record<string, unknown>, faces: number[] = []): TorchlightRefusal {
  try {
    resolve(action, request, faces);
  } catch (error) {
    if (error instanceof TorchlightRefusal) return error;
    throw error;
  }
  throw new Error("expected the request to be refused");
}

const sword = { name: "Ines", weaponDie: 8 };
const bow = { name: "Elsa", weaponDie: 6, weapon: "ranged" };
const orc = { name: "Orc" };
const lanes = (attackerLane: number, targetLane: number, attackerEngaged = false) => ({ attackerLane, targetLane, attackerEngaged });
const at = (name: string, side: string, lane: number, stance = "steadied", extra: Record<string, unknown> = {}) => combatant(name, 4, {}, { side, lane, stance, ...extra });
const cell = (name: string, side: string, lane: number, stance = "steadied", extra: Record<string, unknown> = {}) => ({ name, side, lane, stance, ...extra });

type Case = [rule: string, action: string, request: Record<string, unknown>, code: TorchlightRefusalCode, words: RegExp, faces?: number[]];

const cases: Case[] = [
  ["seed 004 §Incapacitated and Death: an Incapacitated attacker takes no action", "attack", { attacker: { ...sword, incapacitated: true }, target: orc }, "attacker-incapacitated", /cannot attack \(Ines\)/],
  ["seed 004 §Initiative: one who failed her Dex save does not act until the next round", "attack", { attacker: { ...sword, waiting: true }, target: orc }, "attacker-waiting", /until the next round \(Ines\)/],
  ["seed 004 §Incapacitated and Death: a dead target cannot be attacked", "attack", { attacker: sword, target: { ...orc, dead: true } }, "target-dead", /no one left to attack \(Orc\)/],
  ["seed 004 §Combat Stances: no melee attack from the Rearguard", "attack", { attacker: { ...sword, stance: "rearguard" }, target: orc, position: lanes(2, 2) }, "no-melee-from-rearguard", /from the Rearguard/],
  ["seed 004 §Engaged: a melee attack only in the attacker's lane", "attack", { attacker: sword, target: orc, position: lanes(2, 3) }, "melee-out-of-lane", /own lane/],
  ["seed 004 §Engaged: a reach weapon one lane over at most", "attack", { attacker: { ...sword, weapon: "reach" }, target: orc, position: lanes(2, 4) }, "reach-out-of-range", /one adjacent lane/],
  ["seed 004 §Engaged: no ranged attack while Engaged", "attack", { attacker: bow, target: orc, position: lanes(2, 4, true) }, "ranged-while-engaged", /Engaged combatant/],
  ["seed 004 §Combat Stances, Rearguard: a Called Shot needs a ranged weapon (on the grid)", "attack", { attacker: sword, target: orc, situation: { calledShot: true }, position: lanes(2, 2) }, "called-shot-needs-ranged", /ranged weapon/],
  ["seed 004 §Combat Stances, Rearguard: a Called Shot needs a ranged weapon (off the grid)", "attack", { attacker: sword, target: orc, situation: { calledShot: true } }, "called-shot-needs-ranged", /ranged weapon/],
  ["seed 004 §Hide/Cover: no ranged attack on the hidden", "attack", { attacker: bow, target: { ...orc, hidden: true }, position: lanes(1, 4) }, "target-hidden", /hidden/],
  ["seed 004 §Hide/Cover: only an Engaged enemy closes in on the hidden", "attack", { attacker: sword, target: { ...orc, hidden: true }, position: lanes(4, 4, false) }, "target-hidden", /hidden/],
  ["seed 004 §Maneuvers: a (Melee) Maneuver declared with a ranged attack", "attack", { attacker: bow, target: orc, maneuver: { name: "trip", payWith: "breath" } }, "maneuver-needs-melee", /melee attack/],
  ["seed 004 §Maneuvers: a (Melee) Maneuver chosen on a ranged Precision Strike", "attack", { attacker: bow, target: orc, precision: "push" }, "maneuver-needs-melee", /melee attack/, [6]],
  ["seed 004 §Maneuvers: a Maneuver bought with Breath and none left", "attack", { attacker: { ...sword, breath: 0 }, target: orc, maneuver: { name: "trip", payWith: "breath" } }, "no-breath-for-maneuver", /needs 1 Breath/],
  ["seed 004 §Grapple: Grapple declared without the attacker's Dex", "attack", { attacker: sword, target: orc, maneuver: { name: "grapple", payWith: "precision" } }, "grapple-needs-dex", /Dex/],
  ["seed 004 §Grapple: Grapple chosen on a Precision Strike without the attacker's Dex", "attack", { attacker: sword, target: orc, precision: "grapple" }, "grapple-needs-dex", /Dex/, [8]],
  ["seed 004 §Squads: two are no Squad", "attack", { attacker: sword, squadMates: [{ name: "Bo", weaponDie: 6 }], target: orc }, "squad-needs-three", /three or more/],
  ["seed 004 §Push: a Push off the grid", "attack", { attacker: sword, target: { ...orc, stance: "rearguard" }, position: lanes(6, 6, true), precision: "push", push: "back" }, "push-off-grid", /off the Combat Grid/, [8]],
  ["seed 004 §Combat Stances, Steadied: Rally from another stance", "round", { combatants: [at("Elsa", "party", 3, "aggressive"), at("Bo", "party", 3, "on-guard")], hits: [], rally: { by: "Elsa" } }, "rally-needs-steadied", /Steadied.*\(Elsa\)/],
  ["seed 004 §Combat Stances, Steadied: Rally by one who is down", "round", { combatants: [at("Elsa", "party", 3, "steadied", { incapacitated: true }), at("Bo", "party", 3, "on-guard")], hits: [], rally: { by: "Elsa" } }, "rally-needs-steadied", /standing combatant/],
  ["seed 004 §Combat Stances, On Guard: Protect Companion from another stance", "round", { combatants: [at("Ana", "party", 2), at("Bo", "party", 3)], hits: [], protect: [{ by: "Bo", companion: "Ana" }] }, "protect-needs-on-guard", /On Guard.*\(Bo\)/],
  ["a hit on a name not in the round", "round", { combatants: [combatant("Ana", 2)], hits: [{ target: "Ghost", amount: 2 }] }, "unknown-combatant", /round's combatants \(Ghost\)/],
  ["a protector not in the round", "round", { combatants: [combatant("Ana", 2)], hits: [{ target: "Ana", amount: 2, protectedBy: "Ghost" }] }, "unknown-combatant", /\(Ghost\)/],
  ["a Rally by a name not in the round", "round", { combatants: [combatant("Ana", 2)], hits: [], rally: { by: "Ghost" } }, "unknown-combatant", /\(Ghost\)/],
  ["a Rally naming an ally not in the round", "round", { combatants: [at("Ana", "party", 2)], hits: [], rally: { by: "Ana", allies: ["Ghost"] } }, "unknown-combatant", /\(Ghost\)/],
  ["a Protect Companion naming a companion not in the round", "round", { combatants: [at("Bo", "party", 2, "on-guard")], hits: [], protect: [{ by: "Bo", companion: "Ghost" }] }, "unknown-combatant", /\(Ghost\)/],
  ["seed 004 §Combat Stances: a Rally measured without the rallier's place on the grid", "round", { combatants: [combatant("Elsa", 2), at("Bo", "party", 3)], hits: [], rally: { by: "Elsa" } }, "needs-position", /everyone involved \(Elsa\)/],
  ["seed 004 §Combat Stances: a Protect Companion measured without the companion's place", "round", { combatants: [combatant("Ana", 2), at("Bo", "party", 3, "on-guard")], hits: [], protect: [{ by: "Bo", companion: "Ana" }] }, "needs-position", /\(Ana\)/],
  ["seed 004 §Combat Stances: a stance ability by one not on the grid", "ability", { grid: [cell("Ana", "party", 1)], by: "Ghost" }, "needs-position", /\(Ghost\)/],
  ["seed 004 §Combat Stances: a stance ability aimed at one not on the grid", "ability", { grid: [cell("Bo", "party", 1, "on-guard")], by: "Bo", target: "Ghost" }, "needs-position", /\(Ghost\)/],
  ["seed 004 §Retreat: a Retreat by one not on the grid", "retreat", { grid: [cell("Ana", "party", 1)], by: "Ghost", round: 1 }, "needs-position", /\(Ghost\)/],
  ["seed 004 §Combat Stances, Steadied: Rally names an ally out of reach", "round", { combatants: [at("Elsa", "party", 1), at("Bo", "party", 4)], hits: [], rally: { by: "Elsa", allies: ["Bo"] } }, "rally-out-of-reach", /one adjacent position \(Bo\)/],
  ["seed 004 §Actions: a stance ability once her side's declared attacks have rolled (every action is declared before any attack)", "ability", { grid: [cell("Elsa", "party", 1)], by: "Elsa", sideRolled: true }, "declared-after-attacks", /before any attack is made.*\(Elsa\)/],
  ["seed 004 §Combat Stances, Steadied: Rally once a round", "ability", { grid: [cell("Elsa", "party", 1)], by: "Elsa", rallyTaken: true }, "rally-once-a-round", /once a round/],
  ["seed 004 §Combat Stances, On Guard: Protect Companion out of reach (round)", "round", { combatants: [at("Ana", "party", 1), at("Bo", "party", 4, "on-guard")], hits: [], protect: [{ by: "Bo", companion: "Ana" }] }, "protect-not-adjacent", /\(Bo → Ana\)/],
  ["seed 004 §Combat Stances, On Guard: Protect Companion by a protector who is down (round)", "round", { combatants: [at("Ana", "party", 2), at("Bo", "party", 3, "on-guard", { incapacitated: true })], hits: [], protect: [{ by: "Bo", companion: "Ana" }] }, "protect-not-adjacent", /\(Bo → Ana\)/],
  ["seed 004 §Combat Stances, On Guard: Protect Companion out of reach (ability)", "ability", { grid: [cell("Ana", "party", 1), cell("Bo", "party", 4, "on-guard")], by: "Bo", target: "Ana" }, "protect-not-adjacent", /\(Bo → Ana\)/],
  ["seed 004 §Combat Stances, Aggressive: Intimidation with no engaged enemy", "ability", { grid: [cell("Riddic", "party", 1, "aggressive"), cell("Orc", "foes", 2)], by: "Riddic" }, "no-engaged-enemy", /engaged enemy/],
  ["seed 004 §Combat Stances: an ability from another stance", "ability", { grid: [cell("Riddic", "party", 1, "aggressive")], by: "Riddic", ability: "rally" }, "ability-wrong-stance", /rally is used from steadied/],
  ["seed 004 §Combat Stances: an ability by one who is down", "ability", { grid: [cell("Elsa", "party", 1, "steadied", { incapacitated: true })], by: "Elsa" }, "ability-wrong-stance", /rally is used from steadied/],
  ["seed 004 §Combat Stances, On Guard: Protect Companion with no companion named", "ability", { grid: [cell("Bo", "party", 1, "on-guard")], by: "Bo" }, "ability-needs-target", /needs a target/],
  ["seed 004 §Combat Stances, Rearguard: a Called Shot with no target declared", "ability", { grid: [cell("Breyer", "party", 1, "rearguard")], by: "Breyer" }, "ability-needs-target", /needs a target/],
  ["seed 004 §Combat Stances, Rearguard: a Called Shot declared on a companion", "ability", { grid: [cell("Breyer", "party", 1, "rearguard"), cell("Ana", "party", 2)], by: "Breyer", target: "Ana" }, "ability-needs-target", /needs a target/],
  ["seed 004 §Combat Stances, Rearguard: a Called Shot with a melee weapon", "ability", { grid: [cell("Breyer", "party", 1, "rearguard"), cell("Orc", "foes", 2)], by: "Breyer", target: "Orc", weapon: "melee" }, "called-shot-needs-ranged", /ranged weapon/],
  ["seed 004 §Retreat: only from the Rearguard", "retreat", { grid: [cell("Ana", "party", 1, "on-guard")], by: "Ana", round: 1 }, "may-not-retreat", /Ana is in the on-guard stance/],
  ["seed 004 §Retreat: not while Engaged", "retreat", { grid: [cell("Ana", "party", 1, "rearguard"), cell("Orc", "foes", 1, "aggressive")], by: "Ana", round: 1 }, "may-not-retreat", /Ana is engaged/],
  ["seed 004 §Retreat: not while down", "retreat", { grid: [cell("Ana", "party", 1, "rearguard", { incapacitated: true })], by: "Ana", round: 1 }, "may-not-retreat", /Ana is incapacitated/],
  ["seed 004 §Retreat: back no sooner than a round later", "initiative", { combatants: [{ name: "Breyer", dex: 10, leftInRound: 2 }], joinRound: 3 }, "retreat-waiting-round", /Breyer left in round 2, may re-enter in round 4/],
  ["seed 004 §Feint: only with an attack", "maneuver", { actor: { name: "Ines", breath: 2 }, maneuver: "feint", target: orc }, "feint-needs-attack", /with an attack/],
  ["seed 004 §Maneuvers: a (Melee) Maneuver on its own with a ranged weapon", "maneuver", { actor: { name: "Ines", breath: 2, weapon: "ranged" }, maneuver: "trip", target: orc }, "maneuver-needs-melee", /melee attack/],
  ["seed 004 §Maneuvers: a Maneuver on its own with no target", "maneuver", { actor: { name: "Ines", breath: 2 }, maneuver: "trip" }, "maneuver-needs-target", /needs a target/],
  ["seed 004 §Grapple: Grapple bought with Breath without Dex", "attack", { attacker: { ...sword, breath: 2 }, target: orc, maneuver: { name: "grapple", payWith: "breath" } }, "grapple-needs-dex", /Dex/],
  ["seed 004 §Maneuvers: a Maneuver on its own with no Breath", "maneuver", { actor: { name: "Ines", breath: 0 }, maneuver: "evade" }, "no-breath-for-maneuver", /needs 1 Breath/],
  ["seed 004 §Maneuvers: a melee Maneuver on its own out of reach", "maneuver", { actor: { name: "Ines", breath: 2 }, maneuver: "trip", target: orc, position: { actorLane: 1, targetLane: 2 } }, "maneuver-out-of-reach", /own lane/],
  ["seed 004 §Push: a Push on its own off the grid", "maneuver", { actor: { name: "Ines", breath: 2 }, maneuver: "push", target: { name: "Orc", stance: "aggressive" }, position: { actorLane: 1, targetLane: 1 }, push: "lane-up" }, "push-off-grid", /off the Combat Grid/],
  ["seed 004 §Attacking: a reach weapon at one behind the closest in the next lane", "attack", { attacker: { ...sword, weapon: "reach" }, target: orc, position: { ...lanes(2, 3), targetClosest: false } }, "reach-not-closest", /closest character/],
  ["seed 004 §Grapple: Grapple on its own", "maneuver", { actor: { name: "Ines", breath: 2, dex: 10 }, maneuver: "grapple", target: orc }, "grapple-needs-attack", /follows an attack/],
  ["seed 004 §Combat Stances, Steadied: Rally without a companion's maximum Breath", "round", { combatants: [at("Elsa", "party", 3), at("Bo", "party", 4)], hits: [], rally: { by: "Elsa" } }, "rally-needs-max-breath", /maxBreath.*\(Bo\)/, [2]],
  ["seed 004 §Parry: a Parried enemy attacking someone else", "attack", { attacker: sword, target: orc, compelled: [{ kind: "parry", by: "Elsa" }] }, "compelled", /Ines owes a melee attack on Elsa \(parry\)/],
  ["seed 004 §Combat Stances, Aggressive: an Intimidated enemy Rallying instead of attacking", "ability", { grid: [cell("Orc", "foes", 1)], by: "Orc", compelled: [{ kind: "intimidation", by: "Riddic" }] }, "compelled-to-attack", /must attack.*intimidation by Riddic/],
  ["seed 004 §Combat Stances, Steadied: Rally without two companions' maximum Breath", "round", { combatants: [at("Elsa", "party", 3), at("Bo", "party", 4), at("Cy", "party", 2)], hits: [], rally: { by: "Elsa" } }, "rally-needs-max-breath", /\((Bo, Cy|Cy, Bo)\)/, [2]],
  ["RULINGS, Breath at the round's end: an order of hits given without the house option", "round", { combatants: [combatant("Ana", 2, {}, { id: "a" })], hits: [{ target: "Ana", amount: 1 }], breathOrder: { a: "0" } }, "bad-breath-order", /in the order dealt unless options.breathOrder is owner/],
  ["seed 004 §Combat Stances, Aggressive: a Rally by one both Intimidated and Goaded", "ability", { grid: [cell("Orc", "foes", 1)], by: "Orc", compelled: [{ kind: "intimidation", by: "Riddic" }, { kind: "goad", by: "Ines" }] }, "compelled-to-attack", /intimidation by Riddic, goad by Ines/],
  ["RULINGS, Breath at the round's end: an order naming a hit twice", "round", { combatants: [combatant("Ana", 2, {}, { id: "a" })], hits: [{ target: "Ana", amount: 1 }, { target: "Ana", amount: 1, damageType: "fire" }], breathOrder: { a: "0,0" }, options: { breathOrder: "owner" } }, "bad-breath-order", /each hit on that character once, and only those \(Ana\)/],
  ["seed 004 §Movement: a lane off the grid", "move", { grid: [cell("Ana", "party", 1)], by: "Ana", to: { lane: 7, stance: "steadied" } }, "off-grid", /no such lane.*Ana → lane 7, steadied/],
  ["seed 004 §Movement: a lane off the grid, before its first", "move", { grid: [cell("Ana", "party", 1)], by: "Ana", to: { lane: 0, stance: "steadied" } }, "off-grid", /no such lane.*Ana → lane 0, steadied/],
  ["seed 004 §Movement: a move to where she stands", "move", { grid: [cell("Ana", "party", 1)], by: "Ana", to: { lane: 1, stance: "steadied" } }, "move-nowhere", /another lane or stance/],
  ["seed 004 §Actions: a second move in a round", "move", { grid: [cell("Ana", "party", 1)], by: "Ana", to: { lane: 2, stance: "steadied" }, movedThisRound: true }, "moved-this-round", /one move a round/],
  ["seed 004 §Actions: a move once her side's declared attacks have rolled (every action is declared before any attack)", "move", { grid: [cell("Ana", "party", 1)], by: "Ana", to: { lane: 2, stance: "steadied" }, sideRolled: true }, "moved-after-attacks", /before any attack is made.*moves next round/],
  ["seed 004 §Grapple: a Grappled character moving", "move", { grid: [cell("Ana", "party", 1)], by: "Ana", to: { lane: 2, stance: "steadied" }, grappled: true }, "move-grappled", /Grappled/],
  ["seed 004 §Push: moving the round after a Push", "move", { grid: [cell("Ana", "party", 1)], by: "Ana", to: { lane: 2, stance: "steadied" }, pushed: true }, "move-pushed", /Pushed last round/],
  ["seed 004 §Incapacitated: dragging herself two positions", "move", { grid: [cell("Ana", "party", 1, "steadied", { incapacitated: true })], by: "Ana", to: { lane: 3, stance: "steadied" } }, "drags-one-position", /one position/],
  ["seed 004 §Movement: onto a balcony from two lanes away", "move", { grid: [cell("Ana", "party", 3)], lanes: [{ level: 1 }, { level: 0 }, { level: 0 }], by: "Ana", to: { lane: 1, stance: "steadied" } }, "lane-out-of-reach", /adjacent lane/],
  ["seed 004 §Initiative: a cell full for her side", "move", { grid: [cell("Ana", "party", 1), cell("Bo", "party", 2)], by: "Ana", to: { lane: 2, stance: "steadied" } }, "cell-full", /full for this side/],
  ["seed 004 §Initiative: placing one already on the grid", "place", { grid: [cell("Ana", "party", 1)], newcomers: [{ name: "Ana", side: "party", wish: { lane: 2, stance: "steadied" } }] }, "already-placed", /not on the Combat Grid yet \(Ana\)/],
];

describe("torchlight refusals", () => {
  for (const [rule, action, request, code, words, faces] of cases) {
    it(`${rule} [${code}]`, () => {
      const refused = refusal(action, request, faces);
      expect(refused.code).toBe(code);
      expect(refused.message).toMatch(new RegExp(words.source, "i"));
      // Issue 38 item 4: a sentence for people, never a rule id.
      expect(refused.message).not.toContain(`[${code}]`);
      expect(refused.message).toMatch(/^[A-Z]/);
      expect(refused.name).toBe("TorchlightRefusal");
    });
  }

  it("seed 004 §Attacking: a reach weapon into the next lane asks for position.targetClosest only when it is missing and decides", () => {
    const hint = "(give position.targetClosest)";
    const reachAttack = (position: Record<string, unknown>) => refusal("attack", { attacker: { ...sword, weapon: "reach" }, target: orc, position: { ...lanes(2, 3), ...position } }).message;
    expect(reachAttack({})).toContain(hint);
    expect(reachAttack({ targetClosest: false })).not.toContain(hint);
    // Two lanes over no reach weapon reaches, closest or not: the hint would mislead.
    expect(reachAttack({ targetLane: 4 })).not.toContain(hint);
    const reachTrip = (position: Record<string, unknown>) => refusal("maneuver", { actor: { name: "Ines", breath: 1, weapon: "reach" }, maneuver: "trip", target: orc, position: { actorLane: 2, targetLane: 3, ...position } }).message;
    expect(reachTrip({})).toMatch(/^A reach weapon .*closest character.*\(give position.targetClosest\)$/);
    expect(reachTrip({ targetClosest: false })).not.toContain(hint);
  });

  it("a refusal without a detail adds no empty brackets", () => {
    const message = refusal("maneuver", { actor: { name: "Ines", breath: 0 }, maneuver: "evade" }).message;
    expect(message).not.toContain("(");
    // Issue 38 item 4: a sentence starting with a capital, and no rule id.
    expect(message).toMatch(/^A Maneuver bought with Breath needs 1 Breath$/);
  });
});

describe("seed 004 §Incapacitated and Death: who may attack whom (issue 35)", () => {
  it("an Incapacitated target may still be attacked, Enhanced; a standing, ready attacker on a living target is not refused", () => {
    const hit = resolve("attack", { attacker: { ...sword, incapacitated: false, waiting: false }, target: { ...orc, incapacitated: true, dead: false } }, [3, 5]);
    expect(hit.steps).toContainEqual({ rule: "edges", enhanced: 1, impaired: 0, net: 1, why: ["+incapacitated-target"] });
  });
});
