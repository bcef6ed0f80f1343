/**
 * Sheet actions and items on the hotbar, in every ruleset: a sheet button dragged to the hotbar
 * becomes a macro calling `game.fray.rollAction`, an owned item one calling `game.fray.useItem`.
 * Each runs the very action the sheet's button runs, through the ruleset's own sheet extension
 * (its `macroActions` and `itemAction`), once the ruleset's chunk is here.
 */
import { ACTION_DRAG_TYPE, type ActionDragData, type FrayActorSheet, sheetExtensionOf } from "../actor/sheet.js";
import { documentsOfType } from "../rulesets/registry.js";
import { loadRuleset } from "../rulesets/loading.js";
import { SYSTEM_ID } from "../system.js";

const format = (key: string, data: Record<string, string> = {}) => game.i18n!.format(key, data);

function warn(message: string): null {
  ui.notifications?.warn(message);
  return null;
}

/** An actor from a uuid (a token's actor too) or the actor itself. */
function actorOf(actor: Actor.Implementation | string): Actor.Implementation | null {
  if (typeof actor !== "string") return actor;
  const found = fromUuidSync(actor) as Actor.Implementation | null;
  return found instanceof Actor ? found : null;
}

/** Waits for the chunk of the ruleset a document type belongs to, so its sheet actions are registered. */
async function rulesetArrivedFor(type: string): Promise<void> {
  const documents = documentsOfType(type);
  if (documents) await loadRuleset(documents.id);
}

/**
 * Takes a sheet action as its button does, for the actor's owner: `data` stands for the button's
 * data attributes (an item's id, a characteristic...). Only the actions the ruleset lists for the
 * hotbar are taken; anything else is refused with a message and changes nothing.
 */
export async function rollAction(actorRef: Actor.Implementation | string, action: string, data: Record<string, string> = {}): Promise<unknown> {
  const actor = actorOf(actorRef);
  if (!actor) return warn(format("FRAY.Api.NoActor", { uuid: String(actorRef) }));
  if (!actor.isOwner) return warn(format("FRAY.Ui.NotYours", { actor: actor.name }));
  await rulesetArrivedFor(actor.type);
  const extension = sheetExtensionOf(actor.type);
  const allowed = extension?.macroActions ?? [];
  const handler = allowed.includes(action) ? extension?.actions?.[action] : undefined;
  if (!handler) return warn(format("FRAY.Api.NoAction", { actor: actor.name, action: String(action).slice(0, 40), choices: allowed.join(", ") }));
  // The action reads its data as the button gave it, through `closest(...)` on the button itself.
  const button = document.createElement("button");
  for (const [key, value] of Object.entries(data)) if (typeof value === "string") button.dataset[key] = value;
  button.dataset.action = action;
  // The actions read the sheet's actor and whether it may be edited, and nothing else of it.
  const sheet = { actor, isEditable: actor.isOwner } as unknown as FrayActorSheet;
  return handler(sheet, new MouseEvent("click") as PointerEvent, button);
}

/** The sheet action an owned item rolls, or null (armour, gear: nothing to roll). */
async function itemActionOf(item: Item.Implementation): Promise<string | null> {
  if (!item.actor) return null;
  await rulesetArrivedFor(item.actor.type);
  return sheetExtensionOf(item.actor.type)?.itemAction?.(item) ?? null;
}

/** Rolls an owned item as its sheet's button does; an item with nothing to roll opens its sheet instead. */
export async function useItem(itemRef: Item.Implementation | string): Promise<unknown> {
  const item = typeof itemRef === "string" ? (fromUuidSync(itemRef) as Item.Implementation | null) : itemRef;
  if (!(item instanceof Item) || !item.actor) return warn(game.i18n!.localize("FRAY.Ui.MacroLost"));
  if (!item.actor.isOwner) return warn(format("FRAY.Ui.NotYours", { actor: item.actor.name }));
  const action = await itemActionOf(item);
  if (!action) {
    await item.sheet?.render(true);
    return null;
  }
  return rollAction(item.actor, action, { itemId: item.id ?? "" });
}

/** The flag Fray sets on the macros it makes for the hotbar. */
const HOTBAR_FLAG = "hotbar";

/**
 * The macro a drop puts on the dropping user's bar: one she authored and Fray made for the same
 * command, else a new one authored by her. Anyone may make a macro with any command, and a GM owns
 * every macro: reusing an owned one would put a player's macro (whose command she may change
 * later) on a GM's bar, to run with his rights.
 */
async function macroFor(name: string, img: string | null, command: string, slot: number | string | undefined): Promise<Macro.Implementation | null> {
  const user = game.user!;
  if (!user.can("MACRO_SCRIPT")) return warn(game.i18n!.localize("FRAY.Api.NoScriptMacros"));
  // fvtt-types knows no flag scope of a system's: its name and key are given untyped.
  const made = (m: Macro.Implementation) => m._source.author === user.id && m.command === command && m.getFlag(SYSTEM_ID as never, HOTBAR_FLAG as never) === true;
  let macro = game.macros?.find(made) ?? null;
  // A flag path built from the system id: outside fvtt-types' typed creation data.
  macro ??= (await Macro.implementation.create({ name, type: "script", img, command, flags: { [SYSTEM_ID]: { [HOTBAR_FLAG]: true } } } as never)) ?? null;
  if (macro) await user.assignHotbarMacro(macro, slot === undefined ? undefined : Number(slot));
  return macro;
}

export function actionMacroCommand(actorUuid: string, action: string, data: Record<string, string>): string {
  return `game.fray.rollAction(${JSON.stringify(actorUuid)}, ${JSON.stringify(action)}, ${JSON.stringify(data)});`;
}

export function itemMacroCommand(itemUuid: string): string {
  return `game.fray.useItem(${JSON.stringify(itemUuid)});`;
}

function isActionDrag(data: Record<string, unknown>): data is ActionDragData & Record<string, unknown> {
  return data.type === ACTION_DRAG_TYPE && typeof data.actorUuid === "string" && typeof data.action === "string";
}

/**
 * The "hotbarDrop" hook: a sheet action's drag makes its macro; an owned item whose ruleset gives
 * it a roll makes its own. Anything else (a world item, armour) is left to Foundry.
 */
export function onHotbarDrop(_bar: unknown, drop: object, slot: number | string | undefined): false | void {
  const data = drop as Record<string, unknown>;
  if (isActionDrag(data)) {
    const actor = actorOf(data.actorUuid);
    if (!actor) return false;
    const given = typeof data.data === "object" && data.data !== null ? (data.data as Record<string, unknown>) : {};
    const strings = Object.fromEntries(Object.entries(given).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const label = typeof data.label === "string" && data.label ? data.label : data.action;
    void macroFor(`${actor.name}: ${label}`, actor.img ?? null, actionMacroCommand(actor.uuid, data.action, strings), slot);
    return false;
  }
  if (data.type !== "Item" || typeof data.uuid !== "string") return;
  const item = fromUuidSync(data.uuid) as Item.Implementation | null;
  if (!(item instanceof Item) || !item.actor) return;
  // Known before the drop returns (the hook is synchronous): Foundry goes on with its own macro unless it says false.
  if (!sheetExtensionOf(item.actor.type)?.itemAction?.(item)) return;
  void macroFor(`${item.actor.name}: ${item.name}`, item.img ?? null, itemMacroCommand(item.uuid), slot);
  return false;
}
