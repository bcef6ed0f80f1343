import { ownValue } from "../../core/ownKey.js";
import { ASSIST_CAP_WEIGHT, COMBINED_ACTIONS, COMBINED_CAP, MAX_AREAS_PER_TURN, MOVEMENT_AREAS } from "./tables.js";
import { refuse } from "./refusal.js";

/** One turn's plan: at most one rolled action, any number of combined actions, perhaps an Assist. */
export interface TurnPlan {
  /** Actions that need a dice roll (attack, skill, flourish, focus...): never more than one. */
  rolled?: readonly string[];
  combined: readonly string[];
  assist?: boolean;
  /** Combined actions taken earlier this round: they count towards the cap and the movement, their Drop is not on this roll. */
  earlier?: readonly string[] | undefined;
  /** An opponent's Interpose holds her in her Area this round. */
  heldInArea?: boolean | undefined;
}

export interface TurnDrop {
  /** Drop on the turn's rolled action from its combined actions. */
  drop: number;
  /** What counts against the Drop 4 cap this round: every combined action of the round, an Assist counting 2. */
  capCount: number;
  /** Areas the turn's Move or Run covers (with those taken earlier this round). */
  areas: number;
}

/** One combined action's Drop, refusing a name that is not one. */
function dropOf(action: string, table: Readonly<Record<string, number>>): number {
  const drop = ownValue(table, action);
  if (drop === undefined) refuse(`"${action}" is not a combined action (known: ${Object.keys(table).join(", ")})`);
  return drop;
}

export function combinedActionDrop(actions: readonly string[], table: Readonly<Record<string, number>> = COMBINED_ACTIONS): number {
  return actions.reduce((sum, action) => sum + dropOf(action, table), 0);
}

/** How many Areas a list of combined actions moves: a Move one, a Run two (a name that is no combined action is refused). */
export function areasMoved(actions: readonly string[]): number {
  let areas = 0;
  for (const action of actions) {
    dropOf(action, COMBINED_ACTIONS);
    areas += ownValue(MOVEMENT_AREAS, action) ?? 0;
  }
  return areas;
}

/**
 * A turn may take one rolled action with combined actions (their Drop goes on the roll), or skip
 * the roll and take combined actions, perhaps with an Assist. Either way the combined actions of a
 * round come to Drop 4 at most, an Assist counting 2, and move her two Areas at most.
 */
export function planTurn(plan: TurnPlan, table: Readonly<Record<string, number>> = COMBINED_ACTIONS): TurnDrop {
  const rolled = plan.rolled ?? [];
  if (rolled.length > 1) refuse(`one turn cannot combine two actions that need a dice roll (${rolled.join(", ")})`);
  if (plan.assist && rolled.length > 0) refuse(`Assist cannot be combined with an action that needs a dice roll (${rolled.join(", ")})`);
  const earlier = plan.earlier ?? [];
  const areas = areasMoved([...earlier, ...plan.combined]);
  if (plan.heldInArea && areasMoved(plan.combined) > 0) refuse("an Interpose holds her in her Area this round: she cannot Move or Run out of it");
  if (areas > MAX_AREAS_PER_TURN) refuse(`a turn moves at most ${MAX_AREAS_PER_TURN} Areas (a Run, or one or two Moves); this one moves ${areas}`);
  const drop = combinedActionDrop(plan.combined, table);
  const capCount = combinedActionDrop(earlier, table) + drop + (plan.assist ? ASSIST_CAP_WEIGHT : 0);
  if (capCount > COMBINED_CAP) refuse(`combined actions are capped at Drop ${COMBINED_CAP} in a round; this turn comes to Drop ${capCount}`);
  return { drop, capCount, areas };
}
