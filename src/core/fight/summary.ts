import { DiceTray, seededDice } from "../dice/source.js";
import { type FightResult, type FightSides, SIDE_IDS, type SideId } from "./engine.js";

/** A tray that keeps no die: many fights read only who won, so memory stays flat. */
export class ForgetfulTray extends DiceTray {
  override roll(sides: number, label: string): number {
    const face = super.roll(sides, label);
    this.rolled.pop();
    return face;
  }
}

/** A chance out of `runs` fights with its 95% Wilson interval (sound near 0 and 1, where a normal interval is not). */
export interface Chance {
  chance: number;
  low: number;
  high: number;
}

export function wilson(count: number, runs: number): Chance {
  const z = 1.959964;
  const p = count / runs;
  const centre = (p + (z * z) / (2 * runs)) / (1 + (z * z) / runs);
  const half = (z / (1 + (z * z) / runs)) * Math.sqrt((p * (1 - p)) / runs + (z * z) / (4 * runs * runs));
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { chance: round(p), low: round(Math.max(0, centre - half)), high: round(Math.min(1, centre + half)) };
}

export interface FightSummary {
  runs: number;
  wins: Record<SideId | "none", number>;
  chance: Record<SideId | "none", Chance>;
  medianRounds: number;
  /** Per side, per fighter: how often she was out of the fight at its end. */
  dropped: Record<SideId, number[]>;
}

/**
 * Fights the same sides `runs` times from one seed; `onFight` may stop a run that drags on, and
 * `enough` may end it sooner (the tracker's odds stop on a time budget or a narrow interval), after
 * the fight numbered `done` with the wins so far. The summary counts the fights run.
 */
export function fightMany<B>(
  fight: (sides: FightSides<B>, tray: DiceTray, roundLimit: number) => FightResult,
  sides: FightSides<B>,
  options: { runs: number; roundLimit: number; seed: number; onFight?: (result: FightResult, run: number) => void; enough?: (done: number, wins: Readonly<Record<SideId | "none", number>>) => boolean },
): FightSummary {
  const tray = new ForgetfulTray(seededDice(options.seed));
  const wins = { a: 0, b: 0, none: 0 };
  const rounds: number[] = [];
  const dropped = { a: sides.a.map(() => 0), b: sides.b.map(() => 0) };
  for (let run = 0; run < options.runs; run += 1) {
    const result = fight(sides, tray, options.roundLimit);
    wins[result.winner] += 1;
    rounds.push(result.rounds);
    for (const side of SIDE_IDS) result.dropped[side].forEach((out, i) => (dropped[side][i]! += out ? 1 : 0));
    options.onFight?.(result, run);
    if (options.enough?.(run + 1, wins)) break;
  }
  const runs = rounds.length;
  rounds.sort((x, y) => x - y);
  const mid = rounds.length >> 1;
  const medianRounds = rounds.length % 2 ? rounds[mid]! : (rounds[mid - 1]! + rounds[mid]!) / 2;
  const rate = (n: number) => Math.round((n / runs) * 1000) / 1000;
  return {
    runs,
    wins,
    chance: { a: wilson(wins.a, runs), b: wilson(wins.b, runs), none: wilson(wins.none, runs) },
    medianRounds,
    dropped: { a: dropped.a.map(rate), b: dropped.b.map(rate) },
  };
}
