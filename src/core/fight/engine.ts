import type { DiceTray } from "../dice/source.js";

export type SideId = "a" | "b";
export const SIDE_IDS: readonly SideId[] = ["a", "b"];

/** One fighter in a fight of sides: her stat block as given, and her tracks as they stand now. */
export interface Fighter<Block, State> {
  side: SideId;
  /** Her place in her side's list, so two stat blocks with one name stay apart. */
  index: number;
  block: Block;
  state: State;
}

/** The sides of a fight: the stat blocks of each, as `fray fight` and the API take them. */
export interface FightSides<Block> {
  a: readonly Block[];
  b: readonly Block[];
}

export interface FightResult {
  winner: SideId | "none";
  rounds: number;
  /** Per side, per fighter (in the order given): whether she was out of the fight at its end. */
  dropped: Record<SideId, boolean[]>;
}

/**
 * How one ruleset's fighters fight side against side. The engine keeps the sides, the rounds and
 * the end; the ruleset says who goes when and what a fighter does on her turn, resolving it
 * through the same action `resolve` as play.
 */
export interface FightRules<Block, State> {
  start(block: Block): State;
  isOut(state: State): boolean;
  /** Called once before round 1 (an initiative rolled once for the whole fight). */
  begin?(fighters: Fighter<Block, State>[], tray: DiceTray): void;
  /** The order fighters take their turns this round; fighters out of the fight are skipped. */
  order(fighters: Fighter<Block, State>[], tray: DiceTray, round: number): Fighter<Block, State>[];
  /** One fighter's turn against the foes still in the fight (never empty). */
  act(me: Fighter<Block, State>, foes: Fighter<Block, State>[], tray: DiceTray, round: number): void;
  /** What lands at the end of the round (hits held until then, saves). */
  endRound?(fighters: Fighter<Block, State>[], tray: DiceTray, round: number): void;
}

const standing = <B, S>(rules: FightRules<B, S>, fighters: Fighter<B, S>[], side: SideId) => fighters.filter((f) => f.side === side && !rules.isOut(f.state));

function ended<B, S>(rules: FightRules<B, S>, fighters: Fighter<B, S>[]): SideId | "none" | undefined {
  const a = standing(rules, fighters, "a").length > 0;
  const b = standing(rules, fighters, "b").length > 0;
  if (a && b) return undefined;
  return a ? "a" : b ? "b" : "none";
}

/** One fight of side `a` against side `b`, its dice from the tray, to the end or `roundLimit` (a draw). */
export function runFight<B, S>(rules: FightRules<B, S>, sides: FightSides<B>, tray: DiceTray, roundLimit: number): FightResult {
  // Taken in turns a, b, a, b... so neither side's whole list goes before the other's where no initiative orders them.
  const fighters: Fighter<B, S>[] = [];
  for (let index = 0; index < Math.max(sides.a.length, sides.b.length); index += 1) {
    for (const side of SIDE_IDS) {
      const block = sides[side][index];
      if (block !== undefined) fighters.push({ side, index, block, state: rules.start(block) });
    }
  }
  const dropped = (side: SideId) => {
    const out = sides[side].map(() => false);
    for (const f of fighters) if (f.side === side) out[f.index] = rules.isOut(f.state);
    return out;
  };
  const result = (winner: SideId | "none", rounds: number): FightResult => ({ winner, rounds, dropped: { a: dropped("a"), b: dropped("b") } });
  const before = ended(rules, fighters);
  if (before !== undefined) return result(before, 0);
  rules.begin?.(fighters, tray);
  for (let round = 1; round <= roundLimit; round += 1) {
    for (const me of rules.order(fighters, tray, round)) {
      if (rules.isOut(me.state)) continue;
      const foes = standing(rules, fighters, me.side === "a" ? "b" : "a");
      if (foes.length === 0) break;
      rules.act(me, foes, tray, round);
    }
    rules.endRound?.(fighters, tray, round);
    const winner = ended(rules, fighters);
    if (winner !== undefined) return result(winner, round);
  }
  return result("none", roundLimit);
}
