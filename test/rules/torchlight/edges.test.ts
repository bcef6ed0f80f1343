import { describe, expect, it } from "vitest";
import { isClosestInLane, isEngaged, mayRetreat, nearestEngagedEnemy, type Placement } from "../../../src/rules/torchlight/grid.js";
import { compulsionBroken } from "../../../src/rules/torchlight/compulsions.js";
import { combatant, refusalOf, resolve } from "./helpers.js";

// Issue 23: the edges of the torchlight rules where Fray departed from the seed as RULINGS reads it.
// Each of these failed on main before the fix; the commits say which.

const cell = (name: string, side: string, lane: number, stance: Placement["stance"], extra: Partial<Placement> = {}): Placement => ({ name, side, lane, stance, ...extra });
const sword = { name: "Ines", weaponDie: 8 };

describe("seed 004 §Attacking: no melee from the Rearguard, grid or no grid", () => {
  it("a melee or reach attack from the Rearguard is refused with no grid position given; a ranged one is not", () => {
    expect(refusalOf(() => resolve("attack", { attacker: { ...sword, stance: "rearguard" }, target: { name: "Orc" } }, []))).toBe("no-melee-from-rearguard");
    expect(refusalOf(() => resolve("attack", { attacker: { ...sword, stance: "rearguard", weapon: "reach" }, target: { name: "Orc" } }, []))).toBe("no-melee-from-rearguard");
    expect(resolve("attack", { attacker: { ...sword, stance: "rearguard", weapon: "ranged" }, target: { name: "Orc" } }, [3]).result).toMatchObject({ damage: 3, melee: false });
  });

  it("a Squad mate in the Rearguard swinging a melee weapon is refused too; one shooting is not", () => {
    const squad = (weapon: string) => ({ attacker: { name: "Gob 1", weaponDie: 4 }, squadMates: [{ name: "Gob 2", weaponDie: 4 }, { name: "Gob 3", weaponDie: 4, stance: "rearguard", weapon }], target: { name: "Ines" } });
    expect(refusalOf(() => resolve("attack", squad("melee"), []))).toBe("no-melee-from-rearguard");
    expect(resolve("attack", squad("ranged"), [1, 1, 1, 1, 2, 1]).result).toMatchObject({ damage: 2, squadMember: "Gob 3" });
  });
});

