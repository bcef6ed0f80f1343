import { compareOpposed, type OpposedWinner } from "../../core/opposed.js";

export interface OpposedSide {
  pc: boolean;
  success: boolean;
  reading: number;
}

/**
 * Opposed rolls: the highest successful reading wins (a critical does not beat a higher plain
 * success); on equal successes a PC beats an NPC; both failing, or an unbroken tie, is a tie.
 */
export function compareUnhex(a: OpposedSide, b: OpposedSide): OpposedWinner {
  // Equal scores: both failed, or both succeeded with one reading.
  return compareOpposed(a, b, (side) => (side.success ? side.reading : 0), (x, y) => {
    if (!x.success) return "none";
    if (x.pc !== y.pc) return x.pc ? "a" : "b";
    return "none";
  });
}
