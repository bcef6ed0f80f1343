import type { Static } from "@sinclair/typebox";
import { keepTwoOdds, type KeepTwoChance } from "../../core/odds/keepTwo.js";
import { type Observation, type Odds, Tally } from "../../core/odds/odds.js";
import { dicePlan } from "../../core/odds/plan.js";
import type { Outcome } from "../../core/outcome.js";
import { type ActionOdds, defineOdds, type RulesetAction } from "../ruleset.js";
import { attackAction, AttackRequest } from "./actions/attack.js";
import { flourishAction, skillAction } from "./actions/check.js";
import { beats } from "./pool.js";

/**
 * Exact odds of the Queen's Cavaliers' opposed rolls. The pools are the ones `resolve` builds:
 * each action is run once on the lowest and once on the highest faces (purchases left out, since
 * they do not change the dice) and the dice it asks for are read off by label, so Drop, Wounds,
 * range, cover, Advantage and Assists are counted exactly as the rules count them. A pool Drop
 * emptied (house option keepOneDie off) rolls no die and totals 0. Each pool's reading comes from
 * keepTwoOdds; who wins comes from the rules' `beats`.
 *
 * Attack: chances `attackerWins`, `defenderWins` (the defender takes ties); distributions
 * `attackerSuccessPoints` (when the attacker wins; sums to her chance), `defenderSuccessPoints`
 * (when the defender wins), `attackerTotal`, `defenderTotal`.
 * Skill and Flourish: chances `success`, `failure` (ties go to the opposition; Very Easy always
 * succeeds); distributions `successPoints` (on a success), `total`, and `oppositionTotal` when the
 * opposition rolls.
 */

type Plan = Map<string, number[]>;

/**
 * The dice `resolve` rolls for the request without the winner's purchase (`without`): left out, it
 * stops to await that choice before it reads any later one (an attack's landingSpend).
 */
function planOf(action: RulesetAction, request: Record<string, unknown>, without: string): Plan {
  const probe = Object.fromEntries(Object.entries(request).filter(([key]) => key !== without));
  return dicePlan((tray) => action.resolve(probe, tray));
}

/** A pool the rules rolled no die for was emptied by Drop: it reads as no dice (total 0). */
function pool(plan: Plan, label: string): KeepTwoChance[] {
  return keepTwoOdds(plan.get(label) ?? []);
}

/** A pool's readings grouped by total: its chance, and the chance of each SP count at that total. */
function byTotal(readings: readonly KeepTwoChance[]): Map<number, { p: number; points: Map<number, number> }> {
  const totals = new Map<number, { p: number; points: Map<number, number> }>();
  for (const r of readings) {
    const entry = totals.get(r.total) ?? { p: 0, points: new Map<number, number>() };
    entry.p += r.p;
    entry.points.set(r.successPoints, (entry.points.get(r.successPoints) ?? 0) + r.p);
    totals.set(r.total, entry);
  }
  return totals;
}

const ATTACK_NUMBERS = ["attackerSuccessPoints", "defenderSuccessPoints", "attackerTotal", "defenderTotal"];

/** Shared between callers: nobody changes an Odds once made. */
const attackByPools = new Map<string, Odds>();

function attackFromPools(plan: Plan): Odds {
  const tally = new Tally(ATTACK_NUMBERS);
  // Every reading names both events; only a number may never arise (no SP for a side that cannot win).
  tally.declare([], ATTACK_NUMBERS);
  // Who wins depends on the two totals only: each pair of totals is judged once.
  const defence = byTotal(pool(plan, "defence pool"));
  for (const [attackTotal, attack] of byTotal(pool(plan, "attack pool"))) {
    for (const [defenceTotal, defended] of defence) {
      const attackerWins = beats(attackTotal, defenceTotal);
      const [winner, name] = attackerWins ? [attack, "attackerSuccessPoints"] : [defended, "defenderSuccessPoints"];
      const other = attackerWins ? defended : attack;
      for (const [successPoints, p] of winner.points) {
        tally.add({ events: { attackerWins, defenderWins: !attackerWins }, values: { attackerTotal: attackTotal, defenderTotal: defenceTotal, [name]: successPoints } }, p * other.p);
      }
    }
  }
  return tally.odds();
}

export const attackOdds: ActionOdds = defineOdds<Static<typeof AttackRequest>>({
  exact(request) {
    const plan = planOf(attackAction, request, "spend");
    // The odds read nothing but the two pools' dice: the same pools (a fight asks them again and again) are worked out once.
    const shape = `${(plan.get("attack pool") ?? []).join(",")}/${(plan.get("defence pool") ?? []).join(",")}`;
    const known = attackByPools.get(shape);
    if (known) return known;
    const odds = attackFromPools(plan);
    if (attackByPools.size >= 2000) attackByPools.clear();
    attackByPools.set(shape, odds);
    return odds;
  },

  observe(_request, outcome: Outcome): Observation {
    const result = outcome.result as { winner: string; attacker: { total: number; successPoints: number }; defender: { total: number; successPoints: number } };
    const attackerWins = result.winner === "attacker";
    const values: Record<string, number> = { attackerTotal: result.attacker.total, defenderTotal: result.defender.total };
    if (attackerWins) values.attackerSuccessPoints = result.attacker.successPoints;
    else values.defenderSuccessPoints = result.defender.successPoints;
    return { events: { attackerWins, defenderWins: !attackerWins }, values };
  },
});

const CHECK_NUMBERS = ["successPoints", "total", "oppositionTotal"];

/** Skill and Flourish: the roller's pool against Standard Opposition (none at Very Easy). */
function checkOdds(action: RulesetAction, label: string, without: string): ActionOdds {
  return {
    exact(request) {
      const plan = planOf(action, request as Record<string, unknown>, without);
      const tally = new Tally(CHECK_NUMBERS);
      // Every reading names both events; only a number may never arise (no opposition at Very Easy).
      tally.declare([], CHECK_NUMBERS);
      const roller = pool(plan, label);
      const opposition = plan.has("opposition") ? pool(plan, "opposition") : null;
      for (const r of roller) {
        for (const o of opposition ?? [null]) {
          const success = o === null || beats(r.total, o.total);
          const values: Record<string, number> = { total: r.total };
          if (o) values.oppositionTotal = o.total;
          if (success) values.successPoints = r.successPoints;
          tally.add({ events: { success, failure: !success }, values }, r.p * (o?.p ?? 1));
        }
      }
      return tally.odds();
    },
    observe(_request, outcome) {
      const result = outcome.result as { success: boolean; total: number; successPoints: number; oppositionTotal: number | null };
      const values: Record<string, number> = { total: result.total };
      if (result.oppositionTotal !== null) values.oppositionTotal = result.oppositionTotal;
      if (result.success) values.successPoints = result.successPoints;
      return { events: { success: result.success, failure: !result.success }, values };
    },
  };
}

export const skillOdds = checkOdds(skillAction, "skill pool", "spend");
export const flourishOdds = checkOdds(flourishAction, "flourish pool", "style");
