import { templatePath } from "../../system.js";
import type { FoundryRuleset } from "../types.js";
import { postAttack, postForCharacter, registerPersonalCards } from "./cards/index.js";
import { personalCombatRules } from "./combat/index.js";
import { PersonalActionModel, PersonalArmourModel, PersonalBandModel, PersonalFateModel, PersonalWeaponModel } from "./items.js";
import { PersonalCharacterModel, PersonalNpcModel } from "./models.js";
import { personalSheetContext } from "./ui/sheet-context.js";
import { registerPersonalUi } from "./ui/index.js";
import { fateItemContext } from "./ui/item-context.js";

const trackable = { bar: ["resolve"], value: ["defense", "initiativeRank"] };
const none = () => ({});

export const personalFoundry: FoundryRuleset = {
  id: "personal",
  actors: {
    personalCharacter: { model: PersonalCharacterModel, kind: "character", template: templatePath("actor/personal.hbs"), context: personalSheetContext, bars: ["resolve"], trackable },
    personalNpc: { model: PersonalNpcModel, kind: "npc", template: templatePath("actor/personal.hbs"), context: personalSheetContext, bars: ["resolve"], trackable },
  },
  items: {
    personalWeapon: { model: PersonalWeaponModel, template: templatePath("item/personal-weapon.hbs"), context: none },
    personalArmour: { model: PersonalArmourModel, template: templatePath("item/personal-armour.hbs"), context: none },
    personalBand: { model: PersonalBandModel, template: templatePath("item/personal-list.hbs"), context: none },
    personalAction: { model: PersonalActionModel, template: templatePath("item/personal-list.hbs"), context: none },
    personalFate: { model: PersonalFateModel, template: templatePath("item/personal-list.hbs"), context: fateItemContext },
  },
  combat: personalCombatRules,
  init() {
    registerPersonalCards();
    // For macros and the browser tests, which reach the system only through globals.
    const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
    fray.personal = { postAttack, postForCharacter };
    registerPersonalUi(Object.keys(personalFoundry.actors));
  },
};