describe("seed 004 §Squads (RULINGS): each member her own stance and her own Precision Strike choice", () => {
  const bandits = (mates: Record<string, unknown>[] = [{}, {}]) => ({
    attacker: { name: "Bandit #1", weaponDie: 6, stance: "aggressive" },
    squadMates: mates.map((m, i) => ({ name: `Bandit #${i + 2}`, weaponDie: 6, stance: "aggressive", ...m })),
    target: { name: "Ines", stance: "steadied" },
    // One Impairment cancels the Squad's Enhancement: one die each.
    situation: { impairments: 1 },
  });

  it("three Aggressive bandits each add their +2: the best of 3, 4 and 5 is 7", () => {
    const outcome = resolve("attack", bandits(), [3, 4, 5]);
    expect(outcome.result).toMatchObject({ damage: 7, squadMember: "Bandit #3" });
    expect(outcome.steps.filter((s) => s.rule === "stance-bonus")).toEqual([
      { rule: "stance-bonus", stance: "aggressive", bonus: 2 },
      { rule: "stance-bonus", member: "Bandit #2", stance: "aggressive", bonus: 2 },
      { rule: "stance-bonus", member: "Bandit #3", stance: "aggressive", bonus: 2 },
    ]);
    // A mate given no stance stands Steadied: no bonus.
    expect(resolve("attack", bandits([{ stance: undefined }, { stance: "on-guard" }]), [3, 4, 5]).result).toMatchObject({ damage: 5, squadMember: "Bandit #1" });
  });

  it("a mate's Precision Strike waits for her own choice, offered what her weapon allows", () => {
    const waiting = resolve("attack", bandits([{}, { weapon: "ranged" }]), [2, 3, 6]);
    expect(waiting.awaiting).toEqual({ choice: "squadMates.1.precision", by: "squadMates.1", offer: { options: ["extra-die", "disarm", "distract", "evade", "goad", "hide"] } });
    expect(waiting.result).toEqual({ precisionStrike: true, die: 6, member: "Bandit #3" });
    expect(waiting.effects).toEqual([]);
  });

  it("a mate's extra die adds to her own total; a Maneuver in its place marks the target (or herself) and is listed as hers", () => {
    const extra = resolve("attack", bandits([{}, { precision: "extra-die" }]), [2, 3, 6, 4]);
    expect(extra.result).toMatchObject({ damage: 12, squadMember: "Bandit #3", precisionStrike: true });
    const distract = resolve("attack", bandits([{ precision: "evade" }, { precision: "distract" }]), [2, 6, 6]);
    expect(distract.result).toMatchObject({
      damage: 8,
      squadMember: "Bandit #2",
      maneuvers: [
        { name: "evade", paidWith: "precision", success: true, by: "Bandit #2" },
        { name: "distract", paidWith: "precision", success: true, by: "Bandit #3" },
      ],
    });
    expect(distract.effects).toEqual([
      { participant: "Bandit #2", changes: {}, statuses: ["evading"] },
      { participant: "Ines", changes: {}, statuses: ["distracted"] },
    ]);
  });

  it("seed 004 §Squads (\"all attackers roll their damage dice\"): every die is down before the lead chooses on her Precision Strike, then each mate in order", () => {
    // The lead's 6 and Bandit #2's 6 are both Precision Strikes; Bandit #3 shows 3. All three are rolled before anyone is asked.
    const asked = resolve("attack", bandits(), [6, 6, 3]);
    expect(asked.awaiting).toMatchObject({ choice: "precision", by: "attacker" });
    expect(asked.dice.map((die) => die.label)).toEqual(["Bandit #1 damage die", "Bandit #2 damage die", "Bandit #3 damage die"]);
    expect(asked.steps.filter((step) => step.rule === "damage-die").map((step) => step.member)).toEqual(["Bandit #1", "Bandit #2", "Bandit #3"]);
    // The lead takes her extra die (2); then Bandit #2 is asked, with no die rolled between.
    const next = resolve("attack", { ...bandits(), precision: "extra-die" }, [6, 6, 3, 2]);
    expect(next.awaiting).toMatchObject({ choice: "squadMates.0.precision", by: "squadMates.0" });
    expect(next.dice.map((die) => die.label)).toEqual(["Bandit #1 damage die", "Bandit #2 damage die", "Bandit #3 damage die", "Bandit #1 precision strike die"]);
  });

  it("a mate's Push waits for her direction; her Grapple needs her own Dex and checks it", () => {
    const push = bandits([{ precision: "push" }, {}]);
    expect(resolve("attack", push, [2, 6, 3]).awaiting).toEqual({ choice: "squadMates.0.push", by: "squadMates.0", offer: { directions: ["lane-up", "lane-down", "forward", "back"] } });
    expect(resolve("attack", { ...push, squadMates: [{ ...push.squadMates[0], push: "back" }, push.squadMates[1]] }, [2, 6, 3]).result).toMatchObject({ pushedTo: { stance: "on-guard" } });
    expect(refusalOf(() => resolve("attack", bandits([{ precision: "grapple" }, {}]), [2, 6, 3]))).toBe("grapple-needs-dex");
    const held = resolve("attack", bandits([{ precision: "grapple", dex: 11 }, {}]), [2, 6, 3, 11]);
    expect(held.steps).toContainEqual({ rule: "grapple-check", roll: 11, dc: 11, success: true });
    expect(held.dice.at(-1)?.label).toBe("Bandit #2 grapple dex check");
    expect(refusalOf(() => resolve("attack", bandits([{ weapon: "ranged", precision: "trip" }, {}]), [2, 6, 3]))).toBe("maneuver-needs-melee");
  });
});

