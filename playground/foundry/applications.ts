/**
 * foundry.applications: ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, ActorSheetV2,
 * ItemSheetV2, DialogV2, DocumentSheetConfig, FormDataExtended and the Handlebars template
 * functions, after Foundry v13 (client/applications/** in fvtt-types). Browser-safe: DOM only.
 */
import Handlebars from "handlebars";
import { Hooks } from "./hooks.js";
import { BooleanField, NumberField, type DataField } from "./data.js";
import { CONST, trackRender, type ClientDocument, type DocumentClass } from "./documents.js";
import { state, type PendingDialog } from "./state.js";
import { deepClone, expandObject, getType, isEmpty, mergeObject, type AnyObject } from "./utils.js";

type ActionHandler = (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;
type FormHandler = (this: ApplicationV2, event: Event, form: HTMLFormElement, formData: FormDataExtended, options?: AnyObject) => unknown;

export interface ApplicationOptions {
  id: string;
  uniqueId: string;
  classes: string[];
  tag: string;
  window: { frame: boolean; positioned: boolean; title: string; icon: string | false; controls: unknown[]; minimizable: boolean; resizable: boolean; contentTag: string; contentClasses: string[] };
  actions: Record<string, ActionHandler | { handler: ActionHandler; buttons: number[] }>;
  form?: { handler?: FormHandler; submitOnChange?: boolean; closeOnSubmit?: boolean };
  position: { top?: number; left?: number; width?: number | "auto"; height?: number | "auto"; scale?: number; zIndex?: number };
  [key: string]: unknown;
}

export interface RenderOptions extends AnyObject {
  force?: boolean;
  isFirstRender?: boolean;
  parts?: string[];
  position?: AnyObject;
}

const RENDER_STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 } as const;

export class ApplicationV2 {
  static RENDER_STATES = RENDER_STATES;
  static BASE_APPLICATION = ApplicationV2;

