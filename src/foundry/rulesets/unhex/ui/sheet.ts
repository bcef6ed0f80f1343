/**
 * The Unhex sheet: level, what the character is good at, the wound boxes of each hit location as
 * boxes a click fills or clears (a full location shows its effect), the items in and out of her
 * hands, and the buttons that open cards: Attack the targeted token, a check, an opposed roll
 * against the target, use or manage items, and the doors beside her.
 */
import { conditionsOf } from "../../../../rules/unhex/character.js";
import { HIT_LOCATIONS, LOCATION_EFFECTS, type WeaponKind } from "../../../../rules/unhex/tables.js";
import type { SheetAction, SheetExtension } from "../../../actor/sheet.js";
import { sceneAreaMap, tokenArea } from "../../../areas/index.js";
import { statusIdFor, statusLabel } from "../../../statuses/index.js";
import { handsOf, holdableItems, isPc, wieldRefusal, woundsOf } from "../actors.js";
import { postUnhexDoor } from "../cards/index.js";
import { GOOD_AT, LOCATION_KEYS, UNHEX_ITEM_TYPES, unhexActor, UnhexArmourModel, UnhexGearModel, UnhexShieldModel, UnhexWeaponModel } from "../models.js";
import { openUnhexAttackDialog } from "./attack-dialog.js";
import { openUnhexItemsDialog } from "./items-dialog.js";
import { askUnhexRoll } from "./roll-dialog.js";
import { unhexOptions } from "../options.js";
import { activeToken } from "./active-token.js";

const i18n = () => game.i18n!;

/** A condition word of the rules as the sheet names it (its token status's name). */
function conditionLabel(word: string): string {
  const id = statusIdFor(word);
  return id ? statusLabel(id) : word;
}

function locations(actor: Actor.Implementation) {
  const boxesPerRow = unhexOptions().boxesPerRow;
  const wounds = woundsOf(actor);
  return HIT_LOCATIONS.locations.map((location, index) => {
    const key = LOCATION_KEYS[index]!;
    const capacity = location.rows * boxesPerRow;
    const marked = Math.min(wounds[location.id] ?? 0, capacity);
    const digits = location.digits.length > 1 ? `${Math.min(...location.digits)}–${Math.max(...location.digits)}` : String(location.digits[0]);
    return {
      key,
      label: `FRAY.Unhex.Location.${key}`,
      digits,
      marked,
      capacity,
      full: marked >= capacity,
      effect: i18n().localize(`FRAY.Unhex.Effect.${LOCATION_EFFECTS[location.id]}`),
      boxLabel: i18n().localize(`FRAY.Unhex.Location.${key}`),
      boxes: Array.from({ length: capacity }, (_, box) => ({ index: box, number: box + 1, marked: box < marked })),
    };
  });
}

function itemsOf(actor: Actor.Implementation) {
  return actor.items.contents
    .filter((item) => (UNHEX_ITEM_TYPES as readonly string[]).includes(item.type))
    .map((item) => {
      const system = item.system;
      const base = { id: item.id, name: item.name, img: item.img, type: item.type, holdable: false, held: false, destroyed: false, detail: "" };
      if (system instanceof UnhexWeaponModel) {
        const hands = handsOf(item) ?? 1;
        // In hand but not wieldable: a full arm holds nothing, and the sheet says so where the weapon is.
        const cannot = system.held ? wieldRefusal(actor, { id: item.id ?? "", name: item.name, kind: system.kind as WeaponKind, hands }) : null;
        const detail = `${i18n().localize(`FRAY.Unhex.Weapon.${system.kind}`)} · ${i18n().format("FRAY.Unhex.Ui.Hands", { n: String(hands) })}`;
        return { ...base, holdable: true, held: system.held, detail: cannot ? `${detail} · ${cannot}` : detail };
      }
      if (system instanceof UnhexShieldModel) return { ...base, holdable: true, held: system.held, detail: i18n().localize("TYPES.Item.unhexShield") };
      if (system instanceof UnhexArmourModel) return { ...base, destroyed: system.destroyed, detail: `${i18n().localize("TYPES.Item.unhexArmour")} · ${i18n().localize(`FRAY.Unhex.Location.${system.location}`)}` };
      if (system instanceof UnhexGearModel) return { ...base, holdable: true, held: system.held, detail: i18n().localize(`FRAY.Unhex.GearKind.${system.kind}`) };
      return base;
    });
}

