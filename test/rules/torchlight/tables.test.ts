import { describe, expect, it } from "vitest";
import { ABILITY_STANCE, MANEUVER_BREATH_COST, MANEUVERS, RETREAT_WAIT_ROUNDS, SQUAD_SIZE, STANCE_RULES, STANCES, stanceDepth } from "../../../src/rules/torchlight/tables.js";
import { COMPULSION_KINDS, COMPULSIONS } from "../../../src/rules/torchlight/compulsions.js";
import { maneuversFor } from "../../../src/rules/torchlight/actions/attack.js";
import { torchlightRules } from "../../../src/rules/torchlight/index.js";
import { readOptions, torchlightOptions } from "../../../src/rules/torchlight/options.js";
import { combatant, resolve } from "./helpers.js";

// The seed's tables as the rules read them. Where an entry changes what an action does, the test
// goes through the action; entries only the Foundry layer reads (how long a mark lasts) are
// checked as the table states them in the seed's words.

const hit = (situation: Record<string, unknown>, faces: number[], extra: Record<string, unknown> = {}) =>
  resolve("attack", { attacker: { name: "Ines", weaponDie: 8 }, target: { name: "Orc" }, situation, ...extra }, faces);
const why = (situation: Record<string, unknown>, faces: number[], extra: Record<string, unknown> = {}) => hit(situation, faces, extra).steps[0]?.why;

describe("seed 004 §Attacking: what Enhances and what Impairs an attack", () => {
  it("seed 004 §Hide/Cover: coming out of hiding Enhances the attack (two faces, the higher kept)", () => {
    const outcome = hit({ hidden: true }, [2, 6]);
    expect(outcome.steps[0]?.why).toEqual(["+hidden"]);
    expect(outcome.result).toMatchObject({ damage: 6 });
  });

  it("seed 004 §Combat Stances, Rearguard: a Called Shot's ranged attack is Enhanced", () => {
    expect(why({ calledShot: true }, [2, 6], { attacker: { name: "Ines", weaponDie: 8, weapon: "ranged" } })).toEqual(["+called-shot"]);
  });

  it("seed 004 §Action Lanes: attacking down from a higher lane Enhances, up from a lower one Impairs, on one level neither", () => {
    expect(why({ elevation: "above" }, [2, 6])).toEqual(["+elevation"]);
    expect(hit({ elevation: "below" }, [2, 6]).result).toMatchObject({ damage: 2 });
    expect(why({ elevation: "below" }, [2, 6])).toEqual(["-elevation"]);
    expect(hit({ elevation: "level" }, [2]).result).toMatchObject({ damage: 2 });
  });

  it("seed 004 §Incapacitated and Death: an attack on the Incapacitated is Enhanced", () => {
    expect(resolve("attack", { attacker: { name: "Ines", weaponDie: 8 }, target: { name: "Orc", incapacitated: true } }, [2, 6]).steps[0]?.why).toEqual(["+incapacitated-target"]);
  });

  it("seed 004 §Squads: a Squad member's attack is Enhanced; a single character's attack on a Squad Impaired", () => {
    expect(why({ squadAttack: true }, [2, 6])).toEqual(["+squad-attack"]);
    expect(why({ targetIsSquad: true }, [2, 6])).toEqual(["-target-is-squad"]);
  });

  it("seed 004 §Combat Stances, Aggressive: the Intimidated enemy's attack is Impaired", () => {
    expect(why({ intimidated: true }, [2, 6])).toEqual(["-intimidated"]);
  });

  it("seed 004 §Grapple: the grappled attack Impaired", () => {
    expect(why({ grappled: true }, [2, 6])).toEqual(["-grappled"]);
  });

  it("seed 004 §Dual Wielding: an untrained off-hand weapon attacks Impaired", () => {
    expect(why({ untrainedOffHand: true }, [2, 6])).toEqual(["-untrained-off-hand"]);
  });

  it("seed 004 §Goad: the goaded attack on the goader is Enhanced, on another in the goader's lane Impaired", () => {
    expect(why({ goaded: "at-goader" }, [2, 6])).toEqual(["+goaded"]);
    expect(why({ goaded: "at-other" }, [2, 6])).toEqual(["-goaded"]);
  });

  it("any other Enhancements and Impairments the GM rules count one each", () => {
    expect(why({ enhancements: 2 }, [2, 6])).toEqual(["+other", "+other"]);
    expect(why({ impairments: 2 }, [2, 6])).toEqual(["-other", "-other"]);
    const step = hit({ enhancements: 2, impairments: 1 }, [2, 6]).steps[0];
    expect(step).toMatchObject({ enhanced: 2, impaired: 1, net: 1 });
  });

  it("seed 004 §Distract: an attack on a Distracted target gets +1; the Squad's every member gets it, but only the attacker its stance", () => {
    const outcome = hit({ targetDistracted: true }, [3]);
    expect(outcome.result).toMatchObject({ damage: 4 });
    expect(outcome.steps).toContainEqual({ rule: "distracted-target", bonus: 1 });
    expect(hit({}, [3]).steps.some((s) => s.rule === "distracted-target")).toBe(false);
    // Aggressive lead (+2) and Distracted target (+1): each mate gets only the +1.
    const squad = resolve(
      "attack",
      { attacker: { name: "Gob 1", weaponDie: 6, stance: "aggressive" }, squadMates: [{ name: "Gob 2", weaponDie: 6 }, { name: "Gob 3", weaponDie: 6 }], target: { name: "Ines" }, situation: { targetDistracted: true } },
      [1, 1, 5, 1, 2, 1],
    );
    expect(squad.steps.filter((s) => s.rule === "damage-die").map((s) => s.total)).toEqual([4, 6, 3]);
  });
});

