import type { DiceTray } from "../../core/dice/source.js";
import type { Combatant, Disadvantage } from "./combatant.js";
import type { Side } from "./judge.js";
import { worseDisadvantage } from "./knockBack.js";
import type { DramaOptions } from "./options.js";
import { DEFAULT_TABLES, meleePools, type MeleePools, PoolError, type PoolTables } from "./pools.js";
import { type MeleeRound, resolveMeleeRound, trackStatuses } from "./round.js";

/** An unopposed opponent attacks with this many extra Bd. */
export const UNOPPOSED_BONUS = 2;

export interface Engagement {
  opponent: Combatant;
  /** Bd of the actor's own base pool (military dice aside) sent against this opponent; even split when none is given. */
  baseDice?: number;
  /** Military training dice (those not spent as armour) placed against this opponent. */
  military?: number;
  /** The actor's Drama pool goes to this opponent (one opponent only). */
  drama?: boolean;
  /** The actor leaves this opponent unopposed. */
  unopposed?: boolean;
  /** Who holds Momentum in this pairing. */
  momentum: "actor" | "opponent";
}

/** Splits `total` as evenly as possible; the earlier splits take the odd dice. */
export function splitEvenly(total: number, parts: number): number[] {
  if (parts <= 0) return [];
  const share = Math.floor(total / parts);
  const extra = total - share * parts;
  return Array.from({ length: parts }, (_, i) => share + (i < extra ? 1 : 0));
}

export interface SplitPlan {
  base: number[];
  military: number[];
  dramaTo: number;
}

/** How the actor's base, military and Drama dice are shared out, checked against what the actor has. */
export function planSplit(actorPools: MeleePools, engagements: readonly Engagement[]): SplitPlan {
  const ownBase = actorPools.base.total - actorPools.base.military;
  const engaged = engagements.map((e, i) => (e.unopposed ? -1 : i)).filter((i) => i >= 0);
  const given = engaged.filter((i) => engagements[i]?.baseDice !== undefined);
  const even = splitEvenly(ownBase, engaged.length);
  const base = engagements.map(() => 0);
  engaged.forEach((i, k) => (base[i] = given.length > 0 ? (engagements[i]?.baseDice ?? 0) : (even[k] ?? 0)));
  const baseSum = base.reduce((t, n) => t + n, 0);
  if (baseSum !== (engaged.length > 0 ? ownBase : 0)) throw new PoolError(`the actor's ${ownBase} base dice must all be placed against engaged opponents, ${baseSum} were`);
  const military = engagements.map((e) => (e.unopposed ? 0 : (e.military ?? 0)));
  const placed = military.reduce((t, n) => t + n, 0);
  if (placed > actorPools.base.military) throw new PoolError(`${placed} military dice placed, only ${actorPools.base.military} to place`);
  const first = engaged[0];
  if (placed === 0 && first !== undefined) military[first] = actorPools.base.military;
  const chosen = engagements.findIndex((e) => e.drama === true);
  return { base, military, dramaTo: chosen >= 0 ? chosen : (first ?? -1) };
}

export function splitPools(actorPools: MeleePools, plan: SplitPlan, index: number, unopposed: boolean): MeleePools {
  if (unopposed) {
    return {
      ...actorPools,
      base: { attribute: 0, skill: 0, situational: 0, military: 0, total: 0 },
      resistance: { penalties: 0, situational: 0, disadvantage: 0, stance: 0, total: 0 },
      drama: { passions: 0, stance: 0, total: 0 },
    };
  }
  const own = plan.base[index] ?? 0;
  const military = plan.military[index] ?? 0;
  const drama = plan.dramaTo === index ? actorPools.drama : { passions: 0, stance: 0, total: 0 };
  // The split keeps no attribute/skill breakdown: only its share of the whole counts.
  return { ...actorPools, base: { attribute: own, skill: 0, situational: 0, military, total: own + military }, drama };
}

export interface MultipleRound {
  plan: SplitPlan;
  fights: MeleeRound[];
  actor: { after: Combatant; statuses: string[] };
}

/**
 * One round of an actor against several opponents: each split is rolled and read on its own, every
 * split's blows then land on the actor in turn, and the worst knock-back among them stands.
 */
export function resolveMultiple(actor: Combatant, engagements: readonly Engagement[], options: DramaOptions, tray: DiceTray, tables: PoolTables = DEFAULT_TABLES): MultipleRound {
  const actorPools = meleePools(actor, tables);
  const plan = planSplit(actorPools, engagements);
  const fights: MeleeRound[] = [];
  let current = actor;
  let disadvantage: Disadvantage = "none";
  const statuses = new Set<string>();
  for (const [index, engagement] of engagements.entries()) {
    const unopposed = engagement.unopposed === true;
    const opponent = unopposed ? { ...engagement.opponent, situationalBase: (engagement.opponent.situationalBase ?? 0) + UNOPPOSED_BONUS } : engagement.opponent;
    const momentum: Side = engagement.momentum === "actor" ? "a" : "b";
    const fight = resolveMeleeRound({ a: current, b: opponent, momentum, options, tables, pools: { a: splitPools(actorPools, plan, index, unopposed) } }, tray);
    fights.push(fight);
    current = fight.sides.a.after;
    disadvantage = worseDisadvantage(disadvantage, fight.sides.a.knockBack?.result ?? "none");
    for (const status of fight.sides.a.statuses) statuses.add(status);
  }
  const after = { ...current, disadvantage };
  statuses.delete("disadvantaged");
  statuses.delete("doubly-disadvantaged");
  if (disadvantage !== "none") statuses.add(disadvantage === "doubly" ? "doubly-disadvantaged" : "disadvantaged");
  for (const status of trackStatuses(after)) statuses.add(status);
  return { plan, fights, actor: { after, statuses: [...statuses] } };
}