  static DEFAULT_OPTIONS: AnyObject = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: { frame: true, positioned: true, title: "", icon: false, controls: [], minimizable: true, resizable: false, contentTag: "section", contentClasses: [] },
    actions: {},
    form: undefined,
    position: {},
  };

  options: Readonly<ApplicationOptions>;
  position: ApplicationOptions["position"];
  #id: string;
  #element: HTMLElement | null = null;
  #content: HTMLElement | null = null;
  #state: number = RENDER_STATES.NONE;

  /** ApplicationV2#constructor: options merged once and frozen, the id from its pattern. */
  constructor(options: AnyObject = {}) {
    this.options = Object.freeze(this._initializeApplicationOptions(options));
    this.#id = this.options.id.replace("{id}", this.options.uniqueId);
    this.position = { ...this.options.position };
  }

  /** The class chain from this class up to ApplicationV2 (Foundry's inheritanceChain). */
  static *inheritanceChain(): Generator<typeof ApplicationV2> {
    for (let cls: typeof ApplicationV2 | null = this as typeof ApplicationV2; cls; cls = Object.getPrototypeOf(cls) as typeof ApplicationV2 | null) {
      yield cls;
      if (cls === ApplicationV2) return;
    }
  }

  /**
   * Merge DEFAULT_OPTIONS from ApplicationV2 down to this class, then the given options: arrays are
   * concatenated, plain objects are merged one level (Object.assign), anything else is replaced.
   */
  protected _initializeApplicationOptions(options: AnyObject): ApplicationOptions {
    const order: AnyObject[] = [options];
    for (const cls of (this.constructor as typeof ApplicationV2).inheritanceChain()) {
      if (Object.prototype.hasOwnProperty.call(cls, "DEFAULT_OPTIONS")) order.unshift(cls.DEFAULT_OPTIONS);
    }
    const merged: AnyObject = {};
    for (const opts of order) {
      for (const [k, v] of Object.entries(opts)) {
        if (k in merged) {
          const v0 = merged[k];
          if (Array.isArray(v0)) v0.push(...(v as unknown[]));
          else if (getType(v0) === "Object") Object.assign(v0 as AnyObject, v);
          else merged[k] = deepClone(v);
        } else merged[k] = deepClone(v);
      }
    }
    merged.uniqueId ??= String(++ApplicationV2.#appId);
    const result = merged as ApplicationOptions;
    if (result.window.frame) result.classes.unshift("application");
    result.classes = Array.from(new Set(result.classes));
    return result;
  }
  static #appId = 0;

  /** ApplicationV2#id. */
  get id(): string {
    return this.#id;
  }
  /** ApplicationV2#title: the window title, localized. */
  get title(): string {
    return localize(this.options.window.title);
  }
  /** ApplicationV2#element. */
  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }
  /** ApplicationV2#form: the element when it is a form, else its first form. */
  get form(): HTMLFormElement | null {
    return this.#element instanceof HTMLFormElement ? this.#element : (this.#element?.querySelector("form") ?? null);
  }
  /** ApplicationV2#hasFrame. */
  get hasFrame(): boolean {
    return this.options.window.frame;
  }
  /** ApplicationV2#state (RENDER_STATES). */
  get state(): number {
    return this.#state;
  }
  /** ApplicationV2#rendered. */
  get rendered(): boolean {
    return this.#state === RENDER_STATES.RENDERED;
  }
  /** ApplicationV2#window: the header, title and content elements. */
  get window(): { header: HTMLElement | null; title: HTMLElement | null; content: HTMLElement | null } {
    return { header: this.#element?.querySelector(".window-header") ?? null, title: this.#element?.querySelector(".window-title") ?? null, content: this.#content };
  }

  /**
   * Render: configure options, prepare context, (first render) pre-first-render and frame, render
   * HTML, replace content, insert into document.body, then _onFirstRender / _onRender (not awaited,
   * as in Foundry) and the render<ClassName> hooks for each class in the chain.
   */
  render(options: RenderOptions | boolean = {}, _options: RenderOptions = {}): Promise<this> {
    if (typeof options === "boolean") options = Object.assign(_options, { force: options });
    const opts = options;
    // Foundry runs an application's renders and closes one at a time (a semaphore).
    const run = this.#queue.then(() => this.#render(opts));
    this.#queue = run.then(noop, noop);
    // Renders nobody awaits (a document change re-rendering its apps) still finish before harness.flush returns.
    const queued = this.#queue;
    state.renders.add(queued);
    void queued.then(() => state.renders.delete(queued));
    return run;
  }

  #queue: Promise<unknown> = Promise.resolve();

  async #render(options: RenderOptions): Promise<this> {
    const canRender = this._canRender(options);
    if (this.#state === RENDER_STATES.CLOSED || this.#state === RENDER_STATES.NONE) {
      if (!options.force) return this;
    }
    if (canRender === false) return this;
    this._configureRenderOptions(options);
    const context = await this._prepareContext(options);
    if (options.isFirstRender) await this._preFirstRender(context, options);
    await this._preRender(context, options);
    this.#state = RENDER_STATES.RENDERING;
    if (options.isFirstRender) {
      this.#element = await this._renderFrame(options);
      this.#content = this.hasFrame ? (this.#element.querySelector(".window-content") as HTMLElement) : this.#element;
      this._attachFrameListeners();
    }
    let result: unknown;
    try {
      result = await this._renderHTML(context, options);
      this._replaceHTML(result, this.#content as HTMLElement, options);
    } catch (err) {
      if (options.isFirstRender) {
        this.#element?.remove();
        this.#element = null;
      }
      this.#state = options.isFirstRender ? RENDER_STATES.NONE : RENDER_STATES.ERROR;
      throw new Error(`Failed to render Application "${this.id}":\n${(err as Error).message}`, { cause: err });
    }
    if (options.isFirstRender) this._insertElement(this.#element as HTMLElement);
    if (this.hasFrame) this._updateFrame(options);
    this.#state = RENDER_STATES.RENDERED;
    if (options.isFirstRender) void this._onFirstRender(context, options);
    void this._onRender(context, options);
    for (const cls of (this.constructor as typeof ApplicationV2).inheritanceChain()) {
      if (cls.name) Hooks.callAll(`render${cls.name}`, this, this.#element, context, options);
    }
    if (options.isFirstRender || options.position) this.setPosition(options.position as AnyObject | undefined);
    return this;
  }

  /** ApplicationV2#_canRender: false refuses the render. */
  protected _canRender(_options: RenderOptions): false | void {}

  /** ApplicationV2#_configureRenderOptions: whether this is the first render. */
  protected _configureRenderOptions(options: RenderOptions): void {
    options.isFirstRender = this.#state <= RENDER_STATES.NONE || this.#state === RENDER_STATES.CLOSED || !this.#element;
  }

  /**
   * ApplicationV2.TABS and #tabGroups (client/applications/api/application.mjs): each group's
   * active tab, its initial one until changeTab moves it.
   */
  static TABS: Record<string, { tabs: { id: string; label?: string; icon?: string; cssClass?: string }[]; initial?: string | null; labelPrefix?: string | null }> = {};
  tabGroups: Record<string, string | null> = Object.fromEntries(Object.entries((this.constructor as typeof ApplicationV2).TABS).map(([id, { initial }]) => [id, initial ?? null]));

  /** ApplicationV2#_prepareContext: with exactly one tab group, its tabs are prepared as `tabs`. */
  protected async _prepareContext(_options: RenderOptions): Promise<AnyObject> {
    const groups = Object.keys((this.constructor as typeof ApplicationV2).TABS);
    return groups.length === 1 ? { tabs: this._prepareTabs(groups[0] as string) } : {};
  }

  /** ApplicationV2#_prepareTabs: each tab with its group, whether it is active, and "active" in its cssClass. */
  protected _prepareTabs(group: string): Record<string, AnyObject> {
    const { tabs, labelPrefix, initial = null } = (this.constructor as typeof ApplicationV2).TABS[group] ?? { tabs: [] };
    this.tabGroups[group] ??= initial;
    const prepared: Record<string, AnyObject> = {};
    for (const { id, cssClass, ...config } of tabs) {
      const active = this.tabGroups[group] === id;
      const tab: AnyObject = { group, id, active, cssClass: [cssClass, active ? "active" : ""].filter(Boolean).join(" "), ...config };
      if (labelPrefix) tab.label ??= `${labelPrefix}.${id}`;
      prepared[id] = tab;
    }
    return prepared;
  }

  /** ApplicationV2#changeTab: the nav's and the sections' "active" class follow, with no render. */
  changeTab(tab: string, group: string, { force = false }: { force?: boolean } = {}): void {
    if (!tab || !group) throw new Error("You must pass both the tab and tab group identifier");
    if (this.tabGroups[group] === tab && !force) return;
    const content = this.#content as HTMLElement;
    if (!content.querySelector(`.tabs [data-group="${group}"][data-tab="${tab}"]`)) throw new Error(`No matching tab element found for group "${group}" and tab "${tab}"`);
    for (const t of content.querySelectorAll<HTMLElement>(`.tabs [data-group="${group}"]`)) {
      t.classList.toggle("active", t.dataset.tab === tab);
      if (t instanceof HTMLButtonElement) t.ariaPressed = `${t.dataset.tab === tab}`;
    }
    for (const section of content.querySelectorAll<HTMLElement>(`.tab[data-group="${group}"]`)) section.classList.toggle("active", section.dataset.tab === tab);
    this.tabGroups[group] = tab;
  }

  /** ApplicationV2#_onClickTab. */
  protected _onClickTab(event: MouseEvent): void {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-tab]");
    const tab = button?.dataset.tab;
    if (!button || !tab || button.classList.contains("active") || (event.button ?? 0) !== 0) return;
    this.changeTab(tab, button.dataset.group as string);
  }
  protected async _preFirstRender(_context: AnyObject, _options: RenderOptions): Promise<void> {}
  protected async _preRender(_context: AnyObject, _options: RenderOptions): Promise<void> {}

  /** ApplicationV2#_renderHTML and _replaceHTML: abstract, as in Foundry. */
  protected async _renderHTML(_context: AnyObject, _options: RenderOptions): Promise<unknown> {
    throw new Error(`The ${this.constructor.name} Application class must implement _renderHTML`);
  }
  protected _replaceHTML(_result: unknown, _content: HTMLElement, _options: RenderOptions): void {
    throw new Error(`The ${this.constructor.name} Application class must implement _replaceHTML`);
  }

  /** The outer element: the configured tag with id and classes, and a window frame with a title. */
  protected async _renderFrame(_options: RenderOptions): Promise<HTMLElement> {
    const frame = document.createElement(this.options.tag);
    frame.id = this.#id;
    if (this.options.classes.length) frame.className = this.options.classes.join(" ");
    if (!this.hasFrame) return frame;
    const w = this.options.window;
    const contentClasses = ["window-content", ...w.contentClasses].join(" ");
    frame.innerHTML = `<header class="window-header">
      <i class="window-icon ${w.icon ? w.icon : "hidden"}"></i>
      <h1 class="window-title"></h1>
      <button type="button" class="header-control icon fa-solid fa-xmark" data-action="close" aria-label="${localize("APPLICATION.TOOLS.Close")}"></button>
    </header>
    <${w.contentTag} class="${contentClasses}"></${w.contentTag}>
    ${w.resizable ? `<div class="window-resize-handle"></div>` : ""}`;
    return frame;
  }

  /** ApplicationV2#_updateFrame: the title follows the document. */
  protected _updateFrame(_options: RenderOptions): void {
    const title = this.#element?.querySelector(".window-title");
    if (title) title.textContent = this.title;
  }

  /** ApplicationV2#_insertElement: replaces an element of the same id, else appends to the body. */
  protected _insertElement(element: HTMLElement): void {
    const existing = document.getElementById(element.id);
    if (existing) existing.replaceWith(element);
    else document.body.append(element);
  }

  /** Click on [data-action] → options.actions[action] with this = app; forms submit and change. */
  protected _attachFrameListeners(): void {
    const element = this.#element as HTMLElement;
    element.addEventListener("click", (event) => {
      const target = (event.target as HTMLElement | null)?.closest?.("[data-action]") as HTMLElement | null;
      if (!target || !element.contains(target)) return;
      this.#onClickAction(event as MouseEvent, target);
    });
    if (this.options.tag === "form") {
      const formConfig = this.options.form ?? {};
      element.addEventListener("submit", (event) => trackAction(() => this._onSubmitForm(formConfig, event)));
      element.addEventListener("change", (event) => this._onChangeForm(formConfig, event));
    }
  }

  /** ApplicationV2#onClickAction: close, a configured action (for its mouse buttons), else _onClickAction. */
  #onClickAction(event: MouseEvent, target: HTMLElement): void {
    const action = target.dataset.action as string;
    if (action === "close") {
      event.stopPropagation();
      void this.close();
      return;
    }
    if (action === "tab") {
      this._onClickTab(event);
      return;
    }
    let handler = this.options.actions[action];
    if (!handler) {
      this._onClickAction(event, target);
      return;
    }
    let buttons = [0];
    if (typeof handler === "object") {
      buttons = handler.buttons;
      handler = handler.handler;
    }
    if (buttons.includes(event.button ?? 0)) trackAction(() => (handler as (event: Event, target: HTMLElement) => unknown).call(this, event, target));
  }

  protected _onClickAction(_event: Event, _target: HTMLElement): void {}

  /** ApplicationV2#submit (v13): the form handler called on the form as it stands, without a submit event's closing. */
  async submit(submitOptions: AnyObject = {}): Promise<unknown> {
    const handler = this.options.form?.handler;
    if (!handler) throw new Error(`The ${this.constructor.name} Application does not support a single top-level form element.`);
    const form = this.form as HTMLFormElement;
    return handler.call(this, new Event("submit", { cancelable: true }), form, new FormDataExtended(form), submitOptions);
  }

  /** ApplicationV2#_onSubmitForm: the form handler with FormDataExtended, then close when closeOnSubmit. */
  protected async _onSubmitForm(formConfig: ApplicationOptions["form"] & object, event: Event): Promise<void> {
    event.preventDefault();
    const form = (this.form ?? event.currentTarget) as HTMLFormElement;
    const { handler, closeOnSubmit } = formConfig;
    const formData = new FormDataExtended(form);
    if (handler instanceof Function) {
      try {
        await handler.call(this, event, form, formData);
      } catch (err) {
        uiError(err);
        return;
      }
    }
    if (closeOnSubmit) await this.close({ submitted: true });
  }

  /** ApplicationV2#_onChangeForm: submitOnChange submits. */
  protected _onChangeForm(formConfig: ApplicationOptions["form"] & object, event: Event): void {
    if (formConfig.submitOnChange) trackAction(() => this._onSubmitForm(formConfig, event));
  }

  /** ApplicationV2#_onFirstRender and _onRender: hooks for subclasses, not awaited. */
  protected _onFirstRender(_context: AnyObject, _options: RenderOptions): void | Promise<void> {}
  protected _onRender(_context: AnyObject, _options: RenderOptions): void | Promise<void> {}

  /** ApplicationV2#setPosition: stored, and applied to a positioned element. */
  setPosition(position: AnyObject = {}): ApplicationOptions["position"] {
    Object.assign(this.position, position);
    const el = this.#element;
    if (el && this.options.window.positioned) {
      for (const key of ["top", "left", "width", "height"] as const) {
        const v = this.position[key];
        if (typeof v === "number") el.style[key] = `${v}px`;
      }
    }
    return this.position;
  }

  bringToFront(): void {}

  /** ApplicationV2#close: queued after any render, as Foundry's semaphore does. */
  close(options: AnyObject = {}): Promise<this> {
    const run = this.#queue.then(() => this.#close(options));
    this.#queue = run.then(noop, noop);
    return run;
  }

  /** ApplicationV2#close: _preClose, element removed, _onClose, then the close<ClassName> hooks. */
  async #close(options: AnyObject): Promise<this> {
    if (!this.#element) {
      this.#state = RENDER_STATES.CLOSED;
      return this;
    }
    this.#state = RENDER_STATES.CLOSING;
    await this._preClose(options);
    const element = this.#element;
    element.remove();
    this.#element = null;
    this.#content = null;
    this.#state = RENDER_STATES.CLOSED;
    this._onClose(options);
    for (const cls of (this.constructor as typeof ApplicationV2).inheritanceChain()) {
      if (cls.name) Hooks.callAll(`close${cls.name}`, this, element);
    }
    return this;
  }
  protected async _preClose(_options: AnyObject): Promise<void> {}
  protected _onClose(_options: AnyObject): void {}
}

