import { describe, expect, it } from "vitest";
import { combatant, refusalOf, resolve } from "./helpers.js";

// What each action awaits, offers and reports, read whole: a choice the outcome carries but no
// test read is a rule that can change unseen.

const orc = { name: "Orc", stance: "steadied" };

describe("seed 004 §Maneuvers and §Precision Strike: what the attack awaits and offers", () => {
  it("seed 004 §Precision Strike: a Maneuver already bought with Breath is not offered again on the Precision Strike", () => {
    const attack = { attacker: { name: "Riddic", weaponDie: 10, breath: 2 }, target: orc, maneuver: { name: "trip", payWith: "breath" } };
    expect(resolve("attack", attack, [10]).awaiting).toEqual({ choice: "precision", by: "attacker", offer: { options: ["extra-die", "disarm", "distract", "evade", "goad", "hide", "parry", "push"] } });
    // Without the Trip declared it is there, last.
    expect(resolve("attack", { ...attack, maneuver: undefined }, [10]).awaiting?.offer).toEqual({ options: ["extra-die", "disarm", "distract", "evade", "goad", "hide", "parry", "push", "trip"] });
  });

  it("seed 004 §Feint: a die below its maximum awaits the Feint choice, reporting the die and no Precision Strike", () => {
    const waiting = resolve("attack", { attacker: { name: "Ines", weaponDie: 8, breath: 1 }, target: orc }, [7]);
    expect(waiting.result).toStrictEqual({ precisionStrike: false, die: 7 });
    expect(waiting.awaiting).toEqual({ choice: "feint", by: "attacker", offer: { options: ["reroll", "keep"], die: 7, sides: 8 } });
  });

  it("seed 004 §Feint: a Precision Strike with no Feint chosen reports no Feint left unpaid", () => {
    const outcome = resolve("attack", { attacker: { name: "Ines", weaponDie: 8, breath: 1 }, target: orc, precision: "extra-die" }, [8, 3]);
    expect(outcome.steps).toEqual([
      { rule: "edges", enhanced: 0, impaired: 0, net: 0, why: [] },
      { rule: "damage-die", member: "Ines", sides: 8, faces: [8], kept: 8, precisionStrike: true, extraDie: 3, total: 11 },
    ]);
  });

  it("seed 004 §Squads, §Combat Stances: a Squad mate whose stance adds nothing to her attack shows no stance bonus", () => {
    const squad = {
      attacker: { name: "Bandit #1", weaponDie: 6, stance: "aggressive" },
      squadMates: [
        { name: "Bandit #2", weaponDie: 6, stance: "steadied" },
        { name: "Bandit #3", weaponDie: 6, stance: "on-guard" },
      ],
      target: orc,
      situation: { impairments: 1 },
    };
    const outcome = resolve("attack", squad, [3, 4, 5]);
    expect(outcome.steps.filter((s) => s.rule === "stance-bonus")).toEqual([{ rule: "stance-bonus", stance: "aggressive", bonus: 2 }]);
  });

  const pushers = (mates: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
    attacker: { name: "Bandit #1", weaponDie: 6 },
    squadMates: mates.map((m, i) => ({ name: `Bandit #${i + 2}`, weaponDie: 6, ...m })),
    target: { name: "Ines", stance: "steadied" },
    // One Impairment cancels the Squad's Enhancement: one die each.
    situation: { impairments: 1 },
    ...extra,
  });

  it("seed 004 §Push: a Squad mate's Push awaiting its direction reports the Squad's damage so far", () => {
    const waiting = resolve("attack", pushers([{ precision: "push" }, {}]), [2, 6, 3]);
    expect(waiting.result).toStrictEqual({ precisionStrike: false, damage: 6 });
    expect(waiting.awaiting).toEqual({ choice: "squadMates.0.push", by: "squadMates.0", offer: { directions: ["lane-up", "lane-down", "forward", "back"] } });
  });

  it("seed 004 §Push: the lead's Push lands where it sends the target though a Squad mate takes another Maneuver", () => {
    const outcome = resolve("attack", pushers([{ precision: "distract" }, {}], { precision: "push", push: "back" }), [6, 6, 3]);
    expect(outcome.result).toMatchObject({ pushedTo: { stance: "on-guard" } });
  });
});

