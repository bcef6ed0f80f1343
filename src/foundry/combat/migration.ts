/**
 * Records of a fight written by an older Fray, keyed by combatant id, moved to fighter keys
 * (fighter.ts) on the active GM's load, so a fight in progress survives the update. Every part of
 * `flags.fray` on a Combat is walked: a property name or a string value that is the id of one of its
 * combatants becomes that combatant's fighter key, and so does each half of a pair key (`<id>_<id>`,
 * Drama's Momentum, its halves sorted again); the clock's acting combatant too. Until the GM's
 * load, store.ts, roster.ts and clock.ts read an older record by the combatant's id.
 */
import { SYSTEM_ID } from "../system.js";
import { recordKey } from "./fighter.js";
import { writeCombat } from "./write.js";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A string with every combatant id in it (whole, or as a half of a pair key) put as its fighter key. */
function rekeyed(text: string, keys: ReadonlyMap<string, string>): string {
  const whole = keys.get(text);
  if (whole !== undefined) return whole;
  const halves = text.split("_");
  // A pair names no order: its halves are sorted, as Drama's pair keys are.
  return halves.length === 2 && halves.some((half) => keys.has(half)) ? halves.map((half) => keys.get(half) ?? half).sort().join("_") : text;
}

/** A copy of a stored value with combatant ids put as fighter keys, and whether anything changed. */
function migrated(value: unknown, keys: ReadonlyMap<string, string>): { value: unknown; changed: boolean } {
  if (typeof value === "string") {
    const next = rekeyed(value, keys);
    return { value: next, changed: next !== value };
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => migrated(item, keys));
    return { value: items.map((item) => item.value), changed: items.some((item) => item.changed) };
  }
  if (!isRecord(value)) return { value, changed: false };
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    const key = rekeyed(name, keys);
    const next = migrated(inner, keys);
    changed ||= key !== name || next.changed;
    // A record already under the fighter key (written since) wins over the older one.
    if (key !== name && Object.hasOwn(value, key)) continue;
    out[key] = next.value;
  }
  return { value: out, changed };
}

/** The update putting every record of `keys`' names under their new ones (null when none is stored under them). */
function rekeyedUpdate(combat: Combat.Implementation, keys: ReadonlyMap<string, string>): Record<string, unknown> | null {
  // Fray's flag scope is not declared to fvtt-types (FlagConfig).
  const flags = (combat._source.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID];
  if (!keys.size || !isRecord(flags)) return null;
  const update: Record<string, unknown> = {};
  for (const [part, value] of Object.entries(flags)) {
    const next = migrated(value, keys);
    if (next.changed) update[`flags.${SYSTEM_ID}.==${part}`] = next.value;
  }
  return Object.keys(update).length ? update : null;
}

/** The update moving a combat's records to fighter keys (null when none is keyed by a combatant id). */
export function fighterKeysUpdate(combat: Combat.Implementation): Record<string, unknown> | null {
  const keys = new Map<string, string>();
  for (const combatant of combat.combatants) {
    const key = recordKey(combatant);
    if (combatant.id && key !== combatant.id) keys.set(combatant.id, key);
  }
  return rekeyedUpdate(combat, keys);
}

/**
 * The update moving one fighter's records to another key: a GM pointed a combatant at another token
 * or actor (FrayCombatant#_preUpdate notes the key it had), and the fighter it was is the one it is now.
 */
export function renamedFighterUpdate(combat: Combat.Implementation, from: string, to: string): Record<string, unknown> | null {
  return from === to ? null : rekeyedUpdate(combat, new Map([[from, to]]));
}

/** On the active GM: moves a combat's records kept by combatant id to fighter keys, once. */
export async function migrateFighterKeys(combat: Combat.Implementation): Promise<void> {
  const update = fighterKeysUpdate(combat);
  // Dotted flag paths built at run time are outside fvtt-types' typed update data.
  if (update) await writeCombat(combat, update, { turnEvents: false });
}