function noop(): void {}

/**
 * Handlers of clicks and change-submits are not awaited by the DOM; the harness tracks them as it
 * tracks background renders. A handler is its clicker's client's code to its end: the playground
 * switches "Play as" while a GM's click is still at work (a turn's upkeep, a defeated mark), and that
 * work must go on as hers, as on her own computer (state.clientContext carries her through its awaits).
 */
export function trackAction(handler: () => unknown): void {
  trackRender(state.clientContext.run(state.game.user, handler), "a click or submit handler");
}

function localize(key: string): string {
  const i18n = state.game.i18n as { localize(k: string): string } | undefined;
  return i18n ? i18n.localize(key) : key;
}

function uiError(err: unknown): void {
  const ui = (globalThis as unknown as { ui?: { notifications?: { error(m: unknown, o?: AnyObject): unknown } } }).ui;
  if (ui?.notifications) ui.notifications.error(err, { console: true });
  else console.error(err);
}

/** What a part keeps across its replacement (HandlebarsApplication#_preSyncPartState's `state`). */
export interface PartState {
  focus?: string;
  scrollPositions?: [HTMLElement, number, number][];
  [key: string]: unknown;
}

/* -------------------------------------------- */
/*  Handlebars                                  */
/* -------------------------------------------- */

const RENDER_OPTIONS = { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true };

