/**
 * What a table holds under `key` itself, or undefined: never a value inherited from
 * Object.prototype. Keys often come from a request ("constructor", "__proto__" and "toString" are
 * strings a user can send), so every lookup of a user-supplied key in a plain-object table goes
 * through here.
 */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
