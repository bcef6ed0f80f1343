import type { RulesetId } from "../../rules/ruleset.js";

/** One button a ruleset puts on a combatant's row in the tracker. */
export interface CombatantButton {
  /** The ruleset's action name, passed back to `act`. */
  action: string;
  label: string;
  tooltip?: string;
  /** Shown greyed out (with the tooltip saying why) rather than hidden. */
  disabled?: boolean;
}

/** What a ruleset shows for one combatant in the tracker, under the standard row. */
export interface CombatantView {
  /** Short facts such as "IP 3" or "Impulse", already localized. */
  facts: string[];
  buttons: CombatantButton[];
  /** Set when the row cannot be shown (its stored state is unreadable): the message, already localized. */
  problem?: string;
}

/**
 * A ruleset's part of the combat tracker: how it rolls and orders initiative, what each combatant's
 * row shows and which buttons it offers. FrayCombat and the tracker only ever call these, so a new
 * ruleset registers one of these and touches nothing generic.
 */
export interface RulesetCombatRules {
  rulesetId: RulesetId;
  /** Rolls for the given combatants and stores what ordering needs (flags, `initiative`). */
  rollInitiative(combat: Combat.Implementation, combatants: Combatant.Implementation[], options: Combat.InitiativeOptions): Promise<void>;
  /** Turn order for this round: negative when `a` acts before `b`; 0 leaves Foundry's own order. */
  compare(combat: Combat.Implementation, a: Combatant.Implementation, b: Combatant.Implementation): number;
  /** The row's extra facts and buttons. */
  view(combat: Combat.Implementation, combatant: Combatant.Implementation): CombatantView;
  /** A row button was clicked. Refusals are shown to the user and change nothing. */
  act(combat: Combat.Implementation, combatant: Combatant.Implementation, action: string): Promise<void>;
  /** Called once, on the deleting user's client, when the combat ends. */
  onCombatEnd?(combat: Combat.Implementation): Promise<void>;
  /**
   * Whether the combatant carries this ruleset's flags in a shape it cannot read (hand-edited, from
   * another version, or written by a hostile client). Its row then shows an error and a GM reset.
   */
  hasBadState(combatant: Combatant.Implementation): boolean;
  /** The GM's reset of such a row: this ruleset's flags and the initiative are cleared. */
  reset(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void>;
}

const registry = new Map<RulesetId, RulesetCombatRules>();

export function registerCombatRules(rules: RulesetCombatRules): void {
  registry.set(rules.rulesetId, rules);
}

export function combatRulesFor(rulesetId: RulesetId): RulesetCombatRules | undefined {
  return registry.get(rulesetId);
}