/** Fetch (through the installed fetchText), compile and register a template as a partial, once. */
export async function getTemplate(path: string, id?: string): Promise<Handlebars.TemplateDelegate> {
  const name = id ?? path;
  const existing = Handlebars.partials[name] as Handlebars.TemplateDelegate | string | undefined;
  if (typeof existing === "function") return existing;
  const text = await state.fetchText(path);
  const compiled = Handlebars.compile(text);
  Handlebars.registerPartial(name, compiled);
  return compiled;
}

/** Load templates (an array of paths, or {partialName: path}) and register them as partials. */
export async function loadTemplates(paths: string[] | Record<string, string>): Promise<Handlebars.TemplateDelegate[]> {
  if (Array.isArray(paths)) return Promise.all(paths.map((p) => getTemplate(p)));
  return Promise.all(Object.entries(paths).map(([id, p]) => getTemplate(p, id)));
}

/** foundry.applications.handlebars.renderTemplate. */
export async function renderTemplate(path: string, data: AnyObject = {}): Promise<string> {
  const template = await getTemplate(path);
  return template(data, RENDER_OPTIONS);
}

/** HandlebarsHelpers.selectOptions: choices as an object, an array of values or of {value, label}; blank, selected, localize. */
function selectOptions(choices: unknown, options: Handlebars.HelperOptions): Handlebars.SafeString {
  const hash = options.hash as AnyObject;
  const { localize: doLocalize = false, blank, sort, inverted } = hash as { localize?: boolean; blank?: unknown; sort?: boolean; inverted?: boolean };
  const { selected, labelAttr } = hash as { selected?: unknown; labelAttr?: string };
  let valueAttr = hash.valueAttr as string | undefined;
  if (hash.nameAttr && !valueAttr) valueAttr = hash.nameAttr as string;
  const chosen = new Set((selected === undefined || selected === null ? [] : Array.isArray(selected) ? selected : [selected]).map(String));
  const list: AnyObject[] = [];
  if (Array.isArray(choices)) {
    choices.forEach((choice: unknown, i) => {
      if (typeof choice === "object" && choice !== null) list.push(choice as AnyObject);
      else list.push({ value: i, label: choice });
    });
  } else if (choices && typeof choices === "object") {
    for (const entry of Object.entries(choices as AnyObject)) {
      const [k, v] = inverted ? [entry[1] as string, entry[0]] : entry;
      const value = valueAttr && v && typeof v === "object" ? (v as AnyObject)[valueAttr] : k;
      if (typeof v === "object" && v !== null) list.push({ ...(v as AnyObject), value });
      else list.push({ value, label: v });
    }
  }
  const vKey = Array.isArray(choices) ? (valueAttr ?? "value") : "value";
  const lKey = labelAttr ?? "label";
  const prepared = list.map((o) => {
    const label = String(o[lKey] ?? o[vKey] ?? "");
    return { value: String(o[vKey] ?? ""), label: doLocalize ? localize(label) : label };
  });
  if (sort) prepared.sort((a, b) => a.label.localeCompare(b.label));
  if (blank !== undefined && blank !== null && blank !== false) {
    const label = typeof blank === "string" ? blank : "";
    prepared.unshift({ value: "", label: doLocalize && label ? localize(label) : label });
  }
  const esc = Handlebars.escapeExpression;
  const html = prepared.map((o) => `<option value="${esc(o.value)}"${chosen.has(o.value) ? " selected" : ""}>${esc(o.label)}</option>`).join("");
  return new Handlebars.SafeString(html);
}

/** HandlebarsHelpers.numberFormat: decimals and sign. */
function numberFormat(value: unknown, options: Handlebars.HelperOptions): string {
  const { decimals, sign = false } = options.hash as { decimals?: number; sign?: boolean };
  let n = typeof value === "string" || value === null || value === undefined ? parseFloat(value as string) : Number(value);
  if (Number.isNaN(n)) n = NaN;
  const prefix = sign && n >= 0 ? "+" : "";
  return prefix + (decimals === undefined ? String(n) : n.toFixed(decimals));
}

/**
 * HandlebarsHelpers.formGroup (field.toFormGroup): a labelled input for a data field, named by its
 * path (or the `name` given): a checkbox for a BooleanField, a number input for a NumberField, text otherwise.
 */
function formGroup(field: DataField, options: Handlebars.HelperOptions): Handlebars.SafeString {
  const { value, name = field.fieldPath, label } = options.hash as { value?: unknown; name?: string; label?: string };
  const i18n = state.game.i18n as { localize(k: string): string };
  const text = Handlebars.escapeExpression(i18n.localize(label ?? (field.label || field.name)));
  const path = Handlebars.escapeExpression(name);
  const input =
    field instanceof BooleanField
      ? `<input type="checkbox" name="${path}" ${value ? "checked" : ""}>`
      : `<input type="${field instanceof NumberField ? "number" : "text"}" name="${path}" value="${Handlebars.escapeExpression(String(value ?? ""))}">`;
  return new Handlebars.SafeString(`<div class="form-group"><label>${text}</label><div class="form-fields">${input}</div></div>`);
}

/** The Foundry helpers Fray's templates use, registered on the given Handlebars. */
export function registerHandlebarsHelpers(hbs: typeof Handlebars): void {
  const i18n = () => state.game.i18n as { localize(k: string): string; format(k: string, d: AnyObject): string };
  hbs.registerHelper({
    localize(value: unknown, options: Handlebars.HelperOptions) {
      const key = value instanceof hbs.SafeString ? value.toString() : String(value);
      const data = options.hash as AnyObject;
      return isEmpty(data) ? i18n().localize(key) : i18n().format(key, data);
    },
    selectOptions,
    numberFormat,
    checked: (value: unknown) => (value ? "checked" : ""),
    disabled: (value: unknown) => (value ? "disabled" : ""),
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    lt: (a: number, b: number) => a < b,
    gt: (a: number, b: number) => a > b,
    lte: (a: number, b: number) => a <= b,
    gte: (a: number, b: number) => a >= b,
    not: (pred: unknown) => !pred,
    and: (...args: unknown[]) => args.every(Boolean),
    or: (...args: unknown[]) => args.slice(0, -1).some(Boolean),
    ifThen: (criteria: unknown, ifTrue: unknown, ifFalse: unknown) => (criteria ? ifTrue : ifFalse),
    formGroup,
    concat: (...values: unknown[]) => {
      const options = values.pop() as Handlebars.HelperOptions;
      const join = (options.hash?.join as string | undefined) ?? "";
      return new hbs.SafeString(values.join(join));
    },
  });
}

/* -------------------------------------------- */
/*  HandlebarsApplicationMixin                   */
/* -------------------------------------------- */

