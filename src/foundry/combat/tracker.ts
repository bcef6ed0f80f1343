import { templatePath } from "../system.js";
import { activeCombatRules, report } from "./combat.js";
import type { CombatantView } from "./rules.js";

const { CombatTracker } = foundry.applications.sidebar.tabs;

// The tracker's `viewed` is typed as the stored base Combat, which fvtt-types cannot relate to the
// configured class once it overrides a protected method; CONFIG.Combat.documentClass is FrayCombat.
const asFray = (combat: Combat.Stored) => combat as unknown as Combat.Implementation;

/** A turn's row in the tracker: Foundry's own context plus what the ruleset shows for it. */
export type FrayTurnContext = foundry.applications.sidebar.tabs.CombatTracker.TurnContext & { fray?: CombatantView };

/**
 * The combat tracker with each combatant's ruleset state and buttons under its row. The rows come
 * from Fray's own tracker part (the same markup and actions as Foundry's, plus the ruleset's line);
 * the header and footer stay Foundry's.
 */
export class FrayCombatTracker extends CombatTracker {
  static override DEFAULT_OPTIONS = {
    actions: { frayCombatant: FrayCombatTracker.#onRulesetAction },
  };

  // The parent declares PARTS as a plain record; only the tracker part is replaced.
  static override PARTS = {
    ...(CombatTracker as unknown as { PARTS: Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> }).PARTS,
    tracker: { template: templatePath("combat/tracker.hbs"), scrollable: [""] },
  };

  protected override async _prepareTurnContext(combat: Combat.Stored, combatant: Combatant.Stored, index: number): Promise<FrayTurnContext> {
    const turn: FrayTurnContext = await super._prepareTurnContext(combat, combatant, index);
    const rules = activeCombatRules();
    if (rules && combatant.isOwner) turn.fray = rules.view(asFray(combat), combatant);
    else if (rules) turn.fray = { facts: rules.view(asFray(combat), combatant).facts, buttons: [] };
    return turn;
  }

  /** A ruleset button: `data-fray-action` names the ruleset's action, the row names the combatant. */
  static async #onRulesetAction(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.viewed;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    const action = target.dataset.frayAction;
    const rules = activeCombatRules();
    if (!combat || !combatant || !action || !rules) return;
    try {
      await rules.act(asFray(combat), combatant, action);
    } catch (error) {
      report(error);
    }
  }
}