describe("seed 004 §Attacking, §Engaged (RULINGS): a ranged attacker is not Engaged and engages no one", () => {
  it("an enemy shooting from Breyer's lane does not stop his Retreat; one fighting hand to hand does", () => {
    const grid = (ranged: boolean) => [cell("Breyer", "party", 2, "rearguard"), cell("Bandit", "foes", 2, "steadied", { ranged })];
    expect(mayRetreat(grid(false), "Breyer")).toBe(false);
    expect(mayRetreat(grid(true), "Breyer")).toBe(true);
    expect(isEngaged(grid(true), "Bandit")).toBe(false);
    expect(resolve("retreat", { grid: grid(true), by: "Breyer", round: 2 }, []).result).toMatchObject({ retreated: "Breyer" });
    expect(resolve("engagement", { grid: grid(true) }, []).result).toEqual({ engaged: [], mayRetreat: ["Breyer"] });
  });

  it("a companion shooting from a closer stance pulls no engagement off the one behind her", () => {
    const grid = (ranged: boolean) => [cell("Tahula", "party", 5, "steadied", { ranged }), cell("Breyer", "party", 5, "rearguard"), cell("Bandit", "foes", 5, "aggressive")];
    expect(mayRetreat(grid(false), "Breyer")).toBe(true);
    expect(mayRetreat(grid(true), "Breyer")).toBe(false);
  });
});

describe("seed 004 §Combat Stances, Aggressive: Intimidation compels the nearest Engaged enemy", () => {
  it("a Rearguard sniper engages no one: alone in the lane, Intimidation is refused", () => {
    const grid = [cell("Riddic", "party", 1, "aggressive"), cell("Sniper", "foes", 1, "rearguard")];
    expect(nearestEngagedEnemy(grid, "Riddic")).toBeUndefined();
    expect(refusalOf(() => resolve("ability", { grid, by: "Riddic" }, []))).toBe("no-engaged-enemy");
  });

  it("an enemy shooting from the front is passed over for the one behind it who fights hand to hand", () => {
    const grid = [cell("Riddic", "party", 1, "aggressive"), cell("Archer", "foes", 1, "aggressive", { ranged: true }), cell("Brute", "foes", 1, "on-guard")];
    expect(resolve("ability", { grid, by: "Riddic" }, []).result).toEqual({ ability: "intimidation", intimidated: "Brute" });
  });
});

describe("seed 004 §Feint (RULINGS): chosen after the damage die is seen", () => {
  const feinter = { name: "Ines", weaponDie: 8, breath: 2 };

  it("a die below its maximum waits for the Feint choice; a reroll costs 1 Breath and keeps the higher, keeping the die costs nothing", () => {
    const waiting = resolve("attack", { attacker: feinter, target: { name: "Orc" } }, [3]);
    expect(waiting.awaiting).toEqual({ choice: "feint", by: "attacker", offer: { options: ["reroll", "keep"], die: 3, sides: 8 } });
    expect(waiting.steps.at(-1)).toEqual({ rule: "damage-die", member: "Ines", sides: 8, faces: [3], kept: 3, precisionStrike: false });
    const rerolled = resolve("attack", { attacker: feinter, target: { name: "Orc" }, feint: "reroll" }, [3, 6]);
    expect(rerolled.result).toMatchObject({ damage: 6, maneuvers: [{ name: "feint", paidWith: "breath", success: true }] });
    expect(rerolled.effects).toEqual([{ participant: "Ines", changes: { breath: { from: 2, to: 1 } } }]);
    const kept = resolve("attack", { attacker: feinter, target: { name: "Orc" }, feint: "keep" }, [3]);
    expect(kept.result).toEqual({ damage: 3, received: 3, precisionStrike: false, damageType: "physical", melee: true });
    expect(kept.effects).toEqual([]);
  });

  it("a die at its maximum spends no Breath on a Feint chosen in advance, and rolls no reroll", () => {
    const outcome = resolve("attack", { attacker: feinter, target: { name: "Orc" }, maneuver: { name: "feint", payWith: "breath" }, precision: "extra-die" }, [8, 2]);
    expect(outcome.steps).toContainEqual({ rule: "feint-not-needed", die: 8 });
    expect(outcome.dice.map((d) => d.label)).toEqual(["Ines damage die", "Ines precision strike die"]);
    expect(outcome.result).toMatchObject({ damage: 10 });
    expect(outcome.result).not.toHaveProperty("maneuvers");
    expect(outcome.effects).toEqual([]);
  });

  it("no Feint is offered with a ranged weapon, without Breath, or with the Breath spent on another Maneuver; one chosen without them is refused", () => {
    expect(resolve("attack", { attacker: { ...feinter, weapon: "ranged" }, target: { name: "Orc" } }, [3]).awaiting).toBeUndefined();
    expect(resolve("attack", { attacker: { ...feinter, breath: 0 }, target: { name: "Orc" } }, [3]).awaiting).toBeUndefined();
    expect(resolve("attack", { attacker: sword, target: { name: "Orc" } }, [3]).awaiting).toBeUndefined();
    expect(resolve("attack", { attacker: { ...feinter, breath: 1 }, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "breath" } }, [3]).awaiting).toBeUndefined();
    expect(resolve("attack", { attacker: feinter, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "breath" } }, [3]).awaiting?.choice).toBe("feint");
    expect(refusalOf(() => resolve("attack", { attacker: { ...feinter, breath: 1 }, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "breath" }, feint: "reroll" }, []))).toBe("no-breath-for-maneuver");
    expect(refusalOf(() => resolve("attack", { attacker: { ...feinter, weapon: "ranged" }, target: { name: "Orc" }, feint: "reroll" }, []))).toBe("maneuver-needs-melee");
  });

  it("a Feint and a Maneuver bought with Breath cost 1 Breath each", () => {
    const outcome = resolve("attack", { attacker: feinter, target: { name: "Orc" }, maneuver: { name: "trip", payWith: "breath" }, feint: "reroll" }, [3, 5]);
    expect(outcome.result).toMatchObject({ damage: 5, maneuvers: [{ name: "trip" }, { name: "feint" }] });
    expect(outcome.effects[0]).toEqual({ participant: "Ines", changes: { breath: { from: 2, to: 0 } } });
  });
});

