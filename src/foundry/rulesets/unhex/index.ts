import { HIT_LOCATIONS, WEAPON_KINDS } from "../../../rules/unhex/tables.js";
import { labelledChoices } from "../../sheets/choices.js";
import { rulesetOptions } from "../../settings.js";
import { templatePath } from "../../system.js";
import type { FoundryRuleset } from "../types.js";
import { LOCATION_KEYS, UnhexCharacterModel, UnhexNpcModel } from "./models.js";

/** Each location with its marked boxes and its capacity, which the boxes-per-row setting decides. */
function locations(actor: Actor.Implementation) {
  const boxesPerRow = Number(rulesetOptions("unhex").boxesPerRow);
  const wounds: Record<string, number> = actor.system instanceof UnhexCharacterModel || actor.system instanceof UnhexNpcModel ? actor.system.wounds : {};
  return HIT_LOCATIONS.locations.map((location, index) => {
    const key = LOCATION_KEYS[index] as string;
    const capacity = location.rows * boxesPerRow;
    const marked = wounds[key] ?? 0;
    return { key, label: `FRAY.Unhex.Location.${key}`, marked, capacity, full: marked >= capacity, boxes: Array.from({ length: capacity }, (_, box) => box < marked) };
  });
}

const sheetContext = (actor: Actor.Implementation) => ({
  weaponKinds: labelledChoices(WEAPON_KINDS, "FRAY.Unhex.Weapon"),
  locations: locations(actor),
  isNpc: actor.type === "unhexNpc",
});
const trackable = { bar: ["level"], value: [] as string[] };

export const unhexFoundry: FoundryRuleset = {
  id: "unhex",
  actors: {
    unhexCharacter: { model: UnhexCharacterModel, kind: "character", template: templatePath("actor/unhex.hbs"), context: sheetContext, bars: ["level"], trackable },
    unhexNpc: { model: UnhexNpcModel, kind: "npc", template: templatePath("actor/unhex.hbs"), context: sheetContext, bars: ["level"], trackable },
  },
  items: {},
};
