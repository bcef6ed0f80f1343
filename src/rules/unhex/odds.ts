import type { Static } from "@sinclair/typebox";
import type { PercentileCheck } from "../../core/dice/percentile.js";
import { enumerateDice, groupOutcomes } from "../../core/odds/enumerate.js";
import type { Observation } from "../../core/odds/odds.js";
import type { Outcome } from "../../core/outcome.js";
import { enumeratedOdds, refusalsOf, tallyFor } from "../odds.js";
import { type ActionOdds, defineOdds } from "../ruleset.js";
import { attackAction, Request as AttackRequest } from "./actions/attack.js";
import { checkAction } from "./actions/check.js";
import { landHit, type LandedHit } from "./hit.js";
import { compareUnhex } from "./opposed.js";
import { whoPicks } from "./pick.js";
import { characterOf, optionsOf, rollerOf } from "./requests.js";
import { type CriticalChoice, type Roller, unhexRoll } from "./roll.js";
import type { RollerRequest } from "./schemas.js";
import { HIT_LOCATIONS } from "./tables.js";

/**
 * Exact odds of Unhex's percentile rolls. A check is enumerated through `resolve` itself: every pair
 * of d10s and every reroll a good character makes. An opposed roll and an attack list each side's
 * roll by running the rules' `unhexRoll` on every face it can draw (rerolls and the critical's
 * choice included), then judge each pair with the rules' `compareUnhex` and land each hit with
 * `landHit`, so damage and hit location are the rules' own.
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

function rollOdds(roller: Roller, label: string, critical: CriticalChoice = "extra-action", inCombat = true): RollChance[] {
  const listed = enumerateDice((tray) => unhexRoll(tray, roller, label, critical, inCombat));
  return groupOutcomes(listed.outcomes, (roll) => `${roll.check.tens}${roll.check.units}/${roll.check.grade}/${roll.extraAction}/${roll.losesNextAction}`).map(({ value, p }) => ({
    check: value.check,
    extraAction: value.extraAction,
    losesNextAction: value.losesNextAction,
    p,
  }));
}

export const checkOdds = enumeratedOdds(
  checkAction,
  { events: ["success", "criticalSuccess", "criticalFailure", "extraAction", "losesNextAction"], distributions: ["reading"] },
  (_request: unknown, outcome: Outcome): Observation => {
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
);

const OPPOSED_NAMES = { events: ["aWins", "bWins", "tie"], distributions: [] };

function opposedEvents(winner: string): Observation["events"] {
  return { aWins: winner === "a", bWins: winner === "b", tie: winner === "none" };
}

export const opposedOdds: ActionOdds = defineOdds<{ a: RollerRequest; b: RollerRequest; inCombat?: boolean }>({
  exact(request) {
    const [a, b] = [rollerOf(request.a), rollerOf(request.b)];
    const inCombat = request.inCombat ?? true;
    const tally = tallyFor(OPPOSED_NAMES);
    const bRolls = rollOdds(b, "opposed", "extra-action", inCombat);
    for (const x of rollOdds(a, "opposed", "extra-action", inCombat)) {
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

export const attackOdds: ActionOdds = defineOdds<Static<typeof AttackRequest>>({
  exact(request) {
    const probe = refusalsOf(attackAction, request);
    const cover = (probe.steps.find((step) => step.rule === "reach" || step.rule === "intercept-reach") as { cover: boolean } | undefined)?.cover ?? false;
    const options = optionsOf(request.options);
    const attacker = characterOf(request.attacker);
    const target = characterOf(request.target);
    const reaction = request.reaction;
    const landed = new Map<string, LandedHit>();
    const land = (check: PercentileCheck, on: typeof target, picker: "attacker" | "target", die: "tens" | "units" | undefined, who: string) => {
      const key = `${who}/${check.tens}${check.units}/${check.grade}`;
      let hit = landed.get(key);
      if (!hit) {
        hit = landHit(check, on, picker, die, options);
        landed.set(key, hit);
      }
      return hit;
    };
    const reactions = reaction ? rollOdds(rollerOf(request.target), reaction.kind === "defend" ? "defend" : "counterattack") : [null];
    const tally = tallyFor(ATTACK_NAMES);
    for (const attack of rollOdds(rollerOf(request.attacker), "attack", request.critical ?? "extra-action")) {
      for (const answer of reactions) {
        const defended = reaction?.kind === "defend" && answer !== null && compareUnhex({ pc: attacker.pc, ...attack.check }, { pc: target.pc, ...answer.check }) === "b";
        const events: Record<string, boolean> = { hit: false, defended, counterHit: false, extraAction: attack.extraAction, losesNextAction: attack.losesNextAction };
        const values: Record<string, number> = {};
        if (attack.check.success && !defended) {
          const hit = land(attack.check, target, whoPicks(cover, request.target.shield === true), request.damageDie, "target");
          events.hit = true;
          events[`location.${hit.location}`] = true;
          values.damage = hit.damage;
        }
        if (reaction?.kind === "counterattack" && answer?.check.success) {
          const back = land(answer.check, attacker, whoPicks(false, request.attacker.shield === true), reaction.damageDie, "attacker");
          events.counterHit = true;
          values.counterDamage = back.damage;
        }
        tally.add({ events, values }, attack.p * (answer?.p ?? 1));
      }
    }
    return tally.odds();
  },
  observe(request, outcome) {
    const result = outcome.result as { hit: boolean; defended?: boolean; damage?: number; location?: string; counterattack?: { hit: boolean; damage?: number } };
    const statuses = outcome.effects.find((effect) => effect.participant === request.attacker.name)?.statuses ?? [];
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
