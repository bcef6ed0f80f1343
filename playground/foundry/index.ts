/**
 * The Fray test harness: one stand-in for the Foundry v13 globals Fray uses, for vitest in Node and
 * for the browser bundle. Browser-safe (no node: imports); the disk loader is in node.ts.
 *
 *   const harness = installFoundry({ systemJson, lang, fetchText });
 *   await import("../../src/foundry/fray.js");   // registers its hooks
 *   await harness.boot();                        // init → i18nInit → setup → ready
 */
import Handlebars from "handlebars";
import { applications, registerHandlebarsHelpers } from "./applications.js";
import { DataModel, DataModelValidationError, DataModelValidationFailure, TypeDataModel, fields } from "./data.js";
import { Actor, ChatMessage, ClientDocument, Collection, Combat, Combatant, CONST, hostileUpdate, Item, reloadDocument, User, Users, WorldCollection, fromUuid, fromUuidSync } from "./documents.js";
import { ClientKeybindings, ClientSettings, KeyboardManager, Localization, Notifications, type NotificationRecord, type SettingConfig } from "./game.js";
import { Hooks } from "./hooks.js";
import { installCombat } from "./combat.js";
import { CORE_STATUS_NAMES, installEffects } from "./effects.js";
import { CORE_ENGLISH } from "./core-lang.js";
import { installScenes } from "./scene.js";
import { dice } from "./dice.js";
import { installChat } from "./chat.js";
import { state, type CreateDialogRecord, type DocumentConfig, type PendingDialog } from "./state.js";
import { utils, type AnyObject } from "./utils.js";
import { installUiHarness } from "./ui.js";
import { installJournal } from "./journal.js";

export { Actor, ChatMessage, Combat, Combatant, Item, User, Users, WorldCollection, Collection, Hooks, DataModel, TypeDataModel, fields, CONST, utils, applications, fromUuid, fromUuidSync };
export type { CreateDialogRecord, PendingDialog, NotificationRecord, SettingConfig };
export { installPack, JournalEntry, JournalEntryPage, CompendiumCollection } from "./journal.js";
export { chatMessageMenu, shownEntries, type ChatMenuEntry } from "./chat.js";

export type Role = keyof typeof CONST.USER_ROLES;

export interface InstallOptions {
  /** The parsed system.json. */
  systemJson: AnyObject;
  /** The parsed lang/en.json (loaded into game.i18n before "i18nInit", as Foundry does). */
  lang?: AnyObject;
  /** Reads a served file such as "systems/fray/templates/x.hbs" as text. */
  fetchText: (path: string) => Promise<string>;
  /** The user the client logs in as (default: a Gamemaster). */
  user?: { name?: string; role?: Role };
  worldId?: string;
  /** Stored world settings by "namespace.key", as the server hands them to a client that loads the world (a world that plays drama: { "fray.ruleset": "drama" }). */
  worldSettings?: Record<string, unknown>;
}

/** game, typed as the harness implements it (the global is typed by fvtt-types). */
export interface HarnessGame {
  system: AnyObject & { id: string; version: string };
  world: { id: string };
  documentTypes: Record<string, string[]>;
  i18n: Localization;
  settings: ClientSettings;
  users: Users;
  user: User | null;
  userId: string | null;
  ready: boolean;
  actors: WorldCollection<Actor>;
  items: WorldCollection<Item>;
  messages: WorldCollection<ChatMessage>;
  combats: WorldCollection<Combat>;
  readonly combat: Combat | null;
}

/** CONFIG, typed as the harness implements it. */
export type HarnessConfig = Record<"Actor" | "Item" | "ChatMessage" | "Combat" | "Combatant" | "User", DocumentConfig> & {
  queries: Record<string, (data: never, options: { timeout?: number }) => unknown>;
  ui: AnyObject;
  statusEffects: AnyObject[];
  Dice: AnyObject;
};

