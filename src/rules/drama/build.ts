/**
 * Building a fighter's pools for a melee round (Opposed Melee Rolls; Fighting Multiple Opponents):
 * her pool choice added to her stat block, then one share of her dice for each pairing she is in.
 * Against one opponent the share is her whole pool; against several her own Base dice are split as
 * evenly as they go, her military dice placed as she likes and her Drama dice (and a dramatic
 * advantage's extra Flesh) sent against one opponent; an opponent she leaves unopposed gets nothing,
 * and one who leaves her unopposed faces her share +2Bd.
 *
 * What a fighter building later may see of one who built before is her allocation (the dice of each
 * kind, military dice to attack or to armour, Drama dice and Drama Points), never a die: pools are
 * rolled only once every pool is built.
 */
import type { Step } from "../../core/outcome.js";
import { MELEE_SITUATION_IDS, type PoolChoice, situationDice } from "./choices.js";
import type { Combatant } from "./combatant.js";
import { leaves, otherKey, type PlayPairing } from "./lineup.js";
import { type Engagement, planSplit, splitPools, type SplitPlan, UNOPPOSED_BONUS } from "./multiple.js";
import { type MeleePools, meleePools, PoolError, type PoolTables } from "./pools.js";

/** A fighter with the dice of her pool choice added (situations, extra dice, Drama dice and their cost, extra Flesh). */
export function withPoolChoice(combatant: Combatant, choice: PoolChoice | undefined): Combatant {
  if (!choice) return combatant;
  // Stryker disable next-line ArrayDeclaration: an unknown situation adds no dice, so nothing put in this empty fallback changes a pool
  const situation = situationDice(choice.situations ?? []);
  const add = (a: number | undefined, b: number) => (a ?? 0) + b;
  const drama = add(combatant.drama, choice.drama ?? 0);
  const extraFlesh = add(combatant.extraFlesh, choice.extraFlesh ?? 0);
  const military = add(combatant.militaryAsArmour, choice.militaryAsArmour ?? 0);
  const spent = choice.dramaPointsSpent ?? 0;
  if (spent > (combatant.dramaPoints ?? Infinity)) throw new PoolError(`${combatant.name} has ${combatant.dramaPoints} Drama Points, cannot spend ${spent}`);
  return {
    ...combatant,
    situationalBase: add(combatant.situationalBase, situation.base + (choice.base ?? 0)),
    situationalResistance: add(combatant.situationalResistance, situation.resistance + (choice.resistance ?? 0)),
    situationalArmour: add(combatant.situationalArmour, choice.armour ?? 0),
    ...(military ? { militaryAsArmour: military } : {}),
    ...(drama ? { drama } : {}),
    ...(extraFlesh ? { extraFlesh } : {}),
    ...(combatant.dramaPoints !== undefined ? { dramaPoints: combatant.dramaPoints - spent } : {}),
  };
}

/** One fighter's dice against one opponent. */
export interface Share {
  pools: MeleePools;
  /** The opponent's name when her pool is split (it labels her dice), else undefined. */
  against?: string;
  /** Flesh her full blow in this pairing adds (a dramatic advantage's). */
  extraFlesh: number;
}

/** A fighter's pools as built: one share per pairing she is in (in pairing order), and her split when she has one. */
export interface Built {
  fighter: Combatant;
  shares: Share[];
  plan?: SplitPlan;
}

/** Whether a fighter's dice are shared out: she has several opponents, or leaves her one opponent unopposed. */
export const splits = (key: string, own: readonly PlayPairing[]): boolean => own.length > 1 || leaves(own[0]!, key);

const withUnopposedBonus = (pools: MeleePools): MeleePools => ({ ...pools, base: { ...pools.base, situational: pools.base.situational + UNOPPOSED_BONUS, total: pools.base.total + UNOPPOSED_BONUS } });

/** Her pairings as engagements, each with her share (her pool choice's split, else the pairing's own for its actor). */
function engagementsFor(key: string, own: readonly PlayPairing[], names: (key: string) => string, fighters: Record<string, Combatant>, choice: PoolChoice | undefined): Engagement[] {
  if (choice?.split && choice.split.length !== own.length) throw new PoolError(`the split names ${choice.split.length} opponents, ${names(key)} faces ${own.length}`);
  return own.map((pairing, i) => {
    const split = choice?.split?.[i] ?? (pairing.actor === key ? pairing.split : undefined) ?? {};
    const other = otherKey(pairing, key);
    if (leaves(pairing, key) && ((split.baseDice ?? 0) > 0 || (split.military ?? 0) > 0 || split.drama)) throw new PoolError(`no dice can go against ${names(other)}, who is left unopposed`);
    return { ...split, opponent: fighters[other]!, unopposed: leaves(pairing, key), momentum: "actor" as const };
  });
}

