import { ownValue } from "../../core/ownKey.js";
import { ASSIST_CAP_WEIGHT, COMBINED_ACTIONS, COMBINED_ONLY_CAP } from "./tables.js";
import { refuse } from "./refusal.js";

/** One turn's plan: at most one rolled action, any number of combined actions, perhaps an Assist. */
export interface TurnPlan {
  /** Actions that need a dice roll (attack, skill, flourish, focus...): never more than one. */
  rolled: readonly string[];
  combined: readonly string[];
  assist?: boolean;
}

export interface TurnDrop {
  /** Drop on the turn's rolled action from its combined actions. */
  drop: number;
  /** What counts against the Drop 4 cap on a turn with no rolled action. */
  capCount: number | null;
}

export function combinedActionDrop(actions: readonly string[], table: Readonly<Record<string, number>> = COMBINED_ACTIONS): number {
  return actions.reduce((sum, action) => {
    const drop = ownValue(table, action);
    if (drop === undefined) refuse(`"${action}" is not a combined action (known: ${Object.keys(table).join(", ")})`);
    return sum + drop;
  }, 0);
}

/**
 * A turn may take one rolled action with any combined actions (their Drop goes on the roll), or
 * skip the roll and take combined actions up to Drop 4, Assist counting 2 towards that cap.
 */
export function planTurn(plan: TurnPlan, table: Readonly<Record<string, number>> = COMBINED_ACTIONS): TurnDrop {
  if (plan.rolled.length > 1) refuse(`one turn cannot combine two actions that need a dice roll (${plan.rolled.join(", ")})`);
  if (plan.assist && plan.rolled.length > 0) refuse(`Assist cannot be combined with an action that needs a dice roll (${plan.rolled.join(", ")})`);
  if (plan.combined.includes("run") && plan.combined.includes("move")) refuse("a turn moves at most two Areas: Run and Move cannot go together");
  const drop = combinedActionDrop(plan.combined, table);
  if (plan.rolled.length === 1) return { drop, capCount: null };
  const capCount = drop + (plan.assist ? ASSIST_CAP_WEIGHT : 0);
  if (capCount > COMBINED_ONLY_CAP) refuse(`combined actions without a roll are capped at Drop ${COMBINED_ONLY_CAP}; this turn comes to Drop ${capCount}`);
  return { drop, capCount };
}

/** Combined actions taken with a Prepare put their Drop on the prepared action, with any taken when it fires. */
export function preparedDrop(atPrepare: readonly string[], atTrigger: readonly string[], table: Readonly<Record<string, number>> = COMBINED_ACTIONS): number {
  return combinedActionDrop(atPrepare, table) + combinedActionDrop(atTrigger, table);
}
