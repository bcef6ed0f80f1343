/**
 * A Dramatic stance's modifiers are the GM's to set (RULINGS.md, drama: "GM-entered modifiers"): a
 * player may declare the stance, which asks her for them, but any modifier a player's request carries
 * is refused, on the tracker and on a card alike.
 */

/** Whether a stance as a request gives it sets any Dramatic modifier. */
export function setsDramatic(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const dramatic = (value as { dramatic?: unknown }).dramatic;
  return typeof dramatic === "object" && dramatic !== null && Object.values(dramatic).some((n) => n !== 0 && n !== undefined && n !== null);
}

/** Why the asker may not give this stance (a player setting Dramatic modifiers), or null. */
export function dramaticRefusal(value: unknown, asker: User.Implementation): string | null {
  return setsDramatic(value) && !asker.isGM ? game.i18n!.localize("FRAY.Drama.Refused.DramaticByGm") : null;
}
