/**
 * game.settings (ClientSettings), game.i18n (Localization) and ui.notifications, after Foundry v13.
 */
import { DataField } from "./data.js";
import { Hooks } from "./hooks.js";
import { state } from "./state.js";
import { deepClone, getProperty, getType, isPlainObject, type AnyObject } from "./utils.js";

export interface SettingConfig {
  key: string;
  namespace: string;
  name?: string;
  hint?: string;
  scope?: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  choices?: Record<string, string>;
  default?: unknown;
  requiresReload?: boolean;
  onChange?: (value: unknown, options: AnyObject, userId: string) => void;
  [key: string]: unknown;
}

export class ClientSettings {
  /** Registered settings by "namespace.key" (Foundry's ClientSettings#settings). */
  settings = new Map<string, SettingConfig>();
  #values = new Map<string, unknown>();
  /** What the server holds for the world when the page loads (Foundry reads game.data.settings). */
  readonly #stored: ReadonlyMap<string, unknown>;

  constructor(stored: Record<string, unknown> = {}) {
    this.#stored = new Map(Object.entries(stored));
    this.clear();
  }

  register(namespace: string, key: string, data: Omit<SettingConfig, "key" | "namespace">): void {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the setting");
    const id = `${namespace}.${key}`;
    const config: SettingConfig = { scope: "client", config: false, requiresReload: false, ...data, key, namespace };
    if (config.type instanceof DataField && config.default === undefined) config.default = config.type.getInitialValue({});
    this.settings.set(id, config);
  }

  /** Registered menus by "namespace.key" (Foundry's ClientSettings#menus), shown as buttons in the settings list. */
  menus = new Map<string, AnyObject & { key: string; namespace: string }>();

  registerMenu(namespace: string, key: string, data: AnyObject): void {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the menu");
    this.menus.set(`${namespace}.${key}`, { ...data, key, namespace });
  }

  #config(namespace: string, key: string): SettingConfig {
    const config = this.settings.get(`${namespace}.${key}`);
    if (!config) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    return config;
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const config = this.#config(namespace, key);
    return deepClone(this.#values.has(id) ? this.#values.get(id) : config.default);
  }

  /**
   * Set a value: cleaned and validated against the setting's type (a DataField, or Number/String/
   * Boolean/Object/Array) and choices; world settings need a GM. Calls onChange(value, options, userId).
   */
  async set(namespace: string, key: string, value: unknown, options: AnyObject = {}): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.#config(namespace, key);
    const user = state.game.user as { id: string; isGM: boolean; name: string } | undefined;
    if (config.scope === "world" && !user?.isGM) throw new Error(`User ${user?.name ?? "(none)"} lacks permission to modify the world setting ${id}`);
    const cleaned = cleanSetting(id, config, value);
    // A stored setting set to the value it has is a no-op update: no onChange.
    if (this.#values.has(id) && JSON.stringify(this.#values.get(id)) === JSON.stringify(cleaned)) return cleaned;
    this.#values.set(id, deepClone(cleaned));
    config.onChange?.(deepClone(cleaned), options, user?.id ?? "");
    Hooks.callAll("updateSetting", { key: id, value: cleaned }, {}, options, user?.id);
    return cleaned;
  }

  /** Harness: forget stored values. */
  /** Back to the values the world was loaded with. */
  clear(): void {
    this.#values.clear();
    for (const [id, value] of this.#stored) this.#values.set(id, deepClone(value));
  }
}

function cleanSetting(id: string, config: SettingConfig, value: unknown): unknown {
  const type = config.type;
  if (type instanceof DataField) {
    const cleaned = type.clean(value, {});
    const failure = type.validate(cleaned, {});
    if (failure) throw new Error(`Invalid value for setting ${id}: ${failure.lines(id).join("; ")}`);
    value = cleaned;
  } else if (type === Number) {
    value = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`Invalid value for setting ${id}: must be a number`);
  } else if (type === String) {
    if (typeof value !== "string") throw new Error(`Invalid value for setting ${id}: must be a string`);
  } else if (type === Boolean) {
    if (typeof value !== "boolean") throw new Error(`Invalid value for setting ${id}: must be a boolean`);
  } else if (type === Object) {
    if (!isPlainObject(value)) throw new Error(`Invalid value for setting ${id}: must be an object`);
  } else if (type === Array) {
    if (getType(value) !== "Array") throw new Error(`Invalid value for setting ${id}: must be an array`);
  }
  if (config.choices && !(String(value) in config.choices)) throw new Error(`Invalid value for setting ${id}: ${String(value)} is not one of ${Object.keys(config.choices).join(", ")}`);
  return value;
}

