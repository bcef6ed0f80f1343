import { templatePath } from "../../system.js";
import type { RulesetDocuments } from "../types.js";
import { PersonalActionModel, PersonalArmourModel, PersonalBandModel, PersonalFateModel, PersonalWeaponModel } from "./items.js";
import { PersonalCharacterModel, PersonalNpcModel } from "./models.js";

const trackable = { bar: ["resolve"], value: ["defense", "initiativeRank"] };

/** Personal's document types, registered in every world (see RulesetDocuments). */
export const personalDocuments: RulesetDocuments = {
  id: "personal",
  tracks: ["system.resolve.value", "system.wounded", "system.fates", "system.fatesIgnored"],
  actors: {
    personalCharacter: { model: PersonalCharacterModel, kind: "character", template: templatePath("actor/personal.hbs"), bars: ["resolve"], trackable },
    personalNpc: { model: PersonalNpcModel, kind: "npc", template: templatePath("actor/personal.hbs"), bars: ["resolve"], trackable },
  },
  items: {
    personalWeapon: { model: PersonalWeaponModel, template: templatePath("item/personal-weapon.hbs") },
    personalArmour: { model: PersonalArmourModel, template: templatePath("item/personal-armour.hbs") },
    personalBand: { model: PersonalBandModel, template: templatePath("item/personal-list.hbs") },
    personalAction: { model: PersonalActionModel, template: templatePath("item/personal-list.hbs") },
    personalFate: { model: PersonalFateModel, template: templatePath("item/personal-list.hbs") },
  },
};