export interface HandlebarsTemplatePart {
  template: string;
  id?: string;
  root?: boolean;
  classes?: string[];
  templates?: string[];
  scrollable?: string[];
  container?: { classes?: string[]; id: string };
  forms?: Record<string, AnyObject>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript requires any[] for a mixin's constructor
type AppConstructor = new (...args: any[]) => ApplicationV2;

/**
 * Each of PARTS renders from its template (context: the app's context plus partId, via
 * _preparePartContext) into exactly one root element, marked data-application-part, placed in the
 * content element in PARTS order and replaced in place on re-render.
 */
export function HandlebarsApplicationMixin<T extends AppConstructor>(BaseApplication: T) {
  class HandlebarsApplication extends BaseApplication {
    static PARTS: Record<string, HandlebarsTemplatePart> = {};
    #parts: Record<string, HTMLElement> = {};

    get parts(): Record<string, HTMLElement> {
      return this.#parts;
    }

    protected override _configureRenderOptions(options: RenderOptions): void {
      super._configureRenderOptions(options);
      const all = Object.keys(this._configureRenderParts(options));
      options.parts = options.isFirstRender || !options.parts ? all : options.parts.filter((p) => all.includes(p));
    }

    protected _configureRenderParts(_options: RenderOptions): Record<string, HandlebarsTemplatePart> {
      return deepClone((this.constructor as unknown as { PARTS: Record<string, HandlebarsTemplatePart> }).PARTS);
    }

    protected override async _preFirstRender(context: AnyObject, options: RenderOptions): Promise<void> {
      await super._preFirstRender(context, options);
      const templates = new Set<string>();
      for (const part of Object.values(this._configureRenderParts(options))) {
        templates.add(part.template);
        for (const t of part.templates ?? []) templates.add(t);
      }
      await loadTemplates([...templates]);
    }

    protected override async _renderHTML(context: AnyObject, options: RenderOptions): Promise<Record<string, HTMLElement>> {
      const rendered: Record<string, HTMLElement> = {};
      const parts = this._configureRenderParts(options);
      for (const partId of options.parts ?? []) {
        const part = parts[partId];
        if (!part) {
          (globalThis as unknown as { ui: { notifications: { warn(m: string): void } } }).ui.notifications.warn(`Part "${partId}" is not a supported template part for ${this.constructor.name}`);
          continue;
        }
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        let html: string;
        try {
          html = await renderTemplate(part.template, partContext);
        } catch (err) {
          throw new Error(`Failed to render template part "${partId}":\n${(err as Error).message}`, { cause: err });
        }
        rendered[partId] = this.#parsePartHTML(partId, part, html);
      }
      return rendered;
    }

    protected async _preparePartContext(partId: string, context: AnyObject, _options: RenderOptions): Promise<AnyObject> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    #parsePartHTML(partId: string, part: HandlebarsTemplatePart, html: string): HTMLElement {
      const t = document.createElement("template");
      t.innerHTML = html;
      if (t.content.children.length !== 1) throw new Error(`Template part "${partId}" must render a single HTML element.`);
      const e = t.content.firstElementChild as HTMLElement;
      // happy-dom 20 (Node tests) misapplies <option selected> while parsing; re-assert the
      // attribute so select.value is what the HTML says. A no-op in a real browser.
      for (const option of e.querySelectorAll("option[selected]")) (option as HTMLOptionElement).selected = true;
      e.dataset.applicationPart = partId;
      if (part.id) e.setAttribute("id", `${this.id}-${part.id}`);
      if (part.classes) e.classList.add(...part.classes);
      return e;
    }

    protected override _replaceHTML(result: unknown, content: HTMLElement, options: RenderOptions): void {
      const parts = this._configureRenderParts(options);
      for (const [partId, element] of Object.entries(result as Record<string, HTMLElement>)) {
        const part = parts[partId] as HandlebarsTemplatePart;
        const prior = part.root ? content : content.querySelector(`[data-application-part="${partId}"]`);
        if (prior) {
          const state: PartState = {};
          this._preSyncPartState(partId, element, prior as HTMLElement, state);
          if (part.root) prior.replaceChildren(...Array.from(element.children));
          else prior.replaceWith(element);
          this._syncPartState(partId, element, prior as HTMLElement, state);
        } else content.append(element);
        this._attachPartListeners(partId, element, options);
        this.#parts[partId] = element;
      }
    }

    /**
     * HandlebarsApplication#_preSyncPartState: the focused field (by id, else by tag and name) and the
     * scroll positions, before the part is replaced. The field's typed value is not kept: v13 loses it.
     */
    protected _preSyncPartState(partId: string, newElement: HTMLElement, priorElement: HTMLElement, state: PartState): void {
      const part = this._configureRenderParts({})[partId] as HandlebarsTemplatePart | undefined;
      const focus = priorElement.querySelector<HTMLInputElement>(":focus");
      // v13 writes `#${CSS.escape(id)}`; an attribute selector finds the same element where CSS is missing (happy-dom).
      const quoted = (text: string) => JSON.stringify(text);
      state.focus = focus?.id ? `[id=${quoted(focus.id)}]` : focus?.name ? `${focus.tagName}[name=${quoted(focus.name)}]` : undefined;
      state.scrollPositions = [];
      for (const selector of part?.scrollable ?? []) {
        const before = selector === "" ? priorElement : priorElement.querySelector(selector);
        const after = selector === "" ? newElement : newElement.querySelector(selector);
        if (before && after) state.scrollPositions.push([after as HTMLElement, before.scrollTop, before.scrollLeft]);
      }
    }

    /** HandlebarsApplication#_syncPartState: focus and scroll restored after the part is replaced. */
    protected _syncPartState(_partId: string, newElement: HTMLElement, _priorElement: HTMLElement, state: PartState): void {
      if (state.focus) newElement.querySelector<HTMLElement>(state.focus)?.focus();
      for (const [el, scrollTop, scrollLeft] of state.scrollPositions ?? []) Object.assign(el, { scrollTop, scrollLeft });
    }

    protected _attachPartListeners(_partId: string, _element: HTMLElement, _options: RenderOptions): void {}
  }
  return HandlebarsApplication;
}

/* -------------------------------------------- */
/*  Forms                                        */
/* -------------------------------------------- */

/**
 * A form's data as an object of named values, typed: number inputs and data-dtype="Number" give
 * numbers (blank → null), checkboxes give booleans, multi-selects give arrays, data-dtype="JSON"
 * is parsed. Disabled fields are skipped unless {disabled: true}.
 */
export class FormDataExtended extends FormData {
  dtypes: Record<string, string>;
  #object: AnyObject = {};

