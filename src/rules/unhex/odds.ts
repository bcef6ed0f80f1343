import type { Static } from "@sinclair/typebox";
import { gradePercentile, type PercentileCheck, readPercentile } from "../../core/dice/percentile.js";
import { enumerateDice } from "../../core/odds/enumerate.js";
import type { Observation } from "../../core/odds/odds.js";
import type { Outcome } from "../../core/outcome.js";
import { ownValue } from "../../core/ownKey.js";
import { refusalsOf, tallyFor } from "../odds.js";
import { type ActionOdds, defineOdds } from "../ruleset.js";
import { attackAction, type Request as AttackRequest } from "./actions/attack.js";
import { splitOffer } from "./hit.js";
import { compareUnhex } from "./opposed.js";
import { defaultDamageDie, type DieName, whoPicks } from "./pick.js";
import { characterOf, rollerOf } from "./requests.js";
import { applyCritical, applyReroll, type CriticalChoice, criticalOffered, finishRoll, type RerollChoice, type Roller, rerollOffered, rollDice, type RollState } from "./roll.js";
import type { RollerRequest } from "./schemas.js";
import { HIT_LOCATIONS } from "./tables.js";

/**
 * Exact odds of Unhex's percentile rolls, with every choice after the dice either as the request
 * gives it or, where the request leaves it to the table, as a player playing for success would
 * make it: a good roller rerolls after a failure the dice that most raise her chance (and keeps a
 * success), a critical success takes the extra action, whoever splits a hit's dice takes the
 * split the rules' default gives them (the attacker the higher damage, a covered target the lower),
 * and an attack nobody reacts to. A choice the request gives is applied wherever the dice offer it,
 * as `resolve` applies it. Each roll is listed by running the rules' own roll steps on every face
 * it can draw (enumerateDice), so rerolls, criticals and their grades are the rules'.
 *
 * Check: chances `success`, `criticalSuccess`, `criticalFailure`, `extraAction`,
 * `losesNextAction`; distribution `reading`. Opposed: chances `aWins`, `bWins`, `tie`. Attack:
 * chances `hit`, `defended` (a Defend that made the attack miss), `counterHit`, `extraAction`,
 * `losesNextAction` (the attacker's), and `location.<id>` for each hit location; distributions
 * `damage` (on a hit) and `counterDamage` (a Counterattack that hits).
 */

interface RollChance {
  check: PercentileCheck;
  extraAction: boolean;
  losesNextAction: boolean;
  p: number;
}

/** Which readings succeed against a level, by the rules' own grading: kept by level, since every reroll weighed asks of all of them. */
const successesAt = new Map<number, boolean[]>();
function successes(level: number): boolean[] {
  let table = successesAt.get(level);
  if (!table) {
    table = [];
    for (let tens = 0; tens < 10; tens += 1) for (let units = 0; units < 10; units += 1) table.push(gradePercentile({ tens, units, reading: readPercentile(tens, units) }, level).success);
    successesAt.set(level, table);
  }
  return table;
}

/** The chance that rerolling these dice turns this roll into a success. */
function successAfter(check: PercentileCheck, dice: "tens" | "units" | "both"): number {
  const succeeds = successes(check.level);
  let hits = 0;
  let ways = 0;
  for (const tens of dice === "units" ? [check.tens] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    for (const units of dice === "tens" ? [check.units] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      ways += 1;
      if (succeeds[tens * 10 + units]) hits += 1;
    }
  }
  return hits / ways;
}

/** The best reroll depends only on the reading and the level, and every listing of a roll asks it of many throws: kept by both. */
const bestRerolls = new Map<number, RerollChoice>();

/** A player playing for success: after a failure, the reroll with the best chance (none when no reroll helps). */
export function bestReroll(check: PercentileCheck): RerollChoice {
  if (check.success) return "none";
  const key = check.level * 128 + check.tens * 10 + check.units;
  const known = bestRerolls.get(key);
  if (known !== undefined) return known;
  const chosen = rerollFor(check);
  bestRerolls.set(key, chosen);
  return chosen;
}

function rerollFor(check: PercentileCheck): RerollChoice {
  let best: RerollChoice = "none";
  let chance = 0;
  for (const dice of ["tens", "units", "both"] as const) {
    const p = successAfter(check, dice);
    if (p > chance) [best, chance] = [dice, p];
  }
  return best;
}

