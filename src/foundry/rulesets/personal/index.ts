import { personalRules } from "../../../rules/personal/index.js";
import type { FoundryRuleset } from "../types.js";
import { postAttack, postForCharacter, registerPersonalCards } from "./cards/index.js";
import { personalCombatRules } from "./combat/index.js";
import { personalDocuments } from "./documents.js";
import { personalSheetContext } from "./ui/sheet-context.js";
import { registerPersonalUi } from "./ui/index.js";
import { fateItemContext } from "./ui/item-context.js";

const none = () => ({});

export const personalFoundry: FoundryRuleset = {
  id: "personal",
  documents: personalDocuments,
  rules: personalRules,
  actorContexts: { personalCharacter: personalSheetContext, personalNpc: personalSheetContext },
  itemContexts: { personalWeapon: none, personalArmour: none, personalBand: none, personalAction: none, personalFate: fateItemContext },
  combat: personalCombatRules,
  init() {
    registerPersonalCards();
    // For macros and the browser tests, which reach the system only through globals.
    const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
    fray.personal = { postAttack, postForCharacter };
    registerPersonalUi(Object.keys(personalDocuments.actors));
  },
};
