/** The token an actor acts through on the viewed scene (the sheet and each of its dialogs ask it). */
export function activeToken(actor: Actor.Implementation): TokenDocument.Implementation | null {
  return actor.getActiveTokens(false, true)[0] ?? null;
}
