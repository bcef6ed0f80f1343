import type { SheetAction, SheetExtension } from "../../../actor/sheet.js";
import { openAttackDialog } from "./attack-dialog.js";
import { openCheckDialog } from "./check-dialog.js";
import { cavaliersData, isAttack } from "./gear.js";
import { askRest } from "./rest.js";

/** Roll one of the actor's specialties: attacks open the attack dialog, the rest the difficulty picker. */
export async function rollSpecialty(actor: Actor.Implementation, itemId: string): Promise<unknown> {
  const item = actor.items.get(itemId);
  const action = (item?.system as { action?: unknown } | undefined)?.action;
  if (!item || typeof action !== "string") {
    ui.notifications?.warn(game.i18n!.localize("FRAY.Ui.NoSuchSpecialty"));
    return null;
  }
  return isAttack(action) ? openAttackDialog(actor, itemId) : openCheckDialog(actor, "skill", itemId);
}

const itemIdOf = (target: HTMLElement) => target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";

const ACTIONS: Record<string, SheetAction> = {
  rollSpecialty: (sheet, _event, target) => rollSpecialty(sheet.actor, itemIdOf(target)),
  attack: (sheet) => openAttackDialog(sheet.actor),
  rest: (sheet) => askRest(sheet.actor),
  survival: (sheet) => {
    if (!cavaliersData(sheet.actor)?.derived.dying) {
      ui.notifications?.warn(game.i18n!.localize("FRAY.Ui.NotDying"));
      return null;
    }
    return openCheckDialog(sheet.actor, "survival");
  },
};

export const CAVALIERS_SHEET_EXTENSION: SheetExtension = {
  actions: ACTIONS,
  itemTypes: ["cavaliersSpecialty", "cavaliersWeapon", "cavaliersArmour"],
  macroActions: ["rollSpecialty", "attack", "rest", "survival"],
  // A specialty rolls as its dice button does; a weapon opens the attack dialog.
  itemAction: (item) => (item.type === "cavaliersSpecialty" ? "rollSpecialty" : item.type === "cavaliersWeapon" ? "attack" : null),
};
