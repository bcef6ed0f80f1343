import type { DiceTray } from "./source.js";
import { RuleError } from "../ruleError.js";

/**
 * Percentile dice as two d10s, a tens die and a units die, each showing a digit 0–9.
 *
 * Face mapping (decided here, used everywhere): a d10 face 1–9 is that digit and face 10 is the
 * digit 0, as printed on most d10s. The reading is tens × 10 + units, except that 0 and 0 reads as
 * 100, so every reading is 1–100.
 */
export interface PercentileRoll {
  tens: number;
  units: number;
  reading: number;
}

export type Grade = "critical-success" | "success" | "failure" | "critical-failure";

/** A roll read against a level: the digits, the reading and what they mean. */
export interface PercentileCheck extends PercentileRoll {
  level: number;
  success: boolean;
  critical: boolean;
  grade: Grade;
}

export type RerollDice = "tens" | "units" | "both";

export class PercentileError extends RuleError {
  override name = "PercentileError";
}

export function digitOfFace(face: number): number {
  if (!Number.isInteger(face) || face < 1 || face > 10) throw new PercentileError(`a d10 shows 1 to 10, got ${face}`);
  return face % 10;
}

/** The face of a d10 that shows `digit` (the inverse of digitOfFace), for recording and tests. */
export function faceOfDigit(digit: number): number {
  if (!Number.isInteger(digit) || digit < 0 || digit > 9) throw new PercentileError(`a digit is 0 to 9, got ${digit}`);
  return digit === 0 ? 10 : digit;
}

export function readPercentile(tens: number, units: number): number {
  const reading = tens * 10 + units;
  return reading === 0 ? 100 : reading;
}

/** The two digits of a reading 1–100 (100 is 0 and 0). */
export function digitsOf(reading: number): PercentileRoll {
  if (!Number.isInteger(reading) || reading < 1 || reading > 100) throw new PercentileError(`a percentile reading is 1 to 100, got ${reading}`);
  const tens = Math.floor(reading / 10) % 10;
  const units = reading % 10;
  return { tens, units, reading };
}

export function rollPercentile(tray: DiceTray, label: string): PercentileRoll {
  const tens = digitOfFace(tray.roll(10, `${label} tens`));
  const units = digitOfFace(tray.roll(10, `${label} units`));
  return { tens, units, reading: readPercentile(tens, units) };
}

/**
 * Success is a reading at or under the level. Doubles are criticals: a success when at or under
 * the level, a failure above it; a reading of exactly the level is also a critical success, and
 * 100 (0 and 0) is always a critical failure, even against a level of 100 or more.
 */
export function gradePercentile(roll: PercentileRoll, level: number): PercentileCheck {
  // 100 (0 and 0) never succeeds, whatever the level; as doubles it is always a critical.
  const success = roll.reading !== 100 && roll.reading <= level;
  const doubles = roll.tens === roll.units;
  const critical = doubles || roll.reading === level;
  const grade: Grade = success ? (critical ? "critical-success" : "success") : critical ? "critical-failure" : "failure";
  return { ...roll, level, success, critical, grade };
}

/** One roll against a level. */
export function checkPercentile(tray: DiceTray, level: number, label: string): PercentileCheck {
  return gradePercentile(rollPercentile(tray, label), level);
}

/**
 * A character who is good at the action rerolls one or both dice once, named before rolling, and
 * must keep the new result. A critical failure cannot be rerolled.
 */
export function rerollGood(tray: DiceTray, check: PercentileCheck, dice: RerollDice, label: string): PercentileCheck {
  if (check.grade === "critical-failure") throw new PercentileError("a critical failure cannot be rerolled");
  const tens = dice === "units" ? check.tens : digitOfFace(tray.roll(10, `${label} tens reroll`));
  const units = dice === "tens" ? check.units : digitOfFace(tray.roll(10, `${label} units reroll`));
  return gradePercentile({ tens, units, reading: readPercentile(tens, units) }, check.level);
}

/**
 * The second choice of a critical success: set the dice to any reading at or under the level, or at
 * or under the maximum level when the roll was exactly the level. The result stays a success.
 */
export function setCriticalReading(check: PercentileCheck, reading: number, maxLevel: number): PercentileCheck {
  if (check.grade !== "critical-success") throw new PercentileError("only a critical success lets you set the dice");
  const cap = check.reading === check.level ? Math.max(maxLevel, check.level) : check.level;
  if (!Number.isInteger(reading) || reading < 1 || reading > cap) throw new PercentileError(`the dice can be set to 1–${cap}, not ${reading}`);
  return { ...digitsOf(reading), level: check.level, success: true, critical: true, grade: "critical-success" };
}