export class Localization {
  lang = "en";
  translations: AnyObject = {};

  /** Harness: load a language file's object (Foundry merges every module's files for the language). */
  load(translations: AnyObject): void {
    this.translations = translations;
  }

  has(key: string, fallback = true): boolean {
    void fallback;
    return typeof getProperty(this.translations, key) === "string";
  }

  /** The translation, or the key itself when there is none. */
  localize(key: string): string {
    const value = getProperty(this.translations, key);
    return typeof value === "string" ? value : key;
  }

  /** Localize, then replace each {name} with data[name] (as Foundry does, a missing one becomes "undefined"). */
  format(key: string, data: AnyObject = {}): string {
    const str = this.localize(key);
    return str.replace(/{[^}]+}/g, (k) => String(data[k.slice(1, -1)]));
  }
}

export interface NotificationRecord {
  id: number;
  type: "info" | "warning" | "error" | "success";
  message: string;
  /** A progress notification's completion, 0 to 1 (Foundry's {progress: true}). */
  pct?: number;
}

export class Notifications {
  /** Every notification shown, in order (the harness's record). */
  messages: NotificationRecord[] = [];
  #id = 0;

  notify(message: unknown, type: NotificationRecord["type"] = "info", { localize = false, format, console: log = false, progress = false }: { localize?: boolean; format?: AnyObject; console?: boolean; progress?: boolean } = {}): NotificationRecord {
    let text = message instanceof Error ? message.message : String(message);
    const i18n = state.game.i18n as Localization | undefined;
    if (localize && i18n) text = format ? i18n.format(text, format) : i18n.localize(text);
    if (log) (type === "error" ? console.error : type === "warning" ? console.warn : console.info)(message);
    const record: NotificationRecord = { id: ++this.#id, type, message: text, ...(progress ? { pct: 0 } : {}) };
    this.messages.push(record);
    return record;
  }
  /** Move a progress notification on (Notifications#update): its percentage and, if given, its message. */
  update(notification: NotificationRecord | number, { pct, message }: { pct?: number; message?: string } = {}): void {
    const record = typeof notification === "number" ? this.messages.find((m) => m.id === notification) : notification;
    if (!record) return;
    if (pct !== undefined) record.pct = Math.min(Math.max(pct, 0), 1);
    if (message !== undefined) record.message = message;
  }
  info(message: unknown, options?: AnyObject): NotificationRecord {
    return this.notify(message, "info", options);
  }
  warn(message: unknown, options?: AnyObject): NotificationRecord {
    return this.notify(message, "warning", options);
  }
  error(message: unknown, options?: AnyObject): NotificationRecord {
    return this.notify(message, "error", options);
  }
  success(message: unknown, options?: AnyObject): NotificationRecord {
    return this.notify(message, "success", options);
  }
}

/**
 * game.keybindings (ClientKeybindings) and game.keyboard (KeyboardManager), as far as Fray reads
 * them: `register` (only at "init", as v13 checks), `get` (the bindings of an action: its
 * `editable` defaults here, no user rebinding), and the keys held now (`downKeys`), which a test
 * sets with `press`/`release`.
 */
export interface KeybindingAction {
  name: string;
  hint?: string;
  editable?: Array<{ key: string; modifiers?: string[] }>;
  [key: string]: unknown;
}

export class ClientKeybindings {
  actions = new Map<string, KeybindingAction>();

  register(namespace: string, action: string, data: KeybindingAction): void {
    if ((state.game as AnyObject | undefined)?.ready === true) throw new Error("You cannot register a Keybinding after the init hook");
    this.actions.set(`${namespace}.${action}`, { ...data });
  }

  get(namespace: string, action: string): Array<{ key: string; modifiers: string[] }> {
    const known = this.actions.get(`${namespace}.${action}`);
    if (!known) throw new Error(`${namespace}.${action} is not a registered keybinding action`);
    return (known.editable ?? []).map((binding) => ({ key: binding.key, modifiers: binding.modifiers ?? [] }));
  }
}

export class KeyboardManager {
  downKeys = new Set<string>();
  isModifierActive(modifier: string): boolean {
    return [`${modifier}Left`, `${modifier}Right`, modifier].some((key) => this.downKeys.has(key));
  }
  /** Harness: hold a key down (a KeyboardEvent code such as "ShiftLeft"), and let it go. */
  press(code: string): void {
    this.downKeys.add(code);
  }
  release(code: string): void {
    this.downKeys.delete(code);
  }
}
