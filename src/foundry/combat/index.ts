import type { FoundryRuleset } from "../rulesets/types.js";
import { activeRulesetId } from "../settings.js";
import { FrayCombat } from "./combat.js";
import { FrayCombatant } from "./combatant.js";
import { registerCombatKeeping } from "./keeper.js";
import { registerCombatRequests } from "./requests.js";
import { registerCombatRules } from "./rules.js";
import { FrayCombatTracker } from "./tracker.js";

/**
 * Foundry re-renders the tracker when a combatant's token's actor changes; a combatant without a
 * token (added from the actor) would keep showing its old status icons, so its effects do it too.
 */
function refreshTrackerFor(effect: ActiveEffect.Implementation): void {
  const actor = effect.parent;
  if (!(actor instanceof Actor) || !ui.combat?.viewed?.combatants.some((c) => c.actor === actor)) return;
  void ui.combat.render();
}

/** The combat documents and tracker for every ruleset (called in the init hook). */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  CONFIG.Combatant.documentClass = FrayCombatant;
  CONFIG.ui.combat = FrayCombatTracker;
  registerCombatRequests();
  registerCombatKeeping();
  for (const hook of ["createActiveEffect", "updateActiveEffect", "deleteActiveEffect"] as const) Hooks.on(hook, refreshTrackerFor);
}

/**
 * A ruleset's tracker rules, as its chunk arrives. Combats prepared before it were sorted by
 * Foundry's own order and the tracker drawn without the ruleset's controls: both are done again.
 */
export function registerRulesetCombat(ruleset: FoundryRuleset): void {
  if (!ruleset.combat) return;
  registerCombatRules(ruleset.combat);
  // Only the world's own ruleset orders its combats; another's chunk (a kept actor's) changes nothing drawn.
  if (ruleset.id !== activeRulesetId() || !game.combats) return;
  for (const combat of game.combats) if (combat.combatants.size) combat.setupTurns();
  if (ui.combat?.rendered) void ui.combat.render();
}
