/**
 * Who fights, as the GM saw them join: each fighter's side, the round it joined in and the
 * initiative the tracker shows, in the Combat's flags (only a GM writes them):
 *
 *   flags.fray.roster.<fighter key> = { side, joined, initiative, actor }
 *
 * Keyed by fighter (fighter.ts), not by combatant: an entry outlives a combatant its player deletes,
 * for the rest of the fight, and the combatant she creates again for the same token takes it back,
 * initiative included (keeper.ts).
 *
 * In v13 a player may write her own combatant (its `initiative` and flags) and her token (its
 * `disposition`); the roster is what the rules read instead. The active GM enlists each combatant
 * as it joins (keeper.ts) under the side she can vouch for (`vouchedSide`), and only a GM changes it
 * later (a GM's change of the token's disposition, or a ruleset's GM control). The initiative is
 * written with every GM step that places a combatant (`setInitiatives`), and Foundry's own field is
 * kept as a copy for display. Defeat is the roster's too (`defeated`, written only when a GM marks
 * or clears it), since a player may write her own combatant's `defeated`. So are her actor's
 * statuses (`statuses`, the ones a GM gave and did not take back, by a card's Apply, the token HUD
 * or a macro), since a player may add or delete the effects of an actor she owns: what a fight's
 * end reads of who is down. An entry not yet written reads as the GM would write it now.
 */
import { SYSTEM_ID } from "../system.js";
import { roundOf } from "./clock.js";
import { type CombatantLike, recordKey } from "./fighter.js";
import { hasRecord, recordOf, stateChanges } from "./store.js";

export const ROSTER_KEY = "roster";

export interface RosterEntry {
  /** The token disposition the combatant fights under (CONST.TOKEN_DISPOSITIONS), or null when it has no token. */
  side: number | null;
  /** The round it joined in (0: before the fight began). */
  joined: number;
  /** The initiative the ruleset gave it (null: not yet placed). */
  initiative: number | null;
  /** Whether a GM marked it defeated (absent until a GM marks or clears it). */
  defeated?: boolean;
  /** The actor's status ids a GM gave and has not taken back (absent until a GM gives or takes one while it fights). */
  statuses?: string[];
  /** The id of the actor it fought as when it joined (absent in an entry from before Fray kept it): she fights as one fighter per fight. */
  actor?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isSide = (value: unknown): value is number | null => value === null || Number.isSafeInteger(value);
const isInitiative = (value: unknown): value is number | null => value === null || (typeof value === "number" && Number.isFinite(value));
const isStatusList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === "string");

function storedEntries(combat: Combat.Implementation): Record<string, unknown> {
  // Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
  const all = combat.getFlag(SYSTEM_ID as never, ROSTER_KEY as never) as unknown;
  return isRecord(all) ? all : {};
}

/** The side a combatant's token shows now (what the GM enlists it under). */
export function dispositionNow(combatant: Combatant.Implementation): number | null {
  const disposition = (combatant.token as { disposition?: unknown } | null | undefined)?.disposition;
  return Number.isSafeInteger(disposition) ? (disposition as number) : null;
}

/**
 * The side a GM can vouch for as a combatant joins. A token no player owns has only a GM's
 * disposition; so does any token a GM adds herself (she sees it as she adds it). A player-owned
 * token a player added (she may turn it just before, or while no GM is connected to see it) joins
 * the players' side, Friendly, until a GM turns it.
 */
export function vouchedSide(combatant: Combatant.Implementation, addedByGM: boolean): number | null {
  const side = dispositionNow(combatant);
  if (side === null || addedByGM || !combatant.hasPlayerOwner) return side;
  return CONST.TOKEN_DISPOSITIONS.FRIENDLY;
}

/** The entry the GM would write for this combatant now (added by a GM or by a player). */
export function freshEntry(combat: Combat.Implementation, combatant: Combatant.Implementation, initiative: number | null, addedByGM = false): RosterEntry {
  // A GM may add a combatant already down (her creation data or the actor's status); a player's word for it is not taken.
  const downByGM = addedByGM && combatant.isDefeated;
  const statuses = addedByGM ? [...(combatant.actor?.statuses ?? [])].sort() : [];
  const actor = combatant.actorId ? { actor: combatant.actorId } : {};
  return { side: vouchedSide(combatant, addedByGM), joined: roundOf(combat), initiative, ...(downByGM ? { defeated: true } : {}), ...(statuses.length ? { statuses } : {}), ...actor };
}

/**
 * The combatant's entry, field by field as stored; a field the GM has not written yet reads as she
 * would write it now (an initiative from Foundry's field, which only a combat from before the roster
 * or a GM's own creation data can hold by then).
 */
