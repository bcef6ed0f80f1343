import { registerSheetExtension } from "../../../actor/sheet.js";
import { areaLookup } from "../../../areas/index.js";
import { postAttack, postCheck } from "../cards/index.js";
import { setAreaLookup } from "./area-lookup.js";
import { setRollFlow } from "./roll-flow.js";
import { CAVALIERS_SHEET_EXTENSION } from "./sheet-actions.js";

export { setRollFlow, type RollFlow } from "./roll-flow.js";
export { setAreaLookup, type AreaLookup, type AreaReading } from "./area-lookup.js";

/** Cavaliers sheet buttons and dialogs (their hotbar macros: sheet-actions.ts); called from the init hook. */
export function registerCavaliersUi(actorTypes: readonly string[]): void {
  for (const type of actorTypes) registerSheetExtension(type, CAVALIERS_SHEET_EXTENSION);
  // The dialogs hand their requests to the chat-card roll flow and read range and cover from the scene's Areas.
  setRollFlow({ postAttack, postCheck });
  setAreaLookup(areaLookup);
}
