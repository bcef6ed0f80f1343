/**
 * The GM's "Out of turn (GM ruling)" box on an act's dialog (attack, use or manage items): offered
 * to a GM alone, and only while the character's team is not the one acting on the tracker. A
 * player never gets it; her request naming an override is refused on the GM (cards/facts.ts).
 */
import { outOfTurnNow } from "../cards/facts.js";
import { activeToken } from "./active-token.js";

/** The box's hint (why she may only react now), or "" when no box is offered. */
export function outOfTurnOffer(actor: Actor.Implementation): string {
  if (!game.user?.isGM) return "";
  const out = outOfTurnNow(actor, activeToken(actor));
  return out ? game.i18n!.format("FRAY.Unhex.Ui.OutOfTurnHint", { says: out.says }) : "";
}
