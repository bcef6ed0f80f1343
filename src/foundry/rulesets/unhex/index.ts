import { WEAPON_KINDS, WEAPON_REACH } from "../../../rules/unhex/tables.js";
import { registerSheetExtension } from "../../actor/sheet.js";
import { labelledChoices } from "../../sheets/choices.js";
import { templatePath } from "../../system.js";
import type { FoundryRuleset } from "../types.js";
import { postUnhexAttack, postUnhexDoor, postUnhexMove, postUnhexRoll, registerUnhexCards } from "./cards/index.js";
import { unhexCombatRules } from "./combat/index.js";
import { registerUnhexMovement } from "./movement.js";
import { GEAR_KINDS, LOCATION_KEYS, UnhexArmourModel, UnhexCharacterModel, UnhexGearModel, UnhexNpcModel, UnhexShieldModel, UnhexWeaponModel } from "./models.js";
import { registerConditionKeeping } from "./ui/conditions.js";
import { UNHEX_SHEET_EXTENSION, unhexSheetContext } from "./ui/sheet.js";

const trackable = { bar: ["level"], value: [] as string[] };

/** How far a weapon kind reaches, in the players' words. */
function reachText(kind: string): string {
  const reach = (WEAPON_REACH as Record<string, { min: number; max: number | null }>)[kind];
  if (!reach) return "";
  return reach.max === null ? game.i18n!.format("FRAY.Unhex.ReachFrom", { min: String(reach.min) }) : game.i18n!.format("FRAY.Unhex.ReachTo", { min: String(reach.min), max: String(reach.max) });
}

export const unhexFoundry: FoundryRuleset = {
  id: "unhex",
  actors: {
    unhexCharacter: { model: UnhexCharacterModel, kind: "character", template: templatePath("actor/unhex.hbs"), context: unhexSheetContext, bars: ["level"], trackable },
    unhexNpc: { model: UnhexNpcModel, kind: "npc", template: templatePath("actor/unhex.hbs"), context: unhexSheetContext, bars: ["level"], trackable },
  },
  items: {
    unhexWeapon: {
      model: UnhexWeaponModel,
      template: templatePath("item/unhex-weapon.hbs"),
      context: (item) => {
        const kind = String((item.system as { kind?: unknown }).kind ?? "melee");
        return {
          weaponKinds: labelledChoices(WEAPON_KINDS, "FRAY.Unhex.Weapon"),
          handChoices: { "1": game.i18n!.localize("FRAY.Unhex.OneHand"), "2": game.i18n!.localize("FRAY.Unhex.TwoHands") },
          ranged: kind !== "melee",
          reachText: reachText(kind),
        };
      },
    },
    unhexShield: { model: UnhexShieldModel, template: templatePath("item/unhex-shield.hbs"), context: () => ({}) },
    unhexArmour: { model: UnhexArmourModel, template: templatePath("item/unhex-armour.hbs"), context: () => ({ locations: labelledChoices(LOCATION_KEYS, "FRAY.Unhex.Location") }) },
    unhexGear: { model: UnhexGearModel, template: templatePath("item/unhex-gear.hbs"), context: () => ({ gearKinds: labelledChoices(GEAR_KINDS, "FRAY.Unhex.GearKind") }) },
  },
  combat: unhexCombatRules,
  init() {
    registerUnhexCards();
    for (const type of Object.keys(unhexFoundry.actors)) registerSheetExtension(type, UNHEX_SHEET_EXTENSION);
    registerConditionKeeping();
    registerUnhexMovement();
    // For macros and the browser tests, which reach the system only through globals.
    const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
    fray.unhex = { postAttack: postUnhexAttack, postRoll: postUnhexRoll, postDoor: postUnhexDoor, postMove: postUnhexMove };
  },
};
