import { ownValue } from "../ownKey.js";
import { RuleError } from "../ruleError.js";

/**
 * Breath and the five Characteristics. Each Characteristic has a DC (checks roll under it) and an
 * ST (saves roll over it) that always sum to 20, so only the DC is stored and the ST is derived.
 */
export const CHARACTERISTICS = ["str", "dex", "wil", "san", "luck"] as const;
export type Characteristic = (typeof CHARACTERISTICS)[number];

export const SCORE_SUM = 20;

export interface CharacteristicScore {
  dc: number;
  /** The DC when unhurt; rest never heals above it. */
  max: number;
}

export interface Vitals {
  breath: number;
  maxBreath: number;
  characteristics: Record<Characteristic, CharacteristicScore>;
  incapacitated: boolean;
  dead: boolean;
}

export function savingThrow(score: CharacteristicScore): number {
  return SCORE_SUM - score.dc;
}

/** Which Characteristic a damage type wounds once Breath is gone. Data: the Foundry layer may feed
 * an edited copy. The seed's table also lists "healing" under Luck (RULINGS leaves it out); kept. */
export const DAMAGE_TYPES: Readonly<Record<string, Characteristic>> = {
  physical: "str",
  bludgeoning: "str",
  piercing: "str",
  slashing: "str",
  cold: "dex",
  lightning: "dex",
  radiant: "dex",
  thunder: "dex",
  fire: "wil",
  poison: "wil",
  force: "wil",
  acid: "wil",
  stench: "wil",
  psychic: "san",
  necrotic: "san",
  curse: "san",
  hallucination: "san",
  rage: "san",
  fragrance: "luck",
  charm: "luck",
  gluing: "luck",
  healing: "luck",
  seduction: "luck",
  addiction: "luck",
  withdrawal: "luck",
};

export function characteristicOf(damageType: string, table: Readonly<Record<string, Characteristic>> = DAMAGE_TYPES): Characteristic {
  const characteristic = ownValue(table, damageType);
  if (characteristic === undefined) throw new RuleError(`no Characteristic takes ${damageType} damage`);
  return characteristic;
}

export interface DamageApplied {
  vitals: Vitals;
  characteristic: Characteristic;
  toBreath: number;
  toCharacteristic: number;
  /** Damage beyond a Characteristic's 0: it had nowhere to go. */
  wasted: number;
}

/**
 * Damage soaks into Breath first, the rest comes off the Characteristic (DC down, so ST up). An
 * Incapacitated character has no Breath to spend: it all goes to the Characteristic. Any
 * Characteristic at 0 is death; the dead take no more.
 */
export function applyDamage(vitals: Vitals, amount: number, characteristic: Characteristic): DamageApplied {
  const damage = Math.max(0, Math.floor(amount));
  if (vitals.dead) return { vitals, characteristic, toBreath: 0, toCharacteristic: 0, wasted: damage };
  const toBreath = vitals.incapacitated ? 0 : Math.min(vitals.breath, damage);
  const score = vitals.characteristics[characteristic];
  const toCharacteristic = Math.min(score.dc, damage - toBreath);
  const dc = score.dc - toCharacteristic;
  const next: Vitals = {
    ...vitals,
    breath: vitals.breath - toBreath,
    characteristics: { ...vitals.characteristics, [characteristic]: { ...score, dc } },
    dead: dc <= 0,
  };
  return { vitals: next, characteristic, toBreath, toCharacteristic, wasted: damage - toBreath - toCharacteristic };
}

/** Restores Breath, capped at its maximum (Rally, recovery). */
export function gainBreath(vitals: Vitals, amount: number): Vitals {
  return { ...vitals, breath: Math.min(vitals.maxBreath, vitals.breath + Math.max(0, amount)) };
}

/** Raises one Characteristic's DC (rest), never above its maximum. */
export function healCharacteristic(vitals: Vitals, characteristic: Characteristic, amount: number): Vitals {
  const score = vitals.characteristics[characteristic];
  const dc = Math.min(score.max, score.dc + Math.max(0, amount));
  return { ...vitals, characteristics: { ...vitals.characteristics, [characteristic]: { ...score, dc } } };
}

/**
 * The tracks a Foundry sheet shows, flat, for effectOf: breath, strDc, strSt, ... (no dots: an
 * outcome is stored in a Foundry document, whose updates read a dotted key as a path).
 */
export function vitalsView(vitals: Vitals): Record<string, number | boolean> {
  const view: Record<string, number | boolean> = { breath: vitals.breath };
  for (const key of CHARACTERISTICS) {
    const score = vitals.characteristics[key];
    view[`${key}Dc`] = score.dc;
    view[`${key}St`] = savingThrow(score);
  }
  view.incapacitated = vitals.incapacitated;
  view.dead = vitals.dead;
  return view;
}
