/**
 * Which tracker rules a world plays by: its ruleset's, once that chunk has arrived. The Combat, the
 * tracker and the GM's request handlers all ask here, so none of them imports another for it.
 */
import { loadRuleset } from "../rulesets/loading.js";
import { activeRulesetId } from "../settings.js";
import { combatRulesFor, type RulesetCombatRules } from "./rules.js";

/**
 * The world's ruleset's tracker rules; undefined leaves Foundry's own initiative in charge. Before
 * the ruleset's chunk arrives this is undefined too: what must not run without the rules awaits
 * `arrivedCombatRules` instead.
 */
export function activeCombatRules(): RulesetCombatRules | undefined {
  return combatRulesFor(activeRulesetId());
}

/** The world's ruleset's tracker rules once its chunk has arrived (undefined if it has none or cannot be fetched). */
export async function arrivedCombatRules(): Promise<RulesetCombatRules | undefined> {
  await loadRuleset(activeRulesetId()).catch(() => undefined);
  return activeCombatRules();
}
