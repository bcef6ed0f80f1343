import type { Static } from "@sinclair/typebox";
import { gradePercentile, type PercentileCheck, readPercentile } from "../../core/dice/percentile.js";
import type { DiceTray } from "../../core/dice/source.js";
import { enumerateDice, groupOutcomes } from "../../core/odds/enumerate.js";
import type { Observation } from "../../core/odds/odds.js";
import type { Outcome } from "../../core/outcome.js";
import { ownValue } from "../../core/ownKey.js";
import { refusalsOf, tallyFor } from "../odds.js";
import { type ActionOdds, defineOdds } from "../ruleset.js";
import { attackAction, type Request as AttackRequest } from "./actions/attack.js";
import { landHit, type LandedHit } from "./hit.js";
import { compareUnhex } from "./opposed.js";
import { defaultDamageDie, type DieName, whoPicks } from "./pick.js";
import { characterOf, optionsOf, rollerOf } from "./requests.js";
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

/** The chance that rerolling these dice turns this roll into a success. */
function successAfter(check: PercentileCheck, dice: "tens" | "units" | "both"): number {
  let hits = 0;
  let ways = 0;
  for (const tens of dice === "units" ? [check.tens] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    for (const units of dice === "tens" ? [check.units] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      ways += 1;
      if (gradePercentile({ tens, units, reading: readPercentile(tens, units) }, check.level).success) hits += 1;
    }
  }
  return hits / ways;
}

/** A player playing for success: after a failure, the reroll with the best chance (none when no reroll helps). */
export function bestReroll(check: PercentileCheck): RerollChoice {
  if (check.success) return "none";
  let best: RerollChoice = "none";
  let chance = 0;
  for (const dice of ["tens", "units", "both"] as const) {
    const p = successAfter(check, dice);
    if (p > chance) [best, chance] = [dice, p];
  }
  return best;
}

/** One roll with its choices made: the given reroll (or the best one), then the given critical choice (or the extra action). */
function playRoll(tray: DiceTray, roller: Roller, label: string, reroll: RerollChoice | undefined, critical: CriticalChoice | undefined, inCombat: boolean) {
  let state: RollState = rollDice(tray, roller, label);
  if (rerollOffered(state)) state = applyReroll(tray, state, reroll ?? bestReroll(state.check));
  if (criticalOffered(state)) state = applyCritical(state, critical ?? "extra-action");
  return finishRoll(state, inCombat);
}

function rollOdds(roller: Roller, label: string, reroll: RerollChoice | undefined, critical: CriticalChoice | undefined, inCombat = true): RollChance[] {
  const listed = enumerateDice((tray) => playRoll(tray, roller, label, reroll, critical, inCombat));
  return groupOutcomes(listed.outcomes, (roll) => `${roll.check.tens}${roll.check.units}/${roll.check.grade}/${roll.extraAction}/${roll.losesNextAction}`).map(({ value, p }) => ({
    check: value.check,
    extraAction: value.extraAction,
    losesNextAction: value.losesNextAction,
    p,
  }));
}

const CHECK_NAMES = { events: ["success", "criticalSuccess", "criticalFailure", "extraAction", "losesNextAction"], distributions: ["reading"] };

