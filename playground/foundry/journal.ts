/**
 * Journal compendiums and text enrichment, for the rules pages (src/foundry/rules-journal):
 *
 * - `JournalEntry` with embedded `JournalEntryPage`s, read-only, as a compendium holds them. UUIDs
 *   as v13 writes them for compendium documents (client/documents/abstract/client-document.mjs,
 *   `uuid`: "Compendium.<pack>.JournalEntry.<id>.JournalEntryPage.<id>").
 * - `CompendiumCollection` (client/documents/collections/compendium-collection.mjs): `collection`,
 *   `metadata`, `documentName`, `index`, `getDocuments()`, `getDocument(id)`; `game.packs` keyed by
 *   "<system>.<name>". The documents are given whole when the pack is installed (in Foundry the
 *   server reads them from the pack's LevelDB; the browser server does the same from dist/).
 * - `fromUuid`/`fromUuidSync` of a compendium UUID (client/utils/helpers.mjs `fromUuid`, which asks
 *   the pack; here every document is already loaded).
 * - `TextEditor.enrichHTML` with `@UUID[uuid#hash]{label}` links, hyperlinks, inline rolls and
 *   `CONFIG.TextEditor.enrichers` (client/applications/ux/text-editor.mjs: `enrichHTML`,
 *   `_enrichContentLinks`, `_enrichHyperlinks`, `_enrichInlineRolls`/`_createInlineRoll`,
 *   `_applyCustomEnrichers`, `_replaceTextContent`, `createAnchor`), and the body's click listener
 *   on `a[data-link]` that calls the document's `_onClickDocumentLink` (`activateListeners`).
 *   Left out: embeds, secrets.
 * - `JournalEntryPage#_onClickDocumentLink` opens its entry's sheet at the page and anchor
 *   (client/documents/journal-entry-page.mjs); the sheet is a stand-in that shows that page's title
 *   and content and remembers what it was asked to show.
 */
import Handlebars from "handlebars";
import { Collection, fromUuidSync, trackRender } from "./documents.js";
import { state } from "./state.js";
import type { AnyObject } from "./utils.js";

interface PageSource {
  _id: string;
  name: string;
  type?: string;
  sort?: number;
  text?: { content?: string; format?: number };
  flags?: AnyObject;
}

export class JournalEntryPage {
  readonly documentName = "JournalEntryPage";
  readonly _id: string;
  readonly name: string;
  readonly type: string;
  readonly sort: number;
  readonly text: { content: string; format: number };
  readonly flags: AnyObject;
  constructor(
    source: PageSource,
    readonly parent: JournalEntry,
  ) {
    this._id = source._id;
    this.name = source.name;
    this.type = source.type ?? "text";
    this.sort = source.sort ?? 0;
    this.text = { content: source.text?.content ?? "", format: source.text?.format ?? 1 };
    this.flags = source.flags ?? {};
  }
  get id(): string {
    return this._id;
  }
  get uuid(): string {
    return `${this.parent.uuid}.JournalEntryPage.${this.id}`;
  }
  get pack(): string | null {
    return this.parent.pack;
  }
  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as AnyObject | undefined)?.[key];
  }
  /** v13 JournalEntryPage#_onClickDocumentLink: the entry's sheet, at this page and the link's anchor. */
  _onClickDocumentLink(event: Event): Promise<JournalSheet> {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("a[data-link]");
    return this.parent.sheet.render(true, { pageId: this.id, anchor: target?.dataset.hash });
  }
}

export class JournalEntry {
  readonly documentName = "JournalEntry";
  readonly _id: string;
  readonly name: string;
  readonly flags: AnyObject;
  readonly sort: number;
  readonly pages: Collection<JournalEntryPage>;
  #sheet: JournalSheet | null = null;
  constructor(
    source: AnyObject,
    readonly pack: string | null,
  ) {
    this._id = String(source._id);
    this.name = String(source.name);
    this.flags = (source.flags as AnyObject | undefined) ?? {};
    this.sort = Number(source.sort ?? 0);
    this.pages = new Collection<JournalEntryPage>();
    for (const page of (source.pages as PageSource[] | undefined) ?? []) this.pages.set(page._id, new JournalEntryPage(page, this));
  }
  get id(): string {
    return this._id;
  }
  get uuid(): string {
    return this.pack ? `Compendium.${this.pack}.JournalEntry.${this.id}` : `JournalEntry.${this.id}`;
  }
  get sheet(): JournalSheet {
    return (this.#sheet ??= new JournalSheet(this));
  }
  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as AnyObject | undefined)?.[key];
  }
  _onClickDocumentLink(): Promise<JournalSheet> {
    return this.sheet.render(true);
  }
}