  constructor(form: HTMLFormElement, { dtypes = {}, disabled = false, readonly = true }: { dtypes?: Record<string, string>; editors?: AnyObject; disabled?: boolean; readonly?: boolean } = {}) {
    super();
    this.dtypes = dtypes;
    this.#process(form, { disabled, readonly });
  }

  /** FormDataExtended#object: the typed values by name. */
  get object(): AnyObject {
    return this.#object;
  }

  /** FormDataExtended: each named field cast by its dtype, then the [data-edit] elements. */
  #process(form: HTMLElement, { disabled, readonly }: { disabled: boolean; readonly: boolean }): void {
    const elements = Array.from(form.querySelectorAll("input, select, textarea")) as (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[];
    for (const el of elements) {
      const name = el.name;
      if (!name) continue;
      if (el.disabled && !disabled) continue;
      if ((el as HTMLInputElement).readOnly && !readonly) continue;
      const type = (el as HTMLInputElement).type;
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      const dtype = this.dtypes[name] ?? el.dataset.dtype ?? (type === "number" || type === "range" ? "Number" : type === "checkbox" ? "Boolean" : "String");
      this.dtypes[name] = dtype;
      let value: unknown;
      if (type === "radio") {
        if (!(el as HTMLInputElement).checked) {
          if (!(name in this.#object)) this.#object[name] = null;
          continue;
        }
        value = castValue(el.value, dtype);
      } else if (type === "checkbox") {
        const checked = (el as HTMLInputElement).checked;
        value = dtype === "Boolean" ? checked : checked ? castValue(el.value, dtype) : null;
      } else if (el instanceof HTMLSelectElement && el.multiple) {
        value = Array.from(el.selectedOptions).map((o) => castValue(o.value, dtype));
      } else value = castValue(el.value, dtype);
      this.#setValue(name, value);
    }
    // FormDataExtended#processEditableHTML: an <img data-edit> gives its src, other [data-edit] their HTML.
    for (const el of Array.from(form.querySelectorAll<HTMLElement>("[data-edit]"))) {
      const name = el.dataset.edit as string;
      if (name in this.#object) continue;
      if ((el as HTMLInputElement).disabled && !disabled) continue;
      this.#setValue(name, el.tagName === "IMG" ? el.getAttribute("src") : el.innerHTML.trim());
    }
  }

  #setValue(name: string, value: unknown): void {
    this.#object[name] = value;
    try {
      this.set(name, typeof value === "string" ? value : JSON.stringify(value));
    } catch {
      // FormData in some environments rejects unusual names; the object is what Foundry reads.
    }
  }
}

function castValue(value: string, dtype: string): unknown {
  switch (dtype) {
    case "Number":
      return value === "" ? null : Number(value);
    case "Boolean":
      return value === "true" || value === "on";
    case "JSON":
      return value === "" ? null : (JSON.parse(value) as unknown);
    default:
      return value;
  }
}

/* -------------------------------------------- */
/*  Document sheets                              */
/* -------------------------------------------- */

async function onSubmitDocumentForm(this: ApplicationV2, event: Event, form: HTMLFormElement, formData: FormDataExtended, options: AnyObject = {}): Promise<void> {
  const sheet = this as unknown as DocumentSheetV2;
  if (!sheet.isEditable) return;
  const { updateData, ...updateOptions } = options as { updateData?: AnyObject };
  const submitData = sheet._prepareSubmitData(event, form, formData, updateData);
  await sheet._processSubmitData(event, form, submitData, updateOptions);
}

/**
 * FilePicker: `browse()` records the picker (tests read `FilePicker.opened` and call `pick(path)`,
 * which runs the callback as choosing a file does). No files are listed.
 */
export class FilePicker {
  static opened: FilePicker[] = [];
  /** FilePicker.implementation: CONFIG.ux.FilePicker. */
  static get implementation(): typeof FilePicker {
    return ((globalThis as unknown as { CONFIG?: { ux?: { FilePicker?: typeof FilePicker } } }).CONFIG?.ux?.FilePicker ?? FilePicker);
  }
  readonly current: string;
  readonly type: string;
  readonly callback: ((path: string) => unknown) | undefined;
  /** FilePicker#constructor: the current path, the file type and the callback. */
  constructor({ current = "", type = "any", callback }: { current?: string; type?: string; callback?: (path: string) => unknown } & AnyObject = {}) {
    this.current = current;
    this.type = type;
    this.callback = callback;
  }
  /** FilePicker#browse: opens the picker (here: recorded). */
  async browse(): Promise<this> {
    FilePicker.opened.push(this);
    return this;
  }
  /** Choosing a file in the picker: its callback gets the path. */
  pick(path: string): unknown {
    return this.callback?.(path);
  }
}

/** DocumentSheetV2#onEditImage: a FilePicker for the image's data-edit attribute; the chosen path becomes its src and, with submitOnChange, is submitted. */
async function onEditImage(this: ApplicationV2, _event: Event, target: HTMLElement): Promise<void> {
  if (target.nodeName !== "IMG") throw new Error("The editImage action is available only for IMG elements.");
  const sheet = this as unknown as DocumentSheetV2;
  const attr = target.dataset.edit as string;
  const current = attr.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as AnyObject)[k] : undefined), sheet.document._source) as string | undefined;
  const picker = new FilePicker.implementation({
    current: current ?? "",
    type: "image",
    callback: (path: string) => {
      (target as HTMLImageElement).src = path;
      if (this.options.form?.submitOnChange) this.form?.dispatchEvent(new Event("submit", { cancelable: true }));
    },
  });
  await picker.browse();
}

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: CONST.DOCUMENT_OWNERSHIP_LEVELS.LIMITED,
    editPermission: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER,
    canCreate: false,
    sheetConfig: true,
    actions: { editImage: onEditImage },
    form: { handler: onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };

  #document: ClientDocument;

  /** DocumentSheetV2#constructor: the document from options.document. */
  constructor(options: AnyObject = {}) {
    super(options);
    this.#document = this.options.document as ClientDocument;
  }

  /** DocumentSheetV2#_initializeApplicationOptions: one sheet per document uuid. */
  protected override _initializeApplicationOptions(options: AnyObject): ApplicationOptions {
    const document = options.document as ClientDocument | undefined;
    if (!document) throw new Error("A DocumentSheetV2 application must be provided a Document instance.");
    options.uniqueId = `${this.constructor.name}-${document.uuid.replaceAll(".", "-")}`;
    return super._initializeApplicationOptions(options);
  }

  /** DocumentSheetV2#document. */
  get document(): ClientDocument {
    return this.#document;
  }

  /** "<type label or document name>: <name>". */
  override get title(): string {
    const doc = this.document;
    const cls = doc.constructor as DocumentClass;
    const typeLabel = cls.hasTypeData ? state.CONFIG[cls.documentName]?.typeLabels?.[doc.type] : undefined;
    return `${localize(typeLabel ?? cls.documentName)}: ${doc.name ?? doc.id}`;
  }

  /** DocumentSheetV2#isVisible: the viewPermission level. */
  get isVisible(): boolean {
    return this.document.testUserPermission(state.game.user as never, this.options.viewPermission as number);
  }

  /** DocumentSheetV2#isEditable: the editPermission level. */
  get isEditable(): boolean {
    return this.document.testUserPermission(state.game.user as never, this.options.editPermission as number);
  }

  /** DocumentSheetV2#_canRender: a forced render without permission throws. */
  protected override _canRender(options: RenderOptions): false | void {
    if (!this.isVisible) {
      if (options.force) throw new Error(`You do not have permission to view this ${this.document.documentName} sheet!`);
      return false;
    }
  }

  /** DocumentSheetV2#_prepareContext: document, source, fields, editable, user, rootId. */
  protected override async _prepareContext(options: RenderOptions): Promise<AnyObject> {
    const context = await super._prepareContext(options);
    const document = this.document;
    return Object.assign(context, {
      document,
      source: document._source,
      fields: document.schema.fields,
      editable: this.isEditable,
      user: state.game.user,
      rootId: document.collection?.has(document.id as string) ? this.id : `${this.id}-${Math.random().toString(36).slice(2)}`,
    });
  }

  /** DocumentSheetV2#_onFirstRender: registered in document.apps. */
  protected override _onFirstRender(context: AnyObject, options: RenderOptions): void | Promise<void> {
    void super._onFirstRender(context, options);
    this.document.apps[this.id] = this as never;
  }

  /** A sheet the user may not edit has every form control disabled. */
  protected override _onRender(context: AnyObject, options: RenderOptions): void | Promise<void> {
    void super._onRender(context, options);
    if (!this.isEditable) {
      for (const el of this.element.querySelectorAll("input, select, textarea, button:not([data-action=close])")) (el as HTMLInputElement).disabled = true;
    }
  }

  /** DocumentSheetV2#_onClose: removed from document.apps. */
  protected override _onClose(options: AnyObject): void {
    super._onClose(options);
    delete this.document.apps[this.id];
  }

  /** Submit the sheet's form programmatically (Foundry's DocumentSheetV2#submit). */
  override async submit(submitOptions: AnyObject = {}): Promise<void> {
    const formConfig = this.options.form;
    if (!formConfig?.handler) throw new Error(`The ${this.constructor.name} DocumentSheetV2 does not support a single top-level form element.`);
    const form = this.element as HTMLFormElement;
    const event = new Event("submit", { cancelable: true });
    const formData = new FormDataExtended(form);
    await formConfig.handler.call(this, event, form, formData, submitOptions);
    if (formConfig.closeOnSubmit) await this.close();
  }

  /** expandObject(formData.object), merged with updateData, cleaned and validated as changes. */
  _prepareSubmitData(event: Event, form: HTMLFormElement, formData: FormDataExtended, updateData?: AnyObject): AnyObject {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) mergeObject(submitData, updateData, { performDeletions: true });
    this.document.validate({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }

  /** DocumentSheetV2#_processFormData: the expanded form object. */
  _processFormData(_event: Event | null, _form: HTMLFormElement, formData: FormDataExtended): AnyObject {
    return expandObject(formData.object);
  }

  /** DocumentSheetV2#_processSubmitData: one document update. */
  async _processSubmitData(_event: Event, _form: HTMLFormElement, submitData: AnyObject, options: AnyObject = {}): Promise<void> {
    await this.document.update(submitData, options);
  }
}

