import type { Combatant } from "./combatant.js";
import { type MeleePools, PoolError } from "./pools.js";

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

/** Splits `total` as evenly as possible; the earlier splits take the odd dice. No parts (nobody engaged) is no split at all. */
export function splitEvenly(total: number, parts: number): number[] {
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
  const engaged = [...engagements.keys()].filter((i) => !engagements[i]!.unopposed);
  const named = engaged.some((i) => engagements[i]!.baseDice !== undefined);
  const even = splitEvenly(ownBase, engaged.length);
  const base = engagements.map(() => 0);
  engaged.forEach((i, k) => (base[i] = named ? (engagements[i]!.baseDice ?? 0) : even[k]!));
  const baseSum = base.reduce((t, n) => t + n, 0);
  if (baseSum !== (engaged.length > 0 ? ownBase : 0)) throw new PoolError(`the actor's ${ownBase} base dice must all be placed against engaged opponents, ${baseSum} were`);
  // The rulebook splits the Base pool as evenly as it can: the actor only picks who gets the odd dice.
  const parts = Math.max(1, engaged.length);
  const low = Math.floor(ownBase / parts);
  const high = Math.ceil(ownBase / parts);
  const uneven = engaged.find((i) => base[i]! < low || base[i]! > high);
  if (uneven !== undefined) throw new PoolError(`the base pool is split as evenly as it can be: ${ownBase} dice among ${engaged.length} make ${splitEvenly(ownBase, engaged.length).join("/")}, not ${engaged.map((i) => base[i]).join("/")}`);
  const military = engagements.map((e) => (e.unopposed ? 0 : (e.military ?? 0)));
  const placed = military.reduce((t, n) => t + n, 0);
  if (placed > actorPools.base.military) throw new PoolError(`${placed} military dice placed, only ${actorPools.base.military} to place`);
  if (placed > 0 && placed < actorPools.base.military) throw new PoolError(`${placed} of ${actorPools.base.military} military dice placed: place them all (or put some into armour)`);
  const first = engaged[0];
  if (placed === 0 && first !== undefined) military[first] = actorPools.base.military;
  const chosen = engagements.findIndex((e) => e.drama === true);
  return { base, military, dramaTo: chosen === -1 ? (first ?? -1) : chosen };
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