/** Builds a fighter's shares for the pairings she is in. */
export function buildShares(key: string, own: readonly PlayPairing[], fighters: Record<string, Combatant>, choice: PoolChoice | undefined, tables: PoolTables): Built {
  const fighter = withPoolChoice(fighters[key]!, choice);
  const names = (k: string) => fighters[k]!.name;
  const extraFlesh = fighter.extraFlesh ?? 0;
  if (!splits(key, own)) {
    if (choice?.split && choice.split.length > 1) throw new PoolError(`${fighter.name} faces one opponent: there is nothing to split`);
    // An opponent who leaves her unopposed faces her whole pool +2Bd.
    const bonus = leaves(own[0]!, otherKey(own[0]!, key)) ? UNOPPOSED_BONUS : 0;
    const pools = meleePools(bonus ? { ...fighter, situationalBase: (fighter.situationalBase ?? 0) + bonus } : fighter, tables);
    return { fighter, shares: [{ pools, extraFlesh }] };
  }
  const pools = meleePools(fighter, tables);
  const plan = planSplit(pools, engagementsFor(key, own, names, fighters, choice));
  const shares = own.map((pairing, i) => {
    const share = splitPools(pools, plan, i, leaves(pairing, key));
    const other = otherKey(pairing, key);
    return { pools: leaves(pairing, other) ? withUnopposedBonus(share) : share, against: names(other), extraFlesh: plan.dramaTo === i ? extraFlesh : 0 };
  });
  return { fighter, shares, plan };
}

/** What a fighter's pools come to before her choices, for the one who builds them. */
export function poolOffer(key: string, own: readonly PlayPairing[], fighters: Record<string, Combatant>, tables: PoolTables): Record<string, unknown> {
  const combatant = fighters[key]!;
  const pools = meleePools(combatant, tables);
  const offer: Record<string, unknown> = {
    base: pools.base.total,
    resistance: pools.resistance.total,
    drama: pools.drama.total,
    armour: pools.armour.total,
    military: combatant.military ?? 0,
    dramaPoints: combatant.dramaPoints ?? null,
    situations: MELEE_SITUATION_IDS,
  };
  if (splits(key, own)) {
    const engaged = own.filter((p) => !leaves(p, key)).length;
    offer.split = {
      ownBase: pools.base.total - pools.base.military,
      engaged,
      opponents: own.map((p) => ({ key: otherKey(p, key), name: fighters[otherKey(p, key)]!.name, unopposed: leaves(p, key) })),
    };
  }
  return offer;
}

/**
 * What the table sees of a share once built at the table (from her pool choice): its dice of each
 * kind, where the military dice went, the Drama Points spent and the situations declared; no die.
 */
export function allocationOf(built: Built, share: Share, choice: PoolChoice): Record<string, unknown> {
  const { base, resistance, drama, armour } = share.pools;
  return {
    // Declared before any pool is built.
    stance: built.fighter.stance,
    base: base.total,
    military: base.military,
    resistance: resistance.total,
    drama: drama.total,
    armour: armour.total,
    militaryAsArmour: armour.military,
    dramaPointsSpent: choice.dramaPointsSpent ?? 0,
    extraFlesh: share.extraFlesh,
    situations: choice.situations ?? [],
  };
}

/** The step that shows a share as built (the table sees it before any die is rolled). */
export function buildStep(who: string, key: string, share: Share): Step {
  const { base, resistance, drama, armour } = share.pools;
  return {
    rule: "build-pools",
    who,
    side: key,
    ...(share.against ? { against: share.against } : {}),
    base: base.total,
    baseParts: { attribute: base.attribute, skill: base.skill, situational: base.situational, military: base.military },
    resistance: resistance.total,
    resistanceParts: { penalties: resistance.penalties, situational: resistance.situational, disadvantage: resistance.disadvantage, stance: resistance.stance },
    drama: drama.total,
    armour: armour.total,
    ...(armour.military ? { militaryAsArmour: armour.military } : {}),
    ...(share.extraFlesh ? { extraFlesh: share.extraFlesh } : {}),
  };
}
