/**
 * A minimal Macro document (name, type script/chat, img, command, author; the author owns it, as
 * BaseMacro#getUserLevel; any Player may create one authored by herself, a script one only with the
 * MACRO_SCRIPT permission, as BaseMacro's #canCreate and #canUpdate), game.macros,
 * User#assignHotbarMacro (slot 1–50, the first free one by default) and dropOnHotbar, which does
 * what Hotbar#_onDrop does first: call "hotbarDrop" and stop if a handler returns false, and
 * Macro#execute for a script macro. Foundry's own fallback (a macro that opens the dropped
 * document's sheet) is not modelled.
 */
import { NumberField, ObjectField, StringField, type DataField } from "./data.js";
import { ClientDocument, CONST, sanitizeAuthor, User, WorldCollection } from "./documents.js";
import { Hooks } from "./hooks.js";
import { state } from "./state.js";
import type { AnyObject } from "./utils.js";

export class Macro extends ClientDocument {
  static override documentName = "Macro";
  static override collectionName = "macros";
  static override hasTypeData = false;
  declare command: string;
  /** The author's User, as v13's DocumentAuthorField initializes it (the source keeps the id). */
  declare author: User | null;
  declare img: string;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      name: new StringField({ required: true, blank: false }),
      type: new StringField({ required: true, blank: false, initial: "chat", choices: ["chat", "script"] }),
      // DocumentAuthorField: gmOnly, with the server's sanitizer (a player's new macro is hers).
      author: new StringField({ nullable: true, initial: () => (state.game.user as User | null)?.id ?? null, gmOnly: true, sanitize: sanitizeAuthor }),
      img: new StringField({ required: true, nullable: false, initial: "icons/svg/dice-target.svg" }),
      scope: new StringField({ required: true, initial: "global", choices: ["global"] }),
      command: new StringField({ required: true, blank: true, initial: "" }),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new ObjectField({ initial: () => ({ default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE }) }),
      flags: new ObjectField(),
    };
  }

  protected override _initialize(options: AnyObject = {}): void {
    super._initialize(options);
    const author = this._source.author;
    this.author = typeof author === "string" ? ((state.game.users as Map<string, User> | undefined)?.get(author) ?? null) : null;
  }

  /** BaseMacro#_preCreate: the macro is the creating user's, whoever it named. */
  protected override async _preCreate(data: AnyObject, options: AnyObject, user: User): Promise<boolean | void> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    this.updateSource({ author: user.id });
  }

  /** Macro#canUserExecute (client/documents/macro.mjs): whoever may see it may run it. */
  get canExecute(): boolean {
    return this.testUserPermission(state.game.user as User, "LIMITED");
  }

  /**
   * Macro#execute and #executeScript (client/documents/macro.mjs): a script macro's command runs as
   * the body of an async function of (speaker, actor, token, character, scope); one the user may not
   * run warns instead. A chat macro (a chat message of its text) is not modelled.
   */
  async execute(scope: AnyObject = {}): Promise<unknown> {
    const notifications = (globalThis as unknown as { ui: { notifications: { warn(m: string): void } } }).ui.notifications;
    if (!this.canExecute) {
      notifications.warn(`You do not have permission to execute Macro "${this.name}".`);
      return undefined;
    }
    if (this._source.type !== "script") return undefined;
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;
    const character = (state.game.user as AnyObject | null)?.character ?? null;
    return new AsyncFunction("speaker", "actor", "token", "character", "scope", `{${this.command}\n}`).call(this, scope.speaker ?? {}, scope.actor ?? null, scope.token ?? null, character, scope);
  }

  override getUserLevel(user: User | null = (state.game.user as User | null) ?? null): number {
    if (user && user.id === this._source.author) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return super.getUserLevel(user);
  }

  /**
   * BaseMacro's permissions (common/documents/macro.mjs, #canCreate and #canUpdate): any Player
   * may make a macro authored by herself, a script one only with MACRO_SCRIPT; without it she may
   * neither make one script nor change a script's command. Its author (or a GM) updates and
   * deletes it, whatever its command.
   */
  override canUserModify(user: User, action: "create" | "update" | "delete", data: AnyObject = {}): boolean {
    const scripts = user.hasPermission("MACRO_SCRIPT");
    if (action === "create") {
      if (!user.isGM && this._source.author !== user.id) return false;
      if (this._source.type === "script" && !scripts) return false;
      return user.hasRole("PLAYER");
    }
    if (action === "update" && !scripts) {
      if (data.type === "script" || data["==type"] === "script") return false;
      if (this._source.type === "script" && "command" in data) return false;
    }
    return this.testUserPermission(user, "OWNER");
  }
}

/** Foundry's User#hotbar: slot number → macro id. */
const HOTBARS = new WeakMap<User, Record<string, string>>();

export function hotbarOf(user: User): Record<string, string> {
  let bar = HOTBARS.get(user);
  if (!bar) HOTBARS.set(user, (bar = {}));
  return bar;
}

/** What Hotbar#_onDrop does before its own handling: the "hotbarDrop" hook may take the drop. */
export function dropOnHotbar(data: AnyObject, slot?: number): boolean {
  return Hooks.call("hotbarDrop", (globalThis as unknown as { ui: AnyObject }).ui.hotbar ?? null, data, slot);
}

export function installMacros(CONFIG: AnyObject, game: AnyObject, globals: AnyObject): void {
  CONFIG.Macro = { documentClass: Macro, dataModels: {}, typeLabels: {}, trackableAttributes: {}, sheetClasses: {} };
  globals.Macro = Macro;
  game.macros = new WorldCollection<Macro>("Macro");
  Object.defineProperty(User.prototype, "hotbar", {
    configurable: true,
    get(this: User) {
      return hotbarOf(this);
    },
  });
  (User.prototype as unknown as AnyObject).assignHotbarMacro = async function (this: User, macro: Macro | null, slot?: number | string): Promise<User> {
    const bar = hotbarOf(this);
    let n = slot === undefined ? undefined : Number(slot);
    if (n === undefined) {
      for (let i = 1; i <= 50 && n === undefined; i++) if (!bar[i]) n = i;
      if (n === undefined) throw new Error("No empty hotbar slot");
    }
    if (!Number.isInteger(n) || n < 1 || n > 50) throw new Error("Invalid Hotbar slot requested");
    if (macro) bar[n] = macro.id as string;
    else delete bar[n];
    // In v13 the hotbar is a field of the User, updated on the server: its "updateUser" redraws the bar.
    Hooks.callAll("updateUser", this, { hotbar: { ...bar } }, {}, this.id);
    return this;
  };
}
