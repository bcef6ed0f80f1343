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
  /** Null where a critical success is only an extra action and nobody chooses (initiative). */
  criticalPath: string | null;
}

/** A roll with every choice made (`roll`), or the choice it still waits for; `state` is the roll as it stands. */
export type SettledRoll = { roll: UnhexRoll; state: RollState; awaiting?: undefined } | { awaiting: Awaiting; state: RollState };

/** What a reroll choice offers: the roll as it stands and the four answers. */
function rerollAwaiting(slot: RollSlot, state: RollState): Awaiting {
  return { choice: slot.rerollPath, by: slot.by, offer: { kind: "reroll", who: state.roller.name, reading: state.check.reading, grade: state.check.grade, choices: [...REROLL_CHOICES] } };
}

function criticalAwaiting(path: string, slot: RollSlot, state: RollState): Awaiting {
  return { choice: path, by: slot.by, offer: { kind: "critical", who: state.roller.name, reading: state.check.reading, max: criticalCap(state) } };
}

/**
 * Takes the choices that follow one roll, in the order a table takes them: the good roller's
 * reroll, then a critical success's choice. Stops at the first choice not made yet and says whose
 * it is. Each roll is settled as soon as it is thrown, before anyone else rolls: rerolls and
 * criticals are decided in rolling order, so nobody chooses after seeing dice rolled after hers.
 * A reroll by someone not good at the roll is refused; a reroll of a critical failure and a
 * critical choice for a roll that is no critical success are choices the dice made moot, and
 * change nothing.
 */
export function settleRoll(tray: DiceTray, slot: RollSlot, inCombat = true): SettledRoll {
  let state = slot.state;
  if (slot.reroll === undefined || (state.roller.good === true && !rerollOffered(state))) {
    // Here a reroll offered is a reroll not yet chosen: one chosen but offered never reaches this branch.
    if (rerollOffered(state)) return { awaiting: rerollAwaiting(slot, state), state };
  } else {
    state = applyReroll(tray, state, slot.reroll);
  }
  if (criticalOffered(state)) {
    // A critical that is only an extra action (initiative) takes it; otherwise its choice is awaited until given.
    const choice = slot.criticalPath === null ? "extra-action" : slot.critical;
    if (choice === undefined) return { awaiting: criticalAwaiting(slot.criticalPath as string, slot, state), state };
    state = applyCritical(state, choice);
  }
  return { roll: finishRoll(state, inCombat), state };
}