describe("seed 004 §Combat Stances: the stance table", () => {
  it("seed 004 §Combat Stances: Aggressive adds +2 to the attack; the other three add nothing", () => {
    const from = (stance: string) => resolve("attack", { attacker: { name: "Ines", weaponDie: 8, stance, weapon: "ranged" }, target: { name: "Orc" } }, [3]);
    expect(from("aggressive").result).toMatchObject({ damage: 5 });
    expect(from("aggressive").steps).toContainEqual({ rule: "stance-bonus", stance: "aggressive", bonus: 2 });
    for (const stance of ["steadied", "on-guard", "rearguard"]) {
      expect(from(stance).result).toMatchObject({ damage: 3 });
      expect(from(stance).steps.some((s) => s.rule === "stance-bonus")).toBe(false);
    }
  });

  it("seed 004 §Combat Stances: only On Guard takes 1 off the damage received", () => {
    for (const stance of STANCES) {
      const outcome = resolve("attack", { attacker: { name: "Ines", weaponDie: 8 }, target: { name: "Orc", stance } }, [3]);
      expect(outcome.result).toMatchObject({ damage: 3, received: stance === "on-guard" ? 2 : 3 });
      expect(outcome.steps.some((s) => s.rule === "on-guard")).toBe(stance === "on-guard");
    }
  });

  it("seed 004 §Combat Stances: the stances stand Aggressive, Steadied, On Guard, Rearguard from front to back", () => {
    expect(STANCES.map(stanceDepth)).toEqual([0, 1, 2, 3]);
    expect(STANCES).toEqual(["aggressive", "steadied", "on-guard", "rearguard"]);
  });

  it("seed 004 §Combat Stances: each stance's ability, and only On Guard's still lets its user attack this round", () => {
    expect(Object.fromEntries(STANCES.map((s) => [s, STANCE_RULES[s].ability]))).toEqual({ aggressive: "intimidation", steadied: "rally", "on-guard": "protect-companion", rearguard: "called-shot" });
    expect(STANCES.filter((s) => STANCE_RULES[s].abilityAllowsAttack)).toEqual(["on-guard"]);
    for (const stance of STANCES) expect(ABILITY_STANCE[STANCE_RULES[stance].ability]).toBe(stance);
  });

  it("seed 004 §Combat Stances: only the Rearguard may Retreat, and melee is allowed from every stance but it", () => {
    expect(STANCES.filter((s) => STANCE_RULES[s].mayRetreat)).toEqual(["rearguard"]);
    expect(STANCES.filter((s) => !STANCE_RULES[s].meleeAllowed)).toEqual(["rearguard"]);
  });
});