describe("seed 004 §Grapple (RULINGS): after an attack, never alone", () => {
  it("Grapple on its own is refused; with an attack it is offered and bought", () => {
    expect(refusalOf(() => resolve("maneuver", { actor: { name: "Ines", breath: 2, dex: 12 }, maneuver: "grapple", target: { name: "Orc" } }, []))).toBe("grapple-needs-attack");
    const grappled = resolve("attack", { attacker: { ...sword, breath: 1, dex: 12 }, target: { name: "Orc" }, maneuver: { name: "grapple", payWith: "breath" } }, [4, 12]);
    expect(grappled.effects).toEqual([
      { participant: "Ines", changes: { breath: { from: 1, to: 0 } } },
      { participant: "Orc", changes: {}, statuses: ["grappled"] },
    ]);
  });
});

describe("seed 004 §Combat Stances, Steadied: Rally stops at each companion's maximum", () => {
  it("a Rally reaching a companion whose maximum Breath is not given is refused, naming her; given, it is capped there", () => {
    const at = (name: string, lane: number, extra: Record<string, unknown> = {}) => combatant(name, 1, {}, { side: "party", lane, stance: "steadied", ...extra });
    const refused = () => resolve("round", { combatants: [at("Elsa", 3), at("Tahula", 4)], hits: [], rally: { by: "Elsa" } }, [4]);
    expect(refusalOf(refused)).toBe("rally-needs-max-breath");
    expect(() => refused()).toThrow(/\(Tahula\)/);
    const capped = resolve("round", { combatants: [at("Elsa", 3), at("Tahula", 4, { maxBreath: 3 })], hits: [], rally: { by: "Elsa" } }, [4]);
    expect(capped.effects).toEqual([{ participant: "Tahula", changes: { breath: { from: 1, to: 3 } } }]);
  });
});

