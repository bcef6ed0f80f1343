import { templatePath } from "../../system.js";
import type { FoundryRuleset } from "../types.js";
import { PersonalCharacterModel, PersonalNpcModel } from "./models.js";

const sheetContext = (actor: Actor.Implementation) => ({ isNpc: actor.type === "personalNpc" });
const trackable = { bar: ["resolve"], value: ["defense", "initiativeRank"] };

export const personalFoundry: FoundryRuleset = {
  id: "personal",
  actors: {
    personalCharacter: { model: PersonalCharacterModel, kind: "character", template: templatePath("actor/personal.hbs"), context: sheetContext, bars: ["resolve"], trackable },
    personalNpc: { model: PersonalNpcModel, kind: "npc", template: templatePath("actor/personal.hbs"), context: sheetContext, bars: ["resolve"], trackable },
  },
  items: {},
};
