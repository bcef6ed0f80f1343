import { cavaliersCombatRules } from "../cavaliers/combat/index.js";
import { FrayCombat } from "./combat.js";
import { FrayCombatant } from "./combatant.js";
import { registerCombatRules } from "./rules.js";
import { FrayCombatTracker } from "./tracker.js";

/** Every ruleset's tracker rules; a ruleset without any keeps Foundry's own initiative. */
const COMBAT_RULES = [cavaliersCombatRules];

/** The combat documents and tracker for every ruleset (called in the init hook). */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  CONFIG.Combatant.documentClass = FrayCombatant;
  CONFIG.ui.combat = FrayCombatTracker;
  for (const rules of COMBAT_RULES) registerCombatRules(rules);
}