describe("seed 004 §Attacking: a reach weapon reaches the closest character in one adjacent lane", () => {
  const grid = [cell("Ines", "party", 3, "steadied"), cell("Front", "foes", 4, "steadied"), cell("Back", "foes", 4, "on-guard"), cell("Down", "foes", 4, "aggressive", { incapacitated: true })];

  it("the closest is the one no standing companion stands in front of; a fallen one in front blocks no one", () => {
    expect(isClosestInLane(grid, "Front")).toBe(true);
    expect(isClosestInLane(grid, "Back")).toBe(false);
    expect(isClosestInLane(grid, "Down")).toBe(true);
  });

  it("an attack or a Maneuver at one behind the closest is refused; at the closest it is made", () => {
    const attack = (targetClosest: boolean | undefined) => ({ attacker: { ...sword, weapon: "reach" }, target: { name: "Back" }, position: { attackerLane: 3, targetLane: 4, attackerEngaged: false, ...(targetClosest === undefined ? {} : { targetClosest }) } });
    expect(refusalOf(() => resolve("attack", attack(false), []))).toBe("reach-not-closest");
    expect(() => resolve("attack", attack(undefined), [])).toThrow(/give position.targetClosest/);
    expect(resolve("attack", attack(true), [5]).result).toMatchObject({ damage: 5 });
    const trip = (targetClosest: boolean) => ({ actor: { name: "Ines", breath: 1, weapon: "reach" }, maneuver: "trip", target: { name: "Back" }, position: { actorLane: 3, targetLane: 4, targetClosest } });
    expect(refusalOf(() => resolve("maneuver", trip(false), []))).toBe("reach-not-closest");
    expect(resolve("maneuver", trip(true), []).result).toMatchObject({ success: true });
    // In her own lane a reach weapon reaches anyone, as any melee weapon does.
    expect(resolve("attack", { ...attack(false), position: { attackerLane: 4, targetLane: 4, attackerEngaged: true, targetClosest: false } }, [5]).result).toMatchObject({ damage: 5 });
  });
});

describe("seed 004 §Damage, RULINGS Breath at the round's end: hits meet Breath in the order dealt", () => {
  // Breath 3; a sword 2, a torch 3 (fire), a sword 2.
  const hits = [
    { target: "Elsa", amount: 2, from: "A" },
    { target: "Elsa", amount: 3, damageType: "fire", from: "B" },
    { target: "Elsa", amount: 2, from: "C" },
  ];
  const elsa = combatant("Elsa", 3, { str: 11, wil: 10 }, { id: "c0" });

  it("each hit takes what Breath is left, in order: Str loses 2 and Wil 2 (not Str 1 and Wil 3, as totals per Characteristic would)", () => {
    const outcome = resolve("round", { combatants: [elsa], hits, saves: { c0: true } }, [15, 15]);
    expect(outcome.steps.filter((s) => s.rule === "breath-meets")).toEqual([
      { rule: "breath-meets", participant: "Elsa", hit: 0, from: "A", amount: 2, damageType: "physical", characteristic: "str", toBreath: 2, toCharacteristic: 0, breathLeft: 1 },
      { rule: "breath-meets", participant: "Elsa", hit: 1, from: "B", amount: 3, damageType: "fire", characteristic: "wil", toBreath: 1, toCharacteristic: 2, breathLeft: 0 },
      { rule: "breath-meets", participant: "Elsa", hit: 2, from: "C", amount: 2, damageType: "physical", characteristic: "str", toBreath: 0, toCharacteristic: 2, breathLeft: 0 },
    ]);
    expect(outcome.steps.filter((s) => s.rule === "damage")).toEqual([
      { rule: "damage", participant: "Elsa", characteristic: "str", total: 4, toBreath: 2, toCharacteristic: 2 },
      { rule: "damage", participant: "Elsa", characteristic: "wil", total: 3, toBreath: 1, toCharacteristic: 2 },
    ]);
    // Saves in the order the Characteristics lost points: Wil first.
    expect(outcome.steps.filter((s) => s.rule === "damage-save").map((s) => s.characteristic)).toEqual(["wil", "str"]);
  });

  it("house default breathOrder owner: her owner puts the hits to her Breath one at a time while the order still matters", () => {
    const owner = { combatants: [elsa], hits, options: { breathOrder: "owner" } };
    const first = resolve("round", owner, []);
    expect(first.awaiting).toEqual({
      choice: "breathOrder.c0",
      by: "c0",
      offer: {
        chosen: [],
        hits: [
          { hit: 0, amount: 2, damageType: "physical" },
          { hit: 1, amount: 3, damageType: "fire" },
          { hit: 2, amount: 2, damageType: "physical" },
        ],
        options: ["0", "1", "2"],
      },
    });
    expect(first.result).toEqual({ resolved: false, breathOrderOf: "Elsa" });
    // The torch first: Breath is gone after it, so the rest need no order; the swords take 4 off Str.
    const torch = resolve("round", { ...owner, breathOrder: { c0: "1" }, saves: { c0: true } }, [15]);
    expect(torch.steps.filter((s) => s.rule === "damage").map((s) => [s.characteristic, s.toBreath, s.toCharacteristic])).toEqual([
      ["wil", 3, 0],
      ["str", 0, 4],
    ]);
    // A sword first leaves 1 Breath and both kinds of hit: the next is asked for.
    expect(resolve("round", { ...owner, breathOrder: { c0: "0" } }, []).awaiting?.offer).toEqual({
      chosen: [0],
      hits: [
        { hit: 1, amount: 3, damageType: "fire" },
        { hit: 2, amount: 2, damageType: "physical" },
      ],
      options: ["0,1", "0,2"],
    });
  });

  it("no order is asked of one whose hits are all of one Characteristic, who has no Breath, or who is down; a bad order is refused", () => {
    const swords = [hits[0]!, hits[2]!];
    expect(resolve("round", { combatants: [elsa], hits: swords, options: { breathOrder: "owner" } }, []).awaiting?.choice).toBe("saves.c0");
    expect(resolve("round", { combatants: [{ ...elsa, breath: 0 }], hits, options: { breathOrder: "owner" } }, []).awaiting?.choice).toBe("saves.c0");
    expect(resolve("round", { combatants: [{ ...elsa, incapacitated: true }], hits, options: { breathOrder: "owner" } }, []).awaiting).toBeUndefined();
    expect(refusalOf(() => resolve("round", { combatants: [elsa], hits, options: { breathOrder: "owner" }, breathOrder: { c0: "1,1" } }, []))).toBe("bad-breath-order");
    expect(refusalOf(() => resolve("round", { combatants: [elsa], hits, options: { breathOrder: "owner" }, breathOrder: { c0: "5" } }, []))).toBe("bad-breath-order");
    expect(refusalOf(() => resolve("round", { combatants: [elsa], hits, breathOrder: { c0: "1" } }, []))).toBe("bad-breath-order");
  });
});