describe("seed 004 §Maneuvers: the Maneuver table", () => {
  it("seed 004 §Maneuvers: each Maneuver's mark, as the seed describes it", () => {
    const marks = Object.fromEntries(Object.entries(MANEUVERS).map(([name, m]) => [name, { target: m.targetStatus ?? null, self: m.selfStatus ?? null }]));
    expect(marks).toEqual({
      disarm: { target: "disarmed", self: null },
      distract: { target: "distracted", self: null },
      evade: { target: null, self: "evading" },
      feint: { target: null, self: null },
      goad: { target: "goaded", self: null },
      grapple: { target: "grappled", self: null },
      hide: { target: null, self: "hidden" },
      parry: { target: null, self: "parrying" },
      push: { target: "pushed", self: null },
      trip: { target: "prone", self: null },
    });
  });

  it("seed 004 §Feint, §Grapple: the Maneuvers offered on their own leave out Feint and Grapple; with an attack they include them; a ranged weapon no (Melee) one", () => {
    expect(maneuversFor("melee", false)).toEqual(["disarm", "distract", "evade", "goad", "hide", "parry", "push", "trip"]);
    expect(maneuversFor("reach", true)).toEqual(["disarm", "distract", "evade", "feint", "goad", "grapple", "hide", "parry", "push", "trip"]);
    expect(maneuversFor("ranged", false)).toEqual(["disarm", "distract", "evade", "goad", "hide"]);
  });

  it("seed 004 §Maneuvers: the (Melee) Maneuvers are Feint, Grapple, Parry, Push and Trip", () => {
    expect(Object.keys(MANEUVERS).filter((name) => MANEUVERS[name as keyof typeof MANEUVERS].meleeOnly)).toEqual(["feint", "grapple", "parry", "push", "trip"]);
  });

  it("seed 004 §Maneuvers: Evade and Hide/Cover need no target; every other Maneuver does", () => {
    expect(Object.keys(MANEUVERS).filter((name) => !MANEUVERS[name as keyof typeof MANEUVERS].needsTarget)).toEqual(["evade", "hide"]);
  });

  it("seed 004 §Maneuvers: how long each mark lasts (Distract, Evade, Goad, Push: the next round; Feint, Parry: this one)", () => {
    expect(Object.fromEntries(Object.entries(MANEUVERS).map(([name, m]) => [name, m.lasts]))).toEqual({
      disarm: "lasting",
      distract: "next-round",
      evade: "next-round",
      feint: "this-round",
      goad: "next-round",
      grapple: "until-released",
      hide: "until-attack",
      parry: "this-round",
      push: "next-round",
      trip: "lasting",
    });
  });

  it("seed 004 §Distract: +1 to every attack on the Distracted target; only Feint rerolls, only Grapple checks Dex, only Push moves", () => {
    expect(MANEUVERS.distract.attackBonusAgainstTarget).toBe(1);
    const only = (key: "rerollDamage" | "dexCheck" | "moveTarget" | "withAttackOnly") => Object.keys(MANEUVERS).filter((name) => MANEUVERS[name as keyof typeof MANEUVERS][key] === true);
    expect([only("rerollDamage"), only("dexCheck"), only("moveTarget"), only("withAttackOnly")]).toEqual([["feint"], ["grapple"], ["push"], ["feint", "grapple"]]);
  });

  it("seed 004 §Combat Stances, Aggressive, §Goad, §Parry: Intimidation binds its enemy this round, Goad and Parry the next", () => {
    expect(Object.fromEntries(COMPULSION_KINDS.map((kind) => [kind, COMPULSIONS[kind].bindsAfter]))).toEqual({ intimidation: 0, goad: 1, parry: 1 });
  });

  it("seed 004 §Maneuvers, §Squads, §Retreat: one Breath a Maneuver, three make a Squad, a round sat out", () => {
    expect([MANEUVER_BREATH_COST, SQUAD_SIZE, RETREAT_WAIT_ROUNDS]).toEqual([1, 3, 1]);
  });

  it("seed 004 §Maneuvers: every Maneuver taken for Breath marks what the table says", () => {
    for (const maneuver of ["disarm", "distract", "evade", "goad", "hide", "parry", "trip"] as const) {
      const outcome = resolve("maneuver", { actor: { name: "Ines", breath: 1 }, maneuver, target: { name: "Orc" } }, []);
      const { targetStatus, selfStatus } = MANEUVERS[maneuver];
      expect(outcome.effects).toEqual([
        { participant: "Ines", changes: { breath: { from: 1, to: 0 } }, ...(selfStatus ? { statuses: [selfStatus] } : {}) },
        ...(targetStatus ? [{ participant: "Orc", changes: {}, statuses: [targetStatus] }] : []),
      ]);
    }
  });

  it("a Maneuver with no target to mark marks only the one who takes it", () => {
    expect(resolve("maneuver", { actor: { name: "Ines", breath: 1 }, maneuver: "hide" }, []).effects).toEqual([{ participant: "Ines", changes: { breath: { from: 1, to: 0 } }, statuses: ["hidden"] }]);
  });
});

describe("seed 004 §Damage: stance and protection at the end of the round", () => {
  it("house option protectRounding: half of an odd attack rounds down by default, up when set", () => {
    const request = (protectRounding?: string) => ({
      combatants: [combatant("Ana", 0, {}, { side: "party", lane: 2 }), combatant("Bo", 9, {}, { stance: "on-guard", side: "party", lane: 3 })],
      hits: [{ target: "Ana", amount: 7, protectedBy: "Bo" }],
      ...(protectRounding ? { options: { protectRounding } } : {}),
    });
    // Half of 7 is 3 (down) or 4 (up); On Guard then takes 1 off.
    expect(resolve("round", request(), []).effects).toEqual([{ participant: "Bo", changes: { breath: { from: 9, to: 7 } } }]);
    expect(resolve("round", request("up"), []).effects).toEqual([{ participant: "Bo", changes: { breath: { from: 9, to: 6 } } }]);
  });
});

describe("every action and house option says what it does", () => {
  it("RULINGS: the ruleset calls its game Beyond the Torchlight", () => {
    expect(torchlightRules.game).toBe("Beyond the Torchlight");
  });

  it("each action has a summary in words", () => {
    for (const [name, action] of Object.entries(torchlightRules.actions)) expect(action.summary, name).toMatch(/^\S+( \S+){4,}/);
  });

  it("each house option has a summary in words; a cell holds one of a side by default", () => {
    for (const [name, option] of Object.entries(torchlightOptions)) expect(option.summary, name).toMatch(/^\S+( \S+){4,}/);
    expect(readOptions(undefined)).toEqual({ breathOrder: "dealt", enhancedAddsD4: false, protectRounding: "down", diagonalAdjacency: true, cellCapacity: 1 });
  });
});
