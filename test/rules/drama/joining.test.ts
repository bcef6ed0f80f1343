/**
 * Joining a fight (issue 36, item 1): a fighter who is already fighting meets whoever joins her as
 * Standing, so her stance's Momentum modifier (Press +2, Brace −2, Defend −6, a Dramatic stance's)
 * does not count in the joiner's first round with her. Bors (Grit 5, Press) already fights Alda;
 * Cyne (Grit 6, Stand) joins him. Before this change Bors scored 7 to 6 and took Momentum.
 */
import { describe, expect, it } from "vitest";
import type { Outcome } from "../../../src/core/outcome.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { firstRoundMomentum } from "../../../src/rules/drama/actions.js";
import { dramaRules } from "../../../src/rules/drama/index.js";
import { SEED } from "./fixtures.js";
import { plain, stepsOf, playWith, trayOf } from "./playFixtures.js";

const JOINING = `${SEED} §Joining the Melee ("an engaged opponent is considered as Standing") and §Press Attack ("no effect in subsequent rounds")`;
const resolve = (action: string, request: Record<string, unknown>): Outcome => dramaRules.actions[action]!.resolve(request, trayOf());
const firsts = (outcome: Outcome) => outcome.steps.filter((step) => step.rule === "round-one-momentum");

const alda = plain("Alda", { grit: 4 });
const bors = (more: Partial<Combatant> = {}) => plain("Bors", { grit: 5, stance: "press", ...more });
const cyne = (more: Partial<Combatant> = {}) => plain("Cyne", { grit: 6, ...more });

