import { readKeepTwo } from "../dice/keepTwo.js";

/** One reading a keep-two-highest pool can give, with its chance. */
export interface KeepTwoChance {
  total: number;
  successPoints: number;
  p: number;
}

/** The faces a pool keeps so far, and where each face of the next die leads (filled as met). */
interface State {
  kept: number[];
  after: Map<number, State>;
}

/**
 * The exact distribution of a keep-two-highest pool's reading. The dice are added one at a time;
 * after each, only the faces `readKeepTwo` keeps are carried, which is all a later die or the final
 * reading can depend on. So the reading of every state is the rules' own. Every pool ends keeping
 * as many faces as every other (two, or all it has), and two kept faces are told apart by their
 * total and their lower face, so each final state is its own reading.
 */
export function keepTwoOdds(sides: readonly number[]): KeepTwoChance[] {
  // One state per set of kept faces, so two roads to the same faces meet.
  const made = new Map<string, State>();
  const stateOf = (kept: number[]): State => {
    const id = kept.join();
    const known = made.get(id);
    if (known) return known;
    const state: State = { kept, after: new Map() };
    made.set(id, state);
    return state;
  };
  const step = (from: State, face: number): State => {
    const to = stateOf(readKeepTwo([...from.kept, face]).kept);
    from.after.set(face, to);
    return to;
  };
  let states = new Map<State, number>([[stateOf([]), 1]]);
  for (const size of sides) {
    const next = new Map<State, number>();
    const chance = 1 / size;
    for (const [state, p] of states) {
      for (let face = 1; face <= size; face += 1) {
        const to = state.after.get(face) ?? step(state, face);
        next.set(to, (next.get(to) ?? 0) + p * chance);
      }
    }
    states = next;
  }
  return [...states].map(([state, p]) => {
    const reading = readKeepTwo(state.kept);
    return { total: reading.total, successPoints: reading.successPoints, p };
  });
}
