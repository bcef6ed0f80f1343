import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { RuleError } from "../../../src/core/ruleError.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";

const attack = unhexRules.actions.attack;
if (!attack) throw new Error("unhex has no attack action");
// These cases follow the source game's sheet and worked example, three boxes a row (Fray's default,
// from RULINGS.md, is five: the test at the end of this file checks that).
const resolve = (request: Record<string, unknown>, ...faces: number[]) => attack.resolve({ options: { boxesPerRow: 3 }, ...request }, new DiceTray(givenFaces(faces)));

const bouncer = { name: "Bouncer", level: 45 };
/** The target declared no reaction and the attacker rolled. */
const plain = { reaction: "none", roll: true } as const;
const ines = { name: "Ines", level: 50, pc: true };

describe("unhex attack", () => {
  it("source combat.adoc §Hit location example: 3 boxes already on the right leg, an intercept rolls 24 and picks 4 damage to location 2; the leg fills, 1 box spills to the torso, the mover stops where the attacker says", () => {
    const outcome = resolve(
      {
        attacker: { ...bouncer, area: "dance-floor", weapon: "melee" },
        target: { ...ines, moving: { from: "dance-floor", to: "bar" }, wounds: { "right-leg": 3 } },
        damageDie: "units",
        stopIn: "dance-floor",
      },
      2,
      4,
    );
    expect(outcome.result).toEqual({ hit: true, damage: 4, location: "right-leg", picker: "attacker", stopsIn: "dance-floor" });
    expect(outcome.effects).toEqual([
      { participant: "Bouncer", changes: {} },
      {
        participant: "Ines",
        changes: { level: { from: 50, to: 46 }, "wounds.torso": { from: 0, to: 1 }, "wounds.right-leg": { from: 3, to: 6 } },
        statuses: ["moves-only-with-both-hands", "stopped"],
      },
    ]);
  });

  it(`seed 002 §Attack: on a success the attacker picks which die is damage and which is the location`, () => {
    const tens = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, ...plain, damageDie: "tens" }, 3, 9);
    expect(tens.result).toMatchObject({ hit: true, damage: 3, location: "head", picker: "attacker" });
    const asked = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, ...plain }, 3, 9);
    expect(asked.awaiting).toEqual({ choice: "damageDie", by: "attacker", offer: { hit: "Ines", tens: { damage: 3, location: "head" }, units: { damage: 9, location: "right-leg" } } });
    expect(asked.effects).toEqual([]);
    // Doubles split the same either way: nothing to ask.
    expect(resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, ...plain, criticals: { attacker: "extra-action" } }, 4, 4).result).toMatchObject({ damage: 4, location: "torso" });
  });

  it("seed 002 §Cover: a target in cover picks instead (by default the smaller die as damage); so does one holding a shield", () => {
    const covered = resolve({ attacker: { ...bouncer, area: "dance-floor", weapon: "one-handed-ranged" }, target: { ...ines, area: "bar" }, ...plain }, 3, 9);
    expect(covered.awaiting).toMatchObject({ choice: "damageDie", by: "target" });
    expect(resolve({ attacker: { ...bouncer, area: "dance-floor", weapon: "one-handed-ranged" }, target: { ...ines, area: "bar" }, ...plain, damageDie: "tens" }, 3, 9).result).toMatchObject({ damage: 3, location: "head", picker: "target" });
    const shield = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", shield: true }, ...plain }, 3, 9);
    expect(shield.awaiting).toMatchObject({ choice: "damageDie", by: "target" });
    // Ranged from an uncovered area: no reaction can be declared (Defend needs cover, Counterattack range 0), so the attacker rolls at once.
    const uncovered = resolve({ attacker: { ...bouncer, area: "bar", weapon: "one-handed-ranged" }, target: { ...ines, area: "dance-floor" } }, 3, 9);
    expect(uncovered.awaiting).toMatchObject({ choice: "damageDie", by: "attacker" });
  });

  it("seed 002 §Range: melee only at 0, one-handed ranged 0–1, two-handed ranged 1+ in line of sight; no dice are rolled when out of reach", () => {
    // Refused before any die: the given faces would run out if the attack had been rolled.
    expect(() => resolve({ attacker: { ...bouncer, area: "entrance", weapon: "melee" }, target: { ...ines, area: "dance-floor" } })).toThrow("range 1 is beyond a melee attack's 0");
    expect(() => resolve({ attacker: { ...bouncer, area: "entrance", weapon: "one-handed-ranged" }, target: { ...ines, area: "catwalk" } })).toThrow(RuleError);
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "two-handed-ranged" }, target: { ...ines, area: "bar" } })).toThrow("a two-handed-ranged attack cannot be made at range 0");
    expect(() => resolve({ attacker: { ...bouncer, area: "alley", weapon: "two-handed-ranged" }, target: { ...ines, area: "bar" } })).toThrow("no line of sight");
    expect(resolve({ attacker: { ...bouncer, area: "entrance", weapon: "two-handed-ranged" }, target: { ...ines, area: "catwalk" }, damageDie: "tens" }, 1, 2).result).toMatchObject({ hit: true });
  });

  it("a failed attack does nothing; a critical failure costs the attacker's next action", () => {
    const outcome = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, ...plain }, 8, 8);
    expect(outcome.result).toEqual({ hit: false });
    expect(outcome.effects).toEqual([
      { participant: "Bouncer", changes: {}, statuses: ["loses-next-action"] },
      { participant: "Ines", changes: {} },
    ]);
  });

  it("a critical success may set the dice for a chosen damage and location", () => {
    const request = { attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, ...plain };
    expect(resolve(request, 2, 2).awaiting).toEqual({ choice: "criticals.attacker", by: "attacker", offer: { kind: "critical", who: "Bouncer", reading: 22, max: 45 } });
    const outcome = resolve({ ...request, criticals: { attacker: { set: 39 } }, damageDie: "units" }, 2, 2);
    expect(outcome.result).toMatchObject({ damage: 9, location: "right-leg" });
  });

  it("seed 002 §Defend: an opposed roll; the defender winning makes the attack miss", () => {
    // The defence is rolled as it is declared (its faces come first), then the attack.
    const won = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, reaction: "defend", roll: true }, 4, 1, 2, 4);
    expect(won.result).toEqual({ hit: false, reaction: "defend", defended: true });
    const lost = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, reaction: "defend", roll: true, damageDie: "tens" }, 2, 4, 4, 1);
    expect(lost.result).toMatchObject({ hit: true, defended: false });
  });

  it("seed 002 §Defend: defending against a ranged attack needs cover (so never at range 0)", () => {
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "one-handed-ranged" }, target: { ...ines, area: "bar" }, reaction: { kind: "defend" } })).toThrow("defending against a ranged attack needs cover");
    const offer = resolve({ attacker: { ...bouncer, area: "bar", weapon: "one-handed-ranged" }, target: { ...ines, area: "bar" } });
    expect(offer.awaiting).toEqual({ choice: "reaction", by: "target", offer: { who: "Ines", reactions: ["none", "counterattack"] } });
    const covered = resolve({ attacker: { ...bouncer, area: "dance-floor", weapon: "one-handed-ranged" }, target: { ...ines, area: "bar" }, reaction: "defend", roll: true }, 4, 1, 2, 4);
    expect(covered.result).toMatchObject({ defended: true });
  });

  it("seed 002 §Counterattack: melee only, against an attacker in your area, separate rolls applied at once", () => {
    const outcome = resolve(
      { attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, reaction: "counterattack", roll: true, damageDie: "units", counterDamageDie: "units" },
      3, 8, 2, 4,
    );
    expect(outcome.result).toEqual({ hit: true, reaction: "counterattack", damage: 4, location: "right-leg", picker: "attacker", counterattack: { hit: true, damage: 8, location: "right-leg" } });
    expect(outcome.effects.map((e) => [e.participant, e.changes.level])).toEqual([
      ["Bouncer", { from: 45, to: 37 }],
      ["Ines", { from: 50, to: 46 }],
    ]);
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, reaction: { kind: "counterattack", weapon: "one-handed-ranged" } })).toThrow("counterattack only with a melee weapon");
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", weapons: ["two-handed-ranged"] }, reaction: "counterattack" })).toThrow("Ines holds no melee weapon to counterattack with");
    expect(resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", weapons: ["one-handed-ranged"] } }).awaiting?.offer).toEqual({ who: "Ines", reactions: ["none", "defend"] });
    expect(() => resolve({ attacker: { ...bouncer, area: "dance-floor", weapon: "one-handed-ranged" }, target: { ...ines, area: "bar" }, reaction: { kind: "counterattack", weapon: "melee" } })).toThrow("counterattack only against an attacker in your area");
  });

  it("an intercepted mover is at the smaller range and has no cover from either area", () => {
    const outcome = resolve({ attacker: { ...bouncer, area: "entrance", weapon: "one-handed-ranged" }, target: { ...ines, moving: { from: "catwalk", to: "dance-floor" } }, damageDie: "units", stopIn: "catwalk" }, 1, 9);
    expect(outcome.steps[0]).toEqual({ rule: "intercept-reach", weapon: "one-handed-ranged", range: 1, lineOfSight: true, cover: false });
    expect(outcome.result).toMatchObject({ picker: "attacker", damage: 9, location: "left-leg" });
  });

  it("a hit that fills the head knocks out; level 0 knocks out, below 0 kills", () => {
    const head = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", wounds: { head: 1 } }, ...plain, damageDie: "tens" }, 2, 9);
    expect(head.effects[1]?.statuses).toEqual(["unconscious"]);
    const zero = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, level: 5, area: "bar" }, ...plain, damageDie: "units" }, 1, 5);
    expect(zero.effects[1]?.statuses).toEqual(["unconscious"]);
    const below = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, level: 5, area: "bar" }, ...plain, damageDie: "units" }, 1, 6);
    expect(below.effects[1]?.statuses).toEqual(["dead", "unconscious", "moves-only-with-both-hands", "stopped"]);
  });

  it("a full arm drops what it holds", () => {
    const outcome = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" }, ...plain, damageDie: "tens" }, 3, 8);
    expect(outcome.effects[1]?.statuses).toEqual(["right-arm-useless", "dropped-right-hand-item"]);
  });

  it("refuses unknown areas and locations, and a target with neither an area nor a move", () => {
    expect(() => resolve({ attacker: { ...bouncer, area: "roof", weapon: "melee" }, target: { ...ines, area: "bar" } })).toThrow('unknown area "roof"');
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", wounds: { tail: 1 } } })).toThrow('unknown hit location "tail"');
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: ines })).toThrow("give the target either an area or a move (from, to)");
  });

  it("nobody out of the fight acts or reacts", () => {
    expect(() => resolve({ attacker: { ...bouncer, level: 0, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar" } })).toThrow("Bouncer is out of the fight and cannot act");
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", wounds: { head: 3 } }, reaction: { kind: "defend" } })).toThrow("Ines is out of the fight and cannot react");
    // Nor is she offered a reaction: the attacker rolls at once.
    expect(resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", wounds: { head: 3 } } }, 4, 4).awaiting).toMatchObject({ choice: "criticals.attacker" });
  });

  it("boxes per row is an option, 5 by default (RULINGS.md): the same leg hit does not fill the leg", () => {
    const outcome = attack.resolve(
      { attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", wounds: { "right-leg": 3 } }, ...plain, damageDie: "units" },
      new DiceTray(givenFaces([2, 4])),
    );
    expect(outcome.effects[1]?.changes["wounds.right-leg"]).toEqual({ from: 3, to: 7 });
    expect(outcome.effects[1]?.statuses).toBeUndefined();
  });

  it("seed 002 §Actions: with budgets given, the attack spends the attacker's action and a reaction the target's; none left is refused", () => {
    const fresh = { available: 1, owed: 0 };
    const outcome = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee", budget: fresh }, target: { ...ines, area: "bar", budget: fresh }, reaction: "defend", roll: true }, 4, 1, 2, 4);
    const changes = Object.fromEntries(outcome.effects.map((e) => [e.participant, e.changes]));
    expect(changes.Bouncer?.["budget.available"]).toEqual({ from: 1, to: 0 });
    expect(changes.Ines?.["budget.available"]).toEqual({ from: 1, to: 0 });
    const spent = { available: 0, owed: 0 };
    // Refused before anything is asked or rolled.
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee", budget: spent }, target: { ...ines, area: "bar" } })).toThrow("no action left this round");
    expect(() => resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", budget: spent }, reaction: { kind: "defend" } }, 2, 4, 4, 1)).toThrow("no action left this round");
    // A target with no action left is offered no reaction.
    expect(resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee" }, target: { ...ines, area: "bar", budget: spent } }, 2, 4).awaiting).toMatchObject({ choice: "damageDie" });
  });

  it("a critical failure with no action left is owed from the next round; a critical success adds an action", () => {
    const fumble = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee", budget: { available: 1, owed: 0 } }, target: { ...ines, area: "bar" }, ...plain }, 8, 8);
    expect(fumble.effects[0]?.changes["budget.owed"]).toEqual({ from: 0, to: 1 });
    const critical = resolve({ attacker: { ...bouncer, area: "bar", weapon: "melee", budget: { available: 1, owed: 0 } }, target: { ...ines, area: "bar" }, ...plain, criticals: { attacker: "extra-action" } }, 2, 2);
    expect(critical.effects[0]?.changes["budget.available"]).toBeUndefined();
    expect(critical.effects[0]?.statuses).toContain("extra-action");
  });
});