export class ActorSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: AnyObject = { position: { width: 600 }, window: { resizable: true } };
  /** ActorSheetV2#actor. */
  get actor(): ClientDocument {
    return this.document;
  }
  /** ActorSheetV2#token: no synthetic token actors in the harness. */
  get token(): null {
    return null;
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: AnyObject = { position: { width: 480 } };
  /** ItemSheetV2#item. */
  get item(): ClientDocument {
    return this.document;
  }
  /** ItemSheetV2#actor: the item's owner. */
  get actor(): ClientDocument | null {
    return (this.document as unknown as { actor: ClientDocument | null }).actor;
  }
}

/* -------------------------------------------- */
/*  DocumentSheetConfig                          */
/* -------------------------------------------- */

export class DocumentSheetConfig {
  /**
   * Register a sheet class for a document class: stored in CONFIG[documentName].sheetClasses[type]
   * under "<scope>.<ClassName>"; with no types, for every type in game.documentTypes.
   */
  static registerSheet(documentClass: DocumentClass, scope: string, sheetClass: { name: string }, { label, types, makeDefault = false, canBeDefault = true, canConfigure = true }: { label?: string | (() => string); types?: string[]; makeDefault?: boolean; canBeDefault?: boolean; canConfigure?: boolean } = {}): void {
    const id = `${scope}.${sheetClass.name}`;
    const config = state.CONFIG[documentClass.documentName];
    if (!config) return;
    const allTypes = (state.game.documentTypes as Record<string, string[]> | undefined)?.[documentClass.documentName] ?? [CONST.BASE_DOCUMENT_TYPE];
    for (const t of types?.length ? types : allTypes) {
      const classes = (config.sheetClasses[t] ??= {});
      if (makeDefault) for (const s of Object.values(classes)) s.default = false;
      const text = typeof label === "function" ? label() : label ? localize(label) : id;
      classes[id] = { id, cls: sheetClass, default: makeDefault, label: text, canBeDefault, canConfigure };
    }
  }

  /** DocumentSheetConfig.unregisterSheet: removed for the given types. */
  static unregisterSheet(documentClass: DocumentClass, scope: string, sheetClass: { name: string }, { types }: { types?: string[] } = {}): void {
    const id = `${scope}.${sheetClass.name}`;
    const config = state.CONFIG[documentClass.documentName];
    if (!config) return;
    for (const t of types?.length ? types : Object.keys(config.sheetClasses)) delete config.sheetClasses[t]?.[id];
  }
}

/* -------------------------------------------- */
/*  DialogV2                                     */
/* -------------------------------------------- */

interface DialogButton {
  action: string;
  label?: string;
  icon?: string;
  default?: boolean;
  /** Called with the pressed <button> (inside a form holding the content, so button.form works). */
  callback?: (event: Event, button: HTMLButtonElement, dialog: unknown) => unknown;
}

