import { registerSheetExtension, type SheetAction } from "../../../actor/sheet.js";
import { postForCharacter, refOf } from "../cards/index.js";
import { PERSONAL_ITEM_TYPES } from "../items.js";
import { openAttackDialog } from "./attack-dialog.js";
import { askFallenFate } from "./fate-dialog.js";
import { actingToken } from "../../../sheets/targets.js";
import { openTurnPlanner } from "./turn-planner.js";

export { openAttackDialog } from "./attack-dialog.js";
export { openTurnPlanner } from "./turn-planner.js";

const itemIdOf = (target: HTMLElement) => target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";

const ACTIONS: Record<string, SheetAction> = {
  attack: (sheet) => openAttackDialog(sheet.actor),
  attackWith: (sheet, _event, target) => openAttackDialog(sheet.actor, itemIdOf(target)),
  rest: (sheet) => postForCharacter("rest", refOf(sheet.actor, actingToken(sheet.actor))),
  planTurn: (sheet) => openTurnPlanner(sheet.actor),
  fallenFate: (sheet) => askFallenFate(sheet.actor),
};

/** The Personal Combat sheet buttons, and the gear a sheet takes from a drop. */
export function registerPersonalUi(actorTypes: readonly string[]): void {
  for (const type of actorTypes) {
    registerSheetExtension(type, {
      actions: ACTIONS,
      itemTypes: [PERSONAL_ITEM_TYPES.weapon, PERSONAL_ITEM_TYPES.armour],
      macroActions: ["attack", "attackWith", "rest", "planTurn", "fallenFate"],
      directoryActions: { attack: "attack", recover: "rest" },
      itemAction: (item) => (item.type === PERSONAL_ITEM_TYPES.weapon ? "attackWith" : null),
    });
  }
}
