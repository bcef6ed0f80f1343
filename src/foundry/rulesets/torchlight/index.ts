import { CHARACTERISTICS } from "../../../core/tracks/breath.js";
import { STANCES } from "../../../rules/torchlight/tables.js";
import { dieChoices, labelledChoices } from "../../sheets/choices.js";
import { templatePath } from "../../system.js";
import type { FoundryRuleset } from "../types.js";
import { TorchlightCharacterModel, TorchlightNpcModel } from "./models.js";

const sheetContext = (actor: Actor.Implementation) => {
  const system = actor.system instanceof TorchlightCharacterModel || actor.system instanceof TorchlightNpcModel ? actor.system : undefined;
  return {
    stances: labelledChoices(STANCES, "FRAY.Torchlight.Stance"),
    weaponDice: dieChoices([4, 6, 8, 10, 12]),
    characteristics: CHARACTERISTICS.map((key) => ({ key, label: `FRAY.Torchlight.Characteristic.${key}`, ...system?.characteristics[key], st: system?.savingThrows[key] })),
    isNpc: actor.type === "torchlightNpc",
  };
};
const trackable = { bar: ["breath"], value: CHARACTERISTICS.map((key) => `characteristics.${key}.dc`) };

export const torchlightFoundry: FoundryRuleset = {
  id: "torchlight",
  actors: {
    torchlightCharacter: { model: TorchlightCharacterModel, kind: "character", template: templatePath("actor/torchlight.hbs"), context: sheetContext, bars: ["breath"], trackable },
    torchlightNpc: { model: TorchlightNpcModel, kind: "npc", template: templatePath("actor/torchlight.hbs"), context: sheetContext, bars: ["breath"], trackable },
  },
  items: {},
};