describe("seed 004 §Initiative, §Movement: placing and moving report what moved and change no track", () => {
  it("seed 004 §Initiative: one overflowing to the next lane in the stance she wished is marked overflowed", () => {
    const outcome = resolve("place", { grid: [{ name: "Bandit #1", side: "bandits", lane: 3, stance: "aggressive" }], newcomers: [{ name: "Bandit #2", side: "bandits", wish: { lane: 3, stance: "aggressive" } }] }, []);
    expect(outcome).toEqual({
      dice: [],
      steps: [{ rule: "place", participant: "Bandit #2", wish: { lane: 3, stance: "aggressive" }, lane: 2, stance: "aggressive", overflow: true }],
      result: { placed: { "Bandit #2": { lane: 2, stance: "aggressive" } } },
      effects: [],
    });
  });

  it("seed 004 §Initiative: one overflowing to another stance of the lane she wished is marked overflowed", () => {
    // One lane only: no other lane to overflow to, so the wished lane's first free stance.
    const outcome = resolve("place", { lanes: [{ level: 0 }], grid: [{ name: "Bandit #1", side: "bandits", lane: 1, stance: "steadied" }], newcomers: [{ name: "Bandit #2", side: "bandits", wish: { lane: 1, stance: "steadied" } }] }, []);
    expect(outcome.steps).toEqual([{ rule: "place", participant: "Bandit #2", wish: { lane: 1, stance: "steadied" }, lane: 1, stance: "aggressive", overflow: true }]);
  });

  it("seed 004 §Round 1: Riddic moves forward to an Aggressive stance in his own lane; staying where he stands is no move", () => {
    const grid = [{ name: "Riddic", side: "party", lane: 4, stance: "steadied" }];
    expect(resolve("move", { grid, by: "Riddic", to: { lane: 4, stance: "aggressive" } }, []).result).toEqual({ moved: "Riddic", from: { lane: 4, stance: "steadied" }, to: { lane: 4, stance: "aggressive" }, level: 0, engaged: false });
    expect(refusalOf(() => resolve("move", { grid, by: "Riddic", to: { lane: 4, stance: "steadied" } }, []))).toBe("move-nowhere");
  });

  it("seed 004 §Movement: coming down from the balcony is a climb of -1; the move changes no track", () => {
    const outcome = resolve("move", { grid: [{ name: "Breyer", side: "party", lane: 1, stance: "rearguard" }], lanes: [{ level: 1 }, { level: 0 }, { level: 0 }], by: "Breyer", to: { lane: 2, stance: "rearguard" } }, []);
    expect(outcome).toEqual({
      dice: [],
      steps: [{ rule: "move", participant: "Breyer", from: { lane: 1, stance: "rearguard" }, to: { lane: 2, stance: "rearguard" }, climb: -1 }],
      result: { moved: "Breyer", from: { lane: 1, stance: "rearguard" }, to: { lane: 2, stance: "rearguard" }, level: 0, engaged: false },
      effects: [],
    });
  });
});

describe("seed 004 §Combat Stances, On Guard: Protect Companion, each protector absorbing her own attack", () => {
  it("two On Guard companions protecting Ana absorb her two attacks, the larger first: neither takes the other's", () => {
    const at = (name: string, side: string, lane: number, stance = "steadied") => combatant(name, 4, {}, { side, lane, stance });
    const combatants = [at("Ana", "party", 2), at("Bo", "party", 3, "on-guard"), at("Cy", "party", 1, "on-guard"), at("Orc", "foes", 2, "aggressive")];
    const hits = [
      { target: "Ana", amount: 5, from: "Orc" },
      { target: "Ana", amount: 9, from: "Orc" },
    ];
    const outcome = resolve("round", { combatants, hits, protect: [{ by: "Bo", companion: "Ana" }, { by: "Cy", companion: "Ana" }] }, []);
    expect(outcome.steps.filter((s) => s.rule === "protect-companion")).toEqual([
      { rule: "protect-companion", hit: 0, attack: 5, taken: 2 },
      { rule: "protect-companion", hit: 1, attack: 9, taken: 4 },
    ]);
  });
});