/**
 * DialogV2: wait/prompt/confirm queue a PendingDialog in the harness (and call its onDialog
 * listener); a test answers by action, and the promise resolves as Foundry's does — with the
 * button's callback result, else its action; dismissing resolves null unless rejectClose. Where the
 * harness draws dialogs (the playground: `harness.drawDialogs(true)`), the same dialog is also a
 * window on the screen of the client that opened it, answered by its buttons or closed by its ×
 * (v13 client/applications/api/dialog.mjs: DialogV2#_renderHTML, #_onSubmit, #_onClose).
 */
export class DialogV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = { id: "dialog-{id}", classes: ["dialog"], tag: "dialog", window: { frame: true, positioned: true, minimizable: false }, buttons: [], modal: false, rejectClose: false };

  /** DialogV2.wait: resolves with the pressed button's callback result, null (or a rejection) when closed. */
  static async wait(config: AnyObject & { buttons?: DialogButton[]; rejectClose?: boolean; content?: string }, kind: PendingDialog["kind"] = "wait"): Promise<unknown> {
    const buttons = (config.buttons ?? []) as DialogButton[];
    return new Promise((resolve, reject) => {
      let drawn: HTMLElement | null = null;
      const remove = () => {
        const i = state.dialogs.indexOf(pending);
        if (i >= 0) state.dialogs.splice(i, 1);
        drawn?.remove();
      };
      const pending: PendingDialog = {
        kind,
        config,
        actions: buttons.map((b) => b.action),
        answer(action: string, values: Record<string, string | boolean> = {}) {
          const button = buttons.find((b) => b.action === action);
          if (!button) throw new Error(`Dialog has no button "${action}" (has ${buttons.map((b) => b.action).join(", ")})`);
          if (!state.dialogs.includes(pending)) return;
          const form = drawn?.querySelector("form") ?? dialogForm(config.content ?? "", buttons);
          if (form) fillForm(form, values);
          remove();
          const target = (form?.querySelector(`button[data-action="${action}"]`) ?? button) as HTMLButtonElement;
          const event = new Event("click");
          Promise.resolve(button.callback ? button.callback(event, target, pending) : button.action).then(resolve, reject);
        },
        dismiss() {
          if (!state.dialogs.includes(pending)) return;
          remove();
          if (config.rejectClose) reject(new Error("Dialog was dismissed without pressing a button."));
          else resolve(null);
        },
      };
      state.dialogs.push(pending);
      if (state.drawDialogs && typeof document !== "undefined") drawn = dialogWindow(config, buttons, pending);
      state.onDialog?.(pending);
    });
  }

  /** DialogV2.prompt: one OK button. */
  static async prompt(config: AnyObject & { ok?: Partial<DialogButton> } = {}): Promise<unknown> {
    const ok = { action: "ok", label: "Confirm", default: true, ...(config.ok ?? {}) };
    return DialogV2.wait({ ...config, buttons: [ok] }, "prompt");
  }

  /** DialogV2.confirm: Yes resolves true, No false. */
  static async confirm(config: AnyObject & { yes?: Partial<DialogButton>; no?: Partial<DialogButton> } = {}): Promise<unknown> {
    const yes = { action: "yes", label: "Yes", callback: () => true, ...(config.yes ?? {}) };
    const no = { action: "no", label: "No", default: true, callback: () => false, ...(config.no ?? {}) };
    return DialogV2.wait({ ...config, buttons: [yes, no] }, "confirm");
  }
}

/** The dialog's content and buttons as a form (when a DOM exists), so callbacks can read button.form. */
function dialogForm(content: string, buttons: DialogButton[]): HTMLFormElement | null {
  if (typeof document === "undefined") return null;
  const form = document.createElement("form");
  form.innerHTML = `<div class="dialog-content standard-form">${content}</div><footer class="form-footer">${buttons
    .map((b) => `<button type="submit" data-action="${Handlebars.escapeExpression(b.action)}"${b.default ? " autofocus" : ""}>${b.icon ? `<i class="${Handlebars.escapeExpression(b.icon)}"></i> ` : ""}<span>${Handlebars.escapeExpression(localize(b.label ?? b.action))}</span></button>`)
    .join("")}</footer>`;
  return form;
}

/** A test's answer fills the named fields before the button is pressed. */
function fillForm(form: HTMLFormElement, values: Record<string, string | boolean>): void {
  for (const [name, value] of Object.entries(values)) {
    const el = form.querySelector(`[name="${name}"]`) as HTMLInputElement | null;
    if (!el) throw new Error(`Dialog content has no field named "${name}"`);
    if (el.type === "checkbox") el.checked = Boolean(value);
    else el.value = String(value);
  }
}

let dialogCount = 0;
/**
 * The dialog as v13 draws it: a framed <dialog> (title, close control) whose form holds the content
 * and one submit button per choice, on the screen of the client that opened it (`data-client-user`).
 * A button answers the queued dialog; the close control or Escape dismisses it.
 */
function dialogWindow(config: AnyObject, buttons: DialogButton[], pending: PendingDialog): HTMLElement {
  const frame = document.createElement("dialog");
  frame.id = `dialog-${++dialogCount}`;
  frame.className = ["application", "dialog", ...((config.classes as string[] | undefined) ?? [])].join(" ");
  frame.open = true;
  const user = (state.game as { user?: { id?: string } }).user;
  if (user?.id) frame.dataset.clientUser = user.id;
  const window = (config.window ?? {}) as { title?: string; icon?: string };
  frame.innerHTML = `<header class="window-header">
      <i class="window-icon ${window.icon ? Handlebars.escapeExpression(window.icon) : "hidden"}"></i>
      <h1 class="window-title"></h1>
      <button type="button" class="header-control icon fa-solid fa-xmark" data-action="close" aria-label="${Handlebars.escapeExpression(localize("APPLICATION.TOOLS.Close"))}"></button>
    </header>`;
  (frame.querySelector(".window-title") as HTMLElement).textContent = localize(window.title ?? "");
  const form = dialogForm(String(config.content ?? ""), buttons) as HTMLFormElement;
  form.className = "window-content";
  frame.append(form);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.dataset.action ?? buttons.find((b) => b.default)?.action ?? buttons[0]?.action;
    if (action) pending.answer(action);
  });
  frame.addEventListener("click", (event) => {
    if ((event.target as HTMLElement).closest?.("[data-action='close']")) pending.dismiss();
  });
  frame.addEventListener("cancel", (event) => {
    event.preventDefault();
    pending.dismiss();
  });
  document.body.append(frame);
  return frame;
}

export const applications = {
  api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
  sheets: { ActorSheetV2, ItemSheetV2 },
  apps: { DocumentSheetConfig, FilePicker },
  ux: { FormDataExtended },
  handlebars: { getTemplate, loadTemplates, renderTemplate },
};
