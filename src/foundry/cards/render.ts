/**
 * A card's HTML. The GM renders it from the card's data into the message content at every step, so
 * every client and a chat export show the same thing. What differs per viewer is decided when the
 * chat log shows it (the renderChatMessageHTML hook, which cannot wait for a template): parts
 * marked for an actor's owners or for the GM are removed for everyone else, and buttons are bound.
 *
 *   data-fray-owner="<actor uuid>"  kept only for that actor's owners and the GM
 *   data-fray-owners="<uuid> ..."   kept only for a user who owns every one of those documents (and the GM)
 *   data-fray-chooser="<actor uuid>" data-fray-yours="<text>"   the text shown to the one who chooses (issue 38)
 *   data-fray-gm                    kept only for the GM
 *   <details data-fray-fold>        open for the GM, closed for players (a long card's steps)
 *   data-fray-action="<name>"       a button: choose, undo, follow, or one of the kind's own
 *
 * Copy as request is in the message's context menu (menu.ts); a card posted before it moved there
 * loses its old button here.
 */
import type { SizedFace } from "../../core/dice/source.js";
import { rollOf } from "../dice/missing.js";
import { templatePath } from "../system.js";
import { actorAt, ownsEvery, undoOwnersOf } from "./documents.js";
import { arrivedCardKind, type CardKind, cardKind, GM_CHOOSER, rulesetOfKind } from "./kinds.js";
import { rollerOf } from "./recipients.js";
import { loadRuleset } from "../rulesets/loading.js";
import { CARD_TYPE, type CardData, cardOf } from "./model.js";
import { inertHtml } from "./inert.js";
import { changeLines } from "./phrasing.js";

/** The engine's part of every card's template (Undo, the dice): `{{> "systems/fray/templates/chat/card-footer.hbs"}}`. */
export const CARD_FOOTER = templatePath("chat/card-footer.hbs");
/** What Apply changed, in the game's words: `{{> "systems/fray/templates/chat/card-changes.hbs"}}`. */
export const CARD_CHANGES = templatePath("chat/card-changes.hbs");
/** The card's first line and the dice under it (kinds.ts, CardHeadline): `{{> "systems/fray/templates/chat/card-headline.hbs"}}` right under the title. */
export const CARD_HEADLINE = templatePath("chat/card-headline.hbs");
/** What the marks on a card's dice mean (dice-marks.ts), from the kind's `diceLegend`: `{{> "systems/fray/templates/chat/card-dice-legend.hbs"}}`. */
export const CARD_DICE_LEGEND = templatePath("chat/card-dice-legend.hbs");

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

/** A card shows a player this many steps unfolded; more fold behind their summary. */
const FOLD_AFTER = 3;

/** Clicks still running (the chat log does not await them; tests and the browser harness can). */
const RUNNING = new Set<Promise<unknown>>();

export async function cardActivity(): Promise<void> {
  while (RUNNING.size) await Promise.all([...RUNNING]);
}

function track(work: Promise<unknown>): void {
  const tracked = work
    .catch((error: unknown) => {
      console.error("Fray | chat card", error);
      ui.notifications?.error(error instanceof Error ? error.message : String(error));
    })
    .finally(() => RUNNING.delete(tracked));
  RUNNING.add(tracked);
}

/** The parts of a card every kind shows alike: its state, what Apply changed (in the game's words), Undo. */
function engineContext(card: CardData, kind: CardKind): Record<string, unknown> {
  return {
    state: card.state,
    stateLabel: localize(`FRAY.Card.State.${card.state}`),
    open: card.state === "open",
    applied: card.state === "applied",
    undone: card.state === "undone",
    changes: changeLines(card, rulesetOfKind(card.kind), kind.describeChange?.bind(kind)),
    // Undo is a player's only when she owns every actor the card names and every document it changed (cards/gm.ts, undo).
    undoOwners: undoOwnersOf(card).join(" "),
    // A kind whose Undo only a GM may press (its changes came from several players' choices).
    gmUndo: kind.undoBy === "gm",
    awaiting: card.outcome?.awaiting ?? null,
    awaitingOwner: card.outcome?.awaiting ? (card.refs[card.outcome.awaiting.by]?.actor ?? "") : "",
  };
}

/**
 * The card's content as the GM renders it: the kind's template over its context and the engine's,
 * with Foundry's own tooltip of every die on the card, and nothing in it Foundry would roll or
 * enrich (inert.ts: a name stays a name). The tooltip is made from a Roll the GM builds
 * from the dice's sizes and faces alone, so nothing a client wrote (a term's flavor) reaches it.
 */
