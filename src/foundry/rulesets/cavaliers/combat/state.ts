import { INITIATIVE_COSTS, type InitiativeSpecialty, type InitiativeSpend } from "../../../../rules/cavaliers/tables.js";
import { roundOf } from "../../../combat/clock.js";
import type { OrderKey } from "../../../combat/rules.js";
import { recordOf, recordsOf, storedState } from "../../../combat/store.js";

/** Where a fighter stands in a Cavaliers fight, kept by the GM in the Combat's `flags.fray.cavaliers.<fighter key>` (a combatant created again keeps it). */
export interface CavaliersCombatantState {
  specialty: InitiativeSpecialty;
  total: number;
  successPoints: number;
  /** 1 acts first; members of a shared roll share a place. */
  place: number;
  /** The first round this place counts in (a late joiner waits for the next round). */
  fromRound: number;
  /** What this combatant bought with IP, and in which round (older rounds no longer count). */
  spent: { round: number; spends: InitiativeSpend[] };
  /** A better place won by Focus, counting from `round` on. */
  nextPlace: { round: number; place: number } | null;
  /** A Seize this round: the round, and the place it bought (between two others). */
  seized: { round: number; place: number } | null;
  /** Shared roll: the id every member of the group carries; null for one's own roll. */
  group: string | null;
}

/** The Combat's flag keys: each combatant's place, and (set by the GM before rolling) the shared-roll group it belongs to. */
export const STATE_KEY = "cavaliers";
export const GROUP_KEY = "cavaliersGroups";
/**
 * Each fighter's Initiative Points, by fighter key (`flags.fray.cavaliersPoints.<key>`): earned by
 * the GM's initiative rolls and spent through the GM, so only the GM's record counts. The actor's
 * `initiativePoints` is a copy for her sheet and token bar, which she may write and nothing reads.
 */
export const POINTS_KEY = "cavaliersPoints";

/* Only a GM writes a Combat's flags, but a hand edit or another version may leave anything there: read field by field. */

const SPECIALTIES = Object.keys(INITIATIVE_COSTS) as InitiativeSpecialty[];
const SPENDS = Object.keys(INITIATIVE_COSTS.impulse) as InitiativeSpend[];

type Checked = Record<string, unknown>;
const isRecord = (value: unknown): value is Checked => typeof value === "object" && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isRound = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isRoundPlace = (value: unknown): value is { round: number; place: number } => isRecord(value) && isRound(value.round) && isNumber(value.place);
const isSpent = (value: unknown): value is CavaliersCombatantState["spent"] =>
  isRecord(value) && isRound(value.round) && Array.isArray(value.spends) && value.spends.every((s) => SPENDS.includes(s as InitiativeSpend));

/** Whether every field is what the tracker writes (read in place by the order, which copies nothing). */
function isState(value: unknown): value is CavaliersCombatantState {
  if (!isRecord(value)) return false;
  const { specialty, total, successPoints, place, fromRound, spent, nextPlace, seized, group } = value;
  if (!SPECIALTIES.includes(specialty as InitiativeSpecialty)) return false;
  if (!isNumber(total) || !isNumber(successPoints) || !isNumber(place) || !isRound(fromRound) || !isSpent(spent)) return false;
  if (!(nextPlace === null || isRoundPlace(nextPlace)) || !(seized === null || isRoundPlace(seized))) return false;
  return group === null || (typeof group === "string" && group !== "");
}

/** The stored state when every field is what the tracker writes; undefined otherwise. */
export function readState(value: unknown): CavaliersCombatantState | undefined {
  if (!isState(value)) return undefined;
  const { specialty, total, successPoints, place, fromRound, spent, nextPlace, seized, group } = value;
  return {
    specialty,
    total,
    successPoints,
    place,
    fromRound,
    spent: { round: spent.round, spends: [...spent.spends] },
    nextPlace: nextPlace ? { round: nextPlace.round, place: nextPlace.place } : null,
    seized: seized ? { round: seized.round, place: seized.place } : null,
    group,
  };
}

const stored = (combatant: Combatant.Implementation, key: string): unknown => storedState(combatant.combat, key, combatant);

/** The Initiative Points the GM's record gives a combatant's fighter (0 before any roll gave some). */
export function pointsOf(combatant: Combatant.Implementation): number {
  const points = storedState(combatant.combat, POINTS_KEY, combatant);
  return Number.isSafeInteger(points) && (points as number) >= 0 ? (points as number) : 0;
}

/** A combatant's place, or undefined before it rolled (or after the GM cleared its roll), or when the stored state is unreadable. */
export function stateOf(combatant: Combatant.Implementation): CavaliersCombatantState | undefined {
  return readState(stored(combatant, STATE_KEY));
}

export function groupOf(combatant: Combatant.Implementation): string | undefined {
  const group = stored(combatant, GROUP_KEY);
  return typeof group === "string" && group !== "" ? group : undefined;
}

/** Whether the Combat holds Cavaliers state for the combatant that the tracker cannot read (a hand edit, another version). */
export function hasBadState(combatant: Combatant.Implementation): boolean {
  const state = stored(combatant, STATE_KEY);
  const group = stored(combatant, GROUP_KEY);
  return (state !== undefined && state !== null && readState(state) === undefined) || (group !== undefined && group !== null && groupOf(combatant) === undefined);
}

/** The place a combatant acts at in a round: after everyone when it waits, its Seize when it bought one. */
export function placeIn(state: CavaliersCombatantState | undefined, round: number): number {
  if (!state) return Number.POSITIVE_INFINITY;
  if (state.fromRound > round) return Number.MAX_SAFE_INTEGER;
  if (state.seized && state.seized.round === round) return state.seized.place;
  return lastingPlace(state, round);
}

/** The place a combatant acts at this round, by the GM's clock. */
export const placeThisRound = (combat: Combat.Implementation, combatant: Combatant.Implementation): number => placeIn(stateOf(combatant), roundOf(combat));

/**
 * Each placed combatant's key in a round: its place (members of a shared roll tie, and go by id).
 * Every turn order reads it, so the places are read once and each record checked in place.
 */
export function orderOf(combat: Combat.Implementation, round: number): Map<string, OrderKey> {
  const keys = new Map<string, OrderKey>();
  const records = recordsOf(combat, STATE_KEY);
  if (!records) return keys;
  for (const combatant of combat.combatants) {
    const state = recordOf(records, combatant);
    if (isState(state)) keys.set(combatant.id!, [placeIn(state, round)]);
  }
  return keys;
}

/** The place that lasts beyond this round's Seize: a Focus's better place once its round comes. */
export function lastingPlace(state: CavaliersCombatantState, round: number): number {
  return state.nextPlace && round >= state.nextPlace.round ? state.nextPlace.place : state.place;
}

/** IP bought this round, by the GM's clock (a purchase from an earlier round no longer counts). */
export function spentThisRound(combat: Combat.Implementation, state: CavaliersCombatantState): InitiativeSpend[] {
  return state.spent.round === roundOf(combat) ? state.spent.spends : [];
}