export interface FoundryHarness {
  /** The same objects as the globals game and CONFIG, with the harness's types. */
  readonly game: HarnessGame;
  readonly CONFIG: HarnessConfig;
  /** Foundry's start-up: "init", load translations, "i18nInit", users and collections, "setup", game.ready, "ready". */
  boot(): Promise<void>;
  createUser(data: { name: string; role?: Role; _id?: string; character?: string | null }): User;
  /** Harness only: the user's client stays connected but runs no hook and answers no query (or runs again). */
  freezeClient(user: User, frozen?: boolean): void;
  /** Make another user the current one (game.user / game.userId). */
  switchUser(user: User | string): User;
  /** Await every background render and action handler; throws the first error any of them raised. */
  flush(): Promise<void>;
  /** A hostile client's raw update, as v13's server stores it (permissions checked, the system's model not): documents.ts, hostileUpdate. */
  hostileUpdate(document: ClientDocument, changes: AnyObject): Promise<{ applied: boolean; error?: unknown }>;
  /** The next world load of a document, from what the server stored (null when it fails to load): documents.ts, reloadDocument. */
  reloadDocument(document: ClientDocument): ClientDocument | null;
  /**
   * Back to a fresh world after boot: no documents, setting values at default, no notifications,
   * dialogs or open applications, the first user current. Registrations (hooks, CONFIG, settings,
   * sheets) stay.
   */
  reset(): void;
  readonly notifications: NotificationRecord[];
  /** What each Document.createDialog call would have offered. */
  readonly createDialogs: CreateDialogRecord[];
  /** DialogV2 prompts waiting for an answer. */
  readonly dialogs: PendingDialog[];
  /** Answer dialogs as they open. */
  onDialog(listener: ((dialog: PendingDialog) => void) | undefined): void;
  /** Draw each DialogV2 as a window too, answered by its buttons (the playground); tests answer the queue. */
  drawDialogs(on: boolean): void;
  /** Hook names called so far, in order. */
  readonly hooksCalled: string[];
}

const DOCUMENT_NAMES = ["Actor", "Item", "ChatMessage", "Combat", "Combatant", "User"] as const;

function documentConfig(documentClass: unknown): DocumentConfig {
  return { documentClass, dataModels: {}, typeLabels: {}, trackableAttributes: {}, sheetClasses: {} };
}

