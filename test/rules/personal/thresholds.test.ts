import { describe, expect, it } from "vitest";
import { armorAgainst } from "../../../src/rules/personal/attack.js";
import { applyHit, fallsBy, vitalsFrom } from "../../../src/rules/personal/combatant.js";
import { personalOptions } from "../../../src/rules/personal/options.js";
import { withDefaults } from "../../../src/rules/options.js";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { personalRules } from "../../../src/rules/personal/index.js";
import { attacker, run, target } from "./helpers.js";

// Each test sits on an edge of a rule (who falls how, what a defeated character takes, a default
// left out), beside the nearest case on the other side.

const defaults = withDefaults(personalOptions, undefined);
const hit = (fields: Record<string, unknown>, faces: number[], extra: Record<string, unknown> = {}) => run("attack", { attacker: attacker(), target: target(fields), ...extra }, faces);

describe("seed 003 §Becoming Wounded and Fallen Fates: who falls how", () => {
  it("seed 003 §Becoming Wounded and Fallen Fates: PCs take Fallen Fates whatever the significantNpcFates option says", () => {
    expect(fallsBy("pc", defaults)).toBe("fates");
    expect(fallsBy("pc", { ...defaults, significantNpcFates: false })).toBe("fates");
    expect(fallsBy("significant", defaults)).toBe("fates");
    expect(fallsBy("significant", { ...defaults, significantNpcFates: false })).toBe("wounded-then-defeated");
    expect(fallsBy("minor", defaults)).toBe("defeated-at-zero");
    expect(fallsBy("minor", { ...defaults, minorNpcsWounded: true })).toBe("fates");
    expect(fallsBy("minor", { ...defaults, minorNpcsWounded: true, significantNpcFates: false })).toBe("wounded-then-defeated");
  });

  it("seed 003 §Becoming Wounded and Fallen Fates: a character given without a kind is a PC, and takes her fate with significantNpcFates off", () => {
    const outcome = hit({ resolve: 0, wounded: true }, [12, 7], { options: { significantNpcFates: false } });
    expect(outcome.result).toMatchObject({ fate: { needed: true } });
    expect(outcome.awaiting?.choice).toBe("fateChoice");
  });

  it("a minor NPC hit short of 0 Resolve is neither Wounded nor defeated", () => {
    const outcome = hit({ resolve: 8, kind: "minor" }, [12, 7]);
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: { resolve: { from: 8, to: 4 } } }]);
    expect(outcome.result).toMatchObject({ out: false });
  });

  it("a minor NPC brought to 0 is defeated and not Wounded (house default)", () => {
    const outcome = hit({ resolve: 4, kind: "minor" }, [12, 7]);
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: { resolve: { from: 4, to: 0 }, defeated: { from: false, to: true } }, statuses: ["Defeated"] }]);
    expect(outcome.result).toMatchObject({ fate: { needed: false }, out: true });
  });

  it("a Wounded significant NPC with significantNpcFates off is defeated by damage, and stays Wounded", () => {
    const outcome = hit({ resolve: 0, wounded: true, kind: "significant" }, [12, 7], { options: { significantNpcFates: false } });
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: { defeated: { from: false, to: true } }, statuses: ["Defeated"] }]);
  });

  it("a significant NPC with significantNpcFates off brought to 0 is only Wounded: the next damage defeats her", () => {
    const outcome = hit({ resolve: 4, kind: "significant" }, [12, 7], { options: { significantNpcFates: false } });
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: { resolve: { from: 4, to: 0 }, wounded: { from: false, to: true } }, statuses: ["Wounded"] }]);
  });
});