/**
 * A stand-in for v13's JournalEntrySheet: the shown page's title and enriched content (its @UUID and
 * custom links work, as JournalEntryPageTextSheet enriches them), its table of contents, whose
 * entries show their page, and a close control.
 */
export class JournalSheet {
  rendered = false;
  pageId: string | null = null;
  anchor: string | null = null;
  element: HTMLElement | null = null;
  constructor(readonly document: JournalEntry) {}
  get id(): string {
    return `JournalEntrySheet-${this.document.uuid.replace(/\./g, "-")}`;
  }
  async render(_force?: boolean, options: { pageId?: string; anchor?: string } = {}): Promise<this> {
    const pages = [...this.document.pages].sort((a, b) => a.sort - b.sort);
    const page = (options.pageId ? this.document.pages.get(options.pageId) : undefined) ?? pages[0];
    this.pageId = page?.id ?? null;
    this.anchor = options.anchor ?? null;
    this.rendered = true;
    if (typeof document === "undefined") return this;
    if (!this.element) {
      this.element = Object.assign(document.createElement("div"), { id: this.id, className: "application sheet journal-sheet journal-entry" });
      this.element.addEventListener("click", (event) => {
        const target = event.target as HTMLElement;
        if (target.closest("[data-action='close']")) void this.close();
        const entry = target.closest<HTMLElement>(".pages-list [data-page-id]");
        if (entry?.dataset.pageId) trackRender(this.render(true, { pageId: entry.dataset.pageId }), "a journal page");
      });
    }
    const escape = Handlebars.escapeExpression;
    const nav = pages.map((p) => `<li data-page-id="${p.id}"${p === page ? ' class="active"' : ""}><a>${escape(p.name)}</a></li>`).join("");
    const content = await textEditorStatics.enrichHTML(page?.text.content ?? "", { relativeTo: page });
    this.element.innerHTML = `<header class="window-header"><h1 class="window-title">${escape(this.document.name)}</h1><button type="button" class="header-control icon fa-solid fa-xmark" data-action="close" aria-label="${escape(localize("APPLICATION.TOOLS.Close"))}"></button></header><div class="window-content"><nav class="pages-list"><ol>${nav}</ol></nav><article class="journal-entry-page text" data-page-id="${page?.id ?? ""}"><header><h1>${escape(page?.name ?? "")}</h1></header><section class="journal-page-content">${content}</section></article></div>`;
    if (!this.element.isConnected) document.body.append(this.element);
    return this;
  }
  async close(): Promise<void> {
    this.element?.remove();
    this.element = null;
    this.rendered = false;
  }
}

const localize = (key: string): string => (state.game.i18n as { localize(k: string): string } | undefined)?.localize(key) ?? key;

export interface PackMetadata {
  name: string;
  label: string;
  type: string;
  system?: string;
  packageName?: string;
}

export class CompendiumCollection extends Collection<JournalEntry> {
  readonly metadata: PackMetadata & { id: string };
  constructor(metadata: PackMetadata, documents: AnyObject[]) {
    super();
    const id = `${metadata.packageName ?? metadata.system ?? "world"}.${metadata.name}`;
    this.metadata = { ...metadata, id };
    for (const source of documents) {
      if (metadata.type !== "JournalEntry") throw new Error(`Harness compendium ${id}: only JournalEntry packs are modelled, not ${metadata.type}`);
      const entry = new JournalEntry(source, id);
      this.set(entry.id, entry);
    }
  }
  get collection(): string {
    return this.metadata.id;
  }
  get documentName(): string {
    return this.metadata.type;
  }
  get title(): string {
    return this.metadata.label;
  }
  /** The index v13 keeps (compendiumIndexFields: _id, name, sort...), made from the loaded documents. */
  get index(): Collection<{ _id: string; name: string; uuid: string }> {
    const index = new Collection<{ _id: string; name: string; uuid: string }>();
    for (const entry of this.values()) index.set(entry.id, { _id: entry.id, name: entry.name, uuid: entry.uuid });
    return index;
  }
  async getIndex(): Promise<Collection<{ _id: string; name: string; uuid: string }>> {
    return this.index;
  }
  async getDocuments(query: { _id__in?: string[] } = {}): Promise<JournalEntry[]> {
    const all = [...this.values()];
    return query._id__in ? all.filter((entry) => query._id__in!.includes(entry.id)) : all;
  }
  async getDocument(id: string): Promise<JournalEntry | undefined> {
    return this.get(id);
  }
}

