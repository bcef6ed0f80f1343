/**
 * The GM's writes of a Combat, made only when they change what is stored. v13 sends an update's
 * diff, but a forced replacement (`==key`, as fighters' states are written: store.ts) always counts
 * as a change (common/utils/helpers.mjs, diffObject → _diffSpecial), and so does a null written
 * where nothing was. Each such write makes every client run Combat#_onUpdate, which renders every
 * combatant's actor sheet again (updateCombatantActors), for nothing.
 */

type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data => typeof value === "object" && value !== null && !Array.isArray(value);

/** Deep equality of stored data, whatever the order of an object's keys. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => same(value, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && same(a[key], b[key]));
}

/** Whether an update (dotted keys, `-=` and `==` keys included) would change the Combat's stored data. */
export function changesCombat(combat: Combat.Implementation, update: Data): boolean {
  const source = combat.toObject() as unknown as Data;
  const after = foundry.utils.mergeObject(foundry.utils.deepClone(source), foundry.utils.expandObject(update), { insertKeys: true, insertValues: true, performDeletions: true, inplace: false });
  return !same(source, after);
}

/** Writes the update when it changes something; says whether it wrote. */
export async function writeCombat(combat: Combat.Implementation, update: Data, options: Data = {}): Promise<boolean> {
  if (!changesCombat(combat, update)) return false;
  // Dotted flag paths built at run time are outside fvtt-types' typed update data.
  await combat.update(update as never, options as never);
  return true;
}
