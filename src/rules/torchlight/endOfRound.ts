import { type D20Reading, rollSave } from "../../core/dice/d20.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Step } from "../../core/outcome.js";
import { applyDamage, type Characteristic, characteristicOf, DAMAGE_TYPES, savingThrow, type Vitals } from "../../core/tracks/breath.js";
import { RuleError } from "../../core/ruleError.js";
import { damageReceived, protectedShare } from "./attack.js";
import type { Stance } from "./tables.js";

export interface RoundCombatant {
  name: string;
  vitals: Vitals;
  stance: Stance;
  /** Took the Evade Maneuver: only Precision Strikes reach it this round. */
  evading?: boolean;
}

/** One attack total landed this round, before the target's stance reduces it. */
export interface RoundHit {
  target: string;
  amount: number;
  damageType: string;
  from?: string;
  precisionStrike?: boolean;
  /** The target Parried this (melee) attack: no damage at all. */
  parried?: boolean;
  /** An adjacent On Guard companion absorbs it, taking half. */
  protectedBy?: string;
}

/** A hit as it lands on whoever takes it. */
export interface LandedHit {
  receiver: string;
  amount: number;
  damageType: string;
}

/** Evade, Parry, Protect Companion and On Guard, per hit: who takes how much. */
export function landHits(combatants: readonly RoundCombatant[], hits: readonly RoundHit[], protectRounding: string, steps: Step[]): LandedHit[] {
  const stanceOf = (name: string): Stance => {
    const combatant = combatants.find((c) => c.name === name);
    if (!combatant) throw new RuleError(`${name} is not in the round`);
    return combatant.stance;
  };
  const landed: LandedHit[] = [];
  hits.forEach((hit, index) => {
    const target = combatants.find((c) => c.name === hit.target);
    if (!target) throw new RuleError(`${hit.target} is not in the round`);
    if (hit.parried) {
      steps.push({ rule: "parried", hit: index, amount: hit.amount });
      return;
    }
    if (target.evading && !hit.precisionStrike) {
      steps.push({ rule: "evaded", hit: index, amount: hit.amount });
      return;
    }
    let receiver = hit.target;
    let amount = hit.amount;
    if (hit.protectedBy !== undefined && stanceOf(hit.protectedBy) !== "on-guard") {
      steps.push({ rule: "protect-refused", hit: index, by: hit.protectedBy });
    } else if (hit.protectedBy !== undefined) {
      receiver = hit.protectedBy;
      amount = protectedShare(amount, protectRounding);
      steps.push({ rule: "protect-companion", hit: index, attack: hit.amount, taken: amount });
    }
    const received = damageReceived(amount, stanceOf(receiver));
    if (received !== amount) steps.push({ rule: "on-guard", hit: index, before: amount, after: received });
    landed.push({ receiver, amount: received, damageType: hit.damageType });
  });
  return landed;
}

export interface TotalledDamage {
  vitals: Vitals;
  /** Characteristics that lost points, in the order they were hit: each needs a save. */
  damaged: Characteristic[];
}

/** All of one character's damage this round, totalled per Characteristic and applied at once. */
export function applyRoundDamage(name: string, vitals: Vitals, landed: readonly LandedHit[], table: Readonly<Record<string, Characteristic>>, steps: Step[]): TotalledDamage {
  const totals = new Map<Characteristic, number>();
  for (const hit of landed.filter((h) => h.receiver === name)) {
    const characteristic = characteristicOf(hit.damageType, table);
    totals.set(characteristic, (totals.get(characteristic) ?? 0) + hit.amount);
  }
  let current = vitals;
  const damaged: Characteristic[] = [];
  for (const [characteristic, total] of totals) {
    const applied = applyDamage(current, total, characteristic);
    steps.push({ rule: "damage", participant: name, characteristic, total, toBreath: applied.toBreath, toCharacteristic: applied.toCharacteristic });
    if (applied.toCharacteristic > 0) damaged.push(characteristic);
    current = applied.vitals;
  }
  return { vitals: current, damaged };
}

/**
 * A save for each damaged Characteristic against its new ST; the first failure Incapacitates and
 * ends the saving. The already Incapacitated and the dead make none.
 */
export function damageSaves(tray: DiceTray, name: string, before: Vitals, after: Vitals, damaged: readonly Characteristic[], steps: Step[]): { vitals: Vitals; saves: D20Reading[] } {
  if (before.incapacitated || after.dead) return { vitals: after, saves: [] };
  const saves: D20Reading[] = [];
  for (const characteristic of damaged) {
    const reading = rollSave(tray, savingThrow(after.characteristics[characteristic]), `${name} ${characteristic} save`);
    saves.push(reading);
    steps.push({ rule: "damage-save", participant: name, characteristic, roll: reading.roll, st: reading.target, success: reading.success });
    if (!reading.success) return { vitals: { ...after, incapacitated: true }, saves };
  }
  return { vitals: after, saves };
}

export interface EndOfRound {
  combatants: RoundCombatant[];
  steps: Step[];
}

/** The end of a round: hits land, each character's damage is totalled and applied, then saves. */
export function resolveEndOfRound(
  tray: DiceTray,
  combatants: readonly RoundCombatant[],
  hits: readonly RoundHit[],
  protectRounding: string,
  table: Readonly<Record<string, Characteristic>> = DAMAGE_TYPES,
): EndOfRound {
  const steps: Step[] = [];
  const landed = landHits(combatants, hits, protectRounding, steps);
  const damagedAll = combatants.map((c) => ({ combatant: c, ...applyRoundDamage(c.name, c.vitals, landed, table, steps) }));
  const after = damagedAll.map(({ combatant, vitals, damaged }) => ({
    ...combatant,
    vitals: damageSaves(tray, combatant.name, combatant.vitals, vitals, damaged, steps).vitals,
  }));
  return { combatants: after, steps };
}
