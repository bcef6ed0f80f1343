/**
 * Fixtures for the staged melee round (play.ts), the split of a pool against several opponents
 * (multiple.ts) and shots (ranged.ts).
 */
import { DiceTray, type DiceSource, givenFaces } from "../../../src/core/dice/source.js";
import type { Awaiting, Step } from "../../../src/core/outcome.js";
import type { Combatant } from "../../../src/rules/drama/combatant.js";
import type { Engagement } from "../../../src/rules/drama/multiple.js";
import { type Play, type PlayedRound, type PlayInput, type PlayPairing, playRound } from "../../../src/rules/drama/play.js";
import { type MeleePools, meleePools } from "../../../src/rules/drama/pools.js";
import { defaults } from "./fixtures.js";

/** A 3 counts on no kind of die: no Base success, no Resistance loss, nothing on a Drama die, no armour block. */
export const blanks: DiceSource = { next: () => 3 };

/** The faces given, in order, then blanks for every die after them. */
export const trayOf = (faces: readonly number[] = []): DiceTray => new DiceTray(givenFaces(faces, blanks));

/** A fighter with nothing but what a test gives her: Physical 2, Agility 1, no skill, Grit 4, Flesh 6, a small weapon. */
export const plain = (name: string, more: Partial<Combatant> = {}): Combatant => ({ name, physical: 2, agility: 1, skill: 0, grit: 4, flesh: 6, weapon: "small", ...more });

/** The pools of an actor with `ownBase` Bd of her own (all Physical) and `military` training dice. */
export const poolsFor = (ownBase: number, military = 0, more: Partial<Combatant> = {}): MeleePools =>
  meleePools({ name: "Actor", physical: ownBase, agility: 1, skill: 0, grit: 5, flesh: 6, military, ...more });

/** An engagement against a plain opponent, the actor holding Momentum. */
export const against = (more: Partial<Engagement> = {}): Engagement => ({ opponent: plain("Opponent"), momentum: "actor", ...more });

export interface Table {
  choices?: Record<string, unknown>;
  interactive?: boolean;
  options?: Partial<PlayInput["options"]>;
  tables?: PlayInput["tables"];
}

/** Plays a round of the fighters and pairings given, on the faces given (then blanks). */
export function playWith(fighters: Record<string, Combatant>, pairings: PlayPairing[], table: Table = {}, faces: readonly number[] = []): { play: Play; tray: DiceTray } {
  const tray = trayOf(faces);
  const input: PlayInput = {
    fighters: Object.entries(fighters).map(([key, combatant]) => ({ key, combatant })),
    pairings,
    choices: table.choices ?? {},
    interactive: table.interactive ?? false,
    options: { ...defaults, ...table.options },
    ...(table.tables ? { tables: table.tables } : {}),
  };
  return { play: playRound(input, tray), tray };
}

/** A melee round between a and b (a is the pairing's actor). */
export const duel = (a: Combatant, b: Combatant, momentum: "a" | "b" | undefined, table: Table = {}, faces: readonly number[] = []) =>
  playWith({ a, b }, [{ actor: "a", opponent: "b", ...(momentum ? { momentum } : {}) }], table, faces);

/** The round played to its end; fails the test if it stopped at a choice. */
export function finished(play: Play): PlayedRound {
  if (!("round" in play)) throw new Error(`the round awaited ${play.awaiting.choice}`);
  return play.round;
}

/** The choice a round stopped at; fails the test if it did not stop. */
export function awaited(play: Play): Awaiting {
  if (!("awaiting" in play)) throw new Error("the round did not stop at a choice");
  return play.awaiting;
}

export const stepsOf = (play: Play, rule: string): Step[] => play.steps.filter((step) => step.rule === rule);

export const labels = (tray: DiceTray): string[] => tray.rolled.map((die) => die.label);