describe("seed 003 §Becoming Wounded and Fallen Fates: a defeated character takes nothing more", () => {
  it("a defeated character hit again loses nothing, gains nothing and is asked for no fate", () => {
    const outcome = hit({ resolve: 0, kind: "minor", defeated: true }, [12, 7]);
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: {} }]);
    expect(outcome.result).toMatchObject({ hit: true, damage: 4, fate: { needed: false }, out: true });
    expect(outcome.steps.map((s) => s.rule)).toEqual(["attack-roll", "damage-roll", "armor-rating", "damage", "resolve"]);
    expect(outcome.awaiting).toBeUndefined();
  });

  it("a defeated character keeps the fates she took, and the hit reads as nothing new: no Wounded, no defeat, no fate to answer", () => {
    const defeated = vitalsFrom({ kind: "pc", resolve: 0, maxResolve: 10, stamina: 1, control: 1, wounded: true, defeated: true, fates: ["Maimed"] });
    expect(applyHit(defeated, 5, defaults)).toEqual({ vitals: defeated, becameWounded: false, becameDefeated: false, fateNeeded: false, canIgnore: false });
    expect(hit({ resolve: 0, wounded: true, defeated: true, fates: ["Maimed"] }, [12, 7]).effects).toEqual([{ participant: "Bruno", changes: {} }]);
  });

  it("a Wounded PC marked defeated is not asked for a fate either", () => {
    expect(hit({ resolve: 0, wounded: true, defeated: true }, [12, 7]).result).toMatchObject({ fate: { needed: false }, out: true });
  });

  it("fates already taken stay with her when she ignores a new one", () => {
    const outcome = hit({ resolve: 0, wounded: true, fates: ["Shaken"], ignoresLeft: 1 }, [12, 7], { fateChoice: "ignore" });
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: { ignoresLeft: { from: 1, to: 0 } } }]);
    expect(run("fate", { character: { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 1, control: 0, fates: ["Shaken"] }, damage: 2, choice: "ignore" }).effects).toEqual([
      { participant: "Ines", changes: { ignoresLeft: { from: 1, to: 0 } } },
    ]);
  });

  it("fates already taken stay with her when she is hit", () => {
    const outcome = hit({ resolve: 9, fates: ["Shaken"] }, [12, 7]);
    expect(outcome.effects).toEqual([{ participant: "Bruno", changes: { resolve: { from: 9, to: 5 } } }]);
  });
});

describe("seed 003 §Dealing Damage: Piercing", () => {
  it("seed 003 §Dealing Damage: without the house option a Piercing hit never halves the Armor Rating, whatever the margin", () => {
    expect(armorAgainst({ physical: 5 }, "physical", 12, true)).toEqual({ base: 5, rating: 5, halved: false });
    expect(armorAgainst({ physical: 5 }, "physical", 12, true, true)).toEqual({ base: 5, rating: 2, halved: true });
  });

  it("seed 003 §Dealing Damage: the card says whether the attack was Piercing", () => {
    const outcome = run("attack", { attacker: attacker({ piercing: true }), target: target() }, [12, 8]);
    expect(outcome.steps).toContainEqual({ rule: "armor-rating", damageType: "physical", base: 3, halved: false, rating: 3, piercing: true });
  });
});

describe("seed 003 §Initiative: a duel's order", () => {
  it("seed 003 §Initiative: a major NPC fighter adds +6 to her rank and can go before a PC", () => {
    const fighter = (name: string, fields: Record<string, unknown> = {}) => ({ name, initiative: 2, defense: 8, weapon: { attack: "1d10", damage: "1d6", damageType: "physical" }, resolve: 4, maxResolve: 4, stamina: 1, control: 0, ...fields });
    // A rolls 3 + 2 = 5; B, a major significant NPC of rank 0, scores 6 and strikes first: 9 hits A
    // for 4 (Wounded), A's 1 misses; round 2 B's 3 is over half A's Resolve: B wins.
    const bout = personalRules.duel.fight(fighter("A"), fighter("B", { kind: "significant", major: true, initiative: 0 }), new DiceTray(givenFaces([3, 9, 4, 1, 9, 3])), 10);
    expect(bout).toEqual({ winner: "b", rounds: 2 });
  });
});

describe("a duel's round limit", () => {
  it("a bout decided in the last round the limit allows is won, not drawn", () => {
    const fighter = (name: string, fields: Record<string, unknown> = {}) => ({ name, initiative: 2, defense: 8, weapon: { attack: "1d10", damage: "1d6", damageType: "physical" }, resolve: 4, maxResolve: 4, stamina: 1, control: 0, ...fields });
    // As the first duel test: A wins in round 3 (faces from test/rules/personal/duel.test.ts).
    const faces = [6, 1, 9, 4, 1, 9, 2, 1, 9, 1];
    expect(personalRules.duel.fight(fighter("A"), fighter("B"), new DiceTray(givenFaces(faces)), 3)).toEqual({ winner: "a", rounds: 3 });
    expect(personalRules.duel.fight(fighter("A"), fighter("B"), new DiceTray(givenFaces(faces)), 2)).toEqual({ winner: "none", rounds: 2 });
  });
});

describe("seed 003 §Becoming Wounded and Fallen Fates: out of the fight", () => {
  it("a fate she took that is no longer on the list does not put her out", () => {
    const character = { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 1, control: 0, fates: ["Exiled"] };
    expect(run("fate", { character, damage: 2, choice: "ignore" }).result).toMatchObject({ out: false });
    expect(run("fate", { character, damage: 2, choice: "Shaken" }).result).toMatchObject({ out: false });
    expect(run("fate", { character, damage: 2, choice: "Slain" }).result).toMatchObject({ out: true });
  });
});
