import { describe, expect, it } from "vitest";
import { attacker, run, target } from "./helpers.js";

// What each action's card shows: the steps that explain a result and the changes it writes. A card
// that showed the wrong rank, bonus or order would mislead the table even with the right result.

describe("seed 003 §Initiative: the initiative card", () => {
  it("seed 003 §Initiative: each PC's line shows the face, the rank and their sum; each NPC's its rank, its +3 or +6 and the score", () => {
    const outcome = run("initiative", { pcs: [{ name: "Ines", rank: 2 }], npcs: [{ name: "Guard", rank: 4 }, { name: "Boss", rank: 1, major: true }] }, [5]);
    expect(outcome.steps).toEqual([
      { rule: "pc-initiative", name: "Ines", face: 5, rank: 2, score: 7 },
      { rule: "npc-initiative", name: "Guard", rank: 4, bonus: 3, score: 7 },
      { rule: "npc-initiative", name: "Boss", rank: 1, bonus: 6, score: 7 },
      { rule: "order", names: ["Ines", "Guard", "Boss"] },
    ]);
  });

  it("seed 003 §Initiative: a PC whose face the player gives rolls nothing, and her line still shows her rank", () => {
    const outcome = run("initiative", { pcs: [{ name: "Ada", rank: 3, face: 4 }], npcs: [] });
    expect(outcome.dice).toEqual([]);
    expect(outcome.steps[0]).toEqual({ rule: "pc-initiative", name: "Ada", face: 4, rank: 3, score: 7 });
  });

  it("seed 003 §Initiative: every combatant's score is written to its initiative, in the order they act", () => {
    const outcome = run("initiative", { pcs: [{ name: "Ines", rank: 0 }], npcs: [{ name: "Guard", rank: 4 }] }, [2]);
    expect(outcome.effects).toEqual([
      { participant: "Guard", changes: { initiative: { from: null, to: 7 } } },
      { participant: "Ines", changes: { initiative: { from: null, to: 2 } } },
    ]);
  });
});

describe("seed 003 §Initiative: the delay card", () => {
  it("seed 003 §Initiative: the card names who moved and after whom", () => {
    const outcome = run("delay", { order: ["Ines", "Guard", "Ada"], acted: [], mover: "Ines", after: "Ada" });
    expect(outcome.steps).toEqual([{ rule: "delay", mover: "Ines", after: "Ada" }]);
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { place: { from: 1, to: 3 } } }]);
  });
});

describe("seed 003 §Dealing Damage: the attack card", () => {
  it("seed 003 §Dealing Damage: a miss shows the roll against Defense and nothing else", () => {
    const outcome = run("attack", { attacker: attacker(), target: target() }, [7]);
    expect(outcome.steps).toEqual([{ rule: "attack-roll", total: 7, defense: 10, margin: -3, hit: false }]);
    expect(outcome.result).toEqual({ hit: false, attackTotal: 7, margin: -3, damage: 0, fate: { needed: false }, out: false });
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: {} }]);
  });

  it("seed 003 §Dealing Damage: a hit shows the damage roll, the Armor Rating of its type, the damage and Resolve before and after", () => {
    const outcome = run("attack", { attacker: attacker(), target: target() }, [12, 8]);
    expect(outcome.steps).toEqual([
      { rule: "attack-roll", total: 12, defense: 10, margin: 2, hit: true },
      { rule: "damage-roll", total: 8 },
      { rule: "armor-rating", damageType: "physical", base: 3, halved: false, rating: 3, piercing: false },
      { rule: "damage", roll: 8, armor: 3, damage: 5 },
      { rule: "resolve", from: 10, to: 5 },
    ]);
    expect(outcome.result).toEqual({ hit: true, attackTotal: 12, margin: 2, damageRoll: 8, armorRating: 3, damage: 5, fate: { needed: false }, out: false });
    expect(outcome.dice.map((d) => d.label)).toEqual(["attack roll", "damage roll (physical)"]);
  });

  it("seed 003 §Dealing Damage: an Armor Rating against another damage type does not count; none at all is 0", () => {
    const fire = run("attack", { attacker: attacker({ damageType: "fire" }), target: target() }, [12, 8]);
    expect(fire.result).toMatchObject({ armorRating: 0, damage: 8 });
    const bare = run("attack", { attacker: attacker(), target: target({ armor: undefined }) }, [12, 8]);
    expect(bare.result).toMatchObject({ armorRating: 0, damage: 8 });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the hit that brings Resolve to 0 says Wounded; a defeated minor NPC says Defeated", () => {
    expect(run("attack", { attacker: attacker(), target: target({ resolve: 4 }) }, [12, 7]).steps.at(-1)).toEqual({ rule: "wounded" });
    expect(run("attack", { attacker: attacker(), target: target({ resolve: 4, kind: "minor" }) }, [12, 7]).steps.at(-1)).toEqual({ rule: "defeated", kind: "minor" });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a hit on the Wounded shows the fate it calls for, the ignore limit and the ignores left", () => {
    const outcome = run("attack", { attacker: attacker(), target: target({ resolve: 0, wounded: true, maxResolve: 9, ignoresLeft: 1 }) }, [12, 9]);
    expect(outcome.steps.at(-1)).toEqual({ rule: "fallen-fate-needed", damage: 6, ignoreLimit: 4, ignoresLeft: 1, canIgnore: false, refused: "damage-over-half" });
    expect(outcome.result).toMatchObject({ fate: { needed: true, canIgnore: false, ignoresLeft: 1, refused: "damage-over-half" } });
    const ignorable = run("attack", { attacker: attacker(), target: target({ resolve: 0, wounded: true, maxResolve: 9, ignoresLeft: 1 }) }, [12, 7]);
    expect(ignorable.steps.at(-1)).toEqual({ rule: "fallen-fate-needed", damage: 4, ignoreLimit: 4, ignoresLeft: 1, canIgnore: true });
    expect(ignorable.result).toEqual({ hit: true, attackTotal: 12, margin: 2, damageRoll: 7, armorRating: 3, damage: 4, fate: { needed: true, canIgnore: true, ignoresLeft: 1 } });
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the answer is shown with what it spent, and the fate taken is written", () => {
    const wounded = target({ resolve: 0, wounded: true, ignoresLeft: 2 });
    const ignored = run("attack", { attacker: attacker(), target: wounded, fateChoice: "ignore" }, [12, 7]);
    expect(ignored.steps.at(-1)).toEqual({ rule: "fate-choice", choice: "ignore", ignored: true, ignoresLeft: 1 });
    expect(ignored.result).toMatchObject({ fate: { needed: true, choice: "ignore", ignored: true, ignoresLeft: 1 }, out: false });
    expect(ignored.effects).toEqual([{ participant: "Bruno", changes: { ignoresLeft: { from: 2, to: 1 } } }]);
    const maimed = run("attack", { attacker: attacker(), target: wounded, fateChoice: "Maimed" }, [12, 7]);
    expect(maimed.result).toMatchObject({ fate: { choice: "Maimed", ignored: false, ignoresLeft: 2 }, out: false });
    expect(maimed.effects).toEqual([{ participant: "Bruno", changes: { fates: { from: [], to: ["Maimed"] } }, statuses: ["Maimed"] }]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the waiting card offers every fate on the list and says whether ignoring is open", () => {
    const outcome = run("attack", { attacker: attacker(), target: target({ resolve: 0, wounded: true, ignoresLeft: 0 }), lists: { fates: [{ name: "Shaken", outOfFight: false }] } }, [12, 7]);
    expect(outcome.awaiting).toEqual({
      choice: "fateChoice",
      by: "target",
      offer: { fates: [{ name: "Shaken", outOfFight: false }], ignore: false, ignoreRefused: "budget-spent", ignoresLeft: 0, ignoreLimit: 5, damage: 4 },
    });
    expect(outcome.result).toMatchObject({ damage: 4, fate: { needed: true, canIgnore: false, refused: "budget-spent" } });
  });
});

