/**
 * Putting a token somewhere by the GM's word: a card's put-back, an Undo, the GM's client sending
 * back a move the rules refuse. Foundry v13 cuts a walked move at every Area border and continues it
 * without a system's update options, so such a move would reach the other clients as pieces, the
 * later ones no longer marked as a ruling. A displacement (v13's `displace` action, a teleport) is
 * never cut: the token is set down where it goes, in one update that keeps the mark.
 */
import { SYSTEM_ID } from "../system.js";
import { inertHtml } from "../cards/inert.js";

const MOVED = ["x", "y", "elevation", "width", "height"] as const;

/**
 * Update options for a GM's ruling on `document` with `data`: the ruling mark, and, when the update
 * moves a token, one displacement to where it goes (TokenDocument.Database.UpdateOperation#movement).
 */
export function rulingOptions(document: foundry.abstract.Document.Any, data: Record<string, unknown>): Record<string, unknown> {
  const options: Record<string, unknown> = { fray: { ruling: true } };
  if (!(document instanceof foundry.documents.TokenDocument) || !MOVED.some((key) => key in data)) return options;
  const token = document as TokenDocument.Implementation;
  const waypoint: Record<string, unknown> = { action: "displace" };
  for (const key of MOVED) waypoint[key] = typeof data[key] === "number" ? data[key] : token[key];
  options.movement = { [token.id ?? ""]: { waypoints: [waypoint], method: "api" } };
  return options;
}

/**
 * The active GM sends a token back where its move set out and tells the mover (and the GMs) why,
 * in a whisper: the chat keeps it, and a player whose own client let the move through learns of it.
 */
export async function putBack(token: TokenDocument.Implementation, origin: { x: number; y: number }, refusal: string, mover: User.Implementation): Promise<void> {
  if (token.parent?.tokens.get(token.id ?? "") !== token) return;
  const place = { x: origin.x, y: origin.y };
  // x and y are the token's own fields; fvtt-types types the options by Foundry's own keys only.
  await token.update(place, rulingOptions(token, place) as never);
  const text = game.i18n!.format("FRAY.Area.Notice.PutBack", { refusal, token: token.name ?? "" });
  const whisper = [...new Set([mover.id, ...(game.users?.filter((user) => user.isGM).map((user) => user.id) ?? [])])].filter((id): id is string => !!id);
  await ChatMessage.create({ content: inertHtml(`<p class="${SYSTEM_ID}-put-back">${Handlebars.escapeExpression(text)}</p>`), whisper, speaker: ChatMessage.getSpeaker({ token }) } as never);
}
