import { describe, expect, it } from "vitest";
import { rest, vitalsFrom } from "../../../src/rules/personal/combatant.js";
import { RuleError } from "../../../src/core/ruleError.js";
import { PersonalRefusal } from "../../../src/rules/personal/refusal.js";
import { run, attacker, refusalCodes, target } from "./helpers.js";

// Every rule statement of seed 003 (its sections have no worked examples with dice), with
// numeric edge cases chosen by hand.

/** A declared turn as the rules read it: valid, or the codes of the rules it breaks. */
function checkTurn(request: Record<string, unknown>): { valid: boolean; problems: readonly string[] } {
  try {
    run("turn", request);
    return { valid: true, problems: [] };
  } catch (error) {
    if (error instanceof PersonalRefusal) return { valid: false, problems: error.codes };
    throw error;
  }
}

describe("seed 003 §Initiative", () => {
  const order = (request: Record<string, unknown>, faces: number[] = []) =>
    (run("initiative", request, faces).result as { order: Array<{ name: string; score: number }> }).order;

  it("seed 003 §Initiative: combatants act in descending order of Initiative score", () => {
    const result = order({ pcs: [{ name: "Low", rank: 1 }, { name: "High", rank: 1 }], npcs: [{ name: "Mid", rank: 2 }] }, [2, 6]);
    expect(result).toEqual([
      { name: "High", score: 7, pc: true },
      { name: "Mid", score: 5, pc: false },
      { name: "Low", score: 3, pc: true },
    ]);
  });

  it("seed 003 §Initiative: players roll 1D (house default d6) and add their Initiative rank", () => {
    const outcome = run("initiative", { pcs: [{ name: "Ines", rank: 3 }], npcs: [] }, [5]);
    expect(outcome.dice).toEqual([{ label: "initiative Ines", sides: 6, face: 5 }]);
    expect(outcome.result).toMatchObject({ order: [{ name: "Ines", score: 8 }] });
  });

  it("seed 003 §Initiative: the initiative die is the house option initiativeDie", () => {
    const outcome = run("initiative", { pcs: [{ name: "Ines", rank: 0 }], npcs: [], options: { initiativeDie: 10 } }, [9]);
    expect(outcome.dice[0]?.sides).toBe(10);
    expect(outcome.result).toMatchObject({ order: [{ score: 9 }] });
  });

  it("seed 003 §Initiative: NPCs do not roll; they add +3 to their rank", () => {
    const outcome = run("initiative", { pcs: [], npcs: [{ name: "Guard", rank: 4 }] });
    expect(outcome.dice).toEqual([]);
    expect(outcome.result).toMatchObject({ order: [{ name: "Guard", score: 7 }] });
  });

  it("seed 003 §Initiative: a major NPC adds +6 instead", () => {
    expect(order({ pcs: [], npcs: [{ name: "Boss", rank: 4, major: true }] })).toEqual([{ name: "Boss", score: 10, pc: false }]);
  });

  it("seed 003 §Initiative: PCs win ties against NPCs", () => {
    // Guard listed first and scoring 7 like Ines (face 4 + rank 3): Ines still goes first.
    const result = order({ npcs: [{ name: "Guard", rank: 4 }], pcs: [{ name: "Ines", rank: 3 }] }, [4]);
    expect(result.map((e) => e.name)).toEqual(["Ines", "Guard"]);
    // One point less and the PC goes after.
    expect(order({ npcs: [{ name: "Guard", rank: 4 }], pcs: [{ name: "Ines", rank: 3 }] }, [3]).map((e) => e.name)).toEqual(["Guard", "Ines"]);
  });

  it("seed 003 §Initiative: players decide who goes first among tied PCs", () => {
    const request = { pcs: [{ name: "Ines", rank: 2, face: 5 }, { name: "Ada", rank: 3, face: 4 }], npcs: [], pcPicks: ["Ada", "Ines"] };
    expect(order(request).map((e) => e.name)).toEqual(["Ada", "Ines"]);
    expect(order({ ...request, pcPicks: ["Ines", "Ada"] }).map((e) => e.name)).toEqual(["Ines", "Ada"]);
  });

  it("seed 003 §Initiative: a pick naming an NPC is refused", () => {
    expect(() => run("initiative", { pcs: [{ name: "Ines", rank: 2, face: 5 }], npcs: [{ name: "Guard", rank: 4 }], pcPicks: ["Guard"] })).toThrow(RuleError);
  });

  it("seed 003 §Initiative: at the start of her turn a character may move to just after one who has yet to act", () => {
    const outcome = run("delay", { order: ["Ines", "Guard", "Ada", "Boss"], acted: ["Ines"], mover: "Guard", after: "Boss" });
    expect(outcome.result).toEqual({ order: ["Ines", "Ada", "Boss", "Guard"] });
    expect(outcome.effects).toEqual([{ participant: "Guard", changes: { place: { from: 2, to: 4 } } }]);
  });

  it("seed 003 §Initiative: she may not move after a character who already took a turn this round", () => {
    expect(refusalCodes(() => run("delay", { order: ["Ines", "Guard", "Ada"], acted: ["Ines"], mover: "Guard", after: "Ines" }))).toEqual(["already-acted"]);
  });

  it("seed 003 §Initiative: only at the start of her own turn", () => {
    expect(refusalCodes(() => run("delay", { order: ["Ines", "Guard", "Ada"], acted: ["Ines"], mover: "Ada", after: "Guard" }))).toEqual(["not-their-turn"]);
  });
});

