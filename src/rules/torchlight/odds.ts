import { type DamageDiePlan, rollDamageDie } from "../../core/dice/damageDie.js";
import { checkSucceeds } from "../../core/dice/d20.js";
import { enumerateDice, groupOutcomes } from "../../core/odds/enumerate.js";
import type { Observation } from "../../core/odds/odds.js";
import type { Outcome } from "../../core/outcome.js";
import { enumeratedOdds, refusalsOf, tallyFor } from "../odds.js";
import { type ActionOdds, defineOdds } from "../ruleset.js";
import { attackAction, type AttackRequest } from "./actions/attack.js";
import { checkAction, grappleHoldAction, saveAction } from "./actions/rolls.js";
import { attackBonuses, attackEdges, damageReceived, planFor, squadHighest } from "./attack.js";
import { readOptions } from "./options.js";
import { type ManeuverName, MANEUVERS, SQUAD_SIZE } from "./tables.js";

/**
 * Exact odds of Beyond the Torchlight's rolls. A check, a save and a grapple's hold are one d20:
 * `resolve` itself is run on all twenty faces. An attack has no roll to hit, so its odds are the
 * distribution of its damage: each member's damage die is listed by running the rules'
 * `rollDamageDie` on every face (Enhanced and Impaired included), a Precision Strike's extra die and
 * a Feint's reroll are added as `rollDamage` adds them, and a Squad keeps its best roll through the
 * rules' own `squadHighest`.
 *
 * Attack: distributions `damage` (before the target's stance) and `received`; chances
 * `precisionStrike` (of the roll that counts) and, with a Maneuver, `maneuverTaken` and
 * `maneuverSuccess` (every Maneuver taken succeeded, a Squad mate's included). Each member rolls
 * with her own stance and makes her own Precision Strike choice. A Precision Strike's choice not yet
 * made (no `precision`) is counted as the extra die, and a Feint not yet chosen as none: the odds
 * before the roll, of the attacker who takes the die as it falls. A Feint chosen in advance rerolls
 * only a die below its maximum. Check, save: chances `success`, `natural20`. Grapple hold: chance
 * `held`.
 */

/**
 * What the attack's result reads of its members once they are all rolled: the total and Precision
 * Strike of the roll that counts (the best so far), how many Maneuvers were taken, and the chance
 * every Grapple among them holds its Dex check (independent of the damage).
 */
interface Rolled {
  total: number;
  precisionStrike: boolean;
  taken: number;
  holds: number;
  p: number;
}

interface DieFace {
  value: number;
  precisionStrike: boolean;
  p: number;
}

function dieOdds(plan: DamageDiePlan): DieFace[] {
  // Stryker disable next-line StringLiteral: a die's label names it on a card; listing its faces never reads it
  const listed = enumerateDice((tray) => rollDamageDie(tray, plan, "damage die"));
  return groupOutcomes(listed.outcomes, (die) => `${die.value}/${die.precisionStrike}`).map(({ value, p }) => ({ value: value.value, precisionStrike: value.precisionStrike, p }));
}

/** Adds a chance to a distribution of rolls, merging equal ones. */
function addRolled(into: Map<string, Rolled>, roll: Omit<Rolled, "p">, p: number): void {
  const key = `${roll.total}/${roll.precisionStrike}/${roll.taken}/${roll.holds}`;
  const entry = into.get(key);
  if (entry) entry.p += p;
  else into.set(key, { ...roll, p });
}

/** What one member does with her roll: the flat additions, and what she takes on a Precision Strike and otherwise. */
interface MemberPlan {
  plan: DamageDiePlan;
  flat: number;
  /** A Maneuver taken instead of the extra die on a Precision Strike (else the extra die). */
  onPrecision: ManeuverName | undefined;
  /** A Feint bought when the die is below its maximum: its reroll, the higher counting. */
  feint: boolean;
  /** Maneuvers taken whatever the die (one bought with Breath before the roll). */
  always: readonly ManeuverName[];
  /** The chance her Grapple's Dex check holds. */
  holds: number;
}

