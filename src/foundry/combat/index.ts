import { FOUNDRY_RULESETS } from "../rulesets/index.js";
import { FrayCombat } from "./combat.js";
import { FrayCombatant } from "./combatant.js";
import { registerCombatRules } from "./rules.js";
import { FrayCombatTracker } from "./tracker.js";

/** The combat documents and tracker for every ruleset (called in the init hook). */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  CONFIG.Combatant.documentClass = FrayCombatant;
  CONFIG.ui.combat = FrayCombatTracker;
  for (const ruleset of FOUNDRY_RULESETS) if (ruleset.combat) registerCombatRules(ruleset.combat);
}
