import { applyDrop, readKeepTwo } from "../../core/dice/keepTwo.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Step } from "../../core/outcome.js";
import { refuse } from "./refusal.js";

export type DieSource = "attribute" | "competency" | "specialty" | "item" | "bonus" | "advantage" | "assist" | "opposition";

export interface PoolDie {
  sides: number;
  source: DieSource;
}

/** A character's dice for one roll, before Drop. */
export interface PoolSpec {
  /** Verve, Affinity or Guile: d6, d8 or d10. */
  attribute: number;
  /** The character's competency die, d6..d12; 0 or missing for none. */
  competency?: number;
  /** Whether she is competent in the skill rolled: only then does her competency die join the pool (default true). */
  competent?: boolean;
  /** Ranks in the specialty: one die of the attribute's size each. */
  ranks?: number;
  /** Weapon, armour or shield die; at most one. */
  item?: number;
  /** A bonus die other than Advantage; at most one bonus die in all. */
  bonus?: number;
  /** The Advantage die used on this roll (it is the bonus die). */
  advantage?: number;
  /** Dice given by helpers' Assists, one list per helper, at most two helpers. */
  assists?: readonly (readonly number[])[];
}

const ATTRIBUTE_SIZES = [6, 8, 10];
const COMPETENCY_SIZES = [0, 6, 8, 10, 12];
const DIE_SIZES = [6, 8, 10, 12];

export function buildPool(spec: PoolSpec): PoolDie[] {
  if (!ATTRIBUTE_SIZES.includes(spec.attribute)) refuse(`the attribute die is a d6, d8 or d10; got d${spec.attribute}`);
  const competency = spec.competency ?? 0;
  if (!COMPETENCY_SIZES.includes(competency)) refuse(`the competency die is a d6 to d12 (or none); got d${competency}`);
  const ranks = spec.ranks ?? 0;
  if (!Number.isInteger(ranks) || ranks < 0) refuse(`specialty ranks must be a whole number of at least 0; got ${ranks}`);
  if (spec.item && !DIE_SIZES.includes(spec.item)) refuse(`an item die is a d6 to d12; got d${spec.item}`);
  if (spec.bonus && spec.advantage) refuse("a pool holds at most one bonus die, and the Advantage die is that bonus die");
  const bonus = spec.advantage || spec.bonus || 0;
  if (bonus && !DIE_SIZES.includes(bonus)) refuse(`a bonus die is a d6 to d12; got d${bonus}`);
  const assists = spec.assists ?? [];
  if (assists.length > 2) refuse(`Assists count from at most two helpers; ${assists.length} were given`);
  const dice: PoolDie[] = [{ sides: spec.attribute, source: "attribute" }];
  if (competency && spec.competent !== false) dice.push({ sides: competency, source: "competency" });
  for (let rank = 0; rank < ranks; rank += 1) dice.push({ sides: spec.attribute, source: "specialty" });
  if (spec.item) dice.push({ sides: spec.item, source: "item" });
  if (bonus) dice.push({ sides: bonus, source: spec.advantage ? "advantage" : "bonus" });
  for (const helper of assists) {
    for (const sides of helper) {
      if (!DIE_SIZES.includes(sides)) refuse(`an assist die is a d6 to d12; got d${sides}`);
      dice.push({ sides, source: "assist" });
    }
  }
  return dice;
}

/** What a helper can give with Assist: her specialty dice, else her competency die, else 1d6. */
export interface AssistOptions {
  specialty: number[] | null;
  competency: number[] | null;
  default: number[];
}

export function assistOptions(helper: { attribute: number; ranks?: number; competency?: number; competent?: boolean }): AssistOptions {
  const ranks = helper.ranks ?? 0;
  return {
    specialty: ranks > 0 ? Array.from({ length: ranks }, () => helper.attribute) : null,
    competency: helper.competency && helper.competent !== false ? [helper.competency] : null,
    default: [6],
  };
}

export interface CheckReading {
  total: number;
  successPoints: number;
  faces: number[];
  pool: PoolDie[];
  dropped: PoolDie[];
}

/** Applies Drop before rolling, rolls what is left and reads the two highest. */
export function rollCheck(tray: DiceTray, pool: readonly PoolDie[], drop: number, label: string, keepOneDie: boolean, choose?: readonly number[], steps?: Step[]): CheckReading {
  let dropped;
  try {
    dropped = applyDrop(pool, drop, { keepOneDie, ...(choose ? { choose } : {}) });
  } catch (error) {
    refuse((error as Error).message);
  }
  const faces = dropped.kept.map((die) => tray.roll(die.sides, label));
  const reading = readKeepTwo(faces);
  steps?.push({ rule: "drop", roll: label, drop, removed: dropped.removed.map((die) => die.sides), pool: dropped.kept.map((die) => die.sides) });
  steps?.push({ rule: "keep-two", roll: label, faces, total: reading.total, successPoints: reading.successPoints });
  return { total: reading.total, successPoints: reading.successPoints, faces, pool: dropped.kept, dropped: dropped.removed };
}

/** Standard Opposition: three dice of the level's size, read the same way. */
export function oppositionPool(sides: number): PoolDie[] {
  return [0, 1, 2].map(() => ({ sides, source: "opposition" as const }));
}

/** The roller must strictly beat the opposition; a tie goes to the opposition. */
export function beats(rollerTotal: number, oppositionTotal: number): boolean {
  return rollerTotal > oppositionTotal;
}

/** The fullest offer: more dice first, then the larger die (2d8 beats 1d8; 1d12 beats 1d6). */
export function bestAssist(offer: AssistOptions): number[] {
  const candidates = [offer.specialty, offer.competency, offer.default].filter((dice): dice is number[] => dice !== null);
  return candidates.reduce((best, dice) => {
    // Stryker disable next-line MethodExpression: the dice of one offer are all one size (specialty dice are the attribute die), so their largest is their smallest
    const lead = dice.length - best.length || Math.max(...dice) - Math.max(...best);
    return lead > 0 ? dice : best;
  });
}
