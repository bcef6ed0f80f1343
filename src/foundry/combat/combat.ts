import { activeRuleset } from "../settings.js";
import { combatRulesFor, type RulesetCombatRules } from "./rules.js";

/** The world's ruleset's tracker rules; undefined leaves Foundry's own initiative in charge. */
export function activeCombatRules(): RulesetCombatRules | undefined {
  return combatRulesFor(activeRuleset().id);
}

/** Shows a refusal (a rules error or a plain message) to the user; nothing was changed. */
export function report(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  ui.notifications?.warn(message);
}

/**
 * Fray's Combat: initiative and turn order come from the active ruleset's tracker rules, when it
 * registers any; otherwise Foundry's own formula roll and sort apply.
 */
export class FrayCombat extends Combat {
  override async rollInitiative(ids: string | string[], options: Combat.InitiativeOptions = {}): Promise<this> {
    const rules = activeCombatRules();
    if (!rules) return super.rollInitiative(ids, options);
    const wanted = typeof ids === "string" ? [ids] : ids;
    const combatants = wanted.map((id) => this.combatants.get(id)).filter((c): c is Combatant.Implementation => c !== undefined);
    try {
      await keepingCurrentTurn(this, () => rules.rollInitiative(this, combatants, options));
    } catch (error) {
      report(error);
    }
    return this;
  }

  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const rules = activeCombatRules();
    return rules?.compare(this, a, b) || super._sortCombatants(a, b);
  }

  // Foundry sorts turns when combatants change; a new round can change the order too (a Seize ends,
  // a late joiner enters), so the turns are set up again before anyone reads them.
  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    const [changed] = args;
    if ("round" in changed) this.setupTurns();
    super._onUpdate(...args);
  }

  protected override _onDelete(...args: Parameters<Combat["_onDelete"]>): void {
    super._onDelete(...args);
    const [, userId] = args;
    if (userId !== game.user?.id) return;
    void activeCombatRules()?.onCombatEnd?.(this).catch(report);
  }
}

/**
 * Runs a change that may reorder the combatants, then points the turn back at whoever was acting,
 * so reordering never hands the turn to someone else.
 */
export async function keepingCurrentTurn(combat: Combat.Implementation, change: () => Promise<void>): Promise<void> {
  const acting = combat.combatant?.id;
  await change();
  combat.setupTurns();
  if (!acting || combat.turn === null) return;
  const index = combat.turns.findIndex((c) => c.id === acting);
  if (index >= 0 && index !== combat.turn) await combat.update({ turn: index });
}
