import type { DiceTray } from "../dice/source.js";
import { orderByKeys, tiedGroups } from "./order.js";

/** One place in the order: a combatant, or a group of identical NPCs sharing one roll. */
export interface InitiativeEntry {
  id: string;
  total: number;
  successPoints: number;
}

export type Placed<T extends InitiativeEntry> = T & { rollOffs: number[] };

const byTotalThenSp = [(e: InitiativeEntry) => e.total, (e: InitiativeEntry) => e.successPoints];

/**
 * Orders by total, then Success Points; whoever is still tied rolls 1d10 against the others
 * tied with her, again and again among those still level, until every place is settled.
 * Faces come from the tray, in order of the tied entries, so the roll-offs replay.
 */
export function orderByTotalThenSuccessPoints<T extends InitiativeEntry>(entries: readonly T[], tray: DiceTray, label = "initiative roll-off"): Placed<T>[] {
  const ordered = orderByKeys(entries, byTotalThenSp);
  return tiedGroups(ordered, byTotalThenSp).flatMap((group) => rollOff(group.map((entry) => ({ ...entry, rollOffs: [] as number[] })), tray, label));
}

function rollOff<T extends InitiativeEntry>(group: Placed<T>[], tray: DiceTray, label: string): Placed<T>[] {
  if (group.length < 2) return group;
  const rolled = group.map((entry) => ({ ...entry, rollOffs: [...entry.rollOffs, tray.roll(10, label)] }));
  const last = (entry: Placed<T>) => entry.rollOffs.at(-1) ?? 0;
  const ordered = orderByKeys(rolled, [last]);
  return tiedGroups(ordered, [last]).flatMap((tied) => rollOff(tied, tray, label));
}

/**
 * A late joiner: the order already standing is kept as it is, and the joiner goes in at the place
 * its roll earns (before the first entry it beats on total, then SP). Against each entry it ties
 * on both it rolls 1d10 off, again until someone is higher. The caller uses the new order from the
 * next round; this round's order does not change.
 */
export function placeLateJoiner<T extends InitiativeEntry>(order: readonly T[], joiner: T, tray: DiceTray, label = "late joiner roll-off"): { order: T[]; place: number; rollOffs: Array<{ against: string; joiner: number; other: number }> } {
  const rollOffs: Array<{ against: string; joiner: number; other: number }> = [];
  const index = order.findIndex((entry) => {
    if (joiner.total > entry.total) return true;
    if (joiner.total < entry.total) return false;
    if (joiner.successPoints > entry.successPoints) return true;
    if (joiner.successPoints < entry.successPoints) return false;
    for (;;) {
      const mine = tray.roll(10, `${label}: ${joiner.id}`);
      const theirs = tray.roll(10, `${label}: ${entry.id}`);
      rollOffs.push({ against: entry.id, joiner: mine, other: theirs });
      if (mine > theirs) return true;
      if (mine < theirs) return false;
    }
  });
  const at = index < 0 ? order.length : index;
  return { order: [...order.slice(0, at), joiner, ...order.slice(at)], place: at + 1, rollOffs };
}
