import { type D20Reading, rollSave } from "../../core/dice/d20.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Step } from "../../core/outcome.js";
import { applyDamage, type Characteristic, characteristicOf, DAMAGE_TYPES, savingThrow, type Vitals } from "../../core/tracks/breath.js";
import { RuleError } from "../../core/ruleError.js";
import { TorchlightRefusal } from "./refusal.js";
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
  /** Its number among the round's hits (as the request lists them), by which an owner orders them. */
  hit: number;
  /** Who dealt it, when the hit says. */
  from?: string;
}

/** A round's hit with its number among the round's hits, which survives the Squad filter. */
type NumberedHit = RoundHit & { index?: number };

export const idOf = (combatant: RoundCombatant): string => combatant.id ?? combatant.name;

/** Of each Squad's hits on one target only the highest stays (the first of equals); the rest are dropped. */
export function squadHits(hits: readonly RoundHit[], steps: Step[]): NumberedHit[] {
  const best = new Map<string, number>();
  // A hit of no Squad gets a key too (its squad reads as null), which the filter below never asks for.
  hits.forEach((hit, index) => {
    const key = JSON.stringify([hit.squad, hit.target]);
    const kept = best.get(key);
    if (kept === undefined || hit.amount > hits[kept]!.amount) best.set(key, index);
  });
  return hits.flatMap((hit, index) => {
    if (hit.squad === undefined || best.get(JSON.stringify([hit.squad, hit.target])) === index) return [{ ...hit, index }];
    steps.push({ rule: "squad-lower", hit: index, squad: hit.squad, amount: hit.amount });
    return [];
  });
}

/** Evade, Parry, Protect Companion and On Guard, per hit: who takes how much. */
export function landHits(combatants: readonly RoundCombatant[], hits: readonly NumberedHit[], protectRounding: string, steps: Step[]): LandedHit[] {
  const stanceOf = (name: string): Stance => {
    const combatant = combatants.find((c) => c.name === name);
    if (!combatant) throw new RuleError(`${name} is not in the round`);
    return combatant.stance;
  };
  const landed: LandedHit[] = [];
  hits.forEach((hit, position) => {
    const index = hit.index ?? position;
    const target = combatants.find((c) => c.name === hit.target);
    if (!target) throw new RuleError(`${hit.target} is not in the round`);
    // Stryker disable next-line ConditionalExpression: a from of undefined is the same as none (it never reaches JSON)
    steps.push({ rule: "hit", hit: index, ...(hit.from !== undefined ? { from: hit.from } : {}), target: hit.target, amount: hit.amount, damageType: hit.damageType, ...(hit.precisionStrike ? { precisionStrike: true } : {}) });
    // Stryker disable next-line ConditionalExpression: a Parry list names enemies, so it never holds the undefined of a hit from no one
    const parried = hit.parried || (hit.melee !== false && hit.from !== undefined && target.parrying?.includes(hit.from) === true);
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
    // Stryker disable next-line ConditionalExpression: a from of undefined is the same as none (it never reaches JSON)
    landed.push({ receiver, amount: received, damageType: hit.damageType, hit: index, ...(hit.from !== undefined ? { from: hit.from } : {}) });
  });
  return landed;
}

export interface TotalledDamage {
  vitals: Vitals;
  /** Characteristics that lost points, in the order they were hit: each needs a save. */
  damaged: Characteristic[];
}

/**
 * All of one character's damage this round, hit by hit in `order` (the order dealt unless its owner
 * chose): each hit meets what is left of her Breath first, the rest comes off the Characteristic of
 * its damage type. A step per hit shows which hits Breath absorbed; a step per Characteristic the
 * round's total.
 */
export function applyRoundDamage(name: string, vitals: Vitals, landed: readonly LandedHit[], table: Readonly<Record<string, Characteristic>>, steps: Step[], order?: readonly number[]): TotalledDamage {
  const mine = landed.filter((h) => h.receiver === name);
  const ordered = order ? [...order.map((n) => mine.find((h) => h.hit === n)!), ...mine.filter((h) => !order.includes(h.hit))] : mine;
  const totals = new Map<Characteristic, { total: number; toBreath: number; toCharacteristic: number }>();
  let current = vitals;
  const damaged: Characteristic[] = [];
  for (const hit of ordered) {
    const characteristic = characteristicOf(hit.damageType, table);
    const applied = applyDamage(current, hit.amount, characteristic);
    steps.push({ rule: "breath-meets", participant: name, hit: hit.hit, ...(hit.from !== undefined ? { from: hit.from } : {}), amount: hit.amount, damageType: hit.damageType, characteristic, toBreath: applied.toBreath, toCharacteristic: applied.toCharacteristic, breathLeft: applied.vitals.breath });
    const total = totals.get(characteristic) ?? { total: 0, toBreath: 0, toCharacteristic: 0 };
    totals.set(characteristic, { total: total.total + hit.amount, toBreath: total.toBreath + applied.toBreath, toCharacteristic: total.toCharacteristic + applied.toCharacteristic });
    if (applied.toCharacteristic > 0 && !damaged.includes(characteristic)) damaged.push(characteristic);
    current = applied.vitals;
  }
  for (const [characteristic, total] of totals) steps.push({ rule: "damage", participant: name, characteristic, ...total });
  return { vitals: current, damaged };
}

