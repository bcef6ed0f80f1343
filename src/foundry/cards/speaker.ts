/**
 * Whom a message the active GM posts speaks for. v13's `ChatMessage.getSpeaker`
 * (client/documents/chat-message.mjs) reads the calling client's canvas for a world actor: her first
 * token on the scene that client views, else the viewed scene's id. On the GM's client that is the
 * GM's view, not the asker's: a GM looking at another scene would post a player's card from the wrong
 * scene, or from another token of the same actor. A token the card names speaks as itself, a token's
 * own (synthetic) actor as its token, and any other actor as the actor alone, wherever the GM looks.
 */
export function speakerFor(actor: Actor.Implementation | null | undefined, token?: TokenDocument.Implementation | null): ChatMessage.SpeakerData {
  if (token) return ChatMessage.getSpeaker({ token });
  if (actor?.isToken && actor.token) return ChatMessage.getSpeaker({ token: actor.token });
  return { scene: null, actor: actor?.id ?? null, token: null, alias: actor?.name ?? game.user?.name ?? "" };
}
