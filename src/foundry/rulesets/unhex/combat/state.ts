/**
 * What an Unhex fight keeps between cards, in the Combat's flags (which only a GM may write):
 * each fighter's actions this round (`flags.fray.unhex.<fighter key>`: round, available, owed,
 * and the team the GM moved her to) and the round's initiative (`flags.fray.unhexRound`: the round
 * it was rolled for, the winning team, the order of team turns). A budget is stored only when a
 * card changes it; read for a later round, the rounds between are started on it (an extra action
 * lapses, an owed one is paid), so nothing has to be written when a round begins.
 */
import { type ActionBudget, FRESH_BUDGET, startRound } from "../../../../rules/unhex/budget.js";
import type { DocumentChange } from "../../../cards/kinds.js";
import { hasBegun, roundOf } from "../../../combat/clock.js";
import type { OrderKey } from "../../../combat/rules.js";
import { recordKey } from "../../../combat/fighter.js";
import { sideOf } from "../../../combat/roster.js";
import { hasRecord, recordOf } from "../../../combat/store.js";
import { SYSTEM_ID } from "../../../system.js";

export const BUDGET_KEY = "unhex";
export const ROUND_KEY = "unhexRound";

/** Teams are token dispositions, as Foundry colours them; the GM may move a combatant to another. */
export const TEAMS = ["friendly", "hostile", "neutral", "secret"] as const;
export type TeamId = (typeof TEAMS)[number];
const DISPOSITION_TEAMS: Record<number, TeamId> = { 1: "friendly", 0: "neutral", [-1]: "hostile", [-2]: "secret" };

interface StoredCombatant {
  round?: number;
  available?: number;
  owed?: number;
  team?: string;
}

const count = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 10;