/**
 * Whether the order of a character's hits can change what they do: she has Breath to spend (standing)
 * and, past the hits already ordered, it still meets hits of more than one Characteristic.
 */
export function orderMatters(vitals: Vitals, hits: readonly LandedHit[], table: Readonly<Record<string, Characteristic>>): boolean {
  if (vitals.incapacitated || vitals.breath <= 0) return false;
  return new Set(hits.map((h) => characteristicOf(h.damageType, table))).size > 1;
}

/**
 * Under the house option that lets a hit character's owner order her hits: the hits still to order
 * (after `chosen`, which must name hits on her, each once), or none when what is left can no longer
 * change what Breath absorbs.
 */
export function hitsStillToOrder(name: string, vitals: Vitals, landed: readonly LandedHit[], chosen: readonly number[], table: Readonly<Record<string, Characteristic>>): LandedHit[] {
  const mine = landed.filter((h) => h.receiver === name);
  if (chosen.some((n, i) => chosen.indexOf(n) !== i || !mine.some((h) => h.hit === n))) throw new TorchlightRefusal("bad-breath-order", name);
  let current = vitals;
  for (const n of chosen) {
    const hit = mine.find((h) => h.hit === n)!;
    current = applyDamage(current, hit.amount, characteristicOf(hit.damageType, table)).vitals;
  }
  const rest = mine.filter((h) => !chosen.includes(h.hit));
  return orderMatters(current, rest, table) ? rest : [];
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
  kind: "saves";
  combatant: RoundCombatant;
  characteristics: Characteristic[];
  /** The ST of each, after the damage. */
  st: Partial<Record<Characteristic, number>>;
}

/** The next hit a character's owner must put to her Breath, when the house option lets her order them. */
export interface OrderAwaited {
  kind: "order";
  combatant: RoundCombatant;
  /** The hits already ordered, first first. */
  chosen: number[];
  /** The hits she may put next. */
  hits: LandedHit[];
}

export interface EndOfRound {
  combatants: RoundCombatant[];
  steps: Step[];
  /** Set when an owner's order of her hits, or `mayRoll`, held back the reading: whose choice it is. The damage steps are there up to it. */
  awaiting?: SavesAwaited | OrderAwaited;
}

/**
 * The end of a round: hits land, each character's damage is applied hit by hit and totalled, then
 * saves, in the combatants' order. The hits meet Breath in the order they were dealt; with
 * `ownerOrder` (a house option) each character's owner orders her own: the hits she has ordered so
 * far, or undefined for none, and the reading stops at the first whose order is still wanted.
 * `mayRoll` says whether a character's saves may be rolled yet (its owner asked); the first that
 * may not stops the reading there.
 */
export function resolveEndOfRound(
  tray: DiceTray,
  combatants: readonly RoundCombatant[],
  hits: readonly RoundHit[],
  protectRounding: string,
  table: Readonly<Record<string, Characteristic>> = DAMAGE_TYPES,
  mayRoll: (combatant: RoundCombatant) => boolean = () => true,
  ownerOrder?: (combatant: RoundCombatant) => readonly number[] | undefined,
): EndOfRound {
  const steps: Step[] = [];
  const landed = landHits(combatants, squadHits(hits, steps), protectRounding, steps);
  const damagedAll: (TotalledDamage & { combatant: RoundCombatant })[] = [];
  for (const c of combatants) {
    const chosen = ownerOrder ? [...(ownerOrder(c) ?? [])] : undefined;
    if (chosen) {
      const open = hitsStillToOrder(c.name, c.vitals, landed, chosen, table);
      if (open.length > 0) {
        const unread = combatants.slice(damagedAll.length).map((combatant) => ({ ...combatant }));
        return { combatants: [...damagedAll.map((d) => ({ ...d.combatant, vitals: d.vitals })), ...unread], steps, awaiting: { kind: "order", combatant: c, chosen, hits: open } };
      }
    }
    damagedAll.push({ combatant: c, ...applyRoundDamage(c.name, c.vitals, landed, table, steps, chosen) });
  }
  const after: RoundCombatant[] = [];
  for (const { combatant, vitals, damaged } of damagedAll) {
    const owed = savesOwed(combatant.vitals, vitals, damaged);
    if (owed.length > 0 && !mayRoll(combatant)) {
      const st = Object.fromEntries(owed.map((c) => [c, savingThrow(vitals.characteristics[c])]));
      return { combatants: [...after, ...damagedAll.slice(after.length).map((d) => ({ ...d.combatant, vitals: d.vitals }))], steps, awaiting: { kind: "saves", combatant, characteristics: owed, st } };
    }
    after.push({ ...combatant, vitals: damageSaves(tray, combatant.name, combatant.vitals, vitals, damaged, steps).vitals });
  }
  return { combatants: after, steps };
}
