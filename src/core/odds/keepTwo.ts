import { readKeepTwo } from "../dice/keepTwo.js";

/** One reading a keep-two-highest pool can give, with its chance. */
export interface KeepTwoChance {
  total: number;
  successPoints: number;
  p: number;
}

/**
 * The exact distribution of a keep-two-highest pool's reading. The dice are added one at a time;
 * after each, only the faces `readKeepTwo` keeps are carried, which is all a later die or the final
 * reading can depend on. So the reading of every state is the rules' own.
 */
export function keepTwoOdds(sides: readonly number[]): KeepTwoChance[] {
  // A state is the kept faces; it is keyed by one number and its faces are kept beside it.
  const keyOf = (kept: readonly number[]) => kept.reduce((key, face) => key * 1024 + face, kept.length);
  const keptOf = new Map<number, number[]>([[0, []]]);
  const step = new Map<number, number>();
  let states = new Map<number, number>([[0, 1]]);
  for (const size of sides) {
    const next = new Map<number, number>();
    const chance = 1 / size;
    for (const [key, p] of states) {
      for (let face = 1; face <= size; face += 1) {
        const memo = key * 1024 + face;
        let nextKey = step.get(memo);
        if (nextKey === undefined) {
          const kept = readKeepTwo([...(keptOf.get(key) as number[]), face]).kept;
          nextKey = keyOf(kept);
          keptOf.set(nextKey, kept);
          step.set(memo, nextKey);
        }
        next.set(nextKey, (next.get(nextKey) ?? 0) + p * chance);
      }
    }
    states = next;
  }
  const readings = new Map<string, KeepTwoChance>();
  for (const [key, p] of states) {
    const reading = readKeepTwo(keptOf.get(key) as number[]);
    const id = `${reading.total}/${reading.successPoints}`;
    const entry = readings.get(id);
    if (entry) entry.p += p;
    else readings.set(id, { total: reading.total, successPoints: reading.successPoints, p });
  }
  return [...readings.values()];
}
