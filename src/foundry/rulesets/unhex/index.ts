import { unhexRules } from "../../../rules/unhex/index.js";
import { WEAPON_KINDS, WEAPON_REACH } from "../../../rules/unhex/tables.js";
import { registerSheetExtension } from "../../actor/sheet.js";
import { labelledChoices } from "../../sheets/choices.js";
import type { FoundryRuleset } from "../types.js";
import { postUnhexAttack, postUnhexDoor, postUnhexRoll, registerUnhexCards } from "./cards/index.js";
import { unhexCombatRules } from "./combat/index.js";
import { registerUnhexMovement } from "./movement.js";
import { unhexDocuments } from "./documents.js";
import { GEAR_KINDS, LOCATION_KEYS } from "./models.js";
import { registerConditionKeeping } from "./ui/conditions.js";
import { registerDoorRedraw } from "./ui/door-redraw.js";
import { UNHEX_SHEET_EXTENSION, unhexSheetContext } from "./ui/sheet.js";

/** How far a weapon kind reaches, in the players' words. */
function reachText(kind: string): string {
  const reach = (WEAPON_REACH as Record<string, { min: number; max: number | null }>)[kind];
  if (!reach) return "";
  return reach.max === null ? game.i18n!.format("FRAY.Unhex.ReachFrom", { min: String(reach.min) }) : game.i18n!.format("FRAY.Unhex.ReachTo", { min: String(reach.min), max: String(reach.max) });
}

export const unhexFoundry: FoundryRuleset = {
  id: "unhex",
  documents: unhexDocuments,
  rules: unhexRules,
  actorContexts: { unhexCharacter: unhexSheetContext, unhexNpc: unhexSheetContext },
  itemContexts: {
    unhexWeapon: (item) => {
      const kind = String((item.system as { kind?: unknown }).kind ?? "melee");
      return {
        weaponKinds: labelledChoices(WEAPON_KINDS, "FRAY.Unhex.Weapon"),
        handChoices: { "1": game.i18n!.localize("FRAY.Unhex.OneHand"), "2": game.i18n!.localize("FRAY.Unhex.TwoHands") },
        ranged: kind !== "melee",
        reachText: reachText(kind),
      };
    },
    unhexShield: () => ({}),
    unhexArmour: () => ({ locations: labelledChoices(LOCATION_KEYS, "FRAY.Unhex.Location") }),
    unhexGear: () => ({ gearKinds: labelledChoices(GEAR_KINDS, "FRAY.Unhex.GearKind") }),
  },
  combat: unhexCombatRules,
  init() {
    registerUnhexCards();
    for (const type of Object.keys(unhexDocuments.actors)) registerSheetExtension(type, UNHEX_SHEET_EXTENSION);
    registerConditionKeeping();
    registerDoorRedraw();
    registerUnhexMovement();
    // For macros and the browser tests, which reach the system only through globals.
    const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
    fray.unhex = { postAttack: postUnhexAttack, postRoll: postUnhexRoll, postDoor: postUnhexDoor };
  },
};
