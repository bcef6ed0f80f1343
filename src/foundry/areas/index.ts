import { SYSTEM_ID } from "../system.js";
import { AREA_BEHAVIOR_TYPE } from "./constants.js";
import { AreaBehaviorModel } from "./model.js";
import { registerMoveChecks } from "./moves.js";
import { onTokenEnter, onTokenExit } from "./tracking.js";
import { AreaBehaviorConfig } from "./sheet.js";

export { AREA_BEHAVIOR_TYPE } from "./constants.js";
export { AreaBehaviorModel } from "./model.js";
export { addMoveGuard, movesIdle, onAreaMove, type AreaMove, type MoveGuard, type MoveListener } from "./moves.js";
export { rulingOptions } from "./placing.js";
export { sceneAreaMap, type SceneArea, type SceneAreaMap } from "./scene-map.js";
export { areaAt, areaContext, areaLookup, checkMove, placeTokens, standingToken, tokenArea, usableMap, type AreaContext, type AreaRef, type Placed, type TokenLike, type TokenPlace } from "./service.js";

/** Areas for every ruleset: the `area` Region Behavior, its label and icon, and its config sheet. */
export function registerAreas(): void {
  const config = CONFIG.RegionBehavior;
  config.dataModels[AREA_BEHAVIOR_TYPE] = AreaBehaviorModel;
  AreaBehaviorModel.events = { tokenEnter: onTokenEnter, tokenExit: onTokenExit };
  // Sub-type labels are looked up here before TYPES.RegionBehavior.<type>, which the lang file keeps for others.
  config.typeLabels = Object.assign(config.typeLabels ?? { base: "" }, { [AREA_BEHAVIOR_TYPE]: "FRAY.Area.TypeLabel" });
  config.typeIcons[AREA_BEHAVIOR_TYPE] = "fa-solid fa-draw-polygon";
  foundry.applications.apps.DocumentSheetConfig.registerSheet(foundry.documents.RegionBehavior, SYSTEM_ID, AreaBehaviorConfig, {
    types: [AREA_BEHAVIOR_TYPE],
    makeDefault: true,
    label: "FRAY.Area.Sheet",
  });
  registerMoveChecks();
}
