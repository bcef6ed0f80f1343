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
import { MANEUVERS, SQUAD_SIZE } from "./tables.js";

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
 * `maneuverSuccess` (every Maneuver taken succeeded). A Precision Strike's choice not yet made
 * (no `precision`) is counted as the extra die: the odds before the roll, of the attacker who takes
 * it. Check, save: chances `success`, `natural20`. Grapple hold: chance `held`.
 */

/** One member's damage roll, as far as the attack's result reads it. */
interface MemberRoll {
  total: number;
  precisionStrike: boolean;
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

/** Weapon die, a Precision Strike's extra die (when taken as a die), a Feint's reroll (the higher counts), + flat additions. */
function memberOdds(plan: DamageDiePlan, flat: number, extraDieOnPrecision: boolean, feint: boolean): Map<string, MemberRoll & { p: number }> {
  const die = dieOdds(plan);
  const out = new Map<string, MemberRoll & { p: number }>();
  const none = [{ value: 0, p: 1 }];
  for (const first of die) {
    for (const extra of first.precisionStrike && extraDieOnPrecision ? die : none) {
      for (const reroll of feint ? die : none) {
        const total = Math.max(0, Math.max(first.value, reroll.value) + extra.value + flat);
        const key = `${total}/${first.precisionStrike}`;
        const p = first.p * extra.p * reroll.p;
        const entry = out.get(key);
        if (entry) entry.p += p;
        else out.set(key, { total, precisionStrike: first.precisionStrike, p });
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
    const members = request.squadMates ? [request.attacker, ...request.squadMates] : [request.attacker];
    const squadRoll = members.length >= SQUAD_SIZE;
    const areaOnHidden = situation.area === true && request.target.hidden === true;
    const edges = attackEdges({ ...situation, impairments: (situation.impairments ?? 0) + (areaOnHidden ? 1 : 0) }, request.target.incapacitated ?? false, squadRoll || situation.squadAttack === true);
    const bonuses = attackBonuses(request.attacker.stance ?? "steadied", situation.targetDistracted ?? false);
    const declared = request.maneuver;
    const breathManeuver = declared?.payWith === "breath" ? declared.name : undefined;
    const precision = declared?.payWith === "precision" ? declared.name : (request.precision ?? "extra-die");
    const precisionManeuver = precision === "extra-die" ? undefined : precision;
    const feint = breathManeuver !== undefined && MANEUVERS[breathManeuver].rerollDamage === true;
    const rolls = members.map((member, index) =>
      memberOdds(
        planFor(member.weaponDie, edges, options),
        (member.proficiencies ?? 0) + (index === 0 ? bonuses.stance + bonuses.distract : bonuses.distract),
        !(index === 0 && precisionManeuver !== undefined),
        index === 0 && feint,
      ),
    );
    // A Squad keeps its best roll through squadHighest, folded one member at a time: first the best
    // of the mates, then the lead against it (the lead's own roll also decides whether a Maneuver
    // paid by a Precision Strike is taken).
    const add = (into: Map<string, MemberRoll & { p: number }>, roll: MemberRoll, p: number) => {
      const key = `${roll.total}/${roll.precisionStrike}`;
      const entry = into.get(key);
      if (entry) entry.p += p;
      else into.set(key, { total: roll.total, precisionStrike: roll.precisionStrike, p });
    };
    let mates: Map<string, MemberRoll & { p: number }> | undefined;
    for (const roll of squadRoll ? rolls.slice(1) : []) {
      if (!mates) {
        mates = roll;
        continue;
      }
      const next = new Map<string, MemberRoll & { p: number }>();
      for (const kept of mates.values()) for (const mate of roll.values()) add(next, squadHighest([kept, mate]) as MemberRoll, kept.p * mate.p);
      mates = next;
    }
    const best: Array<{ lead: MemberRoll; best: MemberRoll; p: number }> = [];
    for (const lead of (rolls[0] as Map<string, MemberRoll & { p: number }>).values()) {
      for (const mate of mates?.values() ?? [undefined]) {
        best.push({ lead, best: mate ? (squadHighest([lead, mate]) as MemberRoll) : lead, p: lead.p * (mate?.p ?? 1) });
      }
    }
    // A Grapple's Dex check is rolled only when the Maneuver is taken, and is independent of the damage.
    // resolve refuses a Grapple without the attacker's Dex, so with none given no check is ever read.
    const holds = checkChance(request.attacker.dex ?? 0);
    const tally = tallyFor(ATTACK_NAMES);
    for (const { lead, best: kept, p } of best) {
      const taken = [breathManeuver, lead.precisionStrike ? precisionManeuver : undefined].filter((name) => name !== undefined);
      const values = { damage: kept.total, received: damageReceived(kept.total, request.target.stance ?? "steadied") };
      const maneuverTaken = taken.length > 0;
      // Every Grapple taken must hold its Dex check for all the Maneuvers to succeed.
      const allHold = holds ** taken.filter((name) => MANEUVERS[name].dexCheck === true).length;
      tally.add({ events: { precisionStrike: kept.precisionStrike, maneuverTaken, maneuverSuccess: maneuverTaken }, values }, p * allHold);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a check that cannot fail would add a failure of chance 0; leaving it out only spares the tally
      if (allHold < 1) tally.add({ events: { precisionStrike: kept.precisionStrike, maneuverTaken, maneuverSuccess: false }, values }, p * (1 - allHold));
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
