import { CHARACTERISTICS } from "../../../core/tracks/breath.js";
import { templatePath } from "../../system.js";
import type { RulesetDocuments } from "../types.js";
import { TorchlightGearModel, TorchlightWeaponModel } from "./items.js";
import { TorchlightCharacterModel, TorchlightNpcModel } from "./models.js";

/** One tab would not fit a 720 px window: the sheet adds this one after Character. */
const TABS = [{ id: "characteristics", icon: "fa-solid fa-dice-d20" }];

const trackable = { bar: ["breath"], value: CHARACTERISTICS.map((key) => `characteristics.${key}.dc`) };

/** Beyond the Torchlight's document types, registered in every world (see RulesetDocuments). */
export const torchlightDocuments: RulesetDocuments = {
  id: "torchlight",
  tracks: ["system.breath.value", "system.encounter", "system.dying", "system.stabilized", "system.incapacitated"],
  actors: {
    torchlightCharacter: { model: TorchlightCharacterModel, kind: "character", template: templatePath("actor/torchlight.hbs"), tabs: TABS, bars: ["breath"], trackable },
    torchlightNpc: { model: TorchlightNpcModel, kind: "npc", template: templatePath("actor/torchlight.hbs"), tabs: TABS, bars: ["breath"], trackable },
  },
  items: {
    torchlightWeapon: { model: TorchlightWeaponModel, template: templatePath("item/torchlight-weapon.hbs") },
    torchlightGear: { model: TorchlightGearModel, template: templatePath("item/torchlight-gear.hbs") },
  },
};