/**
 * A good roller's choice after seeing her dice (issue 38: both branches): for each answer, the chance
 * the roll then stands a success. Keeping is certain (the roll as it is); a reroll counts every face
 * the rerolled dice can show, read as the rules read a roll (gradePercentile).
 */
export function rerollBranches(check: PercentileCheck): Record<RerollChoice, number> {
  return { none: check.success ? 1 : 0, tens: successAfter(check, "tens"), units: successAfter(check, "units"), both: successAfter(check, "both") };
}

/** A roll's end: the given critical choice (or the extra action), then what the roll does to the roller's actions. */
function endRoll(state: RollState, critical: CriticalChoice | undefined, inCombat: boolean) {
  return finishRoll(criticalOffered(state) ? applyCritical(state, critical ?? "extra-action") : state, inCombat);
}

/** A finished roll's key, as bits: the reading (one for each pair of dice), the grade and what it does to the roller's actions. */
const rollKey = (roll: { check: PercentileCheck; extraAction: boolean; losesNextAction: boolean }) =>
  (roll.check.reading << 4) | (GRADES.indexOf(roll.check.grade) << 2) | (roll.extraAction ? 2 : 0) | (roll.losesNextAction ? 1 : 0);
const GRADES = ["critical-success", "success", "failure", "critical-failure"];

/**
 * Every way one roll can end, with its chance: the rules' own steps (rollDice, applyReroll,
 * applyCritical, finishRoll) run on every face, stage by stage. The first throw is listed once; a
 * reroll throws the named dice again and keeps the others, so what it leads to depends on the dice
 * it keeps (and the level and the roller, the same throughout): first throws that keep the same
 * dice share one listing of the reroll. So a roll that rerolls both dice is listed in 200 runs of
 * the rules, not 10,000, and each run is still the rules' own.
 */
function rollOdds(roller: Roller, reroll: RerollChoice | undefined, critical: CriticalChoice | undefined, inCombat = true): readonly RollChance[] {
  // The name only labels the dice: the same roller under any name ends the same ways.
  const key = `${roller.level}/${roller.maxLevel}/${roller.pc}/${roller.good === true}/${reroll}/${JSON.stringify(critical)}/${inCombat}`;
  const known = rollEnds.get(key);
  if (known) return known;
  const ends = listRollEnds(roller, reroll, critical, inCombat);
  if (rollEnds.size >= 2000) rollEnds.clear();
  rollEnds.set(key, ends);
  return ends;
}

/** Every roll's ends, kept by roller and choices: a fight asks the same few again and again. */
const rollEnds = new Map<string, readonly RollChance[]>();

function listRollEnds(roller: Roller, reroll: RerollChoice | undefined, critical: CriticalChoice | undefined, inCombat: boolean): RollChance[] {
  const ends = new Map<number, RollChance>();
  const add = (roll: { check: PercentileCheck; extraAction: boolean; losesNextAction: boolean }, p: number) => {
    const key = rollKey(roll);
    const entry = ends.get(key);
    if (entry) entry.p += p;
    else ends.set(key, { check: roll.check, extraAction: roll.extraAction, losesNextAction: roll.losesNextAction, p });
  };
  const rerolled = new Map<string, Array<{ value: ReturnType<typeof finishRoll>; p: number }>>();
  // The dice are labelled with the roller's name: a label only names them on a card.
  for (const first of enumerateDice((tray) => rollDice(tray, roller, roller.name)).outcomes) {
    const state = first.value;
    if (!rerollOffered(state)) {
      add(endRoll(state, critical, inCombat), first.p);
      continue;
    }
    const dice = reroll ?? bestReroll(state.check);
    // Stryker disable next-line ConditionalExpression,StringLiteral: a key that tells more throws apart only lists the same reroll again, each listing the rules' own run
    const kept = dice === "both" ? "" : dice === "tens" ? `u${state.check.units}` : dice === "units" ? `t${state.check.tens}` : `${state.check.tens}${state.check.units}`;
    const key = `${dice}/${kept}`;
    const listed = rerolled.get(key) ?? enumerateDice((tray) => endRoll(applyReroll(tray, state, dice), critical, inCombat)).outcomes;
    rerolled.set(key, listed);
    for (const end of listed) add(end.value, first.p * end.p);
  }
  return [...ends.values()];
}