describe("the compulsions of Intimidation, Goad and Parry", () => {
  const orc = { name: "Orc", weaponDie: 6 };

  it("seed 004 §Parry: the Parried enemy's attack next round is a melee attack on the parrier", () => {
    const compelled = [{ kind: "parry", by: "Ines" }];
    expect(refusalOf(() => resolve("attack", { attacker: orc, target: { name: "Elsa" }, compelled }, []))).toBe("compelled");
    expect(() => resolve("attack", { attacker: orc, target: { name: "Elsa" }, compelled }, [])).toThrow(/Orc owes a melee attack on Ines \(parry\)/);
    expect(refusalOf(() => resolve("attack", { attacker: { ...orc, weapon: "ranged" }, target: { name: "Ines" }, compelled }, []))).toBe("compelled");
    expect(resolve("attack", { attacker: orc, target: { name: "Ines" }, compelled }, [4]).result).toMatchObject({ damage: 4 });
  });

  it("seed 004 §Goad: the Goaded target attacks the goader; bound by two who differ, it may obey either", () => {
    expect(refusalOf(() => resolve("attack", { attacker: { ...orc, weapon: "ranged" }, target: { name: "Elsa" }, compelled: [{ kind: "goad", by: "Ines" }] }, []))).toBe("compelled");
    expect(resolve("attack", { attacker: { ...orc, weapon: "ranged" }, target: { name: "Ines" }, compelled: [{ kind: "goad", by: "Ines" }] }, [2]).result).toMatchObject({ damage: 2 });
    const both = [
      { kind: "goad", by: "Ines" },
      { kind: "parry", by: "Bo" },
    ] as const;
    expect(compulsionBroken(both, { target: "Ines", melee: false })).toBeUndefined();
    expect(compulsionBroken(both, { target: "Bo", melee: true })).toBeUndefined();
    expect(compulsionBroken(both, { target: "Bo", melee: false })).toBe("an attack on Ines (goad) or a melee attack on Bo (parry)");
  });

  it("seed 004 §Combat Stances, Aggressive: Intimidation sends the attack nowhere in particular, but the compelled must attack: no stance ability in its place but Protect Companion", () => {
    expect(resolve("attack", { attacker: orc, target: { name: "Elsa" }, compelled: [{ kind: "intimidation", by: "Riddic" }] }, [3]).result).toMatchObject({ damage: 3 });
    // Intimidation names no one to attack, so no attack breaks it; no compulsion at all, nothing either.
    expect(compulsionBroken([{ kind: "intimidation", by: "Riddic" }], { target: "Elsa", melee: false })).toBeUndefined();
    expect(compulsionBroken([], { target: "Elsa", melee: false })).toBeUndefined();
    const grid = [cell("Orc", "foes", 1, "steadied"), cell("Goblin", "foes", 2, "on-guard"), cell("Riddic", "party", 1, "aggressive")];
    expect(refusalOf(() => resolve("ability", { grid, by: "Orc", compelled: [{ kind: "intimidation", by: "Riddic" }] }, []))).toBe("compelled-to-attack");
    expect(resolve("ability", { grid: [...grid, cell("Wolf", "foes", 1, "on-guard")], by: "Wolf", target: "Orc", compelled: [{ kind: "goad", by: "Riddic" }] }, []).result).toEqual({ ability: "protect-companion", protects: "Orc" });
  });

  it("the cards that cause them say so: Intimidation's names its enemy, a Goad's and a Parry's their target", () => {
    const goad = resolve("maneuver", { actor: { name: "Ines", breath: 1 }, maneuver: "goad", target: { name: "Orc" } }, []);
    expect(goad.steps).toContainEqual({ rule: "compels", kind: "goad", by: "Ines", target: "Orc" });
    const parry = resolve("attack", { attacker: { ...sword, breath: 1 }, target: { name: "Orc" }, maneuver: { name: "parry", payWith: "breath" }, feint: "keep" }, [2]);
    expect(parry.steps).toContainEqual({ rule: "compels", kind: "parry", by: "Ines", target: "Orc" });
    expect(resolve("maneuver", { actor: { name: "Ines", breath: 1 }, maneuver: "evade" }, []).steps.some((s) => s.rule === "compels")).toBe(false);
  });
});

