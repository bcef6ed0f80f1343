/**
 * The ruleset's turn order as one number per combatant. Foundry sorts the turns with a comparator it
 * calls about n·log n times (v13 client/documents/combat.mjs, Combat#setupTurns), so a comparison
 * must cost next to nothing: each combatant's key (element by element, lower first; no key acts
 * last; ties by id) is turned, once per sort, into one number, and a comparison subtracts two.
 *
 * A key of one element is its own number. A longer key of whole numbers is packed into one, each
 * element a digit in a base as wide as its column's spread (the rulesets' keys are small counts,
 * rolls and scores). A key that cannot be packed exactly (a fraction or an infinity in a longer
 * key, or digits past 2^53) is ranked by one sort instead, its places the numbers.
 */
import type { OrderKey } from "./rules.js";

/** Lower first, element by element (a missing element counts as 0); a combatant without a key acts after everyone who has one. */
export function compareKeys(a: OrderKey | undefined, b: OrderKey | undefined): number {
  if (!a || !b) return (a ? 0 : 1) - (b ? 0 : 1);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const [x, y] = [a[i] ?? 0, b[i] ?? 0];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** One number per key, in the keys' order, or undefined when some key does not fit in one exactly. */
function packed(keys: readonly OrderKey[]): number[] | undefined {
  const width = keys.reduce((most, key) => Math.max(most, key.length), 0);
  if (width <= 1) {
    const numbers = keys.map((key) => key[0] ?? 0);
    return numbers.every(Number.isFinite) ? numbers : undefined;
  }
  const numbers = keys.map(() => 0);
  let scale = 1;
  for (let element = width - 1; element >= 0; element--) {
    const column = keys.map((key) => key[element] ?? 0);
    if (!column.every(Number.isSafeInteger)) return undefined;
    const least = Math.min(...column);
    column.forEach((value, i) => (numbers[i]! += (value - least) * scale));
    scale *= Math.max(...column) - least + 1;
    if (scale > Number.MAX_SAFE_INTEGER) return undefined;
  }
  return numbers;
}

/**
 * One number per id (in the same order), lower acting first, in the order of `keys`: an id without
 * a key after every one with a key. Equal numbers are a tie the caller breaks by id.
 */
export function placesOf(ids: readonly string[], keys: ReadonlyMap<string, OrderKey>): number[] {
  const keyed = ids.filter((id) => keys.has(id));
  const numbers = packed(keyed.map((id) => keys.get(id)!)) ?? ranked(keyed, keys);
  let next = 0;
  return ids.map((id) => (keys.has(id) ? numbers[next++]! : Number.POSITIVE_INFINITY));
}

/** Each id's place among the others (ties by id), by one sort of the keys as they are. */
function ranked(ids: readonly string[], keys: ReadonlyMap<string, OrderKey>): number[] {
  const order = ids.map((id, index) => ({ id, index, key: keys.get(id) })).sort((a, b) => compareKeys(a.key, b.key) || (a.id > b.id ? 1 : -1));
  const places: number[] = [];
  order.forEach(({ index }, place) => (places[index] = place));
  return places;
}