describe("seed 003 §The Turn", () => {
  const check = (turn: Record<string, unknown>) => checkTurn({ character: { name: "Ines" }, ...turn });

  it("seed 003 §The Turn: a Move to an adjacent range, one Action and one Free Action is a valid turn", () => {
    expect(check({ move: { from: "Near", to: "Engaged" }, actions: [{ name: "Attack" }, { name: "Draw", free: true }] })).toEqual({ valid: true, problems: [] });
  });

  it("seed 003 §The Turn: only one Action", () => {
    expect(check({ actions: [{ name: "Attack" }, { name: "Aid" }] })).toEqual({ valid: false, problems: ["one-action"] });
  });

  it("seed 003 §The Turn: no more than two actions including Free Actions", () => {
    expect(check({ actions: [{ name: "Draw", free: true }, { name: "Shout", free: true }] }).valid).toBe(true);
    expect(check({ actions: [{ name: "Attack" }, { name: "Draw", free: true }, { name: "Shout", free: true }] })).toEqual({ valid: false, problems: ["action-cap"] });
  });

  it("seed 003 §The Turn: unless Gain Momentum was rolled (house default: cap 3, option gainMomentumCap)", () => {
    const three = { actions: [{ name: "Attack" }, { name: "Draw", free: true }, { name: "Shout", free: true }], gainMomentum: true };
    expect(check(three).valid).toBe(true);
    expect(check({ ...three, actions: [...three.actions, { name: "Drop", free: true }] })).toEqual({ valid: false, problems: ["action-cap"] });
    expect(check({ ...three, actions: [...three.actions, { name: "Drop", free: true }], options: { gainMomentumCap: 4 } }).valid).toBe(true);
  });

  it("seed 003 §The Turn: Gain Momentum does not grant a second Action unless gainMomentumExtraAction (house default off)", () => {
    const turn = { actions: [{ name: "Attack" }, { name: "Attack" }], gainMomentum: true };
    expect(check(turn)).toEqual({ valid: false, problems: ["one-action"] });
    expect(check({ ...turn, options: { gainMomentumExtraAction: true } }).valid).toBe(true);
  });

  it("seed 003 §The Turn: an Action must be one of the actions list (house default list)", () => {
    expect(check({ actions: [{ name: "Fireball" }] })).toEqual({ valid: false, problems: ["unknown-action"] });
    expect(check({ actions: [{ name: "Fireball" }], lists: { actions: ["Fireball"] } }).valid).toBe(true);
  });

  it("seed 003 §The Turn: picking up or swapping an item only one time", () => {
    expect(check({ actions: [], itemInteractions: 1 }).valid).toBe(true);
    expect(check({ actions: [], itemInteractions: 2 })).toEqual({ valid: false, problems: ["one-item-interaction"] });
  });
});

