import { CavaliersSpecialtyModel } from "../items.js";
import { rollSpecialty } from "./sheet-actions.js";

/** The command a specialty macro runs: the system API rolls the item by its uuid. */
export function specialtyMacroCommand(itemUuid: string): string {
  return `game.fray.rollSpecialty(${JSON.stringify(itemUuid)});`;
}

/** What `game.fray.rollSpecialty` does: find the owned specialty and roll it as its sheet button does. */
export async function rollSpecialtyByUuid(itemUuid: string): Promise<unknown> {
  const item = fromUuidSync(itemUuid) as Item.Implementation | null;
  const actor = item?.actor ?? null;
  if (!item || !actor || !(item.system instanceof CavaliersSpecialtyModel)) {
    ui.notifications?.warn(game.i18n!.localize("FRAY.Ui.MacroLost"));
    return null;
  }
  if (!actor.isOwner) {
    ui.notifications?.warn(game.i18n!.format("FRAY.Ui.NotYours", { actor: actor.name }));
    return null;
  }
  return rollSpecialty(actor, item.id!);
}

/** A specialty dragged from a sheet to the hotbar becomes a script macro that rolls it (one per specialty). */
export async function createSpecialtyMacro(item: Item.Implementation, slot: number | undefined): Promise<Macro.Implementation | null> {
  const command = specialtyMacroCommand(item.uuid);
  const name = `${item.actor?.name ?? ""}: ${item.name}`;
  let macro = game.macros?.find((m) => m.command === command && m.isOwner) ?? null;
  macro ??= (await Macro.implementation.create({ name, type: "script", img: item.img ?? null, command })) ?? null;
  if (!macro) return null;
  await game.user?.assignHotbarMacro(macro, slot);
  return macro;
}

/** Hotbar drops of an owned cavaliers specialty make its macro; anything else is left to Foundry. */
export function onHotbarDrop(_bar: unknown, data: { type?: string; uuid?: string }, slot: number | undefined): false | void {
  if (data.type !== "Item" || !data.uuid) return;
  const item = fromUuidSync(data.uuid) as Item.Implementation | null;
  if (!item?.actor || !(item.system instanceof CavaliersSpecialtyModel)) return;
  void createSpecialtyMacro(item, slot);
  return false;
}