/** Weapon die, a Precision Strike's extra die (when taken as a die), a Feint's reroll (the higher counts), + flat additions. */
function memberOdds(member: MemberPlan): Map<string, Rolled> {
  const die = dieOdds(member.plan);
  const out = new Map<string, Rolled>();
  const none = [{ value: 0, p: 1 }];
  for (const first of die) {
    const onPrecision = first.precisionStrike ? member.onPrecision : undefined;
    const feint = member.feint && !first.precisionStrike;
    const taken = [...member.always, ...(onPrecision ? [onPrecision] : []), ...(feint ? ["feint" as const] : [])];
    const holds = member.holds ** taken.filter((name) => MANEUVERS[name].dexCheck === true).length;
    for (const extra of first.precisionStrike && onPrecision === undefined ? die : none) {
      for (const reroll of feint ? die : none) {
        const total = Math.max(0, Math.max(first.value, reroll.value) + extra.value + member.flat);
        addRolled(out, { total, precisionStrike: first.precisionStrike, taken: taken.length, holds }, first.p * extra.p * reroll.p);
      }
    }
  }
  return out;
}

const ATTACK_NAMES = { events: ["precisionStrike", "maneuverTaken", "maneuverSuccess"], distributions: ["damage", "received"] };

export const attackOdds: ActionOdds = defineOdds<AttackRequest>({
  exact(request) {
    refusalsOf(attackAction, request);
    const options = readOptions(request.options);
    const situation = request.situation ?? {};
    const attacker = request.attacker;
    const mates = request.squadMates ?? [];
    const squadRoll = mates.length + 1 >= SQUAD_SIZE;
    const areaOnHidden = situation.area === true && request.target.hidden === true;
    const edges = attackEdges({ ...situation, impairments: (situation.impairments ?? 0) + (areaOnHidden ? 1 : 0) }, request.target.incapacitated ?? false, squadRoll || situation.squadAttack === true);
    const distracted = situation.targetDistracted ?? false;
    const declared = request.maneuver;
    const declaredFeint = declared?.payWith === "breath" && MANEUVERS[declared.name].rerollDamage === true;
    const precisionChoice = (choice: string | undefined): ManeuverName | undefined => (choice === undefined || choice === "extra-die" ? undefined : (choice as ManeuverName));
    const lead = attackBonuses(attacker.stance ?? "steadied", distracted);
    // A choice not yet made is counted as the extra die, and as no Feint: the odds before the roll.
    const members: MemberPlan[] = [
      {
        plan: planFor(attacker.weaponDie, edges, options),
        flat: (attacker.proficiencies ?? 0) + lead.stance + lead.distract,
        onPrecision: precisionChoice(declared?.payWith === "precision" ? declared.name : request.precision),
        feint: declaredFeint || request.feint === "reroll",
        always: declared?.payWith === "breath" && !declaredFeint ? [declared.name] : [],
        // resolve refuses a Grapple without the attacker's Dex, so with none given no check is ever read.
        holds: checkChance(attacker.dex ?? 0),
      },
      ...mates.map((mate) => {
        const own = attackBonuses(mate.stance ?? "steadied", distracted);
        return { plan: planFor(mate.weaponDie, edges, options), flat: (mate.proficiencies ?? 0) + own.stance + own.distract, onPrecision: precisionChoice(mate.precision), feint: false, always: [], holds: checkChance(mate.dex ?? 0) };
      }),
    ];
    // The roll that counts is the first of the highest totals (squadHighest, folded member by member in order); Maneuvers add up over every member.
    let rolled = memberOdds(members[0]!);
    for (const member of members.slice(1)) {
      const next = new Map<string, Rolled>();
      const rolls = [...memberOdds(member).values()];
      for (const kept of rolled.values()) {
        for (const roll of rolls) {
          const best = squadHighest([kept, roll])!;
          addRolled(next, { total: best.total, precisionStrike: best.precisionStrike, taken: kept.taken + roll.taken, holds: kept.holds * roll.holds }, kept.p * roll.p);
        }
      }
      rolled = next;
    }
    const tally = tallyFor(ATTACK_NAMES);
    for (const { total, precisionStrike, taken, holds, p } of rolled.values()) {
      const values = { damage: total, received: damageReceived(total, request.target.stance ?? "steadied") };
      const maneuverTaken = taken > 0;
      tally.add({ events: { precisionStrike, maneuverTaken, maneuverSuccess: maneuverTaken }, values }, p * holds);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a check that cannot fail would add a failure of chance 0; leaving it out only spares the tally
      if (holds < 1) tally.add({ events: { precisionStrike, maneuverTaken, maneuverSuccess: false }, values }, p * (1 - holds));
    }
    return tally.odds();
  },
  observe(_request, outcome: Outcome): Observation {
    const result = outcome.result as { damage: number; received: number; precisionStrike: boolean; maneuvers?: { success: boolean }[] };
    const taken = result.maneuvers ?? [];
    return {
      events: { precisionStrike: result.precisionStrike, maneuverTaken: taken.length > 0, maneuverSuccess: taken.length > 0 && taken.every((m) => m.success) },
      values: { damage: result.damage, received: result.received },
    };
  },
});