export async function renderCardContent(card: CardData, dice: readonly SizedFace[] = []): Promise<string> {
  const kind = cardKind(card.kind);
  if (!kind) throw new Error(`no card kind ${card.kind}`);
  const diceTooltip = dice.length ? await rollOf(dice).getTooltip() : "";
  const own = kind.context(card);
  const engine = { ...engineContext(card, kind), diceTooltip, headline: kind.headline(card, own) };
  return inertHtml(await foundry.applications.handlebars.renderTemplate(kind.template, { ...engine, ...own, headline: engine.headline, engine }));
}

function mayOwn(uuid: string | undefined): boolean {
  const user = game.user!;
  if (user.isGM) return true;
  const actor = actorAt(uuid);
  return !!actor && actor.testUserPermission(user, "OWNER");
}

/**
 * Whether the viewer is the one a choice waits for: a player who owns the actor, or the GM for an
 * actor no player owns. She is addressed as herself; everyone else (the GM included, for a player's
 * character) sees whom the card waits for.
 */
function isChooser(uuid: string | undefined): boolean {
  const actor = actorAt(uuid);
  if (!actor) return false;
  const user = game.user!;
  const players = (game.users?.contents ?? []).filter((other) => !other.isGM && actor.testUserPermission(other, "OWNER"));
  return user.isGM ? players.length === 0 : players.some((player) => player.id === user.id);
}

/** A line `data-fray-chooser="<actor uuid>" data-fray-yours="…"` says its "you" text to the chooser, and marks her card. */
function addressChooser(html: HTMLElement): void {
  for (const part of html.querySelectorAll<HTMLElement>("[data-fray-chooser]")) {
    if (!isChooser(part.dataset.frayChooser) || !part.dataset.frayYours) continue;
    part.textContent = part.dataset.frayYours;
    part.classList.add("fray-card-yours");
    html.querySelector(".fray-card")?.classList.add("fray-card-for-you");
  }
}

/**
 * A card this viewer may not read (a private or blind roll not hers): v13 heads it with its
 * author's name and "<author> rolled privately" (ChatMessage#renderHTML), and a GM writes every
 * card. It is credited to its roller instead: the name it speaks for, and the player who rolled.
 * The roller of a blind card is told that the GM makes her choices now that dice are on it.
 */
function creditHidden(message: ChatMessage.Implementation, card: CardData, html: HTMLElement): void {
  const roller = rollerOf(card);
  const alias = message.speaker?.alias || roller?.name || "";
  const sender = html.querySelector(".message-sender");
  if (sender && alias) sender.textContent = alias;
  const blindRoller = message.blind && !!roller && roller.id === game.user!.id;
  const flavor = html.querySelector(".flavor-text");
  if (flavor) flavor.textContent = localize(blindRoller ? "FRAY.Card.Private.Blind" : "FRAY.Card.Private.Rolled", { name: roller?.name ?? alias });
  const awaiting = card.state === "open" ? card.outcome?.awaiting : null;
  if (!blindRoller || !awaiting || awaiting.by === GM_CHOOSER || !mayOwn(card.refs[awaiting.by]?.actor)) return;
  const note = document.createElement("p");
  note.className = "fray-card-blind";
  note.textContent = localize("FRAY.Card.Private.GMChooses", { name: actorAt(card.refs[awaiting.by]?.actor)?.name ?? awaiting.by });
  html.querySelector(".message-content")?.append(note);
}

/** On a blind card with dice, a choice its roller's actor awaits is the GM's: the GM's card says so. */
function noteForBlind(message: ChatMessage.Implementation, card: CardData, html: HTMLElement): void {
  const awaiting = card.state === "open" ? card.outcome?.awaiting : null;
  const roller = rollerOf(card);
  const actor = awaiting && awaiting.by !== GM_CHOOSER ? actorAt(card.refs[awaiting.by]?.actor) : null;
  if (!game.user!.isGM || !message.blind || !message.rolls.length || !roller || roller.isGM || !actor?.testUserPermission(roller, "OWNER")) return;
  const note = document.createElement("p");
  note.className = "fray-card-blind";
  note.textContent = localize("FRAY.Card.Private.ForBlind", { user: roller.name ?? "", name: actor.name ?? "" });
  html.querySelector(".fray-card")?.append(note);
}

