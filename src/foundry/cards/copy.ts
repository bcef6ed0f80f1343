/**
 * "Copy as request": a card's rules request (as the GM last resolved it, with the actors' data it
 * read) and every face on the message, as the JSON `fray resolve` takes. Resolving it on the
 * command line prints the card's outcome exactly.
 */
import { sizedFacesOf } from "../dice/roll.js";
import { cardKind } from "./kinds.js";
import type { CardData } from "./model.js";

export function requestOf(card: CardData, message: ChatMessage.Implementation): Record<string, unknown> {
  const kind = cardKind(card.kind);
  const faces = message.rolls.flatMap((roll) => sizedFacesOf(roll)).map((die) => die.face);
  return { ruleset: kind?.ruleset ?? "", action: kind?.action ?? "", ...card.rules, faces };
}

export function requestAsJson(card: CardData, message: ChatMessage.Implementation): string {
  return JSON.stringify(requestOf(card, message), null, 2);
}