/** The chance a d20 check at this DC succeeds: the share of the twenty faces the rules' own check passes. */
function checkChance(dc: number): number {
  return Array.from({ length: 20 }, (_, face) => face + 1).filter((roll) => checkSucceeds(roll, dc)).length / 20;
}

const d20 = (outcome: Outcome): Observation => {
  const result = outcome.result as { success: boolean; natural20: boolean };
  return { events: { success: result.success, natural20: result.natural20 }, values: {} };
};
const D20_NAMES = { events: ["success", "natural20"], distributions: [] };

export const checkOdds = enumeratedOdds(checkAction, D20_NAMES, (_request: unknown, outcome: Outcome) => d20(outcome));
export const saveOdds = enumeratedOdds(saveAction, D20_NAMES, (_request: unknown, outcome: Outcome) => d20(outcome));
export const grappleHoldOdds = enumeratedOdds(grappleHoldAction, { events: ["held"], distributions: [] }, (_request: unknown, outcome: Outcome) => ({
  events: { held: (outcome.result as { held: boolean }).held },
  values: {},
}));

/** One branch of the Feint choice: the damage it deals (before the target's stance), exactly. */
export interface FeintBranch {
  /** Each damage total with its chance, lowest first. */
  damage: { value: number; p: number }[];
  mean: number;
}

/**
 * Both branches of the Feint choice once the lead's damage die shows `kept` (Fray's own reading of
 * the attack: the same edges, stance and Proficiencies `resolve` uses): keeping it deals that much,
 * while rerolling for 1 Breath deals the higher of it and the reroll, each face of the reroll
 * listed by the rules' `rollDamageDie`. `better` is the chance the reroll deals more.
 */
export function feintBranches(request: AttackRequest, kept: number): { keep: FeintBranch; reroll: FeintBranch; better: number } {
  const options = readOptions(request.options);
  const situation = request.situation ?? {};
  const mates = request.squadMates ?? [];
  const areaOnHidden = situation.area === true && request.target.hidden === true;
  const edges = attackEdges({ ...situation, impairments: (situation.impairments ?? 0) + (areaOnHidden ? 1 : 0) }, request.target.incapacitated ?? false, mates.length + 1 >= SQUAD_SIZE || situation.squadAttack === true);
  const bonus = attackBonuses(request.attacker.stance ?? "steadied", situation.targetDistracted ?? false);
  const flat = (request.attacker.proficiencies ?? 0) + bonus.stance + bonus.distract;
  const total = (dice: number) => Math.max(0, dice + flat);
  const reroll = new Map<number, number>();
  let better = 0;
  for (const face of dieOdds(planFor(request.attacker.weaponDie, edges, options))) {
    const value = total(Math.max(kept, face.value));
    reroll.set(value, (reroll.get(value) ?? 0) + face.p);
    if (face.value > kept) better += face.p;
  }
  const damage = [...reroll].map(([value, p]) => ({ value, p })).sort((a, b) => a.value - b.value);
  return { keep: { damage: [{ value: total(kept), p: 1 }], mean: total(kept) }, reroll: { damage, mean: damage.reduce((sum, d) => sum + d.value * d.p, 0) }, better };
}
