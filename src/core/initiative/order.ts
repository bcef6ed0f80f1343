/**
 * Sorts combatants by a list of keys, each compared highest first; the first key that differs
 * decides. Combatants equal on every key keep their given order, so a caller adds its own final
 * key (a roll-off, the PC, the player's pick) where the rules ask for one.
 */
export function orderByKeys<T>(combatants: readonly T[], keys: ReadonlyArray<(combatant: T) => number>): T[] {
  return combatants
    .map((combatant, index) => ({ combatant, index }))
    .sort((x, y) => {
      for (const key of keys) {
        const difference = key(y.combatant) - key(x.combatant);
        if (difference !== 0) return difference;
      }
      return x.index - y.index;
    })
    .map((entry) => entry.combatant);
}

/** Groups combatants that are equal on every key, in order: the ties a roll-off must still break. */
export function tiedGroups<T>(ordered: readonly T[], keys: ReadonlyArray<(combatant: T) => number>): T[][] {
  const groups: T[][] = [];
  for (const combatant of ordered) {
    const last = groups.at(-1);
    const head = last?.[0];
    if (last && head !== undefined && keys.every((key) => key(head) === key(combatant))) last.push(combatant);
    else groups.push([combatant]);
  }
  return groups;
}
