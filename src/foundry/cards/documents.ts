/** Reading the documents a card names by uuid (stored strings, so each is checked for its class). */

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

/** An actor or a combat (what a card's Apply may change), by uuid. */
export function documentAt(uuid: unknown): Actor.Implementation | Combat.Implementation | null {
  if (typeof uuid !== "string" || !uuid) return null;
  const doc = fromUuidSync<Actor.Implementation | Combat.Implementation>(uuid);
  return doc instanceof Actor || doc instanceof Combat ? (doc as Actor.Implementation | Combat.Implementation) : null;
}

/** Whether the user owns the actor; a GM owns every actor. */
export function owns(user: User.Implementation, actor: Actor.Implementation | null): boolean {
  return !!actor && (user.isGM || actor.testUserPermission(user, "OWNER"));
}