const CHECK_NAMES = { events: ["success", "criticalSuccess", "criticalFailure", "extraAction", "losesNextAction"], distributions: ["reading"] };

export const checkOdds: ActionOdds = defineOdds<{ character: RollerRequest; reroll?: RerollChoice; critical?: CriticalChoice; inCombat?: boolean }>({
  exact(request) {
    const tally = tallyFor(CHECK_NAMES);
    for (const roll of rollOdds(rollerOf(request.character), request.reroll, request.critical, request.inCombat)) {
      const { check } = roll;
      tally.add(
        {
          events: { success: check.success, criticalSuccess: check.grade === "critical-success", criticalFailure: check.grade === "critical-failure", extraAction: roll.extraAction, losesNextAction: roll.losesNextAction },
          values: { reading: check.reading },
        },
        roll.p,
      );
    }
    return tally.odds();
  },
  observe(_request, outcome: Outcome): Observation {
    const result = outcome.result as { success: boolean; grade: string; reading: number };
    // A check has one effect, the roller's, and only when the roll gained or lost her an action.
    const statuses = new Set(outcome.effects[0]?.statuses);
    return {
      events: {
        success: result.success,
        criticalSuccess: result.grade === "critical-success",
        criticalFailure: result.grade === "critical-failure",
        extraAction: statuses.has("extra-action"),
        losesNextAction: statuses.has("loses-next-action"),
      },
      values: { reading: result.reading },
    };
  },
});

const OPPOSED_NAMES = { events: ["aWins", "bWins", "tie"], distributions: [] };

function opposedEvents(winner: string): Observation["events"] {
  return { aWins: winner === "a", bWins: winner === "b", tie: winner === "none" };
}

type Choices = { rerolls?: Readonly<Record<string, RerollChoice | undefined>>; criticals?: Readonly<Record<string, CriticalChoice | undefined>> };
const rerollOf = (request: Choices, who: string) => (request.rerolls ? ownValue(request.rerolls, who) : undefined);
const criticalOf = (request: Choices, who: string) => (request.criticals ? ownValue(request.criticals, who) : undefined);

export const opposedOdds: ActionOdds = defineOdds<{ a: RollerRequest; b: RollerRequest } & Choices>({
  exact(request) {
    const [a, b] = [rollerOf(request.a), rollerOf(request.b)];
    const tally = tallyFor(OPPOSED_NAMES);
    // Who wins reads only the two checks, not what a critical failure costs in combat.
    const sideOf = (roller: Roller, who: "a" | "b") => rollOdds(roller, rerollOf(request, who), criticalOf(request, who)).map((roll) => ({ side: { pc: roller.pc, ...roll.check }, p: roll.p }));
    const bRolls = sideOf(b, "b");
    // Every pair is judged by compareUnhex; the tally sees the three results once each.
    const won = { a: 0, b: 0, none: 0 };
    for (const x of sideOf(a, "a")) for (const y of bRolls) won[compareUnhex(x.side, y.side)] += x.p * y.p;
    for (const [winner, p] of Object.entries(won)) tally.add({ events: opposedEvents(winner), values: {} }, p);
    return tally.odds();
  },
  observe(_request, outcome) {
    // The winning side, "a" or "b"; none on a tie.
    const { side } = outcome.result as { side: "a" | "b" | null };
    return { events: opposedEvents(side ?? "none"), values: {} };
  },
});

const LOCATIONS = HIT_LOCATIONS.locations.map((location) => `location.${location.id}`);
const ATTACK_NAMES = { events: ["hit", "defended", "counterHit", "extraAction", "losesNextAction", ...LOCATIONS], distributions: ["damage", "counterDamage"] };

type AttackRequestT = Static<typeof AttackRequest>;

/** The declared reaction, in its short form. */
function reactionOf(request: AttackRequestT): "none" | "defend" | "counterattack" {
  const given = request.reaction;
  // Stryker disable next-line StringLiteral: any word but defend or counterattack is no reaction, to these odds and to resolve's refusals alike
  if (given === undefined) return "none";
  return typeof given === "string" ? given : given.kind;
}

