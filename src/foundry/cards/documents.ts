/** Reading the documents a card names by uuid (stored strings, so each is checked for its class). */

/** The longest name a card keeps: a name is stored in a card's rules, outcome, records and text at every step. */
export const CARD_NAME_CHARS = 100;

/**
 * A name as a card keeps it: a longer one loses its middle (its end stays, where a numbered name
 * such as "Bandit 2" differs), so a 1 MB name cannot make every card about its actor that big.
 */
export function cardName(name: string | null | undefined): string {
  const text = name ?? "";
  if (text.length <= CARD_NAME_CHARS) return text;
  const tail = 20;
  return `${text.slice(0, CARD_NAME_CHARS - tail - 1)}…${text.slice(-tail)}`;
}

/**
 * The name a card gives a fighter: an unlinked token's actor goes by its token's name, as the
 * tracker does (v13 gives that actor its world actor's name, so two Bouncers would both read
 * "Bouncer" where the tracker says "Bouncer" and "Bouncer (2)").
 */
export function fighterName(actor: Actor.Implementation): string {
  const token = actor.isToken ? actor.token : null;
  return cardName(token?.name || actor.name);
}

/** The fighter a card's role names, by her name on the card; the role itself when she is gone. */
export function roleName(refs: Record<string, { actor: string } | undefined>, role: string): string {
  const actor = actorAt(refs[role]?.actor);
  return actor ? fighterName(actor) : role;
}

export function actorAt(uuid: unknown): Actor.Implementation | null {
  if (typeof uuid !== "string" || !uuid) return null;
  const doc = fromUuidSync<Actor.Implementation>(uuid);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

export function tokenAt(uuid: unknown): TokenDocument.Implementation | null {
  if (typeof uuid !== "string" || !uuid) return null;
  const doc = fromUuidSync<TokenDocument.Implementation>(uuid);
  return doc instanceof foundry.documents.TokenDocument ? (doc as TokenDocument.Implementation) : null;
}

/** Whether the user owns the actor; a GM owns every actor. */
export function owns(user: User.Implementation, actor: Actor.Implementation | null): boolean {
  return !!actor && (user.isGM || actor.testUserPermission(user, "OWNER"));
}

/** Any stored document by uuid (what a card's Apply changed), or null. */
export function documentAt(uuid: unknown): foundry.abstract.Document.Any | null {
  if (typeof uuid !== "string" || !uuid) return null;
  // A stored uuid is a plain string; fvtt-types wants it typed by document name.
  const doc = fromUuidSync(uuid as never) as unknown;
  return doc instanceof foundry.abstract.Document ? (doc as foundry.abstract.Document.Any) : null;
}

/**
 * Whether the user owns every one of these documents: the one test for a player's Undo. A document
 * that is gone, or one no player owns (a Combat), is the GM's.
 */
export function ownsEvery(user: User.Implementation, uuids: readonly string[]): boolean {
  return uuids.every((uuid) => {
    const doc = documentAt(uuid);
    return !!doc && (user.isGM || (!(doc instanceof Combat) && doc.testUserPermission(user, "OWNER")));
  });
}

/** What a player must own to take a card back: every actor it names and every document it changed. */
export function undoOwnersOf(card: { refs: Record<string, { actor: string }>; applied: readonly { uuid: string }[] }): string[] {
  return [...new Set([...Object.values(card.refs).map((ref) => ref.actor), ...card.applied.map((record) => record.uuid)])];
}

/** A document Apply may write fields on: an actor, or a Combat or Combatant (state only the GM writes, such as a round's queued hits). */
export type ChangeTarget = Actor.Implementation | Combat.Implementation | Combatant.Implementation;

/**
 * The name a change record keeps for its document (a Combat has none of its own). An unlinked
 * token's actor goes by its token's name: v13 gives that actor its world actor's name, so two
 * Bouncers' records would both say "Bouncer" where the tracker says "Bouncer (1)" and "Bouncer (2)".
 */
export function changeTargetName(doc: foundry.abstract.Document.Any): string {
  if (doc instanceof Combat) return doc.documentName;
  const name = doc instanceof Actor ? fighterName(doc as Actor.Implementation) : (doc as { name?: unknown }).name;
  return typeof name === "string" && name ? cardName(name) : doc.documentName;
}

export function changeTargetAt(uuid: unknown): ChangeTarget | null {
  if (typeof uuid !== "string" || !uuid) return null;
  const doc = fromUuidSync<ChangeTarget>(uuid);
  return doc instanceof Actor || doc instanceof Combat || doc instanceof Combatant ? (doc as ChangeTarget) : null;
}
