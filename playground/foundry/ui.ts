/** What Fray's sheets and dialogs use beyond the documents: drag and drop, tokens and targets, macros. */
import { applications } from "./applications.js";
import { installDragDrop } from "./drag-drop.js";
import { installMacros } from "./macros.js";
import { installTokens } from "./tokens.js";
import type { AnyObject } from "./utils.js";

export { TextEditor } from "./drag-drop.js";
export { Macro, dropOnHotbar, hotbarOf } from "./macros.js";
export { HarnessToken, placeToken, clearTokens } from "./tokens.js";

export function installUiHarness(CONFIG: AnyObject, game: AnyObject, globals: AnyObject): void {
  installDragDrop(applications.ux as AnyObject);
  installTokens();
  installMacros(CONFIG, game, globals);
}
