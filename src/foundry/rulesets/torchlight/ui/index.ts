import { registerSheetExtension } from "../../../actor/sheet.js";
import * as post from "../cards/post.js";
import { openTorchlightAct } from "./act-dialog.js";
import { openTorchlightAttack } from "./attack-dialog.js";
import { registerGridRequests } from "../combat/grid-requests.js";
import { openCombatGrid, registerGridRefresh } from "./grid-app.js";
import { TORCHLIGHT_SHEET_EXTENSION } from "./sheet-actions.js";

/** Torchlight sheet buttons, dialogs and the Combat Grid; called from the init hook. */
export function registerTorchlightUi(actorTypes: readonly string[]): void {
  for (const type of actorTypes) registerSheetExtension(type, TORCHLIGHT_SHEET_EXTENSION);
  registerGridRequests();
  registerGridRefresh();
  // For macros and the browser tests, which reach the system only through globals.
  const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
  fray.torchlight = { ...post, openTorchlightAttack, openTorchlightAct, openCombatGrid };
}
