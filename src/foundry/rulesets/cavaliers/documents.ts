import { templatePath } from "../../system.js";
import type { RulesetDocuments } from "../types.js";
import { CavaliersArmourModel, CavaliersSpecialtyModel, CavaliersWeaponModel } from "./items.js";
import { CavaliersCharacterModel, CavaliersNpcModel } from "./models.js";

const trackable = { bar: ["yield", "wounds"], value: ["style", "initiativePoints"] };

/** The Cavaliers' document types, registered in every world (see RulesetDocuments). */
export const cavaliersDocuments: RulesetDocuments = {
  id: "cavaliers",
  tracks: ["system.yield.value", "system.wounds.value", "system.wounds.track", "system.advantage", "system.style", "system.initiativePoints"],
  actors: {
    cavaliersCharacter: { model: CavaliersCharacterModel, kind: "character", template: templatePath("actor/cavaliers.hbs"), bars: ["yield", "wounds"], trackable },
    cavaliersNpc: { model: CavaliersNpcModel, kind: "npc", template: templatePath("actor/cavaliers.hbs"), bars: ["yield", "wounds"], trackable },
  },
  items: {
    cavaliersSpecialty: { model: CavaliersSpecialtyModel, template: templatePath("item/cavaliers-specialty.hbs") },
    cavaliersWeapon: { model: CavaliersWeaponModel, template: templatePath("item/cavaliers-weapon.hbs") },
    cavaliersArmour: { model: CavaliersArmourModel, template: templatePath("item/cavaliers-armour.hbs") },
  },
};