describe("seed 004 §Initiative: placement with overflow", () => {
  it("the newcomers are placed in order: each at its wished cell, else the next nearest lane, Aggressive first and moving back", () => {
    const wish = { lane: 3, stance: "steadied" };
    const outcome = resolve("place", { newcomers: ["Bandit #1", "Bandit #2", "Bandit #3"].map((name) => ({ name, side: "bandits", wish })) }, []);
    expect(outcome.result).toEqual({ placed: { "Bandit #1": { lane: 3, stance: "steadied" }, "Bandit #2": { lane: 2, stance: "aggressive" }, "Bandit #3": { lane: 2, stance: "steadied" } } });
    expect(outcome.steps[1]).toEqual({ rule: "place", participant: "Bandit #2", wish, lane: 2, stance: "aggressive", overflow: true });
    expect(outcome.steps[0]).toEqual({ rule: "place", participant: "Bandit #1", wish, lane: 3, stance: "steadied" });
  });

  it("the house default cellCapacity and the lanes' levels are read; a full grid leaves a newcomer out; one already placed is refused", () => {
    const grid = [cell("Riddic", "party", 1, "aggressive")];
    const two = resolve("place", { grid, newcomers: [{ name: "Elsa", side: "party", wish: { lane: 1, stance: "aggressive" } }], options: { cellCapacity: 2 } }, []);
    expect(two.result).toEqual({ placed: { Elsa: { lane: 1, stance: "aggressive" } } });
    const full = STANCE_CELLS.map((stance) => cell(stance, "party", 1, stance));
    const left = resolve("place", { grid: full, lanes: [{ level: 0 }], newcomers: [{ name: "Elsa", side: "party", wish: { lane: 1, stance: "steadied" } }] }, []);
    expect(left.result).toEqual({ placed: {}, unplaced: ["Elsa"] });
    expect(left.steps).toEqual([{ rule: "place", participant: "Elsa", wish: { lane: 1, stance: "steadied" }, full: true }]);
    expect(refusalOf(() => resolve("place", { grid, newcomers: [{ name: "Riddic", side: "party", wish: { lane: 2, stance: "steadied" } }] }, []))).toBe("already-placed");
  });
});

