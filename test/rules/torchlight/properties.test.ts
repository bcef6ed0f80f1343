import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import type { Outcome } from "../../../src/core/outcome.js";
import { RuleError } from "../../../src/core/ruleError.js";
import { fightDuel } from "../../../src/rules/torchlight/duel.js";
import { torchlightRules } from "../../../src/rules/torchlight/index.js";
import { combatant } from "./helpers.js";

function run(action: string, request: unknown, tray: DiceTray): Outcome {
  const definition = torchlightRules.actions[action];
  if (!definition) throw new Error(action);
  return definition.resolve(request as never, tray);
}

function replays(action: string, request: unknown, seed: number): void {
  let first: Outcome;
  try {
    first = run(action, request, new DiceTray(seededDice(seed)));
  } catch (error) {
    // A refused request is refused again, whatever the dice.
    if (!(error instanceof RuleError)) throw error;
    expect(() => run(action, request, new DiceTray(givenFaces([])))).toThrow(error.message);
    return;
  }
  const again = run(action, request, new DiceTray(givenFaces(first.dice.map((d) => d.face))));
  expect(again).toEqual(first);
}

const stance = fc.constantFrom("aggressive", "steadied", "on-guard", "rearguard");
const die = fc.constantFrom(4, 6, 8, 10, 12);
const seed = fc.integer({ min: 0, max: 2 ** 31 });

const attackRequest = fc.record({
  attacker: fc.record({ name: fc.constant("A"), weaponDie: die, proficiencies: fc.integer({ min: 0, max: 3 }), stance, breath: fc.integer({ min: 0, max: 3 }), dex: fc.integer({ min: 1, max: 19 }) }),
  target: fc.record({ name: fc.constant("T"), stance, incapacitated: fc.boolean() }),
  situation: fc.record({ hidden: fc.boolean(), elevation: fc.constantFrom("above", "level", "below"), targetIsSquad: fc.boolean(), targetDistracted: fc.boolean(), impairments: fc.integer({ min: 0, max: 3 }) }),
  maneuver: fc.record({ name: fc.constantFrom("distract", "feint", "grapple", "trip"), payWith: fc.constantFrom("precision", "breath") }),
});

const vitals = fc.record({ breath: fc.integer({ min: 0, max: 8 }), str: fc.integer({ min: 1, max: 19 }), wil: fc.integer({ min: 1, max: 19 }), incapacitated: fc.boolean() });
const hits = fc.array(fc.record({ target: fc.constantFrom("A", "B"), amount: fc.integer({ min: 0, max: 15 }), damageType: fc.constantFrom("physical", "fire") }), { maxLength: 6 });

