import type { DiceTray } from "../dice/source.js";
import { orderByKeys } from "./order.js";
import { RuleError } from "../ruleError.js";

/**
 * Initiative by rank: player characters roll one die and add their Initiative rank; NPCs add a
 * flat bonus to their rank instead (more for a major NPC). Highest score acts first; a PC beats an
 * NPC on an equal score, and the players decide the order among PCs on an equal score.
 */

export interface PcEntry {
  name: string;
  rank: number;
  /** A face already rolled at the table; when absent the die is rolled through the tray. */
  face?: number;
}

export interface NpcEntry {
  name: string;
  rank: number;
  major?: boolean;
}

export interface InitiativeBonuses {
  /** The die a PC rolls. */
  die: number;
  npcBonus: number;
  majorNpcBonus: number;
}

export interface Scored {
  name: string;
  pc: boolean;
  score: number;
  /** The PC's die face; absent for NPCs. */
  face?: number;
}

export class InitiativeError extends RuleError {
  override name = "InitiativeError";
}

export function npcScore(npc: NpcEntry, bonuses: InitiativeBonuses): number {
  return npc.rank + (npc.major ? bonuses.majorNpcBonus : bonuses.npcBonus);
}

/** Scores everyone: PCs from their die (given or rolled, labelled with their name) plus rank. */
export function scoreInitiative(tray: DiceTray, pcs: readonly PcEntry[], npcs: readonly NpcEntry[], bonuses: InitiativeBonuses): Scored[] {
  const names = new Set<string>();
  for (const { name } of [...pcs, ...npcs]) {
    if (names.has(name)) throw new InitiativeError(`two combatants are named ${JSON.stringify(name)}`);
    names.add(name);
  }
  const scoredPcs = pcs.map((pc): Scored => {
    if (pc.face !== undefined && (!Number.isInteger(pc.face) || pc.face < 1 || pc.face > bonuses.die)) {
      throw new InitiativeError(`${pc.name}'s face ${pc.face} cannot be on a d${bonuses.die}`);
    }
    const face = pc.face ?? tray.roll(bonuses.die, `initiative ${pc.name}`);
    return { name: pc.name, pc: true, score: face + pc.rank, face };
  });
  const scoredNpcs = npcs.map((npc): Scored => ({ name: npc.name, pc: false, score: npcScore(npc, bonuses) }));
  return [...scoredPcs, ...scoredNpcs];
}

/**
 * Orders by score, PCs before NPCs on equal scores, and among PCs on an equal score by the players'
 * pick (`pcPicks`: names in the order they chose; unnamed PCs follow in the given order). NPCs on
 * an equal score keep the given order, which is the GM's.
 */
export function rankWithPcTies(scored: readonly Scored[], pcPicks: readonly string[] = []): Scored[] {
  for (const name of pcPicks) {
    const entry = scored.find((s) => s.name === name);
    if (!entry || !entry.pc) throw new InitiativeError(`the players' pick names ${JSON.stringify(name)}, who is not a PC here`);
  }
  if (new Set(pcPicks).size !== pcPicks.length) throw new InitiativeError("the players' pick names someone twice");
  const pickRank = (s: Scored) => {
    const index = pcPicks.indexOf(s.name);
    return index === -1 ? -pcPicks.length : -index;
  };
  return orderByKeys(scored, [(s) => s.score, (s) => (s.pc ? 1 : 0), pickRank]);
}

/** Where a round stands: the order, and who has already taken a turn this round. */
export interface RoundOrder {
  order: string[];
  acted: string[];
}

export type DelayRefusal = "not-in-order" | "not-their-turn" | "already-acted" | "after-self";

/** Whose turn it is: the first in order who has not acted; undefined when the round is over. */
export function currentTurn(round: RoundOrder): string | undefined {
  return round.order.find((name) => !round.acted.includes(name));
}

/** Why `mover` may not delay to just after `after`, or undefined when she may. */
export function delayRefusal(round: RoundOrder, mover: string, after: string): DelayRefusal | undefined {
  if (!round.order.includes(mover) || !round.order.includes(after)) return "not-in-order";
  if (currentTurn(round) !== mover) return "not-their-turn";
  if (after === mover) return "after-self";
  if (round.acted.includes(after)) return "already-acted";
  return undefined;
}

/**
 * At the start of her turn a character moves herself to just after someone who has not yet acted
 * this round; the new order stands for the rounds that follow. Returns undefined when refused.
 */
export function delayTurn(round: RoundOrder, mover: string, after: string): string[] | undefined {
  if (delayRefusal(round, mover, after) !== undefined) return undefined;
  const order = round.order.filter((name) => name !== mover);
  order.splice(order.indexOf(after) + 1, 0, mover);
  return order;
}
