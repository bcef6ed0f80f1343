import { readSave } from "../dice/d20.js";
import type { DiceTray } from "../dice/source.js";
import { orderByKeys } from "./order.js";

/** One combatant making the initiative save (a Dexterity save in Beyond the Torchlight). */
export interface SaveOrWaitEntrant {
  name: string;
  st: number;
}

export interface SaveOrWaitResult {
  name: string;
  roll: number;
  st: number;
  success: boolean;
  /** The first round this combatant acts in: the joining round on a success, the one after on a failure. */
  actsFrom: number;
}

/**
 * Each entrant saves once, when combat starts or when it joins (`joinRound`). Success acts at once,
 * failure waits a round. The list comes back in placement order: the successes first, highest save
 * roll first, then the failures, highest first; equal rolls keep the order given (the players settle
 * those themselves). A failure may roll higher than a success (a d20 of 14 against ST 15 fails, a 10
 * against ST 5 succeeds); it still places after it.
 */
export function rollSaveOrWait(tray: DiceTray, entrants: readonly SaveOrWaitEntrant[], joinRound = 1, label = "initiative save"): SaveOrWaitResult[] {
  const results = entrants.map((entrant) => {
    const reading = readSave(tray.roll(20, `${label}: ${entrant.name}`), entrant.st);
    return { name: entrant.name, roll: reading.roll, st: entrant.st, success: reading.success, actsFrom: reading.success ? joinRound : joinRound + 1 };
  });
  return orderByKeys(results, [(result) => (result.success ? 1 : 0), (result) => result.roll]);
}

export function actsInRound(result: SaveOrWaitResult, round: number): boolean {
  return round >= result.actsFrom;
}
