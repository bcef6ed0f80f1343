import type { SheetAction, SheetExtension } from "../../../actor/sheet.js";
import { openAttackDialog } from "./attack-dialog.js";
import { openCheckDialog } from "./check-dialog.js";
import { toggledSkills } from "../competence.js";
import { cavaliersData, isAttack } from "./gear.js";
import { askRest } from "./rest.js";

/** A Dying character takes no action: her rolls are refused with a word (the sheet hides their buttons). */
function refusedWhileDying(actor: Actor.Implementation): boolean {
  if (!cavaliersData(actor)?.derived.dying) return false;
  ui.notifications?.warn(game.i18n!.format("FRAY.Ui.DyingNoAction", { actor: actor.name }));
  return true;
}

/** Roll one of the actor's specialties: attacks open the attack dialog, the rest the difficulty picker. */
export async function rollSpecialty(actor: Actor.Implementation, itemId: string): Promise<unknown> {
  if (refusedWhileDying(actor)) return null;
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
  attack: (sheet) => (refusedWhileDying(sheet.actor) ? null : openAttackDialog(sheet.actor)),
  toggleCompetence: (sheet, _event, target) => {
    const data = cavaliersData(sheet.actor);
    const skill = target.dataset.skill ?? "";
    if (!data || !skill) return null;
    // A dotted path built at run time is outside fvtt-types' typed update data.
    return sheet.actor.update({ "system.competentSkills": toggledSkills(data, skill) } as never);
  },
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
  directoryActions: { attack: "attack", recover: "rest" },
  // A specialty rolls as its dice button does; a weapon opens the attack dialog.
  itemAction: (item) => (item.type === "cavaliersSpecialty" ? "rollSpecialty" : item.type === "cavaliersWeapon" ? "attack" : null),
};
