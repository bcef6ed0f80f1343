import type { DiceTray } from "./source.js";

/** A d20 roll against a characteristic: a check wants the DC or under, a save the ST or over. */
export interface D20Reading {
  kind: "check" | "save";
  roll: number;
  target: number;
  success: boolean;
  natural20: boolean;
}

export function checkSucceeds(roll: number, dc: number): boolean {
  return roll <= dc;
}

export function saveSucceeds(roll: number, st: number): boolean {
  return roll >= st;
}

export function readCheck(roll: number, dc: number): D20Reading {
  return { kind: "check", roll, target: dc, success: checkSucceeds(roll, dc), natural20: roll === 20 };
}

export function readSave(roll: number, st: number): D20Reading {
  return { kind: "save", roll, target: st, success: saveSucceeds(roll, st), natural20: roll === 20 };
}

export function rollCheck(tray: DiceTray, dc: number, label: string): D20Reading {
  return readCheck(tray.roll(20, label), dc);
}

export function rollSave(tray: DiceTray, st: number, label: string): D20Reading {
  return readSave(tray.roll(20, label), st);
}