describe("seed 003 §Ranges and Zones", () => {
  const check = (move: { from: string; to: string }) => checkTurn({ character: { name: "Ines" }, move, actions: [] });

  it("seed 003 §Ranges and Zones: the Move goes to an adjacent zone, nearest to furthest Engaged, Near, Far, Distant (house default)", () => {
    expect(check({ from: "Far", to: "Distant" }).valid).toBe(true);
    expect(check({ from: "Far", to: "Near" }).valid).toBe(true);
    expect(check({ from: "Engaged", to: "Far" })).toEqual({ valid: false, problems: ["move-not-adjacent"] });
    expect(check({ from: "Near", to: "Near" })).toEqual({ valid: false, problems: ["move-not-adjacent"] });
  });

  it("seed 003 §Ranges and Zones: a zone off the list is refused", () => {
    expect(check({ from: "Near", to: "Orbit" })).toEqual({ valid: false, problems: ["unknown-zone"] });
    // From off the list, the Move has no distance to be too far: the only problem is the zone.
    expect(check({ from: "Orbit", to: "Far" })).toEqual({ valid: false, problems: ["unknown-zone"] });
  });
});

describe("seed 003 §Dealing Damage", () => {
  type Result = { hit: boolean; margin: number; damage: number; armorRating?: number; fate: Record<string, unknown> };
  const attack = (weapon: Record<string, unknown>, tgt: Record<string, unknown>, faces: number[]) =>
    run("attack", { attacker: attacker(weapon), target: target(tgt) }, faces);

  it("seed 003 §Dealing Damage: an Attack Roll equal to Defense hits and rolls damage", () => {
    const outcome = attack({}, { defense: 12 }, [12, 5]);
    expect(outcome.result).toMatchObject({ hit: true, margin: 0, damage: 2 });
    expect(outcome.dice.map((d) => d.label)).toEqual(["attack roll", "damage roll (physical)"]);
  });

  it("seed 003 §Dealing Damage: one below Defense misses and rolls no damage", () => {
    const outcome = attack({}, { defense: 12 }, [11]);
    expect(outcome.result).toMatchObject({ hit: false, margin: -1, damage: 0 });
    expect(outcome.dice).toHaveLength(1);
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: {} }]);
  });

  it("seed 003 §Dealing Damage: the attack formula is the weapon's (1d10+4 vs Defense 10: face 6 hits)", () => {
    const outcome = attack({ attack: "1d10+4", damage: "2d6+1" }, { defense: 10, armor: {} }, [6, 3, 4]);
    expect(outcome.result).toMatchObject({ hit: true, attackTotal: 10, margin: 0, damageRoll: 8, damage: 8 });
    expect(outcome.effects[0]?.changes.resolve).toEqual({ from: 10, to: 2 });
  });

  it("seed 003 §Dealing Damage: Resolve loses the Damage Roll less the Armor Rating of the damage type", () => {
    const tgt = { defense: 5, armor: { physical: 3, fire: 1 } };
    expect(attack({}, tgt, [8, 7]).effects[0]?.changes.resolve).toEqual({ from: 10, to: 6 });
    expect(attack({ damageType: "fire" }, tgt, [8, 7]).effects[0]?.changes.resolve).toEqual({ from: 10, to: 4 });
    // No rating for the type: nothing is taken off.
    expect(attack({ damageType: "cold" }, tgt, [8, 7]).effects[0]?.changes.resolve).toEqual({ from: 10, to: 3 });
  });

  it("seed 003 §Dealing Damage: armour above the roll leaves 0 damage, never negative", () => {
    const outcome = attack({}, { defense: 5, armor: { physical: 6 } }, [8, 4]);
    expect(outcome.result).toMatchObject({ hit: true, damage: 0 });
    expect(outcome.effects[0]?.changes).toEqual({});
  });

  it("seed 003 §Dealing Damage: a margin of exactly 6 keeps the full Armor Rating", () => {
    const outcome = attack({}, { defense: 10, armor: { physical: 5 } }, [16, 9]);
    expect(outcome.result).toMatchObject({ margin: 6, armorRating: 5, damage: 4 });
  });

  it("seed 003 §Dealing Damage: a margin of 7 halves an odd Armor Rating rounded down (5 → 2)", () => {
    const outcome = attack({}, { defense: 10, armor: { physical: 5 } }, [17, 9]);
    expect(outcome.result).toMatchObject({ margin: 7, armorRating: 2, damage: 7 });
  });

  it("seed 003 §Dealing Damage: a Piercing attack gets no halving from the margin", () => {
    const outcome = attack({ piercing: true }, { defense: 10, armor: { physical: 5 } }, [20, 9]);
    expect(outcome.result).toMatchObject({ margin: 10, armorRating: 5, damage: 4 });
  });

  it("seed 003 §Dealing Damage: house option piercingHalvesArmor lets Piercing halve on any hit", () => {
    const outcome = run("attack", { attacker: attacker({ piercing: true }), target: target({ armor: { physical: 5 } }), options: { piercingHalvesArmor: true } }, [10, 9]);
    expect(outcome.result).toMatchObject({ margin: 0, armorRating: 2, damage: 7 });
  });

  it("seed 003 §Dealing Damage: an Armor Rating of 1 halves to 0", () => {
    expect(attack({}, { defense: 1, armor: { physical: 1 } }, [8, 3]).result).toMatchObject({ armorRating: 0, damage: 3 });
  });

  it("seed 003 §Dealing Damage: a bad formula is refused before any die is rolled", () => {
    expect(() => attack({ damage: "2d" }, {}, [20, 1])).toThrow(/"2d"/);
  });

  it("seed 003 §Dealing Damage: results are read from the faces, not echoed", () => {
    // Same request, different faces: different margins and damage.
    const a = attack({}, { defense: 10, armor: { physical: 2 } }, [10, 6]).result as Result;
    const b = attack({}, { defense: 10, armor: { physical: 2 } }, [19, 6]).result as Result;
    expect([a.margin, a.damage]).toEqual([0, 4]);
    expect([b.margin, b.damage]).toEqual([9, 5]);
  });
});