export const attackOdds: ActionOdds = defineOdds<AttackRequestT>({
  exact(request) {
    const reaction = reactionOf(request);
    // Without a map, the odds are those of the range and cover asked for, as the GM would rule them.
    const ruling = request.ruling ?? request.asked;
    // The rules' own refusals first (reach, sight, a reaction not allowed), on a request that has its reaction.
    const probe = refusalsOf(attackAction, { ...request, reaction, ...(ruling ? { ruling } : {}) });
    // resolve's reach (or an Intercept's reach) step, after the GM's ruling if any, says the cover it read.
    const cover = probe.steps.find((step) => step.rule.endsWith("reach"))!.cover === true;
    const attacker = characterOf(request.attacker);
    const target = characterOf(request.target);
    // A hit's damage and location: the rules' offer of the two splits, read at the die given or, when
    // none is, at the one the picker's default takes. What it does to the one hit no odds read.
    const land = (check: PercentileCheck, picker: "attacker" | "target", die: DieName | undefined) => splitOffer(check)[die ?? defaultDamageDie(picker, check)];
    // Stryker disable next-line ConditionalExpression,StringLiteral,ArrayDeclaration: with no reaction, nothing reads the reaction's roll (only a Defend or a Counterattack does)
    const reactions = reaction === "none" ? [] : rollOdds(rollerOf(request.target), rerollOf(request, "target"), criticalOf(request, "target"));
    const answers = reactions.map((answer) => ({ side: { pc: target.pc, ...answer.check }, p: answer.p }));
    // A Counterattack's own hit depends on the answer alone: answers that deal the same are pooled.
    const counters = new Map<number, number>();
    if (reaction === "counterattack") {
      for (const answer of reactions) {
        const damage = answer.check.success ? land(answer.check, whoPicks(false, request.attacker.shield === true), request.counterDamageDie).damage : -1;
        counters.set(damage, (counters.get(damage) ?? 0) + answer.p);
      }
    } else counters.set(-1, 1);
    const tally = tallyFor(ATTACK_NAMES);
    for (const attack of rollOdds(rollerOf(request.attacker), rerollOf(request, "attacker"), criticalOf(request, "attacker"))) {
      // The chance a Defend beats this attack, judged by compareUnhex against every answer.
      let defendedP = 0;
      if (reaction === "defend") {
        const side = { pc: attacker.pc, ...attack.check };
        for (const answer of answers) if (compareUnhex(side, answer.side) === "b") defendedP += answer.p;
      }
      for (const [defended, q] of [[false, 1 - defendedP], [true, defendedP]] as const) {
        // Stryker disable next-line ConditionalExpression: a branch of no chance would add 0 to every chance and value; skipping it only spares the tally
        if (q === 0) continue;
        // counterHit is set for each Counterattack result below.
        const events: Record<string, boolean> = { hit: false, defended, extraAction: attack.extraAction, losesNextAction: attack.losesNextAction };
        const values: Record<string, number> = {};
        if (attack.check.success && !defended) {
          const hit = land(attack.check, whoPicks(cover, request.target.shield === true), request.damageDie);
          events.hit = true;
          events[`location.${hit.location}`] = true;
          values.damage = hit.damage;
        }
        for (const [counterDamage, r] of counters) {
          if (counterDamage >= 0) {
            events.counterHit = true;
            values.counterDamage = counterDamage;
          } else {
            events.counterHit = false;
            delete values.counterDamage;
          }
          tally.add({ events, values }, attack.p * q * r);
        }
      }
    }
    return tally.odds();
  },
  observe(_request, outcome) {
    const result = outcome.result as { hit: boolean; defended?: boolean; damage?: number; location?: string; counterattack?: { hit: true; damage: number } | { hit: false } };
    // The attacker's effect is always first.
    const statuses = new Set(outcome.effects[0]?.statuses);
    const events: Record<string, boolean> = {
      hit: result.hit,
      defended: result.defended ?? false,
      counterHit: result.counterattack?.hit ?? false,
      extraAction: statuses.has("extra-action"),
      losesNextAction: statuses.has("loses-next-action"),
    };
    const values: Record<string, number> = {};
    // A hit whose split is still to be chosen has neither its damage nor its location yet; a landed one has both.
    if (result.location !== undefined) {
      events[`location.${result.location}`] = true;
      values.damage = result.damage as number;
    }
    if (result.counterattack?.hit) values.counterDamage = result.counterattack.damage;
    return { events, values };
  },
});