/** Per viewer, when the chat log shows a card: drop what is not hers, bind the buttons, say when no GM is there. */
function onRender(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (message.type !== CARD_TYPE) return;
  const card = cardOf(message);
  const kind = card ? cardKind(card.kind) : undefined;
  // Only a GM writes cards: a message of this type by a player is shown as it is, with nothing to press.
  if (!card || !kind || !message.author?.isGM) {
    for (const button of html.querySelectorAll("[data-fray-action]")) button.remove();
    if (card && !kind && message.author?.isGM) drawAgainOnArrival(message, card.kind);
    return;
  }
  if (!message.isContentVisible) return creditHidden(message, card, html);
  for (const old of html.querySelectorAll('[data-fray-action="copy"]')) old.remove();
  for (const part of html.querySelectorAll<HTMLElement>("[data-fray-owner]")) if (!mayOwn(part.dataset.frayOwner)) part.remove();
  for (const part of html.querySelectorAll<HTMLElement>("[data-fray-owners]")) if (!game.user!.isGM && !ownsEvery(game.user!, (part.dataset.frayOwners ?? "").split(" "))) part.remove();
  if (!game.user!.isGM) for (const part of html.querySelectorAll("[data-fray-gm]")) part.remove();
  addressChooser(html);
  noteForBlind(message, card, html);
  // A long card's steps: open for the GM, who runs the fight; folded for players, who read the outcome first.
  for (const fold of html.querySelectorAll<HTMLDetailsElement>("details[data-fray-fold]")) fold.open = game.user!.isGM || (fold.querySelector(":scope > ol, :scope > ul")?.children.length ?? 0) <= FOLD_AFTER;
  for (const button of html.querySelectorAll<HTMLElement>("[data-fray-action]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      // A second click while the first is on its way does nothing; the GM refuses a late one by the card's state.
      // Marked busy rather than disabled: an action may disable its own button for good (a spend table's "+"
      // at 0 SP left), which enabling it again afterwards undid (issue 38 item 6).
      if (button.hasAttribute("disabled") || button.getAttribute("aria-busy") === "true") return;
      button.setAttribute("aria-busy", "true");
      track(clickOn(message, button).finally(() => button.removeAttribute("aria-busy")));
    });
  }
  const section = html.querySelector<HTMLElement>(".fray-card");
  if (section && card.state === "open" && !game.users?.activeGM) {
    const note = document.createElement("p");
    note.className = "fray-card-nogm";
    note.textContent = localize("FRAY.Card.NoGM");
    section.append(note);
  }
  kind.activate?.(message, card, html);
}

/**
 * A card whose ruleset's chunk has not arrived (the log is drawn before it, or the card is of a
 * ruleset the world left) is shown without buttons, then drawn again, whole, once the chunk is here.
 */
function drawAgainOnArrival(message: ChatMessage.Implementation, kindId: string): void {
  const ruleset = rulesetOfKind(kindId);
  if (!ruleset) return;
  void loadRuleset(ruleset)
    .then(() => (cardKind(kindId) ? (ui.chat as ChatLogUpdates | null | undefined)?.updateMessage(message) : undefined))
    .catch((error: unknown) => console.error(`Fray | the card ${message.id} waits for ${ruleset}`, error));
}

/** v13's ChatLog#updateMessage (client/applications/sidebar/tabs/chat.mjs), which fvtt-types 13.345 leaves as a stub. */
interface ChatLogUpdates {
  updateMessage(message: ChatMessage.Implementation): Promise<void>;
}

type ClickHandler = (message: ChatMessage.Implementation, button: HTMLElement) => Promise<void>;
const ENGINE_ACTIONS = new Map<string, ClickHandler>();

/** The engine's own buttons (client.ts registers them, so this file needs no relay). */
export function registerEngineAction(name: string, handler: ClickHandler): void {
  ENGINE_ACTIONS.set(name, handler);
}

async function clickOn(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const name = button.dataset.frayAction ?? "";
  const card = cardOf(message);
  const kind = card ? await arrivedCardKind(card.kind) : undefined;
  if (!card || !kind) return;
  const own = kind.clientActions && Object.hasOwn(kind.clientActions, name) ? kind.clientActions[name] : undefined;
  if (own) return own(message, card, button);
  const engine = ENGINE_ACTIONS.get(name);
  if (engine) return engine(message, button);
}

export function registerCardRendering(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => onRender(message, html));
}