/** Hands in use: a two-handed weapon takes both. */
function handsUsed(actor: Actor.Implementation): number {
  return holdableItems(actor).reduce((sum, item) => sum + (item.held ? item.hands : 0), 0);
}

/** The doors on the lines out of the Area the actor's token stands in. */
function doorsOf(actor: Actor.Implementation): Array<{ between: string; open: boolean; label: string }> {
  const token = activeToken(actor);
  const scene = token?.parent;
  const area = token ? tokenArea(token) : null;
  // Read quietly: a door card's Apply sets the line's two sides one after the other, and the sheet
  // redrawn in between (door-redraw.ts) must not tell the GM the Areas disagree; it shows no door then.
  const read = scene && area ? sceneAreaMap(scene) : null;
  const usable = read && !read.problems.length ? read : null;
  if (!usable || !area) return [];
  const name = (id: string) => usable.areas.find((a) => a.id === id)?.name ?? id;
  return usable.map.connections
    .filter((line) => line.kind === "door" && (line.from === area || line.to === area))
    .map((line) => {
      const other = line.from === area ? line.to : line.from;
      return { between: `${area},${other}`, open: line.open === true, label: i18n().format(line.open ? "FRAY.Unhex.Ui.ShutDoor" : "FRAY.Unhex.Ui.OpenDoor", { area: name(other) }) };
    });
}

export function unhexSheetContext(actor: Actor.Implementation): Record<string, unknown> {
  if (!unhexActor(actor)) return {};
  const good = actor.system.good as Record<string, unknown>;
  const character = { name: actor.name, level: actor.system.level.value, maxLevel: actor.system.level.max, pc: isPc(actor), wounds: woundsOf(actor) };
  return {
    isNpc: !isPc(actor),
    locations: locations(actor),
    good: GOOD_AT.map((key) => ({ key, label: i18n().localize(`FRAY.Unhex.FIELDS.good.${key}.label`), checked: good[key] === true })),
    conditions: conditionsOf(character, unhexOptions()).map(conditionLabel),
    items: itemsOf(actor),
    handsText: i18n().format("FRAY.Unhex.Ui.HandsUsed", { n: String(handsUsed(actor)) }),
    doors: doorsOf(actor),
  };
}

/** A click on box `n` of a location marks every box up to it; on the last marked box, clears it. */
export function boxesAfterClick(marked: number, box: number): number {
  return box + 1 === marked ? box : box + 1;
}

const ACTIONS: Record<string, SheetAction> = {
  unhexAttack: (sheet) => openUnhexAttackDialog(sheet.actor),
  unhexCheck: (sheet) => askUnhexRoll(sheet.actor, false),
  unhexOpposed: (sheet) => askUnhexRoll(sheet.actor, true),
  unhexItems: (sheet) => openUnhexItemsDialog(sheet.actor),
  markBox: async (sheet, _event, target) => {
    const key = target.dataset.location ?? "";
    const box = Number(target.dataset.box);
    const index = LOCATION_KEYS.indexOf(key);
    if (index < 0 || !Number.isInteger(box) || !sheet.isEditable) return;
    const id = HIT_LOCATIONS.locations[index]!.id;
    const marked = boxesAfterClick(woundsOf(sheet.actor)[id] ?? 0, box);
    await sheet.actor.update({ [`system.wounds.${key}`]: marked } as Actor.UpdateData);
  },
  unhexDoor: async (sheet, _event, target) => {
    const token = activeToken(sheet.actor);
    const [a, b] = (target.dataset.between ?? "").split(",");
    if (!token || !a || !b) return;
    await postUnhexDoor(sheet.actor.uuid, token.uuid, [a, b], target.dataset.open === "true");
  },
};

export const UNHEX_SHEET_EXTENSION: SheetExtension = {
  actions: ACTIONS,
  itemTypes: UNHEX_ITEM_TYPES,
  macroActions: ["unhexAttack", "unhexCheck", "unhexOpposed"],
  directoryActions: { attack: "unhexAttack" },
  itemAction: (item) => ((item.type as string) === "unhexWeapon" ? "unhexAttack" : null),
};
