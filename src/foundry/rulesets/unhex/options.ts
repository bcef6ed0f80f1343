/** The world's Unhex house rules over the rules' defaults (a leaf module: the cards, the tracker and the sheet all read it). */
import { withDefaults } from "../../../rules/options.js";
import { UNHEX_OPTIONS, type UnhexOptions } from "../../../rules/unhex/options.js";
import { rulesetOptions } from "../../settings.js";

export function unhexOptions(): UnhexOptions {
  return withDefaults(UNHEX_OPTIONS, rulesetOptions("unhex") as Partial<UnhexOptions>);
}
