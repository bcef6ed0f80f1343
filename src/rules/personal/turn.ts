/**
 * A turn: in any order, one Move to an adjacent range band, one Action, and free actions, with at
 * most two actions in all (free ones included) unless the Gain Momentum destiny came up. A brief
 * word and one pick-up or swap of a held item come with the turn and are not actions.
 */

export interface DeclaredAction {
  name: string;
  free?: boolean;
}

export interface DeclaredTurn {
  /** The range band moved from and to, relative to whatever the move is measured against. */
  move?: { from: string; to: string };
  actions: DeclaredAction[];
  /** Picking up a loose object or swapping the held item: once a turn. */
  itemInteractions?: number;
  /** The Gain Momentum destiny was rolled for this turn. */
  gainMomentum?: boolean;
}

export interface TurnLimits {
  /** Actions allowed in all, free ones included, without Gain Momentum (the seed's 2). */
  baseCap: number;
  /** The same with Gain Momentum (house default 3). */
  gainMomentumCap: number;
  /** Whether Gain Momentum also allows a second non-free Action (house default: no). */
  gainMomentumExtraAction: boolean;
}

export const BASE_ACTION_CAP = 2;

export type TurnProblem =
  | { rule: "unknown-zone"; zone: string }
  | { rule: "move-not-adjacent"; from: string; to: string; bands: number }
  | { rule: "unknown-action"; action: string }
  | { rule: "one-action"; actions: number; allowed: number }
  | { rule: "action-cap"; actions: number; cap: number }
  | { rule: "one-item-interaction"; interactions: number };

export interface TurnReading {
  valid: boolean;
  cap: number;
  actionsDeclared: number;
  freeActions: number;
  problems: TurnProblem[];
}

export function actionCap(turn: DeclaredTurn, limits: TurnLimits): number {
  return turn.gainMomentum ? limits.gainMomentumCap : limits.baseCap;
}

/** Bands between two zones of the ordered list, or undefined when either is not on it. */
export function bandsBetween(zones: readonly string[], from: string, to: string): number | undefined {
  const a = zones.indexOf(from);
  const b = zones.indexOf(to);
  return a === -1 || b === -1 ? undefined : Math.abs(a - b);
}

/** Checks a declared turn against the turn's limits; lists every problem, not only the first. */
export function validateTurn(turn: DeclaredTurn, zones: readonly string[], actions: readonly string[], limits: TurnLimits): TurnReading {
  const problems: TurnProblem[] = [];
  if (turn.move) {
    const { from, to } = turn.move;
    for (const zone of [from, to]) if (!zones.includes(zone)) problems.push({ rule: "unknown-zone", zone });
    const bands = bandsBetween(zones, from, to);
    if (bands !== undefined && bands !== 1) problems.push({ rule: "move-not-adjacent", from, to, bands });
  }
  const full = turn.actions.filter((action) => !action.free);
  for (const action of full) if (!actions.includes(action.name)) problems.push({ rule: "unknown-action", action: action.name });
  const allowed = turn.gainMomentum && limits.gainMomentumExtraAction ? 2 : 1;
  if (full.length > allowed) problems.push({ rule: "one-action", actions: full.length, allowed });
  const cap = actionCap(turn, limits);
  if (turn.actions.length > cap) problems.push({ rule: "action-cap", actions: turn.actions.length, cap });
  const interactions = turn.itemInteractions ?? 0;
  if (interactions > 1) problems.push({ rule: "one-item-interaction", interactions });
  return { valid: problems.length === 0, cap, actionsDeclared: turn.actions.length, freeActions: turn.actions.length - full.length, problems };
}