describe("seed 003 §Becoming Wounded and Fallen Fates: the fate card", () => {
  const ines = { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 2, control: 0, ignoresLeft: 2 };

  it("seed 003 §Becoming Wounded and Fallen Fates: the fate card shows the fate called for and the answer", () => {
    const outcome = run("fate", { character: ines, damage: 3, choice: "ignore" });
    expect(outcome.steps).toEqual([
      { rule: "fallen-fate-needed", damage: 3, ignoreLimit: 5, ignoresLeft: 2, canIgnore: true },
      { rule: "fate-choice", choice: "ignore", ignored: true, ignoresLeft: 1 },
    ]);
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { ignoresLeft: { from: 2, to: 1 } } }]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a fate taken on the fate card is written with its status", () => {
    const outcome = run("fate", { character: ines, damage: 8, choice: "Shaken" });
    expect(outcome.steps[0]).toEqual({ rule: "fallen-fate-needed", damage: 8, ignoreLimit: 5, ignoresLeft: 2, canIgnore: false, refused: "damage-over-half" });
    expect(outcome.result).toEqual({ damage: 8, ignored: false, fate: "Shaken", ignoresLeft: 2, out: false });
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { fates: { from: [], to: ["Shaken"] } }, statuses: ["Shaken"] }]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the waiting fate card shows the fate called for", () => {
    const outcome = run("fate", { character: ines, damage: 3 });
    expect(outcome.steps).toEqual([{ rule: "fallen-fate-needed", damage: 3, ignoreLimit: 5, ignoresLeft: 2, canIgnore: true }]);
    expect(outcome.result).toEqual({ damage: 3 });
  });
});

describe("seed 003 §The Turn and Rest: their cards", () => {
  it("seed 003 §The Turn: a valid turn's card shows the cap that applied and how many actions were free", () => {
    const outcome = run("turn", { character: { name: "Ines" }, actions: [{ name: "Attack" }, { name: "Draw", free: true }, { name: "Shout", free: true }], gainMomentum: true });
    expect(outcome.steps).toEqual([{ rule: "turn-declared", gainMomentum: true, cap: 3, actions: 3, free: 2 }]);
    expect(outcome.result).toEqual({ valid: true });
    expect(outcome.effects).toEqual([]);
    expect(run("turn", { character: { name: "Ines" }, actions: [{ name: "Attack" }] }).steps).toEqual([{ rule: "turn-declared", gainMomentum: false, cap: 2, actions: 1, free: 0 }]);
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: the rest card shows Stamina, Control and the ignores they give back", () => {
    const outcome = run("rest", { character: { name: "Ines", resolve: 3, maxResolve: 10, stamina: 1, control: 3, ignoresLeft: 1 } });
    expect(outcome.steps).toEqual([{ rule: "rest", stamina: 1, control: 3, ignoresLeft: 3 }]);
  });
});
