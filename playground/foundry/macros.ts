/**
 * A minimal Macro document (name, type script/chat, img, command, author; the author owns it, as
 * BaseMacro#getUserLevel; any Player may create one, as BaseMacro.canUserCreate), game.macros,
 * User#assignHotbarMacro (slot 1–50, the first free one by default) and dropOnHotbar, which does
 * what Hotbar#_onDrop does first: call "hotbarDrop" and stop if a handler returns false. Foundry's
 * own fallback (a macro that opens the dropped document's sheet) is not modelled.
 */
import { NumberField, ObjectField, StringField, type DataField } from "./data.js";
import { ClientDocument, CONST, User, WorldCollection } from "./documents.js";
import { Hooks } from "./hooks.js";
import { state } from "./state.js";
import type { AnyObject } from "./utils.js";

export class Macro extends ClientDocument {
  static override documentName = "Macro";
  static override collectionName = "macros";
  static override hasTypeData = false;
  declare command: string;
  declare author: string | null;
  declare img: string;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      name: new StringField({ required: true, blank: false }),
      type: new StringField({ required: true, blank: false, initial: "chat", choices: ["chat", "script"] }),
      author: new StringField({ nullable: true, initial: () => (state.game.user as User | null)?.id ?? null }),
      img: new StringField({ required: true, nullable: false, initial: "icons/svg/dice-target.svg" }),
      scope: new StringField({ required: true, initial: "global", choices: ["global"] }),
      command: new StringField({ required: true, blank: true, initial: "" }),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new ObjectField({ initial: () => ({ default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE }) }),
      flags: new ObjectField(),
    };
  }

  override getUserLevel(user: User | null = (state.game.user as User | null) ?? null): number {
    if (user && user.id === this.author) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return super.getUserLevel(user);
  }

  protected override _canUserCreate(user: User): boolean {
    return user.hasRole("PLAYER");
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
    return this;
  };
}