const STANCE_CELLS = ["aggressive", "steadied", "on-guard", "rearguard"] as const;

describe("seed 004 §Movement: lane movement and elevation", () => {
  // Lanes 1–2 the balcony (level 1), 3–6 the floor; lane 6 under cover.
  const lanes = [{ level: 1 }, { level: 1 }, { level: 0 }, { level: 0 }, { level: 0 }, { level: 0, edge: true }];
  const grid = [cell("Bandit #3", "bandits", 3, "steadied"), cell("Breyer", "party", 2, "rearguard"), cell("Elsa", "party", 4, "steadied")];

  it("seed 004 §Combat Example, round 1, turn 2: Bandit #3, in the lane next to the balcony, runs up onto it; from two lanes away he could not", () => {
    const up = resolve("move", { grid, lanes, by: "Bandit #3", to: { lane: 2, stance: "steadied" } }, []);
    // Breyer waits in the Rearguard up there, and the Rearguard engages no one.
    expect(up.result).toEqual({ moved: "Bandit #3", from: { lane: 3, stance: "steadied" }, to: { lane: 2, stance: "steadied" }, level: 1, engaged: false });
    expect(up.steps).toEqual([{ rule: "move", participant: "Bandit #3", from: { lane: 3, stance: "steadied" }, to: { lane: 2, stance: "steadied" }, climb: 1 }]);
    expect(refusalOf(() => resolve("move", { grid, lanes, by: "Elsa", to: { lane: 2, stance: "steadied" } }, []))).toBe("lane-out-of-reach");
    expect(refusalOf(() => resolve("move", { grid, lanes, by: "Elsa", to: { lane: 6, stance: "steadied" } }, []))).toBe("lane-out-of-reach");
  });

  it("on one level any lane and stance; the result says whether she is now Engaged", () => {
    const across = resolve("move", { grid, lanes, by: "Elsa", to: { lane: 3, stance: "aggressive" } }, []);
    expect(across.result).toMatchObject({ level: 0, engaged: true });
    expect(across.steps[0]).not.toHaveProperty("climb");
    expect(resolve("move", { grid, by: "Elsa", to: { lane: 1, stance: "rearguard" } }, []).result).toMatchObject({ level: 0, engaged: false });
  });

  it("one move a round; none while Grappled or the round after a Push; the Incapacitated drag themselves one position; a cell full or off the grid is refused", () => {
    const move = (extra: Record<string, unknown>, to = { lane: 5, stance: "steadied" }, who = "Elsa", on = grid) => () => resolve("move", { grid: on, lanes, by: who, to, ...extra }, []);
    expect(refusalOf(move({ movedThisRound: true }))).toBe("moved-this-round");
    expect(refusalOf(move({ grappled: true }))).toBe("move-grappled");
    expect(refusalOf(move({ pushed: true }))).toBe("move-pushed");
    expect(refusalOf(move({}, { lane: 7, stance: "steadied" }))).toBe("off-grid");
    expect(refusalOf(move({}, { lane: 4, stance: "steadied" }))).toBe("move-nowhere");
    expect(refusalOf(move({}, { lane: 3, stance: "steadied" }, "Breyer", [...grid, cell("Tahula", "party", 3, "steadied")]))).toBe("cell-full");
    const down = [cell("Elsa", "party", 4, "steadied", { incapacitated: true })];
    expect(resolve("move", { grid: down, lanes, by: "Elsa", to: { lane: 5, stance: "steadied" } }, []).result).toMatchObject({ moved: "Elsa" });
    expect(refusalOf(move({}, { lane: 5, stance: "on-guard" }, "Elsa", down))).toBe("drags-one-position");
    expect(refusalOf(() => resolve("move", { grid, by: "Ghost", to: { lane: 1, stance: "steadied" } }, []))).toBe("needs-position");
  });
});
