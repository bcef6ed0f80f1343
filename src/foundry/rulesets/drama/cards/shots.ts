/**
 * A "who shoots first" card after the shots: each shooter who has shot shows it on her line
 * ("has shot", with her card's outcome) and no longer offers a Shoot button. Read per viewer when
 * the chat log draws the card, from the ranged cards posted after it, and drawn again when one is
 * posted. Only a GM writes cards, so a player's message never counts as a shot.
 */
import { CARD_TYPE, type CardData, cardOf } from "../../../cards/model.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

/** The shot's reading (rules/drama/ranged.ts, readShot) her line names once her card has it. */
const SHOT_RESULTS = ["hit", "marginal-hit", "miss"];

const isShootFirst = (card: CardData | null) => card?.kind === "drama.momentum" && card.request.for === "ranged";

function gmCard(message: ChatMessage.Implementation): CardData | null {
  return message.type === CARD_TYPE && message.author?.isGM ? cardOf(message) : null;
}

/** The pair a shoot-first card names, as actor uuids, in either order. */
function samePair(a: CardData, b: CardData): boolean {
  const pair = (card: CardData) => [card.refs.c1?.actor ?? "", card.refs.c2?.actor ?? ""].sort().join(" ");
  return pair(a) === pair(b);
}

/** The ranged card of `shooter` at `target` posted after the shoot-first card, before the next one for the same pair. */
export function shotAfter(message: ChatMessage.Implementation, card: CardData, shooter: string, target: string): CardData | null {
  const messages = game.messages?.contents ?? [];
  const from = messages.findIndex((m) => m.id === message.id);
  if (from < 0) return null;
  for (const later of messages.slice(from + 1)) {
    const shot = gmCard(later);
    if (!shot) continue;
    if (isShootFirst(shot) && samePair(shot, card)) return null;
    if (shot.kind === "drama.ranged" && shot.refs.shooter?.actor === card.refs[shooter]?.actor && shot.refs.target?.actor === card.refs[target]?.actor) return shot;
  }
  return null;
}

/** The kind's `activate`: on a shoot-first card, each line of a shooter who has shot says so instead of offering her button. */
export function markShots(message: ChatMessage.Implementation, card: CardData, html: HTMLElement): void {
  if (!isShootFirst(card)) return;
  for (const line of html.querySelectorAll<HTMLElement>("[data-shooter]")) {
    const shot = shotAfter(message, card, line.dataset.shooter ?? "", line.dataset.target ?? "");
    if (!shot) continue;
    line.querySelector("[data-fray-action='shoot']")?.remove();
    const mark = document.createElement("span");
    mark.className = "fray-drama-shot";
    mark.dataset.shot = "";
    const result = (shot.outcome?.result as { kind?: unknown } | undefined)?.kind;
    mark.textContent = localize(typeof result === "string" && SHOT_RESULTS.includes(result) ? `FRAY.Drama.Card.HasShotResult.${result}` : "FRAY.Drama.Card.HasShot");
    line.append(" ", mark);
  }
}

/** v13's ChatLog#updateMessage (client/applications/sidebar/tabs/chat.mjs), which fvtt-types 13.345 leaves as a stub. */
interface ChatLogUpdates {
  updateMessage(message: ChatMessage.Implementation): Promise<void>;
}

/** A ranged card posted or moved on: the shoot-first cards before it are drawn again, so their lines say who has shot. */
function redrawShootFirst(message: ChatMessage.Implementation): void {
  const shot = gmCard(message);
  if (shot?.kind !== "drama.ranged") return;
  const chat = ui.chat as ChatLogUpdates | null | undefined;
  for (const earlier of game.messages?.contents ?? []) {
    if (earlier.id !== message.id && isShootFirst(gmCard(earlier))) void chat?.updateMessage(earlier);
  }
}

export function registerShotMarks(): void {
  Hooks.on("createChatMessage", (message) => redrawShootFirst(message as ChatMessage.Implementation));
  Hooks.on("updateChatMessage", (message) => redrawShootFirst(message as ChatMessage.Implementation));
}
