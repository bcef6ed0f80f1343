/**
 * Who fights whom in a melee round: the fighters by key, the pairings between them (each its own
 * opposed roll), who leaves whom unopposed, and the order the table goes round in. A line-up that
 * cannot be fought (a fighter out of the action, a pairing of one, two fighters who both leave the
 * other unopposed) is refused before anything is declared.
 */
import { RuleError } from "../../core/ruleError.js";
import type { SplitEntry } from "./choices.js";
import type { Combatant } from "./combatant.js";

export interface PlayFighter {
  /** The participant key of the request ("a", "actor", "opponent2", "f3"...): choices are named after it. */
  key: string;
  combatant: Combatant;
}

export interface PlayPairing {
  /** One fighter of the pairing (the one whose share `split` gives, against several). */
  actor: string;
  opponent: string;
  /** Who holds Momentum in this pairing (a fighter key); unsaid, it is the first round. */
  momentum?: string;
  /** The actor leaves this opponent unopposed: he rolls +2Bd against nothing. */
  unopposed?: boolean;
  /** The opponent leaves the actor unopposed: she rolls +2Bd against nothing. */
  opponentLeavesUnopposed?: boolean;
  /** The actor's share of dice against this opponent, when her pool choice does not say. */
  split?: SplitEntry;
}

export type PairingSide = "actor" | "opponent";

export const sideOf = (pairing: PlayPairing, key: string): PairingSide => (pairing.actor === key ? "actor" : "opponent");
export const otherKey = (pairing: PlayPairing, key: string): string => (pairing.actor === key ? pairing.opponent : pairing.actor);
export const inPairing = (pairing: PlayPairing, key: string): boolean => pairing.actor === key || pairing.opponent === key;

/** Whether `key` leaves the other fighter of the pairing unopposed (puts no dice against him). */
export function leaves(pairing: PlayPairing, key: string): boolean {
  return (pairing.actor === key ? pairing.unopposed : pairing.opponentLeavesUnopposed) === true;
}

/** Why a fighter takes no part in a round (Surviving Damage; Test of Courage), or null when she fights. */
export function outOfAction(combatant: Combatant): string | null {
  if (combatant.flesh < 0) return `${combatant.name} is dying and takes no part in the fight`;
  if (combatant.flesh <= 0) return `${combatant.name} is knocked out and takes no part in the fight`;
  const out = combatant.roundsOut ?? 0;
  if (out > 0) return `${combatant.name} is passed out for ${out} more round${out === 1 ? "" : "s"} and takes no part in the fight`;
  return null;
}

/** Refuses a fighter who is out of the action. */
export function checkInAction(combatant: Combatant): void {
  const out = outOfAction(combatant);
  if (out) throw new RuleError(out);
}

/** Refuses a line-up that cannot be fought: unknown or repeated fighters, a pairing of one, two who both hold back, anyone out. */
export function checkLineUp(fighters: readonly PlayFighter[], pairings: readonly PlayPairing[]): void {
  const keys = fighters.map((f) => f.key);
  if (new Set(keys).size !== keys.length) throw new RuleError("a fighter is named twice");
  // Whom each fighter is already paired with; every key a pairing names is checked against it first.
  const met = new Map(fighters.map((f) => [f.key, new Set<string>()]));
  const name = (key: string) => fighters.find((f) => f.key === key)!.combatant.name;
  for (const p of pairings) {
    if (!keys.includes(p.actor) || !keys.includes(p.opponent)) throw new RuleError(`a pairing names ${keys.includes(p.actor) ? p.opponent : p.actor}, who is not in the fight`);
    if (p.actor === p.opponent) throw new RuleError(`${name(p.actor)} cannot fight herself`);
    if (met.get(p.actor)!.has(p.opponent)) throw new RuleError(`${name(p.actor)} and ${name(p.opponent)} are paired twice`);
    met.get(p.actor)!.add(p.opponent);
    met.get(p.opponent)!.add(p.actor);
    if (p.unopposed && p.opponentLeavesUnopposed) throw new RuleError(`${name(p.actor)} and ${name(p.opponent)} both leave the other unopposed: they do not fight`);
    if (p.momentum !== undefined && !inPairing(p, p.momentum)) throw new RuleError(`Momentum between ${name(p.actor)} and ${name(p.opponent)} cannot be held by ${name(p.momentum)}`);
  }
  for (const f of fighters) {
    if (!pairings.some((p) => inPairing(p, f.key))) throw new RuleError(`${f.combatant.name} fights no one`);
    checkInAction(f.combatant);
  }
}

/** Fighters in list order, each after every fighter that must go before it (a circle of such rules is broken in list order). */
export function inTurn(keys: readonly string[], before: ReadonlyArray<[string, string]>): string[] {
  const placed: string[] = [];
  const left = [...keys];
  while (left.length) {
    const next = left.find((key) => before.every(([first, then]) => then !== key || placed.includes(first) || !left.includes(first))) ?? left[0]!;
    placed.push(next);
    left.splice(left.indexOf(next), 1);
  }
  return placed;
}