describe("RULINGS, Breath at the round's end (house option breathOrder owner): an order of several hits", () => {
  it("an order naming two hits, comma-separated, puts them to her Breath in that order", () => {
    const elsa = combatant("Elsa", 3, {}, { id: "c0" });
    const hits = [
      { target: "Elsa", amount: 2, damageType: "physical" },
      { target: "Elsa", amount: 3, damageType: "fire" },
      { target: "Elsa", amount: 2, damageType: "physical" },
    ];
    // A sword, then the torch: Breath 3 takes the sword's 2 and 1 of the torch; Wil loses 2, then Str the last sword's 2.
    const outcome = resolve("round", { combatants: [elsa], hits, breathOrder: { c0: "0,1" }, options: { breathOrder: "owner" } }, []);
    expect(outcome.awaiting?.choice).toBe("saves.c0");
    expect(outcome.steps.filter((s) => s.rule === "damage").map((s) => [s.characteristic, s.toBreath, s.toCharacteristic])).toEqual([
      ["str", 2, 2],
      ["wil", 1, 2],
    ]);
  });

  it("a hit dealt by no one named shows on its step with no one named", () => {
    const outcome = resolve("round", { combatants: [combatant("Elsa", 3, {}, { id: "c0" })], hits: [{ target: "Elsa", amount: 2 }] }, []);
    expect(outcome.steps.find((s) => s.rule === "breath-meets")).toStrictEqual({ rule: "breath-meets", participant: "Elsa", hit: 0, amount: 2, damageType: "physical", characteristic: "str", toBreath: 2, toCharacteristic: 0, breathLeft: 1 });
  });

  it("the hits she has put first are spent on her Breath before the next is asked: a torch that empties it leaves nothing to order", () => {
    const elsa = combatant("Elsa", 3, {}, { id: "c0" });
    const hits = [
      { target: "Elsa", amount: 2, damageType: "physical" },
      { target: "Elsa", amount: 3, damageType: "fire" },
      { target: "Elsa", amount: 2, damageType: "lightning" },
    ];
    const owner = { combatants: [elsa], hits, options: { breathOrder: "owner" } };
    // The torch first: Breath 3 is gone, so the sword and the lightning need no order: her saves are next.
    expect(resolve("round", { ...owner, breathOrder: { c0: "1" } }, []).awaiting?.choice).toBe("saves.c0");
    // The sword first leaves 1 Breath and two kinds of hit: the next is asked for.
    expect(resolve("round", { ...owner, breathOrder: { c0: "0" } }, []).awaiting?.offer).toMatchObject({ chosen: [0], options: ["0,1", "0,2"] });
  });

  it("her order names only the hits on her: a hit on another is refused", () => {
    const combatants = [combatant("Elsa", 3, {}, { id: "c0" }), combatant("Bo", 3, {}, { id: "c1" })];
    const hits = [
      { target: "Bo", amount: 2, damageType: "physical" },
      { target: "Elsa", amount: 2, damageType: "physical" },
      { target: "Elsa", amount: 3, damageType: "fire" },
    ];
    expect(refusalOf(() => resolve("round", { combatants, hits, breathOrder: { c0: "0" }, options: { breathOrder: "owner" } }, []))).toBe("bad-breath-order");
    expect(resolve("round", { combatants, hits, breathOrder: { c0: "1" }, options: { breathOrder: "owner" } }, []).awaiting?.choice).toBe("saves.c0");
  });
});
