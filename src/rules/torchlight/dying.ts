import { rollSave } from "../../core/dice/d20.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Step } from "../../core/outcome.js";
import { applyDamage, type Characteristic, CHARACTERISTICS, gainBreath, healCharacteristic, savingThrow, type Vitals } from "../../core/tracks/breath.js";
import { DYING_SAVES_PER_PHASE_MIN } from "./tables.js";

/** How many rounds of dying saves a Phase asks: one per hour or unit travelled, never fewer than four. */
export function dyingSavesInPhase(hoursOrUnits: number): number {
  return Math.max(DYING_SAVES_PER_PHASE_MIN, Math.floor(hoursOrUnits));
}

export interface DyingState {
  vitals: Vitals;
  stabilized: boolean;
}

/**
 * One hour (or unit travelled) of dying: a save on each Characteristic damaged in the encounter.
 * A failure costs that Characteristic 1d4; a natural 20 Stabilizes (no more saves); a Characteristic
 * at 0 is death.
 */
export function dyingSaves(tray: DiceTray, name: string, state: DyingState, damaged: readonly Characteristic[], steps: Step[]): DyingState {
  if (state.stabilized || state.vitals.dead) return state;
  let vitals: Vitals = { ...state.vitals, incapacitated: true };
  for (const characteristic of damaged) {
    const reading = rollSave(tray, savingThrow(vitals.characteristics[characteristic]), `${name} dying ${characteristic} save`);
    if (reading.natural20) {
      steps.push({ rule: "stabilized", characteristic, roll: reading.roll });
      return { vitals, stabilized: true };
    }
    if (reading.success) {
      steps.push({ rule: "dying-save", characteristic, roll: reading.roll, st: reading.target, success: true });
      continue;
    }
    const loss = tray.roll(4, `${name} dying ${characteristic} loss`);
    vitals = applyDamage(vitals, loss, characteristic).vitals;
    steps.push({ rule: "dying-save", characteristic, roll: reading.roll, st: reading.target, success: false, loss, dc: vitals.characteristics[characteristic].dc });
    if (vitals.dead) return { vitals, stabilized: false };
  }
  return { vitals, stabilized: false };
}

/** The end of the next Phase: no longer Dying, Breath back in full; Characteristics stay as they are. */
export function recover(vitals: Vitals): Vitals {
  if (vitals.dead) return vitals;
  return gainBreath({ ...vitals, incapacitated: false }, vitals.maxBreath);
}

/** A day of rest in a Refuge or a bed: 1d4 to each Characteristic below its maximum, capped there. */
export function restDay(tray: DiceTray, name: string, vitals: Vitals, steps: Step[]): Vitals {
  if (vitals.dead) return vitals;
  let current = vitals;
  for (const characteristic of CHARACTERISTICS) {
    const score = current.characteristics[characteristic];
    if (score.dc >= score.max) continue;
    const gain = tray.roll(4, `${name} rest ${characteristic}`);
    current = healCharacteristic(current, characteristic, gain);
    steps.push({ rule: "rest", characteristic, roll: gain, dc: current.characteristics[characteristic].dc });
  }
  return current;
}
