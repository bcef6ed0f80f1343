import { templatePath } from "../../system.js";
import type { RulesetDocuments } from "../types.js";
import { DramaAdvantageModel, DramaArmourModel, DramaWeaponModel } from "./items.js";
import { DramaCharacterModel, DramaNpcModel } from "./models.js";

/** One tab would not fit a 720 px window: the sheet adds this one after Character. */
const TABS = [{ id: "skills", icon: "fa-solid fa-list-check" }];

const trackable = { bar: ["grit", "flesh"], value: ["penaltyDice", "dramaPoints"] };

/** Drama's document types, registered in every world (see RulesetDocuments). */
export const dramaDocuments: RulesetDocuments = {
  id: "drama",
  tracks: ["system.grit.value", "system.flesh.value", "system.wounds", "system.penaltyDice", "system.dramaPoints", "system.roundsOut", "system.disadvantage", "system.disadvantageRound"],
  actors: {
    dramaCharacter: { model: DramaCharacterModel, kind: "character", template: templatePath("actor/drama.hbs"), tabs: TABS, bars: ["grit", "flesh"], trackable },
    dramaNpc: { model: DramaNpcModel, kind: "npc", template: templatePath("actor/drama.hbs"), tabs: TABS, bars: ["grit", "flesh"], trackable },
  },
  items: {
    dramaWeapon: { model: DramaWeaponModel, template: templatePath("item/drama-weapon.hbs") },
    dramaArmour: { model: DramaArmourModel, template: templatePath("item/drama-armour.hbs") },
    dramaAdvantage: { model: DramaAdvantageModel, template: templatePath("item/drama-advantage.hbs") },
  },
};
