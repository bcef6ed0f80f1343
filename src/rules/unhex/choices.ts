import type { DiceTray } from "../../core/dice/source.js";
import type { Awaiting } from "../../core/outcome.js";
import { applyCritical, applyReroll, type CriticalChoice, criticalCap, criticalOffered, finishRoll, REROLL_CHOICES, type RerollChoice, rerollOffered, type RollState, type UnhexRoll } from "./roll.js";

/** One roll on a card and the choices its roller has made about it (absent: not made yet). */
export interface RollSlot {
  /** The request's participant key whose choices these are (the card role). */
  by: string;
  state: RollState;
  reroll: RerollChoice | undefined;
  critical: CriticalChoice | undefined;
  /** Where in the request each choice goes ("reroll", "rerolls.target"...). */
  rerollPath: string;
  criticalPath: string;
}

export type SettledRolls = { rolls: UnhexRoll[]; awaiting?: undefined } | { awaiting: Awaiting; states: RollState[] };

/** What a reroll choice offers: the roll as it stands and the four answers. */
function rerollAwaiting(slot: RollSlot, state: RollState): Awaiting {
  return { choice: slot.rerollPath, by: slot.by, offer: { kind: "reroll", who: state.roller.name, reading: state.check.reading, grade: state.check.grade, choices: [...REROLL_CHOICES] } };
}

function criticalAwaiting(slot: RollSlot, state: RollState): Awaiting {
  return { choice: slot.criticalPath, by: slot.by, offer: { kind: "critical", who: state.roller.name, reading: state.check.reading, max: criticalCap(state) } };
}

/**
 * Takes the choices that follow the dice, in the order a table takes them: first each good
 * roller's reroll (in rolling order, so a later roller has seen the earlier results), then each
 * critical success's choice. Stops at the first choice not made yet and says whose it is. A reroll
 * by someone not good at the roll is refused; a reroll of a critical failure and a critical choice
 * for a roll that is no critical success are choices the dice made moot, and change nothing.
 */
export function settleRolls(tray: DiceTray, slots: readonly RollSlot[], inCombat = true): SettledRolls {
  const states = slots.map((slot) => slot.state);
  for (const [index, slot] of slots.entries()) {
    const state = states[index] as RollState;
    if (slot.reroll === undefined || (state.roller.good === true && !rerollOffered(state))) {
      // Here a reroll offered is a reroll not yet chosen: one chosen but offered never reaches this branch.
      if (rerollOffered(state)) return { awaiting: rerollAwaiting(slot, state), states };
      continue;
    }
    states[index] = applyReroll(tray, state, slot.reroll);
  }
  for (const [index, slot] of slots.entries()) {
    const state = states[index] as RollState;
    if (slot.critical === undefined || !criticalOffered(state)) {
      // Likewise a critical offered here is one whose choice is still to come.
      if (criticalOffered(state)) return { awaiting: criticalAwaiting(slot, state), states };
      continue;
    }
    states[index] = applyCritical(state, slot.critical);
  }
  return { rolls: states.map((state) => finishRoll(state, inCombat)) };
}