/** "Compendium.<package>.<name>.<Document>.<id>[.<Embedded>.<id>]" → the document, or null. */
export function fromCompendiumUuid(uuid: string): JournalEntry | JournalEntryPage | null {
  const parts = uuid.split(".");
  if (parts[0] !== "Compendium" || parts.length < 5) return null;
  const pack = (state.game.packs as Collection<CompendiumCollection> | undefined)?.get(`${parts[1]}.${parts[2]}`);
  const entry = pack?.get(parts[4] as string) ?? null;
  if (!entry || parts.length === 5) return entry;
  if (parts[5] === "JournalEntryPage" && parts.length === 7) return entry.pages.get(parts[6] as string) ?? null;
  return null;
}

interface EnricherConfig {
  pattern: RegExp;
  enricher: (match: RegExpMatchArray, options?: AnyObject) => HTMLElement | null | Promise<HTMLElement | null>;
}

/** foundry.applications.ux.TextEditor's enrichment and anchors (see the file comment for what it mirrors). */
export const textEditorStatics = {
  createAnchor({ attrs = {}, dataset = {}, classes = [], name, icon }: { attrs?: Record<string, string>; dataset?: Record<string, string>; classes?: string[]; name?: string; icon?: string } = {}): HTMLAnchorElement {
    const a = document.createElement("a");
    a.classList.add(...classes);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) a.setAttribute(k, v);
    for (const [k, v] of Object.entries(dataset)) if (v !== null && v !== undefined) a.dataset[k] = v;
    if (icon) {
      const i = document.createElement("i");
      i.className = icon;
      i.inert = true;
      a.append(i);
    }
    a.append(name ?? "Unknown");
    return a;
  },

  /** v13 TextEditor.enrichHTML: content links, hyperlinks, inline rolls, then custom enrichers, each over the text nodes (embeds and secrets left out). */
  async enrichHTML(content: string | null | undefined, options: AnyObject = {}): Promise<string> {
    if (!content?.length) return "";
    const { documents = true, links = true, rolls = true, custom = true } = options as Record<string, boolean | undefined>;
    const html = document.createElement("div");
    html.innerHTML = String(content);
    const enrichers: EnricherConfig[] = [];
    if (documents) enrichers.push({ pattern: /@UUID\[([^#\]]+)(?:#([^\]]+))?](?:{([^}]+)})?/g, enricher: (match) => contentLink(match) });
    if (links) enrichers.push({ pattern: /(https?:\/\/)(www\.)?([^\s<]+)/gi, enricher: (match) => hyperlink(match) });
    if (rolls) enrichers.push({ pattern: /\[\[(\/[a-zA-Z]+\s)?(.*?)(]{2,3})(?:{([^}]+)})?/gi, enricher: (match) => inlineRoll(match, (options.rollData as AnyObject | undefined) ?? {}) });
    if (custom) enrichers.push(...(((state.CONFIG.TextEditor as AnyObject | undefined)?.enrichers as EnricherConfig[] | undefined) ?? []));
    for (const config of enrichers) await replaceTextContent(html, config);
    return html.innerHTML;
  },

  /** v13 TextEditor.activateListeners: a click on a content link anywhere opens its document. */
  activateListeners(): void {
    document.body.addEventListener("click", (event) => {
      const a = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("a[data-link]");
      if (!a) return;
      event.preventDefault();
      const uuid = a.dataset.uuid ?? "";
      const doc = (fromCompendiumUuid(uuid) ?? fromUuidSync(uuid)) as { _onClickDocumentLink?(e: Event): unknown } | null;
      const opened = doc?._onClickDocumentLink?.(event);
      if (opened instanceof Promise) {
        state.renders.add(opened);
        void opened.finally(() => state.renders.delete(opened));
      }
    });
  },
};

/** v13 TextEditor#_createContentLink for @UUID: the document's anchor, or a broken link. */
function contentLink(match: RegExpMatchArray): HTMLElement {
  const [, uuid = "", hash, name] = match;
  const doc: { name?: unknown; documentName?: string } | null = fromCompendiumUuid(uuid) ?? fromUuidSync(uuid);
  if (!doc) return textEditorStatics.createAnchor({ classes: ["content-link", "broken"], name: name ?? uuid, icon: "fa-solid fa-link-slash" });
  const dataset: Record<string, string> = { link: "", uuid, type: String(doc.documentName) };
  if (hash) dataset.hash = hash;
  return textEditorStatics.createAnchor({ classes: ["content-link"], attrs: { draggable: "true" }, dataset, name: name ?? String(doc.name) });
}

/** v13 TextEditor._createHyperlink: an address in the text becomes a link opening a new tab. */
function hyperlink(match: RegExpMatchArray): HTMLElement {
  const a = document.createElement("a");
  a.href = match[0];
  a.target = "_blank";
  a.rel = "nofollow noopener";
  a.textContent = match[0];
  return a;
}

const ROLL_COMMANDS: Record<string, string> = { r: "roll", roll: "roll", gmr: "gmroll", gmroll: "gmroll", br: "blindroll", broll: "blindroll", blindroll: "blindroll", sr: "selfroll", selfroll: "selfroll", pr: "publicroll", publicroll: "publicroll" };

/**
 * v13 TextEditor._createInlineRoll: `[[formula]]` is rolled at once and shown as its total,
 * `[[/r formula]]` becomes a roll button for later; a formula the Roll class refuses stays text.
 */
async function inlineRoll(match: RegExpMatchArray, rollData: AnyObject): Promise<HTMLElement | null> {
  const [, command, rawFormula = "", closing = "", label] = match;
  const formula = closing.length === 3 ? `${rawFormula}]` : rawFormula;
  const RollClass = (globalThis as unknown as { Roll: new (formula: string, data?: AnyObject) => { evaluate(): Promise<{ total?: number; formula: string }> } }).Roll;
  const a = document.createElement("a");
  if (!command) {
    let roll;
    try {
      roll = await new RollClass(formula, rollData).evaluate();
    } catch {
      return null;
    }
    a.classList.add("inline-roll", "inline-result");
    a.dataset.tooltipText = formula;
    a.dataset.roll = JSON.stringify(roll);
    a.append(label ?? String(roll.total));
    return a;
  }
  const mode = ROLL_COMMANDS[command.trim().slice(1).toLowerCase()];
  if (!mode) return null;
  a.classList.add("inline-roll", mode);
  a.dataset.mode = mode;
  a.dataset.formula = formula.trim();
  a.dataset.flavor = label ?? "";
  a.append(label ?? formula.trim());
  return a;
}

/** v13 TextEditor#_replaceTextContent: each match in a text node becomes the element the enricher returns (null, or an enricher that throws, leaves the text). */
async function replaceTextContent(root: HTMLElement, { pattern, enricher }: EnricherConfig): Promise<void> {
  const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  for (const node of nodes) {
    const text = node.textContent ?? "";
    const matches = [...text.matchAll(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`))];
    if (!matches.length) continue;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of matches) {
      const start = match.index ?? 0;
      fragment.append(text.slice(last, start));
      let element: HTMLElement | null = null;
      try {
        element = await enricher(match, {});
      } catch (error) {
        // v13 reports it through Hooks.onError("TextEditor.enrichHTML") and leaves the text.
        console.error("TextEditor.enrichHTML", error);
      }
      fragment.append(element ?? match[0]);
      last = start + match[0].length;
    }
    fragment.append(text.slice(last));
    node.replaceWith(fragment);
  }
}

const listening = new WeakSet<HTMLElement>();

/**
 * game.packs (empty until a pack is handed over), CONFIG.TextEditor, TextEditor's enrichment on the
 * harness's class, and the globals fromUuid/fromUuidSync taught compendium UUIDs.
 */
export function installJournal(CONFIG: AnyObject, game: AnyObject, textEditor: AnyObject, globals: AnyObject): void {
  CONFIG.TextEditor = { enrichers: [] };
  CONFIG.JournalEntry = { documentClass: JournalEntry, sidebarIcon: "fa-solid fa-book-open" };
  CONFIG.JournalEntryPage = { documentClass: JournalEntryPage };
  game.packs = new Collection<CompendiumCollection>();
  Object.assign(textEditor, textEditorStatics);
  const worldSync = globals.fromUuidSync as typeof fromUuidSync;
  const sync = (uuid: string | null | undefined, options?: { strict?: boolean }) => (uuid?.startsWith("Compendium.") ? fromCompendiumUuid(uuid) : worldSync(uuid, options));
  globals.fromUuidSync = sync;
  globals.fromUuid = async (uuid: string | null | undefined, options?: { strict?: boolean }) => sync(uuid, options);
  if (typeof document !== "undefined" && document.body && !listening.has(document.body)) {
    listening.add(document.body);
    textEditorStatics.activateListeners();
  }
}

/** Hands a pack to the client as the server would (game.packs); replaces one of the same id. */
export function installPack(metadata: PackMetadata, documents: AnyObject[]): CompendiumCollection {
  const pack = new CompendiumCollection(metadata, documents);
  (state.game.packs as Collection<CompendiumCollection>).set(pack.collection, pack);
  return pack;
}
