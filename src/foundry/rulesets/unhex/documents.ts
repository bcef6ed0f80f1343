import { templatePath } from "../../system.js";
import type { RulesetDocuments } from "../types.js";
import { UnhexArmourModel, UnhexCharacterModel, UnhexGearModel, UnhexNpcModel, UnhexShieldModel, UnhexWeaponModel } from "./models.js";

const trackable = { bar: ["level"], value: [] as string[] };

/** Unhex's document types, registered in every world (see RulesetDocuments). */
export const unhexDocuments: RulesetDocuments = {
  id: "unhex",
  tracks: ["system.level.value", "system.wounds"],
  actors: {
    unhexCharacter: { model: UnhexCharacterModel, kind: "character", template: templatePath("actor/unhex.hbs"), bars: ["level"], trackable },
    unhexNpc: { model: UnhexNpcModel, kind: "npc", template: templatePath("actor/unhex.hbs"), bars: ["level"], trackable },
  },
  items: {
    unhexWeapon: { model: UnhexWeaponModel, template: templatePath("item/unhex-weapon.hbs") },
    unhexShield: { model: UnhexShieldModel, template: templatePath("item/unhex-shield.hbs") },
    unhexArmour: { model: UnhexArmourModel, template: templatePath("item/unhex-armour.hbs") },
    unhexGear: { model: UnhexGearModel, template: templatePath("item/unhex-gear.hbs") },
  },
};
