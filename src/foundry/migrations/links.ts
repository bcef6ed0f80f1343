import { documentsOfType } from "../rulesets/registry.js";
import { SYSTEM_ID } from "../system.js";

/**
 * Character tokens made linked. Foundry v13 leaves every token unlinked unless its actor's prototype
 * says otherwise, and Fray did not say so before schema version 5: a character's tokens placed
 * then fight on a copy, and her sheet in the Actors directory never shows her wounds. The world
 * migration links each character's prototype token (new tokens are linked from then on), and
 * whispers the GMs a button that links the character tokens already on scenes.
 */

/** The schema version whose migration links the characters' prototype tokens. */
export const LINK_VERSION = 5;
/** The flag marking a migration report that offers the button (on a GM's message only). */
const OFFER_FLAG = "linkCharacterTokens";
const ACTION = "fray-link-character-tokens";

const i18n = () => game.i18n!;

function isCharacter(actor: { type: string } | null | undefined): boolean {
  return !!actor && documentsOfType(actor.type)?.actors[actor.type]?.kind === "character";
}

/**
 * What the migration from `from` saves of an actor's prototype token: a character's, not yet
 * linked, whole and linked (the save is not recursive: a part would replace the whole); nothing
 * for anyone else.
 */
export function linkedPrototype(actor: { type: string; _source: unknown }, from: number): { prototypeToken?: Record<string, unknown> } {
  const stored = (actor._source as { prototypeToken?: Record<string, unknown> }).prototypeToken ?? {};
  if (from >= LINK_VERSION || !isCharacter(actor) || stored.actorLink === true) return {};
  return { prototypeToken: { ...foundry.utils.deepClone(stored), actorLink: true } };
}

/** Every scene's unlinked token of a character (its world actor, as the token names it). */
export function unlinkedCharacterTokens(): TokenDocument.Implementation[] {
  const found: TokenDocument.Implementation[] = [];
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) {
      if (!token.actorLink && token.actorId && isCharacter(game.actors?.get(token.actorId))) found.push(token);
    }
  }
  return found;
}

/** Whether a message carries the offer's flag (fvtt-types declares no system flags: the key is Fray's). */
const isOffer = (message: ChatMessage.Implementation) => message.getFlag(SYSTEM_ID as never, OFFER_FLAG as never) === true;

/** The GMs' whispered offer to link the character tokens already placed, when there are any. */
export async function offerTokenLinks(): Promise<void> {
  const count = unlinkedCharacterTokens().length;
  if (count === 0) return;
  const gms = game.users!.filter((user) => user.isGM).map((user) => user.id);
  const content = [
    `<h3>${i18n().localize("FRAY.Migration.LinkTitle")}</h3>`,
    `<p>${i18n().format("FRAY.Migration.LinkIntro", { count: String(count) })}</p>`,
    `<button type="button" data-action="${ACTION}">${i18n().localize("FRAY.Migration.LinkButton")}</button>`,
  ].join("");
  // fvtt-types knows no system flags on a ChatMessage; the flag is Fray's own.
  await ChatMessage.implementation.create({ content, whisper: gms, speaker: { alias: "Fray" }, flags: { [SYSTEM_ID]: { [OFFER_FLAG]: true } } as never });
}

/**
 * The button's work, on the clicking GM's client: every unlinked character token made linked, scene
 * by scene. A player's click is refused (she cannot write other people's tokens, and the offer is
 * not hers); so is an offer a GM did not post, whoever clicks it.
 */
export async function linkCharacterTokens(message: ChatMessage.Implementation): Promise<number> {
  if (!game.user?.isGM || !message.author?.isGM || !isOffer(message)) {
    ui.notifications?.warn(i18n().localize("FRAY.Migration.LinkRefused"));
    return 0;
  }
  const tokens = unlinkedCharacterTokens();
  const scenes = new Set(tokens.map((token) => token.parent!));
  for (const scene of scenes) {
    const placed = tokens.filter((token) => token.parent === scene);
    await scene.updateEmbeddedDocuments("Token", placed.map((token) => ({ _id: token.id, actorLink: true })));
  }
  ui.notifications?.info(i18n().format("FRAY.Migration.LinkDone", { count: String(tokens.length) }));
  return tokens.length;
}

/** The offer's button, wherever the chat log draws the message. */
export function registerTokenLinkButton(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (!isOffer(message as ChatMessage.Implementation)) return;
    html.querySelector(`[data-action="${ACTION}"]`)?.addEventListener("click", () => {
      linkCharacterTokens(message as ChatMessage.Implementation).catch((error: unknown) => console.error("Fray | linking character tokens failed", error));
    });
  });
}