export function rosterEntry(combat: Combat.Implementation, combatant: Combatant.Implementation): RosterEntry {
  const entries = storedEntries(combat);
  const found = recordOf(entries, combatant);
  const stored = isRecord(found) ? found : {};
  if (!hasRecord(entries, combatant)) return freshEntry(combat, combatant, isInitiative(combatant.initiative) && !hasRoster(combat) ? combatant.initiative : null);
  return {
    side: Object.hasOwn(stored, "side") && isSide(stored.side) ? stored.side : vouchedSide(combatant, false),
    joined: Number.isSafeInteger(stored.joined) && (stored.joined as number) >= 0 ? (stored.joined as number) : 0,
    initiative: Object.hasOwn(stored, "initiative") && isInitiative(stored.initiative) ? stored.initiative : null,
    ...(typeof stored.defeated === "boolean" ? { defeated: stored.defeated } : {}),
    ...(isStatusList(stored.statuses) ? { statuses: [...stored.statuses] } : {}),
    ...(typeof stored.actor === "string" && stored.actor !== "" ? { actor: stored.actor } : {}),
  };
}

/** Whether the GM keeps a roster for this combat (a combat from before the roster has none: its fields are read until the GM settles it). */
export function hasRoster(combat: Combat.Implementation): boolean {
  return foundry.utils.hasProperty(combat._source, `flags.${SYSTEM_ID}.${ROSTER_KEY}`);
}

/** Every fighter the roster holds, present or gone, by fighter key (an older Fray's entries by combatant id). */
export function rosterKeys(combat: Combat.Implementation): string[] {
  return Object.keys(storedEntries(combat));
}

/** The actor a roster entry fought as, as the GM recorded it (undefined for an entry from before Fray kept it). */
export function rosterActor(combat: Combat.Implementation, key: string): string | undefined {
  const entry = storedEntries(combat)[key];
  return isRecord(entry) && typeof entry.actor === "string" && entry.actor !== "" ? entry.actor : undefined;
}

/**
 * The combatant's statuses as a GM set them: the roster's record once a GM gave or took one while
 * it fights; before that, the actor's own only for a combatant no player owns (whose actor only a
 * GM writes), else none.
 */
export function statusesOf(combat: Combat.Implementation, combatant: Combatant.Implementation): ReadonlySet<string> {
  const marked = rosterEntry(combat, combatant).statuses;
  if (marked !== undefined) return new Set(marked);
  return combatant.hasPlayerOwner ? new Set() : new Set(combatant.actor?.statuses ?? []);
}

/** The record after a GM gave (`given`) or took statuses: what she set before, changed by these alone. */
export function statusesAfter(combat: Combat.Implementation, combatant: Combatant.Implementation, ids: Iterable<string>, given: boolean): string[] {
  const now = new Set(statusesOf(combat, combatant));
  for (const id of ids) {
    if (given) now.add(id);
    else now.delete(id);
  }
  return [...now].sort();
}

/**
 * Whether the combatant is out of the fight as a GM decided it: the roster's mark once a GM set
 * or cleared it; before that, Foundry's own reading (the combatant's field or the actor's defeated
 * status) only for a combatant no player owns, whose field and actor only a GM writes.
 */
export function defeatedOf(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  const marked = rosterEntry(combat, combatant).defeated;
  if (marked !== undefined) return marked;
  return !combatant.hasPlayerOwner && combatant.isDefeated;
}

/** Whether the GM has enlisted the combatant's fighter (or placed it). */
export function isEnlisted(combat: Combat.Implementation, combatant: CombatantLike): boolean {
  return hasRecord(storedEntries(combat), combatant);
}

/** Whether the fighter's side and joining round are stored under its key (an entry only a card's initiative wrote has neither, nor has an older Fray's). */
export function isSettled(combat: Combat.Implementation, combatant: CombatantLike): boolean {
  const entry = storedEntries(combat)[recordKey(combatant)];
  return isRecord(entry) && Object.hasOwn(entry, "side") && Object.hasOwn(entry, "joined");
}

/** The combatant's side (a token disposition, or null without a token) as the GM fixed it. */
export const sideOf = (combat: Combat.Implementation, combatant: Combatant.Implementation): number | null => rosterEntry(combat, combatant).side;

/** The initiative the ruleset gave the combatant (what the tracker shows and orders by, never Foundry's field). */
export const initiativeOf = (combat: Combat.Implementation, combatant: Combatant.Implementation): number | null => rosterEntry(combat, combatant).initiative;

/** The update path of one field of a combatant's entry, under its fighter (for a card's Apply, recorded and undone with the rest). */
export const rosterPath = (combatant: CombatantLike, field: keyof RosterEntry): string => `flags.${SYSTEM_ID}.${ROSTER_KEY}.${recordKey(combatant)}.${field}`;

/** Update data writing whole entries (null removes one), each named by its present combatant's id and stored under its fighter. */
export function rosterUpdate(combat: Combat.Implementation, entries: Record<string, RosterEntry | null>): Record<string, unknown> {
  return stateChanges(combat, ROSTER_KEY, entries);
}
