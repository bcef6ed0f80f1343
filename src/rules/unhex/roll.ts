import { checkPercentile, type PercentileCheck, type RerollDice, rerollGood, setCriticalReading } from "../../core/dice/percentile.js";
import type { DiceTray } from "../../core/dice/source.js";
import type { Step } from "../../core/outcome.js";
import { RuleError } from "../../core/ruleError.js";

/** Who rolls: current and max level, and whether they are good at this roll. */
export interface Roller {
  name: string;
  level: number;
  maxLevel: number;
  pc: boolean;
  good?: boolean;
}

/** A critical success's one choice: take an extra action this round, or set the dice. */
export type CriticalChoice = "extra-action" | { set: number };

/** A good character's reroll, declared after seeing the result: no reroll, or which dice. */
export type RerollChoice = "none" | RerollDice;

export const REROLL_CHOICES: readonly RerollChoice[] = ["none", "tens", "units", "both"];

/** One roll as it stands between its steps: the dice now, and what was done so far. */
export interface RollState {
  roller: Roller;
  label: string;
  check: PercentileCheck;
  rerolled: boolean;
  extraAction: boolean;
  steps: Step[];
}

/** A finished roll, with what it does to the roller's actions. */
export interface UnhexRoll {
  check: PercentileCheck;
  rerolled: boolean;
  extraAction: boolean;
  losesNextAction: boolean;
  steps: Step[];
}

function stepOf(rule: string, who: string, check: PercentileCheck, label: string): Step {
  return { rule, who, roll: label, tens: check.tens, units: check.units, reading: check.reading, level: check.level, grade: check.grade };
}

/** The first throw of the two dice. */
export function rollDice(tray: DiceTray, roller: Roller, label: string): RollState {
  const check = checkPercentile(tray, roller.level, `${roller.name} ${label}`);
  return { roller, label, check, rerolled: false, extraAction: false, steps: [stepOf("percentile-roll", roller.name, check, label)] };
}

/** A good roller may reroll after seeing any result, a success too; never a critical failure. */
export function rerollOffered(state: RollState): boolean {
  return state.roller.good === true && !state.rerolled && state.check.grade !== "critical-failure";
}

/** The good roller's declared reroll: the named dice are rolled again and the new result kept. */
export function applyReroll(tray: DiceTray, state: RollState, choice: RerollChoice): RollState {
  if (!rerollOffered(state)) {
    const why = state.roller.good !== true ? `${state.roller.name} is not good at this roll` : "a critical failure cannot be rerolled";
    throw new RuleError(`${why}, so there is no reroll to choose`);
  }
  if (choice === "none") return { ...state, steps: [...state.steps, { rule: "good-no-reroll", who: state.roller.name, roll: state.label }] };
  const check = rerollGood(tray, state.check, choice, `${state.roller.name} ${state.label}`);
  return { ...state, check, rerolled: true, steps: [...state.steps, { ...stepOf("good-reroll", state.roller.name, check, state.label), dice: choice }] };
}

/** Whether the roll is a critical success, whose choice is still to be made. */
export function criticalOffered(state: RollState): boolean {
  return state.check.grade === "critical-success";
}

/** The highest reading a critical success may set the dice to: the level, or the max level after rolling exactly the level. */
export function criticalCap(state: RollState): number {
  return state.check.reading === state.check.level ? Math.max(state.roller.maxLevel, state.check.level) : state.check.level;
}

/** The critical success's choice: the extra action, or the dice set to a reading (still a success). */
export function applyCritical(state: RollState, choice: CriticalChoice): RollState {
  if (!criticalOffered(state)) throw new RuleError(`${state.roller.name}'s roll is not a critical success, so there is no critical choice to make`);
  if (choice === "extra-action") return { ...state, extraAction: true, steps: [...state.steps, { rule: "critical-extra-action", who: state.roller.name, roll: state.label }] };
  const from = state.check.reading;
  const check = setCriticalReading(state.check, choice.set, state.roller.maxLevel);
  return { ...state, check, steps: [...state.steps, { rule: "critical-set-dice", who: state.roller.name, roll: state.label, from, reading: check.reading, tens: check.tens, units: check.units }] };
}

/** The roll done: a critical failure in combat costs the next action. */
export function finishRoll(state: RollState, inCombat = true): UnhexRoll {
  const losesNextAction = inCombat && state.check.grade === "critical-failure";
  const steps = losesNextAction ? [...state.steps, { rule: "critical-failure-loses-next-action", who: state.roller.name, roll: state.label }] : state.steps;
  return { check: state.check, rerolled: state.rerolled, extraAction: state.extraAction, losesNextAction, steps };
}

/** How an unattended roll decides (the duel): which dice a good roller rerolls after a failure, and the critical's choice. */
export interface RollPolicy {
  rerollAfterFailure?: RerollDice;
  critical?: CriticalChoice;
}

/** A roll with every choice made by a fixed policy, for simulations; tables decide on cards. */
export function rollWithPolicy(tray: DiceTray, roller: Roller, label: string, policy: RollPolicy = {}, inCombat = true): UnhexRoll {
  let state = rollDice(tray, roller, label);
  if (policy.rerollAfterFailure && rerollOffered(state) && state.check.grade === "failure") state = applyReroll(tray, state, policy.rerollAfterFailure);
  if (criticalOffered(state)) state = applyCritical(state, policy.critical ?? "extra-action");
  return finishRoll(state, inCombat);
}
