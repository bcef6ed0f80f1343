/**
 * Who fights, as a key that outlives a combatant. In v13 an owner may delete and create her own
 * combatant (common/documents/combatant.mjs: create and delete need OWNER), so a combatant's id is
 * a request, not a fighter: every record of a fight (roster, per-round records, ruleset state) is
 * keyed by the fighter instead, and a re-created combatant finds its records again.
 *
 * A token tells fighters apart: two unlinked tokens of one NPC are two fighters, each with its own
 * synthetic actor (client/documents/token.mjs `get actor`). Only an Assistant may create or delete
 * a token by default (common/constants.mjs TOKEN_CREATE, TOKEN_DELETE), so a player cannot mint a
 * new token id to start over. A combatant with no token (a GM may add an actor alone) is its actor.
 * The key never reads a field a player may write (a token's `actorLink` is hers to change).
 */

/**
 * A fighter's key: `Token:<token id>` for a combatant on a token, `Actor:<actor id>` for one without.
 * A colon, not a dot: the key is a property name in dotted flag paths (`flags.fray.roster.<key>`).
 */
export type FighterKey = `Token:${string}` | `Actor:${string}`;

export interface FighterSource {
  readonly tokenId?: string | null;
  readonly actorId?: string | null;
}

/** The key of whoever a combatant (or anything naming a token and an actor) fights as; null when it names neither. */
export function fighterKey(source: FighterSource | null | undefined): FighterKey | null {
  if (!source) return null;
  if (source.tokenId) return `Token:${source.tokenId}`;
  if (source.actorId) return `Actor:${source.actorId}`;
  return null;
}

/** What a combatant is for the fighter records: its id, token and actor (a harness or Foundry combatant alike). */
export interface CombatantLike extends FighterSource {
  readonly id: string | null;
}

/**
 * Where a present combatant's records are kept: its fighter key, or (a combatant naming neither a
 * token nor an actor, which only a GM's hand can make) its own id.
 */
export function recordKey(combatant: CombatantLike): string {
  return fighterKey(combatant) ?? combatant.id ?? "";
}

/**
 * The combatant of a combat a record names: the one fighting as that key now, or (a record or card
 * written by an older Fray) the combatant of that id. Undefined when the fighter has left.
 */
export function combatantOfKey<C extends CombatantLike>(combatants: Iterable<C>, key: string): C | undefined {
  let byId: C | undefined;
  for (const combatant of combatants) {
    if (recordKey(combatant) === key) return combatant;
    if (combatant.id === key) byId = combatant;
  }
  return byId;
}
