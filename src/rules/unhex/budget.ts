import { RuleError } from "../../core/ruleError.js";
/**
 * The action budget: one action a round, spent either to act on your team's turn or to react during
 * another team's. A critical success adds an action that must be used this round; a critical failure
 * takes one of this round's remaining actions, or the next round's when none remain.
 */
export interface ActionBudget {
  available: number;
  /** Actions already lost to critical failures, to be taken from the next rounds. */
  owed: number;
}

export const FRESH_BUDGET: ActionBudget = { available: 1, owed: 0 };

/** A new round: extra actions not used are gone; an owed loss eats the new action. */
export function startRound(budget: ActionBudget): ActionBudget {
  const paid = Math.min(1, budget.owed);
  return { available: 1 - paid, owed: budget.owed - paid };
}

export class BudgetError extends RuleError {
  override name = "BudgetError";
}

export function spendAction(budget: ActionBudget): ActionBudget {
  if (budget.available < 1) throw new BudgetError("no action left this round");
  return { ...budget, available: budget.available - 1 };
}

export function gainAction(budget: ActionBudget): ActionBudget {
  return { ...budget, available: budget.available + 1 };
}

export function loseAction(budget: ActionBudget): ActionBudget {
  return budget.available > 0 ? { ...budget, available: budget.available - 1 } : { ...budget, owed: budget.owed + 1 };
}
