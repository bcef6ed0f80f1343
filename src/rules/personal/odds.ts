import type { Static } from "@sinclair/typebox";
import { parseFormula } from "../../core/dice/formula.js";
import type { Dense } from "../../core/odds/dense.js";
import { formulaOdds } from "../../core/odds/formula.js";
import type { Observation } from "../../core/odds/odds.js";
import { withDefaults } from "../options.js";
import { refusalsOf, tallyFor } from "../odds.js";
import { type ActionOdds, defineOdds, type RulesetAction } from "../ruleset.js";
import { type ArmorRatings, armorAgainst, netDamage, readAttack } from "./attack.js";
import { applyHit, type HitReading, vitalsFrom } from "./combatant.js";
import { personalOptions } from "./options.js";
import type { Target, Weapon } from "./schemas.js";

/**
 * Exact odds of a Personal Combat attack. The Attack Roll's and the Damage Roll's formulas are
 * parsed by the rules' parser and their totals convolved die by die; each attack total is read by
 * `readAttack` against the Defense and `armorAgainst` for the Armor Rating it leaves (halved on a
 * big margin), each damage roll by `netDamage`, and each amount of damage by `applyHit` on the
 * target's Resolve.
 *
 * Chances `hit`, `wounded` (becomes Wounded), `defeated` (becomes defeated), `fateNeeded` (a Wounded
 * target must answer with a Fallen Fate); distributions `damage` (after Armor, 0 on a miss) and
 * `attackTotal`.
 */

type AttackRequest = { attacker: { name: string; weapon: Static<typeof Weapon> }; target: Static<typeof Target>; options?: Record<string, unknown> };

const NAMES = { events: ["hit", "wounded", "defeated", "fateNeeded"], distributions: ["damage", "attackTotal"] };

/**
 * The chance of a miss and, for each Armor Rating a hit leaves, the chance of a hit leaving it: the
 * attack total matters only through these, so hits with the same rating are pooled before the
 * damage roll. Neighbouring totals mostly leave the same rating: a run of them is summed before the
 * map sees it (a run with no chance, such as the none before the first, adds nothing and is passed
 * over). A function of its own, small enough for the engine to fold the rules' readers into it.
 */
function hitsByRating(attackTotals: Dense, defense: number, armor: ArmorRatings, weapon: Static<typeof Weapon>, piercingHalves: boolean): { missed: number; byRating: Map<number, number> } {
  let missed = 0;
  const byRating = new Map<number, number>();
  const totals = attackTotals.p;
  const piercing = weapon.piercing ?? false;
  let runRating = 0;
  let run = 0;
  const flush = () => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a run of no chance would add 0 to the chance of a rating, and 0 to every amount of damage it leaves; skipping it only spares a pass over the Damage Roll
    if (run > 0) byRating.set(runRating, (byRating.get(runRating) ?? 0) + run);
  };
  for (let i = 0; i < totals.length; i += 1) {
    const p = totals[i] as number;
    const { hit, margin } = readAttack(attackTotals.min + i, defense);
    if (!hit) missed += p;
    else {
      const rating = armorAgainst(armor, weapon.damageType, margin, piercing, piercingHalves).rating;
      // Stryker disable next-line ConditionalExpression: each total as its own run adds the same chances in the same order (a rating's totals are consecutive, as the margin that halves Armor is a threshold); runs only spare the map
      if (rating !== runRating) {
        flush();
        runRating = rating;
        run = 0;
      }
      run += p;
    }
  }
  flush();
  return { missed, byRating };
}

export function attackOddsOf(action: RulesetAction): ActionOdds {
  return defineOdds<AttackRequest>({
    exact(request) {
      refusalsOf(action, request);
      const options = withDefaults(personalOptions, request.options);
      const weapon = request.attacker.weapon;
      const vitals = vitalsFrom(request.target);
      const attackTotals = formulaOdds(parseFormula(weapon.attack));
      // The same formula for both rolls is summed once (its distribution is only read).
      // Stryker disable next-line ConditionalExpression: summing one formula twice gives the same distribution, only slower
      const damageRolls = weapon.damage === weapon.attack ? attackTotals : formulaOdds(parseFormula(weapon.damage));
      const tally = tallyFor(NAMES);
      tally.addValues("attackTotal", attackTotals);
      const { missed, byRating } = hitsByRating(attackTotals, request.target.defense, request.target.armor ?? {}, weapon, options.piercingHalvesArmor);
      // Every amount netDamage can give, 0 up to the highest Damage Roll (index 0 is there for a miss).
      const damage = new Float64Array(Math.max(1, damageRolls.min + damageRolls.p.length));
      const rolls = damageRolls.p;
      for (const [rating, p] of byRating) {
        for (let i = 0; i < rolls.length; i += 1) {
          const amount = netDamage(damageRolls.min + i, rating);
          damage[amount] = (damage[amount] as number) + p * (rolls[i] as number);
        }
      }
      // What a hit does (Wounded, defeated, a fate) depends on its amount only against 0 and the
      // Resolve left (see takeDamage; half the Maximum Resolve decides only whether a fate may be
      // ignored): every amount short of the Resolve reads as 1 does, every amount from it on (from 1
      // at 0 Resolve) as the Resolve does. So three amounts are read, each with its class's chance
      // (test/rules/personal/odds.test.ts checks the classes).
      const wounding = Math.max(vitals.resolve, 1);
      let grazes = 0;
      let wounds = 0;
      for (let amount = 1; amount < damage.length; amount += 1) {
        if (amount < wounding) grazes += damage[amount] as number;
        else wounds += damage[amount] as number;
      }
      const byReading = new Map<number, { reading: HitReading; p: number }>();
      const read = (amount: number, p: number) => {
        const reading = applyHit(vitals, amount, options);
        const key = (reading.becameWounded ? 1 : 0) | (reading.becameDefeated ? 2 : 0) | (reading.fateNeeded ? 4 : 0);
        const entry = byReading.get(key) ?? { reading, p: 0 };
        entry.p += p;
        byReading.set(key, entry);
      };
      read(0, damage[0] as number);
      read(1, grazes);
      read(wounding, wounds);
      // A miss deals 0, as resolve reports it.
      damage[0] = (damage[0] as number) + missed;
      tally.addValues("damage", { min: 0, p: damage });
      for (const { reading, p } of byReading.values()) {
        tally.add({ events: { hit: true, wounded: reading.becameWounded, defeated: reading.becameDefeated, fateNeeded: reading.fateNeeded }, values: {} }, p);
      }
      return tally.odds();
    },
    observe(_request, outcome): Observation {
      const result = outcome.result as { hit: boolean; attackTotal: number; damage: number; fate: { needed: boolean } };
      const statuses = new Set(outcome.effects[0]?.statuses);
      return {
        events: { hit: result.hit, wounded: statuses.has("Wounded"), defeated: statuses.has("Defeated"), fateNeeded: result.fate.needed },
        values: { damage: result.damage, attackTotal: result.attackTotal },
      };
    },
  });
}