export const checkOdds: ActionOdds = defineOdds<{ character: RollerRequest; reroll?: RerollChoice; critical?: CriticalChoice; inCombat?: boolean }>({
  exact(request) {
    const tally = tallyFor(CHECK_NAMES);
    for (const roll of rollOdds(rollerOf(request.character), "check", request.reroll, request.critical, request.inCombat ?? true)) {
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
    const statuses = outcome.effects.flatMap((effect) => effect.statuses ?? []);
    return {
      events: {
        success: result.success,
        criticalSuccess: result.grade === "critical-success",
        criticalFailure: result.grade === "critical-failure",
        extraAction: statuses.includes("extra-action"),
        losesNextAction: statuses.includes("loses-next-action"),
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

export const opposedOdds: ActionOdds = defineOdds<{ a: RollerRequest; b: RollerRequest; inCombat?: boolean } & Choices>({
  exact(request) {
    const [a, b] = [rollerOf(request.a), rollerOf(request.b)];
    const inCombat = request.inCombat ?? true;
    const tally = tallyFor(OPPOSED_NAMES);
    const bRolls = rollOdds(b, "opposed", rerollOf(request, "b"), criticalOf(request, "b"), inCombat);
    for (const x of rollOdds(a, "opposed", rerollOf(request, "a"), criticalOf(request, "a"), inCombat)) {
      for (const y of bRolls) tally.add({ events: opposedEvents(compareUnhex({ pc: a.pc, ...x.check }, { pc: b.pc, ...y.check })), values: {} }, x.p * y.p);
    }
    return tally.odds();
  },
  observe(_request, outcome) {
    const compare = outcome.steps.find((step) => step.rule === "opposed-compare") as { winner: string } | undefined;
    if (!compare) throw new Error("odds: an opposed outcome without its comparison");
    return { events: opposedEvents(compare.winner), values: {} };
  },
});

const LOCATIONS = HIT_LOCATIONS.locations.map((location) => `location.${location.id}`);
const ATTACK_NAMES = { events: ["hit", "defended", "counterHit", "extraAction", "losesNextAction", ...LOCATIONS], distributions: ["damage", "counterDamage"] };

type AttackRequestT = Static<typeof AttackRequest>;

/** The declared reaction, in its short form. */
function reactionOf(request: AttackRequestT): "none" | "defend" | "counterattack" {
  const given = request.reaction;
  if (given === undefined) return "none";
  return typeof given === "string" ? given : given.kind;
}

export const attackOdds: ActionOdds = defineOdds<AttackRequestT>({
  exact(request) {
    const reaction = reactionOf(request);
    // The rules' own refusals first (reach, sight, a reaction not allowed), on a request that has its reaction and roll.
    const probe = refusalsOf(attackAction, { ...request, reaction, roll: true });
    const cover = (probe.steps.find((step) => step.rule === "reach" || step.rule === "intercept-reach") as { cover: boolean } | undefined)?.cover ?? false;
    const options = optionsOf(request.options);
    const attacker = characterOf(request.attacker);
    const target = characterOf(request.target);
    const landed = new Map<string, LandedHit>();
    const land = (check: PercentileCheck, on: typeof target, picker: "attacker" | "target", die: DieName | undefined, who: string) => {
      const split = die ?? defaultDamageDie(picker, check);
      const key = `${who}/${check.tens}${check.units}/${split}`;
      let hit = landed.get(key);
      if (!hit) {
        hit = landHit(check, on, picker, split, options);
        landed.set(key, hit);
      }
      return hit;
    };
    const reactions = reaction === "none" ? [null] : rollOdds(rollerOf(request.target), reaction, rerollOf(request, "target"), criticalOf(request, "target"));
    const tally = tallyFor(ATTACK_NAMES);
    for (const attack of rollOdds(rollerOf(request.attacker), "attack", rerollOf(request, "attacker"), criticalOf(request, "attacker"))) {
      for (const answer of reactions) {
        const defended = reaction === "defend" && answer !== null && compareUnhex({ pc: attacker.pc, ...attack.check }, { pc: target.pc, ...answer.check }) === "b";
        const events: Record<string, boolean> = { hit: false, defended, counterHit: false, extraAction: attack.extraAction, losesNextAction: attack.losesNextAction };
        const values: Record<string, number> = {};
        if (attack.check.success && !defended) {
          const hit = land(attack.check, target, whoPicks(cover, request.target.shield === true), request.damageDie, "target");
          events.hit = true;
          events[`location.${hit.location}`] = true;
          values.damage = hit.damage;
        }
        if (reaction === "counterattack" && answer?.check.success) {
          const back = land(answer.check, attacker, whoPicks(false, request.attacker.shield === true), request.counterDamageDie, "attacker");
          events.counterHit = true;
          values.counterDamage = back.damage;
        }
        tally.add({ events, values }, attack.p * (answer?.p ?? 1));
      }
    }
    return tally.odds();
  },
  observe(_request, outcome) {
    const result = outcome.result as { hit: boolean; defended?: boolean; damage?: number; location?: string; counterattack?: { hit: boolean; damage?: number } };
    const statuses = outcome.effects[0]?.statuses ?? [];
    const events: Record<string, boolean> = {
      hit: result.hit,
      defended: result.defended ?? false,
      counterHit: result.counterattack?.hit ?? false,
      extraAction: statuses.includes("extra-action"),
      losesNextAction: statuses.includes("loses-next-action"),
    };
    const values: Record<string, number> = {};
    if (result.hit && result.location !== undefined && result.damage !== undefined) {
      events[`location.${result.location}`] = true;
      values.damage = result.damage;
    }
    if (result.counterattack?.hit && result.counterattack.damage !== undefined) values.counterDamage = result.counterattack.damage;
    return { events, values };
  },
});
