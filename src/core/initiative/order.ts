/**
 * Sorts combatants by a list of keys, each compared highest first; the first key that differs
 * decides. Combatants equal on every key keep their given order, so a caller adds its own final
 * key (a roll-off, the PC, the player's pick) where the rules ask for one.
 */
export function orderByKeys<T>(combatants: readonly T[], keys: ReadonlyArray<(combatant: T) => number>): T[] {
  // Array.prototype.sort is stable, so combatants equal on every key keep their given order.
  return [...combatants].sort((x, y) => {
    for (const key of keys) {
      const difference = key(y) - key(x);
      if (difference !== 0) return difference;
    }
    return 0;
  });
}

/** Groups combatants that are equal on every key, in order: the ties a roll-off must still break. */
export function tiedGroups<T>(ordered: readonly T[], keys: ReadonlyArray<(combatant: T) => number>): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  for (const combatant of ordered) {
    const head = group[0];
    if (head !== undefined && keys.every((key) => key(head) === key(combatant))) group.push(combatant);
    else {
      group = [combatant];
      groups.push(group);
    }
  }
  return groups;
}