describe("torchlight properties", () => {
  it("property: replaying an attack's recorded faces gives the identical outcome", () => {
    fc.assert(fc.property(attackRequest, seed, (request, s) => replays("attack", request, s)));
  });

  it("property: an attack never deals less than its Proficiencies and bonuses plus 1, nor received more than dealt", () => {
    fc.assert(
      fc.property(attackRequest, seed, (request, s) => {
        // No melee from the Rearguard: an attacker drawn there shoots. No Feint: its reroll is what the floor leaves out.
        const attacker = request.attacker.stance === "rearguard" ? { ...request.attacker, weapon: "ranged" } : request.attacker;
        const outcome = run("attack", { ...request, attacker, maneuver: undefined, precision: "extra-die", feint: "keep" }, new DiceTray(seededDice(s)));
        const result = outcome.result as { damage: number; received: number };
        const floor = 1 + request.attacker.proficiencies + (request.attacker.stance === "aggressive" ? 2 : 0) + (request.situation.targetDistracted ? 1 : 0);
        expect(result.damage).toBeGreaterThanOrEqual(floor);
        expect(result.received).toBeLessThanOrEqual(result.damage);
        expect(result.received).toBeGreaterThanOrEqual(result.damage - 1);
      }),
    );
  });

  it("property: replaying a round, a dying spell or an initiative gives the identical outcome", () => {
    fc.assert(
      fc.property(vitals, vitals, hits, seed, (a, b, h, s) => {
        const combatants = [combatant("A", a.breath, { str: a.str, wil: a.wil }, { incapacitated: a.incapacitated }), combatant("B", b.breath, { str: b.str, wil: b.wil }, { stance: "on-guard" })];
        replays("round", { combatants, hits: h, saves: { A: true, B: true } }, s);
        replays("round", { combatants, hits: h }, s);
        replays("dying", { character: combatants[0], damaged: ["str", "wil"], hours: 4 }, s);
        replays("initiative", { combatants: [{ name: "A", dex: a.str }, { name: "B", dex: b.str }] }, s);
      }),
    );
  });

  it("property: at the end of a round DC + ST = 20 and damage is conserved (Breath + Characteristic lost = damage landed) until death", () => {
    fc.assert(
      fc.property(vitals, hits, seed, (a, h, s) => {
        const request = { combatants: [combatant("A", a.breath, { str: a.str, wil: a.wil }, { incapacitated: a.incapacitated }), combatant("B", 3)], hits: h, saves: { A: true, B: true } };
        const outcome = run("round", request, new DiceTray(seededDice(s)));
        const changes = outcome.effects.find((e) => e.participant === "A")?.changes ?? {};
        const lost = (key: string) => {
          const change = changes[key] as { from: number; to: number } | undefined;
          return change ? change.from - change.to : 0;
        };
        for (const c of ["str", "wil"]) {
          const dc = changes[`${c}Dc`] as { to: number } | undefined;
          const st = changes[`${c}St`] as { to: number } | undefined;
          if (dc && st) expect(dc.to + st.to).toBe(20);
        }
        const landed = h.filter((x) => x.target === "A").reduce((sum, x) => sum + x.amount, 0);
        const dead = (outcome.result as { dead: string[] }).dead.includes("A");
        if (!dead) expect(lost("breath") + lost("strDc") + lost("wilDc")).toBe(landed);
        else expect(lost("breath") + lost("strDc") + lost("wilDc")).toBeLessThanOrEqual(landed);
      }),
    );
  });

  it("property: a duel ends with a winner or a draw within the round limit, and replays from its faces", () => {
    const fighter = fc.record({ name: fc.constant("x"), breath: fc.integer({ min: 0, max: 6 }), str: fc.integer({ min: 4, max: 16 }), dex: fc.integer({ min: 4, max: 16 }), wil: fc.constant(10), san: fc.constant(10), luck: fc.constant(10), weaponDie: die, stance });
    fc.assert(
      fc.property(fighter, fighter, seed, (a, b, s) => {
        const tray = new DiceTray(seededDice(s));
        const bout = fightDuel({ ...a, name: "A" }, { ...b, name: "B" }, tray, 30);
        expect(bout.rounds).toBeGreaterThanOrEqual(1);
        expect(bout.rounds).toBeLessThanOrEqual(30);
        expect(fightDuel({ ...a, name: "A" }, { ...b, name: "B" }, new DiceTray(givenFaces(tray.faces())), 30)).toEqual(bout);
      }),
    );
  });
});

describe("torchlight duel", () => {
  it("a fighter who misses the Dex save takes a round of blows unanswered", () => {
    // Dex saves: A 15 vs ST 10 acts, B 2 vs ST 10 waits. Round 1: A's d8 shows 7 on B (Breath 0,
    // Str 10→3, ST 17); B's save 5 fails: A wins in round 1.
    const a = { ...combatant("A", 2), weaponDie: 8 };
    const b = { ...combatant("B", 0), weaponDie: 12 };
    expect(fightDuel(a, b, new DiceTray(givenFaces([15, 2, 7, 5])), 10)).toEqual({ winner: "a", rounds: 1 });
  });

  it("both going down in the same round is a draw", () => {
    const a = { ...combatant("A", 0), weaponDie: 8 };
    const b = { ...combatant("B", 0), weaponDie: 8 };
    // Both act; 5 and 6 land at once; both saves (2, 3) fail.
    expect(fightDuel(a, b, new DiceTray(givenFaces([12, 12, 5, 6, 2, 3])), 10)).toEqual({ winner: "none", rounds: 1 });
  });
});