function flagOf(combat: Combat.Implementation, key: string): Record<string, unknown> {
  // Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
  const value = combat.getFlag(SYSTEM_ID as never, key as never) as unknown;
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

// Kept by fighter (combat/fighter.ts): a combatant deleted and created again finds the action she spent.
function storedOf(combat: Combat.Implementation, combatant: Combatant.Implementation): StoredCombatant {
  const value = recordOf(flagOf(combat, BUDGET_KEY), combatant);
  return typeof value === "object" && value !== null ? (value as StoredCombatant) : {};
}

/** Whether the stored state of a combatant is one Fray wrote (a GM's hand edit may hold anything). */
export function storedStateReadable(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  const stored = storedOf(combat, combatant);
  const all = flagOf(combat, BUDGET_KEY);
  const raw = recordOf(all, combatant);
  if (hasRecord(all, combatant) && (typeof raw !== "object" || raw === null)) return false;
  if (stored.round !== undefined && !(typeof stored.round === "number" && Number.isInteger(stored.round) && stored.round >= 0)) return false;
  if (stored.available !== undefined && !count(stored.available)) return false;
  if (stored.owed !== undefined && !count(stored.owed)) return false;
  return stored.team === undefined || (TEAMS as readonly string[]).includes(stored.team);
}

/**
 * The round team initiative and action budgets count in: the clock's round, or before the GM begins
 * the fight the first round, so that initiative rolled before Begin (as Foundry's tracker lets a GM
 * roll it) is round 1's, its critical's extra or lost action included.
 */
export const initiativeRound = (combat: Combat.Implementation): number => Math.max(1, roundOf(combat));

/** The combatant's actions this round: her stored budget carried through the rounds since, or a fresh one. */
export function budgetOf(combat: Combat.Implementation, combatant: Combatant.Implementation): ActionBudget {
  const stored = storedOf(combat, combatant);
  const round = initiativeRound(combat);
  if (!count(stored.available) || !count(stored.owed) || typeof stored.round !== "number" || stored.round > round) return FRESH_BUDGET;
  let budget: ActionBudget = { available: stored.available, owed: stored.owed };
  // At most a few rounds matter: an extra action lapses at once and what is owed is paid one a round.
  for (let r = stored.round; r < round && r < stored.round + 12; r += 1) budget = startRound(budget);
  return budget;
}

/** The change that stores a combatant's budget for this round. */
export function budgetChange(combat: Combat.Implementation, combatant: Combatant.Implementation, budget: ActionBudget): DocumentChange {
  const path = `flags.${SYSTEM_ID}.${BUDGET_KEY}.${recordKey(combatant)}`;
  return {
    document: combat,
    fields: { [`${path}.round`]: initiativeRound(combat), [`${path}.available`]: budget.available, [`${path}.owed`]: budget.owed },
    label: game.i18n!.format("FRAY.Unhex.Card.BudgetOf", { name: combatant.name ?? "" }),
    labels: {
      [`${path}.round`]: game.i18n!.format("FRAY.Unhex.Card.BudgetRound", { name: combatant.name ?? "" }),
      [`${path}.available`]: game.i18n!.format("FRAY.Unhex.Card.BudgetOf", { name: combatant.name ?? "" }),
      [`${path}.owed`]: game.i18n!.format("FRAY.Unhex.Card.BudgetOwed", { name: combatant.name ?? "" }),
    },
    // Nothing stored yet reads as a fresh round's one action (and none owed, counted from no round).
    show: (value) => (value === undefined ? "—" : String(value)),
  };
}

/**
 * The team a combatant fights for: the GM's choice on the tracker, else the roster's side (her
 * token's disposition when she joined, never as her player turns it since); a character without a
 * token is friendly, an NPC hostile.
 */
export function teamOf(combat: Combat.Implementation, combatant: Combatant.Implementation): TeamId {
  const chosen = storedOf(combat, combatant).team;
  if (typeof chosen === "string" && (TEAMS as readonly string[]).includes(chosen)) return chosen as TeamId;
  const disposition = sideOf(combat, combatant);
  if (typeof disposition === "number" && Object.hasOwn(DISPOSITION_TEAMS, disposition)) return DISPOSITION_TEAMS[disposition]!;
  return combatant.actor?.type === "unhexCharacter" ? "friendly" : "hostile";
}

/** Update data moving a combatant to a team (the GM's tracker control). */
export function teamUpdate(combatant: Combatant.Implementation, team: TeamId): Record<string, unknown> {
  return { [`flags.${SYSTEM_ID}.${BUDGET_KEY}.${recordKey(combatant)}.team`]: team };
}

export interface RoundState {
  /** The round this initiative was rolled for (0: never). */
  round: number;
  /** The team that won it (it keeps initiative on a tie next round). */
  holder?: TeamId;
  /** The order of team turns the winner chose. */
  order: TeamId[];
}

/** The last initiative rolled in this combat, checked. */
export function roundState(combat: Combat.Implementation): RoundState {
  const stored = flagOf(combat, ROUND_KEY);
  const round = typeof stored.round === "number" && Number.isInteger(stored.round) && stored.round >= 0 ? stored.round : 0;
  const holder = typeof stored.holder === "string" && (TEAMS as readonly string[]).includes(stored.holder) ? (stored.holder as TeamId) : undefined;
  const order = Array.isArray(stored.order) ? stored.order.filter((team): team is TeamId => typeof team === "string" && (TEAMS as readonly string[]).includes(team)) : [];
  return { round, ...(holder ? { holder } : {}), order: [...new Set(order)] };
}

/** The change that stores a round's initiative. */
export function roundChange(combat: Combat.Implementation, state: RoundState): DocumentChange {
  const path = `flags.${SYSTEM_ID}.${ROUND_KEY}`;
  return {
    document: combat,
    fields: { [`${path}.round`]: state.round, [`${path}.holder`]: state.holder, [`${path}.order`]: state.order },
    label: game.i18n!.localize("FRAY.Unhex.Card.TeamOrder"),
    show: (value) => (Array.isArray(value) ? value.map((team) => game.i18n!.localize(`FRAY.Unhex.Team.${String(team)}`)).join(", ") : value === undefined ? "—" : typeof value === "string" && (TEAMS as readonly string[]).includes(value) ? game.i18n!.localize(`FRAY.Unhex.Team.${value}`) : String(value)),
  };
}

/** The started combat an actor fights in (through her token when given), and her combatant in it. */
export function fightOf(actor: Actor.Implementation, token?: TokenDocument.Implementation | null): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  // An unlinked token's actor is its own: through its token, never the first token of its world actor.
  const via = token ?? (actor.token as TokenDocument.Implementation | null);
  for (const stored of game.combats?.contents ?? []) {
    const combat = stored as Combat.Implementation;
    if (!hasBegun(combat)) continue;
    const combatant = combat.combatants.find((c) => (via ? c.tokenId === via.id && c.sceneId === via.parent?.id : c.actorId === actor.id));
    if (combatant) return { combat, combatant: combatant as Combatant.Implementation };
  }
  return null;
}

/** Each combatant's key: her team's place in the order of team turns last rolled (a team not in it acts last). */
export function orderOf(combat: Combat.Implementation): Map<string, OrderKey> {
  const order = roundState(combat).order;
  const keys = new Map<string, OrderKey>();
  for (const combatant of combat.combatants) {
    const at = order.indexOf(teamOf(combat, combatant));
    keys.set(combatant.id!, [at < 0 ? order.length : at]);
  }
  return keys;
}
