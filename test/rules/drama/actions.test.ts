import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { runCli } from "../../../src/cli/run.js";
import { dramaRules } from "../../../src/rules/drama/index.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { resolveMeleeRound } from "../../../src/rules/drama/round.js";
import { SHIELD_SIZES, STANCES, WEAPON_CLASSES } from "../../../src/rules/drama/tables.js";
import { defaults, fyrd, MULTI, warrior } from "./fixtures.js";

const combatant = (name: string): fc.Arbitrary<Combatant> =>
  fc.record({
    name: fc.constant(name),
    physical: fc.integer({ min: 1, max: 5 }),
    agility: fc.integer({ min: 1, max: 5 }),
    skill: fc.integer({ min: 0, max: 6 }),
    grit: fc.integer({ min: 0, max: 8 }),
    flesh: fc.integer({ min: 1, max: 9 }),
    weapon: fc.constantFrom(...WEAPON_CLASSES),
    harness: fc.integer({ min: 0, max: 8 }),
    shield: fc.constantFrom(...SHIELD_SIZES),
    stance: fc.constantFrom(...STANCES),
    drama: fc.integer({ min: 0, max: 2 }),
    situationalResistance: fc.integer({ min: 0, max: 4 }),
  });

const action = (name: string) => {
  const found = dramaRules.actions[name];
  if (!found) throw new Error(`no action ${name}`);
  return found;
};

describe("drama actions", () => {
  it("replaying an outcome's recorded faces gives the identical outcome (melee, ranged, multiple)", () => {
    fc.assert(
      fc.property(combatant("A"), combatant("B"), combatant("C"), fc.nat(), (a, b, c, seed) => {
        const requests: Array<[string, unknown]> = [
          ["melee", { a, b }],
          ["ranged", { shooter: a, target: b, situation: { range: "mid" }, bonuses: ["aiming"] }],
          ["multiple", { actor: a, opponents: [{ opponent: b }, { opponent: c }] }],
        ];
        for (const [name, request] of requests) {
          const tray = new DiceTray(seededDice(seed));
          const first = action(name).resolve(request, tray);
          const replay = action(name).resolve(request, new DiceTray(givenFaces(tray.faces())));
          expect(replay).toEqual(first);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a full blow's damage is conserved: Grit lost + Flesh transferred + discarded = level, transfer at most 3", () => {
    fc.assert(
      fc.property(combatant("A"), combatant("B"), fc.nat(), (a, b, seed) => {
        const round = resolveMeleeRound({ a, b, momentum: "a", options: defaults }, new DiceTray(seededDice(seed)));
        const j = round.judgement;
        if (j.winner === "none" || round.noBlow || j.blow !== "full") return;
        const loser = j.winner === "a" ? "b" : "a";
        const hit = round.sides[loser].struck;
        expect(hit).toBeDefined();
        expect(hit!.gritLost + hit!.transferred + hit!.discarded).toBe(j.level);
        expect(hit!.transferred).toBeLessThanOrEqual(3);
        expect(hit!.wound?.flesh ?? 0).toBe(Math.max(0, hit!.incomingFlesh - hit!.blocks));
      }),
      { numRuns: 200 },
    );
  });

  it(`${MULTI}, Fight 1 through the multiple action: outcome, effects on the warrior and both fyrd`, () => {
    const faces = [4, 3, 3, 1, 6, 2, 1, 1, 6, 3, 2, 1, 1, 5, 4, 2, 1, 4, 3, 1, 5, 4, 4, 3, 2, 2];
    const request = { actor: warrior, opponents: [{ opponent: fyrd("Fyrd 1"), momentum: "actor" }, { opponent: fyrd("Fyrd 2"), momentum: "actor" }] };
    const outcome = action("multiple").resolve(request, new DiceTray(givenFaces(faces)));
    expect(outcome.result).toEqual({
      fights: [
        { opponent: "Fyrd 1", kind: "win", winner: "Warrior", level: 2, momentum: "Warrior", momentumSide: "actor" },
        { opponent: "Fyrd 2", kind: "marginal-win", winner: "Fyrd 2", level: 0, momentum: "Fyrd 2", momentumSide: "opponent2" },
      ],
      actorDisadvantage: "none",
    });
    expect(outcome.effects[0]).toEqual({ participant: "Warrior", changes: { grit: { from: 6, to: 5 } } });
    expect(outcome.effects[1]?.changes).toMatchObject({ grit: { from: 3, to: 1 }, flesh: { from: 7, to: 5 }, penaltyDice: { from: 0, to: 1 } });
    expect(outcome.effects[2]).toEqual({ participant: "Fyrd 2", changes: {} });
    expect(outcome.dice.map((d) => d.face)).toEqual(faces);
  });

  it("without a Momentum holder, melee works out round-one Momentum first", () => {
    const outcome = action("melee").resolve({ a: { ...fyrd("Low"), grit: 3 }, b: { ...fyrd("High"), grit: 5 } }, new DiceTray(seededDice(1)));
    const rules = outcome.steps.map((step) => step.rule);
    expect(rules.slice(0, 4)).toEqual(["stance", "stance", "round-one-momentum", "momentum-holder"]);
    expect(outcome.steps[2]).toMatchObject({ rule: "round-one-momentum", holder: "High" });
    expect(outcome.steps[3]).toMatchObject({ rule: "momentum-holder", holder: "High", buildsFirst: "Low" });
  });

  it("the momentum action ranks with stance modifiers; ranged order goes by Agility", () => {
    const tray = new DiceTray(givenFaces([]));
    const melee = action("momentum").resolve({ combatants: [{ name: "Farmer 1", grit: 7, agility: 2 }, { name: "Farmer 2", grit: 7, agility: 2, stance: "press" }] }, tray);
    expect(melee.result).toEqual({ order: ["Farmer 2", "Farmer 1"], first: "Farmer 2", unresolvedTies: [] });
    const ranged = action("momentum").resolve({ for: "ranged", combatants: [{ name: "Slow", agility: 2 }, { name: "Quick", agility: 4 }] }, tray);
    expect(ranged.result).toMatchObject({ first: "Quick" });
  });

  it("a duel fights to a knock-out or pass-out within the round limit, and repeats for the same seed", () => {
    const a = { name: "A", physical: 3, agility: 3, skill: 3, grit: 5, flesh: 7, weapon: "large" as const, harness: 2 };
    const b = { ...a, name: "B", weapon: "medium" as const };
    const first = dramaRules.duel.fight(a, b, new DiceTray(seededDice(5)), 50);
    expect(["a", "b"]).toContain(first.winner);
    expect(first.rounds).toBeGreaterThan(0);
    expect(first.rounds).toBeLessThanOrEqual(50);
    expect(dramaRules.duel.fight(a, b, new DiceTray(seededDice(5)), 50)).toEqual(first);
  });

  it("the command line refuses a bad stance and too many military dice as armour, with exit 2", () => {
    const bad = runCli(["resolve"], () => JSON.stringify({ ruleset: "drama", action: "melee", a: { ...warrior, stance: "charge" }, b: fyrd("F") }));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/a\.stance/);
    const military = runCli(["resolve"], () => JSON.stringify({ ruleset: "drama", action: "melee", a: { ...warrior, militaryAsArmour: 3 }, b: fyrd("F") }));
    expect(military.code).toBe(2);
  });
});
