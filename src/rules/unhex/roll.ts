import { checkPercentile, type PercentileCheck, type RerollDice, rerollGood, setCriticalReading } from "../../core/dice/percentile.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Step } from "../../core/outcome.js";

/** Who rolls: current and max level, and which dice they reroll when good at this roll. */
export interface Roller {
  name: string;
  level: number;
  maxLevel: number;
  pc: boolean;
  good?: RerollDice;
}

/** A critical success's one choice: take an extra action this round, or set the dice. */
export type CriticalChoice = "extra-action" | { set: number };

export interface UnhexRoll {
  check: PercentileCheck;
  rerolled: boolean;
  extraAction: boolean;
  losesNextAction: boolean;
  steps: Step[];
}

function stepOf(rule: string, who: string, check: PercentileCheck): Step {
  return { rule, who, tens: check.tens, units: check.units, reading: check.reading, level: check.level, grade: check.grade };
}

/**
 * One roll by one character, read in full: the roll; the reroll of a good character (made only after
 * a plain failure, on the dice named up front; a critical failure stays); then the critical's
 * consequence: a critical success takes its choice (default: the extra action), a critical failure
 * in combat costs the next action.
 */
export function unhexRoll(tray: DiceTray, roller: Roller, label: string, critical: CriticalChoice = "extra-action", inCombat = true): UnhexRoll {
  let check = checkPercentile(tray, roller.level, `${roller.name} ${label}`);
  const steps: Step[] = [stepOf("percentile-roll", roller.name, check)];
  let rerolled = false;
  if (roller.good && check.grade === "failure") {
    check = rerollGood(tray, check, roller.good, `${roller.name} ${label}`);
    steps.push({ ...stepOf("good-reroll", roller.name, check), dice: roller.good });
    rerolled = true;
  }
  let extraAction = false;
  if (check.grade === "critical-success") {
    if (critical === "extra-action") {
      extraAction = true;
      steps.push({ rule: "critical-extra-action", who: roller.name });
    } else {
      const from = check.reading;
      check = setCriticalReading(check, critical.set, roller.maxLevel);
      steps.push({ rule: "critical-set-dice", who: roller.name, from, reading: check.reading, tens: check.tens, units: check.units });
    }
  }
  const losesNextAction = inCombat && check.grade === "critical-failure";
  if (losesNextAction) steps.push({ rule: "critical-failure-loses-next-action", who: roller.name });
  return { check, rerolled, extraAction, losesNextAction, steps };
}