export function installFoundry(options: InstallOptions): FoundryHarness {
  const { systemJson, lang = {}, fetchText, worldId = "fray-test-world" } = options;
  Hooks.reset();
  for (const name of Object.keys(Handlebars.partials)) Handlebars.unregisterPartial(name);
  registerHandlebarsHelpers(Handlebars);

  const CONFIG: AnyObject = {
    Actor: documentConfig(Actor),
    Item: documentConfig(Item),
    ChatMessage: documentConfig(ChatMessage),
    Combat: documentConfig(Combat),
    Combatant: documentConfig(Combatant),
    User: documentConfig(User),
    queries: {},
    ui: {},
    statusEffects: [],
    Dice: { rolls: [], terms: {}, dice: [], randomUniform: Math.random },
  };

  const declared = (systemJson.documentTypes ?? {}) as Record<string, Record<string, unknown>>;
  const documentTypes: Record<string, string[]> = {};
  for (const name of DOCUMENT_NAMES) documentTypes[name] = [CONST.BASE_DOCUMENT_TYPE, ...Object.keys(declared[name] ?? {})];
  // Foundry labels each system sub-type with the key TYPES.<DocumentName>.<subtype>.
  for (const [name, types] of Object.entries(declared)) {
    const config = CONFIG[name] as DocumentConfig | undefined;
    if (config) for (const type of Object.keys(types)) config.typeLabels[type] = `TYPES.${name}.${type}`;
  }

  const i18n = new Localization();
  const settings = new ClientSettings(options.worldSettings);
  // v13 registers its own settings before "init" (client/config.mjs, Game#registerSettings); the chat roll mode is the one Fray reads.
  settings.register("core", "rollMode", { name: "CHAT.RollVisibility", scope: "client", config: true, type: String, default: "publicroll", choices: { publicroll: "", gmroll: "", blindroll: "", selfroll: "" } });
  // v13 declares ui.notifications empty (client/ui.mjs) and makes it in Game#initializeUI, after "setup": boot does the same.
  const notifications = new Notifications();
  const ui: { notifications?: Notifications } = {};
  const users = new Users("User");
  const game: AnyObject = {
    system: { ...systemJson, id: systemJson.id, version: systemJson.version },
    world: { id: worldId, title: worldId, system: systemJson.id },
    documentTypes,
    i18n,
    settings,
    users,
    keybindings: new ClientKeybindings(),
    keyboard: new KeyboardManager(),
    ready: false,
    paused: false,
    /** v13 GameTime#serverTime: the server's clock, which every client keeps in step with; here, this machine's. */
    time: { get serverTime(): number { return Date.now(); } },
    /** v13 ClipboardHelper#copyPlainText; the harness keeps the last text copied, and a page puts it on the system clipboard too where the browser lets it. */
    clipboard: {
      text: "",
      async copyPlainText(text: string): Promise<void> {
        (this as { text: string }).text = text;
        // A page without the clipboard permission (a test's headless browser, happy-dom) refuses: the kept text is what it copied.
        await globalThis.navigator?.clipboard?.writeText(text).catch(() => undefined);
      },
    },
  };
  // game.user is the user of the client whose code runs now (state.clientContext), else the one switched to.
  let baseUser: User | null = null;
  Object.defineProperty(game, "user", {
    get: () => (state.clientContext.current() as User | undefined) ?? baseUser,
    set: (user: User | null) => {
      baseUser = user;
    },
    enumerable: true,
  });
  Object.defineProperty(game, "userId", {
    get: () => (game.user as User | null)?.id ?? pendingFirstUserId,
    set: (id: string | null) => {
      pendingFirstUserId = id;
    },
    enumerable: true,
  });
  let pendingFirstUserId: string | null = null;
  Object.defineProperty(game, "combat", {
    get: () => (game.combats as Collection<Combat> | undefined)?.find((c) => (c as unknown as { active: boolean }).active) ?? null,
    enumerable: false,
  });

  state.CONFIG = CONFIG as typeof state.CONFIG;
  state.game = game;
  state.fetchText = fetchText;
  state.createDialogs.length = 0;
  state.dialogs.length = 0;
  state.onDialog = undefined;
  state.renders.clear();
  state.renderErrors.length = 0;

  const foundry = {
    utils: { ...utils, Collection },
    // foundry.abstract.Document is every document's base (common/abstract/document.mjs); the harness's is ClientDocument.
    abstract: { DataModel, TypeDataModel, Document: ClientDocument },
    data: { fields, validation: { DataModelValidationFailure, DataModelValidationError } },
    documents: { Actor, Item, ChatMessage, Combat, Combatant, User, collections: { WorldCollection } },
    applications,
    CONST,
    dice,
  };
  const scenes = installScenes({ CONFIG, game, foundry, systemJson });
  installChat();

  // The globals Fray uses. fvtt-types declares them with Foundry's full types; the harness
  // implements the documented subset, so they are assigned untyped, here and only here.
  Object.assign(globalThis as unknown as Record<string, unknown>, {
    foundry,
    game,
    CONFIG,
    CONST,
    Hooks,
    ui,
    Handlebars,
    Actor,
    Item,
    ChatMessage,
    Combat,
    Combatant,
    User,
    fromUuid,
    fromUuidSync,
    ...scenes.globals,
    Roll: dice.Roll,
  });
  installUiHarness(CONFIG, game, globalThis as unknown as AnyObject);
  installJournal(CONFIG, game, (applications.ux as AnyObject).TextEditor as AnyObject, globalThis as unknown as AnyObject);

  installCombat(CONFIG, foundry);
  installEffects(CONFIG, foundry);

  const pendingUsers: User[] = [];
  const makeUser = (data: { name: string; role?: Role; _id?: string; character?: string | null }): User => {
    const role = CONST.USER_ROLES[data.role ?? "PLAYER"];
    const user = new User({ _id: data._id ?? utils.randomID(), name: data.name, role, character: data.character ?? null });
    users.set(user.id, user);
    pendingUsers.push(user);
    return user;
  };
  const firstUser = makeUser({ name: options.user?.name ?? "Gamemaster", role: options.user?.role ?? "GAMEMASTER" });
  game.userId = firstUser.id;

  const switchUser = (user: User | string): User => {
    const u = typeof user === "string" ? (users.get(user) ?? users.getName(user)) : user;
    if (!u) throw new Error(`No user ${String(user)}`);
    game.user = u;
    return u;
  };

  const collections = () => {
    game.actors = new WorldCollection<Actor>("Actor");
    game.items = new WorldCollection<Item>("Item");
    game.messages = new WorldCollection<ChatMessage>("ChatMessage");
    game.combats = new WorldCollection<Combat>("Combat");
    scenes.collections();
  };

  return {
    game: game as unknown as HarnessGame,
    CONFIG: CONFIG as unknown as HarnessConfig,
    async boot() {
      Hooks.callAll("init");
      // Game#initialize (client/game.mjs) awaits Localization#initialize after "init", which fetches the
      // language files: work "init" started (a chunk's import()) goes on meanwhile, before any translation.
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Foundry loads its own lang/en.json with the system's (client/helpers/localization.mjs, #getTranslations): core keys such as EFFECT.* resolve too.
      i18n.load({ ...CORE_STATUS_NAMES, ...CORE_ENGLISH, ...lang });
      Hooks.callAll("i18nInit");
      collections();
      switchUser(game.userId as string);
      Hooks.callAll("setup");
      // Game#setupGame → Game#initializeUI: the singleton applications, ui.notifications among them, exist from here.
      ui.notifications = notifications;
      game.ready = true;
      Hooks.callAll("ready");
    },
    createUser: makeUser,
    switchUser,
    hostileUpdate,
    reloadDocument,
    freezeClient(user: User, frozen = true) {
      if (frozen) state.frozenClients.add(user.id);
      else state.frozenClients.delete(user.id);
    },
    async flush() {
      while (state.renders.size) await Promise.all([...state.renders]);
      const errors = state.renderErrors.splice(0);
      if (errors.length) throw errors[0];
    },
    reset() {
      // A test that installs its own game (unhex-fixtures) may have no keyboard yet.
      (game.keyboard as KeyboardManager | undefined)?.downKeys.clear();
      for (const name of ["actors", "items", "messages", "combats"]) {
        const c = game[name] as Collection<ClientDocument> | undefined;
        for (const doc of c?.contents ?? []) for (const app of Object.values(doc.apps)) void app.close();
        c?.clear();
      }
      if (typeof document !== "undefined") for (const el of document.body.querySelectorAll(".application")) el.remove();
      scenes.reset();
      settings.clear();
      notifications.messages.length = 0;
      state.createDialogs.length = 0;
      state.dialogs.length = 0;
      state.onDialog = undefined;
      state.renderErrors.length = 0;
      for (const u of [...users.keys()]) if (u !== firstUser.id) users.delete(u);
      state.frozenClients.clear();
      (game.clipboard as { text: string }).text = "";
      if (game.ready) switchUser(firstUser);
    },
    get notifications() {
      return notifications.messages;
    },
    get createDialogs() {
      return state.createDialogs;
    },
    get dialogs() {
      return state.dialogs;
    },
    onDialog(listener) {
      state.onDialog = listener;
    },
    drawDialogs(on) {
      state.drawDialogs = on;
    },
    get hooksCalled() {
      return Hooks.called;
    },
  };
}