describe(JOINING, () => {
  it("skirmish: Cyne joins Bors, who holds Momentum over Alda: Bors counts as Standing, 5 to 6, and Cyne holds Momentum", () => {
    const outcome = resolve("skirmish", {
      fighters: [alda, bors(), cyne()],
      engagements: [
        { between: ["f1", "f2"], momentum: "f2" },
        { between: ["f2", "f3"] },
      ],
    });
    expect(firsts(outcome)).toEqual([{ rule: "round-one-momentum", scores: { Cyne: 6, Bors: 5 }, holder: "Cyne", unresolvedTie: false, engagedStanding: ["Bors"] }]);
    expect(outcome.steps.filter((step) => step.rule === "momentum-holder").map((step) => step.holder)).toEqual(["Bors", "Cyne"]);
  });

  it("skirmish: the same when Alda holds Momentum over Bors: facing Momentum is fighting too", () => {
    const outcome = resolve("skirmish", { fighters: [alda, bors(), cyne()], engagements: [{ between: ["f1", "f2"], momentum: "f1" }, { between: ["f2", "f3"] }] });
    expect(firsts(outcome)).toMatchObject([{ scores: { Cyne: 6, Bors: 5 }, holder: "Cyne", engagedStanding: ["Bors"] }]);
  });

  it("a fight both start together still counts Press's +2: Bors alone against Cyne scores 7 to 6 and holds Momentum", () => {
    const outcome = resolve("skirmish", { fighters: [bors(), cyne()], engagements: [{ between: ["f1", "f2"] }] });
    expect(firsts(outcome)).toEqual([{ rule: "round-one-momentum", scores: { Bors: 7, Cyne: 6 }, holder: "Bors", unresolvedTie: false }]);
  });

  it("three meeting for the first time together: nobody is engaged yet, every stance counts", () => {
    const outcome = resolve("skirmish", { fighters: [alda, bors(), cyne()], engagements: [{ between: ["f1", "f2"] }, { between: ["f2", "f3"] }] });
    expect(firsts(outcome).map((step) => step.scores)).toEqual([{ Bors: 7, Alda: 4 }, { Bors: 7, Cyne: 6 }]);
  });

  it("the joiner's own stance counts: Cyne joining with Press scores 8 against Bors's 5", () => {
    const outcome = resolve("skirmish", { fighters: [alda, bors(), cyne({ stance: "press" })], engagements: [{ between: ["f1", "f2"], momentum: "f2" }, { between: ["f2", "f3"] }] });
    expect(firsts(outcome)).toMatchObject([{ scores: { Cyne: 8, Bors: 5 }, holder: "Cyne", engagedStanding: ["Bors"] }]);
  });

  it("an engaged fighter's Brace (−2) and Defend (−6) do not count either: Bors braced at Grit 5 still beats a joining Grit 4", () => {
    for (const stance of ["brace", "defend"] as const) {
      const outcome = resolve("skirmish", { fighters: [alda, bors({ stance }), cyne({ grit: 4 })], engagements: [{ between: ["f1", "f2"], momentum: "f1" }, { between: ["f2", "f3"] }] });
      expect(firsts(outcome)).toMatchObject([{ scores: { Bors: 5, Cyne: 4 }, holder: "Bors" }]);
    }
  });

  it("nor does a Dramatic stance's Momentum: Bors's +20 is ignored against the joining Cyne", () => {
    const outcome = resolve("skirmish", { fighters: [alda, bors({ stance: "dramatic", dramatic: { momentum: 20 } }), cyne()], engagements: [{ between: ["f1", "f2"], momentum: "f2" }, { between: ["f2", "f3"] }] });
    expect(firsts(outcome)).toMatchObject([{ scores: { Cyne: 6, Bors: 5 }, holder: "Cyne" }]);
  });

  it("against several: Bors fights Alda (he holds Momentum) and Cyne joins: Cyne holds Momentum in hers", () => {
    const outcome = resolve("multiple", { actor: bors(), opponents: [{ opponent: alda, momentum: "actor" }, { opponent: cyne() }] });
    expect(firsts(outcome)).toEqual([{ rule: "round-one-momentum", scores: { Cyne: 6, Bors: 5 }, holder: "Cyne", unresolvedTie: false, engagedStanding: ["Bors"] }]);
  });

  it("a stat block marked engaged (his fight with Alda is on another card) counts as Standing in a melee round and in the momentum action", () => {
    const melee = resolve("melee", { a: bors({ engaged: true }), b: cyne() });
    expect(firsts(melee)).toMatchObject([{ scores: { Cyne: 6, Bors: 5 }, holder: "Cyne", engagedStanding: ["Bors"] }]);
    const momentum = resolve("momentum", { combatants: [{ name: "Bors", grit: 5, agility: 1, stance: "press", engaged: true }, { name: "Cyne", grit: 6, agility: 1 }] });
    expect(momentum.result).toMatchObject({ first: "Cyne" });
    expect(momentum.steps[0]).toMatchObject({ who: "Bors", stanceModifier: 0, score: 5 });
    const fresh = resolve("momentum", { combatants: [{ name: "Bors", grit: 5, agility: 1, stance: "press" }, { name: "Cyne", grit: 6, agility: 1 }] });
    expect(fresh.result).toMatchObject({ first: "Bors" });
  });

  it("a duel (or a melee card's odds) begun against Bors engaged elsewhere: his Press counts as Standing, so Cyne's 6 beats his 5; fresh, his 7 wins", () => {
    expect(firstRoundMomentum(bors({ engaged: true }), cyne()).holder).toBe("b");
    expect(firstRoundMomentum(bors(), cyne()).holder).toBe("a");
  });

  it("once a pairing holds Momentum no stance counts at all: round two between Bors and Cyne follows the holder, not the stances", () => {
    const { play } = playWith({ a: bors(), b: cyne({ stance: "defend" }) }, [{ actor: "a", opponent: "b", momentum: "b" }]);
    expect(stepsOf(play, "round-one-momentum")).toEqual([]);
    expect(stepsOf(play, "momentum-holder")).toEqual([{ rule: "momentum-holder", holder: "Cyne", buildsFirst: "Bors" }]);
  });
});
