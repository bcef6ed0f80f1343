/**
 * What the harness's ChatMessage lacks for chat cards, after the v13 API: ChatMessage.applyRollMode
 * (static, on creation data) and #applyRollMode, #_preCreate, which rolls the content's `[[…]]`
 * inline rolls, and #renderHTML, which builds the message's <li> (header + .message-content, the
 * content enriched) and calls the "renderChatMessageHTML" hook as the chat log does.
 */
import { ChatMessage, User } from "./documents.js";
import { Hooks } from "./hooks.js";
import { textEditorStatics } from "./journal.js";
import { state } from "./state.js";
import type { AnyObject } from "./utils.js";

const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;

function currentRollMode(): string {
  const settings = state.game.settings as { get(ns: string, key: string): unknown } | undefined;
  try {
    return String(settings?.get("core", "rollMode") ?? "publicroll");
  } catch {
    // The harness registers no core settings: a client with the default roll mode rolls publicly.
    return "publicroll";
  }
}

function gmIds(): string[] {
  const users = state.game.users as { filter(fn: (u: User) => boolean): User[] };
  return users.filter((u) => u.isGM).map((u) => u.id);
}

function applyRollMode(chatData: AnyObject, rollMode: string): AnyObject {
  const mode = rollMode === "roll" ? currentRollMode() : rollMode;
  if (!ROLL_MODES.includes(mode as (typeof ROLL_MODES)[number])) throw new Error(`Invalid roll mode "${rollMode}"`);
  const user = state.game.user as User;
  const whisper = (chatData.whisper as string[] | undefined) ?? [];
  switch (mode) {
    case "publicroll":
      chatData.whisper = [];
      chatData.blind = false;
      break;
    case "selfroll":
      chatData.whisper = [user.id];
      chatData.blind = false;
      break;
    case "gmroll":
      chatData.whisper = whisper.length ? whisper : gmIds();
      chatData.blind = false;
      break;
    case "blindroll":
      chatData.whisper = whisper.length ? whisper : gmIds();
      chatData.blind = true;
      break;
  }
  return chatData;
}

/**
 * v13 ChatMessage#renderHTML (client/documents/chat-message.mjs, #renderRollContent, and
 * templates/sidebar/chat-message.hbs): the header and the content; a whispered roll the viewer may
 * not see is headed by its author's name (the alias is set to it), with "<author> rolled privately"
 * as the header's flavor and the roll's placeholder instead of its content, so nothing in the
 * content (a card's buttons) reaches her.
 */
async function renderHTML(this: ChatMessage): Promise<HTMLElement> {
  const li = document.createElement("li");
  li.className = "chat-message message flexcol";
  li.dataset.messageId = this.id as string;
  const speaker = (this as unknown as { speaker: { alias?: string } }).speaker;
  const header = document.createElement("header");
  header.className = "message-header flexrow";
  header.innerHTML = `<h4 class="message-sender"></h4>`;
  const content = document.createElement("div");
  content.className = "message-content";
  if (this.isContentVisible) {
    (header.firstElementChild as HTMLElement).textContent = speaker.alias ?? "";
    // v13 enriches the content for every viewer as it is shown: @UUID links, addresses, inline rolls, custom enrichers.
    content.innerHTML = await textEditorStatics.enrichHTML(this.content, { rollData: {} });
  } else {
    const name = this.author?.name ?? "?";
    (header.firstElementChild as HTMLElement).textContent = name;
    const flavor = document.createElement("span");
    flavor.className = "flavor-text";
    flavor.textContent = `${name} rolled privately.`;
    header.append(flavor);
    const roll = document.createElement("div");
    roll.className = "dice-roll";
    roll.textContent = "???";
    content.append(roll);
  }
  if (this.whisper.length) li.classList.add("whisper");
  if (this.blind) li.classList.add("blind");
  li.append(header, content);
  Hooks.callAll("renderChatMessageHTML", this, li, { message: this.toObject(), author: this.author });
  return li;
}

type PreCreate = (this: ChatMessage, data: AnyObject, options: AnyObject, user: User) => Promise<boolean | void>;

/**
 * v13 ChatMessage#_preCreate: every `[[formula]]` in the content (the raw HTML, attributes and all) is
 * rolled there and then, on the creating client, and the content keeps the result in its place.
 */
function preCreateWith(base: PreCreate): PreCreate {
  return async function (this: ChatMessage, data, options, user) {
    if ((await base.call(this, data, options, user)) === false) return false;
    if (typeof data.content !== "string") return;
    let content = data.content;
    for (const [expression] of data.content.matchAll(/\[\[(.*?)(]{2,3})(?:{([^}]+)})?/g)) {
      content = content.replace(expression, await textEditorStatics.enrichHTML(expression, { documents: false, links: false, rolls: true, custom: false }));
    }
    this.updateSource({ content });
  };
}

/** Adds the methods to the harness's ChatMessage (one place, at install). */
export function installChat(): void {
  Object.assign(ChatMessage, { applyRollMode });
  const prototype = ChatMessage.prototype as unknown as { _preCreate: PreCreate };
  Object.assign(ChatMessage.prototype, {
    _preCreate: preCreateWith(prototype._preCreate),
    renderHTML,
    applyRollMode(this: ChatMessage, rollMode: string) {
      const data = applyRollMode({ whisper: [...((this as unknown as { whisper: string[] }).whisper ?? [])] }, rollMode);
      this.updateSource({ whisper: data.whisper, blind: data.blind });
    },
  });
}

/** A chat log's context-menu entry, as v13's ContextMenu takes it (client/applications/ux/context-menu.mjs): `condition` may be a boolean or a test of the element. */
export interface ChatMenuEntry {
  name: string;
  icon: string;
  condition?: boolean | ((li: HTMLElement) => unknown);
  callback: (li: HTMLElement) => unknown;
}

/**
 * What a right-click on a message offers the user playing now: v13's ChatLog#_onFirstRender
 * (client/applications/sidebar/tabs/chat.mjs) makes the log's menu with
 * `_createContextMenu(this._getEntryContextOptions, ".message[data-message-id]", {hookName: "getChatMessageContextOptions"})`,
 * so the hook fills the entries, and ContextMenu#render keeps those whose condition holds for the
 * message's element. v13's own entries (pop out, reveal, conceal, delete) are left out: the stand-in
 * has no popout and the playground deletes nothing.
 */
export function chatMessageMenu(li: HTMLElement): ChatMenuEntry[] {
  const entries: ChatMenuEntry[] = [];
  // The hook's first argument is the ChatLog, which the stand-in does not draw (the playground's page draws the log).
  Hooks.call("getChatMessageContextOptions", null, entries);
  return shownEntries(entries, li);
}

/** The entries ContextMenu#render keeps for `li`: those whose condition holds (the tracker's menus too). */
export function shownEntries(entries: ChatMenuEntry[], li: HTMLElement): ChatMenuEntry[] {
  return entries.filter((entry) => (typeof entry.condition === "function" ? !!entry.condition(li) : entry.condition !== false));
}
