import { type D20Reading, rollSave } from "../../core/dice/d20.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Step } from "../../core/outcome.js";
import { applyDamage, type Characteristic, characteristicOf, DAMAGE_TYPES, savingThrow, type Vitals } from "../../core/tracks/breath.js";
import { RuleError } from "../../core/ruleError.js";
import { damageReceived, protectedShare } from "./attack.js";
import type { Stance } from "./tables.js";

export interface RoundCombatant {
  name: string;
  /** The key its owner's choices go by (the saves it owes); its name when not given. */
  id?: string;
  vitals: Vitals;
  stance: Stance;
  /** Took the Evade Maneuver: only Precision Strikes reach it this round. */
  evading?: boolean;
  /** Enemies whose melee attacks it Parries this round. */
  parrying?: readonly string[];
}

/** One attack total landed this round, before the target's stance reduces it. */
export interface RoundHit {
  target: string;
  amount: number;
  damageType: string;
  from?: string;
  precisionStrike?: boolean;
  /** Made with a melee or reach weapon (a Parry stops only these); unknown counts as melee. */
  melee?: boolean;
  /** The target Parried this (melee) attack: no damage at all. */
  parried?: boolean;
  /** An adjacent On Guard companion absorbs it, taking half. */
  protectedBy?: string;
  /** The Squad it was made in: of one Squad's hits on one target only the highest applies. */
  squad?: string;
}

/** A hit as it lands on whoever takes it. */
export interface LandedHit {
  receiver: string;
  amount: number;
  damageType: string;
}

export const idOf = (combatant: RoundCombatant): string => combatant.id ?? combatant.name;

/** Of each Squad's hits on one target only the highest stays (the first of equals); the rest are dropped. */
export function squadHits(hits: readonly RoundHit[], steps: Step[]): RoundHit[] {
  const best = new Map<string, number>();
  hits.forEach((hit, index) => {
    if (hit.squad === undefined) return;
    const key = JSON.stringify([hit.squad, hit.target]);
    const kept = best.get(key);
    if (kept === undefined || hit.amount > hits[kept]!.amount) best.set(key, index);
  });
  return hits.filter((hit, index) => {
    if (hit.squad === undefined || best.get(JSON.stringify([hit.squad, hit.target])) === index) return true;
    steps.push({ rule: "squad-lower", hit: index, squad: hit.squad, amount: hit.amount });
    return false;
  });
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
    steps.push({ rule: "hit", hit: index, ...(hit.from !== undefined ? { from: hit.from } : {}), target: hit.target, amount: hit.amount, damageType: hit.damageType, ...(hit.precisionStrike ? { precisionStrike: true } : {}) });
    const parried = hit.parried || (hit.melee !== false && hit.from !== undefined && (target.parrying ?? []).includes(hit.from));
    if (parried) {
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
    if (received !== amount) steps.push({ rule: "on-guard", hit: index, participant: receiver, before: amount, after: received });
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

/** Whether a character owes saves after this round's damage: the Characteristics that lost points, unless already down. */
export function savesOwed(before: Vitals, after: Vitals, damaged: readonly Characteristic[]): Characteristic[] {
  return before.incapacitated || after.dead ? [] : [...damaged];
}

/**
 * A save for each damaged Characteristic against its new ST; the first failure Incapacitates and
 * ends the saving. The already Incapacitated and the dead make none.
 */
export function damageSaves(tray: DiceTray, name: string, before: Vitals, after: Vitals, damaged: readonly Characteristic[], steps: Step[]): { vitals: Vitals; saves: D20Reading[] } {
  const saves: D20Reading[] = [];
  for (const characteristic of savesOwed(before, after, damaged)) {
    const reading = rollSave(tray, savingThrow(after.characteristics[characteristic]), `${name} ${characteristic} save`);
    saves.push(reading);
    steps.push({ rule: "damage-save", participant: name, characteristic, roll: reading.roll, st: reading.target, success: reading.success });
    if (!reading.success) return { vitals: { ...after, incapacitated: true }, saves };
  }
  return { vitals: after, saves };
}

/** Saves a character still owes when the round's card stops to ask its owner. */
export interface SavesAwaited {
  combatant: RoundCombatant;
  characteristics: Characteristic[];
  /** The ST of each, after the damage. */
  st: Partial<Record<Characteristic, number>>;
}

export interface EndOfRound {
  combatants: RoundCombatant[];
  steps: Step[];
  /** Set when `mayRoll` held back a character's saves: whose they are. The damage steps are all there. */
  awaiting?: SavesAwaited;
}

/**
 * The end of a round: hits land, each character's damage is totalled and applied, then saves, in
 * the combatants' order. `mayRoll` says whether a character's saves may be rolled yet (its owner
 * asked); the first that may not stops the reading there.
 */
export function resolveEndOfRound(
  tray: DiceTray,
  combatants: readonly RoundCombatant[],
  hits: readonly RoundHit[],
  protectRounding: string,
  table: Readonly<Record<string, Characteristic>> = DAMAGE_TYPES,
  mayRoll: (combatant: RoundCombatant) => boolean = () => true,
): EndOfRound {
  const steps: Step[] = [];
  const landed = landHits(combatants, squadHits(hits, steps), protectRounding, steps);
  const damagedAll = combatants.map((c) => ({ combatant: c, ...applyRoundDamage(c.name, c.vitals, landed, table, steps) }));
  const after: RoundCombatant[] = [];
  for (const { combatant, vitals, damaged } of damagedAll) {
    const owed = savesOwed(combatant.vitals, vitals, damaged);
    if (owed.length > 0 && !mayRoll(combatant)) {
      const st = Object.fromEntries(owed.map((c) => [c, savingThrow(vitals.characteristics[c])]));
      return { combatants: [...after, ...damagedAll.slice(after.length).map((d) => ({ ...d.combatant, vitals: d.vitals }))], steps, awaiting: { combatant, characteristics: owed, st } };
    }
    after.push({ ...combatant, vitals: damageSaves(tray, combatant.name, combatant.vitals, vitals, damaged, steps).vitals });
  }
  return { combatants: after, steps };
}
