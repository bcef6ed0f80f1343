import { SHIELD_SIZES, WEAPON_CLASSES } from "../../../rules/drama/tables.js";
import { labelledChoices } from "../../sheets/choices.js";
import { templatePath } from "../../system.js";
import type { FoundryRuleset } from "../types.js";
import { DramaCharacterModel, DramaNpcModel } from "./models.js";

const sheetContext = (actor: Actor.Implementation) => ({
  weaponClasses: labelledChoices(WEAPON_CLASSES, "FRAY.Drama.WeaponClass"),
  shields: labelledChoices(SHIELD_SIZES, "FRAY.Drama.Shield"),
  isNpc: actor.type === "dramaNpc",
});
const trackable = { bar: ["grit", "flesh"], value: ["penaltyDice", "dramaPoints"] };

export const dramaFoundry: FoundryRuleset = {
  id: "drama",
  actors: {
    dramaCharacter: { model: DramaCharacterModel, kind: "character", template: templatePath("actor/drama.hbs"), context: sheetContext, bars: ["grit", "flesh"], trackable },
    dramaNpc: { model: DramaNpcModel, kind: "npc", template: templatePath("actor/drama.hbs"), context: sheetContext, bars: ["grit", "flesh"], trackable },
  },
  items: {},
};