describe("seed 003 §Becoming Wounded and Fallen Fates", () => {
  const hit = (tgt: Record<string, unknown>, faces: number[], extra: Record<string, unknown> = {}) =>
    run("attack", { attacker: attacker(), target: target({ defense: 5, armor: {}, ...tgt }), ...extra }, faces);

  it("seed 003 §Becoming Wounded and Fallen Fates: Resolve reduced exactly to 0 makes a PC Wounded", () => {
    const outcome = hit({ resolve: 4 }, [10, 4]);
    expect(outcome.effects[0]).toEqual({
      participant: "Bruno",
      changes: { resolve: { from: 4, to: 0 }, wounded: { from: false, to: true } },
      statuses: ["Wounded"],
    });
    expect(outcome.result).toMatchObject({ fate: { needed: false }, out: false });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: one point short of 0 does not wound", () => {
    expect(hit({ resolve: 4 }, [10, 3]).effects[0]).toEqual({ participant: "Bruno", changes: { resolve: { from: 4, to: 1 } } });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a significant NPC becomes Wounded too", () => {
    expect(hit({ resolve: 2, kind: "significant" }, [10, 5]).effects[0]?.statuses).toEqual(["Wounded"]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a minor NPC at 0 is defeated (house default, option minorNpcsWounded)", () => {
    expect(hit({ resolve: 2, kind: "minor" }, [10, 5]).effects[0]?.statuses).toEqual(["Defeated"]);
    expect(hit({ resolve: 2, kind: "minor" }, [10, 5], { options: { minorNpcsWounded: true } }).effects[0]?.statuses).toEqual(["Wounded"]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a minor NPC already at 0 never gets a fate; damage defeats it", () => {
    const outcome = hit({ resolve: 0, kind: "minor" }, [10, 1]);
    expect(outcome.result).toMatchObject({ fate: { needed: false }, out: true });
    expect(outcome.effects[0]?.statuses).toEqual(["Defeated"]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a Wounded character who takes damage must choose a Fallen Fate; the attack waits for her", () => {
    const outcome = hit({ resolve: 0, wounded: true }, [10, 3]);
    expect(outcome.result).toMatchObject({ damage: 3, fate: { needed: true, canIgnore: true, ignoresLeft: 2 } });
    // Nothing is written until she answers: the outcome names the choice, who makes it and what is on offer.
    expect(outcome.effects).toEqual([]);
    expect(outcome.awaiting).toEqual({
      choice: "fateChoice",
      by: "target",
      offer: {
        fates: [
          { name: "Knocked Out", outOfFight: true },
          { name: "Maimed", outOfFight: false },
          { name: "Broken Gear", outOfFight: false },
          { name: "Captured", outOfFight: true },
          { name: "Shaken", outOfFight: false },
          { name: "Slain", outOfFight: true },
        ],
        ignore: true,
        ignoresLeft: 2,
        ignoreLimit: 5,
        damage: 3,
      },
    });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a hit that does not call for a fate awaits nothing", () => {
    expect(hit({ resolve: 4 }, [10, 4]).awaiting).toBeUndefined();
    expect(hit({ resolve: 0, wounded: true }, [2]).awaiting).toBeUndefined();
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: she may ignore it, spending one of max(Stamina, Control)", () => {
    const outcome = hit({ resolve: 0, wounded: true, stamina: 1, control: 3 }, [10, 3], { fateChoice: "ignore" });
    expect(outcome.result).toMatchObject({ fate: { needed: true, ignored: true, ignoresLeft: 2 } });
    expect(outcome.effects[0]?.changes).toEqual({ ignoresLeft: { from: 3, to: 2 } });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: with the budget spent the fate cannot be ignored", () => {
    const waiting = hit({ resolve: 0, wounded: true, ignoresLeft: 0 }, [10, 1]);
    expect(waiting.result).toMatchObject({ fate: { needed: true, canIgnore: false, refused: "budget-spent" } });
    expect(waiting.awaiting?.offer).toMatchObject({ ignore: false, ignoreRefused: "budget-spent" });
    expect(refusalCodes(() => hit({ resolve: 0, wounded: true, ignoresLeft: 0 }, [10, 1], { fateChoice: "ignore" }))).toEqual(["budget-spent"]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: damage exactly floor(max Resolve / 2) may still be ignored", () => {
    // Max Resolve 11: half rounded down is 5.
    expect(hit({ resolve: 0, maxResolve: 11, wounded: true }, [10, 5]).result).toMatchObject({ damage: 5, fate: { canIgnore: true } });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: one more than half the max Resolve cannot be ignored", () => {
    const waiting = hit({ resolve: 0, maxResolve: 11, wounded: true, ignoresLeft: 3 }, [10, 6]);
    expect(waiting.result).toMatchObject({ damage: 6, fate: { canIgnore: false, refused: "damage-over-half" } });
    expect(waiting.awaiting?.offer).toMatchObject({ ignore: false, ignoreRefused: "damage-over-half", ignoreLimit: 5 });
    expect(refusalCodes(() => hit({ resolve: 0, maxResolve: 11, wounded: true, ignoresLeft: 3 }, [10, 6], { fateChoice: "ignore" }))).toEqual(["damage-over-half"]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a fate off the list is refused", () => {
    expect(refusalCodes(() => hit({ resolve: 0, wounded: true }, [10, 6], { fateChoice: "Exiled" }))).toEqual(["unknown-fate"]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: taking a fate from the list (house default list) records it", () => {
    const outcome = hit({ resolve: 0, wounded: true }, [10, 6], { fateChoice: "Maimed" });
    expect(outcome.effects[0]).toEqual({ participant: "Bruno", changes: { fates: { from: [], to: ["Maimed"] } }, statuses: ["Maimed"] });
    expect(outcome.result).toMatchObject({ out: false });
    const slain = hit({ resolve: 0, wounded: true }, [10, 6], { fateChoice: "Slain" });
    expect(slain.result).toMatchObject({ out: true });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the fate action ignores within budget and refuses beyond it", () => {
    const character = { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 1, control: 0 };
    const first = run("fate", { character, damage: 5, choice: "ignore" });
    expect(first.result).toEqual({ damage: 5, ignored: true, ignoresLeft: 0, out: false });
    expect(refusalCodes(() => run("fate", { character: { ...character, ignoresLeft: 0 }, damage: 5, choice: "ignore" }))).toEqual(["budget-spent"]);
    expect(refusalCodes(() => run("fate", { character, damage: 6, choice: "ignore" }))).toEqual(["damage-over-half"]);
    expect(run("fate", { character, damage: 6, choice: "Captured" }).result).toEqual({ damage: 6, ignored: false, fate: "Captured", ignoresLeft: 1, out: true });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the fate action without a choice waits for the character's answer", () => {
    const character = { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 1, control: 0, ignoresLeft: 1 };
    const waiting = run("fate", { character, damage: 6 });
    expect(waiting.effects).toEqual([]);
    expect(waiting.awaiting).toMatchObject({ choice: "choice", by: "character", offer: { ignore: false, ignoreRefused: "damage-over-half", ignoreLimit: 5, damage: 6 } });
    expect(run("fate", { character, damage: 5 }).awaiting?.offer).toMatchObject({ ignore: true, ignoresLeft: 1 });
    // Someone who is not Wounded, or a blow that did no damage, calls for no fate: refused, not awaited.
    expect(refusalCodes(() => run("fate", { character: { ...character, resolve: 3, wounded: false }, damage: 2 }))).toEqual(["not-wounded"]);
    expect(refusalCodes(() => run("fate", { character, damage: 0 }))).toEqual(["no-damage"]);
  });

  it("Fray's lists: a list naming an entry twice, or a fate named \"ignore\", is refused", () => {
    const character = { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 1, control: 0 };
    const twice = [{ name: "Maimed", outOfFight: false }, { name: "Maimed", outOfFight: true }];
    expect(refusalCodes(() => run("fate", { character, damage: 2, choice: "Maimed", lists: { fates: twice } }))).toEqual(["list-repeats"]);
    expect(refusalCodes(() => run("fate", { character, damage: 2, choice: "ignore", lists: { fates: [{ name: "ignore", outOfFight: false }] } }))).toEqual(["fate-named-ignore"]);
    expect(refusalCodes(() => run("turn", { character: { name: "Ines" }, actions: [], lists: { zones: ["Near", "Far", "Near"] } }))).toEqual(["list-repeats"]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: no fate for a character who is not Wounded, and only fates on the list", () => {
    const character = { name: "Ines", resolve: 3, maxResolve: 10, stamina: 1, control: 0 };
    expect(refusalCodes(() => run("fate", { character, damage: 2, choice: "Maimed" }))).toEqual(["not-wounded"]);
    expect(refusalCodes(() => run("fate", { character: { ...character, resolve: 0 }, damage: 2, choice: "Exiled" }))).toEqual(["unknown-fate"]);
    expect(run("fate", { character: { ...character, resolve: 0 }, damage: 2, choice: "Exiled", lists: { fates: [{ name: "Exiled", outOfFight: true }] } }).result).toMatchObject({ ignored: false, fate: "Exiled", out: true });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: significant NPCs choose fates at the GM's discretion (option significantNpcFates)", () => {
    const npc = { resolve: 0, wounded: true, kind: "significant" };
    expect(hit(npc, [10, 3]).result).toMatchObject({ fate: { needed: true } });
    const off = hit(npc, [10, 3], { options: { significantNpcFates: false } });
    expect(off.result).toMatchObject({ fate: { needed: false }, out: true });
    expect(off.effects[0]?.statuses).toEqual(["Defeated"]);
  });
});

describe("seed 003 §Becoming Wounded and Fallen Fates: Rest", () => {
  it("seed 003 §Becoming Wounded and Fallen Fates: the ignore budget lasts until a Rest, which refills it", () => {
    const spent = vitalsFrom({ resolve: 0, maxResolve: 10, stamina: 1, control: 3, ignoresLeft: 0, fates: ["Shaken"] });
    const rested = rest(spent);
    expect(rested.ignoresLeft).toBe(3);
    expect(rested.fates).toEqual(["Shaken"]);
    expect(spent.ignoresLeft).toBe(0);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the rest action refills the ignores to max(Stamina, Control) and reports the change", () => {
    const outcome = run("rest", { character: { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 2, control: 1, ignoresLeft: 0, fates: ["Shaken"] } });
    expect(outcome.result).toEqual({ ignoresLeft: 2 });
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { ignoresLeft: { from: 0, to: 2 } } }]);
    expect(outcome.dice).toEqual([]);
  });
});
